"""Bombs: lit by pushing, fuses counting down after the bots have moved, explosions.

A lit bomb's data is its remaining fuse. On the bombs' turn a fuse at 0
explodes, a longer one counts down. An explosion destroys the bombable tiles
on the bomb's cell and the four next to it, destroys the bots there and sets
off the bombs there at once. A player on or next to an explosion dies.
"""

from studio.games.escape.engine.events import BotDestroyed, Exploded
from studio.games.escape.engine.panels import PANEL_BITS
from studio.games.escape.engine.state import DESTROYED, EXPLODED
from studio.games.escape.engine.tilesets import BOMBABLE
from studio.games.escape.tiles import Bot, T

_BOMB = int(Bot.BOMB)


def clear_last_explosions(turn) -> None:
    """Bombs that exploded last turn are now simply gone."""
    types = turn.bot_type
    for i, kind in enumerate(types):
        if kind == EXPLODED:
            types[i] = DESTROYED


def bombs_tick(turn) -> None:
    """The bombs' turn, in bot order: a fuse at 0 explodes, a longer one counts down."""
    types, data = turn.bot_type, turn.bot_data
    for bomb in range(len(types)):
        if types[bomb] >= _BOMB and data[bomb] >= 0:
            if data[bomb] == 0:
                explode(turn, bomb, bomb)
            else:
                data[bomb] -= 1


def explode(turn, bomb: int, cursor: int) -> None:
    """Bomb ``bomb`` explodes while the bombs' turn is at bomb ``cursor``. A bomb caught
    in the blast whose turn is still to come gets a fuse of 0 (it explodes when its turn
    comes, in this same pass); one whose turn has passed explodes at once."""
    cell = turn.bot_cell[bomb]
    turn.bot_type[bomb] = EXPLODED
    turn.blasts.append(cell)
    neighbours = turn.neighbours
    area = [cell] + [n[cell] for n in neighbours[1:] if n[cell] >= 0]
    tiles, flags = turn.tiles, turn.flags
    for c in area:
        if BOMBABLE[tiles[c]]:
            tiles[c] = T.FLOOR
            flags[c] &= ~PANEL_BITS
    turn.log(Exploded(bomb, cell, tuple(area)))
    for c in area:
        other = turn.bot_at(c)
        if other < 0:
            continue
        if turn.bot_type[other] >= _BOMB:
            if other > cursor:
                turn.bot_data[other] = 0
            else:
                explode(turn, other, cursor)
        else:
            turn.bot_type[other] = DESTROYED
            turn.log(BotDestroyed(other, c, "bomb"))
