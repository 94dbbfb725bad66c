"""The player shell of an exported game, driven in-process by key presses (no build):
the title screen, Continue, full-window play with the play-test's board, the win
screen, the level list's solved marks, progress kept in the player's folder, scaling;
and every bundled collection passing the self-test through the same window."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from PySide6.QtCore import QSize, Qt

from studio.export.bundle import stage_collection
from studio.export.levels import check_level, gather_levels
from studio.games.escape import esp
from studio.player.collection import md5_of
from studio.player.main import self_test
from studio.player.window import PlayerWindow

ROOT = Path(__file__).resolve().parent.parent
ARROWS = {"U": Qt.Key.Key_Up, "D": Qt.Key.Key_Down, "L": Qt.Key.Key_Left, "R": Qt.Key.Key_Right}


def staged(tmp_path: Path, folder: str, name: str = "Tutorial", author: str = "Tester", icon=None):
    """The collection an export of ``levels/FOLDER`` would bundle (checked and staged, not built)."""
    game, files = gather_levels([ROOT / "levels" / folder])
    checks = [check_level(path) for path in files]
    return stage_collection(checks, game, name, author, icon, tmp_path / "game")


def open_window(qtbot, collection, progress: Path) -> PlayerWindow:
    window = PlayerWindow(collection, progress)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)  # the keys go to the focused widget of the active window
    return window


@pytest.fixture
def escape_window(qtbot, tmp_path):
    collection = staged(tmp_path, "escape", "Escape Tutorial", "Puzzle Level Studio",
                        ROOT / "resources" / "icons" / "studio.svg")
    return open_window(qtbot, collection, tmp_path / "progress")


def press_moves(qtbot, window: PlayerWindow, letters: str) -> None:
    board = window.play_screen.board
    assert board.hasFocus()
    for letter in letters:
        qtbot.keyClick(board, ARROWS[letter])


def win_level(qtbot, window: PlayerWindow, index: int) -> None:
    """Play level ``index`` (already started) to its win by the arrow keys of its shipped solution."""
    assert window.current == index
    press_moves(qtbot, window, window.collection.levels[index].solution)
    qtbot.waitUntil(window.play_screen.win_screen.isVisible, timeout=3000)


def test_title_screen_shows_the_game(escape_window):
    title = escape_window.title_screen
    assert escape_window.windowTitle() == "Escape Tutorial"
    assert title.name_label.text() == "Escape Tutorial" and "Puzzle Level Studio" in title.author_label.text()
    assert title.icon_label.pixmap() is not None and not title.icon_label.pixmap().isNull()
    assert title.progress_label.text() == "0 of 17 levels solved"
    assert title.continue_button.text() == "Play: First Steps" and title.continue_button.hasFocus()


def test_winning_two_levels_by_keys_fills_a_player_file_escape_reads(qtbot, escape_window, tmp_path):
    window = escape_window
    qtbot.keyClick(window.title_screen.continue_button, Qt.Key.Key_Return)  # Continue: the first level
    assert window.stack.currentWidget() is window.play_screen
    win_level(qtbot, window, 0)
    win = window.play_screen.win_screen
    assert win.headline.text() == "Solved!" and "player.esp" in win.details.text()
    assert "One at a Time" in win.choices.text()  # the next level, offered
    qtbot.keyClick(win, Qt.Key.Key_Return)
    win_level(qtbot, window, 1)

    player_file = tmp_path / "progress" / "player.esp"
    player = esp.loads(player_file.read_bytes())  # the studio's own .esp reader
    for index in (0, 1):
        level = window.levels[index]
        solutions = player.solutions_for(md5_of(level.path.read_bytes()))
        assert [esp.moves_to_text(s.moves) for s in solutions] == [window.collection.levels[index].solution]
    # The studio's verify plays them from the player file, keyed by each level's MD5.
    from studio.core.verifying import verify_file

    for index in (0, 1):
        [result] = verify_file(str(window.levels[index].path), solutions=str(player_file))
        assert result["verdict"] == "won"

    qtbot.keyClick(win, Qt.Key.Key_Escape)  # to the level list: both marked solved
    assert window.stack.currentWidget() is window.level_list
    assert [window.level_list.is_marked_solved(i) for i in range(3)] == [True, True, False]
    assert "✓" in window.level_list.grid.item(0).text()
    qtbot.keyClick(window.level_list.grid, Qt.Key.Key_Escape)
    assert window.title_screen.progress_label.text() == "2 of 17 levels solved"
    assert window.title_screen.continue_button.text() == "Continue: Filling the Gap"


def test_progress_lasts_into_the_next_session(qtbot, escape_window, tmp_path):
    window = escape_window
    window.play_level(0)
    win_level(qtbot, window, 0)
    window.close()
    again = open_window(qtbot, window.collection, tmp_path / "progress")
    assert again.solved(0) and not again.solved(1)
    again.continue_playing()
    assert again.current == 1


def test_death_is_explained_and_undone_by_keys(qtbot, escape_window):
    window = escape_window
    window.play_level(4)  # In the Line of Fire
    press_moves(qtbot, window, "RRDD")
    screen = window.play_screen
    assert screen.session.outcome.kind == "dead"
    assert "shot by the laser at (0, 3)" in screen.outcome_label.text()
    assert any(a.overlay == "laser" for a in screen.board.visible_annotations())
    qtbot.keyClick(screen.board, Qt.Key.Key_Backspace)
    assert screen.session.outcome.kind == "playing" and screen.session.position == 3
    qtbot.keyClick(screen.board, Qt.Key.Key_Return)  # restart
    assert screen.session.position == 0
    qtbot.keyClick(screen.board, Qt.Key.Key_Escape)
    assert window.stack.currentWidget() is window.level_list


def test_the_level_list_is_played_by_keys(qtbot, escape_window):
    window = escape_window
    qtbot.keyClick(window.title_screen.continue_button, Qt.Key.Key_Down)
    assert window.title_screen.levels_button.hasFocus()
    qtbot.keyClick(window.title_screen.levels_button, Qt.Key.Key_Return)
    grid = window.level_list.grid
    assert window.stack.currentWidget() is window.level_list and grid.count() == 17
    assert [grid.item(i).text() for i in range(2)] == ["1. First Steps", "2. One at a Time"]
    assert all(not window.level_list.thumbnails[i].isNull() for i in range(17))
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    qtbot.keyClick(grid, Qt.Key.Key_Return)
    assert window.current == 1 and window.play_screen.title_label.text() == "2/17 · One at a Time"


def test_the_window_scales_its_text_and_board(qtbot, escape_window):
    window = escape_window
    window.play_level(0)
    window.resize(640, 480)
    window.rescale()
    small = window.play_screen.board.board_transform()[0]
    assert "font-size: 12px" in window.stack.styleSheet()
    window.resize(1800, 1200)
    window.rescale()
    assert "font-size: 28px" in window.stack.styleSheet()
    assert window.play_screen.board.board_transform()[0] > small * 2


def test_thumbnails_are_sharp_on_hidpi(escape_window):
    from studio.player.thumbnails import thumbnail

    window = escape_window
    state = window.adapter.initial_state(window.levels[0].level)
    picture = thumbnail(window.painter, state, 160, 120, 2.0)
    assert picture.size() == QSize(320, 240) and picture.devicePixelRatio() == 2.0


def test_laby_win_shows_the_high_score_table(qtbot, tmp_path):
    window = open_window(qtbot, staged(tmp_path, "laby"), tmp_path / "progress")
    window.set_player_name("Ann Player")
    window.play_level(0)
    win_level(qtbot, window, 0)
    table = window.play_screen.win_screen.table
    assert table.isVisible() and "Ann_Player ◀" in table.text()
    lines = (tmp_path / "progress" / "highscores.txt").read_text().splitlines()
    assert [line for line in lines if not line.startswith("#")][1:] == ["highscore 16 Ann_Player"]


@pytest.mark.parametrize("folder", ["escape", "chrono", "intricacy", "laby"])
def test_every_bundled_collection_passes_the_self_test(qtbot, tmp_path, folder):
    window = PlayerWindow(staged(tmp_path, folder), tmp_path / "progress")
    qtbot.addWidget(window)
    out = io.StringIO()
    assert self_test(window, out) == 0, out.getvalue()
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == len(window.levels) and {line["verdict"] for line in lines} == {"won"}
    assert all(line["moves"] > 0 for line in lines)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_play_collection_refuses_a_fifo_among_its_levels_at_once(qtbot, tmp_path):
    # The player read its levels with read_bytes(): a FIFO named x.esx blocked it for ever.
    from studio.player.collection import from_files

    fifo = tmp_path / "x.esx"
    os.mkfifo(fifo)
    first = ROOT / "levels" / "escape" / "01-first-steps.esx"
    window = PlayerWindow(from_files("Mixed", "escape", [first, fifo]), tmp_path / "progress")
    qtbot.addWidget(window)
    assert window.levels[0].level is not None and not window.levels[0].error
    assert window.levels[1].level is None and "named pipe" in window.levels[1].error


def test_the_player_shows_a_levels_title_and_errors_as_text_not_html(qtbot, tmp_path):
    # A level titled with HTML rendered as a heading in the player's labels (Play Collection too).
    from studio.player.collection import from_files

    crafted = tmp_path / "crafted.laby"
    crafted.write_text("name <h1>Verified OK</h1>\nmap\n30\nend\n")
    broken = tmp_path / "broken.laby"
    broken.write_text("name <h1>Verified OK</h1>\ncolor <h1>x</h1>\nmap\n30\nend\n")
    window = PlayerWindow(from_files("<b>Mine</b>", "laby", [crafted, broken]), tmp_path / "progress")
    qtbot.addWidget(window)
    plain = Qt.TextFormat.PlainText
    assert window.title_screen.name_label.textFormat() == plain and window.level_list.heading.textFormat() == plain
    window.play_level(0)
    screen = window.play_screen
    assert "<h1>Verified OK</h1>" in screen.title_label.text()
    assert screen.title_label.textFormat() == plain and screen.outcome_label.textFormat() == plain
    assert window.levels[1].error  # shown by the same plain labels when played
    assert window.play_screen.win_screen.headline.textFormat() == plain
    assert window.play_screen.win_screen.details.textFormat() == plain


def test_the_window_opens_within_a_small_screen(escape_window):
    # 1024 x 720 at most; a smaller (or HiDPI-scaled) screen's free area with room to spare.
    from studio.player.window import OPENING_SIZE

    area = escape_window.screen().availableGeometry()
    size = escape_window.opening_size()
    assert size.width() <= min(OPENING_SIZE.width(), area.width() * 0.9 + 1)
    assert size.height() <= min(OPENING_SIZE.height(), area.height() * 0.9 + 1)
    assert size.width() > 0.8 * min(OPENING_SIZE.width(), area.width())


def test_an_environment_without_home_keeps_progress_in_the_player_s_home(qtbot, tmp_path, monkeypatch):
    # Qt puts the user data folder under / when HOME is unset (env -i): the player's home comes from passwd.
    import pwd

    from studio.player.main import home_folder, main

    staged(tmp_path, "chrono")
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.setattr("sys.stdout", io.StringIO())
    assert main(["--collection", str(tmp_path / "game"), "--smoke-test"]) == 0
    assert os.environ["HOME"] == home_folder() == pwd.getpwuid(os.getuid()).pw_dir
