"""Properties of the engine on random locks and random moves: pieces never overlap or leave
the lock, springs stay straight, and a turn is a pure function of (state, move)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from studio.games.intricacy.engine import MOVE_LETTERS, initial_state, step
from studio.games.intricacy.lock import Lock
from tests.test_intricacy_format import apply_edits, edits


def _check_state(state) -> None:
    lock = state.as_lock()
    problems = [p for p in lock.problems() if "could not tell whose" not in p]  # a file-format rule only
    assert not problems, problems
    for spring in state.springs:
        direction, length = spring.axis()
        assert length >= 1


@settings(max_examples=120, deadline=None)
@given(edits(), st.text(alphabet="".join(MOVE_LETTERS), max_size=25))
def test_random_play_keeps_the_lock_valid(steps, letters):
    lock = apply_edits(Lock(3), steps)
    state = initial_state(lock)
    for letter in letters:
        result = step(state, MOVE_LETTERS[letter])
        again = step(state, MOVE_LETTERS[letter])
        assert result == again and hash(result.state) == hash(again.state)
        assert result.moved == (result.state != state)
        state = result.state
        _check_state(state)
