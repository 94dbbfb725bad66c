"""Level generators: a game that can generate levels names a function in
``Game.extras["generate"]`` (a callable or "module:function") taking
``(width, height, seed)`` and returning a level. The same arguments always give
the same level; the seed is any text. No Qt here: the CLI and the GUI share it.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

from studio.core.game import Game, all_games


def resolve_extra(game: Game, key: str) -> Callable | None:
    """The function a game names under ``extras[key]``, imported on first use; None without one."""
    found = game.extras.get(key)
    if found is None or callable(found):
        return found
    module_name, _, function = str(found).partition(":")
    return getattr(importlib.import_module(module_name), function)


def can_generate(game: Game) -> bool:
    return game.extras.get("generate") is not None


def games_that_generate() -> list[Game]:
    return [game for game in all_games() if can_generate(game)]


def generate(game: Game, width: int, height: int, seed: str) -> Any:
    """A new level from the game's generator; LevelLimitError (a ValueError) for a size it refuses."""
    generator = resolve_extra(game, "generate")
    if generator is None:
        raise ValueError(f"{game.name} has no level generator")
    return generator(width, height, seed)
