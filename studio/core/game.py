"""The plugin interface every rule set implements, and the registry of games.

A game is pure Python (no Qt): formats, engine, palette. Its Qt painter lives in
the game's ``view.py`` and is looked up by the GUI through ``painter_factory``.
"""

from __future__ import annotations

import fnmatch
import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Protocol


@dataclass(frozen=True)
class PaletteItem:
    """One thing a designer can draw: a tile, an entity, a marker."""

    kind: str  # "tile" or "bot" (game-specific kinds are allowed)
    value: int
    name: str
    tooltip: str
    group: str = ""


@dataclass(frozen=True)
class LevelSizeRule:
    """The sizes a new level of a game may have, for the New Level dialog: width and height
    from ``minimum`` to ``maximum`` in steps of ``step`` from the minimum; ``equal`` when
    the height is always the width (a hexagonal lock); ``note`` says the limits in words;
    ``unit`` names what the size counts.
    The game's ``new_level`` still has the last word (it may refuse a size with a message)."""

    default: tuple[int, int] = (20, 15)
    minimum: int = 1
    maximum: int = 100
    step: int = 1
    equal: bool = False
    note: str = ""
    unit: str = "cells"


class Engine(Protocol):
    """A pure function of (state, move) -> result, with hashable immutable states."""

    def initial_state(self, level: Any) -> Any: ...

    def step(self, state: Any, move: Any) -> Any: ...


@dataclass
class Game:
    id: str
    name: str
    file_patterns: tuple[str, ...]
    new_level: Callable[[int, int], Any]
    load: Callable[[bytes], Any]
    save: Callable[[Any], bytes]
    palette: Callable[[], list[PaletteItem]]
    # Dotted path of the module that provides the Qt painter; imported only by the GUI.
    view_module: str = ""
    engine: Engine | None = None
    extras: dict[str, Any] = field(default_factory=dict)
    new_level_size: LevelSizeRule = field(default_factory=LevelSizeRule)

    def matches(self, path: str | Path) -> bool:
        name = Path(path).name.lower()
        return any(fnmatch.fnmatch(name, pattern) for pattern in self.file_patterns)

    def view(self):
        return importlib.import_module(self.view_module)


_GAMES: dict[str, Game] = {}
# Every rule set the studio knows; a package not yet present is skipped.
_PLUGINS = ("studio.games.escape", "studio.games.chrono", "studio.games.intricacy", "studio.games.laby")


def register(game: Game) -> Game:
    _GAMES[game.id] = game
    return game


def _load_plugins() -> None:
    from importlib.util import find_spec

    for module in _PLUGINS:
        if find_spec(module) is not None:
            importlib.import_module(module)


def all_games() -> list[Game]:
    """Every game, in the order of ``_PLUGINS`` (not the order their modules happened to be imported)."""
    _load_plugins()
    order = {module.rsplit(".", 1)[-1]: rank for rank, module in enumerate(_PLUGINS)}
    return sorted(_GAMES.values(), key=lambda game: order.get(game.id, len(order)))


def game_by_id(game_id: str) -> Game:
    _load_plugins()
    return _GAMES[game_id]


def game_for_path(path: str | Path) -> Game | None:
    for game in all_games():
        if game.matches(path):
            return game
    return None
