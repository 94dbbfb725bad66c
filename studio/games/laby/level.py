"""The Labyrinthos level as pure data: what a .laby file holds, and what the editor edits.

Squares are indexed row-major, ``index = y * width + x``, and held in a
``bytearray`` of ``Square`` values so the spawn rules (first spawn, else last
path) are C-speed searches even on big mazes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from studio.core.errors import LevelLimitError
from studio.core.properties import PropertySpec
from studio.games.laby.squares import COLOUR_SCALE, DEFAULT_COLOURS, SQUARE_NAMES, SQUARE_WORDS, Colour, Square

MAX_SIDE = 500
LAYER_NAMES = ("maze",)
TEXT_PROPERTIES = ("name", "author", "nextlevel")


class HighScore(NamedTuple):
    score: int  # moves taken; lower is better
    player: str  # no spaces (the file separates fields with spaces)


@dataclass
class LabyLevel:
    width: int
    height: int
    squares: bytearray = field(default_factory=bytearray)
    name: str = ""
    author: str = ""
    nextlevel: str = ""  # a file name, relative to this level's folder
    # Square -> (foreground, background); each is None for the game's default.
    colours: dict[int, tuple[Colour | None, Colour | None]] = field(default_factory=dict)
    high_scores: tuple[HighScore, ...] = ()  # in file order (the order carries no meaning)
    # The bytes this level was read from, so an unedited level saves unchanged.
    source: bytes | None = field(default=None, compare=False, repr=False)

    @classmethod
    def blank(cls, width: int, height: int, fill: int = Square.PATH) -> "LabyLevel":
        check_size(width, height)
        return cls(width, height, bytearray([int(fill)]) * (width * height))

    # -- geometry --------------------------------------------------------------
    def index(self, x: int, y: int) -> int:
        return y * self.width + x

    def xy(self, index: int) -> tuple[int, int]:
        return index % self.width, index // self.width

    def contains(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def square(self, x: int, y: int) -> int:
        return self.squares[y * self.width + x]

    # -- the manual's rules ------------------------------------------------------
    def spawn_cell(self) -> int | None:
        """Where play starts: the first spawn reading row by row; with none, the
        last path square; None when the level has neither."""
        first_spawn = self.squares.find(Square.SPAWN)
        if first_spawn >= 0:
            return first_spawn
        last_path = self.squares.rfind(Square.PATH)
        return last_path if last_path >= 0 else None

    def objective_cells(self) -> list[int]:
        return [index for index, value in enumerate(self.squares) if value == Square.OBJECTIVE]

    def colour_pair(self, square: int) -> tuple[Colour, Colour]:
        """(foreground, background) of a kind of square, the game's default where unset."""
        foreground, background = self.colours.get(square, (None, None))
        default_fg, default_bg = DEFAULT_COLOURS[Square(square)]
        return foreground or default_fg, background or default_bg

    def best_scores(self, count: int | None = None) -> list[HighScore]:
        """The high scores, best (fewest moves) first."""
        ranked = sorted(self.high_scores, key=lambda entry: (entry.score, entry.player))
        return ranked if count is None else ranked[:count]

    def with_high_score(self, score: int, player: str) -> tuple[HighScore, ...]:
        """The high-score table with a new entry (for a ChangeProperties of "high_scores")."""
        return self.high_scores + (make_high_score(score, player),)

    def copy(self) -> "LabyLevel":
        return LabyLevel(self.width, self.height, bytearray(self.squares), self.name, self.author,
                         self.nextlevel, dict(self.colours), self.high_scores, self.source)

    def content(self) -> tuple:
        """Everything the file says, for comparing a level with what its source bytes decode to.
        (A colour pair with one half unset is written whole, the game's default filling in.)"""
        colours = tuple(sorted((kind, self.colour_pair(kind)) for kind, pair in self.colours.items()
                               if pair != (None, None)))
        return (self.width, self.height, bytes(self.squares), self.name, self.author, self.nextlevel,
                colours, tuple(sorted(self.high_scores)))

    # -- the editing protocol (studio.core.grid.EditableGrid) ----------------------
    # One layer; a cell's bundle is its square value. No entities: spawns are squares.
    layer_count = 1
    layer_names = LAYER_NAMES
    empty_value = int(Square.PATH)  # what the eraser paints

    def empty_bundle(self) -> int:
        return int(Square.PATH)

    def cell_bundle(self, index: int) -> int:
        return self.squares[index]

    def set_cell_bundle(self, index: int, bundle: int) -> None:
        self.squares[index] = bundle

    def bundle_with_value(self, bundle: int, layer: int, value: int) -> int:
        return int(Square(value))

    def bundle_value(self, bundle: int, layer: int) -> int:
        return bundle

    def bundle_with_link(self, bundle: int, target: int) -> int:
        return bundle

    def bundle_link(self, bundle: int) -> None:
        return None

    def reversed_bundle(self, bundle: int) -> int:
        """The editor's "reverse": paths become walls and walls paths; the rest stays."""
        if bundle == Square.PATH:
            return int(Square.WALL)
        if bundle == Square.WALL:
            return int(Square.PATH)
        return bundle

    def entity_state(self) -> tuple:
        return ()

    def set_entity_state(self, state: tuple) -> None:
        pass

    def entities_after_move(self, moves: dict[int, int]) -> tuple:
        return ()

    def properties(self) -> dict[str, object]:
        values: dict[str, object] = {name: getattr(self, name) for name in TEXT_PROPERTIES}
        for square in Square:
            foreground, background = self.colours.get(square, (None, None))
            values[colour_property(square, "foreground")] = foreground
            values[colour_property(square, "background")] = background
        values["high_scores"] = self.high_scores
        return values

    def property_specs(self) -> list[PropertySpec]:
        specs = [
            PropertySpec("name", "&Name", tip="The level's title, shown to the player"),
            PropertySpec("author", "&Author"),
            PropertySpec("nextlevel", "Ne&xt level", "file",
                         "The level to offer when this one is won: a file name, not a level name",
                         file_filter="Labyrinthos levels (*.laby)"),
        ]
        for square in Square:
            default_fg, default_bg = DEFAULT_COLOURS[square]
            row = f"{SQUARE_NAMES[square]} colours"
            specs.append(PropertySpec(colour_property(square, "background"), "Square", "colour",
                                      f"The colour of {SQUARE_WORDS[square]} squares",
                                      default=default_bg, scale=COLOUR_SCALE, row=row))
            specs.append(PropertySpec(colour_property(square, "foreground"), "Text", "colour",
                                      f"The colour of the player's mark on {SQUARE_WORDS[square]} squares",
                                      default=default_fg, scale=COLOUR_SCALE, row=row))
        return specs

    def set_properties(self, values: dict[str, object]) -> None:
        """Set named properties; a bad value raises ValueError naming the problem."""
        for name, value in values.items():
            if name in TEXT_PROPERTIES:
                setattr(self, name, check_text(name, value))
            elif name == "high_scores":
                self.high_scores = tuple(make_high_score(*entry) for entry in value)
            elif name in _COLOUR_PROPERTIES:
                square, part = _COLOUR_PROPERTIES[name]
                self._set_colour(square, part, check_colour(value))
            else:
                raise KeyError(name)

    def _set_colour(self, square: int, part: str, colour: Colour | None) -> None:
        foreground, background = self.colours.get(square, (None, None))
        pair = (colour, background) if part == "foreground" else (foreground, colour)
        if pair == (None, None):
            self.colours.pop(square, None)
        else:
            self.colours[square] = pair

    def resized(self, width: int, height: int, left: int = 0, top: int = 0) -> "LabyLevel":
        """A copy resized with the old top-left square at (left, top) of the new level (0, 0:
        the top-left corner kept); new squares are paths."""
        check_size(width, height)
        new = LabyLevel.blank(width, height)
        for y in range(self.height):
            for x in range(self.width):
                nx, ny = x + left, y + top
                if 0 <= nx < width and 0 <= ny < height:
                    new.squares[ny * width + nx] = self.squares[y * self.width + x]
        new.name, new.author, new.nextlevel = self.name, self.author, self.nextlevel
        new.colours, new.high_scores = dict(self.colours), self.high_scores
        new.source = self.source  # so saving keeps the file's comments and layout
        return new


