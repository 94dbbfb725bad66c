"""The Escape solve on two cores (solve.py, core.racing): the compiled search's two orders
run one a core, novelty first in this process and breadth-first in the second, and a
solution the second process finds ends the search here and is what this process proves
or shortens. Skips without numba (or with STUDIO_PURE_PYTHON set); the corpus test skips
without the corpus."""

from __future__ import annotations

import time

import pytest

from tests.escape_corpus import ESCAPE, corpus_present, load_level, solution_records
from tests.test_escape_compiled import compiled_usable
from tests.test_solver import build

pytestmark = pytest.mark.skipif(not compiled_usable(), reason="numba is not installed or STUDIO_PURE_PYTHON "
                                "is set: there is no compiled search to split between the cores")


@pytest.fixture(scope="module", autouse=True)
def compiled_search():
    """The search's machine code, compiled now if this machine has none (about a minute)."""
    from studio.games.escape import compiled
    from studio.games.escape.compiled.compiling import compile_now

    saved = compiled._started
    assert compile_now(), "the compiled search did not solve a two-move level"
    yield
    compiled._started = saved


def test_either_order_alone_finds_a_solution_and_asking_for_neither_is_refused():
    from studio.games.escape.compiled.searching import find_solution
    from studio.games.escape.engine import initial_state, play_solution

    state = initial_state(build(["@.#....", "..#.##.", "......E"]))
    for novelty, breadth_first in ((True, False), (False, True)):
        found = find_solution(state, timeout=10, novelty=novelty, breadth_first=breadth_first)
        assert found.moves and play_solution(state, found.moves).verdict == "won", (novelty, breadth_first)
    with pytest.raises(ValueError, match="novelty search, the breadth-first one, or both"):
        find_solution(state, timeout=1, novelty=False, breadth_first=False)


@pytest.mark.skipif(not corpus_present(), reason="../shared/corpus/escape is absent")
def test_the_other_cores_find_ends_the_search_here_and_is_shortened_from():
    """sat2's stored solution (440 moves) is one neither compiled order finds within a
    minute: handed over as the racer's find, it stops this process's search at once, and
    the shortening starts from it."""
    from studio.games.escape.engine import LETTER_DIRECTIONS, initial_state
    from studio.games.escape.solve import EscapeSpace, _solve_compiled_first

    record = next(r for r in solution_records() if r["level"] == "levels/mylevels/sat2.esx")
    handed_over = tuple(LETTER_DIRECTIONS[c] for c in record["moves_udlr"])
    level = load_level(ESCAPE / "levels" / "mylevels" / "sat2.esx")
    partner = Partner(handed_over)
    began = time.perf_counter()
    result = _solve_compiled_first(EscapeSpace(initial_state(level)), True, 6.0, None, None, partner=partner)
    asked = partner.asked
    assert asked and asked[0] - began < 1.0, "the search here did not look for the racer's find at once"
    assert result.solved and result.first_found < 2.0 and not result.optimal
    assert result.length <= len(handed_over)
    assert_wins(level, result)


def test_a_find_from_the_other_core_that_does_not_win_is_not_built_on():
    from studio.games.escape.engine import initial_state
    from studio.games.escape.solve import EscapeSpace, _solve_compiled_first

    level = build(["@.#....", "..#.##.", "......E"])
    partner = Partner((1, 1, 1))
    result = _solve_compiled_first(EscapeSpace(initial_state(level)), True, 10.0, None, None, partner=partner)
    assert result.solved and result.optimal  # (found here: the A* proves its own)
    assert_wins(level, result)


def test_a_find_made_here_is_offered_to_the_other_core():
    from studio.games.escape.engine import initial_state
    from studio.games.escape.solve import EscapeSpace, _solve_compiled_first

    level = build(["@.#....", "..#.##.", "......E"])
    partner = Partner(())
    result = _solve_compiled_first(EscapeSpace(initial_state(level)), True, 10.0, None, None, partner=partner)
    assert result.solved and len(partner.offered) == 1
    assert len(partner.offered[0]) >= result.length  # (offered as found, before the A* had it)


class Partner:
    """core.racing.Partner's side of a racer that has found ``finds`` (or nothing: ())."""

    def __init__(self, finds: tuple):
        self.finds, self.asked, self.offered = finds, [], []

    def best(self) -> tuple:
        self.asked.append(time.perf_counter())
        return self.finds

    def offer(self, moves: tuple) -> None:
        self.offered.append(moves)


def assert_wins(level, result) -> None:
    from studio.games.escape.engine import initial_state, play_solution

    verdict = play_solution(initial_state(level), result.moves)
    assert verdict.verdict == "won" and verdict.moves == result.length
