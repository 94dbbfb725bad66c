"""The Intricacy turn algorithm, rule by rule, each on a small lock built here.

Directions: 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE. Hexes are axial (q east, r south-east).
Move letters: hook w e d x z a (NW NE E SE SW W), q/r turn it anti/clockwise;
wrench the same in capitals; s waits.
"""

from __future__ import annotations

from studio.games.intricacy import physics
from studio.games.intricacy.engine import MOVE_LETTERS, initial_state, step
from studio.games.intricacy.hexgrid import Hex
from studio.games.intricacy.physics import FRAME, Force, Situation, push, torque
from tests.intricacy_helpers import (
    arms_of, ball, block, blockages, hexes_of, hook, make_lock, pivot, play, spring, wrench,
)

E, SE, SW, W, NW, NE = range(6)
CW, ACW = 1, -1


# -- player forces and pushes through pieces ---------------------------------------------------
def test_hook_move_pushes_a_row_of_balls():
    lock = make_lock(ball(1, 0), ball(2, 0), hook(0, 0, W))
    state, [result] = play(lock, "d")
    assert hexes_of(state, 0) == {(2, 0)} and hexes_of(state, 1) == {(3, 0)}
    assert hexes_of(state, 2) == {(1, 0)}
    assert result.moved and not blockages(result)
    assert set(result.events[0].applied) == {push(2, E), push(0, E), push(1, E)}


def test_hook_turns_its_arm():
    lock = make_lock(hook(0, 0, E))
    state, _ = play(lock, "rrq")
    assert arms_of(state, 0) == {SE}


def test_push_into_a_stationary_block_is_resisted_and_nothing_moves():
    lock = make_lock(block("A", (2, 0)), ball(1, 0), hook(0, 0, W))
    state, [result] = play(lock, "d")
    assert not result.moved and state == initial_state(lock)
    [blockage] = blockages(result, "tools")
    assert blockage.force == push(2, E)  # the hook's push is blocked (orange)...
    assert blockage.blocker == push(0, E) and blockage.reason == "resisted"  # ...by the block (purple)


def test_the_frame_and_walls_resist():
    lock = make_lock(hook(4, 0, W))
    _, [result] = play(lock, "d")
    [blockage] = blockages(result)
    assert blockage.blocker == Force(FRAME, E) and blockage.blocker_at == Hex(5, 0)
    walled = make_lock(hook(0, 0, W), walls=[(1, 0)])
    _, [result] = play(walled, "d")
    assert not result.moved and blockages(result)[0].blocker_at == Hex(1, 0)


# -- arms twisting pivots -----------------------------------------------------------------------
def test_a_push_across_an_arm_twists_its_pivot():
    lock = make_lock(pivot(0, 0, E), hook(2, -1, NE))
    state, [result] = play(lock, "z")  # the hook steps south-west onto the arm's hex
    assert arms_of(state, 0) == {SE}
    assert hexes_of(state, 1) == {(1, 0)}
    assert torque(0, CW) in result.events[0].applied


def test_a_push_along_an_arm_pushes_the_pivot_which_resists():
    lock = make_lock(pivot(0, 0, E), hook(2, 1, NW))
    state, [result] = play(lock, "a")  # the hook's arm moves west onto the pivot's arm
    assert not result.moved
    assert blockages(result)[0].blocker == push(0, W)


def test_arms_turn_pivots_in_a_chain_like_gears():
    # The hook turns clockwise into the first pivot's arm; its obvious push is along that arm
    # (resisted), so it claws, turning the pivot anticlockwise into the second pivot's arm,
    # which the same way turns clockwise.
    lock = make_lock(pivot(1, 1, NW), pivot(-1, 2, NE), hook(0, 0, NE))
    state, [result] = play(lock, "r")
    assert arms_of(state, 2) == {E} and arms_of(state, 0) == {W} and arms_of(state, 1) == {E}
    assert result.events[0].applied == (torque(2, CW), torque(0, ACW), torque(1, CW))


