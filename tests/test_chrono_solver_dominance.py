"""The ChronoShift solver's newer reasoning: a clone that touched nothing is worth nothing
(touches.py), a pressed one-time button leaves its gates to a holder, and a crosser waits
for the clone holding its gate (holding.py). Each is checked on a small level, and the
solver's lengths stay those of plain uniform-cost search over the engine with up to three
clones."""

from __future__ import annotations

import pytest

from studio.games.chrono.engine import Board, World
from studio.games.chrono.holding import Holding, world_bound
from studio.games.chrono.solution import play_solution
from studio.games.chrono.solve import ChronoSpace, held_extra, solve_level
from tests.chrono_helpers import make_level
from tests.chrono_plain import plain_shortest

# The gate (3, 2) to the goal is open only while someone stands on the button (4, 1).
HELPER = ("++++++", "+S  b+", "+++-++", "+++G++", "++++++")
HELPER_LINKS = [((4, 1), (3, 2))]
# The open gate (4, 1) closes for good when the one-time button (3, 1) before it is pressed,
# and opens again while someone stands on the button (2, 2).
ONE_TIME = ("+++++++", "+S o_G+", "++b++++", "+++++++")
ONE_TIME_LINKS = [((3, 1), (4, 1)), ((2, 2), (4, 1))]


def _successor(space: ChronoSpace, state, *actions):
    """The state after one turn of ``actions`` (one letter per clone), its bound asked as
    the search asks it: during the expansion of ``state``."""
    edge = next(edge for edge in space.expand(state).edges if edge.label == actions)
    return edge.state, space.lower_bound(edge.state)


def _start(space: ChronoSpace, clones: int):
    state = space.expand(space.start()).edges[clones - 1].state
    return state, space.lower_bound(state)


def _entering(space: ChronoSpace, state, *actions):
    """The state after one turn of ``actions`` (the first clone entering the machine), built
    from the worlds' turns whether or not the solver offers it, its bound asked as the
    search asks it during the expansion of ``state``."""
    space.expand(state)
    turn, numbers = state
    after = (turn + 1, tuple(space.table.after(number, actions[:jump + 1]) for jump, number in enumerate(numbers)))
    return space.lower_bound(after)


def test_a_clone_home_without_touching_anything_ends_the_branch():
    space = ChronoSpace(make_level(*HELPER, links=HELPER_LINKS), max_clones=3)
    start, _ = _start(space, 3)
    assert not [edge for edge in space.expand(start).edges if edge.label[0] == "T"]  # not even offered
    assert _entering(space, start, "T", "H", "H") is None  # two clones do the same for less
    walked, bound = _successor(space, start, "E", "E", "E")
    assert bound is not None
    back, _ = _successor(space, walked, "W", "W", "W")
    assert _entering(space, back, "T", "H", "H") is None  # there and back without touching anything


def test_a_clone_that_touched_something_may_go_home():
    space = ChronoSpace(make_level(*HELPER, links=HELPER_LINKS), max_clones=3)
    state, _ = _start(space, 3)
    for _ in range(3):  # to the button (4, 1) and back: clone 1 pressed it
        state, bound = _successor(space, state, "E", "E", "E")
    for _ in range(3):
        state, bound = _successor(space, state, "W", "W", "W")
    _, bound = _successor(space, state, "T", "H", "H")
    assert bound is not None


def test_a_clone_out_that_touched_nothing_still_has_its_detour_to_walk():
    """From the machine, the nearest cell that changes anything is the button 3 steps away:
    each of the three clones needs 3 there, 3 back and the machine (21 letters), more than
    the goal's fetch and holding ask (18)."""
    space = ChronoSpace(make_level(*HELPER, links=HELPER_LINKS), max_clones=3)
    assert [bound for _, bound in (_start(space, clones) for clones in (1, 2, 3))] == [None, 18, 21]


def test_a_pressed_one_time_button_leaves_its_open_gate_to_a_holder():
    level = make_level(*ONE_TIME, links=ONE_TIME_LINKS)
    space = ChronoSpace(level, max_clones=1)
    state, bound = _start(space, 1)
    assert bound is not None  # before the press the gate (4, 1) is open
    state, _ = _successor(space, state, "E")
    _, bound = _successor(space, state, "E")
    assert bound is None  # on the one-time button: the gate is closed but while held, and nobody can
    result = solve_level(level, max_clones=2, timeout=30)
    assert result.solved and result.optimal
    assert result.length == plain_shortest(level, 2, 12, at_most=result.length)


def test_the_crosser_waits_for_its_holder():
    """Clone 2 stands on the goal below the gate (4, 2); clone 1 is on the machine, 3 steps
    from the button (1, 1). Clone 2 can be on the gate at turn 3 at the earliest (not 1):
    clone 1 spends 3 + 3 letters beyond its way home, clone 2 spends 3 + 1 to get home
    where 2 would do: 6 + 2 in all."""
    level = make_level("+++++++++", "+b  S   +", "++++-++++", "++++G++++", "+++++++++", links=[((1, 1), (4, 2))])
    board = Board.from_level(level)
    goal = level.index(4, 3)
    world = World(4, (board.start, goal), frozenset(), frozenset(), board.initially_open, frozenset(), frozenset(),
                  frozenset({goal}))
    asked = world_bound(Holding(board).needs(world))
    assert held_extra(asked.holds, {0: 0, 1: 2}) == 8


@pytest.mark.parametrize("rows, links", [(HELPER, HELPER_LINKS), (ONE_TIME, ONE_TIME_LINKS)],
                         ids=["helper", "one-time"])
def test_with_three_clones_the_length_is_plain_search_s(rows, links):
    level = make_level(*rows, links=links)
    result = solve_level(level, max_clones=3, max_turns=12, timeout=60)
    assert result.solved and result.optimal
    assert play_solution(level, result.solution).verdict == "won"
    assert plain_shortest(level, 3, 12, at_most=result.length) == result.length
