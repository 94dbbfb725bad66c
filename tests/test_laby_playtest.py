"""Play-testing Labyrinthos: the adapter (par, bumps, high scores, the next level) and the dock
played by keys, a win's high score saved into the level file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from studio.games.laby.engine import DOWN, LEFT, RIGHT, UP, moves_text
from studio.games.laby.labyfile import load_laby
from studio.games.laby.level import HighScore
from studio.games.laby.playtest import make_adapter
from studio.games.laby.solver import shortest_solution
from studio.core.playtest_adapter import ARROW, BEAM, CROSS, RING, WON, LevelContext, adapter_for, verify_moves
from studio.core.game import game_by_id

BUNDLED = Path(__file__).resolve().parent.parent / "levels" / "laby"
KEYS = {"U": Qt.Key.Key_Up, "D": Qt.Key.Key_Down, "L": Qt.Key.Key_Left, "R": Qt.Key.Key_Right}

CORRIDOR = b"name Corridor\nnextlevel next.laby\nhighscore 9 zed\nhighscore 7 amy\nmap\n3001\n1101\n2001\nend\n"


@pytest.fixture
def adapter():
    return make_adapter()


@pytest.fixture
def corridor():
    return load_laby(CORRIDOR)


def test_the_game_registers_the_adapter():
    assert adapter_for(game_by_id("laby")).game_id == "laby"


def test_status_shows_the_best_score_and_the_dock_the_par(adapter, corridor):
    state = adapter.initial_state(corridor)
    assert adapter.status_text(state) == "Best score 7 by amy"
    assert adapter.par(corridor) == 6
    assert adapter.status_text(adapter.initial_state(load_laby(b"map\n32\nend\n"))) == "No high score yet"
    assert adapter.outcome(state).kind == "playing"
    stuck = load_laby(b"map\n3102\nend\n")
    assert "cannot be won" in adapter.status_text(adapter.initial_state(stuck))
    with pytest.raises(ValueError, match="no spawn"):
        adapter.initial_state(load_laby(b"map\n12\nend\n"))


def test_bumps_are_annotated_and_not_recorded(adapter, corridor):
    state = adapter.initial_state(corridor)
    into_wall = adapter.step(state, DOWN)
    assert not into_wall.changed and into_wall.state is state
    assert [(a.overlay, a.shape, a.cells) for a in adapter.annotations(state, into_wall)
            if a.overlay == "blocked"] == [("blocked", CROSS, (4,))]
    at_edge = adapter.step(state, UP)
    [arrow] = [a for a in adapter.annotations(state, at_edge) if a.overlay == "blocked"]
    assert (arrow.shape, arrow.cells, arrow.vector) == (ARROW, (0,), (0.0, -1.0))


def test_the_shortest_way_hint_and_the_winning_ring(adapter, corridor):
    state = adapter.initial_state(corridor)
    [way] = [a for a in adapter.annotations(state, None) if a.overlay == "shortest"]
    assert way.shape == BEAM and way.cells == (0, 1, 2, 6, 10, 9, 8) and way.label == "6 to go"
    report = None
    for move in (RIGHT, RIGHT, DOWN, DOWN, LEFT, LEFT):
        report = adapter.step(state, move)
        state = report.state
    assert report.outcome.kind == WON and "objective at (0, 2)" in report.outcome.reason
    annotations = adapter.annotations(state, report)
    assert [(a.shape, a.cells) for a in annotations] == [(RING, (8,))]
    assert [m.path for m in adapter.motions(report)] == [(9, 8)]
    assert verify_moves(adapter, corridor, adapter.parse_moves("RRDDLL")).text == "won at move 6: " \
        "reached the objective at (0, 2)"


def test_a_winning_walk_saves_a_high_score_as_a_level_property(adapter, corridor, tmp_path):
    context = LevelContext(corridor, CORRIDOR, tmp_path / "corridor.laby")
    saved = adapter.save_solution(context, adapter.parse_moves("RRuDDLL"), "Ada Lovelace")
    assert saved.properties == {"high_scores": (HighScore(9, "zed"), HighScore(7, "amy"), HighScore(6, "Ada_Lovelace"))}
    assert "par!" in saved.message
    with pytest.raises(ValueError, match="only a win makes a high score"):
        adapter.save_solution(context, adapter.parse_moves("RR"), "Bob")
    assert adapter.solution_files() is None and adapter.load_solutions(context) == []


def test_the_next_level_of_the_playlist(adapter, corridor, tmp_path):
    context = LevelContext(corridor, CORRIDOR, tmp_path / "corridor.laby")
    assert adapter.next_level(context) is None  # not there yet
    (tmp_path / "next.laby").write_bytes(b"map\n32\nend\n")
    assert adapter.next_level(context) == tmp_path / "next.laby"
    assert adapter.par(corridor) == 6
    assert adapter.high_score_table(corridor) == [HighScore(7, "amy"), HighScore(9, "zed")]


def test_the_win_offer_ranks_the_new_score_among_the_high_scores(adapter, corridor, tmp_path):
    (tmp_path / "next.laby").write_bytes(b"name Next Door\nmap\n32\nend\n")
    context = LevelContext(corridor, CORRIDOR, tmp_path / "corridor.laby")
    walk = adapter.parse_moves("RRDDLL")
    offer = adapter.win_offer(context, None, walk)
    assert offer.headline == "Solved in 6 moves: par!" and offer.score_heading == "Moves"
    assert [(r.rank, r.score, r.player, r.new) for r in offer.rows] == [
        (1, "6", "", True), (2, "7", "amy", False), (3, "9", "zed", False)]
    assert offer.next_level == tmp_path / "next.laby" and offer.next_level_name == "Next Door"
    assert offer.new_row.rank == 1
    longer = adapter.win_offer(context, None, adapter.parse_moves("RRDUDDLL"))
    assert longer.headline == "Solved in 8 moves · par 6"
    assert [(r.rank, r.new) for r in longer.rows] == [(1, False), (2, True), (3, False)]
    assert adapter.win_offer(context, None, adapter.parse_moves("RR")) is None  # not a win


def test_the_win_offer_keeps_ties_and_shows_a_low_rank_below_the_top_ten(adapter, tmp_path):
    scores = "".join(f"highscore {6 + n} p{n}\n" for n in range(12))
    level = load_laby(f"{scores}map\n3001\n1101\n2001\nend\n".encode())
    context = LevelContext(level, b"", None)
    offer = adapter.win_offer(context, None, adapter.parse_moves("RRDDLL"))
    assert [r.rank for r in offer.rows if r.new] == [2]  # after the equal score already there
    assert len(offer.rows) == 10 and offer.next_level is None
    slow = adapter.win_offer(context, None, adapter.parse_moves("RR" + "DU" * 6 + "DDLL"))
    assert [(r.rank, r.score) for r in slow.rows][-2:] == [(10, "15"), (13, "18")]


def test_the_adapter_declares_its_optional_hooks(adapter):
    assert adapter.record_properties == ("high_scores",)
    assert adapter.solution_name_label == "Your name:" and adapter.solution_named_after_player


# -- in the dock -----------------------------------------------------------------------------



def test_play_a_bundled_level_to_a_win_and_keep_the_high_score(qtbot, window, tmp_path):
    path = tmp_path / "01-first-steps.laby"
    shutil.copy(BUNDLED / path.name, path)
    pane = window.open_file(path)
    pane.view.setFocus()
    qtbot.keyClick(pane.view, Qt.Key.Key_P)
    dock = window.playtest.dock
    assert dock.isVisible() and dock.session is not None
    assert dock.status_label.text() == "No high score yet"
    assert dock.par_label.isVisible() and dock.par_label.text() == "par 16"
    solution = moves_text(shortest_solution(load_laby(path.read_bytes())))
    for letter in "U" + solution:  # the first bump is not recorded
        qtbot.keyClick(dock.board, KEYS[letter])
    assert dock.outcome_label.text().startswith("won at move 16")
    assert dock.move_label.text() == "Move 16"
    dock.board.grab().save(str(tmp_path / "won.png"))

    dock.save_solution("Grace Hopper")
    document = pane.document
    assert document.level.high_scores == (HighScore(16, "Grace_Hopper"),)
    assert not document.is_modified  # nothing else was unsaved: the file is written at once
    assert "nextlevel 02-two-ways.laby\nhighscore 16 Grace_Hopper\n\nmap\n" in path.read_text()
    assert not dock.session.stale  # a high score records play, it does not change the level played
    assert load_laby(path.read_bytes()).high_scores == (HighScore(16, "Grace_Hopper"),)
    window.actions["undo"].trigger()
    assert document.level.high_scores == ()
