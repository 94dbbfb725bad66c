"""Level generators: a game that can generate levels names its generator as
``Game.generate``, a function of ``(width, height, seed)`` returning a level. The
same arguments always give the same level; the seed is any text. No Qt here: the CLI
and the GUI share it.
"""

from __future__ import annotations

from typing import Any

from studio.core.game import Game, all_games


def games_that_generate() -> list[Game]:
    return [game for game in all_games() if game.generate is not None]


def generate(game: Game, width: int, height: int, seed: str) -> Any:
    """A new level from the game's generator; LevelLimitError (a ValueError) for a size it refuses."""
    if game.generate is None:
        raise ValueError(f"{game.name} has no level generator")
    return game.generate.resolve()(width, height, seed)
