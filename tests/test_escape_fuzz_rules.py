"""Escape rules the random levels (../shared/corpus/escape/fuzz) showed we had wrong, one
small test per rule, each naming the fuzz run (level file, run index) that showed it.
Maps use the legend of tests/test_escape_rules.py."""

from __future__ import annotations

from studio.games.escape.engine import DOWN, LEFT, RIGHT, UP, initial_state, play_solution
from studio.games.escape.engine.step import danger_in_place
from studio.games.escape.tiles import T
from tests.test_escape_rules import make_level, play, tile


def test_a_start_in_a_lasers_line_with_no_move_changing_anything_ends_dead():
    """fuzz levels/all-1-33.esx run 0: every move is blocked and the original says dead at
    the last move; a start in the line is still safe once a move changes something."""
    boxed = make_level("#L#\n#P#\n###")
    assert danger_in_place(initial_state(boxed)) is not None
    assert play_solution(initial_state(boxed), [UP, DOWN, LEFT, RIGHT]) == ("dead", 4, initial_state(boxed))
    assert play_solution(initial_state(boxed), []).verdict == "open"
    walks_away = make_level("P.L\n...")
    assert play_solution(initial_state(walks_away), [DOWN, LEFT]).verdict == "open"


def test_the_cross_over_wire_is_pushed_like_the_other_wires():
    """fuzz levels/all-1-108.esx run 2: the player walks up into an NSWE block and pushes it."""
    state, result = play(make_level("P.X."), RIGHT, RIGHT)
    assert result.moved and state.guy == (2, 0)
    assert tile(state, 3, 0) == T.NSWE and tile(state, 2, 0) == T.FLOOR
    assert not play(make_level("PX#"), RIGHT)[1].moved
