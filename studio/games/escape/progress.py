"""An exported Escape game's progress: a real Escape player file (``player.esp``).

Every solution the player finds is added to the file under the MD5 of the level's
bytes, as Escape itself keeps them, so the file opens in Escape (and in the studio's
``.esp`` reader). A solution already in the file is not added twice. Pure Python.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Sequence

from studio.core.errors import LevelFormatError
from studio.core.files import write_atomic
from studio.core.progress import PlayedLevel, WinRecord, unreadable_file_note
from studio.games.escape.esp import NamedSolution, PlayerFile, loads, new_player_file

PLAYER_FILE = "player.esp"
FALLBACK_NAME = "Player"


def latin1_name(name: str) -> str:
    """A name a player file can hold (latin-1, one line), else the fallback."""
    name = " ".join(name.split())
    try:
        name.encode("latin-1")
    except UnicodeEncodeError:
        name = ""
    return name or FALLBACK_NAME


def won_solution(title: str, moves: Sequence[int], player: str, when: float) -> NamedSolution:
    """A win as a player file keeps it: named after the level and its length, by the player."""
    moves = tuple(int(move) for move in moves)
    return NamedSolution(int(when) & 0x7FFFFFFF, latin1_name(f"{title}: {len(moves)} moves"), latin1_name(player),
                         moves)


class PlayerFileProgress:
    def __init__(self, folder: Path, file_name: str = PLAYER_FILE):
        self.path = Path(folder) / file_name
        self.note = ""  # set when the file could not be read
        self.player: PlayerFile | None = None
        if self.path.is_file():
            try:
                self.player = loads(self.path.read_bytes())
            except (OSError, LevelFormatError) as error:
                self.note = unreadable_file_note(self.path, error)

    def solved(self, md5: str) -> bool:
        return self.player is not None and bool(self.player.solutions_for(md5))

    def best(self, md5: str) -> int | None:
        found = self.player.solutions_for(md5) if self.player is not None else []
        return min((len(solution.moves) for solution in found), default=None)

    def record_win(self, played: PlayedLevel, moves: Sequence[int], moves_text: str, player: str) -> WinRecord:
        moves = tuple(int(move) for move in moves)
        kept = self.best(played.md5)
        if self.player is None:
            self.player = new_player_file(latin1_name(player))
        if any(solution.moves == moves for solution in self.player.solutions_for(played.md5)):
            return WinRecord(f"This solution is already in {self.path.name}.", len(moves), kept)
        self.player.add_solution(played.md5, won_solution(played.title, moves, player, time.time()))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(self.path, self.player.to_bytes())
        best = len(moves) if kept is None else min(kept, len(moves))
        count = len(self.player.solutions_for(played.md5))
        return WinRecord(f"Saved in {self.path.name} ({count} solution{'s' * (count != 1)} of this level).",
                         len(moves), best)


def make_progress(folder: Path) -> PlayerFileProgress:
    return PlayerFileProgress(folder)
