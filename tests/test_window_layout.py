"""The default layout at 1366x768 (the canvas first, the side docks as tabs), the play-test
beside the editor, in the canvas's place or in a window of its own, and the layout kept
between sessions with View > Reset Layout."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabBar

from studio.app.play_placement import BESIDE, IN_PLACE, OWN_WINDOW, PLAY_WIDTH, SETTING
from tests.gui_helpers import show_main_window

LEVEL = Path(__file__).resolve().parent.parent / "levels" / "escape" / "17-grand-tour.esx"
SMALL_SCREEN = (1366, 768)


def small_window(qtbot, settings):
    window = show_main_window(qtbot, settings, *SMALL_SCREEN)
    # Docks of other features (the community's) open from the View menu: not part of the default.
    for dock in window.window_layout.right_docks()[len(window.window_layout.studio_docks()):]:
        dock.hide()
    qtbot.wait(50)  # (the column lets go of a hidden dock's width once laid out again)
    window.window_layout.size_columns()
    return window


def test_at_1366x768_the_canvas_gets_most_of_the_width(qtbot, settings):
    window = small_window(qtbot, settings)
    pane = window.open_file(LEVEL)
    qtbot.waitUntil(lambda: pane.view.viewport().width() > 0)
    assert pane.view.viewport().width() >= 0.55 * window.width()
    right = window.window_layout.right_docks()
    assert [d.windowTitle() for d in right][:4] == ["Play-Test", "Problems", "Bots", "History"]
    shown = right[1:4]  # (the play-test shows when a test starts)
    for dock in shown:  # one column of tabs, none hidden away in another group
        assert set(shown) - {dock} <= set(window.tabifiedDockWidgets(dock))
        assert window.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert window.dockWidgetArea(window.palette_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    window.bots_dock.raise_()  # the Bots tab is one click away
    qtbot.waitUntil(lambda: window.bots_dock.widget().isVisible())


def test_the_play_test_widens_its_column_beside_the_editor(qtbot, settings):
    window = small_window(qtbot, settings)
    window.open_file(LEVEL)
    window.playtest.start()
    dock = window.playtest.dock
    qtbot.waitUntil(lambda: dock.width() >= PLAY_WIDTH - 10)
    assert dock.board.width() >= 400 and window.playtest.placement.mode() == BESIDE


def test_playing_in_place_gives_the_board_the_canvas_room_and_esc_comes_back(qtbot, settings):
    window = small_window(qtbot, settings)
    pane = window.open_file(LEVEL)
    placement = window.playtest.placement
    placement.actions[IN_PLACE].trigger()
    assert settings.value(SETTING) == IN_PLACE
    window.playtest.start()
    board = window.playtest.dock.board
    qtbot.waitUntil(lambda: board.isVisible() and board.width() >= 0.55 * window.width())
    assert placement.playing_in_place() and not window.playtest.dock.isVisible() and not pane.isVisible()
    qtbot.keyClick(board, Qt.Key.Key_Right)
    assert window.playtest.dock.session.position == 1  # the board plays there
    qtbot.keyClick(board, Qt.Key.Key_Escape)
    assert not placement.playing_in_place() and pane.isVisible()
    qtbot.waitUntil(lambda: pane.view.hasFocus())
    placement.actions[IN_PLACE].trigger()  # unchecked: back beside the editor, in the dock
    window.playtest.start()
    assert window.playtest.dock.widget() is placement.body and window.playtest.dock.isVisible()


def test_playing_in_a_separate_window(qtbot, settings):
    window = small_window(qtbot, settings)
    window.open_file(LEVEL)
    window.playtest.placement.actions[OWN_WINDOW].trigger()
    window.playtest.start()
    dock = window.playtest.dock
    assert dock.isFloating() and dock.isVisible()
    assert dock.width() >= 700 and dock.board.width() >= 600


def test_the_layout_is_kept_between_sessions_and_reset_from_the_view_menu(qtbot, settings):
    window = small_window(qtbot, settings)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, window.bots_dock)  # moved by the user
    window.close()
    again = small_window(qtbot, settings)
    assert again.dockWidgetArea(again.bots_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    again.window_layout.reset_action.trigger()
    assert again.dockWidgetArea(again.bots_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert again.bots_dock in again.tabifiedDockWidgets(again.solving.problems_dock)
    view_menu = next(a.menu() for a in again.menuBar().actions() if a.text().replace("&", "") == "View")
    assert again.window_layout.reset_action in view_menu.actions()


def test_docks_of_other_features_stay_closed_until_asked_for(qtbot, settings):
    # The Community dock opens from the View menu: a fresh start shows three tabs, not four.
    window = show_main_window(qtbot, settings, *SMALL_SCREEN)
    community = window.community.dock
    assert not community.isVisible() and not community.toggleViewAction().isChecked()
    community.show()
    window.window_layout.reset_action.trigger()
    assert not community.isVisible()


def test_the_column_narrows_again_when_the_play_test_leaves_it(qtbot, settings):
    window = small_window(qtbot, settings)
    pane = window.open_file(LEVEL)
    problems = window.solving.problems_dock
    qtbot.waitUntil(lambda: problems.width() > 0)
    narrow = problems.width()
    window.playtest.start()
    dock = window.playtest.dock
    qtbot.waitUntil(lambda: dock.width() >= PLAY_WIDTH - 10)
    window.playtest.placement.actions[IN_PLACE].trigger()  # the board takes the canvas's room instead
    qtbot.waitUntil(lambda: abs(problems.width() - narrow) <= 4)
    qtbot.keyClick(dock.board, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: pane.isVisible())
    assert abs(problems.width() - narrow) <= 4 and pane.view.viewport().width() >= 0.55 * window.width()


def test_the_play_test_tab_is_there_from_the_start_and_its_column_narrows_behind_another_tab(qtbot, settings):
    window = small_window(qtbot, settings)
    dock, problems = window.playtest.dock, window.solving.problems_dock
    assert not dock.isHidden() and dock in window.tabifiedDockWidgets(problems)  # a tab before any P
    tabs = next(bar for bar in window.findChildren(QTabBar) if "Play-Test" in
                [bar.tabText(i) for i in range(bar.count())])
    assert tabs.tabText(tabs.currentIndex()) == "Problems"  # the tab shown while editing
    window.open_file(LEVEL)
    qtbot.waitUntil(lambda: problems.width() > 0)
    narrow = problems.width()
    dock.raise_()  # a click on its tab: the column widens for the board and says how to start
    qtbot.waitUntil(lambda: dock.width() >= PLAY_WIDTH - 10)
    problems.raise_()
    qtbot.waitUntil(lambda: abs(problems.width() - narrow) <= 4)
