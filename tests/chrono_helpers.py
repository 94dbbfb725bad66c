"""Building small ChronoShift levels in tests from their map rows."""

from __future__ import annotations

from studio.games.chrono.engine import initial_state, step
from studio.games.chrono.superfun import load_superfun


def make_level(*rows: str, links=(), fields: str = ""):
    """A level from map rows and ``links`` as ((bx, by), (gx, gy)) pairs, through the file format."""
    lines = ["2D SuperFun!", *rows, ""]
    lines += [f"button ({b[0]}, {b[1]}) -> gate ({g[0]}, {g[1]})" for b, g in links] or ["nothing"]
    if fields:
        lines += ["", fields]
    return load_superfun(("\n".join(lines) + "\n").encode())


def play(level_or_state, letters: str):
    """Step every letter (no replay-rule padding); returns (final state, every StepResult)."""
    state = level_or_state if hasattr(level_or_state, "world") else initial_state(level_or_state)
    results = []
    for letter in letters:
        result = step(state, letter)
        results.append(result)
        state = result.state
    return state, results


def cell(level, x: int, y: int) -> int:
    return level.index(x, y)
