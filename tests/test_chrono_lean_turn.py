"""The solver's lean turn (studio/games/chrono/lean_turn.py) is the engine's ``play_turn``:
on every random level of the corpus (../shared/corpus/chrono/fuzz), random walks with one,
two and three clones try several joint actions each turn, and the lean turn gives the same
world as the engine, or None exactly when the engine finds a paradox. The walks are seeded,
so a failure names a level, a world and the actions that repeat it; the test also checks
that every kind of paradox, pushes and goals taken by crates were met, so the walks reach
what the rules are about."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from studio.games.chrono.engine import Board, World
from studio.games.chrono.engine.actions import ACTIONS, TIME_MACHINE
from studio.games.chrono.engine.events import GoalTaken, Pushed
from studio.games.chrono.engine.turn import play_turn
from studio.games.chrono.glyphs import Glyph
from studio.games.chrono.lean_turn import LeanTurn
from tests.chrono_corpus import ABSENT, FUZZ, fuzz_level, fuzz_present

pytestmark = pytest.mark.skipif(not fuzz_present(), reason=ABSENT)

TURNS = 12  # per walk
TRIES = 4  # joint actions tried on each turn with two or three clones (one clone: all six)
MOVES_AND_WAIT = "NESWH"


def _actions(rng: random.Random, board: Board, world: World) -> tuple:
    """Random actions; the time machine mostly where it can be entered, so that walks go on."""
    return tuple(None if clone in world.home
                 else TIME_MACHINE if rng.random() < (0.5 if cell == board.start else 0.03)
                 else rng.choice(MOVES_AND_WAIT)
                 for clone, cell in enumerate(world.clones))


def _compare(board: Board, lean: LeanTurn, world: World, actions: tuple, seen: Counter) -> World | None:
    reference = play_turn(board, world, {c: a for c, a in enumerate(actions) if a is not None})
    ours = lean.play(world, actions)
    if reference.paradoxes:
        seen.update(p.kind for p in reference.paradoxes)
        assert ours is None, (world, actions, reference.paradoxes)
        return None
    seen.update(type(e).__name__ for e in reference.events if isinstance(e, Pushed))
    seen.update("goal by crate" for e in reference.events if isinstance(e, GoalTaken) and e.by_crate)
    assert ours == reference.world, (world, actions)
    return reference.world


def test_the_lean_turn_is_the_engines_turn_on_every_fuzz_level():
    names = sorted(path.name for path in FUZZ.glob("*.txt"))
    assert names
    seen: Counter = Counter()
    rng = random.Random(20240611)
    for name in names:
        level = fuzz_level(name)
        board = Board.from_level(level)
        lean = LeanTurn(board)
        crates = frozenset(cell for cell, glyph in enumerate(level.glyphs) if glyph == Glyph.CRATE)
        for clones in (1, 2, 3):
            world = World.at_start(board, clones, crates)
            for _turn in range(TURNS):
                tries = [tuple(None if c in world.home else a for c in range(clones))
                         for a in ACTIONS] if clones == 1 else [_actions(rng, board, world) for _ in range(TRIES)]
                followed = [after for actions in tries
                            if (after := _compare(board, lean, world, actions, seen)) is not None]
                if not followed or len(world.home) == clones:
                    break
                world = rng.choice(followed)
                if len(world.home) == clones:
                    break
    for kind in ("time paradox", "closed gate", "closed passage", "crate on clone", "Pushed", "goal by crate"):
        assert seen[kind], f"the walks never met: {kind} ({dict(seen)})"


# A room for crowded worlds: crates pushed onto one field, or one crate two ways, are too
# rare on the random levels to meet there.
ROOM = ["+++++++",
        "+ b- G+",
        "+ p o +",
        "+ _ P +",
        "+     +",
        "+++++++"]


def _room() -> Board:
    width, glyphs = len(ROOM[0]), [ord(ch) for row in ROOM for ch in row]
    cell = {ch: row * width + col for row, text in enumerate(ROOM) for col, ch in enumerate(text)}
    links = [(cell["b"], (cell["-"],)), (cell["o"], (cell["-"], cell["_"])), (cell["P"], (cell["_"],))]
    return Board(width, len(ROOM), glyphs, 4 * width + 1, sorted(links))


def test_the_lean_turn_is_the_engines_turn_in_crowded_worlds():
    board = _room()
    lean = LeanTurn(board)
    rng = random.Random(7)
    inside = [c for c in range(len(board.glyphs)) if board.glyph(c) != Glyph.WALL]
    passages = [c for c in inside if board.is_passage(c)]
    bottom = 4 * board.width
    # Two clones push two crates onto the field between them; a third stands by.
    worlds = [World(0, (bottom + 1, bottom + 5, bottom + 3 - board.width), frozenset(),
                    frozenset({bottom + 2, bottom + 4}), frozenset(), frozenset(), frozenset(), frozenset())]
    for _world in range(150):
        clones = rng.randint(2, 3)
        cells = rng.sample(inside, clones + 3)
        worlds.append(World(
            rng.randint(0, 5), tuple(cells[:clones]), frozenset(c for c in range(clones - 1) if rng.random() < 0.2),
            frozenset(cells[clones:]), frozenset(g for g in board.gates if rng.random() < 0.5),
            frozenset(c for c in inside if board.glyph(c) == Glyph.ONE_TIME_BUTTON and rng.random() < 0.3),
            frozenset(c for c in passages if rng.random() < 0.3), frozenset()))
    seen: Counter = Counter()
    for world in worlds:
        clones = len(world.clones)
        for letters in _every_choice(clones):
            _compare(board, lean, world, tuple(None if c in world.home else a for c, a in enumerate(letters)), seen)
    for kind in ("crates collide", "push conflict", "Pushed", "closed gate", "closed passage", "time paradox"):
        assert seen[kind], f"the worlds never met: {kind} ({dict(seen)})"


def _every_choice(count: int) -> list[tuple]:
    choices = [()]
    for _ in range(count):
        choices = [chosen + (action,) for chosen in choices for action in ACTIONS]
    return choices
