"""The play-test session without widgets: history, undo and redo, recording, replay,
and noticing edits of the document."""

import hashlib

import pytest

from studio.core.game import game_by_id
from studio.games.escape.engine import DOWN, LEFT, RIGHT, UP
from studio.games.escape.esx import save_esx
from studio.games.escape.playtest import EscapePlaytest
from studio.games.escape.tiles import T
from studio.model import commands
from studio.model.document import LevelDocument
from studio.core.playtest_adapter import DEAD, WON
from studio.playtest.session import PlaytestSession
from tests import playtest_levels as levels


@pytest.fixture
def document(qtbot, tmp_path):
    level = levels.text_level(levels.LASER)
    path = tmp_path / "laser.esx"
    path.write_bytes(save_esx(level))
    return LevelDocument.open(path)


@pytest.fixture
def session(document):
    return PlaytestSession(EscapePlaytest(), document)


def test_playtest_session_records_moves_and_skips_moves_that_change_nothing(session):
    assert session.moves == () and session.outcome_text == "playing"
    session.play(RIGHT)
    report = session.play(DOWN)  # into the wall: nothing changes, nothing is recorded
    assert report is not None and not report.changed and session.last_refused is report
    session.play(RIGHT)
    assert session.moves == (RIGHT, RIGHT) and session.position == 2
    session.play(RIGHT)
    assert session.outcome.kind == WON and session.outcome_text == "won at move 3"
    assert session.play(LEFT) is None  # the game is over
    assert session.moves == (RIGHT, RIGHT, RIGHT)


def test_playtest_session_undo_past_a_death_and_redo(session):
    session.play(RIGHT)
    session.play(UP)
    assert session.outcome.kind == DEAD
    assert session.outcome_text.startswith("dead at move 2: shot by the laser")
    assert session.undo() and session.outcome.kind != DEAD and session.position == 1
    assert session.redo() and session.outcome.kind == DEAD
    session.undo()
    session.play(RIGHT)  # a different move: the redo list (the death) is gone
    assert not session.can_redo() and session.moves == (RIGHT, RIGHT)


def test_playtest_session_playing_the_next_move_of_the_history_keeps_the_rest(session):
    session.load_moves((RIGHT, RIGHT, RIGHT), "route", "test")
    session.play(RIGHT)
    assert session.position == 1 and session.length == 3 and session.loaded is not None
    session.play(UP)  # leaving the loaded route: it becomes the player's own
    assert session.length == 2 and session.loaded is None


def test_playtest_session_restart_keeps_the_moves_as_redo(session):
    for move in (RIGHT, RIGHT):
        session.play(move)
    session.restart()
    assert session.position == 0 and session.timeline_moves == (RIGHT, RIGHT)
    assert session.redo() and session.position == 1


def test_playtest_session_states_are_shared_not_copied(session):
    session.play(RIGHT)
    session.undo()
    start = session.state
    session.redo()
    session.undo()
    assert session.state is start


def test_playtest_session_notices_edits_and_restarts_on_the_new_version(session, document):
    stale = []
    session.staleChanged.connect(stale.append)
    session.play(RIGHT)
    level = document.level
    wall = level.index(3, 2)
    document.undo_stack.push(commands.CellEdit(document, {wall: (int(T.BLUE), int(T.FLOOR), 0)}))
    assert session.stale and stale == [True]
    assert session.snapshot.tiles[wall] == T.FLOOR  # the test goes on with the old version
    session.play(RIGHT)
    assert session.moves == (RIGHT, RIGHT)
    result = session.restart_on_new_version(keep_moves=True)
    assert not session.stale and stale == [True, False]
    assert session.snapshot.tiles[wall] == T.BLUE
    assert result.text == "open after 2 moves"  # the second RIGHT now walks into the wall
    document.undo_stack.undo()  # away from the version now played
    assert session.stale
    document.undo_stack.redo()  # and back to it: the test is up to date again
    assert not session.stale


def test_playtest_session_load_moves_verifies_and_seeks(session):
    verification = session.load_moves((LEFT, RIGHT, UP, RIGHT), "risky", "test")
    assert verification.text == "dead at move 3: shot by the laser at (5, 1)"
    assert session.length == 3  # play stops at the death
    assert session.position == 0
    session.seek(2)
    assert session.position == 2 and session.moves == (LEFT, RIGHT)
    assert session.state == session.history[2].state
    session.seek(99)
    assert session.position == 3 and session.outcome.kind == DEAD
    assert session.loaded.note == "dead at move 3: shot by the laser at (5, 1)"


def test_playtest_session_replay_walks_to_the_end_on_a_timer(qtbot, session):
    session.load_moves((RIGHT, RIGHT, RIGHT), "route", "test")
    session.set_speed(48)
    session.play_replay()
    assert session.replaying
    qtbot.waitUntil(lambda: not session.replaying, timeout=3000)
    assert session.position == 3 and session.outcome.kind == WON
    session.play_replay()  # at the end: from the start again
    assert session.position == 0 and session.replaying
    session.pause()
    assert not session.replaying


def test_playtest_session_knows_versions_of_the_level(session, document):
    on_disk = hashlib.md5(document.path.read_bytes()).hexdigest()
    context = session.level_context()
    assert hashlib.md5(context.level_bytes).hexdigest() == on_disk
    assert context.older_md5s == ()
    document.undo_stack.push(commands.CellEdit(document, {document.level.index(3, 2): (int(T.BLUE), 0, 0)}))
    session.restart_on_new_version()
    context = session.level_context()
    assert context.older_md5s == (on_disk,)


def test_playtest_session_of_an_unplayable_level_says_why(qtbot, tmp_path):
    level = levels.text_level(levels.LASER)
    level.player = (50, 1)
    document = LevelDocument(game_by_id("escape"), level)
    session = PlaytestSession(EscapePlaytest(), document)
    assert not session.playable and "outside the level" in session.error
    assert session.play(RIGHT) is None
