"""The ChronoShift solver's lower bound: it counts the turns a clone spends holding a gate
open for another, it never overestimates the letters still needed along a shortest
solution, and it declares dead only what truly cannot be won."""

from __future__ import annotations

import pytest

from studio.core.solver import search
from studio.games.chrono.solution import play_solution
from studio.games.chrono.solve import ChronoSpace, letters_of, solve_level
from studio.games.chrono.superfun import load_superfun
from tests.chrono_helpers import make_level
from tests.conftest import corpus_path

# The gate (3, 2) to the goal is open only while someone stands on the button (4, 1).
HELPER = ("++++++", "+S  b+", "+++-++", "+++G++", "++++++")
HELPER_LINKS = [((4, 1), (3, 2))]
# Two gates, each opened by the button on the far side of the machine.
CROSSED = ("+++++++", "+b S b+", "++-+-++", "++ + ++", "++ G ++", "+++++++")
CROSSED_LINKS = [((1, 1), (4, 2)), ((5, 1), (2, 2))]


def _start_bounds(space: ChronoSpace) -> list:
    """The bound of the start with 1, 2, ... clones."""
    return [space.lower_bound(edge.state) for edge in space.expand(space.start()).edges]


def test_the_holder_waits_for_the_way_back():
    """Two clones from the start: each needs its own way back (1 + 1); the fetcher walks
    4 to the goal and 4 back (8); the holder cannot leave the button before the fetcher,
    3 steps out and 1 to the goal, stands on the gate again (turn 5), then walks 3 home (8)."""
    space = ChronoSpace(make_level(*HELPER, links=HELPER_LINKS), max_clones=2)
    assert _start_bounds(space) == [None, 18]  # one clone: nobody holds the gate
    result = solve_level(make_level(*HELPER, links=HELPER_LINKS), max_clones=2, timeout=30)
    assert result.solved and result.optimal and result.length == 20


def test_a_crate_could_hold_the_button_so_nothing_is_assumed():
    rows = ("+++++++", "+S   b+", "+ c++-+", "+   +G+", "+++++++")
    space = ChronoSpace(make_level(*rows, links=[((5, 1), (5, 2))]), max_clones=1)
    plain = 1 + 2 * 6  # enter the machine; to the goal and back, through everything but walls
    assert _start_bounds(space) == [plain]


def test_a_crate_pushed_onto_the_goal_is_fetched_from_beside_it():
    """The pusher goes no further than (3, 1), beside the goal, and back: 2 + 2 and the
    machine, where stepping onto the goal itself would take 3 + 3."""
    level = make_level("+++++++", "+S cG +", "+++++++")
    assert _start_bounds(ChronoSpace(level, max_clones=1)) == [5]
    result = solve_level(level, max_clones=1, timeout=30)
    assert result.solved and result.optimal and result.solution == "EEWWT"


def _levels():
    yield "helper", make_level(*HELPER, links=HELPER_LINKS)
    yield "crossed", make_level(*CROSSED, links=CROSSED_LINKS)
    corpus = corpus_path()
    if corpus is not None:
        for name in ("tutorial04.txt", "tutorial05.txt", "tutorial07.txt", "tutorial09.txt", "tutorialX.txt"):
            yield name, load_superfun((corpus / "chrono" / "levels" / name).read_bytes())


@pytest.mark.parametrize("name, level", list(_levels()), ids=lambda value: value if isinstance(value, str) else "")
def test_bound_never_exceeds_the_letters_left_on_a_shortest_solution(name, level):
    space = ChronoSpace(level)
    result = search(space, timeout=60)
    assert result.solved and result.optimal, name
    assert play_solution(level, letters_of(result.moves)).verdict == "won"
    # Walk the solution's states again, from the start with its number of clones, in a space
    # of its own (a space leaves out the edges to states its search has reached before).
    assert result.length == len(letters_of(result.moves))  # (a single move a letter: core.solver counts them)
    joints = [label for _, label in result.path[2:]]  # (the path: start, then the state with its clones)
    space = ChronoSpace(level)
    state = space.expand(space.start()).edges[len(joints[0]) - 1].state
    left = result.length
    for joint in joints:
        bound = space.lower_bound(state)
        assert bound is not None and bound <= left, (name, joint, bound, left)
        edge = next(edge for edge in space.expand(state).edges if edge.label == joint)
        state, left = edge.state, left - edge.cost
    assert left == 0
