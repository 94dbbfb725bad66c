"""ChronoShift against the original engine: every result in the corpus's expected.jsonl, and
every corpus level's stored Solution winning, through `studio verify` too."""

from __future__ import annotations

import json

import pytest

from studio.cli import main
from studio.games.chrono.solution import parse_actions, play_solution
from studio.games.chrono.superfun import load_superfun
from tests.conftest import corpus_path

CORPUS = corpus_path()
CHRONO = CORPUS / "chrono" if CORPUS else None
EXPECTED = [json.loads(line) for line in (CHRONO / "expected.jsonl").read_text().splitlines()] if CHRONO else []
LEVELS = sorted((CHRONO / "levels").glob("*.txt")) if CHRONO else []
pytestmark = pytest.mark.skipif(CHRONO is None, reason="../shared/corpus is absent")

_loaded: dict[str, object] = {}


def level_named(name: str):
    if name not in _loaded:
        _loaded[name] = load_superfun((CHRONO / "levels" / name).read_bytes())
    return _loaded[name]


@pytest.mark.parametrize("case", EXPECTED, ids=lambda c: f"{c['level']}:{c['solution'] or '-'}")
def test_the_original_engines_result(case):
    replay = play_solution(level_named(case["level"]), case["solution"])
    got = {"complete": replay.verdict == "won", "paradox": replay.verdict == "paradox",
           "score": replay.score, "clones": replay.clones}
    assert got == {key: case[key] for key in got}, replay.paradox.message if replay.paradox else ""


def test_the_expected_results_cover_wins_paradoxes_and_open_ends():
    assert len(EXPECTED) >= 280
    assert {(c["complete"], c["paradox"]) for c in EXPECTED} == {(True, False), (False, True), (False, False)}


@pytest.mark.parametrize("path", LEVELS, ids=lambda p: p.name)
def test_stored_solution_wins(path):
    level = load_superfun(path.read_bytes())
    letters = parse_actions(level.solution_text)
    replay = play_solution(level, letters)
    assert (replay.verdict, replay.moves) == ("won", len(letters))


def test_studio_verify_plays_every_stored_solution(capsys):
    code = main(["verify", "--json", *map(str, LEVELS)])
    results = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0 and len(results) == len(LEVELS)
    for result in results:
        assert {"level", "game", "solution", "verdict", "moves", "score", "clones"} <= set(result)
        assert result["game"] == "chrono" and result["verdict"] == "won"
        assert set(result["solution"]) <= set("NESWHT")


def test_studio_verify_reports_a_given_solution_and_its_paradox(capsys):
    case = next(c for c in EXPECTED if c["paradox"])
    code = main(["verify", "--json", str(CHRONO / "levels" / case["level"]), "--solution", case["solution"]])
    result = json.loads(capsys.readouterr().out)
    assert code == 1
    assert (result["verdict"], result["score"], result["clones"], result["solution"]) == (
        "paradox", case["score"], case["clones"], case["solution"])
    assert result["paradox"] and "clone" in result["reason"].lower()
