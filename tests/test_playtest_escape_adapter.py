"""Escape's play-test adapter, headless: outcomes, annotations, motions, solution storage."""

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from studio.core.errors import LevelFormatError
from studio.core.game import game_by_id
from studio.games.escape.engine import DOWN, LEFT, RIGHT, UP
from studio.games.escape.esp import loads, new_player_file
from studio.games.escape.esx import load_esx, save_esx
from studio.games.escape.playtest import EscapePlaytest, bots_next_moves, default_player_file
from studio.games.escape.tiles import T
from studio.core.playtest_adapter import (
    AREA, ARROW, BEAM, CROSS, DEAD, LINK, PLAYING, RING, STEP, WON, LevelContext, adapter_for, verify_moves,
)
from tests import playtest_levels as levels


@pytest.fixture
def adapter() -> EscapePlaytest:
    return EscapePlaytest()


def play(adapter, level, moves):
    state = adapter.initial_state(level)
    report = None
    for move in moves:
        report = adapter.step(state, move)
        state = report.state
    return state, report


def shapes(annotations, overlay):
    return sorted((a.shape, a.cells) for a in annotations if a.overlay == overlay)


def test_playtest_adapter_is_found_through_the_game_and_needs_no_qt():
    assert isinstance(adapter_for(game_by_id("escape")), EscapePlaytest)
    code = ("import sys, studio.games.escape.playtest, studio.core.playtest_adapter; "
            "assert not any(m.startswith('PySide6') for m in sys.modules), 'Qt imported'")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parent.parent)


def test_playtest_laser_death_names_the_laser_and_draws_its_beam(adapter):
    level = levels.text_level(levels.LASER)
    state, report = play(adapter, level, [UP])
    assert report.outcome.kind == DEAD
    assert report.outcome.reason == "shot by the laser at (5, 1)"
    notes = adapter.annotations(state, report)
    laser, player = level.index(5, 1), level.index(1, 1)
    beam = next(a for a in notes if a.shape == BEAM)
    assert beam.overlay == "laser" and beam.cells[0] == laser and beam.cells[-1] == player
    assert len(beam.cells) == 5  # the laser and the four cells up to the player
    assert (RING, (laser,)) in shapes(notes, "laser")


def test_playtest_dalek_death_marks_the_bot(adapter):
    level = levels.text_level(levels.DALEK)
    start = adapter.initial_state(level)
    assert shapes(adapter.annotations(start, None), "bots_next") == [(STEP, (level.index(3, 1), level.index(2, 1)))]
    state, report = play(adapter, level, [RIGHT])
    assert report.outcome == report.outcome.__class__(DEAD, "caught by bot 1 (Dalek)")
    notes = adapter.annotations(state, report)
    ring = next(a for a in notes if a.overlay == "killer")
    assert ring.shape == RING and ring.cells == (level.index(2, 1),) and ring.label == "bot 1"
    assert not shapes(notes, "bots_next")  # the game is over: no next moves


def test_playtest_bomb_death_marks_the_blast(adapter):
    level = levels.text_level(levels.BOMB)
    state, report = play(adapter, level, [RIGHT])
    assert report.outcome.kind == DEAD and report.outcome.reason == "in the blast of bomb 1"
    notes = adapter.annotations(state, report)
    bomb = level.index(3, 1)
    blast = next(a for a in notes if a.shape == AREA)
    assert blast.overlay == "killer" and bomb in blast.cells and level.index(2, 1) in blast.cells
    assert (RING, (bomb,)) in shapes(notes, "killer")


def test_playtest_blocked_push_points_at_the_block_and_crosses_the_wall(adapter):
    level = levels.text_level(levels.BLOCKED)
    start = adapter.initial_state(level)
    report = adapter.step(start, RIGHT)
    assert not report.changed and report.state == start
    notes = adapter.annotations(report.state, report)
    arrow = next(a for a in notes if a.shape == ARROW)
    assert arrow.overlay == "blocked" and arrow.cells == (level.index(2, 1),) and arrow.vector == (1.0, 0.0)
    assert arrow.label == "red block"
    assert (CROSS, (level.index(3, 1),)) in shapes(notes, "blocked")


