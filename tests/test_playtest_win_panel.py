"""The play-test dock's win panel, driven like a player would: a bundled Labyrinthos level
won by key presses, the high-score table, a name typed and "Save score" clicked, undo,
the file saved and read back, the playlist's next level opened and played; and Escape,
whose adapter offers no panel."""

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog

from studio.games.escape.esx import save_esx
from studio.games.laby.engine import moves_text
from studio.games.laby.labyfile import load_laby
from studio.games.laby.level import HighScore
from studio.games.laby.solver import shortest_solution
from studio.model.commands import ChangeProperties
from tests.gui_helpers import show_main_window
from tests import playtest_levels

BUNDLED = Path(__file__).resolve().parent.parent / "levels" / "laby"
KEYS = {"U": Qt.Key.Key_Up, "D": Qt.Key.Key_Down, "L": Qt.Key.Key_Left, "R": Qt.Key.Key_Right}
FIRST = "01-first-steps.laby"  # par 16, nextlevel 02-two-ways.laby ("Two Ways")


@pytest.fixture
def window(qtbot, settings):
    return show_main_window(qtbot, settings, 1280, 860)


@pytest.fixture
def playlist(tmp_path) -> Path:
    """A copy of the bundled playlist, the first level with two high scores already."""
    folder = tmp_path / "laby"
    shutil.copytree(BUNDLED, folder)
    first = folder / FIRST
    first.write_text(first.read_text().replace("\nmap\n", "\nhighscore 20 Linus\nhighscore 12 Ken\nmap\n", 1))
    return folder


def start_test(qtbot, window, path):
    pane = window.open_file(path)
    window.activateWindow()
    pane.view.setFocus()
    qtbot.keyClick(pane.view, Qt.Key.Key_P)
    dock = window.playtest.dock
    assert dock.isVisible() and dock.session is not None and dock.session.document is pane.document
    return dock


def play(qtbot, dock, letters: str) -> None:
    for letter in letters:
        qtbot.keyClick(dock.board, KEYS[letter])


def shortest(path: Path) -> str:
    return moves_text(shortest_solution(load_laby(path.read_bytes())))


def table(dock) -> list[tuple[str, str, str]]:
    grid = dock.win_panel.table
    return [tuple(grid.item(row, column).text() for column in range(3)) for row in range(grid.rowCount())]


