"""Labyrinthos solver speed: `studio solve`'s search (the game's ``Game.solve``) on generated
mazes larger than the bundled ones, from 40x40 to the studio's largest, 500x500: milliseconds
to a shortest solution, positions expanded and positions per second.

Run: python benchmarks/laby_solver.py [--sizes 40 100 250 500] [--repeat N] [--json]
Each figure is the fastest of ``--repeat`` runs (default 3) on one maze per size (seed "7").
No target is set by the issue; it asks where the time goes (cProfile: ``--profile SIZE``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    from studio.games.laby import GAME
    from studio.games.laby.generator import generate_level
    from studio.games.laby.solver import par

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[40, 100, 250, 500])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--profile", type=int, metavar="SIZE", help="print where the time goes on one maze")
    options = parser.parse_args()
    solve = GAME.solve.resolve()
    if options.profile:
        import cProfile
        import pstats

        level = generate_level(options.profile, options.profile, "7")
        cProfile.runctx("solve(level, timeout=600)", globals(), {"solve": solve, "level": level}, "/tmp/laby.prof")
        pstats.Stats("/tmp/laby.prof").sort_stats("tottime").print_stats(10)
        return 0
    if not options.json:
        print(f"{'maze':<10}{'ms':>10}{'states':>10}{'states/s':>12}{'length':>8}  shortest")
    for size in options.sizes:
        level = generate_level(size, size, "7")
        best, result = float("inf"), None
        for _ in range(max(1, options.repeat)):
            started = time.perf_counter()
            result = solve(level, timeout=600)
            best = min(best, time.perf_counter() - started)
        shortest = result.solved and len(result.solution) == par(level)
        figures = {"maze": f"{size}x{size}", "ms": round(best * 1000, 2), "states": result.expanded,
                   "states_per_second": round(result.expanded / best) if best else None,
                   "length": len(result.solution), "optimal": result.optimal, "shortest": shortest}
        if options.json:
            print(json.dumps(figures))
        else:
            print(f"{figures['maze']:<10}{figures['ms']:>10.2f}{figures['states']:>10}"
                  f"{figures['states_per_second']:>12}{figures['length']:>8}  {'yes' if shortest else 'NO'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
