"""Playing a solution by the formats document's verdict procedure."""

from __future__ import annotations

from typing import NamedTuple

from studio.games.escape.engine.step import danger_in_place, step


class Verdict(NamedTuple):
    verdict: str  # "won", "dead" or "open"
    moves: int  # the move count at which it was reached (the length for "open")
    state: object  # the final state


def play_solution(state, moves) -> Verdict:
    """Apply each move; a move that changes nothing still counts. After a move that
    changed something, a dead player ends it ("dead"), else one on an exit ("won").

    THE LAST LOOK. A solution that ends with neither is looked at once more, as it
    stands: a player whom a laser sees (or who shares a cell with a bot) is dead at the
    last move. This only matters when he started in a laser's line and no move ever
    changed anything (fuzz all-1-33: every move blocked, the original says dead).
    """
    count = 0
    for move in moves:
        count += 1
        result = step(state, move, events=False)
        if result.moved:
            state = result.state
            if result.outcome != "none":
                return Verdict(result.outcome, count, state)
    if count and danger_in_place(state) is not None:
        return Verdict("dead", count, state)
    return Verdict("open", count, state)
