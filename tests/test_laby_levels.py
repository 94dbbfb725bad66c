"""The bundled Labyrinthos playlist: our own levels, chained by nextlevel, each one winnable."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.app.paths import levels_dir
from studio.games.laby.engine import initial_state, moves_text, play_solution
from studio.games.laby.labyfile import load_laby, save_laby
from studio.games.laby.solver import par, shortest_solution
from studio.games.laby.verify import verify_level

LEVELS = Path(__file__).resolve().parent.parent / "levels" / "laby"
LEVEL_FILES = sorted(LEVELS.glob("*.laby"))


def test_the_playlist_has_at_least_six_numbered_levels():
    assert len(LEVEL_FILES) >= 6
    assert [int(path.name[:2]) for path in LEVEL_FILES] == list(range(1, len(LEVEL_FILES) + 1))
    assert levels_dir() / "laby" == LEVELS


def test_nextlevel_chains_every_level_once_from_the_first():
    seen = []
    path = LEVEL_FILES[0]
    while True:
        assert path not in seen, f"{path.name} comes twice: the playlist loops"
        seen.append(path)
        following = load_laby(path.read_bytes()).nextlevel
        if not following:
            break
        path = path.parent / following
        assert path.is_file(), f"{seen[-1].name} names a next level that does not exist: {following}"
    assert seen == LEVEL_FILES


@pytest.mark.parametrize("path", LEVEL_FILES, ids=lambda p: p.name)
def test_each_level_is_ours_unchanged_by_a_save_and_winnable(path):
    data = path.read_bytes()
    level = load_laby(data)
    assert level.author == "Puzzle Level Studio" and level.name
    assert save_laby(level) == data
    assert level.width <= 40 and level.height <= 40
    solution = shortest_solution(level)
    assert solution is not None, f"{path.name} cannot be won"
    verdict = play_solution(initial_state(level), solution)
    assert verdict.verdict == "won" and verdict.score == par(level) >= 5
    [result] = verify_level(str(path), moves=solution)
    assert (result["verdict"], result["moves"], result["par"]) == ("won", len(solution), len(solution)), \
        moves_text(solution)