def test_playtest_panel_and_transporter_destinations_are_linked(adapter):
    panel_level = levels.text_level(levels.PANEL, {(2, 1): (5, 2)})
    panel_level.otiles[panel_level.index(5, 2)] = T.RED
    state, report = play(adapter, panel_level, [RIGHT])
    assert state.tiles[panel_level.index(5, 2)] == T.RED  # the swap happened
    assert shapes(adapter.annotations(state, report), "fired") == [
        (LINK, (panel_level.index(2, 1), panel_level.index(5, 2))), (RING, (panel_level.index(5, 2),))]
    transporter_level = levels.text_level(levels.TRANSPORTER, {(2, 1): (4, 2)})
    state, report = play(adapter, transporter_level, [RIGHT])
    assert state.player == transporter_level.index(4, 2)
    assert (LINK, (transporter_level.index(2, 1), transporter_level.index(4, 2))) in shapes(
        adapter.annotations(state, report), "fired")
    motion = next(m for m in adapter.motions(report) if m.sprite == "player")
    assert motion.path == (transporter_level.index(1, 1), transporter_level.index(2, 1), transporter_level.index(4, 2))
    assert motion.jumps == (2,)


def test_playtest_bots_next_moves_follow_the_engine(adapter):
    level = levels.text_level(levels.DALEK)
    start = adapter.initial_state(level)
    assert bots_next_moves(start) == [(0, level.index(3, 1), level.index(2, 1))]
    # after a move the prediction starts from where the dalek is now and heads for the player
    state, _ = play(adapter, level, [DOWN])
    (bot, frm, to), = bots_next_moves(state)
    assert bot == 0 and frm == state.bots[0][1] and to == frm - 1
    # a bot walled in predicts nothing
    walled = levels.text_level(["#######", "#@..#d#", "#....##", "#....X#", "#######"])
    assert bots_next_moves(adapter.initial_state(walled)) == []


def test_playtest_motions_slide_pushed_blocks_and_bots(adapter):
    level = levels.text_level(["#######", "#@r...#", "#....X#", "#######"])
    _, report = play(adapter, level, [RIGHT])
    motions = {m.sprite: m.path for m in adapter.motions(report)}
    assert motions == {"player": (level.index(1, 1), level.index(2, 1)),
                       ("tile", T.RED): (level.index(2, 1), level.index(3, 1))}
    dalek = levels.text_level(levels.DALEK)
    _, report = play(adapter, dalek, [DOWN])
    assert ("bot", 0) in {m.sprite for m in adapter.motions(report)}


def test_playtest_status_names_hearts_and_bots_in_order(adapter):
    level = levels.text_level(levels.HEARTS)
    state = adapter.initial_state(level)
    assert "Heart framers left: 1" in adapter.status_text(state)
    state, report = play(adapter, level, [RIGHT])
    assert "Heart framers left" not in adapter.status_text(state)  # the door woke: nothing left to say
    state, report = play(adapter, level, [RIGHT] * 4)
    assert report.outcome.kind == WON  # the sleeping door woke into an exit
    bots = levels.text_level(["#######", "#@.d.k#", "#...b.#", "#....X#", "#######"])
    text = adapter.status_text(adapter.initial_state(bots))
    assert "Bots in order: 1 Dalek (3, 1), 2 Hugbot (5, 1), 3 Bomb, fuse 0 (4, 2)" in text


def test_playtest_outcome_and_verification_texts(adapter):
    level = levels.text_level(levels.LASER)
    assert verify_moves(adapter, level, [UP]).text == "dead at move 1: shot by the laser at (5, 1)"
    assert verify_moves(adapter, level, [RIGHT, RIGHT, RIGHT]).text == "won at move 3"
    assert verify_moves(adapter, level, [LEFT, RIGHT]).text == "open after 2 moves"
    assert adapter.outcome(adapter.initial_state(level)).kind == PLAYING


def test_playtest_refuses_a_level_without_a_player_on_it(adapter):
    level = levels.text_level(levels.LASER)
    level.player = (40, 2)
    with pytest.raises(ValueError, match="outside the level"):
        adapter.initial_state(level)


def test_playtest_moves_text_round_trip_and_bad_letters(adapter):
    assert adapter.moves_text([UP, DOWN, LEFT, RIGHT]) == "UDLR"
    assert adapter.parse_moves("ud lr") == (UP, DOWN, LEFT, RIGHT)
    with pytest.raises(LevelFormatError, match="'X'"):
        adapter.parse_moves("UX")


def _context(level, path, older=()):
    return LevelContext(level, save_esx(level), path, tuple(older))


