"""ChronoShift lint rules that follow the original engine's corrected rules (issue 13)."""

from __future__ import annotations

import pytest

from studio.games.chrono.lint import lint_level
from tests.chrono_helpers import make_level


@pytest.mark.parametrize("glyph", ["B", "P"])
def test_a_crate_button_is_flagged_as_pressed_by_clones_too(glyph):
    """The original presses 'P' under a clone (fuzz-1-211-1.txt SSENEWHEESESWWSNWEWST), so a
    level counting on a crate-only button is warned."""
    level = make_level("+++++++", f"+S {glyph} -+", "+  c  +", "++G++++", "+++++++", links=[((3, 1), (5, 1))])
    found = [p for p in lint_level(level) if p.rule == "crate-button"]
    assert [(p.cell, p.severity) for p in found] == [(level.index(3, 1), "warning")]
    assert "(3, 1)" in found[0].message and "clone" in found[0].message


def test_a_plain_button_is_not_flagged():
    level = make_level("+++++++", "+S b -+", "+  c  +", "++G++++", "+++++++", links=[((3, 1), (5, 1))])
    assert not [p for p in lint_level(level) if p.rule == "crate-button"]


def test_a_crate_plate_in_a_level_without_crates_is_flagged_as_pressing_nothing():
    """The original ignores 'P' where there are no crates (fuzz-424242-1891-1.txt SNEEEH)."""
    level = make_level("+++++++", "+S P -+", "+     +", "++G++++", "+++++++", links=[((3, 1), (5, 1))])
    found = [p.rule for p in lint_level(level) if p.cell == level.index(3, 1)]
    assert found == ["inert-crate-plate"]
