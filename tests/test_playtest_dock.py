"""The play-test dock driven like a designer would: keys on the board, the dock's
buttons and slider, the View menu's toggles, editing while a test runs."""

import hashlib
import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from studio.app.main_window import MainWindow
from studio.games.escape.esp import loads, new_player_file, text_to_moves
from studio.games.escape.esx import save_esx
from studio.games.escape.tiles import T
from studio.model import commands
from studio.core.playtest_adapter import ARROW, AREA, BEAM, CROSS, LINK, RING, STEP
from tests import playtest_levels as levels
from tests.gui_helpers import never_ask

KEYS = {"U": Qt.Key.Key_Up, "D": Qt.Key.Key_Down, "L": Qt.Key.Key_Left, "R": Qt.Key.Key_Right}




def write_level(tmp_path, rows, dests=None, name="test.esx", edit=None) -> Path:
    level = levels.text_level(rows, dests)
    if edit:
        edit(level)
    path = tmp_path / name
    path.write_bytes(save_esx(level))
    return path


def start_test(qtbot, window, path, by_key=True):
    """Open the level and press P in the editor, as a designer would (or use the action:
    a window that is not the active one gets no shortcuts)."""
    pane = window.open_file(path)
    window.activateWindow()
    pane.view.setFocus()
    if by_key:
        qtbot.keyClick(pane.view, Qt.Key.Key_P)
    else:
        window.playtest.actions["playtest"].trigger()
    dock = window.playtest.dock
    assert dock.isVisible() and dock.session is not None
    assert dock.board.hasFocus() or window.focusWidget() is dock.board
    return dock


def press(qtbot, dock, letters: str):
    for letter in letters:
        qtbot.keyClick(dock.board, KEYS[letter])


def test_playtest_play_a_corpus_level_to_a_win_by_keys(qtbot, window, corpus_dir):
    record = next(json.loads(line) for line in (corpus_dir / "escape" / "solutions.jsonl").read_text().splitlines()
                  if '"levels/tutorial/lev151.esx"' in line)
    dock = start_test(qtbot, window, corpus_dir / "escape" / record["level"])
    assert dock.outcome_label.text() == "playing" and dock.move_label.text() == "Move 0"
    press(qtbot, dock, record["moves_udlr"])
    assert dock.outcome_label.text() == f"won at move {record['moves']}"
    assert dock.move_label.text() == f"Move {record['moves']}"
    assert dock.session.moves == text_to_moves(record["moves_udlr"])
    assert dock.solution_label.text().startswith("Recorded: ")
    assert not window.current_pane().document.is_modified  # playing never edits the level


