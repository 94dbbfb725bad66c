"""Hints for players (core.hints) and the exported game's Hint key: from any position a
player can reach, following the hints alone wins the level (a move on the way, or an undo
out of a dead end); the hints taken are counted in the player's progress folder; and
`--self-test --hints` wins a collection by hints alone."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from studio.core.game import game_for_path
from studio.core.hints import HINTS_FILE, HintGuide, HintsUsed, shortest_hint_solution
from studio.core.playtest_adapter import WON, adapter_for
from studio.export.levels import check_level

ROOT = Path(__file__).resolve().parent.parent
LEVELS = sorted(p for p in (ROOT / "levels").glob("*/*") if game_for_path(p) is not None)


def follow(guide: HintGuide, adapter, history: list, limit: int) -> tuple[bool, int]:
    """Do what the hints say from the last position of ``history`` (a list of states); (won, hints)."""
    for taken in range(1, limit + 1):
        hint = guide.hint(history[-1], history)
        if hint.move is not None:
            report = adapter.step(history[-1], hint.move)
            history.append(report.state)
            if report.outcome.kind == WON:
                return True, taken
        else:
            assert hint.undo_to is not None, hint.text
            assert "undo to move" in hint.text or "restart" in hint.text
            del history[hint.undo_to + 1:]
    return False, limit


@pytest.mark.parametrize("path", LEVELS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_hints_win_from_wherever_a_few_random_moves_lead(path):
    check = check_level(path, solve_timeout=20)
    game = game_for_path(path)
    adapter = adapter_for(game)
    level = game.load(path.read_bytes())
    guide = HintGuide(adapter, level, adapter.parse_moves(check.hint))
    moves = list(dict.fromkeys(key.move for key in adapter.keys()))
    for seed in range(3):
        chooser = random.Random(f"{path.name}-{seed}")
        history = [adapter.initial_state(level)]
        for _ in range(chooser.randint(1, 6)):  # wander off the way (staying alive)
            report = adapter.step(history[-1], chooser.choice(moves))
            if report.changed and not report.outcome.finished:
                history.append(report.state)
        won, taken = follow(guide, adapter, history, limit=4 * len(guide.solution) + 40)
        assert won, f"{path.name}, seed {seed}: not won after {taken} hints"


def test_the_shipped_hint_path_is_a_shortest_solution():
    """The export ships the breadth-first map's shortest solution when it finds one: shorter
    than the stored designer's solution where that one takes a detour."""
    path = ROOT / "levels" / "escape" / "04-gold-blocks.esx"
    game = game_for_path(path)
    adapter = adapter_for(game)
    level = game.load(path.read_bytes())
    check = check_level(path)
    start = adapter.initial_state(level)
    bump = next(m for m in (k.move for k in adapter.keys()) if not adapter.step(start, m).changed)
    detour = (bump, bump) + tuple(adapter.parse_moves(check.solution))
    assert shortest_hint_solution(game, adapter, level, detour) == tuple(adapter.parse_moves(check.hint))
    assert len(adapter.parse_moves(check.hint)) == len(detour) - 2


def test_a_dead_end_is_answered_with_an_undo_to_the_way():
    """Gold blocks fly until stopped: a few pushes leave the level unwinnable, and the hint
    names the last move of the player's history on the way."""
    path = ROOT / "levels" / "escape" / "04-gold-blocks.esx"
    game = game_for_path(path)
    adapter = adapter_for(game)
    level = game.load(path.read_bytes())
    guide = HintGuide(adapter, level, adapter.parse_moves(check_level(path).hint))
    moves = list(dict.fromkeys(key.move for key in adapter.keys()))
    for seed in range(200):
        chooser = random.Random(seed)
        history = [adapter.initial_state(level)]
        for _ in range(12):
            report = adapter.step(history[-1], chooser.choice(moves))
            if report.changed and not report.outcome.finished:
                history.append(report.state)
        hint = guide.hint(history[-1], history)
        if hint.move is None:
            assert hint.undo_to is not None and history[hint.undo_to] in guide.path
            assert f"undo to move {hint.undo_to}" in hint.text or "restart" in hint.text
            return
    pytest.fail("no random walk reached a dead end")


def test_hints_taken_are_counted_in_the_progress_folder(tmp_path):
    used = HintsUsed(tmp_path)
    assert used.add("abc") == 1 and used.add("abc") == 2 and used.add("def") == 1
    assert json.loads((tmp_path / HINTS_FILE).read_text())["levels"] == {"abc": 2, "def": 1}
    assert HintsUsed(tmp_path).count("abc") == 2
    (tmp_path / HINTS_FILE).write_text("{damaged")
    assert HintsUsed(tmp_path).count("abc") == 0  # a damaged file: counting starts afresh


@pytest.fixture
def collection(tmp_path):
    from studio.export.bundle import stage_collection
    from studio.export.levels import gather_levels

    game, files = gather_levels([ROOT / "levels" / "laby"])
    return stage_collection([check_level(f) for f in files[:3]], game, "Mazes", "", None, tmp_path / "game")


def test_the_hint_key_says_the_next_move_and_the_win_counts_the_hints(qtbot, collection, tmp_path):
    from PySide6.QtCore import Qt

    from studio.player.window import PlayerWindow

    window = PlayerWindow(collection, tmp_path / "progress")
    qtbot.addWidget(window)
    window.show()
    window.play_level(0)
    screen = window.play_screen
    screen.animation_ms = 0
    assert "H hint" in screen.keys_label.text()
    qtbot.keyClick(screen.board, Qt.Key.Key_H)
    assert screen.hint_label.isVisible() and screen.hint_label.text().startswith("Hint: Try")
    assert HintsUsed(tmp_path / "progress").count(window.levels[0].md5) == 1
    for move in screen.session.adapter.parse_moves(collection.levels[0].hint):
        screen.play(move)
    assert not screen.hint_label.isVisible()  # (a hint is for the position it was asked at)
    qtbot.waitUntil(lambda: screen.win_screen.isVisible(), timeout=5_000)
    assert "Hints taken on this level: 1" in screen.win_screen.details.text()


def test_self_test_with_hints_wins_every_level_by_hints_alone(collection):
    done = subprocess.run([sys.executable, "-m", "studio.player", "--collection", str(collection.folder),
                           "--self-test", "--hints"], capture_output=True, text=True, timeout=300,
                          env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"})
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0, done.stderr
    assert [line["verdict"] for line in lines] == ["won"] * 3
    assert all(line["hints"] == line["moves"] for line in lines)  # the shipped hint path is followed, no detour
