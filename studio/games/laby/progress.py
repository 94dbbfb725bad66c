"""An exported Labyrinthos game's progress: a high-score table per level, by the manual's rules.

The score is the number of moves it took to reach the objective (lower is better),
the player one word, and a table holds as many entries as it is given. The player's
entries are kept in ``highscores.txt`` in the manual's own syntax, one block per
level, named by the level's file and the MD5 of its bytes::

    level 3a7bd3e2360a3d29eea436fcfb7e44c8 01-first-steps.laby
    highscore 12 alice

A level's table is the level's own ``highscore`` lines (shipped with the game) and the
player's, best first; a new score ties after the equal scores already there. Pure Python.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Sequence

from studio.core.files import write_atomic
from studio.core.progress import PlayedLevel, WinRecord, unreadable_file_note
from studio.core.playtest_adapter import ScoreRow
from studio.games.laby.engine import initial_state, play_solution
from studio.games.laby.level import HighScore, make_high_score
from studio.games.laby.playtest import player_word

SCORES_FILE = "highscores.txt"
TABLE_ROWS = 10  # shown; the player's new score is shown even below them
HEADER = ("# Labyrinthos high scores, as the manual writes them: per level its MD5 and file,\n"
          "# then 'highscore SCORE PLAYER' (SCORE the moves it took, PLAYER one word).\n")
_LEVEL_LINE = re.compile(r"level ([0-9a-fA-F]{32})(?: (.*))?")


def parse_scores(text: str) -> dict[str, list[HighScore]]:
    """The player's entries per level MD5; ValueError naming the line of a broken rule."""
    scores: dict[str, list[HighScore]] = {}
    current: list[HighScore] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        level = _LEVEL_LINE.fullmatch(line)
        if level:
            current = scores.setdefault(level.group(1).lower(), [])
            continue
        parts = line.split()
        if parts[0] != "highscore" or len(parts) != 3 or current is None:
            raise ValueError(f"line {number}: expected 'level MD5 FILE' or 'highscore SCORE PLAYER' after one")
        current.append(make_high_score(parts[1], parts[2]))
    return scores


class HighScoreProgress:
    def __init__(self, folder: Path, file_name: str = SCORES_FILE):
        self.path = Path(folder) / file_name
        self.note = ""  # set when the file could not be read
        self.scores: dict[str, list[HighScore]] = {}
        self.files: dict[str, str] = {}  # md5 -> level file, written beside it for the reader
        if self.path.is_file():
            try:
                text = self.path.read_text(encoding="utf-8")
                self.scores = parse_scores(text)
                self.files = {m.group(1).lower(): m.group(2) or "" for m in map(_LEVEL_LINE.fullmatch, text.splitlines())
                              if m}
            except (OSError, ValueError) as error:
                self.note = unreadable_file_note(self.path, error)
                self.scores = {}

    def solved(self, md5: str) -> bool:
        return bool(self.scores.get(md5))

    def best(self, md5: str) -> int | None:
        return min((entry.score for entry in self.scores.get(md5, ())), default=None)

    def record_win(self, played: PlayedLevel, moves: Sequence[int], moves_text: str, player: str) -> WinRecord:
        verdict = play_solution(initial_state(played.level), moves)
        if verdict.verdict != "won":
            raise ValueError("these moves do not reach an objective: only a win makes a high score")
        name = player_word(player)
        before = self.table(played)
        mine = self.scores.setdefault(played.md5, [])
        mine.append(make_high_score(verdict.score, name))
        self.files[played.md5] = played.file
        self._write()
        rank = 1 + sum(1 for entry in before if entry.score <= verdict.score)
        table = [ScoreRow(0, str(entry.score), entry.player) for entry in before]
        table.insert(rank - 1, ScoreRow(rank, str(verdict.score), name, new=True))
        table = [ScoreRow(number, row.score, row.player, row.new) for number, row in enumerate(table, start=1)]
        shown = tuple(row for row in table if row.rank <= TABLE_ROWS or row.new)
        best = min(entry.score for entry in mine)
        return WinRecord(f"High score {verdict.score} for {name}, rank {rank} (kept in {self.path.name}).",
                         verdict.score, best, shown)

    def table(self, played: PlayedLevel) -> list[HighScore]:
        """The level's own high scores and the player's, best first (earlier entries first on a tie)."""
        shipped = list(getattr(played.level, "high_scores", ()))
        return sorted(shipped + self.scores.get(played.md5, []), key=lambda entry: entry.score)

    def _write(self) -> None:
        lines = [HEADER]
        for md5, entries in self.scores.items():
            if entries:
                lines.append(f"level {md5} {self.files.get(md5, '')}".rstrip() + "\n")
                lines += [f"highscore {entry.score} {entry.player}\n" for entry in entries]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(self.path, "".join(lines).encode("utf-8"))


def make_progress(folder: Path) -> HighScoreProgress:
    return HighScoreProgress(folder)
