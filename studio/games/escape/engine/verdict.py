"""Playing a solution by the formats document's verdict procedure."""

from __future__ import annotations

from typing import NamedTuple

from studio.games.escape.engine.step import advance, danger_in_place, step
from studio.games.escape.engine.turn import Turn


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
    if state.dead or state.won:
        return _play_step_by_step(state, moves)
    count = 0
    board = Turn(state, False)  # one working board for the whole solution (step.advance)
    for move in moves:
        count += 1
        if not 1 <= move <= 4:
            continue  # (changes nothing, as step says)
        board.blasts.clear()  # (what one move leaves behind, a fresh board would not have)
        board.pending.clear()
        outcome = advance(board, move)
        if outcome is not None and outcome != "none":
            return Verdict(outcome, count, board.freeze(outcome == "dead", outcome == "won"))
    return _last_look(board.freeze(False, False), count)


def _play_step_by_step(state, moves) -> Verdict:
    """The same procedure by ``step``, one frozen state a move: the reference that
    tests hold ``play_solution`` to."""
    count = 0
    for move in moves:
        count += 1
        result = step(state, move, events=False)
        if result.moved:
            state = result.state
            if result.outcome != "none":
                return Verdict(result.outcome, count, state)
    return _last_look(state, count)


def _last_look(state, count: int) -> Verdict:
    """The verdict of a solution that ended neither won nor dead (see THE LAST LOOK)."""
    if count and danger_in_place(state) is not None:
        return Verdict("dead", count, state)
    return Verdict("open", count, state)
