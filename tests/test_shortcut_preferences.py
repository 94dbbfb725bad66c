"""Shortcuts the user changes in Edit > Preferences > Shortcuts: kept in the settings, put back
at the next start, working at once; a key given to two commands is refused, naming both."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from studio.app.preferences import PreferencesDialog
from studio.app.preferences_shortcuts import ShortcutsPage
from tests.gui_helpers import show_main_window


def shortcuts_page(qtbot, window):
    dialog = PreferencesDialog(window.settings, window)
    qtbot.addWidget(dialog)
    page = next(page for page in dialog.pages if isinstance(page, ShortcutsPage))
    return dialog, page


def test_a_changed_key_works_at_once_and_after_a_restart(qtbot, settings, level_file):
    window = show_main_window(qtbot, settings)
    dialog, page = shortcuts_page(qtbot, window)
    assert dialog.tabs.tabText(dialog.tabs.indexOf(page)) == "Shortcuts"
    page.editors["tool_line"].setKeySequence(QKeySequence("Ctrl+Shift+L"))
    dialog.accept()
    dialog.apply(window)
    assert window.actions["tool_line"].shortcut() == QKeySequence("Ctrl+Shift+L")
    assert "Ctrl+Shift+L" in window.actions["tool_line"].toolTip()
    window.activateWindow()
    pane = window.open_file(level_file)
    qtbot.waitUntil(lambda: pane.view.hasFocus())
    qtbot.keyClick(pane.view, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert pane.scene.tool is pane.tools["line"]
    window.close()

    again = show_main_window(qtbot, settings)  # the next start
    assert again.actions["tool_line"].shortcut() == QKeySequence("Ctrl+Shift+L")
    assert again.actions["redo"].shortcuts() == again.shortcuts.defaults["redo"]  # the others untouched


def test_a_key_given_to_two_commands_is_refused(qtbot, settings):
    window = show_main_window(qtbot, settings)
    dialog, page = shortcuts_page(qtbot, window)
    page.editors["zoom_in"].setKeySequence(QKeySequence("B"))  # the brush's key
    assert "both" in page.problem.text() and "Brush" in page.problem.text() and "Zoom In" in page.problem.text()
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted  # the dialog stays open on the page
    page.reset_all()
    assert page.problem.text() == ""
    assert page.editors["zoom_in"].keySequence() == QKeySequence("]")


def test_the_studio_keys_come_back_and_are_not_stored(qtbot, settings):
    window = show_main_window(qtbot, settings)
    dialog, page = shortcuts_page(qtbot, window)
    page.editors["fit"].setKeySequence(QKeySequence("Ctrl+8"))
    page.apply(window)
    assert settings.value("shortcuts/fit") == "Ctrl+8"
    page.reset_all()
    page.apply(window)
    assert settings.value("shortcuts/fit") is None and window.actions["fit"].shortcut() == QKeySequence("Ctrl+9")


def test_the_dialog_opens_with_room_for_a_dozen_commands(qtbot, settings):
    from studio.app.preferences import OPENING_SIZE, PreferencesDialog

    dialog = PreferencesDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.width() >= OPENING_SIZE[0] and dialog.height() >= OPENING_SIZE[1]
