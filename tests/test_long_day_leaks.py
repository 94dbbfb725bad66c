"""A long day in the studio: a closed level, a closed Solve dialog and a game switch leave
nothing behind (weak references), the solver's processes and pipes end with their dialog,
actions that need the level as a file say why they cannot, and the settings stay bounded."""

from __future__ import annotations

import multiprocessing
import os
import weakref
from pathlib import Path

import pytest

from studio.core.game import game_by_id
from studio.model import commands
from tests.gui_helpers import settle

ROOT = Path(__file__).resolve().parent.parent
LEVELS = {
    "escape": ROOT / "levels" / "escape" / "05-lasers.esx",
    "chrono": ROOT / "levels" / "chrono" / "05-help-from-the-past.txt",
    "intricacy": ROOT / "levels" / "intricacy" / "03-turning.lock",
    "laby": ROOT / "levels" / "laby" / "01-first-steps.laby",
}


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def edit_something(pane) -> None:
    """An undoable edit every game's level takes: its first text property."""
    document = pane.document
    name = next(key for key, value in document.level.properties().items() if isinstance(value, str))
    document.undo_stack.push(commands.ChangeProperties(document, {name: "Changed"}))


@pytest.mark.parametrize("game_id", sorted(LEVELS))
def test_a_closed_level_leaves_nothing_alive(qtbot, window, game_id):
    pane = window.open_file(LEVELS[game_id])
    edit_something(pane)
    window.playtest.start()
    settle(qtbot)
    watched = {name: weakref.ref(obj) for name, obj in (
        ("document", pane.document), ("pane", pane), ("scene", pane.scene), ("view", pane.view),
        ("undo stack", pane.document.undo_stack), ("session", window.playtest.sessions[pane.document]))}
    assert window.close_pane(pane)
    del pane
    settle(qtbot)
    alive = [name for name, ref in watched.items() if ref() is not None]
    assert alive == [], f"still alive after closing a {game_id} level: {alive}"


def test_brush_strokes_and_a_won_play_test_leave_nothing_of_a_closed_level(qtbot, window, tmp_path):
    from tests.gui_helpers import drag

    path = tmp_path / "corridor.laby"
    path.write_bytes(b"name Corridor\nmap\n3001\n1101\n2001\nend\n")
    pane = window.open_file(path)
    settle(qtbot)
    window.set_tool("brush")
    drag(pane, [(1, 1), (2, 1), (2, 2), (1, 2)])  # one stroke, its pieces merged into one step
    drag(pane, [(1, 1), (2, 1)])
    pane.document.undo_stack.undo()
    pane.document.undo_stack.undo()
    window.playtest.start()
    session = window.playtest.sessions[pane.document]
    for move in session.adapter.parse_moves("RRDDLL"):
        session.play(move)
    assert session.outcome.kind == "won"  # the win panel offers a score for this session
    settle(qtbot)
    document = weakref.ref(pane.document)
    assert window.close_pane(pane)
    del pane, session
    settle(qtbot)
    assert document() is None


def test_switching_games_keeps_one_palette_model_per_game(qtbot, window):
    from studio.app.docks import PaletteModel

    for _ in range(3):
        for game_id in sorted(LEVELS):
            window.close_pane(window.open_file(LEVELS[game_id]))
            settle(qtbot)
    assert len(window.palette_dock.findChildren(PaletteModel)) == len(LEVELS)  # one per game, kept
    selection_models = window.palette_dock.list.findChildren(type(window.palette_dock.list.selectionModel()))
    assert len(selection_models) <= 1


def test_closing_solve_dialogs_ends_their_processes_and_pipes(qtbot, window):
    window.open_file(ROOT / "levels" / "escape" / "17-grand-tour.esx")
    settle(qtbot)
    fds_before = open_fds()
    dialogs = []
    for _ in range(4):
        dialog = window.solving.solve()
        qtbot.waitUntil(lambda: dialog.process is not None and bool(multiprocessing.active_children()), timeout=20_000)
        dialog.cancel()
        dialogs.append(weakref.ref(dialog))
        dialog.close()
        del dialog
        settle(qtbot)
    qtbot.waitUntil(lambda: not multiprocessing.active_children(), timeout=20_000)
    settle(qtbot)
    assert [ref for ref in dialogs if ref() is not None] == []
    assert window.solving.dialogs == []
    assert open_fds() <= fds_before + 2  # (a Qt timer or two aside, every pipe is closed)


def test_solve_on_a_level_its_file_cannot_hold_says_so_like_save(qtbot, window, tmp_path):
    pane = window.open_file(LEVELS["chrono"])
    document = pane.document
    document.undo_stack.push(commands.CellEdit(document, {0: (ord(" "), ())}))  # a hole in the wall border
    with pytest.raises(ValueError):
        document.game.save(document.level)
    errors = []
    window.show_error = lambda title, text: errors.append((title, text))
    assert window.solving.solve() is None
    assert errors and errors[0][0] == "Cannot solve the level"
    assert "walled all round" in errors[0][1] and "still open and unchanged" in errors[0][1]
    window.community.upload_current()
    assert errors[-1][0] == "Cannot upload the level"


def test_the_settings_remember_the_versions_of_a_bounded_number_of_levels(qtbot, window, tmp_path):
    from studio.app.playtest_integration import MAX_LEVELS_REMEMBERED, VERSIONS_GROUP

    escape = game_by_id("escape")
    level = escape.load(LEVELS["escape"].read_bytes())
    for number in range(MAX_LEVELS_REMEMBERED + 15):
        path = tmp_path / f"level{number}.esx"
        path.write_bytes(escape.save(level))
        pane = window.open_file(path)
        window.playtest.start()
        window.close_pane(pane)
    qsettings = window.settings.qsettings
    qsettings.beginGroup(VERSIONS_GROUP.rstrip("/"))
    kept = qsettings.childKeys()
    qsettings.endGroup()
    assert len(kept) == MAX_LEVELS_REMEMBERED


def test_tool_bar_buttons_follow_their_actions_without_growing(window):
    """Qt's tool button answers each change of its action by connecting to the action's
    ``changed`` once more (144 bytes, and one more call on every later change); the
    window's tool bars copy the action's state instead."""
    from PySide6.QtCore import SIGNAL
    from PySide6.QtWidgets import QToolBar

    bars = window.findChildren(QToolBar)
    assert bars
    for bar in bars:
        action = next(a for a in bar.actions() if not a.isSeparator())
        button = bar.widgetForAction(action)
        connections = action.receivers(SIGNAL("changed()"))
        enabled, tip = action.isEnabled(), action.toolTip()
        for turn in range(50):
            action.setEnabled(turn % 2 == 0)
            action.setToolTip(f"tip {turn}")
        assert action.receivers(SIGNAL("changed()")) == connections
        assert button.isEnabled() == action.isEnabled() and button.toolTip() == "tip 49"
        action.setEnabled(enabled)
        action.setToolTip(tip)
        assert button.isEnabled() == enabled and button.toolTip() == tip
    brush = window.tool_actions["brush"]
    window.set_tool("fill")
    window.set_tool("brush")
    tools_bar = next(bar for bar in bars if brush in bar.actions())
    assert tools_bar.widgetForAction(brush).isChecked()
