"""ChronoShift's rules, one small level per rule, each test named after the rule it pins."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from studio.games.chrono.engine import PARADOX, PLAYING, WON, initial_state, step
from studio.games.chrono.engine.events import (
    Blocked, ButtonChanged, Completed, EnteredMachine, GateChanged, GoalTaken, Moved, ParadoxFound,
    PassageClosed, Pushed, Refused, TimeJump,
)
from studio.games.chrono.engine.state import (
    CLOSED_GATE, CLOSED_PASSAGE, CRATE_ON_CLONE, CRATES_COLLIDE, PUSH_CONFLICT, TIME_PARADOX,
)
from studio.games.chrono.solution import format_solution, parse_actions, play_solution
from tests.chrono_corpus import ABSENT, compare_fuzz_case, find_fuzz_case, fuzz_present, verdict_words
from tests.chrono_helpers import make_level, play

ROOM = ("+++++", "+S  +", "+  G+", "+++++")


def events_of(results, kind):
    return [e for r in results for e in r.events if isinstance(e, kind)]


# -- moving ----------------------------------------------------------------------------
def test_a_move_walks_one_field():
    level = make_level(*ROOM)
    state, results = play(level, "E")
    assert state.world.clones == (level.index(2, 1),) and state.score == 1
    assert results[0].events[0] == Moved(0, level.index(1, 1), level.index(2, 1))


def test_a_blocked_move_still_counts_as_an_action():
    level = make_level(*ROOM)
    state, results = play(level, "N")
    assert state.world.clones == (level.start,) and state.score == 1 and results[0].changed
    assert events_of(results, Blocked)[0].reason == "a wall"


def test_waiting_counts_as_an_action():
    state, _ = play(make_level(*ROOM), "HH")
    assert state.score == 2 and state.world.turn == 2


def test_a_closed_gate_blocks_and_an_open_gate_lets_through():
    level = make_level("++++++", "+S-_ +", "++++++")
    state, results = play(level, "E")
    assert events_of(results, Blocked)[0].reason == "a closed gate"
    level = make_level("++++++", "+S_- +", "++++++")
    state, _ = play(level, "E")
    assert state.world.clones == (level.index(2, 1),)


# -- crates -----------------------------------------------------------------------------
CRATE_ROW = ("+++++++", "+S c  +", "+++++++")


def test_crates_are_pushed_sokoban_style():
    level = make_level(*CRATE_ROW)
    state, results = play(level, "EE")
    assert state.world.crates == {level.index(4, 1)} and state.world.clones == (level.index(3, 1),)
    assert events_of(results, Pushed) == [Pushed(level.index(3, 1), level.index(4, 1), (0,))]


def test_a_crate_against_a_wall_or_another_crate_does_not_move():
    level = make_level(*CRATE_ROW)
    state, results = play(level, "EEEE")
    assert state.world.crates == {level.index(5, 1)} and state.world.clones == (level.index(4, 1),)
    assert "wall" in events_of(results, Blocked)[-1].reason
    level = make_level("+++++++", "+S cc +", "+++++++")
    state, results = play(level, "EE")
    assert state.world.crates == {level.index(3, 1), level.index(4, 1)}
    assert "another crate" in events_of(results, Blocked)[0].reason


def test_a_crate_is_not_pushed_through_a_closed_gate():
    level = make_level("+++++++", "+S c- +", "+++++++")
    state, results = play(level, "EE")
    assert state.world.crates == {level.index(3, 1)}
    assert "closed gate" in events_of(results, Blocked)[0].reason


# -- buttons and gates ----------------------------------------------------------------------
BUTTON_ROOM = ("+++++++", "+S b -+", "+     +", "+++++++")
BUTTON_LINK = [((3, 1), (5, 1))]


def test_a_button_opens_its_gate_while_a_clone_stands_on_it():
    level = make_level(*BUTTON_ROOM, links=BUTTON_LINK)
    gate = level.index(5, 1)
    state, results = play(level, "EE")
    assert gate in state.world.open_gates
    assert ButtonChanged(level.index(3, 1), True) in results[1].events and GateChanged(gate, True) in results[1].events
    state, results = play(state, "S")
    assert gate not in state.world.open_gates and GateChanged(gate, False) in results[0].events


def test_a_crate_keeps_a_button_pressed():
    level = make_level("+++++++", "+S cb-+", "+++++++", links=[((4, 1), (5, 1))])
    state, _ = play(level, "EE")
    assert state.world.crates == {level.index(4, 1)} and level.index(5, 1) in state.world.open_gates


def test_a_button_closes_an_open_gate():
    level = make_level("+++++++", "+S b _+", "+++++++", links=[((3, 1), (5, 1))])
    state, _ = play(level, "EE")
    assert level.index(5, 1) not in state.world.open_gates


def test_an_even_number_of_active_buttons_cancels_out():
    level = make_level("+++++++", "+Sbc b+", "+ ++-++", "+++++++", links=[((2, 1), (4, 2)), ((5, 1), (4, 2))])
    gate = level.index(4, 2)
    state, _ = play(level, "E")  # onto the first button: one active, the gate opens
    assert gate in state.world.open_gates
    state, _ = play(state, "EE")  # the crate pushed onto the second button, the clone off the first
    assert state.world.crates == {level.index(5, 1)} and gate in state.world.open_gates
    state, _ = play(state, "WW")  # back onto the first: two active buttons cancel out
    assert state.world.clones == (level.index(2, 1),) and gate not in state.world.open_gates


def test_a_one_time_button_stays_active_once_pressed():
    level = make_level("+++++++", "+S o -+", "+     +", "+++++++", links=[((3, 1), (5, 1))])
    state, _ = play(level, "EES")
    assert level.index(5, 1) in state.world.open_gates and state.world.pressed_once == {level.index(3, 1)}


@pytest.mark.parametrize("glyph", ["B", "P"])
def test_a_crate_button_is_pressed_by_a_clone_too(glyph):
    """Pinned by the original on fuzz-1-211-1.txt SSENEWHEESESWWSNWEWST: a clone on a 'P'
    closes the open gate it is linked to, so the clone's next step onto it is blocked."""
    level = make_level("+++++++", f"+S {glyph} -+", "+  c  +", "+     +", "+++++++", links=[((3, 1), (5, 1))])
    gate = level.index(5, 1)
    state, results = play(level, "EE")
    assert state.world.clones == (level.index(3, 1),) and gate in state.world.open_gates
    assert ButtonChanged(level.index(3, 1), True) in results[-1].events
    state, _ = play(state, "E")  # off the button: the gate closes again
    assert gate not in state.world.open_gates
    state, _ = play(level, "SSEEN")  # round the crate and push it up onto the button
    assert state.world.crates == {level.index(3, 1)} and gate in state.world.open_gates


