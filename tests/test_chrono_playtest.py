"""Play-testing ChronoShift: the adapter (keys, clones replaying, paradoxes on the board, the
Solution field) and the dock played by keys to a win and into a paradox."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, strategies as st
from PySide6.QtCore import Qt

from studio.core.game import game_by_id
from studio.games.chrono.playtest import make_adapter
from studio.games.chrono.solution import pad_by_replay_rule, parse_actions, strip_replay_padding
from studio.games.chrono.superfun import load_superfun
from studio.core.playtest_adapter import CROSS, DEAD, LINK, RING, STEP, WON, LevelContext, adapter_for, verify_moves

LEVELS = Path(__file__).resolve().parent.parent / "levels" / "chrono"
HELPER = LEVELS / "05-help-from-the-past.txt"
KEYS = {"N": Qt.Key.Key_Up, "S": Qt.Key.Key_Down, "W": Qt.Key.Key_Left, "E": Qt.Key.Key_Right,
        "H": Qt.Key.Key_Space, "T": Qt.Key.Key_Return}


@pytest.fixture
def adapter():
    return make_adapter()


@pytest.fixture
def helper_level():
    return load_superfun(HELPER.read_bytes())


def play(adapter, state, letters):
    report = None
    for letter in letters:
        report = adapter.step(state, letter)
        state = report.state
    return state, report


def test_the_game_registers_the_adapter_and_its_keys(adapter):
    assert adapter_for(game_by_id("chrono")).game_id == "chrono"
    keys = {key.key: key.move for key in adapter.keys()}
    assert keys["Up"] == "N" and keys["Space"] == "H" and keys["Return"] == "T" and keys["Enter"] == "T"


def test_status_counts_clones_jumps_and_score(adapter, helper_level):
    state = adapter.initial_state(helper_level)
    assert adapter.status_text(state) == "Clone 1 · turn 0 · score 0 · time jumps 0 · goal not taken yet"
    state, _ = play(adapter, state, "EEHHHWWT")
    assert adapter.status_text(state).startswith("Clone 2 · turn 0 · score 9 · time jumps 1")
    state, _ = play(adapter, state, "T")
    assert "wait (Space)" in adapter.status_text(state)


def test_earlier_clones_next_moves_are_shown(adapter, helper_level):
    state, _ = play(adapter, adapter.initial_state(helper_level), "EEHHHWWT")
    marks = [a for a in adapter.annotations(state, None) if a.overlay == "echoes"]
    assert [(m.shape, m.cells, m.label) for m in marks] == [(STEP, (helper_level.start, helper_level.start + 1), "1")]


def test_a_paradox_ends_the_test_and_is_drawn_where_it_happened(adapter, helper_level):
    state, _ = play(adapter, adapter.initial_state(helper_level), "EEHHWWT")  # clone 1 leaves the button early
    state, report = play(adapter, state, "EHSSN")  # clone 2 is on the gate when it closes
    assert report.outcome.kind == DEAD and "closes" in report.outcome.reason and "(2, 2)" in report.outcome.reason
    marks = {(a.overlay, a.shape, a.cells) for a in adapter.annotations(report.state, report)}
    gate = helper_level.index(2, 2)
    assert ("paradox", RING, (gate,)) in marks and ("paradox", CROSS, (gate,)) in marks
    assert ("gates", LINK, (helper_level.index(3, 1), gate)) in marks


def test_refused_actions_are_not_recorded(adapter, helper_level):
    state = adapter.initial_state(helper_level)
    state, _ = play(adapter, state, "E")
    report = adapter.step(state, "T")
    assert not report.changed and [a.label for a in adapter.annotations(state, report) if a.overlay == "blocked"] == ["not here"]


def test_the_stored_solution_loads_padded_and_wins(adapter, helper_level):
    context = LevelContext(helper_level, HELPER.read_bytes(), HELPER)
    [stored] = adapter.load_solutions(context)
    assert stored.moves == tuple(pad_by_replay_rule(parse_actions(helper_level.solution_text)))
    verdict = verify_moves(adapter, helper_level, stored.moves)
    assert verdict.outcome.kind == WON and verdict.moves == len(stored.moves)
    assert adapter.moves_text(stored.moves) == "EE HH HW WT . EH SS NN WT"
    assert adapter.parse_moves(adapter.moves_text(stored.moves)) == stored.moves


def test_a_win_is_saved_as_the_solution_field(adapter, helper_level):
    context = LevelContext(helper_level, HELPER.read_bytes(), HELPER)
    moves = tuple("EEHHHWWT" + "EHSSNNWT")
    saved = adapter.save_solution(context, moves, "me")
    assert saved.properties == {"solution": "EE HH HW WT\n.\nEH SS NN WT"} and saved.path is None
    with pytest.raises(ValueError, match="do not complete"):
        adapter.save_solution(context, tuple("EE"), "me")


@given(st.text(alphabet="NESWHT", max_size=30))
def test_stripping_the_replay_rules_waits_undoes_adding_them(letters):
    assert strip_replay_padding(pad_by_replay_rule(letters)) == letters


# -- the dock, by keys -------------------------------------------------------------------


def start_test(qtbot, window, path):
    pane = window.open_file(path)
    window.activateWindow()
    pane.view.setFocus()
    qtbot.keyClick(pane.view, Qt.Key.Key_P)
    dock = window.playtest.dock
    assert dock.isVisible() and dock.session is not None
    return dock


def press(qtbot, dock, letters):
    for letter in letters:
        qtbot.keyClick(dock.board, KEYS[letter])


def test_the_dock_plays_two_clones_to_a_win_by_keys_and_saves_the_solution(qtbot, window, tmp_path):
    path = tmp_path / "helper.txt"
    path.write_bytes(HELPER.read_bytes())
    dock = start_test(qtbot, window, path)
    press(qtbot, dock, "EEHHHHWWT" + "EHSSNNWT" + "H")  # clone 1 holds on a turn longer; clone 2 waits for it
    assert dock.session.outcome.kind == WON
    assert dock.outcome_label.text().startswith("won at move 18")
    document = window.current_pane().document
    assert not document.is_modified
    dock.save_solution("me")  # into the level's Solution field: an undoable edit, and the file (it was clean)
    assert document.level.solution_text == "EE HH HH WW T\n\nEH SS NN WT"
    assert load_superfun(path.read_bytes()).solution_text == document.level.solution_text
    document.undo_stack.undo()
    assert document.level.solution_text == "EE HH HW WT\n\nEH SS NN WT"


def test_the_dock_shows_a_paradox(qtbot, window, tmp_path):
    path = tmp_path / "helper.txt"
    path.write_bytes(HELPER.read_bytes())
    dock = start_test(qtbot, window, path)
    press(qtbot, dock, "EEHHWWT" + "EHSSN")
    dock.board.finish_animation()
    assert dock.session.outcome.kind == DEAD and "gate at (2, 2) closes" in dock.outcome_label.text()
    assert {a.overlay for a in dock.board.visible_annotations()} >= {"paradox"}
    dock.board.grab().save(str(tmp_path / "paradox.png"))


def test_the_key_help_leaves_out_dock_keys_the_game_takes(qtbot, window, tmp_path):
    path = tmp_path / "helper.txt"
    path.write_bytes(HELPER.read_bytes())
    dock = start_test(qtbot, window, path)
    help_text = dock.keys_label.text()
    assert "Space replay" not in help_text and "Enter restart" not in help_text
    assert "Backspace undo" in help_text and "Esc back to the editor" in help_text
