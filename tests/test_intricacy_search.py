"""The solver's shortcuts against the plain engine: ``search.shortest_solution`` plays turns
phase by phase and remembers springs phases, and physics remembers moved pieces and the
indexes of a situation. None of that may change an answer, so here the search is held to a
plain breadth-first search over ``engine.step``, and the engine with its memories full to
the engine with them emptied before every turn."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from studio.games.intricacy import physics
from studio.games.intricacy.engine import MOVE_LETTERS, initial_state, parse_moves, play_solution, step
from studio.games.intricacy.lockfile import load_lock
from studio.games.intricacy.search import shortest_solution
from tests.test_intricacy_format import apply_edits, edits

LEVELS = Path(__file__).resolve().parent.parent / "levels" / "intricacy"
LOCK_FILES = sorted(LEVELS.glob("*.lock"))


def plain_breadth_first(lock, max_moves: int = 60, max_states: int = 200_000):
    """The search as it was before its shortcuts, one ``engine.step`` a move:
    (solution or None, distinct states seen, complete, states expanded)."""
    start = initial_state(lock)
    if start.is_open():
        return "", 1, True, 0
    moves = [(letter, move) for letter, move in MOVE_LETTERS.items()
             if not (move.tool == "wrench" and lock.wrench is None) and not (move.tool == "hook" and lock.hook is None)]
    parents = {start: None}
    queue = deque([(start, 0)])
    expanded = 0
    while queue:
        state, depth = queue.popleft()
        expanded += 1
        if depth >= max_moves:
            continue
        for letter, move in moves:
            nxt = step(state, move).state
            if nxt in parents:
                continue
            parents[nxt] = (state, letter)
            if nxt.is_open():
                path = []
                while parents[nxt] is not None:
                    nxt, letter = parents[nxt]
                    path.append(letter)
                return "".join(reversed(path)), len(parents), False, expanded
            if len(parents) >= max_states:
                return None, len(parents), False, expanded
            queue.append((nxt, depth + 1))
    return None, len(parents), True, expanded


def _same_as_plain(lock, **bounds) -> None:
    found = shortest_solution(lock, **bounds)
    solution, states, complete, expanded = plain_breadth_first(lock, **bounds)
    # Ties among shortest solutions break by move order in both, so even the letters agree.
    assert (found.solution, found.states, found.complete, found.expanded) == (solution, states, complete, expanded)
    if found.solution is not None:
        assert play_solution(initial_state(lock), parse_moves(found.solution)).verdict == "won"


@pytest.mark.parametrize("path", LOCK_FILES, ids=lambda p: p.name)
def test_bundled_lock_searches_as_plain_breadth_first(path):
    _same_as_plain(load_lock(path.read_bytes()).lock)


@pytest.mark.parametrize("bounds", [{"max_moves": 3}, {"max_states": 40}], ids=["depth", "states"])
def test_bounded_search_stops_where_plain_breadth_first_does(bounds):
    _same_as_plain(load_lock((LEVELS / "06-springs-give.lock").read_bytes()).lock, **bounds)


# Random edits over a bundled lock keep its bolt in the bolthole, so the searches are not trivial.
@settings(max_examples=25, deadline=None)
@given(edits(), st.sampled_from(LOCK_FILES))
def test_edited_lock_searches_as_plain_breadth_first(steps, path):
    lock = apply_edits(load_lock(path.read_bytes()).lock, steps)
    _same_as_plain(lock, max_moves=8, max_states=400)


def _forget() -> None:
    physics._AFTER.clear()
    physics._INDEXES.clear()


@settings(max_examples=60, deadline=None)
@given(edits(), st.sampled_from(LOCK_FILES), st.text(alphabet="".join(MOVE_LETTERS), max_size=20))
def test_remembered_physics_plays_as_fresh(steps, path, letters):
    lock = apply_edits(load_lock(path.read_bytes()).lock, steps)
    state = initial_state(lock)
    for letter in letters:
        remembered = step(state, MOVE_LETTERS[letter])
        remembered_again = step(state, MOVE_LETTERS[letter])  # now surely from the memories
        _forget()
        fresh = step(state, MOVE_LETTERS[letter])
        assert remembered == fresh == remembered_again  # the state and every event
        state = fresh.state


@pytest.mark.parametrize("seed_and_lock", __import__("tests.intricacy_large", fromlist=["large_locks"]).large_locks(6),
                         ids=lambda found: f"seed{found[0]}")
def test_a_large_lock_searches_as_plain_breadth_first(seed_and_lock):
    """Eight blocks and four springs (tests/intricacy_large.py): the shortcut for hook moves
    into empty hexes and the remembered springs phases change no answer."""
    _same_as_plain(seed_and_lock[1])


@settings(max_examples=60, deadline=None)
@given(edits(), st.sampled_from(LOCK_FILES), st.text(alphabet="".join(MOVE_LETTERS), max_size=12))
def test_a_free_hook_move_is_the_tools_phase(steps, path, letters):
    from studio.games.intricacy.engine import tools_phase
    from studio.games.intricacy.search import free_cells, free_hook_move

    lock = apply_edits(load_lock(path.read_bytes()).lock, steps)
    if lock.hook is None:
        return
    state = initial_state(lock)
    for letter in letters:
        move = MOVE_LETTERS[letter]
        shortcut = free_hook_move(state, move, free_cells(state, {}), {})
        if shortcut is not None:
            assert shortcut == tools_phase(state, move)[0]
        state = step(state, move).state
