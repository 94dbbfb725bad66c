"""The studio keeps the user's levels safe: saving refuses read-only files (offering Save As)
and keeps a backup, another program's change or deletion of an open file is asked about,
changed levels are autosaved and offered back at the next start, text from files is shown
as text, and bad files give a message, never a hang."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from studio.app.compare_dialog import CompareDialog
from studio.app.preferences import PreferencesDialog
from studio.app.preferences_files import AUTOSAVE_KEY, BACKUP_KEY
from studio.app.recovery import RecoveryStore
from studio.app.recovery_dialog import RecoveryDialog
from studio.core.files import backup_path
from studio.games.escape.esx import load_esx, save_esx
from studio.games.escape.tiles import T
from tests.dialog_helpers import DialogAnswers
from tests.gui_helpers import click, open_at_actual_size


def paint_cell(window, pane, x=2, y=2, tile=T.GREY):
    window.palette_dock.select("tile", int(tile))
    window.set_tool("brush")
    click(pane, x, y)
    return pane.document.level.tiles[pane.document.level.index(x, y)]


def edited_on_disk(path: Path, x=5, y=5, tile=T.BLUE) -> bytes:
    """Another program's edit of the level file: one tile changed, written in place."""
    level = load_esx(path.read_bytes())
    level.source = None
    level.tiles[level.index(x, y)] = tile
    data = save_esx(level)
    path.write_bytes(data)
    return data


def wait_for_dialogs(qtbot, answers: DialogAnswers, timeout=20000):
    qtbot.waitUntil(lambda: answers.done, timeout=timeout)


# -- saving -----------------------------------------------------------------------------------------

def test_a_read_only_level_is_refused_and_save_as_offered(window, qtbot, level_file, monkeypatch, tmp_path):
    pane = open_at_actual_size(window, level_file)
    paint_cell(window, pane)
    before = level_file.read_bytes()
    level_file.chmod(0o444)
    copy = tmp_path / "copy.esx"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(copy), ""))
    answers = DialogAnswers("Save As…")
    assert window.save(pane)
    assert level_file.read_bytes() == before and "read-only" in answers.texts[0]
    assert pane.document.path == copy and load_esx(copy.read_bytes()).tiles == pane.document.level.tiles


def test_saving_keeps_one_backup_unless_the_preference_is_off(window, qtbot, level_file):
    pane = open_at_actual_size(window, level_file)
    original = level_file.read_bytes()
    paint_cell(window, pane)
    assert window.save(pane)
    assert backup_path(level_file).read_bytes() == original
    dialog = PreferencesDialog(window.settings, window)
    files_page = dialog.pages[0]
    files_page.backup.setChecked(False)
    files_page.interval.setValue(5)
    dialog.apply(window)
    assert window.settings.value(BACKUP_KEY, True, bool) is False and int(window.settings.value(AUTOSAVE_KEY)) == 5
    assert window.file_safety.autosaver.timer.interval() == 5000
    backup_path(level_file).unlink()
    paint_cell(window, pane, 3, 3)
    assert window.save(pane)
    assert not backup_path(level_file).exists()


# -- another program's change ----------------------------------------------------------------------

def test_a_change_on_disk_is_asked_about_and_reload_keeps_mine_in_undo(window, qtbot, level_file):
    pane = open_at_actual_size(window, level_file)
    painted = paint_cell(window, pane)
    edited_on_disk(level_file)
    answers = DialogAnswers("Compare…", lambda dialog: dialog.reject(), "Reload")
    wait_for_dialogs(qtbot, answers)
    assert "changed by another program" in answers.texts[0]
    assert isinstance(answers.seen[1], CompareDialog)
    document = pane.document
    assert document.level.tiles[document.level.index(5, 5)] == T.BLUE and not document.is_modified
    document.undo_stack.undo()  # mine comes back
    assert document.level.tiles[document.level.index(2, 2)] == painted and document.is_modified


def test_keep_mine_marks_the_level_unsaved_and_save_then_replaces_the_file(window, qtbot, level_file):
    pane = open_at_actual_size(window, level_file)
    edited_on_disk(level_file)
    answers = DialogAnswers("Keep Mine")
    wait_for_dialogs(qtbot, answers)
    assert pane.document.is_modified
    assert window.save(pane)  # no second question: the user chose
    assert load_esx(level_file.read_bytes()).tiles[pane.document.level.index(5, 5)] != T.BLUE


def test_a_change_not_yet_noticed_is_asked_about_before_saving(window, qtbot, level_file):
    pane = open_at_actual_size(window, level_file)
    paint_cell(window, pane)
    window.file_safety.watch.untrack(pane.document)  # as if the system sent no event
    theirs = edited_on_disk(level_file)
    answers = DialogAnswers("Cancel")
    assert not window.save(pane)
    assert level_file.read_bytes() == theirs and "since the studio read it" in answers.texts[0]


def test_a_deleted_file_is_reported_and_can_be_saved_again(window, qtbot, level_file):
    pane = open_at_actual_size(window, level_file)
    level_file.unlink()
    answers = DialogAnswers("Save Again")
    wait_for_dialogs(qtbot, answers)
    assert "deleted or moved" in answers.texts[0]
    qtbot.waitUntil(lambda: level_file.exists(), timeout=20000)
    assert not pane.document.is_modified


