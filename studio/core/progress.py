"""A player's progress through an exported game: what each game keeps, pure Python.

The player shell (``studio.player``) records every win through a ``ProgressStore``
kept in a folder of the player's own (the platform's user data folder). Each game
keeps progress its own way, given by its ``Game.progress`` (``make_progress(folder)``
in ``studio/games/ID/progress.py``): Escape a real player file (``.esp``), Labyrinthos
a high-score table per level. A game without one keeps its best solution per level
in a JSON file (``BestSolutions``).

Levels are known by the MD5 of their file's bytes, as Escape's player files know them:
a level changed by a new version of the game starts unsolved.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence

from studio.core.files import write_atomic
from studio.core.playtest_adapter import ScoreRow

BEST_SOLUTIONS_FILE = "best-solutions.json"


@dataclass(frozen=True)
class PlayedLevel:
    """The level a win was played on: its file name in the game, the MD5 of its bytes,
    its title and the level itself (for games that score a win by replaying it)."""

    file: str
    md5: str
    title: str
    level: Any


@dataclass(frozen=True)
class WinRecord:
    """What recording a win did: ``message`` for the player ("Saved in player.esp"),
    the ``score`` of this win and the ``best`` score kept for the level (lower is better
    in every game here), and a high-score ``table`` when the game keeps one (the row
    ``new`` is this win)."""

    message: str
    score: int
    best: int
    table: tuple[ScoreRow, ...] = ()


class ProgressStore(Protocol):
    """A player's progress in one game. ``path`` is the file it writes (atomically)."""

    path: Path

    def solved(self, md5: str) -> bool:
        """Has the player won this level?"""

    def best(self, md5: str) -> int | None:
        """The player's best score on this level (None: not won yet)."""

    def record_win(self, played: PlayedLevel, moves: Sequence, moves_text: str, player: str) -> WinRecord:
        """Keep a win and write the file; raises OSError when it cannot be written."""


def unreadable_file_note(path: Path, error: Exception) -> str:
    """Set a broken progress file aside (never overwritten: the player may want it back)
    and say so."""
    kept = path.with_name(path.name + ".unreadable")
    try:
        path.replace(kept)
    except OSError:
        return f"{path.name} could not be read ({error}); progress starts afresh."
    return f"{path.name} could not be read ({error}); it was kept as {kept.name} and progress starts afresh."


class BestSolutions:
    """The best solution per level, as JSON: ``{"levels": {md5: {"file", "moves", "score",
    "player"}}}``. ``score(level, moves)`` scores a win (lower is better; by default the
    number of moves)."""

    def __init__(self, folder: Path, score: Callable[[Any, Sequence], int] | None = None,
                 file_name: str = BEST_SOLUTIONS_FILE):
        self.path = Path(folder) / file_name
        self.score = score or (lambda level, moves: len(moves))
        self.note = ""  # set when the file could not be read
        self.levels: dict[str, dict] = {}
        if self.path.is_file():
            try:
                data = json.loads(self.path.read_text(encoding="utf-8"))
                self.levels = {str(md5): dict(entry) for md5, entry in data["levels"].items()}
            except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
                self.note = unreadable_file_note(self.path, error)
                self.levels = {}

    def solved(self, md5: str) -> bool:
        return md5 in self.levels

    def best(self, md5: str) -> int | None:
        entry = self.levels.get(md5)
        return int(entry["score"]) if entry else None

    def record_win(self, played: PlayedLevel, moves: Sequence, moves_text: str, player: str) -> WinRecord:
        score = int(self.score(played.level, moves))
        kept = self.best(played.md5)
        if kept is not None and kept <= score:
            return WinRecord(f"Your best on this level stays {kept}.", score, kept)
        self.levels[played.md5] = {"file": played.file, "title": played.title, "moves": moves_text,
                                   "score": score, "player": player}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(self.path, (json.dumps({"levels": self.levels}, indent=1, sort_keys=True) + "\n").encode())
        if kept is None:
            return WinRecord(f"Solved! Kept in {self.path.name}.", score, score)
        return WinRecord(f"A new best: {score}, was {kept}.", score, score)


def progress_store(game_id: str, folder: Path) -> ProgressStore:
    """The game's own store (its ``Game.progress``), else ``BestSolutions``."""
    from studio.core.game import game_by_id  # the registry imports every game; only when asked

    make_progress = game_by_id(game_id).progress
    if make_progress is None:
        return BestSolutions(folder)
    return make_progress.resolve()(Path(folder))