def test_playtest_solutions_saved_beside_the_level_come_back(adapter, tmp_path):
    level = levels.text_level(levels.LASER)
    path = tmp_path / "laser.esx"
    path.write_bytes(save_esx(level))
    saved = adapter.save_solution(_context(level, path), [RIGHT] * 3, "Along the bottom")
    assert saved.path == tmp_path / "player.esp" and "3 moves" in saved.message
    player = loads(saved.path.read_bytes())
    md5 = hashlib.md5(path.read_bytes()).hexdigest()
    assert [s.moves for s in player.solutions_for(md5)] == [(RIGHT,) * 3]
    found = adapter.load_solutions(_context(level, path))
    assert [(s.name, s.moves, s.source, s.current) for s in found] == [
        ("Along the bottom", (RIGHT,) * 3, "player.esp", True)]
    # a second one goes into the same file, after the first
    adapter.save_solution(_context(level, path), [LEFT, RIGHT] + [RIGHT] * 2, "Detour")
    assert [s.name for s in adapter.load_solutions(_context(level, path))] == ["Along the bottom", "Detour"]


def test_playtest_solution_of_an_older_version_is_flagged(adapter, tmp_path):
    level = levels.text_level(levels.LASER)
    path = tmp_path / "laser.esx"
    old_bytes = save_esx(level)
    path.write_bytes(old_bytes)
    adapter.save_solution(_context(level, path), [RIGHT] * 3, "Old way")
    edited = level.copy()
    edited.tiles[edited.index(3, 2)] = T.BLUE  # a wall across the old way
    old_md5 = hashlib.md5(old_bytes).hexdigest()
    assert adapter.load_solutions(_context(edited, path)) == []  # not this version's
    found = adapter.load_solutions(_context(edited, path, [old_md5]))
    assert [(s.name, s.current) for s in found] == [("Old way", False)]
    assert verify_moves(adapter, edited, found[0].moves).text == "open after 3 moves"


def test_playtest_save_into_a_chosen_player_file_and_refusals(adapter, tmp_path):
    level = levels.text_level(levels.LASER)
    with pytest.raises(ValueError, match="save the level first"):
        adapter.save_solution(_context(level, None), [RIGHT], "x")
    chosen = tmp_path / "mine.esp"
    chosen.write_bytes(new_player_file("Ann").to_bytes())
    saved = adapter.save_solution(_context(level, None), [RIGHT] * 3, "Mine", chosen)
    assert saved.path == chosen
    found = adapter.load_solutions(_context(level, None), chosen)
    assert [(s.name, s.author) for s in found] == [("Mine", "Ann")]
    broken = tmp_path / "broken.esp"
    broken.write_text("not a player file\n")
    with pytest.raises(LevelFormatError, match="broken.esp"):
        adapter.load_solutions(_context(level, None), broken)


def test_playtest_default_player_file_prefers_player_esp(tmp_path):
    assert default_player_file(tmp_path) == tmp_path / "player.esp"
    (tmp_path / "other.esp").write_text("")
    assert default_player_file(tmp_path) == tmp_path / "other.esp"
    (tmp_path / "player.esp").write_text("")
    assert default_player_file(tmp_path) == tmp_path / "player.esp"


def test_playtest_corpus_solutions_verify_through_the_adapter(adapter, corpus_dir):
    records = [json.loads(line) for line in (corpus_dir / "escape" / "solutions.jsonl").read_text().splitlines()
               if line.strip()]
    checked = 0
    for record in records:
        if record["verdict"] == "badlevel":
            continue
        level = load_esx((corpus_dir / "escape" / record["level"]).read_bytes())
        result = verify_moves(adapter, level, adapter.parse_moves(record["moves_udlr"]))
        expected = {"won": WON, "dead": DEAD, "open": PLAYING}[record["verdict"]]
        assert (result.outcome.kind, result.moves) == (expected, record["moves"]), record["level"]
        checked += 1
    assert checked > 50


def test_playtest_status_keeps_a_long_bot_list_short(adapter):
    level = levels.text_level(["##########", "#@kkkkkkk#", "#.......X#", "##########"])
    text = adapter.status_text(adapter.initial_state(level))
    assert text.startswith("Bots in order: 1 Hugbot (2, 1), 2 Hugbot (3, 1)")
    assert "6 Hugbot (7, 1) and 1 more" in text and "7 Hugbot" not in text


def test_playtest_a_hugbot_pushing_a_block_is_drawn_as_such(adapter):
    level = levels.text_level(["#######",
                               "#@..rk#",
                               "#.....#",
                               "#....X#",
                               "#######"])  # the hugbot (5, 1) comes left, pushing the red block
    state, report = play(adapter, level, [DOWN])
    notes = adapter.annotations(state, report)
    push = next(a for a in notes if a.overlay == "bot_pushes")
    assert (push.shape, push.cells, push.label) == (LINK, (level.index(4, 1), level.index(3, 1)), "bot 1")
    assert "bot_pushes" in {spec.id for spec in adapter.overlays()}