def test_the_studios_own_saves_ask_nothing(window, qtbot, level_file):
    pane = open_at_actual_size(window, level_file)
    for x in range(3):
        paint_cell(window, pane, x, 1)
        assert window.save(pane)
    qtbot.wait(600)  # the watcher's events have settled
    assert QApplication.activeModalWidget() is None


# -- autosave and recovery ----------------------------------------------------------------------------

def recovery_entries(window) -> list[Path]:
    return sorted(window.file_safety.store.session.glob("*.json"))


def test_autosave_copies_changed_levels_and_drops_the_copy_once_saved_or_discarded(window, qtbot, level_file):
    pane = open_at_actual_size(window, level_file)
    autosaver = window.file_safety.autosaver
    autosaver.save_all()
    assert recovery_entries(window) == []  # nothing changed, nothing copied
    paint_cell(window, pane)
    autosaver.save_all()
    [entry] = recovery_entries(window)
    copy = load_esx(entry.with_suffix(".level").read_bytes())
    assert copy.tiles == pane.document.level.tiles
    assert window.save(pane)
    assert recovery_entries(window) == []
    paint_cell(window, pane, 4, 4)
    autosaver.save_all()
    assert len(recovery_entries(window)) == 1
    window.close_pane(pane)  # the test window answers Discard
    assert recovery_entries(window) == []


def orphan_session(root: Path, level_file: Path, tile=T.GREY) -> RecoveryStore:
    """What a killed studio leaves: a session with one autosaved level, its lock's process gone."""
    store = RecoveryStore(root)
    level = load_esx(level_file.read_bytes())
    level.source = None
    level.tiles[level.index(1, 1)] = tile
    store.write("killed", save_esx(level), "escape", str(level_file), level_file.name)
    store._lock.unlock()  # the process that held it is gone
    store._lock = None
    return store


def test_recovery_offers_each_level_with_a_preview_and_recovers_it_unsaved(window, qtbot, level_file, tmp_path):
    orphan = orphan_session(tmp_path / "recovery", level_file)
    answers = DialogAnswers(lambda dialog: (
        isinstance(dialog, RecoveryDialog) and not dialog.preview.pixmap().isNull() and dialog.recover_button.click()))
    window.file_safety.offer_recovery()
    assert answers.done and isinstance(answers.seen[0], RecoveryDialog)
    pane = window.current_pane()
    document = pane.document
    assert document.path == level_file and document.is_modified
    assert document.level.tiles[document.level.index(1, 1)] == T.GREY
    assert not orphan.session.exists()  # moved into this studio's session
    assert len(recovery_entries(window)) == 1
    document.undo_stack.undo()  # the file's own version is one undo away
    assert document.level.tiles[document.level.index(1, 1)] != T.GREY
    document.undo_stack.redo()
    assert window.save(pane)
    assert recovery_entries(window) == [] and load_esx(level_file.read_bytes()).tiles[document.level.index(1, 1)] == T.GREY


def test_discarded_and_postponed_copies(window, qtbot, level_file, tmp_path):
    orphan_session(tmp_path / "recovery", level_file)
    DialogAnswers("Decide Later")
    window.file_safety.offer_recovery()
    assert window.current_pane() is None and len(list((tmp_path / "recovery").glob("session-*/*.json"))) == 1
    DialogAnswers("Discard")
    window.file_safety.offer_recovery()
    assert list((tmp_path / "recovery").glob("session-*/*.json")) == []


def test_a_running_studios_session_is_not_offered(window, qtbot, level_file, tmp_path):
    running = RecoveryStore(tmp_path / "recovery")
    running.write("alive", level_file.read_bytes(), "escape", str(level_file), level_file.name)
    assert window.file_safety.store.orphans() == []
    running.close()


# -- text from files shown as text; bad files refused at once --------------------------------------------

def test_an_error_quoting_html_is_shown_as_plain_text(window, qtbot, tmp_path):
    crafted = tmp_path / "<h1>Verified OK<h1>.esx"  # Qt would take the first line for HTML
    crafted.write_bytes(b"not a level")
    answers = DialogAnswers("OK")
    assert window.open_file(crafted) is None
    box = answers.seen[0]
    assert isinstance(box, QMessageBox) and box.textFormat() == Qt.TextFormat.PlainText
    assert answers.texts[0].startswith("<h1>Verified OK<h1>.esx")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_opened_from_recent_files_or_dropped_is_refused_at_once(window, qtbot, tmp_path):
    fifo = tmp_path / "x.esx"
    os.mkfifo(fifo)
    window.settings.add_recent_file(fifo)
    started = time.perf_counter()
    answers = DialogAnswers("OK", "OK")
    window._fill_recent_menu()
    [action] = [a for a in window.recent_menu.actions() if a.text() == "x.esx"]
    action.trigger()
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(fifo))])
    window.dropEvent(QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                                Qt.KeyboardModifier.NoModifier))
    assert time.perf_counter() - started < 5 and answers.done
    assert all("named pipe" in text for text in answers.texts) and window.current_pane() is None
