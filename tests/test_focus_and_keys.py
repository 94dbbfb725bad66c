"""Keyboard focus and key maps: the canvas has the keyboard as soon as a level opens, the
pane holding the keyboard is marked, and each game's play-test keys are one map that the
board plays by and the key help and the Play menu print (ChronoShift's Enter enters the
time machine, so Home restarts there)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from studio.app.editor_pane import FOCUS_COLOUR
from studio.games.chrono.playtest import make_adapter as chrono_adapter
from studio.playtest.keymap import KeyMap

ROOT = Path(__file__).resolve().parent.parent
CHRONO = ROOT / "levels" / "chrono" / "05-help-from-the-past.txt"
ESCAPE = ROOT / "levels" / "escape" / "01-first-steps.esx"


def focus_frame_colour(pane):
    return pane.grab().toImage().pixelColor(1, pane.height() // 2)


def test_the_canvas_has_the_keyboard_when_a_level_opens(qtbot, window, level_file):
    window.activateWindow()
    pane = window.open_file(level_file)
    qtbot.waitUntil(lambda: pane.view.hasFocus())
    before = pane.view.horizontalScrollBar().value(), pane.view.verticalScrollBar().value()
    pane.view.set_zoom(4.0)  # big enough to pan
    before = pane.view.horizontalScrollBar().value()
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Right)  # no click on the canvas first
    assert pane.view.horizontalScrollBar().value() > before


def test_switching_tabs_gives_the_shown_canvas_the_keyboard(qtbot, window, level_file):
    window.activateWindow()
    first = window.open_file(level_file)
    second = window.open_file(ESCAPE)
    qtbot.waitUntil(lambda: second.view.hasFocus())
    window.tabs.setCurrentWidget(first)
    qtbot.waitUntil(lambda: first.view.hasFocus())


def test_the_pane_with_the_keyboard_is_marked(qtbot, window, level_file):
    window.activateWindow()
    pane = window.open_file(level_file)
    qtbot.waitUntil(lambda: pane.view.hasFocus())
    assert pane.has_focus_mark() and focus_frame_colour(pane) == FOCUS_COLOUR
    window.playtest.start()  # the play board takes the keyboard: it is marked, the canvas is not
    board = window.playtest.dock.board
    qtbot.waitUntil(lambda: board.hasFocus())
    assert not pane.has_focus_mark() and focus_frame_colour(pane) != FOCUS_COLOUR
    assert board.grab().toImage().pixelColor(1, board.height() // 2) == FOCUS_COLOUR


def test_chronoshift_names_each_key_once_and_keeps_a_key_for_every_board_action():
    key_map = KeyMap(chrono_adapter().keys())
    text = key_map.help_text()
    assert text.count("enter the time machine") == 1 and "Enter enter the time machine" in text
    assert "Home restart" in text and "Enter restart" not in text
    assert "Ctrl+R replay" in text and "Space wait a turn" in text
    assert all(binding.keys for binding in key_map.controls)
    keys = [sequence for sequence, _, _ in key_map.table()]
    assert len(keys) == len(set(keys)), "no key means two things"


def test_escape_keeps_enter_for_restart():
    from studio.core.playtest_adapter import adapter_for
    from studio.core.game import game_by_id

    key_map = KeyMap(adapter_for(game_by_id("escape")).keys())
    assert key_map.help_text().startswith("↑↓←→ move · Enter restart")
    assert key_map.first_key("replay") == "Space"


def test_the_play_menu_and_the_board_follow_the_game_shown(qtbot, window):
    window.activateWindow()
    window.open_file(CHRONO)
    window.playtest.start()
    dock = window.playtest.dock
    actions = window.playtest.actions
    assert actions["playtest_restart"].text().endswith("\tHome")
    assert actions["playtest_replay"].text().endswith("\tCtrl+R")
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Left, Qt.Key.Key_Return):  # out, back, into the time machine
        qtbot.keyClick(dock.board, key)
    assert dock.session.moves == ("E", "W", "T")
    qtbot.keyClick(dock.board, Qt.Key.Key_Home)  # restarts, as the menu says
    assert dock.session.position == 0

    window.open_file(ESCAPE)
    window.playtest.start()
    assert actions["playtest_restart"].text().endswith("\tEnter")
    qtbot.keyClick(dock.board, Qt.Key.Key_Right)
    assert dock.session.position == 1
    qtbot.keyClick(dock.board, Qt.Key.Key_Return)
    assert dock.session.position == 0


def test_the_dock_help_and_buttons_name_the_same_keys(qtbot, window):
    window.activateWindow()
    window.open_file(CHRONO)
    window.playtest.start()
    dock = window.playtest.dock
    help_text = dock.keys_label.text()
    assert help_text == KeyMap(chrono_adapter().keys()).help_text()
    assert help_text.count("enter the time machine") == 1 and "Return" not in help_text
    assert dock.start_button.toolTip() == "Back to the start (Home)"
    assert dock.play_button.toolTip() == "Replay the moves ahead (Ctrl+R)"
    window.open_file(ESCAPE)
    window.playtest.start()
    assert dock.start_button.toolTip() == "Back to the start (Enter, Home)"
    assert "Enter restart" in dock.keys_label.text()
