"""The bundled ChronoShift levels: they load, they are ours, each teaches one idea, and each stored Solution wins."""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from pathlib import Path

import pytest

from studio.games.chrono.engine import WON, initial_state, step
from studio.games.chrono.solution import parse_actions, play_solution
from studio.games.chrono.superfun import load_superfun, save_superfun

LEVELS = Path(__file__).resolve().parent.parent / "levels" / "chrono"
LEVEL_FILES = sorted(LEVELS.glob("*.txt"))
NEED_CLONES = {"05-help-from-the-past.txt": 2, "06-buttons-cancel-out.txt": 2, "08-two-helpers.txt": 3}


def test_there_are_at_least_eight_numbered_levels():
    assert len(LEVEL_FILES) >= 8
    assert [int(p.name[:2]) for p in LEVEL_FILES] == list(range(1, len(LEVEL_FILES) + 1))


@pytest.mark.parametrize("path", LEVEL_FILES, ids=lambda p: p.name)
def test_level_loads_is_small_and_ours_and_saves_unchanged(path):
    data = path.read_bytes()
    level = load_superfun(data)
    assert level.description and level.metadata.text("Author") == "Puzzle Level Studio"
    assert level.width <= 12 and level.height <= 10
    assert save_superfun(level) == data


@pytest.mark.parametrize("path", LEVEL_FILES, ids=lambda p: p.name)
def test_stored_solution_wins(path):
    level = load_superfun(path.read_bytes())
    letters = parse_actions(level.solution_text)
    replay = play_solution(level, letters)
    assert (replay.verdict, replay.moves) == ("won", len(letters)), replay.paradox
    assert replay.clones == NEED_CLONES.get(path.name, 1)


def one_clone_solution(level) -> str | None:
    """A shortest win without travelling back in time, by breadth-first search (None if there is none)."""
    start = initial_state(level)
    seen = {start.world}
    queue = deque([(start, "")])
    while queue:
        state, letters = queue.popleft()
        for action in "NESWHT":
            result = step(state, action)
            after = result.state
            if after.status == WON:
                return letters + action
            if not result.changed or after.finished or after.clone_count > 1:
                continue
            world = replace(after.world, turn=0)  # the same place at a later turn is no new place
            if world not in seen:
                seen.add(world)
                queue.append((after, letters + action))
    return None


@pytest.mark.parametrize("name", sorted(NEED_CLONES))
def test_levels_about_helpers_from_the_past_cannot_be_done_alone(name):
    assert one_clone_solution(load_superfun((LEVELS / name).read_bytes())) is None


@pytest.mark.parametrize("path", [p for p in LEVEL_FILES if p.name not in NEED_CLONES], ids=lambda p: p.name)
def test_one_clone_levels_store_a_shortest_solution(path):
    level = load_superfun(path.read_bytes())
    assert len(one_clone_solution(level)) == len(parse_actions(level.solution_text))
