"""An exported ChronoShift game's progress: the player's best solution per level.

Kept as JSON by ``core.progress.BestSolutions``; a win is scored as the game scores
it, by the moves made (lower is better). Pure Python.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from studio.core.progress import BestSolutions
from studio.games.chrono.solution import play_solution, strip_replay_padding


def score(level, moves: Sequence[str]) -> int:
    return play_solution(level, strip_replay_padding("".join(moves))).score


def make_progress(folder: Path) -> BestSolutions:
    return BestSolutions(folder, score)