# -- one-time passages -----------------------------------------------------------------------
PASSAGE = ("+++++++", "+S p  +", "+     +", "+++++++")


def test_a_one_time_passage_is_crossed_once():
    level = make_level(*PASSAGE)
    passage = level.index(3, 1)
    state, results = play(level, "EEE")
    assert PassageClosed(passage) in results[1].events and state.world.passages == {passage}
    state, results = play(state, "WW")  # back onto it: closed now
    assert state.world.clones == (level.index(4, 1),)
    assert events_of(results, Blocked)[0].reason == "a closed one-time passage"


def test_standing_on_a_one_time_passage_for_a_second_turn_is_a_paradox():
    level = make_level(*PASSAGE)
    state, results = play(level, "EEH")
    assert state.status == PARADOX and state.paradox.kind == CLOSED_PASSAGE
    assert state.paradox.cell == level.index(3, 1) and state.paradox.clones == (0,)
    assert state.score == 2  # the paradox turn is not played


def test_clones_entering_a_one_time_passage_together_is_fine():
    level = make_level(*PASSAGE)
    replay = play_solution(level, "EEESWWWNT" + "EEE")  # clone 1 comes home the long way round
    assert replay.verdict == "open" and replay.clones == 2
    assert replay.state.world.clones == (level.index(4, 1), level.index(4, 1))


