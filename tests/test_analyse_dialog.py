"""Analyse Level in the window: the table of elements, selecting a row selects its cells,
Cancel ends the work early keeping what was decided, and a closed dialog leaves nothing
behind (weak references, processes)."""

from __future__ import annotations

import multiprocessing
import weakref
from pathlib import Path


from studio.core.analysis import EASIER, UNSOLVABLE
from tests.gui_helpers import settle

ROOT = Path(__file__).resolve().parent.parent
WAIT_MS = 120_000


def test_the_table_names_each_element_s_effect_and_a_row_selects_its_cells(qtbot, window):
    pane = window.open_file(ROOT / "levels" / "chrono" / "06-buttons-cancel-out.txt")
    dialog = window.solving.analyse()
    qtbot.waitUntil(lambda: dialog.record is not None, timeout=WAIT_MS)
    assert "Solvable, shortest 17 moves (proven)" in dialog.verdict.text()
    assert "Your solution takes 17 moves" in dialog.verdict.text()
    effects = {dialog.table.item(row, 1).text(): dialog.record["elements"][row]["effect"]
               for row in range(dialog.table.rowCount())}
    assert effects == {"(3, 1)": EASIER, "(4, 1)": EASIER, "(2, 3)": UNSOLVABLE}
    row = next(r for r in range(dialog.table.rowCount()) if dialog.table.item(r, 1).text() == "(2, 3)")
    dialog.table.selectRow(row)
    width = pane.document.level.width
    assert pane.scene.selected_cells() == [3 * width + 2]
    assert "Difficulty" in dialog.difficulty.text() and "positions" in dialog.difficulty.text()
    dialog.close()


def test_selecting_a_lock_piece_selects_its_hexes(qtbot, window):
    pane = window.open_file(ROOT / "levels" / "intricacy" / "06-springs-give.lock")
    dialog = window.solving.analyse()
    qtbot.waitUntil(lambda: dialog.record is not None, timeout=WAIT_MS)
    row = next(r for r in range(dialog.table.rowCount()) if dialog.table.item(r, 0).text() == "block A")
    dialog.table.selectRow(row)
    cells = dialog.record["elements"][row]["cells"]
    assert sorted(pane.scene.selection) == sorted(tuple(cell) for cell in cells)
    dialog.close()


def test_cancel_keeps_what_was_decided_and_closing_frees_the_dialog_and_its_process(qtbot, window):
    window.open_file(ROOT / "levels" / "escape" / "17-grand-tour.esx")
    dialog = window.solving.analyse()
    qtbot.waitUntil(lambda: dialog.progress.value() >= 2, timeout=WAIT_MS)  # the level solved, an element or more tried
    dialog.cancel_button.click()
    qtbot.waitUntil(lambda: dialog.record is not None, timeout=30_000)
    assert dialog.record["stopped"] == "cancelled"
    assert "cancelled" in dialog.status.text()
    assert dialog.start_button.isEnabled() and not dialog.cancel_button.isEnabled()
    reference = weakref.ref(dialog)
    dialog.close()
    del dialog
    settle(qtbot)
    qtbot.waitUntil(lambda: not multiprocessing.active_children(), timeout=20_000)
    assert reference() is None
    assert window.solving.dialogs == []


def test_an_edit_made_while_it_works_is_named_and_analyse_again_takes_it(qtbot, window):
    from studio.model import commands

    pane = window.open_file(ROOT / "levels" / "chrono" / "06-buttons-cancel-out.txt")
    dialog = window.solving.analyse()
    pane.document.undo_stack.push(commands.ChangeProperties(pane.document, {"description": "Changed"}))
    qtbot.waitUntil(lambda: dialog.record is not None, timeout=WAIT_MS)
    assert "edited since" in dialog.status.text()
    dialog.start_button.click()
    qtbot.waitUntil(lambda: dialog.record is not None, timeout=WAIT_MS)
    assert "edited since" not in dialog.status.text()
    dialog.close()
