"""A level the solver proves unsolvable has no solution by a search that never uses the
proof's reasoning: the corpus's own levels that have an exit and that ``studio solve``
proves unsolvable (most at once, by reach.py's relaxation: no way to the exit can ever
open) are searched to the end by the compiled breadth-first search, which keeps every
position it reaches and prunes none, and it finds no solution either. A real collection
holds only levels someone has solved, so a wrong proof would lose a level the search
could have solved. (The random levels' proofs are held to the plain breadth-first search
in test_escape_solver_fuzz.py and test_escape_compiled_search.py.) Skips without numba
or the corpus."""

from __future__ import annotations

import pytest

from studio.games.escape.engine import initial_state
from studio.games.escape.solve import solve_level
from studio.games.escape.tiles import T
from tests.escape_corpus import ESCAPE, corpus_present, load_level, solution_records
from tests.test_escape_compiled_search import compiled_search, find, needs_compiled  # noqa: F401 - a fixture

pytestmark = [needs_compiled,
              pytest.mark.skipif(not corpus_present(), reason="../shared/corpus/escape is absent")]

# Every level of mylevels/ with an exit that the solver proves unsolvable (the others it
# proves have no exit at all, or no search ends on them in a minute).
PROVEN_WITH_AN_EXIT = ("mylevels/blast.esx", "mylevels/idea.esx", "mylevels/r2.esx", "mylevels/r2x.esx",
                       "mylevels/retr.esx")


@pytest.mark.parametrize("name", PROVEN_WITH_AN_EXIT)
def test_a_level_proven_unsolvable_is_searched_to_the_end_without_a_solution(name):
    level = load_level(ESCAPE / "levels" / name)
    assert T.EXIT in level.tiles or T.EXIT in level.otiles, "a level with no exit proves nothing here"
    assert not [r for r in solution_records() if r["level"] == f"levels/{name}" and r["verdict"] == "won"], \
        "the original engine holds a winning solution"
    proof = solve_level(level, timeout=10)
    assert not proof.solved and proof.optimal, f"{name} is no longer proven unsolvable: pick the list again"
    found = find(initial_state(level), timeout=60, novelty=False)
    assert found.moves is None, f"{name} was proven unsolvable, but {found.moves} wins"
    assert found.exhausted, f"the breadth-first search did not end on {name}"
