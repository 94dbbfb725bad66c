"""Buttons, gates and one-time passages, settled at the end of each turn.

A button is active while a clone or a crate stands on it; a one-time button
'o' stays active from its first press until time starts again. A gate is open
when its starting state ('_' open, '-' closed) flipped once per active linked
button is open: an even number of active buttons cancels out. A one-time
passage is closed from the turn after anything first entered it.

The crate buttons 'B' and 'P' are meant for crates only, but the original
engine presses them under a clone too: they are plain buttons. Its README
says as much of 'B' ("can only be activated by a crate (not implemented
atm)"), and its results on random levels show it for 'P': in fuzz-1-211-1 a
clone standing on 'P' closes the gate it is about to walk through, in
fuzz-1-347-0 it shuts a clone out of the time machine, and in fuzz-1-122-1
stepping off 'P' closes a gate on a clone (fuzz2's 144-0 and 1149-3 alike).

Except in a level without crates: there a crate plate 'P' presses nothing,
whoever stands on it (the board's ``pressable`` leaves it out). The original's
results pin it on every such level of fuzz2: in fuzz-424242-1891-1 (SNEEEH) the
clone steps off 'P' onto the gate linked to it and nothing closes on it; in
1243-3, 1033-0 and 1336-3 a clone on 'P' leaves its gate as it was, so walks
our engine had blocked go through; 276-3, 377-3, 692-2, 1336-0 and 1654-3
follow from the same. With the rule, every random level of fuzz and fuzz2
agrees, and the hand-made corpus and the campaign as before.
"""

from __future__ import annotations

from studio.games.chrono.engine.board import Board
from studio.games.chrono.engine.events import ButtonChanged, GateChanged, PassageClosed
from studio.games.chrono.engine.state import World
from studio.games.chrono.glyphs import Glyph


def pressed_buttons(board: Board, clone_cells, crates, pressed_once) -> frozenset[int]:
    """The active buttons, with ``clone_cells`` the cells of the clones in the level."""
    active = set(pressed_once)
    for cell in set(clone_cells).union(crates):
        if cell in board.pressable:
            active.add(cell)
    return frozenset(active)


def open_gates(board: Board, active_buttons: frozenset[int]) -> frozenset[int]:
    opened = set()
    for gate in board.gates:
        flips = sum(1 for button in board.gate_buttons.get(gate, ()) if button in active_buttons)
        if (gate in board.initially_open) != (flips % 2 == 1):
            opened.add(gate)
    return frozenset(opened)


def settle(board: Board, world: World, clone_cells, crates) -> tuple[frozenset, frozenset, frozenset, list]:
    """(open gates, one-time buttons pressed, passages entered, events) after a turn."""
    active = pressed_buttons(board, clone_cells, crates, world.pressed_once)
    pressed_once = frozenset(c for c in active if board.glyph(c) == Glyph.ONE_TIME_BUTTON)
    gates = open_gates(board, active)
    before = pressed_buttons(board, [c for _n, c in world.active_clones()], world.crates, world.pressed_once)
    events = [ButtonChanged(c, c in active) for c in sorted(active ^ before)]
    events += [GateChanged(g, g in gates) for g in sorted(gates ^ world.open_gates)]
    occupied = set(clone_cells) | set(crates)
    entered = frozenset(c for c in occupied if board.is_passage(c) and c not in world.passages)
    events += [PassageClosed(c) for c in sorted(entered)]
    return gates, pressed_once, world.passages | entered, events
