"""Immutable Escape states, the shared board geometry, and the result of a step.

A state holds what can change during play: the two tile layers, the panel
flags, the player's cell, the bots, and whether the player is dead or has won.
What never changes (size, destinations, the neighbour tables) lives in one
``Board`` that every state of a level shares by reference, so the solver's
visited set and the play-test's undo list do not copy it.

Tiles, bizarro tiles and flags are ``bytes`` (every value is below 128), which
copy, compare and hash fast; a step that leaves a layer alone hands the very
same object on to the next state.
"""

from __future__ import annotations

from typing import NamedTuple

from studio.games.escape.engine.events import Event
from studio.games.escape.tiles import Bot, panel_flags

NONE, UP, DOWN, LEFT, RIGHT = 0, 1, 2, 3, 4
DIRECTION_NAMES = {UP: "up", DOWN: "down", LEFT: "left", RIGHT: "right"}
DIRECTION_LETTERS = {UP: "U", DOWN: "D", LEFT: "L", RIGHT: "R"}
LETTER_DIRECTIONS = {"U": UP, "D": DOWN, "L": LEFT, "R": RIGHT}
OPPOSITE = (NONE, DOWN, UP, RIGHT, LEFT)

# Run-time bot types besides the file's 0..15.
DESTROYED = -2  # invisible and inert; keeps its slot so the bot order never changes
EXPLODED = -3  # a bomb that exploded this turn (becomes DESTROYED on the next one)


class Board:
    """What every state of one level shares: size, destinations, neighbours.
    Equal boards (same size and destinations) make equal states equal."""

    __slots__ = ("width", "height", "size", "dests", "neighbours")

    def __init__(self, width: int, height: int, dests):
        self.width = width
        self.height = height
        self.size = width * height
        self.dests = tuple(dests)
        self.neighbours = _neighbour_tables(width, height)

    def __eq__(self, other):
        return self is other or (isinstance(other, Board) and self.width == other.width
                                 and self.height == other.height and self.dests == other.dests)

    def __hash__(self):
        return hash((self.width, self.height, len(self.dests)))

    def xy(self, cell: int) -> tuple[int, int]:
        return cell % self.width, cell // self.width

    def cell(self, x: int, y: int) -> int:
        return y * self.width + x

    def __reduce__(self):  # pickled for worker processes without the tables
        return (Board, (self.width, self.height, self.dests))


_NEIGHBOURS: dict[tuple[int, int], tuple] = {}


def _neighbour_tables(width: int, height: int) -> tuple:
    """neighbours[d][cell]: the cell one step in direction d, or -1 off the board."""
    key = (width, height)
    if key not in _NEIGHBOURS:
        size = width * height
        up = tuple(c - width if c >= width else -1 for c in range(size))
        down = tuple(c + width if c + width < size else -1 for c in range(size))
        left = tuple(c - 1 if c % width else -1 for c in range(size))
        right = tuple(c + 1 if c % width != width - 1 else -1 for c in range(size))
        _NEIGHBOURS[key] = ((-1,) * size, up, down, left, right)
    return _NEIGHBOURS[key]


class EscapeState(NamedTuple):
    """One position of an Escape level. Immutable and hashable.

    ``bots`` is a tuple of ``(type, cell, data)`` in bot order; ``player`` is
    the player's cell index (``guy`` gives it as (x, y)). ``board`` is shared
    by every state of the level (compared by identity).
    """

    tiles: bytes
    otiles: bytes
    flags: bytes
    player: int
    bots: tuple
    dead: bool
    won: bool
    board: Board

    @property
    def dests(self) -> tuple:
        return self.board.dests

    @property
    def width(self) -> int:
        return self.board.width

    @property
    def height(self) -> int:
        return self.board.height

    @property
    def guy(self) -> tuple[int, int]:
        return self.board.xy(self.player)

    @property
    def finished(self) -> bool:
        return self.dead or self.won

    def __repr__(self):
        return (f"EscapeState({self.board.width}x{self.board.height}, guy={self.guy}, "
                f"bots={len(self.bots)}, dead={self.dead}, won={self.won})")


class StepResult(NamedTuple):
    state: EscapeState
    moved: bool  # did the move change anything (the original's return value)
    outcome: str  # "none", "won" or "dead"
    events: tuple[Event, ...]


def initial_state(level) -> EscapeState:
    """The start of play for an ``EscapeLevel`` (flags as its two layers imply)."""
    board = Board(level.width, level.height, level.dests)
    flags = panel_flags(level.tiles, level.otiles)
    # in the order a saved file has them (bombs after the other bots, else as placed)
    placed = [(int(b.kind), int(b.cell), -1) for b in level.bots]
    bots = tuple([b for b in placed if b[0] < Bot.BOMB] + [b for b in placed if b[0] >= Bot.BOMB])
    px, py = level.player
    return EscapeState(bytes(level.tiles), bytes(level.otiles), flags,
                       py * level.width + px, bots, False, False, board)


def state_from_arrays(width: int, height: int, dests, tiles, otiles, flags, guy_xy, bots,
                      dead=False, won=False) -> EscapeState:
    """A state from raw arrays (a trace line, a test): bots as (type, cell, data)."""
    board = Board(width, height, dests)
    return EscapeState(bytes(tiles), bytes(otiles), bytes(flags),
                       guy_xy[1] * width + guy_xy[0], tuple(tuple(b) for b in bots),
                       bool(dead), bool(won), board)


