"""The last-resort handler: an unexpected exception shows a dialog with its details and a way to
save the open levels, copies the changed levels to the recovery folder first, and the studio
goes on running."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from studio.app.crash_handler import install_crash_handler
from tests.dialog_helpers import DialogAnswers
from tests.gui_helpers import click, open_at_actual_size

pytestmark = pytest.mark.qt_no_exception_capture  # the handler under test catches them


@pytest.fixture
def handler(window):
    installed = install_crash_handler(window)
    yield installed
    installed.uninstall()


def edit(window, pane):
    window.palette_dock.select("tile", 3)
    window.set_tool("brush")
    click(pane, 2, 2)
    assert pane.document.is_modified


def fail_in_a_slot():
    raise ZeroDivisionError("an unexpected bug")


def test_an_error_in_a_slot_shows_details_and_save_all_saves_the_levels(window, qtbot, handler, level_file):
    pane = open_at_actual_size(window, level_file)
    edit(window, pane)
    copied = []

    def look_then_save(box):
        copied.extend(window.file_safety.store.session.glob("*.json"))  # copied before the dialog opened
        assert box.textFormat() == Qt.TextFormat.PlainText and "Traceback" in box.detailedText()
        next(b for b in box.buttons() if b.text().replace("&", "") == "Save All Levels").click()

    answers = DialogAnswers(look_then_save)
    QTimer.singleShot(0, fail_in_a_slot)
    qtbot.waitUntil(lambda: answers.done, timeout=20000)
    assert isinstance(answers.seen[0], QMessageBox) and "ZeroDivisionError: an unexpected bug" in answers.texts[0]
    assert len(copied) == 1
    assert not pane.document.is_modified and window.isVisible()  # saved, and still running
    assert list(window.file_safety.store.session.glob("*.json")) == []


def test_the_same_error_again_at_once_is_counted_not_shown_again(window, qtbot, handler):
    answers = DialogAnswers("Continue")
    QTimer.singleShot(0, fail_in_a_slot)
    qtbot.waitUntil(lambda: answers.done, timeout=20000)
    QTimer.singleShot(0, fail_in_a_slot)
    qtbot.wait(200)
    assert QApplication.activeModalWidget() is None
    assert "happened again" in window.statusBar().currentMessage() and window.isVisible()


def test_an_error_in_another_thread_reaches_the_dialog(window, qtbot, handler):
    answers = DialogAnswers("Continue")
    worker = threading.Thread(target=fail_in_a_slot)
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: answers.done, timeout=20000)
    assert "an unexpected bug" in answers.texts[0]


def test_a_bug_in_saving_itself_still_shows_the_dialog(window, qtbot, handler, level_file, monkeypatch):
    # The handler autosaves first; when the bug is in the game's save, that raised inside the
    # handler and no dialog was shown at all.
    from dataclasses import replace

    pane = open_at_actual_size(window, level_file)
    edit(window, pane)

    def broken_save(level):
        raise KeyError("a bug in saving")

    monkeypatch.setattr(pane.document, "game", replace(pane.document.game, save=broken_save))
    answers = DialogAnswers("Continue")
    QTimer.singleShot(0, fail_in_a_slot)
    qtbot.waitUntil(lambda: answers.done, timeout=20000)
    assert "an unexpected bug" in answers.texts[0] and window.isVisible()
    assert "KeyError" in answers.seen[0].detailedText()  # the autosave's failure is reported too
