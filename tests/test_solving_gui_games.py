"""The generic Problems dock and Solve dialog with Labyrinthos, Intricacy and ChronoShift:
the dock lists a planted problem and double-clicking it selects its cell; Solve
finds a solution of a small level and the play-test replays it to a win."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from studio.games.chrono.superfun import save_superfun
from studio.games.intricacy.level import IntricacyLevel
from studio.games.intricacy.lockfile import save_lock
from studio.games.laby.labyfile import save_laby
from studio.games.laby.level import LabyLevel
from studio.games.laby.squares import Square
from studio.core.playtest_adapter import WON
from tests.chrono_helpers import make_level
from tests.gui_helpers import open_at_actual_size, show_main_window
from tests.intricacy_helpers import block, make_lock, spring

ROOT = Path(__file__).resolve().parent.parent


def laby_file(tmp_path, cut: bool):
    level = LabyLevel.blank(5, 3)
    level.squares[level.index(0, 0)] = Square.SPAWN
    level.squares[level.index(4, 0)] = Square.OBJECTIVE
    for y in range(3 if cut else 2):
        level.squares[level.index(2, y)] = Square.WALL
    path = tmp_path / "maze.laby"
    path.write_bytes(save_laby(level))
    return path, "no-path", (0, 0)


def lock_file(tmp_path, cut: bool):
    path = tmp_path / "bolt.lock"
    if not cut:  # the bundled first lock: one move opens it
        path.write_bytes((ROOT / "levels" / "intricacy" / "01-the-bolt.lock").read_bytes())
        return path, None, None
    # Bolt A in the bolthole on a spring from S, and no hook or wrench: nothing ever moves it.
    lock = make_lock(block("S", (0, 0)), block("A", (3, -3), (3, -2)),
                     springs=[spring(0, 1, (0, 0), (3, -3), 3)], size=2)
    path.write_bytes(save_lock(IntricacyLevel(lock, "Bolt")))
    return path, "unreachable-bolthole", (3, -3)


def chrono_file(tmp_path, cut: bool):
    rows = ("+++++", "+S  +", "+++++" if cut else "++ ++", "+ G +", "+++++")
    path = tmp_path / "coin.txt"
    path.write_bytes(save_superfun(make_level(*rows)))
    return path, "unreachable-goal", (2, 3)


GAMES = {"laby": laby_file, "intricacy": lock_file, "chrono": chrono_file}


def _open(qtbot, settings, path):
    window = show_main_window(qtbot, settings, 1100, 760)
    open_at_actual_size(window, path)
    return window


@pytest.mark.parametrize("game", list(GAMES))
def test_problems_dock_lists_and_selects_the_problem(qtbot, settings, tmp_path, game):
    path, rule, position = GAMES[game](tmp_path, cut=True)
    window = _open(qtbot, settings, path)
    dock = window.solving.problems_dock
    qtbot.waitUntil(lambda: any(p.rule == rule for p in dock.problems), timeout=3000)
    row = next(i for i, p in enumerate(dock.problems) if p.rule == rule)
    item = dock.tree.topLevelItem(row)
    assert item.text(0) == f"({position[0]}, {position[1]})"
    dock.show()
    rect = dock.tree.visualItemRect(item)
    qtbot.mouseClick(dock.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(dock.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.current_pane().scene.selected_cells() == [dock.problems[row].cell]


@pytest.mark.parametrize("game", list(GAMES))
def test_solve_dialog_solves_and_replays(qtbot, settings, tmp_path, game):
    path, _rule, _position = GAMES[game](tmp_path, cut=False)
    window = _open(qtbot, settings, path)
    assert window.solving.problems_dock.problems == []
    dialog = window.solving.solve()
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=60000)
    assert dialog.result["solved"] and dialog.result["optimal"], dialog.result
    assert dialog.solution_text.toPlainText() == dialog.result["solution"]
    session = window.playtest.session_for(window.current_pane().document)
    assert session.loaded is not None and session.loaded.verification.outcome.kind == WON
    dialog.close()