def test_an_arm_pushing_a_pivot_already_turning_in_the_group_claws_instead():
    # Resistance is checked before the group's own forces: the obvious push on a pivot is
    # resisted even when that pivot is turning in this group, so clawing is tried.
    lock = make_lock(block("A", (4, -4), (4, -3)), block("S", (2, -1)), pivot(1, -3, E, SW), pivot(2, -2, NE, W),
                     hook(0, -1, W), springs=[spring(1, 0, (2, -1), (4, -3), 1)], size=3)
    state, [result] = play(lock, "w")
    assert result.events[0].applied == (push(4, NW), torque(2, CW), torque(3, ACW))
    assert state.is_open()


def test_hook_turn_into_a_wall_is_blocked_even_by_clawing():
    lock = make_lock(hook(0, 0, E), walls=[(0, 1)])
    _, [result] = play(lock, "r")
    [blockage] = blockages(result)
    assert blockage.force == torque(0, CW) and blockage.blocker_at == Hex(0, 1)


# -- the clawing rule (the README's example) ----------------------------------------------------
def test_clawing_example_from_the_readme():
    r"""   \ o A        the hook h with its arm north-west, a ball o north-east of it and a
          h         stationary block A east of the ball. Turning clockwise first pushes the
    ball east, into A, which resists; so the ball is clawed south-east instead."""
    lock = make_lock(block("A", (2, -1)), ball(1, -1), hook(0, 0, NW))
    state, [result] = play(lock, "r")
    assert hexes_of(state, 1) == {(1, 0)}
    assert arms_of(state, 2) == {NE}
    assert set(result.events[0].applied) == {torque(2, CW), push(1, SE)}
    assert not blockages(result)


def test_the_obvious_push_is_used_when_it_is_not_resisted():
    lock = make_lock(ball(1, -1), hook(0, 0, NW))
    state, _ = play(lock, "r")
    assert hexes_of(state, 0) == {(2, -1)}


def test_clawing_push_resisted_too_blocks_the_turn():
    lock = make_lock(block("A", (2, -1)), block("B", (1, 0)), ball(1, -1), hook(0, 0, NW))
    state, [result] = play(lock, "r")
    assert not result.moved
    [blockage] = blockages(result)
    assert blockage.force == torque(3, CW) and blockage.blocker == push(1, SE)


def test_clawing_is_tried_for_pivots_turned_by_other_pieces():
    situation_lock = make_lock(block("A", (2, -1)), ball(1, -1), pivot(0, 0, NW))
    situation = Situation(initial_state(situation_lock).board, situation_lock.pieces, ())
    group = physics.propagate_group(situation, torque(2, CW))
    assert group.forces == (torque(2, CW), push(1, SE))


# -- springs -----------------------------------------------------------------------------------------
def _spring_lock(natural: int = 2, hook_at=(1, 0), hook_arm=E):
    """A stationary block A at (-2,0) with a spring (axis east) to block B at (0,0)."""
    return make_lock(block("A", (-2, 0)), block("B", (0, 0)), hook(*hook_at, hook_arm),
                     springs=[spring(0, 1, (-2, 0), (0, 0), natural)])


def test_a_push_compressing_a_spring_moves_the_end_alone_and_the_spring_pushes_back():
    lock = _spring_lock()
    state, [result] = play(lock, "a")
    assert hexes_of(state, 1) == {(-1, 0)} and hexes_of(state, 2) == {(0, 0)}
    # In the spring phase the compressed spring pushes B east, into the hook: resisted.
    [blockage] = blockages(result, "springs")
    assert blockage.force == push(1, E) and blockage.blocker == push(2, E)
    assert state.springs[0].axis() == (E, 1)


def test_a_fully_compressed_spring_transmits_the_push_to_its_root():
    state, _ = play(_spring_lock(), "a")
    state, [result] = play(state, "a")
    assert not result.moved
    assert blockages(result, "tools")[0].blocker == push(0, W)  # the stationary root resists