def test_entering_a_passage_as_an_earlier_clone_leaves_it_is_blocked():
    level = make_level(*PASSAGE)
    replay = play_solution(level, "EEESWWWNT" + "HEE")  # clone 2 is one turn behind clone 1
    assert replay.verdict == "open" and replay.state.world.clones[1] == level.index(2, 1)


# -- the time machine, clones and time jumps ----------------------------------------------------
def test_entering_the_time_machine_away_from_it_is_refused_without_a_turn():
    level = make_level(*ROOM)
    state, results = play(level, "ET")
    assert not results[1].changed and state.world.turn == 1 and state.score == 1
    assert isinstance(results[1].events[0], Refused)


def test_entering_the_time_machine_starts_time_again_with_a_new_clone():
    level = make_level(*ROOM)
    state, results = play(level, "EWT")
    assert state.clone_count == 2 and state.recordings == (("E", "W", "T"),) and state.world.turn == 0
    assert state.score == 3 + 1  # three actions and a new clone
    assert EnteredMachine(0, level.start) in results[-1].events and TimeJump(2) in results[-1].events


def test_earlier_clones_replay_their_recorded_actions():
    level = make_level(*ROOM)
    state, _ = play(level, "ESWNT")
    state, _ = play(state, "HS")
    assert state.world.clones == (level.index(2, 2), level.index(1, 2))


def test_an_earlier_clones_recorded_move_may_now_go_differently():
    # Clone 1's move east on turn 3 was blocked by the closed gate when recorded;
    # with clone 2 on the button it goes through.
    level = make_level("+++++++", "+S -  +", "+ b   +", "+++++++", links=[((2, 2), (3, 1))])
    state, results = play(level, "HEEWT")
    assert state.recordings == (("H", "E", "E", "W", "T"),) and events_of(results, Blocked)
    state, _ = play(state, "SEH")
    assert state.world.clones == (level.index(3, 1), level.index(2, 2)) and state.status == PLAYING


def test_waiting_in_the_time_machine_is_free_and_moves_there_are_refused():
    level = make_level(*ROOM)
    state, _ = play(level, "EEWWT")  # clone 1: five actions
    state, results = play(state, "TE")  # clone 2 enters at once, then tries to walk
    assert state.score == 5 + 1 + 1 and not results[1].changed and isinstance(results[1].events[0], Refused)
    state, _ = play(state, "HHHH")  # waits for clone 1 to come home: free, then a new clone
    assert state.score == 7 + 1 and state.clone_count == 3


def test_an_earlier_clone_that_cannot_reach_the_time_machine_is_a_time_paradox():
    level = make_level("++++++", "+S_  +", "+b++++", "++++++", links=[((1, 2), (2, 1))])
    # Clone 1 walks east through the open gate and back. Clone 2 steps onto the button on
    # turn 2, closing the gate behind clone 1, who is shut out when it should enter.
    replay = play_solution(level, "EEWWT" + "HSHHH")
    assert replay.verdict == "paradox" and replay.paradox.kind == TIME_PARADOX
    assert replay.paradox.clones == (0,) and replay.paradox.cell == level.index(3, 1) and replay.paradox.turn == 5
    assert "Clone 1" in replay.paradox.message and "(3, 1)" in replay.paradox.message
    assert replay.score == 5 + 1 + 4





# -- paradoxes and non-determinism ------------------------------------------------------------
def test_a_clone_on_a_gate_that_closes_is_a_paradox():
    level = make_level("++++++", "+Sb- +", "+    +", "++++++", links=[((2, 1), (3, 1))])
    # Clone 1 holds the button for three turns; clone 2 walks onto the gate and waits there.
    replay = play_solution(level, "EHHWT" + "SEENH")
    assert replay.verdict == "paradox" and replay.paradox.kind == CLOSED_GATE
    assert replay.paradox.cell == level.index(3, 1) and replay.paradox.clones == (1,) and replay.paradox.turn == 4
    assert "(3, 1)" in replay.paradox.message and "clone 2" in replay.paradox.message


