"""What never changes while a level is played: the map, the links and the time machine.

Every state of one level shares one ``Board`` by reference; equal boards make
equal states equal, so states of a level can be compared and hashed.
"""

from __future__ import annotations

from studio.games.chrono.engine.actions import MOVES
from studio.games.chrono.glyphs import PRESSED_BY_ANYTHING, PRESSED_WITHOUT_CRATES, Glyph


class Board:
    __slots__ = ("width", "height", "glyphs", "start", "goals", "gate_buttons", "initially_open", "gates", "pressable",
                 "_key", "_args")

    def __init__(self, width: int, height: int, glyphs, start: int, links):
        self._args = (width, height, bytes(glyphs), start, tuple((b, tuple(g)) for b, g in links))
        self.width = width
        self.height = height
        # The crates are in the state; the board keeps floor where they start.
        self.glyphs = bytes(Glyph.FLOOR if g == Glyph.CRATE else g for g in glyphs)
        self.start = start
        self.goals = frozenset(i for i, g in enumerate(glyphs) if g == Glyph.GOAL)
        gate_buttons: dict[int, list[int]] = {}
        for button, gates in links:
            for gate in gates:
                gate_buttons.setdefault(gate, []).append(button)
        self.gate_buttons = {gate: tuple(buttons) for gate, buttons in gate_buttons.items()}
        self.initially_open = frozenset(i for i, g in enumerate(glyphs) if g == Glyph.OPEN_GATE)
        self.gates = tuple(i for i, g in enumerate(glyphs) if g in (Glyph.CLOSED_GATE, Glyph.OPEN_GATE))
        # The buttons a clone or crate standing on presses (devices.py: a crate plate only where crates are).
        pressing = PRESSED_BY_ANYTHING if Glyph.CRATE in glyphs else PRESSED_WITHOUT_CRATES
        self.pressable = frozenset(i for i, g in enumerate(self.glyphs) if g in pressing)
        self._key = (width, height, self.glyphs, start, tuple(sorted(self.gate_buttons.items())))

    @classmethod
    def from_level(cls, level) -> "Board":
        return cls(level.width, level.height, level.glyphs, level.start, sorted(level.links.items()))

    def __eq__(self, other):
        return self is other or (isinstance(other, Board) and self._key == other._key)

    def __hash__(self):
        return hash(self._key)

    def __reduce__(self):  # pickled for worker processes as its arguments
        return (Board, self._args)

    def xy(self, cell: int) -> tuple[int, int]:
        return cell % self.width, cell // self.width

    def glyph(self, cell: int) -> int:
        return self.glyphs[cell]

    def neighbour(self, cell: int, action: str) -> int | None:
        """The cell one step away in a move's direction, None past the edge."""
        dx, dy = MOVES[action]
        x, y = cell % self.width + dx, cell // self.width + dy
        return y * self.width + x if 0 <= x < self.width and 0 <= y < self.height else None

    def is_gate(self, cell: int) -> bool:
        return self.glyphs[cell] in (Glyph.CLOSED_GATE, Glyph.OPEN_GATE)

    def is_passage(self, cell: int) -> bool:
        return self.glyphs[cell] == Glyph.ONE_TIME_PASSAGE
