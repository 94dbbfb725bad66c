"""Intricacy engine speed: turns per second on the bundled locks (random moves, every
letter), and the time a breadth-first search takes to find each lock's shortest solution.

Run: python benchmarks/intricacy_engine.py
No target is set by the issue; the figures show what the play-test (one turn per key,
instantly) and a search over a few hundred thousand states can expect.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.games.intricacy.engine import MOVE_LETTERS, initial_state, step  # noqa: E402
from studio.games.intricacy.lockfile import load_lock  # noqa: E402
from studio.games.intricacy.search import shortest_solution  # noqa: E402

LEVELS = ROOT / "levels" / "intricacy"
TURNS_PER_LOCK = 2000


def turns_per_second(locks) -> float:
    rng = random.Random(7)
    letters = list(MOVE_LETTERS)
    count = 0
    start = time.perf_counter()
    for lock in locks:
        state = initial_state(lock)
        for _ in range(TURNS_PER_LOCK):
            state = step(state, MOVE_LETTERS[rng.choice(letters)]).state
            count += 1
    return count / (time.perf_counter() - start)


def main() -> int:
    paths = sorted(LEVELS.glob("*.lock"))
    locks = [load_lock(p.read_bytes()).lock for p in paths]
    rate = turns_per_second(locks)
    print(f"engine: {rate:,.0f} turns per second ({len(locks)} locks x {TURNS_PER_LOCK} random turns, events recorded)")
    for path, lock in zip(paths, locks):
        start = time.perf_counter()
        result = shortest_solution(lock, max_states=200_000)
        elapsed = time.perf_counter() - start
        found = result.solution if result.solution is not None else "none"
        print(f"search: {path.name:24} shortest {found:10} {result.states:7,} states {elapsed:6.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
