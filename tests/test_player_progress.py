"""A player's progress in an exported game: Escape's player file, Labyrinthos's high
scores by the manual's rules, the best solutions of the other games (pure Python)."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.core.progress import BestSolutions, PlayedLevel, progress_store
from studio.games.escape import esp
from studio.games.escape.progress import PlayerFileProgress
from studio.games.laby.labyfile import load_laby
from studio.games.laby.progress import HighScoreProgress, parse_scores
from studio.player.collection import md5_of

ROOT = Path(__file__).resolve().parent.parent
LABY_LEVEL = ROOT / "levels" / "laby" / "03-any-door.laby"
LABY_WIN = "DDDDLLL"  # any door will do: the nearest one, seven moves away


def played_escape(name: str = "01-first-steps.esx") -> tuple[PlayedLevel, tuple[int, ...]]:
    from studio.games.escape.esx import load_esx

    path = ROOT / "levels" / "escape" / name
    data = path.read_bytes()
    level = load_esx(data)
    player = esp.loads((ROOT / "levels" / "escape" / "solutions.esp").read_bytes())
    return PlayedLevel(name, md5_of(data), level.title, level), player.solutions_for(md5_of(data))[0].moves


def test_escape_progress_is_a_player_file_escape_reads(tmp_path):
    store = progress_store("escape", tmp_path)
    assert isinstance(store, PlayerFileProgress) and store.path == tmp_path / "player.esp"
    played, moves = played_escape()
    assert not store.solved(played.md5) and store.best(played.md5) is None
    record = store.record_win(played, moves, esp.moves_to_text(moves), "Ann Player")
    assert record.score == len(moves) and record.best == len(moves)
    player = esp.loads(store.path.read_bytes())  # the studio's own .esp reader
    assert player.name == "Ann Player"
    [kept] = player.solutions_for(played.md5)
    assert kept.moves == moves and kept.author == "Ann Player"
    assert PlayerFileProgress(tmp_path).solved(played.md5)  # read back from the file


def test_escape_progress_keeps_every_solution_once(tmp_path):
    store = PlayerFileProgress(tmp_path)
    played, moves = played_escape()
    longer = moves[:1] + (2, 1) + moves[1:]  # a detour down and back up
    store.record_win(played, moves, "", "P")
    store.record_win(played, longer, "", "P")
    again = store.record_win(played, moves, "", "P")
    assert "already" in again.message
    kept = esp.loads(store.path.read_bytes()).solutions_for(played.md5)
    assert [s.moves for s in kept] == [moves, longer]
    assert store.best(played.md5) == len(moves)


def test_a_broken_player_file_is_set_aside_not_overwritten(tmp_path):
    (tmp_path / "player.esp").write_text("not a player file\n")
    store = PlayerFileProgress(tmp_path)
    assert "could not be read" in store.note
    assert (tmp_path / "player.esp.unreadable").read_text() == "not a player file\n"
    played, moves = played_escape()
    store.record_win(played, moves, "", "P")
    assert store.solved(played.md5)


def laby_played(tmp_path=None, scores: str = "") -> PlayedLevel:
    text = LABY_LEVEL.read_text()
    if scores:
        text = text.replace("map\n", scores + "map\n")
    data = text.encode()
    return PlayedLevel(LABY_LEVEL.name, md5_of(data), "Any Door", load_laby(data))


def test_laby_high_scores_follow_the_manual(tmp_path):
    from studio.games.laby.engine import parse_moves

    played = laby_played(scores="highscore 7 designer\nhighscore 30 slowcoach\n")
    store = progress_store("laby", tmp_path)
    assert isinstance(store, HighScoreProgress)
    record = store.record_win(played, parse_moves(LABY_WIN), LABY_WIN, "Ann Player")
    # Score = the moves it took; lower is better; a tie goes after the score already there;
    # the name is one word.
    assert [(row.rank, row.score, row.player, row.new) for row in record.table] == [
        (1, "7", "designer", False), (2, "7", "Ann_Player", True), (3, "30", "slowcoach", False)]
    text = store.path.read_text()
    assert f"level {played.md5} {played.file}\nhighscore 7 Ann_Player\n" in text
    assert parse_scores(text) == {played.md5: [(7, "Ann_Player")]}
    assert HighScoreProgress(tmp_path).solved(played.md5)


def test_laby_refuses_a_score_that_did_not_win(tmp_path):
    store = HighScoreProgress(tmp_path)
    with pytest.raises(ValueError, match="objective"):
        store.record_win(laby_played(), (1,), "U", "P")
    assert not store.path.exists()


def test_best_solutions_keep_the_better_one(tmp_path):
    store = BestSolutions(tmp_path, score=lambda level, moves: len(moves))
    played = PlayedLevel("a.lock", "0" * 32, "A", None)
    assert store.record_win(played, "abc", "abc", "P").best == 3
    assert "stays 3" in store.record_win(played, "abcd", "abcd", "P").message
    assert store.record_win(played, "ab", "ab", "P").best == 2
    reread = BestSolutions(tmp_path)
    assert reread.best(played.md5) == 2 and reread.levels[played.md5]["moves"] == "ab"


def test_chrono_scores_a_win_by_the_game_s_own_score(tmp_path):
    from studio.games.chrono.superfun import load_superfun
    from studio.games.chrono.playtest import make_adapter

    path = ROOT / "levels" / "chrono" / "05-help-from-the-past.txt"
    level = load_superfun(path.read_bytes())
    adapter = make_adapter()
    moves = adapter.parse_moves(level.solution_text)
    store = progress_store("chrono", tmp_path)
    record = store.record_win(PlayedLevel(path.name, "1" * 32, "Help", level), moves, "", "P")
    from studio.games.chrono.solution import parse_actions, play_solution

    assert record.score == play_solution(level, parse_actions(level.solution_text)).score > 0