def colour_property(square: int, part: str) -> str:
    """E.g. "wall_background": the property holding one colour of a square's pair."""
    return f"{SQUARE_WORDS[Square(square)]}_{part}"


_COLOUR_PROPERTIES = {colour_property(square, part): (int(square), part)
                      for square in Square for part in ("foreground", "background")}


def check_size(width: int, height: int) -> None:
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise LevelLimitError(f"A Labyrinthos level is 1 to {MAX_SIDE} squares wide and high, not {width}x{height}.")


def check_text(name: str, value: object) -> str:
    text = str(value).strip()
    if "\n" in text or "\r" in text:
        raise ValueError(f"the {name} must fit on one line")
    return text


def check_colour(value: object) -> Colour | None:
    if value is None:
        return None
    colour = tuple(int(component) for component in value)
    if len(colour) != 3 or not all(0 <= component <= COLOUR_SCALE for component in colour):
        raise ValueError(f"a colour is three values from 0 to {COLOUR_SCALE}, not {value!r}")
    return colour


def make_high_score(score: object, player: object) -> HighScore:
    """A checked high-score entry: a score of 0 or more moves, a player name without spaces."""
    score = int(score)
    player = str(player)
    if score < 0:
        raise ValueError(f"a score is a number of moves, 0 or more, not {score}")
    if not player or any(ch.isspace() for ch in player):
        raise ValueError(f"a high-score name is one word without spaces, not {player!r}")
    return HighScore(score, player)
