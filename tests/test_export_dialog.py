"""File > Export Game and Play > Play Collection in the studio: the collection chosen and
ordered, the check run in a separate process (an unsolvable level stops the export and
offers the override), the build's progress, log and Cancel (with a stand-in command, no
PyInstaller build), and the player shell opened on the collection."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from studio.app import export_dialog
from studio.games.escape.esx import save_esx
from studio.games.escape.level import EscapeLevel
from studio.games.escape.tiles import T

ROOT = Path(__file__).resolve().parent.parent
ESCAPE = ROOT / "levels" / "escape"


def menu_actions(window, title: str) -> list[str]:
    menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == title)
    return [action.objectName() for action in menu.actions()]


def test_the_actions_are_in_the_file_and_play_menus(window):
    assert "export_game" in menu_actions(window, "File")
    assert "play_collection" in menu_actions(window, "Play")


@pytest.fixture
def dialog(window, qtbot, tmp_path):
    for name in ("03-grey-blocks.esx", "01-first-steps.esx"):
        window.open_file(ESCAPE / name)
    dialog = window.exporting.export_game()
    qtbot.addWidget(dialog)
    dialog.output_edit.setText(str(tmp_path / "out"))
    return dialog


def test_the_open_levels_start_the_collection_in_tab_order(dialog):
    assert [p.name for p in dialog.collection.paths()] == ["03-grey-blocks.esx", "01-first-steps.esx"]
    assert dialog.name_edit.text() == "Escape Levels"
    assert dialog.program_label.text().endswith("escape-levels/escape-levels")


def test_levels_are_reordered_by_drag_and_drop(dialog):
    levels = dialog.collection.list
    assert levels.dragDropMode() == levels.DragDropMode.InternalMove
    levels.model().moveRow(levels.rootIndex(), 1, levels.rootIndex(), 0)  # what a drop does
    assert [p.name for p in dialog.collection.paths()] == ["01-first-steps.esx", "03-grey-blocks.esx"]


def test_a_folder_adds_its_levels_and_another_game_is_refused(dialog):
    dialog.collection.set_paths([])
    assert dialog.collection.add_paths([ESCAPE])
    assert len(dialog.collection.paths()) == 17
    assert not dialog.collection.add_paths([ROOT / "levels" / "laby"])
    assert "several" in dialog.collection.problem.text() and len(dialog.collection.paths()) == 17


def test_a_playlist_adds_the_levels_that_follow(dialog):
    dialog.collection.set_paths([])
    dialog.collection._add_playlist(ROOT / "levels" / "laby" / "06-hedge-garden.laby")
    assert [p.name for p in dialog.collection.paths()] == ["06-hedge-garden.laby", "07-crypt.laby"]


def test_an_unsolvable_level_stops_the_export_until_overridden(dialog, qtbot, tmp_path):
    level = EscapeLevel.blank(5, 3, "Walled In")
    for y in range(3):
        level.tiles[level.index(2, y)] = T.BLUE
    level.tiles[level.index(4, 1)] = T.EXIT
    walled = tmp_path / "walled.esx"
    walled.write_bytes(save_esx(level))
    dialog.collection.add_paths([walled])
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    assert dialog.cancel_button.text() == "Cancel"
    qtbot.waitUntil(lambda: dialog.process is None, timeout=120_000)
    rows = [dialog.checks_view.topLevelItem(i).text(1) for i in range(dialog.checks_view.topLevelItemCount())]
    assert rows[0].startswith("✓ solved by a solution stored (solutions.esp)")
    assert rows[2].startswith("no known solution")
    assert dialog.allow_unsolvable.isVisible() and "no known solution" in dialog.problem.text()
    assert dialog.problem.text().startswith("1 level has no known solution")
    assert dialog.stage_label.text() == "Not exported" and not (tmp_path / "out").exists()


FAKE_BUILD = textwrap.dedent("""
    import json, sys, time
    if "--check-only" in sys.argv:
        for path in sys.argv[1:]:
            if path.endswith(".esx"):
                print(json.dumps({"level": path, "title": "T", "solution": "R", "source": "stored",
                                  "lint_errors": [], "error": "", "unsolvable": ""}), flush=True)
        sys.exit(0)
    for percent in (20, 70):
        print('export-progress {"percent": %d, "stage": "building"}' % percent, file=sys.stderr, flush=True)
        print("some PyInstaller line", file=sys.stderr, flush=True)
    if "--name" in sys.argv and sys.argv[sys.argv.index("--name") + 1] == "Slow":
        time.sleep(60)
    if "--name" in sys.argv and sys.argv[sys.argv.index("--name") + 1] == "Warned":
        print("warning: this machine lacks libxcb-icccm.so.4", file=sys.stderr, flush=True)
    print(json.dumps({"app": "/out/g/g", "levels": 2, "bytes": 105000000, "seconds": 42.0}), flush=True)