def test_playtest_undo_past_a_death_and_the_other_keys(qtbot, window, tmp_path):
    dock = start_test(qtbot, window, write_level(tmp_path, levels.LASER))
    document = window.current_pane().document
    press(qtbot, dock, "RU")
    assert dock.outcome_label.text() == "dead at move 2: shot by the laser at (5, 1)"
    press(qtbot, dock, "R")  # the game is over: no more moves
    assert dock.session.position == 2
    qtbot.keyClick(dock.board, Qt.Key.Key_Backspace)
    assert dock.outcome_label.text() == "playing" and dock.move_label.text() == "Move 1 / 2"
    qtbot.keyClick(dock.board, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert dock.session.outcome.kind == "dead"
    qtbot.keyClick(dock.board, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert dock.session.position == 1 and document.undo_stack.count() == 0  # a move undone, not an edit
    qtbot.keyClick(dock.board, Qt.Key.Key_Return)
    assert dock.session.position == 0 and dock.move_label.text() == "Move 0 / 2"
    qtbot.keyClick(dock.board, Qt.Key.Key_Escape)
    assert window.current_pane().view.hasFocus()


def test_playtest_refused_push_shows_why_and_records_nothing(qtbot, window, tmp_path):
    dock = start_test(qtbot, window, write_level(tmp_path, levels.BLOCKED))
    press(qtbot, dock, "R")
    assert dock.session.position == 0
    assert {(a.overlay, a.shape) for a in dock.board.visible_annotations()} >= {("blocked", ARROW), ("blocked", CROSS)}


OVERLAY_CASES = {
    "laser": (levels.LASER, None, "RU", {BEAM, RING}),
    "killer-bot": (levels.DALEK, None, "R", {RING}),
    "killer-bomb": (levels.BOMB, None, "R", {AREA, RING}),
    "blocked": (levels.BLOCKED, None, "R", {ARROW, CROSS}),
    "fired-panel": (levels.PANEL, {(2, 1): (5, 2)}, "R", {LINK, RING}),
    "fired-transporter": (levels.TRANSPORTER, {(2, 1): (4, 2)}, "R", {LINK, RING}),
    "bots_next": (levels.DALEK, None, "", {STEP}),
}


@pytest.mark.parametrize("case", list(OVERLAY_CASES))
def test_playtest_each_overlay_appears_in_its_case_and_toggles_from_the_view_menu(qtbot, window, tmp_path, case):
    rows, dests, moves, expected_shapes = OVERLAY_CASES[case]
    overlay = case.split("-")[0]
    dock = start_test(qtbot, window, write_level(tmp_path, rows, dests))
    press(qtbot, dock, moves)
    dock.board.finish_animation()
    shown = {a.shape for a in dock.board.visible_annotations() if a.overlay == overlay}
    assert shown == expected_shapes
    # no other overlay claims this case (each explains one thing)
    others = {a.overlay for a in dock.board.visible_annotations()} - {overlay}
    assert others <= {"bots_next"}
    before = dock.board.grab().toImage()
    toggle = _view_menu_toggle(window, overlay)
    toggle.trigger()
    assert not any(a.overlay == overlay for a in dock.board.visible_annotations())
    assert dock.board.grab().toImage() != before  # the drawing really went away
    toggle.trigger()
    assert {a.shape for a in dock.board.visible_annotations() if a.overlay == overlay} == expected_shapes


def _view_menu_toggle(window, overlay_id):
    view = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "View")
    annotations = next(a.menu() for a in view.actions() if a.menu() and "Annotations" in a.text().replace("&", ""))
    action = window.playtest.overlay_actions["escape"][overlay_id]
    assert action in annotations.actions() and action.isCheckable()
    return action


def test_playtest_overlay_choice_is_remembered(qtbot, settings, tmp_path):
    first = MainWindow(settings)
    qtbot.addWidget(first)
    first.playtest.overlay_actions["escape"]["bots_next"].setChecked(False)
    first.playtest.actions["playtest_animate"].setChecked(False)
    second = MainWindow(settings)
    qtbot.addWidget(second)
    assert not second.playtest.overlay_actions["escape"]["bots_next"].isChecked()
    assert second.playtest.overlay_actions["escape"]["laser"].isChecked()
    assert not second.playtest.dock.animate


def test_playtest_edit_while_testing_offers_restart(qtbot, window, tmp_path):
    dock = start_test(qtbot, window, write_level(tmp_path, levels.LASER))
    press(qtbot, dock, "RR")
    assert not dock.banner.isVisible()
    document = window.current_pane().document
    wall = document.level.index(3, 2)
    document.undo_stack.push(commands.CellEdit(document, {wall: (int(T.BLUE), int(T.FLOOR), 0)}))
    assert dock.banner.isVisible() and dock.session.stale
    press(qtbot, dock, "R")  # the test goes on with the version it started on
    assert dock.outcome_label.text() == "won at move 3"
    qtbot.mouseClick(dock.restart_new_button, Qt.MouseButton.LeftButton)
    assert not dock.banner.isVisible() and dock.session.position == 0
    press(qtbot, dock, "RRR")
    assert dock.session.position == 1 and dock.outcome_label.text() == "blocked"  # the new wall stops him
    assert dock.board.caption == "The blue block at (3, 2) is in the way (invincible and immobile)."


def test_playtest_edit_then_replay_moves_on_the_new_version(qtbot, window, tmp_path):
    dock = start_test(qtbot, window, write_level(tmp_path, levels.LASER))
    press(qtbot, dock, "RRR")
    document = window.current_pane().document
    document.undo_stack.push(commands.CellEdit(document, {document.level.index(2, 1): (int(T.BLUE), 0, 0)}))
    qtbot.mouseClick(dock.replay_new_button, Qt.MouseButton.LeftButton)
    assert dock.session.loaded is not None and dock.session.loaded.verification.text == "won at move 3"
    assert dock.session.position == 0 and dock.session.length == 3


def test_playtest_pressing_p_after_an_edit_plays_the_new_version(qtbot, window, tmp_path):
    dock = start_test(qtbot, window, write_level(tmp_path, levels.LASER))
    document = window.current_pane().document
    document.undo_stack.push(commands.CellEdit(document, {document.level.index(2, 2): (int(T.BLUE), 0, 0)}))
    window.current_pane().view.setFocus()
    qtbot.keyClick(window.current_pane().view, Qt.Key.Key_P)
    assert not dock.session.stale and dock.session.snapshot.tiles[document.level.index(2, 2)] == T.BLUE


def test_playtest_scrub_and_replay_a_loaded_solution(qtbot, window, tmp_path):
    path = write_level(tmp_path, levels.HEARTS)
    player = new_player_file("Tester")
    from studio.games.escape.esp import NamedSolution

    player.add_solution(hashlib.md5(path.read_bytes()).hexdigest(), NamedSolution(0, "Hearts", "Tester", (4, 4, 4, 4)))
    (tmp_path / "player.esp").write_bytes(player.to_bytes())
    dock = start_test(qtbot, window, path)
    (solution, verification), = dock.stored_solutions()
    assert solution.name == "Hearts" and solution.current and verification.text == "won at move 4"
    dock.load_solution(solution)
    assert "Replaying “Hearts” (player.esp): won at move 4" == dock.solution_label.text()
    assert dock.slider.maximum() == 4 and dock.slider.value() == 0
    dock.slider.setValue(2)
    assert dock.session.position == 2 and dock.move_label.text() == "Move 2 / 4"
    assert "Heart framers left" not in dock.status_label.text()  # the heart was taken at move 1
    dock.slider.setValue(0)
    assert "Heart framers left: 1" in dock.status_label.text()
    qtbot.mouseClick(dock.forward_button, Qt.MouseButton.LeftButton)
    assert dock.session.position == 1
    qtbot.mouseClick(dock.back_button, Qt.MouseButton.LeftButton)
    assert dock.session.position == 0
    dock.speed_box.setCurrentIndex(dock.speed_box.count() - 1)  # fastest
    qtbot.mouseClick(dock.play_button, Qt.MouseButton.LeftButton)
    assert dock.session.replaying
    qtbot.waitUntil(lambda: not dock.session.replaying, timeout=3000)
    assert dock.slider.value() == 4 and dock.outcome_label.text() == "won at move 4"
    qtbot.mouseClick(dock.start_button, Qt.MouseButton.LeftButton)
    assert dock.slider.value() == 0


def test_playtest_save_and_load_solution_round_trip(qtbot, window, tmp_path, monkeypatch):
    path = write_level(tmp_path, levels.LASER)
    dock = start_test(qtbot, window, path)
    press(qtbot, dock, "RRR")
    from PySide6.QtWidgets import QInputDialog

    monkeypatch.setattr(QInputDialog, "getText", staticmethod(lambda *args, **kwargs: ("Straight on", True)))
    qtbot.mouseClick(dock.save_button, Qt.MouseButton.LeftButton)
    player = loads((tmp_path / "player.esp").read_bytes())
    md5 = hashlib.md5(path.read_bytes()).hexdigest()
    assert [(s.name, s.moves) for s in player.solutions_for(md5)] == [("Straight on", (4, 4, 4))]

    # edit the level and save it: the solution now belongs to an older version
    document = window.current_pane().document
    document.undo_stack.push(commands.CellEdit(document, {document.level.index(2, 2): (int(T.BLUE), 0, 0)}))
    assert window.save()
    qtbot.keyClick(dock.board, Qt.Key.Key_Return)  # restart on the new version
    (solution, verification), = dock.stored_solutions()
    assert not solution.current and verification.text == "open after 3 moves"
    dock.load_solution(solution)
    assert "recorded on an older version" in dock.solution_label.text()
    assert "open after 3 moves" in dock.solution_label.text()

    from studio.playtest.solutions_dialog import SolutionsDialog

    dialog = SolutionsDialog(dock, dock.session.adapter.solution_files())
    qtbot.addWidget(dialog)
    item = dialog.tree.topLevelItem(0)
    assert item.text(0) == "Straight on" and item.text(4).startswith("recorded on an older version")
    dialog._accept_item(item)
    assert dialog.chosen == solution


def test_playtest_animation_never_changes_the_result(qtbot, window, tmp_path):
    path = write_level(tmp_path, ["#######", "#@r...#", "#....X#", "#######"])
    dock = start_test(qtbot, window, path)
    window.playtest.actions["playtest_animate"].setChecked(True)
    press(qtbot, dock, "R")
    assert dock.board.animating and dock.board.state == dock.session.state
    qtbot.waitUntil(lambda: not dock.board.animating, timeout=2000)
    animated = dock.board.grab().toImage()
    window.playtest.actions["playtest_animate"].setChecked(False)
    dock.session.undo()
    dock.session.redo()
    assert not dock.board.animating
    assert dock.board.grab().toImage() == animated


def test_playtest_dock_looks_right(qtbot, window, tmp_path):
    """A picture of the dock in play, for the eye (kept beside the test run's files)."""
    dock = start_test(qtbot, window, write_level(tmp_path, levels.LASER))
    press(qtbot, dock, "RU")
    dock.board.finish_animation()
    image = dock.grab().toImage()
    assert image.width() > 300 and image.height() > 300
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 50  # the board, its art and the overlays were drawn
    image.save(str(tmp_path / "playtest_dock.png"))


def test_playtest_make_main_window_opens_files_with_the_play_test(qtbot, tmp_path):
    from studio.app.launch import make_main_window

    path = write_level(tmp_path, levels.LASER)
    window = make_main_window([str(path)])
    qtbot.addWidget(window)
    never_ask(window)
    assert window.current_pane().document.path == path
    window.playtest.actions["playtest"].trigger()
    assert window.playtest.dock.session.document is window.current_pane().document


def test_playtest_follows_the_current_tab_and_forgets_closed_levels(qtbot, window, tmp_path):
    first = write_level(tmp_path, levels.LASER, name="first.esx")
    second = write_level(tmp_path, levels.HEARTS, name="second.esx")
    dock = start_test(qtbot, window, first)
    press(qtbot, dock, "R")
    first_session = dock.session
    window.open_file(second)
    assert dock.session is not first_session and dock.session.document.path == second
    assert dock.title_label.text() == "second.esx · Escape"
    window.tabs.setCurrentIndex(0)
    assert dock.session is first_session and first_session.position == 1  # kept while its level is open
    window.close_pane(window.current_pane())
    assert first_session not in window.playtest.sessions.values()
    assert dock.session.document.path == second


def test_playtest_claims_modified_arrows_from_the_editor(qtbot, window, tmp_path):
    dock = start_test(qtbot, window, write_level(tmp_path, levels.LASER))
    pane = window.current_pane()
    from PySide6.QtCore import QRect

    pane.scene.set_selection(QRect(1, 1, 2, 1))
    for _ in range(2):
        qtbot.keyClick(dock.board, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)
    assert pane.document.undo_stack.count() == 0 and dock.session.position == 0
    pane.view.setFocus()
    for _ in range(2):  # the same keys in the editor do expand the pattern
        qtbot.keyClick(pane.view, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)
    assert pane.document.undo_stack.count() > 0


def test_playtest_remembers_older_versions_across_sessions(qtbot, settings, tmp_path, monkeypatch):
    path = write_level(tmp_path, levels.LASER)
    first = MainWindow(settings)
    qtbot.addWidget(first)
    never_ask(first)
    first.show()
    qtbot.waitExposed(first)
    dock = start_test(qtbot, first, path, by_key=False)
    press(qtbot, dock, "RRR")
    dock.save_solution("First way")
    document = first.current_pane().document
    document.undo_stack.push(commands.CellEdit(document, {document.level.index(2, 1): (int(T.RED), 0, 0)}))
    assert first.save()
    first.close_pane(first.current_pane())

    second = MainWindow(settings)  # a later run of the studio: same settings, new window
    qtbot.addWidget(second)
    never_ask(second)
    second.show()
    qtbot.waitExposed(second)
    dock = start_test(qtbot, second, path, by_key=False)
    (solution, verification), = dock.stored_solutions()
    assert solution.name == "First way" and not solution.current and verification.text == "won at move 3"
