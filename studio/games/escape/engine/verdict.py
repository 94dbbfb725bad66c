"""Playing a solution by the formats document's verdict procedure."""

from __future__ import annotations

from typing import NamedTuple

from studio.games.escape.engine.step import step


class Verdict(NamedTuple):
    verdict: str  # "won", "dead" or "open"
    moves: int  # the move count at which it was reached (the length for "open")
    state: object  # the final state


def play_solution(state, moves) -> Verdict:
    """Apply each move; a move that changes nothing still counts. After a move that
    changed something, a dead player ends it ("dead"), else one on an exit ("won")."""
    count = 0
    for move in moves:
        count += 1
        result = step(state, move, events=False)
        if result.moved:
            state = result.state
            if result.outcome != "none":
                return Verdict(result.outcome, count, state)
    return Verdict("open", count, state)
