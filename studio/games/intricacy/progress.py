"""An exported Intricacy game's progress: the player's best solution per lock, the one of
fewest moves, kept as JSON by ``core.progress.BestSolutions``. Pure Python."""

from __future__ import annotations

from pathlib import Path

from studio.core.progress import BestSolutions


def make_progress(folder: Path) -> BestSolutions:
    return BestSolutions(folder)
