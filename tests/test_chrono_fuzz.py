"""ChronoShift against the original engine on random levels (../shared/corpus/chrono/fuzz and the
larger fuzz2): every action string's verdict (complete or paradox), score and clone count.
benchmarks/chrono_fuzz_diff.py [--fuzz2] prints each case that differs with the turn where ours stopped."""

from __future__ import annotations

import pytest

from tests.chrono_corpus import ABSENT, compare_fuzz_case, fuzz_cases, fuzz_level, fuzz_present, verdict_words

pytestmark = pytest.mark.skipif(not fuzz_present(), reason=ABSENT)


def test_the_fuzz_corpus_holds_every_kind_of_result():
    cases = fuzz_cases()
    assert len(cases) >= 1584
    assert {(c["complete"], c["paradox"]) for c in cases} == {(True, False), (False, True), (False, False)}


@pytest.mark.parametrize("batch, at_least", [("fuzz", 1584), ("fuzz2", 7956)])
def test_every_fuzz_result_agrees_with_the_original(batch, at_least):
    if not fuzz_present(batch):
        pytest.skip(f"../shared/corpus/chrono/{batch} is absent")
    cases = fuzz_cases(batch)
    assert len(cases) >= at_least
    wrong = []
    for case in cases:
        compared = compare_fuzz_case(case)
        if not compared.agrees:
            wrong.append(f"{case['level']} {case['solution']}: original {verdict_words(case)}, "
                         f"ours {verdict_words(compared.ours)}")
    assert not wrong, f"{len(wrong)}/{len(cases)} differ:\n" + "\n".join(wrong)


# -- the play-test draws what the corrected engine reports ------------------------------------------
def _play_test(name: str, solution: str):
    """Each report of the play-test adapter playing ``solution`` (the replay rule's waits in)."""
    from studio.games.chrono.playtest import make_adapter

    adapter = make_adapter()
    state, reports = adapter.initial_state(fuzz_level(name)), []
    for move in adapter.parse_moves(solution):
        report = adapter.step(state, move)
        reports.append(report)
        state = report.state
        if state.finished:
            break
    return adapter, reports


def test_the_play_test_draws_the_paradox_at_the_originals_turn_and_place():
    """fuzz-1-122-1: clone 3 steps off a crate plate onto the gate it closes; the original
    reports the paradox with score 17 (ours used to play on to an open end)."""
    from studio.games.chrono import playtest

    adapter, reports = _play_test("fuzz-1-122-1.txt", "SSHTETNESWNNTNWESHWHTEWHEN")
    last = reports[-1]
    assert last.outcome.kind == playtest.DEAD and last.state.score == 17 and "(2, 3)" in last.outcome.reason
    assert (last.state.clone_count, last.state.paradox.turn) == (3, 10)  # jump 3, turn 10
    gate = fuzz_level("fuzz-1-122-1.txt").index(2, 3)
    marks = [a for a in adapter.annotations(last.state, last) if a.overlay == "paradox"]
    assert {(a.shape, a.cells) for a in marks} == {(playtest.RING, (gate,)), (playtest.CROSS, (gate,))}
    assert "clone 3: closed gate" in {a.label for a in marks}
    assert not [a for r in reports[:-1] for a in adapter.annotations(r.state, r) if a.overlay == "paradox"]


@pytest.mark.parametrize("name, solution", [("fuzz-1-269-2.txt", "SESEWNWEESHHHTENNST"), ("fuzz-1-43-3.txt", "SWE")])
def test_the_play_test_draws_no_paradox_for_a_crate_on_a_closed_gate_or_passage(name, solution):
    adapter, reports = _play_test(name, solution)
    assert all(r.outcome.kind != "dead" for r in reports)
    assert not [a for r in reports for a in adapter.annotations(r.state, r) if a.overlay == "paradox"]
