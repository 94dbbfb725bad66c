"""Heart framers, sleeping doors and sleeping bots."""

from studio.games.escape.engine.events import Woke
from studio.games.escape.tiles import Bot, T

_SLEEPING_DOOR_WAKES = bytes(range(64)).maketrans(bytes([T.SLEEPINGDOOR]), bytes([T.EXIT]))
_WAKING = {Bot.DALEK_ASLEEP: Bot.DALEK, Bot.HUGBOT_ASLEEP: Bot.HUGBOT}


def take_heart_framer(turn, cell: int) -> None:
    """The player picks up the heart framer on ``cell``; the last one (normal layer) wakes
    every sleeping door (normal layer) and every sleeping bot."""
    turn.tiles[cell] = T.FLOOR
    if T.HEARTFRAMER not in turn.tiles:
        wake_sleepers(turn, cell)


def wake_sleepers(turn, cell: int) -> None:
    turn.tiles[:] = turn.tiles.translate(_SLEEPING_DOOR_WAKES)
    types = turn.bot_type
    for i, kind in enumerate(types):
        if kind in _WAKING:
            types[i] = int(_WAKING[kind])
    turn.log(Woke(cell))
