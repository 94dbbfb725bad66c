"""Things that act when pressed against; the presser stays where it is."""

from studio.games.escape.engine.events import Pressed
from studio.games.escape.tiles import T

_SLIDER_SWAP = bytes(range(64)).maketrans(bytes([T.LR, T.UD]), bytes([T.UD, T.LR]))
_ELECTRIC_OFF = bytes(range(64)).maketrans(bytes([T.ELECTRIC]), bytes([T.FLOOR]))


def press_on_switch(turn, who: int, here: int, there: int, d: int) -> bool:
    """ON: it turns OFF, and every electric floor (normal layer) becomes floor."""
    turn.tiles[there] = T.OFF
    turn.tiles[:] = turn.tiles.translate(_ELECTRIC_OFF)
    turn.log(Pressed("on", there, turn.name(who)))
    return True


def press_swapper(turn, who: int, here: int, there: int, d: int) -> bool:
    """0 and 1: left-right and up-down blocks (normal layer) turn into each other, and
    the pressed 0 becomes a 1 (or the 1 a 0)."""
    turn.log(Pressed(T(turn.tiles[there]).name.lower(), there, turn.name(who)))
    turn.tiles[:] = turn.tiles.translate(_SLIDER_SWAP)
    turn.tiles[there] = T.ONE if turn.tiles[there] == T.ZERO else T.ZERO
    return True


def press_broken(turn, who: int, here: int, there: int, d: int) -> bool:
    """Broken block: crumbles into floor."""
    turn.tiles[there] = T.FLOOR
    turn.log(Pressed("broken", there, turn.name(who)))
    return True
