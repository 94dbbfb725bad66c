"""What happened during a turn, for the play-test's overlays and for messages.

Cells are cell indices (``y * width + x``); clones are numbered from 0 (the
first, oldest clone) in the order they were created.
"""

from __future__ import annotations

from typing import NamedTuple


class Moved(NamedTuple):
    clone: int
    frm: int
    to: int


class Pushed(NamedTuple):
    """A crate pushed from ``frm`` to ``to`` by ``clones`` (more than one when they push together)."""
    frm: int
    to: int
    clones: tuple[int, ...]


class Blocked(NamedTuple):
    """A clone's move from ``at`` was stopped at ``by_cell`` (a wall, a closed gate or
    passage, or a crate that could not move); ``reason`` says which."""
    clone: int
    at: int
    by_cell: int
    reason: str


class Refused(NamedTuple):
    """The current clone asked for the time machine away from it: no turn passes."""
    clone: int
    at: int
    reason: str


class EnteredMachine(NamedTuple):
    clone: int
    at: int


class ButtonChanged(NamedTuple):
    cell: int
    active: bool


class GateChanged(NamedTuple):
    cell: int
    open: bool


class PassageClosed(NamedTuple):
    """A one-time passage was first entered; from the next turn nothing may enter or stay."""
    cell: int


class GoalTaken(NamedTuple):
    """The goal at ``cell`` is taken by ``clone`` stepping onto it or, ``by_crate``, pushing a
    crate onto it."""
    cell: int
    clone: int
    by_crate: bool = False


class TimeJump(NamedTuple):
    """Every clone is in the time machine: time starts again with one clone more."""
    clones: int


class Completed(NamedTuple):
    score: int


class ParadoxFound(NamedTuple):
    """The turn cannot happen; ``paradox`` (a state.Paradox) says which clone, where and why."""
    paradox: object
