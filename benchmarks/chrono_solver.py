"""ChronoShift solver speed: for each corpus level, the seconds to solve it, states
expanded, states per second, the solution's length (in letters) and whether it was
proven shortest within the default bounds (3 clones, 40 turns per time jump).

Run: python benchmarks/chrono_solver.py [--timeout SECONDS] [LEVEL ...]
(LEVEL: a file name such as tutorial06.txt; all corpus levels when none is given).
The issue's target: every level solved within 60 s; the figures are printed, not checked.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LEVELS = ROOT.parent / "shared" / "corpus" / "chrono" / "levels"


def main() -> int:
    from studio.games.chrono.solution import play_solution
    from studio.games.chrono.solve import solve_level
    from studio.games.chrono.superfun import load_superfun

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per level (default 60)")
    parser.add_argument("levels", nargs="*", help="corpus level file names (default: all)")
    options = parser.parse_args()
    if not LEVELS.is_dir():
        print(f"no corpus at {LEVELS}")
        return 1
    paths = [LEVELS / name for name in options.levels] or sorted(LEVELS.glob("*.txt"))
    print(f"{'level':<16}{'seconds':>9}{'states':>10}{'states/s':>10}{'length':>8}  proven  replay")
    total = 0.0
    for path in paths:
        level = load_superfun(path.read_bytes())
        started = time.perf_counter()
        result = solve_level(level, timeout=options.timeout)
        seconds = time.perf_counter() - started
        total += seconds
        length = str(result.length) if result.solved else "-"
        verdict = play_solution(level, result.solution).verdict if result.solved else "-"
        print(f"{path.name:<16}{seconds:>9.2f}{result.expanded:>10}{result.expanded / max(seconds, 1e-9):>10,.0f}"
              f"{length:>8}  {'yes' if result.optimal else 'no':<6}  {verdict}", flush=True)
    print(f"{'total':<16}{total:>9.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
