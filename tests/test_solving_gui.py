"""The Problems dock, the Solve dialog and Verify Collection, driven through the real window."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from studio.core.playtest_adapter import WON
from studio.games.escape.tiles import T
from tests.gui_helpers import click, open_at_actual_size, show_main_window

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def window(qtbot, settings, level_file):
    window = show_main_window(qtbot, settings, 1100, 760)
    open_at_actual_size(window, level_file)
    return window


def _choose_tile(window, tile):
    window.palette_dock.select("tile", int(tile))


def test_problems_dock_follows_edits_and_selects_the_cell(qtbot, window):
    dock = window.solving.problems_dock
    assert dock.problems == []
    assert dock.summary.text() == "No problems found."
    pane = window.current_pane()
    _choose_tile(window, T.FLOOR)
    click(pane, 11, 7)  # paint the only exit over
    qtbot.waitUntil(lambda: any(p.rule == "no-exit" for p in dock.problems), timeout=3000)
    assert dock.tree.topLevelItemCount() == 1
    item = dock.tree.topLevelItem(0)
    assert item.text(0) == "(0, 0)"  # the player's start
    rect = dock.tree.visualItemRect(item)
    dock.show()
    qtbot.mouseClick(dock.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(dock.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert pane.scene.selected_cells() == [0]
    window.undo_group.undo()  # the exit is back: the problem goes away
    qtbot.waitUntil(lambda: dock.problems == [], timeout=3000)


def test_solve_dialog_finds_the_shortest_solution_and_replays_it(qtbot, window):
    dialog = window.solving.solve()
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=60000)
    assert dialog.result["solved"] and dialog.result["optimal"]
    assert dialog.result["length"] == 18  # 11 right and 7 down on open floor
    assert dialog.solution_text.toPlainText() == dialog.result["solution"]
    session = window.playtest.session_for(window.current_pane().document)
    assert len(session.timeline_moves) == 18
    assert session.loaded is not None and session.loaded.verification.outcome.kind == WON
    dialog.save(str(Path(window.current_pane().document.path).with_suffix(".txt")))
    saved = Path(window.current_pane().document.path).with_suffix(".txt").read_text().strip()
    assert saved == dialog.result["solution"]
    dialog.close()


def test_solve_dialog_reports_an_unsolvable_level(qtbot, window):
    pane = window.current_pane()
    _choose_tile(window, T.BLUE)
    click(pane, 10, 7)
    click(pane, 11, 6)  # the exit is walled in
    dialog = window.solving.solve()
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=60000)
    assert not dialog.result["solved"] and dialog.result["optimal"]
    assert "cannot be solved" in dialog.status.text()
    assert not dialog.copy_button.isEnabled()
    dialog.close()


def test_verify_collection_fills_a_sortable_table(qtbot, window, tmp_path):
    folder = tmp_path / "collection"
    folder.mkdir()
    for name in ("02-red-blocks.esx", "04-gold-blocks.esx", "07-transporters.esx", "solutions.esp"):
        shutil.copy(ROOT / "levels" / "escape" / name, folder / name)
    (folder / "broken.esx").write_bytes(b"not a level")
    dialog = window.solving.verify_collection(str(folder))
    assert dialog.start()
    qtbot.waitUntil(lambda: dialog.check.finished and not dialog._timer.isActive(), timeout=90000)
    assert dialog.table.rowCount() == 4
    rows = {Path(r["level"]).name: r for r in dialog.rows}
    assert rows["04-gold-blocks.esx"]["verdicts"] == "1 won"
    assert rows["04-gold-blocks.esx"]["shortest_known"] == 15
    assert rows["04-gold-blocks.esx"]["solver_length"] == 15 and rows["04-gold-blocks.esx"]["solver_optimal"]
    assert rows["broken.esx"]["error"]
    dialog.table.sortItems(4)  # by the solver's length, the unreadable level last
    lengths = [dialog.table.item(r, 4).text() for r in range(4)]
    assert lengths == ["9 (shortest)", "13 (shortest)", "15 (shortest)", ""]
    dialog.close()


def test_verify_collection_from_the_menu_starts_in_the_open_levels_folder(qtbot, window):
    window.solving.actions["verify_collection"].trigger()
    dialog = window.solving.dialogs[-1]
    assert dialog.folder_edit.text() == str(Path(window.current_pane().document.path).parent)
    dialog.close()
