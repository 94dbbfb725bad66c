"""The play-test dock's layout: at the size the studio gives it and squeezed to its
smallest, the board, the move counter, the outcome badge, the status line and the
replay controls each keep their own space, for every game; the board gives way
to the rows, never the other way round."""

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication

from studio.games.laby.engine import moves_text
from studio.games.laby.labyfile import load_laby
from studio.games.laby.solver import shortest_solution
from studio.playtest.dock_view import DOCK_MIN_WIDTH

LEVELS = Path(__file__).resolve().parent.parent / "levels"
# One bundled level a game, each with a long status line or key help to wrap.
GAME_LEVELS = {
    "escape": LEVELS / "escape" / "14-bots.esx",  # "Bots in order: ..."
    "chrono": LEVELS / "chrono" / "05-help-from-the-past.txt",
    "intricacy": LEVELS / "intricacy" / "04-pulling-round.lock",  # the longest key help
    "laby": LEVELS / "laby" / "01-first-steps.laby",  # a par badge beside the counter
}
KEYS = {"U": Qt.Key.Key_Up, "D": Qt.Key.Key_Down, "L": Qt.Key.Key_Left, "R": Qt.Key.Key_Right}


def start_test(window, path):
    window.open_file(path)
    window.playtest.actions["playtest"].trigger()
    dock = window.playtest.dock
    assert dock.isVisible() and dock.session is not None and dock.session.playable
    return dock


def settle(qtbot) -> None:
    """Let the main window and the dock run their layouts (posted events, resizes)."""
    for _ in range(3):
        QApplication.processEvents()
        qtbot.wait(20)


def squeeze(qtbot, window, dock) -> None:
    """Ask for a 1-pixel dock and a window as short as it goes: the dock gets its minimum
    size instead (it has the column's whole height, its neighbours being tabs)."""
    window.resizeDocks([dock], [1], Qt.Orientation.Horizontal)
    window.resizeDocks([dock], [1], Qt.Orientation.Vertical)
    window.resize(window.width(), 1)
    settle(qtbot)


def dock_parts(dock) -> dict[str, object]:
    return {"title": dock.title_label, "banner": dock.banner, "board": dock.board, "moves": dock.move_label,
            "par": dock.par_label, "outcome": dock.outcome_label, "status": dock.status_label,
            "win panel": dock.win_panel, "start": dock.start_button, "back": dock.back_button,
            "play": dock.play_button, "forward": dock.forward_button, "end": dock.end_button,
            "timeline": dock.slider, "speed": dock.speed_box, "solution": dock.solution_label,
            "save": dock.save_button, "load": dock.load_button, "keys": dock.keys_label}


def shown_rects(dock) -> dict[str, QRect]:
    """Each visible part's rectangle in the dock body's coordinates."""
    body = dock.widget()
    rects = {}
    for name, widget in dock_parts(dock).items():
        if widget.isVisibleTo(body):
            rect = widget.rect()
            rect.moveTopLeft(widget.mapTo(body, rect.topLeft()))
            rects[name] = rect
    return rects


def assert_laid_out_apart(dock) -> None:
    rects = shown_rects(dock)
    assert {"board", "moves", "outcome", "timeline", "play"} <= rects.keys()
    names = sorted(rects)
    overlapping = [(a, b) for i, a in enumerate(names) for b in names[i + 1:] if rects[a].intersects(rects[b])]
    assert overlapping == [], {name: rects[name].getRect() for pair in overlapping for name in pair}
    body = dock.widget().rect()
    assert [name for name, rect in rects.items() if not body.contains(rect)] == []
    # every row keeps at least the height it asks for, wrapped text included
    for name in ("moves", "outcome", "status", "keys", "solution"):
        if name in rects:
            widget = dock_parts(dock)[name]
            wanted = widget.heightForWidth(rects[name].width()) if widget.hasHeightForWidth() else -1
            assert rects[name].height() >= max(wanted, widget.minimumSizeHint().height()), name
    # the board is drawn fitted inside its own widget, so it covers none of the rows
    scale, offset = dock.board.board_transform()
    board = dock.board.painter_impl.board_rect(dock.board.state)
    drawn = QRect(round(offset.x() + board.x() * scale), round(offset.y() + board.y() * scale),
                  round(board.width() * scale), round(board.height() * scale))
    assert dock.board.rect().adjusted(-1, -1, 1, 1).contains(drawn)


@pytest.mark.parametrize("game", sorted(GAME_LEVELS))
def test_dock_parts_do_not_overlap_at_the_default_and_the_smallest_size(qtbot, window, game):
    dock = start_test(window, GAME_LEVELS[game])
    settle(qtbot)
    default = dock.size()
    assert default.width() >= 400 and default.height() >= 400  # as the studio places it
    assert_laid_out_apart(dock)
    default_board = dock.board.size()

    squeeze(qtbot, window, dock)
    assert dock.width() == DOCK_MIN_WIDTH and dock.height() < default.height()
    assert_laid_out_apart(dock)
    # the board is what gave way: smaller, but never under its own minimum
    assert dock.board.height() < default_board.height()
    smallest = dock.board.minimumSize()
    assert dock.board.width() >= smallest.width() and dock.board.height() >= smallest.height()


def test_the_dock_needs_more_height_when_narrow_text_wraps_to_more_lines(qtbot, window, corpus_dir):
    dock = start_test(window, corpus_dir / "escape" / "levels" / "tutorial" / "lev412.esx")  # nine bots
    settle(qtbot)
    body = dock.widget()
    wide = body.minimumSizeHint().height()
    squeeze(qtbot, window, dock)
    narrow = body.minimumSizeHint().height()
    assert narrow > wide  # the bots' order takes more lines at 340 pixels than at 440
    assert body.height() >= narrow
    assert_laid_out_apart(dock)


def test_the_win_panel_gets_its_own_space_in_a_squeezed_dock(qtbot, window):
    path = GAME_LEVELS["laby"]
    dock = start_test(window, path)
    squeeze(qtbot, window, dock)
    window.playtest.dock.board.setFocus()
    for letter in moves_text(shortest_solution(load_laby(path.read_bytes()))):
        qtbot.keyClick(dock.board, KEYS[letter])
    settle(qtbot)
    assert dock.session.outcome.kind == "won" and dock.win_panel.isVisible()
    assert_laid_out_apart(dock)
    assert "win panel" in shown_rects(dock)
