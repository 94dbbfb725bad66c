"""Intricacy's play-test adapter, headless: keys, blockage annotations, motions, solutions."""

from __future__ import annotations

from pathlib import Path

from studio.games.intricacy.engine import MOVE_LETTERS, parse_moves
from studio.games.intricacy.hexgrid import Hex
from studio.games.intricacy.lockfile import load_lock
from studio.games.intricacy.playtest import (
    BLOCKED_COLOUR, BLOCKER_COLOUR, cell_of_hex, hex_of_cell, make_adapter,
)
from studio.core.playtest_adapter import ARROW, RING, WON, LevelContext, verify_moves

LEVELS = Path(__file__).resolve().parent.parent / "levels" / "intricacy"


def _level(name):
    return load_lock((LEVELS / name).read_bytes())


def test_keys_cover_every_move_letter_once_or_more():
    adapter = make_adapter()
    keys = {k.key: k.move for k in adapter.keys()}
    assert keys["W"] == MOVE_LETTERS["w"] and keys["Q"] == MOVE_LETTERS["q"] and keys["R"] == MOVE_LETTERS["r"]
    assert keys["Shift+D"] == MOVE_LETTERS["D"] and keys["L"] == MOVE_LETTERS["D"] and keys[","] == MOVE_LETTERS["X"]
    assert keys["S"] == MOVE_LETTERS["s"]
    assert set(keys.values()) == set(MOVE_LETTERS.values())
    assert len(keys) == len(adapter.keys())  # no key twice


def test_cells_number_the_hexes_of_the_lock_and_its_surroundings():
    for cell in (0, 10, 40):
        assert cell_of_hex(3, hex_of_cell(3, cell)) == cell
    assert cell_of_hex(3, Hex(40, 0)) == -1


def test_blockage_annotations_are_orange_on_the_blocked_and_purple_on_the_blocker():
    adapter = make_adapter()
    level = _level("01-the-bolt.lock")
    state = adapter.initial_state(level)
    report = adapter.step(state, MOVE_LETTERS["d"])  # the hook pushes into the frame
    assert not report.changed
    marks = adapter.annotations(report.state, report)
    orange = [a for a in marks if a.colour == BLOCKED_COLOUR]
    purple = [a for a in marks if a.colour == BLOCKER_COLOUR]
    assert {a.shape for a in orange} >= {ARROW} and purple
    hook = level.lock.pieces[level.lock.hook]
    assert cell_of_hex(level.lock.size, hook.centre) in {a.cells[0] for a in orange}
    assert cell_of_hex(level.lock.size, Hex(3, -1)) in {a.cells[0] for a in purple}  # the frame hex east
    assert all(a.vector == (1.0, 0.0) for a in marks if a.shape == ARROW and a.colour == BLOCKED_COLOUR
               and a.cells[0] == cell_of_hex(level.lock.size, hook.centre))


def test_a_blocked_turn_is_a_ring():
    adapter = make_adapter()
    state = adapter.initial_state(_level("03-turning.lock"))
    report = adapter.step(state, MOVE_LETTERS["r"])  # the arm turns onto the bolt's way: the bolt is held
    marks = adapter.annotations(report.state, report)
    assert any(a.shape == RING and a.colour == BLOCKER_COLOUR and a.label == "↻" for a in marks)
    assert any(a.shape == ARROW and a.colour == BLOCKED_COLOUR for a in marks)


def test_motions_and_outcome():
    adapter = make_adapter()
    level = _level("01-the-bolt.lock")
    state = adapter.initial_state(level)
    report = adapter.step(state, MOVE_LETTERS["z"])
    assert report.outcome.kind == WON and report.changed
    assert len(adapter.motions(report)) == 2  # the hook and the bolt
    assert verify_moves(adapter, level, parse_moves(level.solution)).moves == 1


def test_solutions_live_in_the_lock():
    adapter = make_adapter()
    level = _level("04-pulling-round.lock")
    context = LevelContext(level, b"")
    [stored] = adapter.load_solutions(context)
    assert adapter.moves_text(stored.moves) == level.solution
    saved = adapter.save_solution(context, parse_moves("deeq"), "mine")
    assert saved.properties == {"solution": "deeq"} and saved.path is None
    assert adapter.solution_files() is None
    assert "wrench" not in adapter.status_text(adapter.initial_state(level))
    assert "wrench" in adapter.status_text(adapter.initial_state(_level("07-the-wrench.lock")))