def test_the_spring_relaxes_when_the_hook_lets_go():
    state, _ = play(_spring_lock(), "ad")
    assert hexes_of(state, 1) == {(0, 0)} and state.springs[0].axis() == (E, 2)


def test_a_sideways_push_is_transmitted_along_a_spring():
    lock = _spring_lock(hook_at=(1, -1), hook_arm=NE)
    _, [result] = play(lock, "z")  # the hook pushes B south-west, across the spring's axis
    assert not result.moved
    assert blockages(result)[0].blocker == push(0, SW)


def test_a_spring_of_natural_length_one_is_rigid():
    lock = make_lock(block("A", (-1, 0)), block("B", (0, 0)), hook(1, 0, E),
                     springs=[spring(0, 1, (-1, 0), (0, 0), 1)])
    _, [result] = play(lock, "a")
    assert not result.moved


def test_a_push_on_a_root_passes_through_a_fully_compressed_spring_to_its_end():
    lock = make_lock(block("S", (-3, 0)), block("R", (-1, 0)), block("T", (0, 0)), hook(-2, 0, NW),
                     springs=[spring(0, 1, (-3, 0), (-1, 0), 2), spring(1, 2, (-1, 0), (0, 0), 1)])
    state, _ = play(lock, "d")
    assert hexes_of(state, 1) == {(0, 0)} and hexes_of(state, 2) == {(1, 0)}


def test_stretched_spring_pulls_its_end():
    lock = make_lock(block("A", (-2, 0)), block("B", (1, 0)), springs=[spring(0, 1, (-2, 0), (1, 0), 2)])
    state, [result] = play(lock, "s")
    assert hexes_of(state, 1) == {(0, 0)}
    assert result.events[1].applied == (push(1, W),)


def test_spring_rooted_in_a_pivot_stays_on_its_centre_as_it_turns():
    lock = make_lock(block("B", (-2, 2)), pivot(0, 0, E), hook(2, -1, NE),
                     springs=[spring(1, 0, (0, 0), (-2, 2), 2)])
    state, _ = play(lock, "z")
    assert arms_of(state, 1) == {SE}
    assert state.springs[0].root_anchor == Hex(0, 0) and hexes_of(state, 0) == {(-2, 2)}


# -- the tools' own resistance -------------------------------------------------------------------
def test_the_wrench_keeps_moving_until_it_is_blocked():
    lock = make_lock(wrench((0, 0)))
    state, results = play(lock, "Dssss")
    assert hexes_of(state, 0) == {(4, 0)}
    assert [r.moved for r in results] == [True, True, True, True, True]
    assert state.momentum == -1  # the last push met the frame: the wrench stopped
    state, [result] = play(state, "s")
    assert not result.moved


def test_a_still_wrench_resists_being_pushed():
    lock = make_lock(wrench((0, 0)), hook(-2, 0, E))
    _, [result] = play(lock, "d")
    assert not result.moved and blockages(result)[0].blocker == push(0, E)


def test_the_hook_resists_forces_it_was_not_commanded():
    lock = make_lock(wrench((0, 0)), hook(2, 0, E))
    state, results = play(lock, "Ds")
    assert hexes_of(state, 0) == {(1, 0)} and state.momentum == -1
    assert blockages(results[1])[0].blocker == push(1, E)


def test_the_hook_accepts_a_push_it_is_also_commanded():
    lock = make_lock(wrench((0, 0)), hook(2, 0, E))
    state, _ = play(lock, "Dd")
    assert hexes_of(state, 0) == {(2, 0)} and hexes_of(state, 1) == {(3, 0)}
    assert state.momentum == E


# -- inconsistent groups and domination ------------------------------------------------------------
def _two_springs_to_one_hex(extra=(), b2=((1, 0),)):
    return make_lock(block("A", (-2, 0)), block("B", (-1, 0)), block("C", (2, 0)), block("D", *b2), *extra,
                     springs=[spring(0, 1, (-2, 0), (-1, 0), 2), spring(2, 3, (2, 0), (1, 0), 2)])


