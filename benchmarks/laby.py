"""Labyrinthos speed: the generator, reading and writing .laby files, the par search and
the engine, on mazes from 20x20 to the studio's largest, 500x500.

Run: python benchmarks/laby.py
Each figure is the best of a few runs, in milliseconds (engine: moves per second).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.games.laby.engine import initial_state, step  # noqa: E402
from studio.games.laby.generator import generate_level  # noqa: E402
from studio.games.laby.labyfile import encode_laby, load_laby, save_laby  # noqa: E402
from studio.games.laby.solver import par, shortest_solution  # noqa: E402

SIZES = (20, 100, 250, 500)


def best_ms(function, repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    print(f"{'size':>9} {'generate':>9} {'load':>7} {'save':>7} {'resave*':>8} {'par':>7} {'engine moves/s':>15}")
    for side in SIZES:
        repeats = 3 if side <= 250 else 2
        level = generate_level(side, side, "benchmark")
        data = encode_laby(level)
        generate_time = best_ms(lambda: generate_level(side, side, "benchmark"), repeats)
        load_time = best_ms(lambda: load_laby(data), repeats)
        loaded = load_laby(data)
        save_time = best_ms(lambda: save_laby(loaded), repeats)
        edited = load_laby(data)
        edited.squares[0] ^= 1  # a changed level is written over its source's lines
        resave_time = best_ms(lambda: save_laby(edited), repeats)
        par_time = best_ms(lambda: par(level), repeats)
        moves = shortest_solution(level) or ()
        start = time.perf_counter()
        state = initial_state(level)
        for move in moves:
            state = step(state, move).state
        rate = len(moves) / max(time.perf_counter() - start, 1e-9)
        assert state.won
        print(f"{side:>4}x{side:<4} {generate_time:>9.1f} {load_time:>7.1f} {save_time:>7.2f} {resave_time:>8.1f} "
              f"{par_time:>7.1f} {rate:>15,.0f}")
    print("* resave: a changed level written over its source's lines")


if __name__ == "__main__":
    main()
