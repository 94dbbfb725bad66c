"""Bots taking their turns, in bot order, after the player has moved.

Hugbots and daleks head for the player: horizontally if they can (and are not
already in his column), otherwise vertically. Broken, sleeping and bomb bots
do not move by themselves. Each bot's move is a motion of its own, ending with
the panel swaps it caused.
"""

from studio.games.escape.engine.moves import move_from
from studio.games.escape.engine.state import DOWN, LEFT, RIGHT, UP
from studio.games.escape.tiles import Bot

_DALEK, _HUGBOT = int(Bot.DALEK), int(Bot.HUGBOT)


def bots_take_turns(turn) -> None:
    for bot, kind in enumerate(turn.bot_type):  # (a bot's type may change as others move)
        if kind == _HUGBOT or kind == _DALEK:
            chase(turn, bot)
            if turn.pending:
                turn.end_motion()


def chase(turn, bot: int) -> bool:
    """A hugbot or dalek takes one step towards the player (hugbot and dalek share this)."""
    width = turn.width
    cell, guy = turn.bot_cell[bot], turn.guy
    bx, gx = cell % width, guy % width
    if bx != gx and move_from(turn, bot, cell, RIGHT if gx > bx else LEFT):
        return True
    by, gy = cell // width, guy // width
    if by != gy:
        return move_from(turn, bot, cell, DOWN if gy > by else UP)
    return False
