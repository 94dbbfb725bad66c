"""Escape solver speed and reach: states per second, and the time to solve each level
of a corpus set (default the tutorial, ../shared/corpus/escape/levels/tutorial/*.esx).

Run: python benchmarks/solver.py [--timeout SECONDS] [--set SET...] [--folder DIR...]
                                 [--levels NAME...] [--plain] [--json] [--skip-rates] [--cores N]
Sets: tutorial, regression, mylevels (../shared/corpus/escape/levels/SET) and fuzz
(the random levels of ../shared/corpus/escape/fuzz/levels); ``--folder`` measures the
.esx files under any folder as one more set, named after it (a real collection: the one
issue 20 holds out, say), with no corpus needed; a file there that does not load is
named on stderr and left out.
Targets (issues 8 and 20): at least 30,000 Escape states per second; every tutorial
level solved within 10 s, three quarters of a real collection within 10 s each,
``optimal`` only when proven.

With --json: one JSON object per level (set, level, solved, optimal, unsolvable, length,
seconds, first_found, states) and a last one with "summary": the counts per set.

A real collection holds only levels someone has solved, so each set's summary also counts
the levels proven unsolvable (``unsolvable``: the search ran out of positions; mylevels
holds many drafts with no exit) and gives ``solved_share``, the share of the others solved
within the goal's 10 s: the figure to hold against "three quarters of a real collection".
It is the cautious one: a level neither solved nor proven unsolvable may be a draft with no
solution. ``known_solvable`` counts the levels the corpus holds a winning solution for
(the original engine's verdict), and ``known_solved_share`` the share of those solved
within 10 s, the other bound; each level's line says ``known_solvable`` too.
``first_found_median`` and ``first_found_max`` (seconds to the first solution, over the
levels solved) give the margin under the goal that a slower or busier machine eats into.

Figures printed:
- plain search: breadth-first over single moves (every state is one position),
  positions expanded and new positions generated per second, on a level it cannot
  finish in 3 s; this is the figure comparable with "states per second" of a plain
  state-space search;
- walk search: A* over walk regions; an expansion stands for the whole region the
  player can walk to, so it is printed twice: expansions per second (far below the
  target, each does a region's work) and positions per second, counting the
  region's cells plus the positions its edges lead to;
- the compiled search's rates again on a level whose daleks move every turn (no walks);
- which of these figures meet the 30,000 states/s target;
- one line per tutorial level: solved, proven shortest, length, states, when the
  first solution was found (seconds), and when the run ended (seconds: a solution
  not proven shortest keeps the A* looking for a shorter one for part of the
  timeout; the GUI shows the solution found meanwhile).
--plain also runs the plain breadth-first search on every level (the issue's
baseline: it solves only some of them in 20 s).

--baseline also runs, on every level, the compiled breadth-first search alone on one core
for the goal's 10 s: a baseline at least as strong as the issue's (plain breadth-first
search over the original engine, which solved 12 of the held-out collection's 40 levels),
since it walks a region in one expansion at compiled speed. Each level's line then says
``baseline_solved``, and each set's summary counts the levels beyond it
(``beyond_baseline``: not proven unsolvable, and not solved by it) and how many of those
the solver solved within 10 s (``beyond_baseline_solved``, ``beyond_baseline_share``), and
the same over the levels known to be solvable (``known_beyond_baseline``...): the levels
that make the held-out collection hard are those.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CORPUS = ROOT.parent / "shared" / "corpus" / "escape"
TUTORIAL = CORPUS / "levels" / "tutorial"
SETS = {"tutorial": TUTORIAL, "regression": CORPUS / "levels" / "regression",
        "mylevels": CORPUS / "levels" / "mylevels", "fuzz": CORPUS / "fuzz" / "levels"}
CHASERS_SAMPLE = SETS["mylevels"] / "tamagotchi.esx"
TARGET_RATE = 30_000
GOAL_SECONDS = 10.0
BASELINE_COUNTS = ("baseline_solved", "beyond_baseline", "beyond_baseline_solved",
                   "known_beyond_baseline", "known_beyond_baseline_solved")  # (count_baseline's)


def load(path: Path):
    from studio.games.escape.esx import load_esx

    return load_esx(path.read_bytes())


def plain_rate(level, seconds: float = 3.0) -> tuple[float, float]:
    """(states expanded, positions generated) per second of plain breadth-first search."""
    from studio.games.escape.solve import solve_level

    result = solve_level(level, timeout=seconds, method="bfs", walks=False, bound=False)
    return result.expanded / result.seconds, result.generated / result.seconds


def walk_rate(level, seconds: float = 3.0) -> tuple[float, float]:
    """(expansions, positions covered) per second of the A* over walk regions."""
    from studio.core.solver import Expansion, search
    from studio.games.escape.engine import initial_state
    from studio.games.escape.solve import EscapeSpace

    space = EscapeSpace(initial_state(level))
    covered = [0]
    expand = space.expand

    def counting(state) -> Expansion:
        expansion = expand(state)
        layers = getattr(expansion.covered, "layers", None)
        cells = sum(bin(layer).count("1") for layer in layers) if layers else 1
        covered[0] += cells + len(expansion.edges)
        return expansion

    space.expand = counting
    result = search(space, timeout=seconds)
    return result.expanded / result.seconds, covered[0] / result.seconds


def compiled_rate(level, seconds: float = 3.0) -> tuple[float, float] | None:
    """(expansions, positions kept) per second of the compiled search for any solution
    (compiled/search.py, breadth-first so that it runs the whole time), or None without
    numba."""
    from studio.games.escape.compiled.searching import find_solution
    from studio.games.escape.engine import initial_state

    state = initial_state(level)
    if find_solution(state, timeout=0.1) is None:
        return None
    found = find_solution(state, timeout=seconds, novelty=False)
    return found.expanded / found.seconds, found.stored / found.seconds


def baseline_solves(level, seconds: float = GOAL_SECONDS) -> bool | None:
    """Does the compiled breadth-first search alone, on this core, find a solution within
    ``seconds``? None where the compiled engine cannot be used."""
    from studio.games.escape.compiled.searching import find_solution
    from studio.games.escape.engine import initial_state

    find = find_solution(initial_state(level), timeout=seconds, novelty=False, breadth_first=True)
    return None if find is None else find.moves is not None


def level_paths(sets: list[str], names: list[str] | None, folders: dict[str, Path] | None = None
                ) -> list[tuple[str, Path]]:
    """(set, path) of every level to solve: the sets' .esx files that load, in name order,
    then those under each of ``folders`` (set name -> folder), whose files that do not
    load are named on stderr."""
    from studio.core.errors import LevelFormatError

    paths = []
    chosen = [(name, sorted(SETS[name].glob("*.esx")), False) for name in sets]
    chosen += [(name, sorted(folder.rglob("*.esx")), True) for name, folder in (folders or {}).items()]
    for name, files, foreign in chosen:
        for path in files:
            if names and path.name not in names:
                continue
            try:
                load(path)
            except (LevelFormatError, OSError) as problem:
                if foreign:  # (a corpus level the original refuses too goes unmentioned)
                    print(f"left out {path}: {problem}", file=sys.stderr)
                continue
            paths.append((name, path))
    return paths


def count_baseline(counts: dict, baseline: bool | None, unsolvable: bool, known: bool, solved: bool) -> None:
    """Adds a level's baseline figures to its set's ``counts`` (``solved``: by the solver
    within the goal's time). A level the baseline could not run on (None: the compiled
    engine cannot take it) counts neither way."""
    counts["baseline_solved"] += bool(baseline)
    beyond = baseline is False and not unsolvable
    counts["beyond_baseline"] += beyond
    counts["beyond_baseline_solved"] += beyond and solved
    counts["known_beyond_baseline"] += beyond and known
    counts["known_beyond_baseline_solved"] += beyond and known and solved


def folder_sets(folders: list[str]) -> dict[str, Path]:
    """Each folder as a set named after it (its path where two share a name)."""
    named: dict[str, Path] = {}
    for text in folders:
        folder = Path(text)
        if not folder.is_dir():
            raise SystemExit(f"--folder {text}: no such folder")
        name = folder.resolve().name or str(folder)
        named[str(folder) if name in named or name in SETS else name] = folder
    return named


def known_solvable() -> set[str]:
    """The MD5s of level files with a stored solution the original engine played to a win
    (solutions.jsonl; the random levels' fuzz/results.jsonl): levels known to be solvable,
    as every level of a real collection is (someone solved it). The others may be drafts
    with no solution that the search cannot prove so within the time."""
    md5s = set()
    if not (CORPUS / "solutions.jsonl").is_file():
        return md5s  # (a folder measured without the corpus beside it)
    with open(CORPUS / "solutions.jsonl") as records:
        md5s.update(record["md5"] for record in map(json.loads, records) if record["verdict"] == "won")
    results = CORPUS / "fuzz" / "results.jsonl"
    if results.is_file():
        with open(results) as records:
            won = {record["level"] for record in map(json.loads, records) if record["verdict"] == "won"}
        md5s.update(hashlib.md5((CORPUS / "fuzz" / level).read_bytes()).hexdigest() for level in won)
    return md5s


def print_rates() -> None:
    sample = load(TUTORIAL / "lev152.esx")
    print(f"States per second on lev152, 3 s each (issue 8 target: {TARGET_RATE:,} Escape states/s):")
    expanded, generated = plain_rate(sample)
    print(f"  plain breadth-first over single moves: {expanded:,.0f} positions expanded/s "
          f"(one position each, up to 4 engine steps), {generated:,.0f} new positions generated/s")
    expansions, positions = walk_rate(sample)
    print(f"  walk A* (the solver): {expansions:,.0f} expansions/s; {positions:,.0f} positions/s counting, "
          "for each expansion, the cells of its walk region (positions the player reaches by walking,\n"
          "    covered by that one expansion and never stored) plus the positions its edges lead to")
    compiled = compiled_rate(sample)
    if compiled is None:
        print("  compiled search (every solve's first search): numba is not installed")
        compiled = (0.0, 0.0)
    else:
        print(f"  compiled search (every solve's first search; here breadth-first, the second core's order): "
              f"{compiled[0]:,.0f} expansions/s (each a whole walk region, as the walk A*'s), "
              f"{compiled[1]:,.0f} new positions kept/s")
        chasers = compiled_rate(load(CHASERS_SAMPLE))
        print(f"  the same on mylevels/{CHASERS_SAMPLE.name} (daleks that move every turn: every move is an "
              f"edge, each a full engine step): {chasers[0]:,.0f} expansions/s, {chasers[1]:,.0f} positions kept/s")
    meeting = [name for name, rate in (("plain expanded/s", expanded), ("plain generated/s", generated),
                                        ("walk A* expansions/s", expansions), ("walk A* positions/s", positions),
                                        ("compiled expansions/s", compiled[0]), ("compiled positions/s", compiled[1]))
               if rate >= TARGET_RATE]
    print(f"  {TARGET_RATE:,}/s target met by: {', '.join(meeting) if meeting else 'none of these figures'}"
          " (an expansion of the walk A* does a whole region's work, so its rate is not comparable)")
    print()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per level (default 60)")
    parser.add_argument("--set", dest="sets", nargs="+", choices=sorted(SETS),
                        help="which corpus levels (default: the tutorial, unless --folder is given)")
    parser.add_argument("--folder", dest="folders", nargs="+", default=[],
                        help="also the .esx files under these folders, a set each (no corpus needed)")
    parser.add_argument("--levels", nargs="*", help="file names within the sets (default: all)")
    parser.add_argument("--plain", action="store_true", help="also run plain breadth-first search, 20 s a level")
    parser.add_argument("--baseline", action="store_true",
                        help="also run the compiled breadth-first search alone, 10 s a level on one core")
    parser.add_argument("--json", action="store_true", help="one JSON object per level and a summary")
    parser.add_argument("--skip-rates", action="store_true", help="leave out the states-per-second figures")
    parser.add_argument("--cores", type=int, default=os.cpu_count() or 1,
                        help="processes per level (default: every core, as `studio solve` of one level)")
    args = parser.parse_args()
    folders = folder_sets(args.folders)
    if args.sets is None:
        args.sets = [] if folders else ["tutorial"]
    if args.sets and not TUTORIAL.is_dir():
        print(f"no corpus at {TUTORIAL}: nothing to measure (--folder measures any folder of levels)")
        return 0
    from studio.games.escape.engine import initial_state, play_solution
    from studio.games.escape.esp import text_to_moves
    from studio.games.escape.solve import solve_level

    paths = level_paths(args.sets, args.levels, folders)
    from studio.games.escape.compiled.compiling import compile_now, ready

    if not ready():  # (else the first levels would go without it)
        print("compiling the compiled search for this machine (once; about half a minute)", file=sys.stderr)
        compile_now()
    if not (args.json or args.skip_rates) and TUTORIAL.is_dir():  # (its samples are corpus levels)
        print_rates()
    if not args.json:
        print(f"{'level':<22} {'solved':>6} {'proven':>6} {'length':>6} {'states':>9} {'found at':>8} "
              f"{'ended at':>8}" + ("  plain BFS (20 s)" if args.plain else "")
              + ("  baseline BFS (10 s)" if args.baseline else ""))
    summary = {name: {"levels": 0, "solved": 0, "optimal": 0, "unsolvable": 0, "found_within_goal": 0,
                      "ended_within_goal": 0, "known_solvable": 0, "known_found_within_goal": 0,
                      **(dict.fromkeys(BASELINE_COUNTS, 0) if args.baseline else {})}
               for name in [*args.sets, *folders]}
    solvable_md5s = known_solvable()
    first_finds: dict[str, list[float]] = {name: [] for name in summary}
    roots = {**SETS, **folders}
    for set_name, path in paths:
        level = load(path)
        label = path.relative_to(roots[set_name]).as_posix()  # (a folder's levels may sit in subfolders)
        known = hashlib.md5(path.read_bytes()).hexdigest() in solvable_md5s
        result = solve_level(level, timeout=args.timeout, cores=args.cores)
        if result.solved:
            verdict = play_solution(initial_state(level), text_to_moves(result.solution))
            assert verdict.verdict == "won", f"{label}: the solution found does not win"
        found_at = result.first_found if result.first_found is not None else result.seconds
        counts = summary[set_name]
        counts["levels"] += 1
        counts["solved"] += result.solved
        counts["optimal"] += result.solved and result.optimal
        unsolvable = not result.solved and result.optimal  # (the search ran out: no solution exists)
        counts["unsolvable"] += unsolvable
        solved_within_goal = result.solved and found_at <= GOAL_SECONDS
        counts["found_within_goal"] += solved_within_goal
        counts["ended_within_goal"] += result.solved and result.seconds <= GOAL_SECONDS
        counts["known_solvable"] += known
        counts["known_found_within_goal"] += known and solved_within_goal
        if result.solved:
            first_finds[set_name].append(found_at)
        baseline = baseline_solves(level) if args.baseline else None
        if args.baseline:
            count_baseline(counts, baseline, unsolvable, known, solved_within_goal)
        if args.json:
            print(json.dumps({"set": set_name, "level": label, "solved": result.solved,
                              "optimal": bool(result.solved and result.optimal), "unsolvable": unsolvable,
                              "known_solvable": known,
                              "length": result.length if result.solved else None,
                              "seconds": round(result.seconds, 3),
                              "first_found": round(found_at, 3) if result.solved else None,
                              "states": result.expanded,
                              **({"baseline_solved": baseline} if args.baseline else {})}), flush=True)
            continue
        solved_text = "none" if unsolvable else str(result.solved)  # (none: proven to have no solution)
        line = (f"{set_name + '/' + label:<22} {solved_text:>6} {str(result.optimal):>6} "
                f"{result.length:>6} {result.expanded:>9,} {found_at if result.solved else float('nan'):>8.2f} "
                f"{result.seconds:>8.2f}")
        if args.plain:
            plain = solve_level(level, timeout=20, method="bfs", walks=False, bound=False)
            line += f"  {'solved ' + str(plain.length) if plain.solved else 'not solved'} ({plain.seconds:.1f} s)"
        if args.baseline:
            line += f"  {'solved' if baseline else 'not solved'}"
        print(line, flush=True)
    for set_name, counts in summary.items():
        finds = sorted(first_finds[set_name])
        # (the margin under the goal: a slower or busier machine solves what comes well within it)
        counts["first_found_median"] = round(statistics.median(finds), 3) if finds else None
        counts["first_found_max"] = round(finds[-1], 3) if finds else None
        solvable = counts["levels"] - counts["unsolvable"]
        counts["solved_share"] = round(counts["found_within_goal"] / solvable, 3) if solvable else None
        known = counts["known_solvable"]
        counts["known_solved_share"] = round(counts["known_found_within_goal"] / known, 3) if known else None
        if args.baseline:
            beyond = counts["beyond_baseline"]
            counts["beyond_baseline_share"] = round(counts["beyond_baseline_solved"] / beyond, 3) if beyond else None
    if args.json:
        print(json.dumps({"summary": summary, "timeout": args.timeout, "goal_seconds": GOAL_SECONDS}))
        return 0
    print()
    for set_name, counts in summary.items():
        print(f"{set_name}: {counts['solved']}/{counts['levels']} solved within {args.timeout:g} s "
              f"({counts['found_within_goal']} found within {GOAL_SECONDS:g} s, {counts['ended_within_goal']} "
              f"ended within {GOAL_SECONDS:g} s), {counts['optimal']} proven shortest, "
              f"{counts['unsolvable']} proven unsolvable; of the others, {counts['solved_share'] or 0:.0%} "
              f"solved within {GOAL_SECONDS:g} s; of the {counts['known_solvable']} the original engine "
              f"has a winning solution for, {counts['known_solved_share'] or 0:.0%} solved within {GOAL_SECONDS:g} s; "
              f"first solutions found after {counts['first_found_median']} s (median), "
              f"{counts['first_found_max']} s at most"
              + (f"; {counts['baseline_solved']} solved by the baseline breadth-first search, "
                 f"{counts['beyond_baseline_solved']} of the {counts['beyond_baseline']} beyond it "
                 f"by the solver" if args.baseline else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
