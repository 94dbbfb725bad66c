"""The bundled Escape tutorial levels: they load, they are ours, and their stored solutions win."""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from pathlib import Path

import pytest

from studio.app.paths import levels_dir, sample_level_path
from studio.games.escape import esp
from studio.games.escape.esx import load_esx, save_esx

LEVELS = Path(__file__).resolve().parent.parent / "levels" / "escape"
LEVEL_FILES = sorted(LEVELS.glob("*.esx"))
AUTHOR = "Puzzle Level Studio"


def _solutions() -> esp.PlayerFile:
    return esp.loads((LEVELS / "solutions.esp").read_bytes())


def _engine():
    if importlib.util.find_spec("studio.games.escape.engine") is None:
        pytest.skip("the Escape engine (studio.games.escape.engine) is absent, so solutions cannot be played")
    from studio.games.escape import engine

    return engine


def test_there_are_at_least_twelve_numbered_levels():
    assert len(LEVEL_FILES) >= 12
    numbers = [int(path.name[:2]) for path in LEVEL_FILES]
    assert numbers == list(range(1, len(LEVEL_FILES) + 1)), "levels are numbered 01, 02, ... without gaps"


@pytest.mark.parametrize("path", LEVEL_FILES, ids=lambda p: p.name)
def test_level_loads_and_is_small_and_ours(path):
    data = path.read_bytes()
    level = load_esx(data)
    assert level.title and level.title != "Untitled"
    assert level.author == AUTHOR
    assert 10 <= level.width <= 20 and 5 <= level.height <= 12
    assert save_esx(level) == data  # an unchanged level saves as the same bytes


@pytest.mark.parametrize("path", LEVEL_FILES, ids=lambda p: p.name)
def test_stored_solution_wins(path):
    engine = _engine()
    data = path.read_bytes()
    solutions = _solutions().solutions_for(hashlib.md5(data).hexdigest())
    assert solutions, f"solutions.esp has no solution for {path.name}"
    level = load_esx(data)
    for solution in solutions:
        verdict = engine.play_solution(engine.initial_state(level), solution.moves)
        assert (verdict.verdict, verdict.moves) == ("won", len(solution.moves)), (
            f"{path.name}: {solution.text} is {verdict.verdict} at move {verdict.moves}"
        )


def test_files_are_what_the_build_script_makes():
    spec = importlib.util.spec_from_file_location("build_levels", LEVELS / "build_levels.py")
    build_levels = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = build_levels  # dataclasses look their module up there
    try:
        spec.loader.exec_module(build_levels)
    finally:
        del sys.modules[spec.name]
    expected = build_levels.outputs()
    on_disk = {path.name: path.read_bytes() for path in LEVELS.iterdir() if path.name in expected}
    assert sorted(expected) == sorted(on_disk), "run: python levels/escape/build_levels.py"
    stale = [name for name, data in expected.items() if on_disk[name] != data]
    assert not stale, f"out of date (run python levels/escape/build_levels.py): {stale}"
    assert sorted(name for name in expected if name.endswith(".esx")) == [p.name for p in LEVEL_FILES]


def test_solutions_table_lists_every_level():
    table = (LEVELS / "SOLUTIONS.md").read_text(encoding="utf-8")
    for path in LEVEL_FILES:
        assert f"`{path.name}`" in table


def test_sample_level_is_the_first_tutorial_level():
    assert levels_dir() == LEVELS.parent
    assert sample_level_path() == LEVEL_FILES[0]
