"""Why an Escape move did nothing, in words and as the cell to mark.

The engine reports a blocked push as a ``Blocked`` event; a walk into a wall
leaves no event (the original's move simply returns false), so that case is
read from the position: the tile, bot or edge the player walked into.
"""

from __future__ import annotations

from typing import NamedTuple

from studio.games.escape.engine.events import Blocked
from studio.games.escape.engine.state import EscapeState
from studio.games.escape.engine.tilesets import PUSHED_ONTO
from studio.games.escape.tiles import T, bot_name, tile_name, tile_tooltip

DIRECTION_WORDS = {1: "up", 2: "down", 3: "left", 4: "right"}


class Refusal(NamedTuple):
    """What stopped a move: ``text`` in words, ``cell`` what to cross out (-1: the
    level's edge, drawn as an arrow on ``at``), ``at`` the cell that could not move."""

    text: str
    at: int
    cell: int


def xy(state: EscapeState, cell: int) -> str:
    return "({}, {})".format(*state.board.xy(cell))


def _bot_at(state: EscapeState, cell: int) -> int:
    return next((i for i, (kind, at, _data) in enumerate(state.bots) if at == cell and kind >= 0), -1)


def _bot_words(state: EscapeState, index: int) -> str:
    kind = state.bots[index][0]
    return f"bot {index + 1} ({bot_name(kind)})"


def what_is_at(state: EscapeState, cell: int) -> str:
    """"bot 2 (Dalek) at (4, 1)", "the player at (3, 3)" or "steel block at (6, 2)"."""
    bot = _bot_at(state, cell)
    if bot >= 0:
        return f"{_bot_words(state, bot)} at {xy(state, cell)}"
    if cell == state.player:
        return f"the player at {xy(state, cell)}"
    return f"{tile_name(state.tiles[cell]).lower()} at {xy(state, cell)}"


def _why_no_push(before: EscapeState, event: Blocked, move: int) -> str:
    block = f"the {event.what} at {xy(before, event.at)}"
    if event.by_cell != event.at:
        return f"{block} cannot move: {what_is_at(before, event.by_cell)} is behind it"
    tile = before.tiles[event.at]
    if tile in (T.LR, T.UD) and (move >= 3) != (tile == T.LR):
        axis = "left and right" if tile == T.LR else "up and down"
        return f"{block} cannot move {DIRECTION_WORDS.get(move, '')}: it moves only {axis}"
    return f"{block} cannot move: the edge of the level is behind it"


def _why_no_bot_push(before: EscapeState, bot: int, there: int, move: int) -> Refusal:
    who = f"{_bot_words(before, bot)} at {xy(before, there)}"
    if before.tiles[there] == T.EXIT:
        return Refusal(f"{who} stands on the exit: nobody is pushed off an exit", there, there)
    beyond = before.board.neighbours[move][there]
    if beyond < 0:
        return Refusal(f"{who} cannot be pushed: the edge of the level is behind it", there, -1)
    if _bot_at(before, beyond) >= 0 or beyond == before.player or not (
            PUSHED_ONTO[before.tiles[beyond]] or before.tiles[beyond] == T.ELECTRIC):
        return Refusal(f"{who} cannot be pushed: {what_is_at(before, beyond)} is behind it", there, beyond)
    return Refusal(f"{who} does not give way", there, there)


def _why_not_entered(before: EscapeState, there: int) -> str:
    tile = before.tiles[there]
    name = f"the {tile_name(tile).lower()} at {xy(before, there)}"
    if tile in (T.EXIT, T.TRANSPORT) and (there == before.player or _bot_at(before, there) >= 0):
        return f"{name} is taken: {what_is_at(before, there)} stands on it"
    tip = tile_tooltip(tile).rstrip(".")
    return f"{name} is in the way ({tip[:1].lower()}{tip[1:]})"


def explain_refusal(before: EscapeState, move: int, events) -> Refusal | None:
    """Why the player's ``move`` from ``before`` changed nothing; None when the game is over."""
    if before.finished:
        return None
    blocked = next((e for e in events if isinstance(e, Blocked)), None)
    if blocked is not None:
        cell = blocked.by_cell if blocked.by_cell != blocked.at else -1
        return Refusal(_why_no_push(before, blocked, move), blocked.at, cell)
    there = before.board.neighbours[move][before.player] if move in DIRECTION_WORDS else -1
    if there < 0:
        return Refusal(f"the player cannot go {DIRECTION_WORDS.get(move, 'there')}: the edge of the level",
                       before.player, -1)
    bot = _bot_at(before, there)
    if bot >= 0:
        return _why_no_bot_push(before, bot, there, move)
    return Refusal(_why_not_entered(before, there), before.player, there)
