"""The ChronoShift solver stays honest on random levels (../shared/corpus/chrono/fuzz): on a
few dozen small ones, plain uniform-cost search over the engine and the solver (the
`studio solve` path with --max-clones 2 --max-turns 12) run side by side, and every length
the solver calls optimal (or a level it proves unsolvable within its bounds) is what the
plain search finds.

The plain search knows nothing of the solver's bound, move filtering or transpositions: a
state is the world of every time jump at one turn (jump j holds clones 1 .. j; a clone's
action on a turn is the same letter in each jump it is in, as a recording replays), and
each turn tries every letter N E S W H T for every clone outside the machine, through the
engine's own turn. A turn costs one letter per clone out (waiting inside the machine is
free), a paradox in any jump ends the branch, and a solution with k clones is one whose
jump k ends with the goal taken and no earlier jump does. Searching only up to the
solver's length keeps it quick and still shows that nothing shorter exists.

The picks: the levels whose shortest solution the corrected rules changed (a crate taking
the goal, a crate left on a closed gate or passage), the three that need two clones, the
longest one-clone ones, and unsolvable ones (within 2 clones and 6 turns, where plain
search can be exhaustive)."""

from __future__ import annotations

import pytest

from studio.core.solve_runner import solve_file
from studio.games.chrono.solution import play_solution
from tests.chrono_corpus import ABSENT, FUZZ, fuzz_level, fuzz_present
from tests.chrono_plain import plain_shortest

pytestmark = pytest.mark.skipif(not fuzz_present(), reason=ABSENT)

RULES_CHANGED_THE_SHORTEST = ("0", "101", "116", "129", "140", "173", "195", "205", "244", "269", "355",
                              "389", "395", "68")
TWO_CLONES = ("176", "183", "245")
LONGEST_ONE_CLONE = ("72", "43", "387", "36", "181")
UNSOLVABLE_IN_SIX_TURNS = ("103", "111", "137", "158", "193", "203", "204", "235")


def _solve(name: str, max_turns: int) -> dict:
    record = solve_file(str(FUZZ / name), timeout=30, options={"max_clones": 2, "max_turns": max_turns})
    assert "error" not in record, record
    assert record["optimal"], f"{name}: the solver proved nothing in 30 s"
    return record


@pytest.mark.parametrize("number", RULES_CHANGED_THE_SHORTEST + TWO_CLONES + LONGEST_ONE_CLONE)
def test_a_length_the_solver_calls_optimal_is_the_plain_search_length(number):
    name = f"fuzz-1-{number}-0.txt"
    level = fuzz_level(name)
    record = _solve(name, max_turns=12)
    assert record["solved"], f"{name}: the solver found nothing"
    replay = play_solution(level, record["solution"])
    assert (replay.verdict, replay.moves) == ("won", record["length"])
    assert plain_shortest(level, 2, 12, at_most=record["length"]) == record["length"]
    assert replay.clones == (2 if number in TWO_CLONES else 1)


@pytest.mark.parametrize("number", UNSOLVABLE_IN_SIX_TURNS)
def test_a_level_the_solver_proves_unsolvable_has_no_solution_in_plain_search(number):
    name = f"fuzz-1-{number}-0.txt"
    record = _solve(name, max_turns=6)
    assert not record["solved"]
    assert plain_shortest(fuzz_level(name), 2, 6) is None