def test_a_crate_on_a_gate_that_closes_is_no_paradox_and_stays_stuck():
    """Pinned by the original on fuzz-1-269-2.txt SESEWNWEESHHHTENNST (a gate closes on the
    crate that starts on it) and fuzz-1-299-0.txt SHTHHENSSEEWTSNTENSNETW (a crate pushed
    onto a gate as it closes): no paradox in either."""
    level = make_level("+++++++", "+Sc_  +", "+  o  +", "+++++++", links=[((3, 2), (3, 1))])
    gate = level.index(3, 1)
    state, _ = play(level, "E")  # the crate pushed onto the open gate
    assert state.world.crates == {gate} and gate in state.world.open_gates
    state, results = play(state, "SE")  # onto the one-time button: the gate closes on the crate
    assert state.status == PLAYING and GateChanged(gate, False) in results[-1].events
    assert state.world.crates == {gate} and gate not in state.world.open_gates
    state, results = play(state, "WNE")  # pushing it means stepping onto the closed gate
    assert state.status == PLAYING and state.world.crates == {gate}
    assert events_of(results, Blocked)[-1].reason == "a closed gate"


def test_a_crate_left_on_a_one_time_passage_is_no_paradox_and_stays_stuck():
    """Pinned by the original on fuzz-1-43-3.txt SWE: the crate pushed onto a passage stays
    on it after the passage has closed, and play goes on."""
    level = make_level("+++++++", "+Scp  +", "+     +", "+++++++")
    passage = level.index(3, 1)
    state, results = play(level, "EH")
    assert state.status == PLAYING and state.world.crates == {passage} and state.world.passages == {passage}
    state, results = play(state, "E")
    assert state.world.crates == {passage} and events_of(results, Blocked)[0].reason == "a closed one-time passage"


def test_a_clone_walking_where_a_crate_is_pushed_is_a_paradox():
    level = make_level("+++++++", "+S    +", "+  c  +", "+     +", "+++++++")
    # Clone 1 pushes the crate east onto (4, 2) on turn 4; clone 2 walks onto (4, 2) on turn 4.
    replay = play_solution(level, "HSEEWWNT" + "EEES")
    assert replay.verdict == "paradox" and replay.paradox.kind == CRATE_ON_CLONE
    assert replay.paradox.cell == level.index(4, 2) and replay.paradox.clones == (1,) and replay.paradox.turn == 4


def test_a_crate_is_not_pushed_onto_a_clone():
    level = make_level("+++++++", "+S    +", "+  c  +", "+     +", "+++++++")
    # Clone 1 stands east of the crate from turn 4 to 6; clone 2 pushes the crate east on turn 5.
    replay = play_solution(level, "EEESHHNWWWT" + "SEHHE")
    assert replay.verdict == "open" and replay.state.world.crates == {level.index(3, 2)}
    blocked = [e for e in step(replay.state, "E").events if isinstance(e, Blocked)]
    assert blocked and "clone 1" in blocked[0].reason


def test_pushing_one_crate_two_ways_at_once_is_a_paradox():
    level = make_level("+++++++", "+S    +", "+     +", "+  c  +", "+     +", "+++++++")
    # Clone 1 pushes the crate east from the west on turn 4; clone 2 pushes it south from the north.
    replay = play_solution(level, "SSEE" + "WWNNT" + "EESS")
    assert replay.verdict == "paradox" and replay.paradox.kind == PUSH_CONFLICT
    assert replay.paradox.clones == (0, 1) and replay.paradox.cell == level.index(3, 3)
    assert replay.score == 9 + 1 + 3


def test_pushing_one_crate_together_the_same_way_is_fine():
    level = make_level("+++++++", "+S    +", "+     +", "+  c  +", "+     +", "+++++++")
    replay = play_solution(level, "SSEE" + "WWNNT" + "SSEE")
    assert replay.verdict == "open" and replay.state.world.crates == {level.index(4, 3)}


def test_pushing_one_crate_towards_each_other_blocks_both():
    level = make_level("++++++++", "+S     +", "+ c    +", "++++++++")
    # On turn 4 clone 1 pushes the crate west from (3, 2) and clone 2 pushes it east from (1, 2).
    replay = play_solution(level, "EESWNWWT" + "SHHE")
    assert replay.verdict == "open" and replay.state.world.crates == {level.index(2, 2)}
    assert replay.state.world.clones == (level.index(3, 2), level.index(1, 2))


