"""The Escape solver stays honest on random levels (../shared/corpus/escape/fuzz): on a
few dozen small ones, plain breadth-first search over single moves and the solver (the
`studio solve` path, and A* alone) run side by side, and every length the solver calls
optimal (or a level it proves unsolvable) is what breadth-first search finds. Most
picks are hugbot levels: hugbots that push are where a lower bound is easiest to get
wrong."""

from __future__ import annotations

import pytest

from studio.core.solve_runner import solve_file
from studio.games.escape.engine import initial_state, play_solution
from studio.games.escape.esp import text_to_moves
from studio.games.escape.solve import solve_level
from tests.escape_corpus import FUZZ, fuzz_level, fuzz_present

pytestmark = pytest.mark.skipif(not fuzz_present(), reason="../shared/corpus/escape/fuzz is absent (it "
                                "ships only beside the project's own checkout)")

# The fuzz levels whose shortest solutions are longest, per family (most of the others
# are won in a move or two), and unsolvable ones whose proof takes some search.
WITH_SOLUTIONS = (
    "hugbot-2-123", "hugbot-2-25", "hugbot-2-29", "hugbot-2-45", "hugbot-2-85", "hugbot-2-127",
    "hugbot-2-31", "hugbot-2-51", "hugbot-2-82", "hugbot-2-111", "hugbot-2-117", "hugbot-2-34",
    "hugbot-2-119", "hugbot-2-100", "hugbot-2-8", "hugbot-2-142",
    "panels-4-28", "panels-4-77", "panels-4-98", "panels-4-141", "panels-4-114", "panels-4-100", "panels-4-72",
    "all-1-99", "all-1-143", "all-1-107", "wires-3-146", "wires-3-119", "wires-3-104",
)
UNSOLVABLE = (
    "hugbot-2-148", "hugbot-2-26", "hugbot-2-121", "hugbot-2-135", "hugbot-2-67", "hugbot-2-5",
    "all-1-120", "all-1-46", "wires-3-77", "panels-4-44",
)


@pytest.mark.parametrize("name", WITH_SOLUTIONS + UNSOLVABLE)
def test_solver_lengths_called_optimal_are_breadth_first_lengths(name):
    level = fuzz_level(f"levels/{name}.esx")
    plain = solve_level(level, timeout=30, method="bfs", walks=False, bound=False)
    assert plain.optimal, "breadth-first search did not finish"
    assert plain.solved == (name in WITH_SOLUTIONS)
    record = solve_file(str(FUZZ / "levels" / f"{name}.esx"), timeout=20)
    astar = solve_level(level, timeout=20, method="astar")
    for how, solved, optimal, length, solution in (
            ("studio solve", record["solved"], record["optimal"], record["length"], record["solution"]),
            ("A*", astar.solved, astar.optimal, astar.length, astar.solution)):
        assert optimal, f"{how} proved nothing on a level breadth-first search finishes"
        assert solved == plain.solved, how
        if solved:
            assert length == plain.length, f"{how} calls {length} moves optimal, breadth-first finds {plain.length}"
            verdict = play_solution(initial_state(level), text_to_moves(solution))
            assert (verdict.verdict, verdict.moves) == ("won", length), how
