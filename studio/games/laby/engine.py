"""The Labyrinthos engine: pure Python, no Qt.

The rules: the player starts on the level's spawn (the first spawn square, else
the last path square) and moves one square up, down, left or right; walls and
the level's edge block; stepping onto any objective wins. The score is the
number of moves that moved the player (a bump into a wall costs nothing).

``initial_state(level)`` gives the start of play; ``step(state, move)`` plays
one move and returns a ``StepResult(state, moved, outcome, events)``. States
are immutable and hashable; what never changes (the squares, the size) lives
in one ``Board`` shared by every state of a level.
"""

from __future__ import annotations

from typing import NamedTuple

from studio.core.verifying import parse_direction_letters
from studio.games.laby.squares import DEFAULT_COLOURS, Square

NONE, UP, DOWN, LEFT, RIGHT = 0, 1, 2, 3, 4
MOVES = (UP, DOWN, LEFT, RIGHT)
DIRECTION_NAMES = {UP: "up", DOWN: "down", LEFT: "left", RIGHT: "right"}
DIRECTION_LETTERS = {UP: "U", DOWN: "D", LEFT: "L", RIGHT: "R"}
LETTER_DIRECTIONS = {letter: move for move, letter in DIRECTION_LETTERS.items()}
_OFFSETS = {UP: (0, -1), DOWN: (0, 1), LEFT: (-1, 0), RIGHT: (1, 0)}


class NoSpawnError(ValueError):
    """A level with no spawn square and no path square: there is nowhere to start."""


class Board:
    """What every state of one level shares: its size, squares and colours (compared by value).
    The colours, (foreground, background) per square, are only for drawing a state."""

    __slots__ = ("width", "height", "squares", "colours")

    def __init__(self, width: int, height: int, squares: bytes, colours: tuple = ()):
        self.width = width
        self.height = height
        self.squares = bytes(squares)
        self.colours = tuple(colours) or tuple(DEFAULT_COLOURS[square] for square in Square)

    def __eq__(self, other):
        return self is other or (isinstance(other, Board) and self.width == other.width
                                 and self.height == other.height and self.squares == other.squares
                                 and self.colours == other.colours)

    def __hash__(self):
        return hash((self.width, self.height, self.squares))  # bytes cache their own hash

    def neighbour(self, cell: int, move: int) -> int:
        """The cell one step away, or -1 past the edge."""
        dx, dy = _OFFSETS[move]
        x, y = cell % self.width + dx, cell // self.width + dy
        return y * self.width + x if 0 <= x < self.width and 0 <= y < self.height else -1

    def xy(self, cell: int) -> tuple[int, int]:
        return cell % self.width, cell // self.width


class LabyState(NamedTuple):
    """One position of a Labyrinthos level: where the player stands, and whether it is won."""

    player: int  # cell index
    won: bool
    board: Board

    @property
    def finished(self) -> bool:
        return self.won

    def __repr__(self):
        return f"LabyState(player={self.board.xy(self.player)}, won={self.won})"


# -- events: what the play-test overlays draw -------------------------------------------

class Moved(NamedTuple):
    """The player walked from one cell to the next."""
    what: str
    frm: int
    to: int


class Blocked(NamedTuple):
    """A move from ``at`` was stopped by the wall at ``by_cell`` (-1: the level's edge)."""
    what: str
    at: int
    by_cell: int


class ReachedObjective(NamedTuple):
    """The player stepped onto the objective at ``at``: the level is won."""
    what: str
    at: int


class StepResult(NamedTuple):
    state: LabyState
    moved: bool  # did the player move (a move that moved counts towards the score)
    outcome: str  # "none" or "won"
    events: tuple


def initial_state(level) -> LabyState:
    """The start of play for a ``LabyLevel``; NoSpawnError when it has nowhere to start."""
    start = level.spawn_cell()
    if start is None:
        raise NoSpawnError("the level has no spawn square and no path square to start on")
    colours = tuple(level.colour_pair(square) for square in Square)
    return LabyState(start, False, Board(level.width, level.height, level.squares, colours))


def step(state: LabyState, move: int) -> StepResult:
    """Play one move (1 up, 2 down, 3 left, 4 right) from ``state``."""
    if state.won or move not in _OFFSETS:
        return StepResult(state, False, "won" if state.won else "none", ())
    board = state.board
    target = board.neighbour(state.player, move)
    if target < 0 or board.squares[target] == Square.WALL:
        return StepResult(state, False, "none", (Blocked("player", state.player, target),))
    won = board.squares[target] == Square.OBJECTIVE
    events: tuple = (Moved("player", state.player, target),)
    if won:
        events += (ReachedObjective("player", target),)
    return StepResult(LabyState(target, won, board), True, "won" if won else "none", events)


class Verdict(NamedTuple):
    verdict: str  # "won" or "open"
    moves: int  # moves played when it was reached (all of them for "open"), bumps included
    score: int  # moves that moved the player: the level's score when won
    state: LabyState


def play_solution(state: LabyState, moves) -> Verdict:
    """Play moves in turn until the level is won or the moves run out."""
    played = score = 0
    for move in moves:
        played += 1
        result = step(state, move)
        if result.moved:
            score += 1
            state = result.state
            if state.won:
                return Verdict("won", played, score, state)
    return Verdict("open", played, score, state)


def parse_moves(text: str) -> tuple[int, ...]:
    """``U D L R`` (any case; spaces and commas ignored) as moves 1-4."""
    return parse_direction_letters(text, LETTER_DIRECTIONS)


def moves_text(moves) -> str:
    return "".join(DIRECTION_LETTERS[move] for move in moves)


class LabyEngine:
    """The Engine protocol of core.game for Labyrinthos."""

    moves = MOVES

    def initial_state(self, level) -> LabyState:
        return initial_state(level)

    def step(self, state: LabyState, move: int) -> StepResult:
        return step(state, move)


LABY_ENGINE = LabyEngine()
