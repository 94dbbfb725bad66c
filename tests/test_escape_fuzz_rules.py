"""Escape rules the random levels (../shared/corpus/escape/fuzz) showed we had wrong, one
small test per rule, each naming the fuzz run (level file, run index) that showed it.
Maps use the legend of tests/test_escape_rules.py."""

from __future__ import annotations

from studio.games.escape.engine import DOWN, LEFT, RIGHT, UP, initial_state, play_solution
from studio.games.escape.engine.state import DESTROYED
from studio.games.escape.engine.step import danger_in_place
from studio.games.escape.tiles import Bot, T
from tests.test_escape_rules import bot, make_level, play, tile


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


def test_nobody_is_pushed_off_an_exit():
    """fuzz levels/hugbot-2-141.esx run 1: the player steps onto an exit beside a hugbot, which
    does not push him off it, and he wins; fuzz levels/hugbot-2-29.esx run 0: a hugbot does
    not push a bot off an exit."""
    state, result = play(make_level("PE.", bots=[(Bot.HUGBOT, (2, 0))]), RIGHT)
    assert result.outcome == "won" and state.guy == (1, 0) and bot(state, 0)[1] == (2, 0)
    assert not play(make_level("PE.", bots=[(Bot.BROKEN, (1, 0))]), RIGHT)[1].moved
    hugbot_above = make_level(".\nE\n.\nP", bots=[(Bot.HUGBOT, (0, 0)), (Bot.BROKEN, (0, 1))])
    state, result = play(hugbot_above, UP)
    assert state.guy == (0, 2) and bot(state, 0)[1] == (0, 0) and bot(state, 1)[1] == (0, 1)


def test_a_dalek_does_not_fuse_with_a_bot_on_an_exit():
    """An exit someone stands on is a wall to everyone (fuzz levels/hugbot-2-29.esx run 0)."""
    level = make_level(".E.P\n....", bots=[(Bot.DALEK, (0, 0)), (Bot.BROKEN, (1, 0))])
    state, _ = play(level, DOWN)
    assert bot(state, 0) == (Bot.DALEK, (0, 1), -1) and bot(state, 1) == (Bot.BROKEN, (1, 0), -1)


def test_nobody_is_pushed_onto_an_exit():
    """fuzz levels/hugbot-2-51.esx run 0: a hugbot cannot push a bot onto an exit, so it goes
    the other way; nor does it push the player onto one, nor the player a bot."""
    assert not play(make_level("P.E", bots=[(Bot.BROKEN, (1, 0))]), RIGHT)[1].moved
    bot_beside_exit = make_level("E...\n....\nP...", bots=[(Bot.HUGBOT, (2, 0)), (Bot.BROKEN, (1, 0))])
    state, _ = play(bot_beside_exit, UP)
    assert bot(state, 0)[1] == (2, 1) and bot(state, 1)[1] == (1, 0)
    player_beside_exit = make_level(".E..\n..P.", bots=[(Bot.HUGBOT, (3, 0))])
    state, result = play(player_beside_exit, UP)
    assert result.outcome == "none" and state.guy == (2, 0) and bot(state, 0)[1] == (3, 0)


def test_no_bot_enters_the_cell_where_a_dalek_crushed_the_player():
    """fuzz levels/hugbot-2-60.esx run 0: a dalek crushes the player, and the hugbot that
    moves next does not push him (nor the dalek) away."""
    level = make_level("P..\n#..", bots=[(Bot.DALEK, (1, 1)), (Bot.HUGBOT, (2, 0))])
    state, result = play(level, RIGHT)
    assert result.outcome == "dead" and state.guy == (1, 0)
    assert bot(state, 0)[1] == (1, 0) and bot(state, 1)[1] == (2, 0)


def test_a_dalek_sent_onto_the_player_and_a_bot_fuses_with_the_bot():
    """fuzz levels/hugbot-2-62.esx run 0: the player is sent onto a bot, then a dalek is sent
    to the same cell: the dalek and that bot fuse, and the player is dead."""
    level = make_level("PT..\n...T\n....", dests={(1, 0): (3, 2), (3, 1): (3, 2)},
                       bots=[(Bot.DALEK, (2, 1)), (Bot.BROKEN, (3, 2))])
    state, result = play(level, RIGHT)
    assert result.outcome == "dead" and state.guy == (3, 2)
    assert bot(state, 0) == (Bot.BROKEN, (3, 2), -1) and bot(state, 1)[0] == DESTROYED


def test_a_bomb_pushed_into_electric_floor_is_lit_as_it_is_destroyed():
    """fuzz levels/all-1-131.esx run 0: the destroyed bomb keeps the fuse the push lit."""
    state, result = play(make_level("P.z", bots=[(Bot.BOMB + 3, (1, 0))]), RIGHT)
    assert result.moved and bot(state, 0) == (DESTROYED, (2, 0), 3)