""")


@pytest.fixture
def fake_command(monkeypatch, tmp_path):
    """`studio export-game` replaced by a script that checks and 'builds' at once."""
    script = tmp_path / "fake_export.py"
    script.write_text(FAKE_BUILD)
    monkeypatch.setattr(export_dialog, "studio_command", lambda *args: (sys.executable, [str(script), *args[1:]]))


def test_the_build_shows_progress_and_its_log_folds(dialog, qtbot, fake_command):
    assert not dialog.log.isVisible()
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.result is not None and dialog.process is None, timeout=60_000)
    assert dialog.progress.value() == 100
    assert dialog.stage_label.text() == "Built /out/g/g: 2 levels, 105 MB, in 42 s"
    assert "some PyInstaller line" in dialog.log.toPlainText()
    assert "export-progress" not in dialog.log.toPlainText()
    dialog.log_toggle.click()
    assert dialog.log.isVisible()


def test_a_build_warning_is_shown_with_the_result(dialog, qtbot, fake_command):
    dialog.name_edit.setText("Warned")
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.result is not None and dialog.process is None, timeout=60_000)
    assert dialog.stage_label.text().startswith("Built /out/g/g")
    assert dialog.problem.text() == "Note: this machine lacks libxcb-icccm.so.4"


def test_cancel_stops_the_build(dialog, qtbot, fake_command):
    dialog.name_edit.setText("Slow")
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.phase == "build" and dialog.progress.value() == 70, timeout=60_000)
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.process is None, timeout=10_000)
    assert dialog.stage_label.text() == "Cancelled" and dialog.result is None
    assert dialog.export_button.isEnabled() and dialog.cancel_button.text() == "Close"


def test_play_collection_opens_the_player_shell(window, qtbot, tmp_path):
    player = window.exporting.play([ESCAPE / "02-red-blocks.esx", ESCAPE / "05-lasers.esx"], "Try Out")
    qtbot.waitExposed(player)
    assert player.windowTitle() == "Try Out" and player.title_screen.name_label.text() == "Try Out"
    assert [level.title for level in player.levels] == ["One at a Time", "In the Line of Fire"]
    player.continue_playing()
    assert player.play_screen.session.playable and player.current == 0
    assert Path(player.scratch.path()) == player.progress_folder  # a fresh folder per try
    player.close()


def test_play_in_the_dialog_shows_the_name_author_and_icon_the_export_will(dialog, qtbot):
    dialog.name_edit.setText("My Escape")
    dialog.author_edit.setText("Ann")
    dialog.icon_edit.setText(str(ROOT / "resources" / "icons" / "studio.svg"))
    qtbot.mouseClick(dialog.play_button, Qt.MouseButton.LeftButton)
    player = dialog.parent().exporting.players[-1]
    qtbot.waitExposed(player)
    title = player.title_screen
    assert title.name_label.text() == "My Escape" and title.author_label.text() == "by Ann"
    assert title.icon_label.pixmap() is not None and not title.icon_label.pixmap().isNull()
    assert not player.windowIcon().isNull()
    player.close()


def test_sort_by_difficulty_orders_the_levels_easiest_first_and_shows_each_score(dialog, qtbot):
    dialog.collection.set_paths([ESCAPE / name for name in ("06-panels.esx", "07-transporters.esx",
                                                            "01-first-steps.esx")])
    dialog.collection.sort_button.click()
    assert dialog.collection.sort_button.text() == "Stop &Sorting"
    qtbot.waitUntil(lambda: dialog.collection.ranking is None, timeout=120_000)
    items = [dialog.collection.list.item(row) for row in range(dialog.collection.list.count())]
    scores = [item.data(Qt.ItemDataRole.UserRole + 1) for item in items]
    assert None not in scores and scores == sorted(scores)
    assert [p.name for p in dialog.collection.paths()][-1] == "06-panels.esx"  # dead ends and a longer search
    assert all("difficulty" in item.text() for item in items)
    assert "dead ends" in items[0].toolTip().replace("\xa0", " ")
    assert dialog.collection.sorting_status.text().startswith("Sorted easiest first")
    assert dialog.collection.problem.text() == ""


def test_closing_the_dialog_stops_the_measuring(window, qtbot):
    import multiprocessing

    dialog = window.exporting.export_game()
    dialog.collection.set_paths([ESCAPE])
    dialog.collection.sort_button.click()
    qtbot.waitUntil(lambda: bool(multiprocessing.active_children()), timeout=20_000)
    dialog.close()
    qtbot.waitUntil(lambda: not multiprocessing.active_children(), timeout=30_000)