def test_playtest_win_panel_saves_a_high_score_undoably_into_the_file(qtbot, window, settings, playlist):
    settings.set_value("playtest/player_name", "Grace Hopper")
    path = playlist / FIRST
    dock = start_test(qtbot, window, path)
    panel = dock.win_panel
    assert not panel.isVisible()
    assert dock.par_label.isVisible() and dock.par_label.text() == "par 16"  # beside the move counter
    assert dock.status_label.text() == "Best score 12 by Ken"
    play(qtbot, dock, shortest(path)[:-1])
    assert not panel.isVisible()  # not won yet
    play(qtbot, dock, shortest(path)[-1])
    assert dock.outcome_label.text().startswith("won at move 16")

    assert panel.isVisible() and not dock.keys_label.isVisible()
    assert panel.headline.text() == "Solved in 16 moves: par!"
    assert table(dock) == [("1", "12", "Ken"), ("2", "16", "Grace Hopper (you)"), ("3", "20", "Linus")]
    assert panel.new_row_index() == 1
    assert panel.name_edit.text() == "Grace Hopper"  # the name remembered
    assert panel.note.text() == f"Saving writes the score into {FIRST}."
    assert panel.next_button.isVisible() and panel.next_button.text() == "Open next level: Two Ways"

    panel.name_edit.clear()
    qtbot.keyClicks(panel.name_edit, "Ada Lovelace")
    assert table(dock)[1] == ("2", "16", "Ada Lovelace (you)")
    qtbot.mouseClick(panel.save_button, Qt.MouseButton.LeftButton)
    document = window.current_pane().document
    assert HighScore(16, "Ada_Lovelace") in document.level.high_scores
    assert not document.is_modified and "highscore 16 Ada_Lovelace\n" in path.read_text()  # saved at once
    assert settings.value("playtest/player_name") == "Ada Lovelace"
    assert table(dock) == [("1", "12", "Ken"), ("2", "16", "Ada_Lovelace"), ("3", "20", "Linus")]
    assert panel.note.text() == f"✓ Saved into {FIRST}." and not panel.save_button.isVisible()
    assert not dock.session.stale and not dock.banner.isVisible()
    assert "High score 16 for Ada_Lovelace — par!" in window.statusBar().currentMessage()

    window.actions["undo"].trigger()  # Edit > Undo takes the score back out of the level
    assert HighScore(16, "Ada_Lovelace") not in document.level.high_scores and document.is_modified
    assert not dock.session.stale
    assert panel.save_button.isVisible() and panel.note.text().startswith("Your score was taken back (undone).")
    assert [row[2] for row in table(dock)] == ["Ken", "Ada Lovelace (you)", "Linus"]
    assert window.save()
    assert "Ada_Lovelace" not in path.read_text()
    window.actions["redo"].trigger()
    assert panel.note.text() == f"✓ Saved into {FIRST}." and document.is_modified  # the redo is not saved yet
    assert window.save()
    assert load_laby(path.read_bytes()).best_scores() == [
        HighScore(12, "Ken"), HighScore(16, "Ada_Lovelace"), HighScore(20, "Linus")]

    # Read back: close the level, open it again and win once more.
    assert window.close_pane(window.current_pane())
    dock = start_test(qtbot, window, path)
    play(qtbot, dock, shortest(path))
    assert table(dock) == [("1", "12", "Ken"), ("2", "16", "Ada_Lovelace"), ("3", "16", "Ada Lovelace (you)"),
                           ("4", "20", "Linus")]
    assert dock.status_label.text() == "Best score 12 by Ken"


def test_playtest_win_panel_leaves_other_unsaved_edits_to_the_designer(qtbot, window, playlist):
    path = playlist / FIRST
    before = path.read_bytes()
    pane = window.open_file(path)
    document = pane.document
    document.undo_stack.push(ChangeProperties(document, {"author": "Someone Else"}))
    dock = start_test(qtbot, window, path)
    play(qtbot, dock, shortest(path))
    panel = dock.win_panel
    assert panel.note.text() == "The level has unsaved edits: the score joins them; save the level to keep it."
    panel.name_edit.setText("Bob")
    panel.name_edit.returnPressed.emit()  # Enter in the name saves too
    assert HighScore(16, "Bob") in document.level.high_scores and document.is_modified
    assert path.read_bytes() == before  # the designer's edits are not written behind his back
    assert panel.note.text() == "✓ Recorded in the level with its other unsaved edits; save the level to keep it."
    assert window.save()
    saved = load_laby(path.read_bytes())
    assert saved.author == "Someone Else" and HighScore(16, "Bob") in saved.high_scores


def test_playtest_win_panel_refuses_a_score_for_an_edited_level(qtbot, window, playlist):
    path = playlist / FIRST
    dock = start_test(qtbot, window, path)
    play(qtbot, dock, shortest(path))
    document = window.current_pane().document
    document.undo_stack.push(ChangeProperties(document, {"nextlevel": "03-any-door.laby"}))
    assert dock.session.stale and dock.banner.isVisible()
    panel = dock.win_panel
    assert panel.isVisible() and not panel.save_button.isEnabled()
    assert "edited since this test started" in panel.note.text()


def test_playtest_win_panel_opens_the_next_level_and_plays_it(qtbot, window, playlist):
    path = playlist / FIRST
    dock = start_test(qtbot, window, path)
    play(qtbot, dock, shortest(path))
    qtbot.mouseClick(dock.win_panel.next_button, Qt.MouseButton.LeftButton)
    assert window.tabs.count() == 2
    following = window.current_pane().document
    assert following.path == playlist / "02-two-ways.laby"
    assert dock.session.document is following and dock.session.playable and dock.session.position == 0
    assert not dock.win_panel.isVisible()
    assert dock.board.hasFocus() or window.focusWidget() is dock.board
    assert dock.title_label.text() == "02-two-ways.laby · Labyrinthos"
    play(qtbot, dock, shortest(following.path))
    assert dock.win_panel.isVisible()
    assert dock.win_panel.next_button.text() == "Open next level: Any Door Will Do"


