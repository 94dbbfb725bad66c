"""A blocked or refused move says, in every game, what stopped it and where: in the
adapter's words, crossed out on the board, and in the dock (board caption, status bar,
the outcome chip, the colour legend)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from studio.core.game import game_by_id
from studio.core.playtest_adapter import ARROW, CROSS
from studio.games.chrono.playtest import make_adapter as chrono_adapter
from studio.games.chrono.superfun import load_superfun
from studio.games.escape.engine import DOWN, LEFT, RIGHT, UP
from studio.games.escape.level import BotPlacement
from studio.games.escape.playtest import EscapePlaytest
from studio.games.escape.tiles import Bot, T
from studio.games.intricacy.engine import MOVE_LETTERS
from studio.games.intricacy.playtest import BLOCKED_COLOUR, BLOCKER_COLOUR, cell_of_hex
from studio.games.intricacy.playtest import make_adapter as intricacy_adapter
from studio.games.intricacy.hexgrid import Hex
from studio.games.laby.labyfile import load_laby
from studio.games.laby.playtest import make_adapter as laby_adapter
from tests import playtest_levels as levels

BUNDLED = Path(__file__).resolve().parent.parent / "levels"


def marks(adapter, report, overlay="blocked"):
    return {(a.shape, a.cells) for a in adapter.annotations(report.state, report) if a.overlay == overlay}


# -- Escape ------------------------------------------------------------------------------------------
def test_escape_blocked_push_names_the_block_and_what_is_behind_it():
    adapter = EscapePlaytest()
    level = levels.text_level(levels.BLOCKED)
    report = adapter.step(adapter.initial_state(level), RIGHT)
    assert not report.changed
    assert adapter.blocked_text(report) == "the red block at (2, 1) cannot move: blue block at (3, 1) is behind it"
    assert (CROSS, (level.index(3, 1),)) in marks(adapter, report)


def test_escape_walking_into_a_wall_names_the_wall_and_crosses_it_out():
    adapter = EscapePlaytest()
    level = levels.text_level(levels.BLOCKED)
    report = adapter.step(adapter.initial_state(level), UP)
    assert adapter.blocked_text(report) == "the blue block at (1, 0) is in the way (invincible and immobile)"
    assert marks(adapter, report) == {(CROSS, (level.index(1, 0),))}


def test_escape_edge_sliders_bots_and_taken_exits():
    adapter = EscapePlaytest()
    level = levels.text_level(["@..", "..X"])
    level.tiles[level.index(1, 0)] = int(T.LR)
    state = adapter.initial_state(level)
    edge = adapter.step(state, LEFT)
    assert adapter.blocked_text(edge) == "the player cannot go left: the edge of the level"
    assert marks(adapter, edge) == {(ARROW, (level.index(0, 0),))}
    across = adapter.step(state, RIGHT)
    assert across.changed  # along its axis the slider moves
    level.tiles[level.index(1, 0)] = int(T.UD)
    wrong_axis = adapter.step(adapter.initial_state(level), RIGHT)
    assert adapter.blocked_text(wrong_axis) == "the up-down block at (1, 0) cannot move right: it moves only up and down"

    level = levels.text_level(["@k#", "..X"])
    pushed_bot = adapter.step(adapter.initial_state(level), RIGHT)
    assert adapter.blocked_text(pushed_bot) == "bot 1 (Hugbot) at (1, 0) cannot be pushed: blue block at (2, 0) is behind it"
    assert (CROSS, (level.index(2, 0),)) in marks(adapter, pushed_bot)

    level = levels.text_level(["@X.", "..."])
    level.bots.append(BotPlacement(level.index(1, 0), int(Bot.HUGBOT)))
    on_exit = adapter.step(adapter.initial_state(level), RIGHT)
    assert adapter.blocked_text(on_exit) == "bot 1 (Hugbot) at (1, 0) stands on the exit: nobody is pushed off an exit"


def test_escape_a_move_that_went_ahead_says_nothing():
    adapter = EscapePlaytest()
    report = adapter.step(adapter.initial_state(levels.text_level(levels.BLOCKED)), DOWN)
    assert report.changed and adapter.blocked_text(report) == ""


# -- ChronoShift -------------------------------------------------------------------------------------
CRATE_ROOM = b"2D SuperFun!\n+++++\n+Sc++\n+  G+\n+++++\n"


def test_chrono_bumps_and_stuck_crates_name_clone_thing_and_cell():
    adapter = chrono_adapter()
    level = load_superfun(CRATE_ROOM)
    state = adapter.initial_state(level)
    stuck = adapter.step(state, "E")
    assert adapter.blocked_text(stuck) == ("clone 1 at (1, 1) cannot push the crate at (2, 1): "
                                           "behind it is a wall at (3, 1)")
    assert (CROSS, (level.index(2, 1),)) in marks(adapter, stuck)
    bump = adapter.step(state, "N")
    assert bump.changed  # a turn passes all the same
    assert adapter.blocked_text(bump) == "clone 1 at (1, 1) bumped into a wall at (1, 0)"
    away = adapter.step(adapter.step(state, "S").state, "T")
    assert not away.changed and adapter.blocked_text(away) == "clone 1 is at (1, 2), not on the time machine"


# -- Labyrinthos -------------------------------------------------------------------------------------
def test_laby_walls_and_edges_are_named_with_their_cell():
    adapter = laby_adapter()
    level = load_laby(b"map\n3001\n1101\n2001\nend\n")
    state = adapter.initial_state(level)
    wall = adapter.step(state, DOWN)
    assert adapter.blocked_text(wall) == "the wall at (0, 1) is in the way"
    assert marks(adapter, wall) == {(CROSS, (4,))}
    edge = adapter.step(state, UP)
    assert adapter.blocked_text(edge) == "the edge of the level is in the way: (0, 0) is on its top edge"


# -- Intricacy ---------------------------------------------------------------------------------------
def intricacy_level(name):
    return game_by_id("intricacy").load((BUNDLED / "intricacy" / name).read_bytes())


def test_intricacy_blocked_hook_names_the_frame_hex_and_the_fixed_block():
    adapter = intricacy_adapter()
    level = intricacy_level("01-the-bolt.lock")
    state = adapter.initial_state(level)
    into_frame = adapter.step(state, MOVE_LETTERS["d"])
    assert adapter.blocked_text(into_frame) == "the hook cannot move east: the frame at (3, -1) is in the way"
    purple = {a.cells for a in adapter.annotations(state, into_frame) if a.colour == BLOCKER_COLOUR}
    assert purple == {(cell_of_hex(level.lock.size, Hex(3, -1)),)}
    into_block = adapter.step(state, MOVE_LETTERS["w"])
    assert adapter.blocked_text(into_block) == ("the hook cannot move north-west: "
                                                "block S at (1, -1) is fixed: no spring ends on it")
    assert adapter.blocked_text(adapter.step(state, MOVE_LETTERS["W"])) == "this lock has no wrench"


def test_intricacy_shows_only_what_the_move_blocked_not_a_spring_held_all_along():
    adapter = intricacy_adapter()
    level = intricacy_level("03-turning.lock")
    state = adapter.initial_state(level)
    free = adapter.step(state, MOVE_LETTERS["q"])  # the hook turns away: nothing is blocked
    assert free.changed and adapter.blocked_text(free) == ""
    assert adapter.annotations(free.state, free) == []
    held = adapter.step(state, MOVE_LETTERS["r"])  # the arm turns into the bolt's way
    assert adapter.blocked_text(held) == ("the spring on block A at (4, -4) cannot push it south-west: "
                                          "the hook at (2, -2) is in the way")
    colours = {a.colour for a in adapter.annotations(held.state, held)}
    assert colours == {BLOCKED_COLOUR, BLOCKER_COLOUR}
    legend = next(spec for spec in adapter.overlays() if spec.id == "blockage").legend_entries()
    assert {colour for colour, _words in legend} == {BLOCKED_COLOUR, BLOCKER_COLOUR}


# -- the dock ----------------------------------------------------------------------------------------
def test_the_dock_writes_the_blockage_on_the_board_the_status_bar_and_the_legend(qtbot, window, tmp_path):
    path = tmp_path / "blocked.esx"
    path.write_bytes(game_by_id("escape").save(levels.text_level(levels.BLOCKED)))
    window.open_file(path)
    window.playtest.actions["playtest"].trigger()
    dock = window.playtest.dock
    qtbot.keyClick(dock.board, Qt.Key.Key_Right)
    words = "The red block at (2, 1) cannot move: blue block at (3, 1) is behind it."
    assert dock.board.caption == words
    assert window.statusBar().currentMessage() == f"Blocked: {words}"
    assert dock.outcome_label.text() == "blocked" and "red\xa0block" in dock.outcome_label.toolTip()
    assert dock.legend_label.isVisible() and "Blocked Moves" in dock.legend_label.text()
    qtbot.keyClick(dock.board, Qt.Key.Key_Down)  # a move that goes ahead clears it
    assert dock.board.caption == "" and dock.outcome_label.text() == "playing"
