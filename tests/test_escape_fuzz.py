"""The Escape engine against the original on random levels (../shared/corpus/escape/fuzz):
every run's verdict and move, and the whole state after every move of every run.
benchmarks/escape_trace_diff.py --fuzz prints the first difference of each run."""

from __future__ import annotations

import pytest

from tests.escape_corpus import compare_states, fuzz_level, fuzz_present, fuzz_results, fuzz_traces

pytestmark = pytest.mark.skipif(not fuzz_present(), reason="../shared/corpus/escape/fuzz is absent (it "
                                "ships only beside the project's own checkout)")

FAMILIES = ("all", "hugbot", "wires", "panels")


def _family(level: str) -> str:
    return level.split("/")[-1].split("-")[0]


@pytest.fixture(scope="module")
def traces_by_family() -> dict:
    runs = {family: [] for family in FAMILIES}
    for name, index, states in fuzz_traces():
        runs[_family(name)].append((name, index, states))
    return runs


def test_every_fuzz_level_belongs_to_a_known_family():
    assert {_family(r["level"]) for r in fuzz_results()} == set(FAMILIES)


@pytest.mark.parametrize("family", FAMILIES)
def test_fuzz_verdicts_match_original(family):
    from studio.games.escape.engine import LETTER_DIRECTIONS, initial_state, play_solution

    runs = [r for r in fuzz_results() if _family(r["level"]) == family]
    assert runs
    wrong = []
    for run in runs:
        moves = [LETTER_DIRECTIONS[c] for c in run["moves_udlr"]]
        got = play_solution(initial_state(fuzz_level(run["level"])), moves)
        if (got.verdict, got.moves) != (run["verdict"], run["moves"]):
            wrong.append(f"{run['level']}#{run['index']}: original {run['verdict']} at {run['moves']}, "
                         f"ours {got.verdict} at {got.moves}")
    assert not wrong, f"{len(wrong)}/{len(runs)} runs differ:\n" + "\n".join(wrong)


@pytest.mark.parametrize("family", FAMILIES)
def test_fuzz_states_match_original_after_every_move(family, traces_by_family):
    runs = traces_by_family[family]
    assert runs
    wrong = []
    for name, index, states in runs:
        done, total, difference = compare_states(fuzz_level(name), states)
        if difference is not None:
            wrong.append(f"{name}#{index}: {done}/{total} moves agree; {difference}")
    assert not wrong, f"{len(wrong)}/{len(runs)} runs differ:\n" + "\n".join(wrong)


@pytest.mark.parametrize("family", FAMILIES)
def test_one_working_board_plays_as_a_frozen_state_a_move(family):
    """play_solution keeps one working board for a whole solution (step.advance); after
    every prefix of every run (random moves: many refused, pushes blocked half-way,
    bombs, panels) it ends where stepping frozen states does, verdict and state."""
    from studio.games.escape.engine import LETTER_DIRECTIONS, initial_state, play_solution
    from studio.games.escape.engine.verdict import _play_step_by_step

    runs = [r for r in fuzz_results() if _family(r["level"]) == family]
    wrong = []
    for run in runs:
        level = fuzz_level(run["level"])
        moves = [LETTER_DIRECTIONS[c] for c in run["moves_udlr"]]
        for cut in range(len(moves) + 1):
            if play_solution(initial_state(level), moves[:cut]) != _play_step_by_step(initial_state(level), moves[:cut]):
                wrong.append(f"{run['level']}#{run['index']} after {cut} moves")
                break
    assert not wrong, f"{len(wrong)}/{len(runs)} runs differ:\n" + "\n".join(wrong)