def test_two_crates_pushed_onto_one_field_is_a_paradox():
    level = make_level("+++++++", "+S    +", "+ c c +", "+     +", "+++++++")
    # On turn 6 clone 1 pushes the west crate east and clone 2 the east crate west, both onto (3, 2).
    replay = play_solution(level, "SHHHHEWNT" + "EEEESW")
    assert replay.verdict == "paradox" and replay.paradox.kind == CRATES_COLLIDE
    assert replay.paradox.cell == level.index(3, 2) and replay.paradox.turn == 6


# -- the goal, completion and the score --------------------------------------------------------
def test_taking_the_goal_and_coming_home_completes_the_level():
    level = make_level(*ROOM)
    state, results = play(level, "EESWWNT")
    assert state.status == WON and results[-1].outcome == WON
    assert events_of(results, GoalTaken) == [GoalTaken(level.index(3, 2), 0)]
    assert events_of(results, Completed) == [Completed(7)] and state.score == 7


def test_a_crate_pushed_onto_the_goal_takes_it():
    """Pinned by the original on fuzz-1-269-0.txt EESNHEEHWNNNWTWWEWWNEHTWSTS: complete at the
    first T, though only a crate was ever on the goal."""
    level = make_level("+++++++", "+S cG +", "+++++++")
    goal = level.index(4, 1)
    state, results = play(level, "EE")
    assert state.world.crates == {goal} and state.world.goals_taken == {goal}
    assert events_of(results, GoalTaken) == [GoalTaken(goal, 0, by_crate=True)]
    state, results = play(state, "WWT")
    assert state.status == WON and results[-1].outcome == WON and state.clone_count == 1


def test_coming_home_without_the_goal_is_a_time_jump_not_a_win():
    state, _ = play(make_level(*ROOM), "EWT")
    assert state.status == PLAYING and state.clone_count == 2


def test_completion_waits_until_every_clone_is_home():
    level = make_level(*ROOM)
    replay = play_solution(level, "HHHHHHT" + "EESWWNT")
    assert replay.verdict == "won" and replay.score == 7 + 1 + 7 and replay.clones == 2


def test_a_finished_game_ignores_further_actions():
    state, _ = play(make_level(*ROOM), "EESWWNT")
    result = step(state, "E")
    assert result.state is state and not result.changed and result.outcome == WON


def test_a_paradox_event_names_the_clone_the_place_and_the_reason():
    level = make_level(*PASSAGE)
    _state, results = play(level, "EEH")
    found = events_of(results, ParadoxFound)
    assert found and found[0].paradox.kind == CLOSED_PASSAGE and "(3, 1)" in found[0].paradox.message


def test_states_are_immutable_and_hashable():
    level = make_level(*ROOM)
    a, _ = play(level, "ESWNT")
    b, _ = play(level, "ESWNT")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    pushed, _ = play(make_level(*CRATE_ROW), "EE")
    assert isinstance(pushed.world.crates, frozenset) and hash(pushed)
    with pytest.raises(AttributeError):
        a.score = 0  # type: ignore[misc]
    assert initial_state(level) != a


# -- the replay rule and the Solution field ---------------------------------------------------
def test_the_replay_rule_inserts_free_waits_after_a_clone_enters_early():
    level = make_level(*ROOM)
    replay = play_solution(level, "EEWWHHT" + "T")  # clone 2 enters at once, then waits six turns free
    assert replay.score == 7 + 1 + 1 + 1 and replay.clones == 3


def test_a_refused_time_machine_still_ends_a_clone_line_of_the_solution():
    # The second T is refused too, but the replay rule counts it as a new clone line and
    # inserts waits (now outside the machine, so they cost) to match the first line.
    level = make_level(*ROOM)
    replay = play_solution(level, "EEST" + "T")
    assert replay.score == 3 + 3 and replay.clones == 1


def test_solution_text_is_read_and_written():
    assert parse_actions(" EE SS\n .\n wn T") == "EESSWNT"
    with pytest.raises(ValueError, match="'X' is not an action"):
        parse_actions("EEX")
    assert format_solution("EESSWT" + "NNT") == "EE SS WT\n.\nNN T"


