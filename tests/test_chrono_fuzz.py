"""ChronoShift against the original engine on random levels (../shared/corpus/chrono/fuzz): every
action string's verdict (complete or paradox), score and clone count. benchmarks/chrono_fuzz_diff.py
prints each case that differs with the turn where ours stopped."""

from __future__ import annotations

import pytest

from tests.chrono_corpus import ABSENT, compare_fuzz_case, fuzz_cases, fuzz_present, verdict_words

pytestmark = pytest.mark.skipif(not fuzz_present(), reason=ABSENT)


def test_the_fuzz_corpus_holds_every_kind_of_result():
    cases = fuzz_cases()
    assert len(cases) >= 1584
    assert {(c["complete"], c["paradox"]) for c in cases} == {(True, False), (False, True), (False, False)}


def test_every_fuzz_result_agrees_with_the_original():
    cases = fuzz_cases()
    wrong = []
    for case in cases:
        compared = compare_fuzz_case(case)
        if not compared.agrees:
            wrong.append(f"{case['level']} {case['solution']}: original {verdict_words(case)}, "
                         f"ours {verdict_words(compared.ours)}")
    assert not wrong, f"{len(wrong)}/{len(cases)} differ:\n" + "\n".join(wrong)
