"""What happened during a step, for the play-test overlays.

Cells are cell indices (``y * width + x``). ``what`` names the thing: "player",
"bot 3" (bot order number), or a tile name such as "gold" or "red".
"""

from __future__ import annotations

from typing import NamedTuple


class Moved(NamedTuple):
    """Something walked, flew, slid or was carried from one cell to another."""
    what: str
    frm: int
    to: int


class Pushed(NamedTuple):
    """``by`` pushed ``what`` from ``frm`` to ``to`` (``to`` is -1 when it was consumed)."""
    what: str
    frm: int
    to: int
    by: str


class Blocked(NamedTuple):
    """A push of ``what`` at ``at`` was stopped by the tile or entity at ``by_cell``."""
    what: str
    at: int
    by_cell: int


class Consumed(NamedTuple):
    """A block or bot vanished into electric floor, or a grey block filled a hole."""
    what: str
    at: int
    into: str


class Pressed(NamedTuple):
    """A switch, button, 0/1 block or broken block was pressed at ``at`` by ``by``."""
    what: str
    at: int
    by: str


class PanelFired(NamedTuple):
    """A panel (or remote) at ``panel`` was pressed or released; ``dest`` will swap."""
    panel: int
    dest: int


class Swapped(NamedTuple):
    """The cell swapped with the bizarro layer (the last act of a motion)."""
    cell: int


class Teleported(NamedTuple):
    what: str
    frm: int
    to: int


class Pulse(NamedTuple):
    """Electricity travelled along ``cells`` (wires, beams) from a button."""
    button: int
    cells: tuple


class Woke(NamedTuple):
    """The last heart framer was taken: sleeping doors and bots woke."""
    at: int


class BotDestroyed(NamedTuple):
    bot: int
    at: int
    cause: str  # "electric", "fused", "bomb"


class Exploded(NamedTuple):
    bot: int
    at: int
    cells: tuple


class Killed(NamedTuple):
    """What killed the player: cause "laser" (``at`` the laser, ``cells`` the beam),
    "bot" (``bot`` its number, ``at`` its cell) or "bomb" (``bot`` the bomb)."""
    cause: str
    at: int
    cells: tuple = ()
    bot: int = -1


Event = (Moved | Pushed | Blocked | Consumed | Pressed | PanelFired | Swapped | Teleported
         | Pulse | Woke | BotDestroyed | Exploded | Killed)
