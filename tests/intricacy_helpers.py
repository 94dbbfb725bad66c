"""Small locks for the Intricacy tests, built piece by piece at given hexes."""

from __future__ import annotations

from studio.games.intricacy.engine import MOVE_LETTERS, initial_state, step
from studio.games.intricacy.hexgrid import Hex
from studio.games.intricacy.lock import BALL, BLOCK, HOOK, PIVOT, WRENCH, Lock, Piece, Spring


def block(label: str, *hexes: tuple[int, int]) -> Piece:
    return Piece(BLOCK, frozenset(Hex(*h) for h in hexes), label=label)


def ball(q: int, r: int) -> Piece:
    return Piece(BALL, frozenset({Hex(q, r)}))


def pivot(q: int, r: int, *arms: int) -> Piece:
    return Piece(PIVOT, frozenset({Hex(q, r)}), frozenset(arms))


def hook(q: int, r: int, arm: int) -> Piece:
    return Piece(HOOK, frozenset({Hex(q, r)}), frozenset({arm}))


def wrench(*hexes: tuple[int, int]) -> Piece:
    return Piece(WRENCH, frozenset(Hex(*h) for h in hexes))


def spring(root: int, end: int, root_anchor: tuple[int, int], end_anchor: tuple[int, int], natural: int) -> Spring:
    return Spring(root, end, Hex(*root_anchor), Hex(*end_anchor), natural)


def make_lock(*pieces: Piece, springs=(), walls=(), size: int = 4) -> Lock:
    lock = Lock(size, frozenset(Hex(*w) for w in walls), tuple(pieces), tuple(springs))
    assert not lock.problems(), lock.problems()
    return lock


def play(lock_or_state, letters: str):
    """Play move letters; returns (final state, list of StepResults)."""
    state = initial_state(lock_or_state) if isinstance(lock_or_state, Lock) else lock_or_state
    results = []
    for letter in letters:
        result = step(state, MOVE_LETTERS[letter])
        results.append(result)
        state = result.state
    return state, results


def hexes_of(state, index: int) -> set[tuple[int, int]]:
    return {tuple(h) for h in state.pieces[index].hexes}


def arms_of(state, index: int) -> set[int]:
    return set(state.pieces[index].arms)


def blockages(result, phase: str | None = None):
    return [b for report in result.events if phase in (None, report.phase) for b in report.blockages]
