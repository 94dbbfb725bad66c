"""The bundled Intricacy locks: they load, are ours, save as the same bytes, and their stored
solutions open them, each using the mechanic it teaches."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.games.intricacy.engine import MOVE_LETTERS, initial_state, parse_moves, play_solution, step
from studio.games.intricacy.lock import PIVOT, WRENCH
from studio.games.intricacy.lockfile import load_lock, save_lock
from studio.games.intricacy.physics import CLOCKWISE_TORQUE

LEVELS = Path(__file__).resolve().parent.parent / "levels" / "intricacy"
LOCK_FILES = sorted(LEVELS.glob("*.lock"))
AUTHOR = "Puzzle Level Studio"


def test_there_are_at_least_eight_numbered_locks():
    assert len(LOCK_FILES) >= 8
    assert [int(p.name[:2]) for p in LOCK_FILES] == list(range(1, len(LOCK_FILES) + 1))


@pytest.mark.parametrize("path", LOCK_FILES, ids=lambda p: p.name)
def test_lock_loads_is_ours_and_saves_unchanged(path):
    data = path.read_bytes()
    level = load_lock(data)
    assert level.title and level.description and level.author == AUTHOR
    assert save_lock(level) == data
    assert not level.lock.problems()
    assert not initial_state(level.lock).is_open()


@pytest.mark.parametrize("path", LOCK_FILES, ids=lambda p: p.name)
def test_stored_solution_opens_the_lock_on_its_last_move(path):
    level = load_lock(path.read_bytes())
    moves = parse_moves(level.solution)
    verdict = play_solution(initial_state(level.lock), moves)
    assert (verdict.verdict, verdict.moves) == ("won", len(moves))


def _tools_forces(path_name: str):
    """Every (move letter, forces applied in the tools phase) of the lock's solution."""
    level = load_lock((LEVELS / path_name).read_bytes())
    state = initial_state(level.lock)
    found = []
    for letter in level.solution:
        result = step(state, MOVE_LETTERS[letter])
        found.append((letter, result.events[0].applied, state))
        state = result.state
    return level.lock, found


def test_turning_lock_is_opened_by_a_turn():
    _, found = _tools_forces("03-turning.lock")
    assert all(force.is_torque for _, applied, _ in found for force in applied)


def test_pulling_round_lock_claws_the_bolt():
    lock, found = _tools_forces("04-pulling-round.lock")
    letter, applied, _ = found[-1]
    bolt = next(i for i, p in enumerate(lock.pieces) if p.label == "A")
    # The arm turns anticlockwise; its obvious push on the bolt would be north-west, the claw is west.
    assert letter == "q" and (bolt, 3) in [tuple(f) for f in applied]


def test_pivots_lock_turns_a_pivot():
    lock, found = _tools_forces("05-pivots.lock")
    pivots = {i for i, p in enumerate(lock.pieces) if p.kind == PIVOT}
    assert any(f.piece in pivots and f.is_torque for _, applied, _ in found for f in applied)


def test_springs_lock_pushes_the_block_along_its_spring_twice():
    lock, found = _tools_forces("06-springs-give.lock")
    b = next(i for i, p in enumerate(lock.pieces) if p.label == "B")
    assert sum(1 for _, applied, _ in found for f in applied if f.piece == b) == 2


def test_wrench_lock_uses_momentum():
    lock, found = _tools_forces("07-the-wrench.lock")
    wrench = next(i for i, p in enumerate(lock.pieces) if p.kind == WRENCH)
    assert any(letter == "s" and any(f.piece == wrench for f in applied) for letter, applied, _ in found)


def test_gears_lock_turns_two_pivots_at_once():
    lock, found = _tools_forces("08-gears.lock")
    pivots = {i for i, p in enumerate(lock.pieces) if p.kind == PIVOT}
    _, applied, _ = found[-1]
    turned = {f.piece for f in applied if f.is_torque and f.piece in pivots}
    assert turned == pivots
    assert any(f.motion == CLOCKWISE_TORQUE for f in applied)
