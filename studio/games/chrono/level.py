"""The ChronoShift level as pure data: what a "2D SuperFun!" file holds, and what the editor edits.

Cells are indexed row-major, ``index = y * width + x``. One layer of glyph
tiles (``glyphs.Glyph`` values); the time machine's cell is kept apart in
``start`` (the editor's player start) and holds floor in ``glyphs``. Links go
from a button to the gates it toggles; a button may toggle several gates and a
gate may be toggled by several buttons.

``layout`` remembers how the file was written (line endings, blank lines, the
order and spelling of link lines) so that reading then writing a level gives
back the same bytes; it never changes what the level means.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from studio.core.errors import LevelLimitError
from studio.games.chrono.glyphs import Glyph, glyph_name, is_button, is_gate
from studio.games.chrono.metadata import Metadata

MIN_SIDE = 3  # the border wall and one field inside
MAX_SIDE = 100

Point = tuple[int, int]


@dataclass(frozen=True)
class Layout:
    """How the file was written, beyond what the level means."""

    newline: str = "\n"
    gap_after_map: tuple[str, ...] = ("",)  # the blank lines after the map, when a section follows
    links_section: str = "lines"  # "lines", or "nothing" or "omitted" when there were no links
    gap_after_links: tuple[str, ...] = ("",)
    trailer: tuple[str, ...] = ()  # blank lines after the last section
    final_newline: bool = True
    link_order: tuple[tuple[Point, Point], ...] = ()  # (button, gate) as they were listed
    link_texts: tuple[tuple[tuple[Point, Point], str], ...] = ()  # link lines not written the usual way
    nothing_line: str = "nothing"  # the line saying there are no links, as written (spaces kept)


@dataclass
class ChronoLevel:
    width: int
    height: int
    glyphs: list[int]
    start: int
    links: dict[int, tuple[int, ...]] = field(default_factory=dict)  # button cell -> gate cells
    metadata: Metadata = field(default_factory=Metadata)
    layout: Layout = field(default_factory=Layout)

    @classmethod
    def blank(cls, width: int, height: int) -> "ChronoLevel":
        """Floor walled all round, the time machine in the top-left field."""
        check_size(width, height)
        glyphs = [int(Glyph.WALL if _on_border(width, height, i) else Glyph.FLOOR) for i in range(width * height)]
        return cls(width, height, glyphs, width + 1)

    # -- geometry ----------------------------------------------------------
    def index(self, x: int, y: int) -> int:
        return y * self.width + x

    def xy(self, index: int) -> Point:
        return index % self.width, index // self.width

    def contains(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def glyph_at(self, x: int, y: int) -> int:
        return self.glyphs[self.index(x, y)]

    # -- contents --------------------------------------------------------------
    def link_pairs(self) -> list[tuple[int, int]]:
        """Every (button, gate) link, button by button."""
        return [(button, gate) for button, gates in self.links.items() for gate in gates]

    def buttons_of(self, gate: int) -> list[int]:
        return [button for button, gates in self.links.items() if gate in gates]

    @property
    def description(self) -> str:
        return self.metadata.text("Description")

    @property
    def solution_text(self) -> str:
        return self.metadata.text("Solution")

    def copy(self) -> "ChronoLevel":
        return replace(self, glyphs=list(self.glyphs), links=dict(self.links))

    # -- the editing protocol (studio.core.grid.EditableGrid) ---------------------
    # A cell's bundle is (glyph, gates it links to): the links travel with a
    # button when a selection is moved or copied.
    layer_count = 1
    layer_names = ("map",)
    empty_value = int(Glyph.FLOOR)
    link_source_hint = "Only a button links to gates: click a button first."

    def empty_bundle(self) -> tuple[int, tuple[int, ...]]:
        return (int(Glyph.FLOOR), ())

    def cell_bundle(self, index: int) -> tuple[int, tuple[int, ...]]:
        return (self.glyphs[index], self.links.get(index, ()))

    def set_cell_bundle(self, index: int, bundle: tuple[int, tuple[int, ...]]) -> None:
        glyph, targets = bundle
        self.glyphs[index] = glyph
        if targets:
            self.links[index] = tuple(targets)
        else:
            self.links.pop(index, None)

    def bundle_with_value(self, bundle, layer: int, value: int):
        glyph, targets = bundle
        return (value, targets if is_button(value) else ())

    def bundle_value(self, bundle, layer: int) -> int:
        return bundle[0]

    # Several targets per cell: the generic editor uses these (see core/grid.py).
    def bundle_is_link_source(self, bundle) -> bool:
        return is_button(bundle[0])

    def bundle_links(self, bundle) -> tuple[int, ...]:
        return bundle[1]

    def bundle_with_links(self, bundle, targets) -> tuple[int, tuple[int, ...]]:
        glyph = bundle[0]
        return (glyph, tuple(dict.fromkeys(targets)) if is_button(glyph) else ())

    def link_target_problem(self, source: int, target: int) -> str | None:
        """Why ``target`` cannot be linked from ``source`` (None when it can)."""
        glyph = self.glyphs[target]
        if not is_gate(glyph):
            return f"A button links only to gates; ({', '.join(map(str, self.xy(target)))}) is {glyph_name(glyph)}."
        return None

    # The one-target form of the protocol, for code that knows only that.
    def bundle_link(self, bundle) -> int | None:
        return bundle[1][0] if bundle[1] else None

    def bundle_with_link(self, bundle, target: int):
        return self.bundle_with_links(bundle, (*bundle[1], target))

    # The time machine is the level's one entity (the editor's player start).
    def entity_state(self) -> int:
        return self.start

    def set_entity_state(self, state: int) -> None:
        self.start = state

    def entities_with_player(self, cell: int) -> int:
        return cell

    def entities_after_move(self, moves: dict[int, int]) -> int:
        return moves.get(self.start, self.start)

    def properties(self) -> dict[str, object]:
        return {"description": self.description, "solution": self.solution_text}

    def property_specs(self):
        from studio.core.properties import PropertySpec

        return [
            PropertySpec("description", "Description", "multiline", "Shown to the player before the level."),
            PropertySpec("solution", "Solution", "multiline",
                         "Actions N E S W H T, one line per clone; `studio verify` plays it."),
        ]

    def set_properties(self, values: dict[str, object]) -> None:
        for name, value in values.items():
            if name == "description":
                self.metadata = self.metadata.with_text("Description", str(value))
            elif name == "solution":
                from studio.games.chrono.solution import parse_actions

                parse_actions(str(value))  # ValueError names a letter that is no action
                self.metadata = self.metadata.with_text("Solution", str(value))
            else:
                raise KeyError(name)

    def resized(self, width: int, height: int, left: int = 0, top: int = 0) -> "ChronoLevel":
        """A copy resized with the old top-left cell at (left, top) of the new level (0, 0:
        the top-left corner kept). The new border is wall, as the format requires; links to
        or from cells that fall outside are dropped."""
        check_size(width, height)
        new = ChronoLevel.blank(width, height)
        new.metadata, new.layout = self.metadata, self.layout

        def moved(index: int) -> int | None:
            x, y = self.xy(index)
            x, y = x + left, y + top
            return y * width + x if 0 <= x < width and 0 <= y < height else None

        for index, glyph in enumerate(self.glyphs):
            target = moved(index)
            if target is not None and not _on_border(width, height, target):
                new.glyphs[target] = glyph
        for button, gates in self.links.items():
            source = moved(button)
            if source is None or not is_button(new.glyphs[source]):
                continue
            kept = tuple(t for t in (moved(g) for g in gates) if t is not None and is_gate(new.glyphs[t]))
            if kept:
                new.links[source] = kept
        start = moved(self.start)
        if start is not None and not _on_border(width, height, start):
            new.start = start
        return new


def _on_border(width: int, height: int, index: int) -> bool:
    x, y = index % width, index // width
    return x in (0, width - 1) or y in (0, height - 1)


def check_size(width: int, height: int) -> None:
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise LevelLimitError(
            f"A ChronoShift level is {MIN_SIDE} to {MAX_SIDE} cells wide and high (its border is wall), "
            f"not {width}x{height}."
        )