def test_playtest_win_panel_only_for_a_win_played_by_hand(qtbot, window, playlist):
    path = playlist / "07-crypt.laby"  # the last of the playlist: no next level
    dock = start_test(qtbot, window, path)
    solution = shortest(path)
    dock.load_moves_text(solution, "typed")
    dock.to_end()
    assert dock.session.outcome.kind == "won" and not dock.win_panel.isVisible()  # a replay
    qtbot.keyClick(dock.board, Qt.Key.Key_Return)
    back = {"U": "D", "D": "U", "L": "R", "R": "L"}[solution[0]]
    play(qtbot, dock, solution[0] + back)  # the step back is his own: the timeline is the player's now
    assert dock.session.loaded is None
    play(qtbot, dock, solution)
    assert dock.session.outcome.kind == "won"
    assert dock.win_panel.isVisible() and not dock.win_panel.next_button.isVisible()
    assert dock.win_panel.headline.text() == f"Solved in {len(solution) + 2} moves · par {len(solution)}"
    qtbot.keyClick(dock.board, Qt.Key.Key_Backspace)  # undo the winning move: the panel goes
    assert not dock.win_panel.isVisible() and dock.keys_label.isVisible()


def test_playtest_laby_save_solution_asks_for_the_players_name(qtbot, window, settings, playlist, monkeypatch):
    settings.set_value("playtest/player_name", "Margaret")
    path = playlist / FIRST
    dock = start_test(qtbot, window, path)
    play(qtbot, dock, shortest(path))
    asked = {}

    def get_text(parent, title, label, text=""):
        asked.update(label=label, text=text)
        return "Margaret H", True

    monkeypatch.setattr(QInputDialog, "getText", staticmethod(get_text))
    qtbot.mouseClick(dock.save_button, Qt.MouseButton.LeftButton)
    assert asked == {"label": "Your name:", "text": "Margaret"}
    assert HighScore(16, "Margaret_H") in window.current_pane().document.level.high_scores
    assert settings.value("playtest/player_name") == "Margaret H"
    assert dock.win_panel.save_button.isVisible()  # saved from elsewhere: the panel may still save this win


def test_playtest_escape_shows_no_win_panel(qtbot, window, tmp_path, monkeypatch):
    path = tmp_path / "laser.esx"
    path.write_bytes(save_esx(playtest_levels.text_level(playtest_levels.LASER)))
    dock = start_test(qtbot, window, path)
    assert not dock.par_label.isVisible()
    play(qtbot, dock, "RRR")
    assert dock.outcome_label.text() == "won at move 3"
    assert not dock.win_panel.isVisible() and dock.keys_label.isVisible()
    asked = {}

    def get_text(parent, title, label, text=""):
        asked.update(label=label, text=text)
        return "", False

    monkeypatch.setattr(QInputDialog, "getText", staticmethod(get_text))
    qtbot.mouseClick(dock.save_button, Qt.MouseButton.LeftButton)
    assert asked["label"] == "Name of the solution:" and asked["text"].endswith("(3 moves)")


def test_playtest_win_panel_looks_right(qtbot, window, playlist, tmp_path):
    path = playlist / FIRST
    dock = start_test(qtbot, window, path)
    play(qtbot, dock, shortest(path))
    qtbot.wait(50)
    picture = window.grab()
    assert not picture.isNull()
    picture.save(str(tmp_path / "win_panel.png"))
    panel = dock.win_panel
    assert panel.table.height() >= panel.table.horizontalHeader().height() + 3 * 20  # every row shown
    assert dock.board.height() >= 150  # the board keeps room to play
