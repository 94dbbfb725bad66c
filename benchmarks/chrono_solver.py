"""ChronoShift solver speed: for each level, the seconds to solve it, states expanded,
states per second, the solution's length (in letters) and whether it was proven shortest
within the default bounds (3 clones, 40 turns per time jump), and whether it wins by the
replay rule.

Run: python benchmarks/chrono_solver.py [--set corpus|bundled|all] [--timeout SECONDS]
     [--repeat N] [--max-clones N] [--json] [LEVEL ...]
The sets: the corpus levels (../shared/corpus/chrono/levels, the default) and the levels
bundled with the studio (levels/chrono). LEVEL: a file name such as tutorial06.txt, looked
up in the chosen sets; every level of them when none is given. ``--repeat`` solves each
level N times and keeps the fastest (the machine is shared: timings are noisy, the states
are not). ``--max-clones`` searches with up to N clones instead of the default 3 (the same levels,
a larger search). ``--json`` prints one JSON object per level instead of the table.
The target, printed not checked: every corpus (campaign) level proven shortest within 2 s.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SETS = {
    "corpus": ROOT.parent / "shared" / "corpus" / "chrono" / "levels",
    "bundled": ROOT / "levels" / "chrono",
}


def level_paths(chosen: str, names: list[str]) -> list[tuple[str, Path]]:
    """(set name, path) of the levels to solve, set by set."""
    sets = list(SETS) if chosen == "all" else [chosen]
    found = []
    for name in sets:
        folder = SETS[name]
        if not folder.is_dir():
            print(f"no {name} levels at {folder}", file=sys.stderr)
            continue
        paths = [folder / n for n in names if (folder / n).is_file()] if names else sorted(folder.glob("*.txt"))
        found += [(name, path) for path in paths]
    return found


def measure(path: Path, timeout: float, repeat: int, max_clones: int) -> dict:
    from studio.games.chrono.solution import play_solution
    from studio.games.chrono.solve import solve_level
    from studio.games.chrono.superfun import load_superfun

    level = load_superfun(path.read_bytes())
    best = None
    for _ in range(max(1, repeat)):
        started = time.perf_counter()
        result = solve_level(level, timeout=timeout, max_clones=max_clones)
        seconds = time.perf_counter() - started
        best = seconds if best is None else min(best, seconds)
    verdict = play_solution(level, result.solution).verdict if result.solved else None
    return {"level": path.name, "seconds": round(best, 4), "states": result.expanded,
            "states_per_second": round(result.expanded / max(best, 1e-9)),
            "length": result.length if result.solved else None, "proven": bool(result.optimal),
            "replay": verdict}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=[*SETS, "all"], default="corpus", help="which levels (default corpus)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per level (default 60)")
    parser.add_argument("--repeat", type=int, default=1, help="solve each level N times, keep the fastest")
    parser.add_argument("--max-clones", type=int, default=3, help="clones the search may use (default 3)")
    parser.add_argument("--json", action="store_true", help="one JSON object per level")
    parser.add_argument("levels", nargs="*", help="level file names (default: all of the set)")
    options = parser.parse_args()
    paths = level_paths(options.set, options.levels)
    if not paths:
        return 1
    if not options.json:
        print(f"{'set':<9}{'level':<28}{'seconds':>9}{'states':>10}{'states/s':>10}{'length':>8}  proven  replay")
    total = 0.0
    for set_name, path in paths:
        row = measure(path, options.timeout, options.repeat, options.max_clones)
        total += row["seconds"]
        if options.json:
            print(json.dumps({"set": set_name, **row}), flush=True)
            continue
        length = "-" if row["length"] is None else str(row["length"])
        print(f"{set_name:<9}{row['level']:<28}{row['seconds']:>9.2f}{row['states']:>10}"
              f"{row['states_per_second']:>10,}{length:>8}  {'yes' if row['proven'] else 'no':<6}  "
              f"{row['replay'] or '-'}", flush=True)
    if not options.json:
        print(f"{'total':<37}{total:>9.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
