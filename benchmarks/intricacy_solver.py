"""Intricacy solver speed: for each bundled lock, the seconds to solve it, states
expanded, states per second, the solution's length (in moves), whether it was proven
shortest, and whether the solution replays to a win on the reference engine.

Run: python benchmarks/intricacy_solver.py [--timeout SECONDS] [--repeat N] [--json] [--large N] [LOCK ...]
(LOCK: a file name such as 06-springs-give.lock; all bundled locks when none is given).
``--large N`` solves instead the first N random locks of tests/intricacy_large.py, larger
than the bundled ones (size 7, eight blocks, four springs; some cannot be opened, which
the search proves by running out of states).
The solver is the one `studio solve` runs (the game's ``Game.solve``). The bundled
locks solve in a fraction of a second, so ``--repeat`` solves each N times and
reports the fastest run, which steadies the figures on a shared machine (but runs
after the first find the engine's memories of moved pieces full: the default, one
run in a fresh process, is the figure a user sees).
No target is set by the issue; the figures are printed, not checked.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LEVELS = ROOT / "levels" / "intricacy"


def main() -> int:
    from studio.games.intricacy import GAME
    from studio.games.intricacy.engine import initial_state, parse_moves, play_solution

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per level (default 60)")
    parser.add_argument("--repeat", type=int, default=1, help="solve each level N times, report the fastest")
    parser.add_argument("--json", action="store_true", help="one JSON object per level, then the total")
    parser.add_argument("--large", type=int, metavar="N", help="the first N large random locks instead")
    parser.add_argument("levels", nargs="*", help="bundled lock file names (default: all)")
    options = parser.parse_args()
    solve = GAME.solve.resolve()
    if options.large:
        return _large(solve, options)
    paths = [LEVELS / name for name in options.levels] or sorted(LEVELS.glob("*.lock"))
    if not options.json:
        print(f"{'level':<24}{'seconds':>9}{'states':>10}{'states/s':>10}{'length':>8}  proven  replay")
    total = 0.0
    for path in paths:
        level = GAME.load(path.read_bytes())
        seconds = float("inf")
        for _ in range(max(1, options.repeat)):
            started = time.perf_counter()
            result = solve(level, timeout=options.timeout)
            seconds = min(seconds, time.perf_counter() - started)
        total += seconds
        rate = result.expanded / max(seconds, 1e-9)
        verdict = play_solution(initial_state(level.lock), parse_moves(result.solution)).verdict if result.solved else "-"
        if options.json:
            print(json.dumps({"level": path.name, "seconds": round(seconds, 4), "states": result.expanded,
                              "states_per_second": round(rate), "length": result.length if result.solved else None,
                              "proven": result.optimal, "replay": verdict}), flush=True)
            continue
        length = str(result.length) if result.solved else "-"
        print(f"{path.name:<24}{seconds:>9.3f}{result.expanded:>10}{rate:>10,.0f}"
              f"{length:>8}  {'yes' if result.optimal else 'no':<6}  {verdict}", flush=True)
    if options.json:
        print(json.dumps({"level": "total", "seconds": round(total, 4)}))
    else:
        print(f"{'total':<24}{total:>9.3f}")
    return 0


def _large(solve, options) -> int:
    from studio.games.intricacy.level import IntricacyLevel
    from tests.intricacy_large import large_locks

    total = states = 0.0
    for seed, lock in large_locks(options.large):
        level = IntricacyLevel(lock=lock)
        seconds, result = float("inf"), None
        for _ in range(max(1, options.repeat)):
            started = time.perf_counter()
            result = solve(level, timeout=options.timeout)
            seconds = min(seconds, time.perf_counter() - started)
        total += seconds
        states += result.expanded
        figures = {"lock": f"large-{seed}", "seconds": round(seconds, 4), "states": result.expanded,
                   "states_per_second": round(result.expanded / max(seconds, 1e-9)),
                   "length": result.length if result.solved else None, "opened": result.solved,
                   "proven": result.optimal}
        print(json.dumps(figures) if options.json else
              f"{figures['lock']:<24}{seconds:>9.3f}{result.expanded:>10}{figures['states_per_second']:>10,}"
              f"{figures['length'] if result.solved else '-':>8}  {'yes' if result.optimal else 'no'}", flush=True)
    rate = round(states / max(total, 1e-9))
    print(json.dumps({"lock": "total", "seconds": round(total, 4), "states": int(states), "states_per_second": rate})
          if options.json else f"{'total':<24}{total:>9.3f}{int(states):>10}{rate:>10,}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