# -- properties of any play --------------------------------------------------------------------
LEVELS_FOR_PLAY = [
    make_level("+++++++", "+S b_G+", "+ c p +", "+ o-P +", "+++++++", links=[((3, 1), (4, 1)), ((2, 3), (3, 3))]),
    make_level(*PASSAGE),
    make_level("+++++++", "+S    +", "+ c c +", "+     +", "+++++++"),
]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(range(len(LEVELS_FOR_PLAY))), st.text(alphabet="NESWHT", max_size=40))
def test_any_actions_keep_the_state_consistent(which, letters):
    state = initial_state(LEVELS_FOR_PLAY[which])
    for letter in letters:
        result = step(state, letter)
        after = result.state
        assert hash(after) is not None
        if not result.changed:
            assert after == state
        else:
            assert after.score >= state.score and after.clone_count >= state.clone_count
            assert after.clone_count == len(after.recordings) + 1 == len(after.world.clones)
            assert all(r[-1] == "T" for r in after.recordings)
            if after.status == PLAYING:
                assert not after.world.crates & {c for n, c in after.world.active_clones()}
        state = after


# -- the random levels that pinned a rule (../shared/corpus/chrono/fuzz) -------------------------
PINNING_FUZZ_CASES = [
    ("a crate on a closed gate is no paradox", "fuzz-1-269-2.txt", "SESEWNWEESHHHTENNST"),
    ("a crate on a closed gate is no paradox", "fuzz-1-299-0.txt", "SHTHHENSSEEWTSNTENSNETW"),
    ("a crate on a closed gate is no paradox", "fuzz-1-173-3.txt", "EHNNNNWHE"),
    ("a crate on a closed passage is no paradox", "fuzz-1-43-3.txt", "SWE"),
    ("a crate on a closed passage is no paradox", "fuzz-1-102-0.txt", "ENHNHSWESWTEEENWWNENTN"),
    ("a crate pushed onto the goal takes it", "fuzz-1-269-0.txt", "EESNHEEHWNNNWTWWEWWNEHTWSTS"),
    ("a crate pushed onto the goal takes it", "fuzz-1-355-3.txt", "HWENENWTSSWWWTNESWN"),
    ("a crate pushed onto the goal takes it", "fuzz-1-101-0.txt", "TESSSHTNNWSNNETSNNSNTWWNEE"),
    ("a clone presses a crate button", "fuzz-1-211-1.txt", "SSENEWHEESESWWSNWEWST"),
    ("a clone presses a crate button", "fuzz-1-347-0.txt", "EEHNNEHNWEHNSNTWHSTEHNHH"),
    ("a clone presses a crate button", "fuzz-1-122-1.txt", "SSHTETNESWNNTNWESHWHTEWHEN"),
    ("a clone presses a crate plate where there are crates", "fuzz-424242-144-0.txt", "WENTENHSWNEH"),
    ("a clone presses a crate plate where there are crates", "fuzz-424242-1149-3.txt", "WNSSWNEHHT"),
    ("a crate plate presses nothing in a level without crates", "fuzz-424242-1891-1.txt", "SNEEEH"),
    ("a crate plate presses nothing in a level without crates", "fuzz-424242-1243-3.txt", "SNHETSEWNNENSTESTN"),
    ("a crate plate presses nothing in a level without crates", "fuzz-424242-1033-0.txt", "EENWWNTNNSEWEWWTWTHNSWWE"),
    ("a crate plate presses nothing in a level without crates", "fuzz-424242-1336-3.txt", "NNHSWSSEWEESTWES"),
]


@pytest.mark.skipif(not fuzz_present(), reason=ABSENT)
@pytest.mark.parametrize("rule, level, solution", PINNING_FUZZ_CASES,
                         ids=[f"{level}:{solution}" for _rule, level, solution in PINNING_FUZZ_CASES])
def test_the_fuzz_case_that_pinned_a_rule_gets_the_originals_result(rule, level, solution):
    compared = compare_fuzz_case(find_fuzz_case(level, solution))
    assert compared.agrees, f"{rule}: original {verdict_words(compared.case)}, ours {verdict_words(compared.ours)}"
