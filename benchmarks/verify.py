"""`studio verify` on a collection the size of the issue's: wall time in one process and
on every core, the moves played, and the time per level and per solution.

The issue measured 2,539 real levels holding 1,704 stored solutions (the original C++
engine: 0.6 s; the goal: within 5 times that). That collection is held out, so this
builds one as large from the corpus's real levels (tutorial, regression, mylevels and
the damaged ones): each level is copied under new titles until there are 2,539 files,
every copy a distinct file (its own MD5, so nothing is shared or cached between copies),
and a player file holds each copy's solutions under its own MD5. The copies live in a
temporary folder, never in the project.

With ``--solutions 1704 --min-length 100`` the copies hold as many solutions as the
issue's collection, each at least 100 moves long, as a real collection's are (the
regression levels' few moves make the default collection light); ``--project`` times
another checkout's studio on the same collection, say a worktree of the code the issue
measured: its 15.8 times the original then scales by the speed-up, which ``--baseline``
prints (that checkout timed too, on the same collection, the runs interleaved).

Every studio runs as an installed one does, with Python's cache of compiled modules
(``__pycache__``, written by an untimed first run: a machine with PYTHONDONTWRITEBYTECODE
set would otherwise compile the studio's modules from source in every run, about 0.1 s);
``--cold-start`` times them so instead (each checkout's ``studio/**/__pycache__`` removed
before each run; the installed libraries keep theirs, as pip writes them).

Run: python benchmarks/verify.py [--levels N] [--repeat K] [--solutions N --min-length L]
                                 [--project DIR] [--baseline DIR] [--cold-start]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ESCAPE = ROOT.parent / "shared" / "corpus" / "escape"
ISSUE_LEVELS = 2539
ISSUE_SOLUTIONS = 1704
ORIGINAL_SECONDS = 0.6  # the original engine on the issue's collection
GOAL_RATIO = 5  # the issue's goal: within 5 times the original
ISSUE_RATIO = 15.8  # the issue's code (ff5eba5) against the original on the held-out collection


def retitled(data: bytes, title: bytes) -> bytes:
    """The level file with another title (the title's length and bytes follow width and height)."""
    old_length = int.from_bytes(data[12:16], "big")
    return data[:12] + len(title).to_bytes(4, "big") + title + data[16 + old_length:]


def build_collection(folder: Path, count: int, solutions: int | None = None,
                     min_length: int = 0) -> tuple[list[str], Path, int]:
    """``count`` distinct level files in ``folder`` and a player file with their solutions.

    By default every corpus level is copied in turn, each copy with all its original's
    solutions. With ``solutions`` (the issue's collection held 1,704), that many copies
    each hold one stored solution at least ``min_length`` moves long (the corpus's
    solutions taken in turn), and the other copies, of the corpus's other levels, none:
    a collection whose solutions are as long as a real collection's, not the regression
    levels' few moves."""
    import hashlib

    from studio.games.escape.esp import loads, new_player_file

    player = loads((ESCAPE / "player.esp").read_bytes())
    originals = sorted((ESCAPE / "levels").glob("*/*.esx"))
    md5s = {path: hashlib.md5(path.read_bytes()).hexdigest() for path in originals}
    if solutions is None:
        plan = [(originals[n % len(originals)], None) for n in range(count)]
    else:
        long_ones = [(path, solution) for path in originals if _loads(path)
                     for solution in player.solutions_for(md5s[path]) if len(solution.moves) >= min_length]
        others = [path for path in originals if not player.solutions_for(md5s[path])]
        if not long_ones or not others:
            raise SystemExit(f"no stored solutions of {min_length} moves or more")
        plan = [long_ones[n % len(long_ones)] for n in range(min(solutions, count))]
        plan += [(others[n % len(others)], None) for n in range(count - len(plan))]
    stored = new_player_file(player.name)
    files, held = [], 0
    for number, (source, only) in enumerate(plan):
        data = source.read_bytes()
        copy = retitled(data, f"{source.stem} copy {number}".encode()) if len(data) >= 16 else data
        path = folder / f"{number:04d}-{source.parent.name}-{source.name}"
        path.write_bytes(copy)
        files.append(str(path))
        new_md5 = hashlib.md5(copy).hexdigest()
        for solution in [only] if only is not None else player.solutions_for(md5s[source]):
            stored.add_solution(new_md5, solution)
            held += 1
    player_path = folder / "player.esp"
    player_path.write_bytes(stored.to_bytes())
    return files, player_path, held


def _loads(path: Path) -> bool:
    """Does the level load? (A real collection's solutions are of levels that do.)"""
    from studio.core.errors import LevelFormatError
    from studio.games.escape.esx import load_esx

    try:
        load_esx(path.read_bytes())
    except LevelFormatError:
        return False
    return True


def run_verify(files: list[str], player: Path, jobs: int | None, project: Path = ROOT,
               cold_start: bool = False) -> tuple[float, list[dict]]:
    command = [sys.executable, "-m", "studio", "verify", *files, "--solutions", str(player), "--json"]
    if jobs is not None:
        command.append(f"--jobs={jobs}")
    environment = dict(os.environ)
    if cold_start:  # the studio's modules compiled from source (the installed libraries' bytecode kept)
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        for cache in (project / "studio").rglob("__pycache__"):
            shutil.rmtree(cache, ignore_errors=True)
    else:
        environment.pop("PYTHONDONTWRITEBYTECODE", None)
    started = time.perf_counter()
    done = subprocess.run(command, cwd=project, capture_output=True, text=True, env=environment)
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise SystemExit(f"studio verify failed ({done.returncode}): {done.stderr}")
    return elapsed, [json.loads(line) for line in done.stdout.splitlines()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, default=ISSUE_LEVELS, help=f"files (default {ISSUE_LEVELS})")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each kind; the fastest counts (default 3)")
    parser.add_argument("--project", type=Path, default=ROOT,
                        help="the checkout whose studio is timed (default this one; say, a worktree of an older "
                             "commit, to compare on the same collection)")
    parser.add_argument("--solutions", type=int, default=None,
                        help=f"copies holding one stored solution each (the issue's: {ISSUE_SOLUTIONS}); "
                             "default: every copy holds all its original's")
    parser.add_argument("--min-length", type=int, default=0,
                        help="with --solutions: only stored solutions at least this many moves long")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="also time this checkout (say, a worktree of ff5eba5, the code the issue "
                             "measured at 15.8 times the original), the runs interleaved, and print the "
                             "speed-up and the ratio to the original it implies")
    parser.add_argument("--cold-start", action="store_true",
                        help="every run compiles the studio's modules from source (their __pycache__ removed)")
    options = parser.parse_args()
    if not (ESCAPE / "player.esp").is_file():
        print(f"no corpus at {ESCAPE}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="verify-bench-") as folder:
        files, player, solutions = build_collection(Path(folder), options.levels, options.solutions,
                                                    options.min_length)
        cores = os.cpu_count() or 1
        cold = options.cold_start
        projects = [options.project] + ([options.baseline] if options.baseline is not None else [])
        for project in projects:  # untimed: writes the bytecode cache (and compiles the engine, the first time)
            run_verify(files, player, None, project, cold)
        best, baseline = {}, None
        for _ in range(options.repeat):  # alternated, so a busy moment hurts both alike
            for jobs in (0, None):
                elapsed, results = run_verify(files, player, jobs, options.project, cold)
                best[jobs] = min(best.get(jobs, elapsed), elapsed)
            if options.baseline is not None:
                elapsed, _ = run_verify(files, player, None, options.baseline, cold)
                baseline = min(baseline or elapsed, elapsed)
        played = [r for r in results if r["solution"] is not None]
        moves = sum(r["moves"] or 0 for r in played)
        verdicts = {v: sum(r["verdict"] == v for r in played) for v in ("won", "dead", "open", "error")}
    print(f"collection: {len(files)} distinct level files, {solutions} stored solutions "
          f"({moves:,} moves played; verdicts {verdicts})")
    print(f"one process:   {best[0]:.2f} s wall ({best[0] / len(files) * 1000:.2f} ms a level)")
    print(f"{cores} cores:       {best[None]:.2f} s wall ({best[0] / best[None]:.2f} times as fast)")
    if baseline is not None:
        speed_up = baseline / best[None]
        print(f"baseline {options.baseline}: {baseline:.2f} s on {cores} cores; this checkout "
              f"{speed_up:.2f} times as fast: if the baseline is the code the issue measured "
              f"({ISSUE_RATIO} times the original), about {ISSUE_RATIO / speed_up:.1f} times the original "
              f"on a collection like this one (the goal: {GOAL_RATIO})")
    print(f"(the original took {ORIGINAL_SECONDS} s on the issue's held-out collection and machine, not "
          f"these: {best[None] / ORIGINAL_SECONDS:.1f} times that is no ratio; the comparable figure is the "
          f"speed-up over the code the issue measured, --baseline. These solutions average "
          f"{moves / max(1, solutions):.0f} moves.)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