def test_two_springs_pushing_blocks_into_one_hex_are_both_blocked():
    state, [result] = play(_two_springs_to_one_hex(), "s")
    assert not result.moved
    reasons = {(b.force, b.blocker, b.reason) for b in blockages(result, "springs")}
    assert reasons == {(push(1, E), push(3, W), "inconsistent"), (push(3, W), push(1, E), "inconsistent")}


def test_a_spring_force_also_pushing_a_tool_does_not_block_the_other():
    lock = _two_springs_to_one_hex(extra=(hook(0, -1, NE),), b2=((1, 0), (1, -1)))
    state, [result] = play(lock, "s")
    assert hexes_of(state, 1) == {(0, 0)}  # B moved; D's push met the hook and came to nothing
    assert hexes_of(state, 3) == {(1, 0), (1, -1)}


def test_spring_domination_from_the_readme():
    """X -> A -> B: the spring from X (an ancestor of A) dominates the spring from A."""
    lock = make_lock(block("A", (-1, 0)), block("B", (-1, 2)), block("X", (-3, 0)),
                     springs=[spring(2, 0, (-3, 0), (-1, 0), 3), spring(0, 1, (-1, 0), (-1, 2), 1)])
    state, [result] = play(lock, "s")
    assert hexes_of(state, 0) == {(0, 0)} and hexes_of(state, 1) == {(0, 2)}
    [blockage] = blockages(result, "springs")
    assert (blockage.force, blockage.blocker, blockage.reason) == (push(1, NW), push(1, E), "dominated")
    state, _ = play(state, "s")  # now only the A -> B spring is stretched: it pulls B in
    assert hexes_of(state, 1) == {(0, 1)}


def test_domination_needs_the_first_root_to_be_an_ancestor():
    lock = make_lock(block("A", (-1, 0)), block("B", (-1, 2)), block("X", (-3, 0)))
    situation = Situation(initial_state(lock).board, lock.pieces, ())
    springs = (spring(2, 0, (-3, 0), (-1, 0), 3), spring(0, 1, (-1, 0), (-1, 2), 1))
    situation.springs = springs
    first = physics.Group(push(0, E), (push(0, E),), None, 0)
    second = physics.Group(push(1, NW), (push(1, NW),), None, 1)
    ancestry = {0: frozenset({2}), 1: frozenset({0, 2})}
    assert physics.dominates(situation, first, second, ancestry)
    assert not physics.dominates(situation, second, first, ancestry)


def test_a_group_that_would_overlap_itself_is_blocked():
    # The ball is pushed onto the pivot's north-west arm, turning the pivot so that its west
    # arm swings into the very hex the ball arrives in.
    lock = make_lock(ball(-1, -1), pivot(0, 0, NW, W), hook(-2, -1, SW))
    state, [result] = play(lock, "d")
    assert not result.moved
    assert blockages(result)[0].reason == "overlap"


def test_forces_inconsistent():
    lock = make_lock(ball(0, 0), ball(2, 0))
    situation = Situation(initial_state(lock).board, lock.pieces, ())
    assert physics.forces_inconsistent(situation, push(0, E), push(1, W))  # both into (1, 0)
    assert physics.forces_inconsistent(situation, push(0, E), push(0, SE))  # one piece, two ways
    assert not physics.forces_inconsistent(situation, push(0, W), push(1, E))


def test_steps_are_deterministic_and_states_hashable():
    lock = _two_springs_to_one_hex(extra=(hook(0, 2, E), wrench((-2, 3))))
    state = initial_state(lock)
    for letter in "dDrqsxz":
        first, second = step(state, MOVE_LETTERS[letter]), step(state, MOVE_LETTERS[letter])
        assert first == second and hash(first.state) == hash(second.state)
        state = first.state
    assert len({initial_state(lock), initial_state(lock)}) == 1
