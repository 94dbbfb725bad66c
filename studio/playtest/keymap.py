"""One key map per game for the play-test: the game's move keys, then the board's own
(restart, undo, redo, replay, back to the editor) on the keys the game leaves free.

The board plays by it, the dock's key help and the Play menu print it, so the three
always agree. A game may claim a board key for a move (ChronoShift waits with Space
and travels with Enter); the board's action then keeps its other key (Home restarts,
Ctrl+R replays), so every action has a key in every game.

"Enter" means both Enter keys (Qt's Return and the keypad's Enter). Pure Python:
keys are Qt key-sequence strings, turned into key combinations by the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Sequence

MOVE = "move"
# The board's actions, their labels and their keys, preferred first.
CONTROLS = (
    ("restart", "restart", ("Enter", "Home")),
    ("undo", "undo", ("Backspace", "Ctrl+Z")),
    ("redo", "redo", ("Ctrl+Y", "Ctrl+Shift+Z")),
    ("replay", "replay", ("Space", "Ctrl+R")),
    ("leave", "back to the editor", ("Esc",)),
)
# An exported game's own action (studio.player): the next move of a shortest solution.
HINT_CONTROL = ("hint", "hint", ("H", "?"))
ENTER_KEYS = ("Return", "Enter")  # what "Enter" stands for
ARROW_SYMBOLS = {"Up": "↑", "Down": "↓", "Left": "←", "Right": "→"}


@dataclass(frozen=True)
class Binding:
    action: str  # MOVE or one of CONTROLS' actions
    keys: tuple[str, ...]  # as the help names them ("Enter" standing for both Enter keys)
    label: str
    move: Hashable = None

    def sequences(self) -> tuple[str, ...]:
        """The key sequences to match (each "Enter" as both Enter keys)."""
        found: list[str] = []
        for key in self.keys:
            for sequence in (ENTER_KEYS if key == "Enter" else (key,)):
                if sequence not in found:
                    found.append(sequence)
        return tuple(found)


def _shown(key: str) -> str:
    return "Enter" if key in ENTER_KEYS else key


class KeyMap:
    """The bindings of one game's play-test, in help order: moves, then the board's actions."""

    def __init__(self, move_keys: Sequence = (), hints: bool = False):
        """``move_keys``: the adapter's MoveKeys (key, move, label); keys for the same move
        and label (Return and Enter, Shift+W and I) make one binding. ``hints`` adds the
        hint key (an exported game's)."""
        moves: list[Binding] = []
        for move_key in move_keys:
            key = _shown(move_key.key)
            same = next((i for i, b in enumerate(moves) if b.move == move_key.move and b.label == move_key.label), None)
            if same is None:
                moves.append(Binding(MOVE, (key,), move_key.label, move_key.move))
            elif key not in moves[same].keys:
                moves[same] = Binding(MOVE, moves[same].keys + (key,), move_key.label, move_key.move)
        taken = {sequence for binding in moves for sequence in binding.sequences()}
        controls = []
        for action, label, keys in CONTROLS + ((HINT_CONTROL,) if hints else ()):
            free = tuple(key for key in keys if not set(Binding(action, (key,), label).sequences()) & taken)
            controls.append(Binding(action, free, label))
        self.moves = tuple(moves)
        self.controls = tuple(controls)

    @property
    def bindings(self) -> tuple[Binding, ...]:
        return self.moves + self.controls

    def control(self, action: str) -> Binding:
        return next(binding for binding in self.controls if binding.action == action)

    def first_key(self, action: str) -> str:
        """The key the menus and buttons name for a board action ("" when it has none)."""
        keys = self.control(action).keys
        return keys[0] if keys else ""

    def help_text(self) -> str:
        """One line: the moves (the four arrows as "↑↓←→ move"), then the board's actions."""
        parts = []
        arrows = [b for b in self.moves if len(b.keys) == 1 and b.keys[0] in ARROW_SYMBOLS]
        others = [b for b in self.moves if b not in arrows]
        if {b.keys[0] for b in arrows} == set(ARROW_SYMBOLS) and len(arrows) == 4:
            parts.append("".join(ARROW_SYMBOLS[b.keys[0]] for b in arrows) + " move")
        else:
            others = list(self.moves)
        for binding in others:
            keys = "/".join(ARROW_SYMBOLS.get(key, key) for key in binding.keys)
            parts.append(f"{keys} {binding.label}")
        for binding in self.controls:
            if binding.keys:
                parts.append(f"{binding.keys[0]} {binding.label}")
        return " · ".join(parts)

    def table(self) -> list[tuple[str, str, Hashable]]:
        """(key sequence, action, move) for every key, the game's moves first."""
        rows = []
        for binding in self.bindings:
            for sequence in binding.sequences():
                rows.append((sequence, binding.action, binding.move))
        return rows
