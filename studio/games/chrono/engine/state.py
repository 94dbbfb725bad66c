"""Immutable ChronoShift states and the result of a step.

A ``World`` is one moment of the current time jump: where the clones and
crates are, which gates are open, what has been used up. A ``ChronoState``
adds the timeline: what each earlier clone did (it replays that exactly), what
the current clone has done in this jump, the score and how the game stands.
Both are frozen and hashable; the ``Board`` is shared by reference.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from studio.games.chrono.engine.board import Board

PLAYING, WON, PARADOX = "playing", "won", "paradox"

# Kinds of paradox (a time paradox, or one of the README's non-determinism rules).
TIME_PARADOX = "time paradox"  # a past clone is not on the time machine when it should enter
CLOSED_GATE = "closed gate"  # a clone ends a turn on a closed gate (a crate may)
CLOSED_PASSAGE = "closed passage"  # ... on a one-time passage that has closed (a crate may)
CRATE_ON_CLONE = "crate on clone"  # a clone and a crate end a turn on one field
CRATES_COLLIDE = "crates collide"  # two crates pushed onto one field
PUSH_CONFLICT = "push conflict"  # one crate pushed in two directions at once


@dataclass(frozen=True)
class Paradox:
    """Why a turn cannot happen: ``kind``, the ``turn`` of the time jump, the clones
    involved (empty when only crates are), the ``cell`` where, and a sentence."""

    kind: str
    turn: int
    clones: tuple[int, ...]
    cell: int
    message: str


@dataclass(frozen=True)
class World:
    turn: int  # turns played in this time jump
    clones: tuple[int, ...]  # each clone's cell, oldest first; the last is the one the player controls
    home: frozenset[int]  # clones that have entered the time machine in this jump
    crates: frozenset[int]
    open_gates: frozenset[int]
    pressed_once: frozenset[int]  # one-time buttons pressed in this jump (they stay active)
    passages: frozenset[int]  # one-time passages entered in this jump (closed from the next turn)
    goals_taken: frozenset[int]

    @classmethod
    def at_start(cls, board: Board, clone_count: int, crates: frozenset[int]) -> "World":
        return cls(0, (board.start,) * clone_count, frozenset(), crates, board.initially_open,
                   frozenset(), frozenset(), frozenset())

    @property
    def current(self) -> int:
        return len(self.clones) - 1

    def active_clones(self):
        """(number, cell) of the clones still in the level (not in the time machine)."""
        return ((n, cell) for n, cell in enumerate(self.clones) if n not in self.home)


@dataclass(frozen=True)
class ChronoState:
    board: Board = field(repr=False)
    start_crates: frozenset[int]
    recordings: tuple[tuple[str, ...], ...]  # each earlier clone's actions, up to its entering the machine
    actions: tuple[str, ...]  # the current clone's actions in this jump
    world: World
    score: int = 0
    status: str = PLAYING
    paradox: Paradox | None = None

    @property
    def clone_count(self) -> int:
        return len(self.recordings) + 1

    @property
    def finished(self) -> bool:
        return self.status != PLAYING

    def recorded_action(self, clone: int, turn: int) -> str | None:
        """What an earlier clone does on ``turn`` (from 1) of the jump; None once it is home."""
        recording = self.recordings[clone]
        return recording[turn - 1] if turn <= len(recording) else None


@dataclass(frozen=True)
class StepResult:
    state: ChronoState
    changed: bool  # False when the action was refused (no turn passed)
    outcome: str  # PLAYING, WON or PARADOX
    events: tuple = ()


def initial_state(level) -> ChronoState:
    from studio.games.chrono.glyphs import Glyph

    board = Board.from_level(level)
    crates = frozenset(i for i, g in enumerate(level.glyphs) if g == Glyph.CRATE)
    return ChronoState(board, crates, (), (), World.at_start(board, 1, crates))
