"""The plugin contract every rule set fills in (``Game``), the contract of its engine
(``Engine``), and the registry of games.

``Game`` is the full list of what a rule set may give the studio, in the order a new
game writes them: who it is, its level files, what a designer draws with and how it
looks, its rules, then the optional abilities (play-test, verify, lint, solve,
generate, an exported game's progress); the studio offers an ability only for a game
that gives it. Abilities and the Qt view are ``Lazy`` references
("package.module:name", core.lazy), imported only when first used, so the registry
stays light and headless. docs/architecture.md walks through the fields with
Labyrinthos as the example.

Everything here is pure Python (no Qt).
"""

from __future__ import annotations

import fnmatch
import importlib
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Hashable, Mapping, Protocol, Sequence

from studio.core.lazy import Lazy

if TYPE_CHECKING:
    from studio.core.playtest_adapter import PlaytestAdapter
    from studio.core.problems import Problem
    from studio.core.search_space import Progress, SearchResult


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


class StepResult(Protocol):
    """What ``Engine.step`` returns (each game has its own NamedTuple or dataclass):
    ``state`` after the move (the state given when nothing changed); whether the move
    changed anything (``moved``; ChronoShift's result calls it ``changed``); ``outcome``,
    the game's word for where play stands ("none" or "playing", "won", or how it was
    lost: "dead", "paradox"); and ``events``, what happened, in order."""

    state: Hashable
    outcome: str
    events: tuple


class Engine(Protocol):
    """A game's rules as a pure function of (state, move) -> (state, outcome, events).

    The play-test, ``studio verify`` and the solver all rely on this contract:

    - States are immutable and hashable: the play-test's undo history is a list of
      them (never copied), the solver's visited set is a set of them, and two states
      that play alike compare equal.
    - ``step`` is pure: the same state and move always give the same result, and the
      state given is never changed. A move that changes nothing returns a state equal
      to the one given (so it can be skipped, and not recorded).
    - ``events`` carry what the overlays draw: what moved, what was blocked and by
      what, what killed the player and along which cells. Nothing outside the game
      looks inside them; its play-test adapter turns them into annotations.
    - ``moves`` lists every move ``step`` accepts (a search tries each of them).
    """

    moves: Sequence[Hashable]

    def initial_state(self, level: Any) -> Hashable:
        """The start of play for a level (a snapshot: later edits do not reach it).
        ValueError (or LevelFormatError) with a message when it cannot be played."""

    def step(self, state: Hashable, move: Hashable) -> StepResult:
        """Play one move from ``state``."""


class GameView(Protocol):
    """What a game's Qt module (its ``view.py``, or ``studio/art/NAME/view.py`` when it
    comes with art too large for one file) provides; only the GUI and
    ``studio render`` import it. Optional, looked up with ``getattr``: a game whose
    levels are not square grids brings ``make_editor_scene(document, cell_painter,
    parent)`` and ``editor_tools()`` (the tool classes), as Intricacy's hexes do."""

    def make_cell_painter(self) -> Any:
        """The editor's painter of one cell (an editor.cell_painter.CellPainter)."""

    def render_level(self, level: Any, layer: str = ..., scale: int = ..., show_other_layer: bool = ...) -> Any:
        """The whole level as a QImage (``studio render``, the Generate dialog's preview)."""

    def make_play_painter(self) -> Any:
        """The play-test's BoardPainter (described in core.playtest_adapter)."""


class VerifyLevel(Protocol):
    def __call__(self, path: str, solutions: str | None = None, moves: tuple | None = None) -> list[dict]:
        """One result per solution played on the level file ``path``: the stored ones
        (``solutions``: a player file, for games that keep them apart) or ``moves``;
        fields as `studio verify --json` prints them (core.verifying)."""


class SolveLevel(Protocol):
    def __call__(self, level: Any, *, timeout: float | None = None,
                 progress: Callable[[Progress], None] | None = None, cancel: Any = None,
                 cores: int = 1, **options: Any) -> SearchResult:
        """A solution of the level (core.solver), its ``solution`` in the game's move
        letters; ``options`` are those the game declares in ``solve_options``. ``cores``
        is how many processes it may use for this one level (one search each; a game
        may use just one)."""


# A search option of `studio solve`: name -> (type, default, help); offered as --name-with-dashes.
SolveOption = tuple[type, Any, str]


@dataclass(frozen=True)
class Game:
    """A rule set, as the studio sees it. The fields are in the order a new game writes them."""

    # Who it is, and which files hold its levels (fnmatch patterns, lower case).
    id: str
    name: str
    file_patterns: tuple[str, ...]
    # Its levels: a blank one of a size (may raise ValueError naming the limit), from and to
    # the file's bytes (load raises core.errors.LevelFormatError saying what is wrong, and where).
    new_level: Callable[[int, int], Any]
    load: Callable[[bytes], Any]
    save: Callable[[Any], bytes]
    # What a designer draws with, and the game's Qt art (core.game.GameView), imported by the GUI only.
    palette: Callable[[], list[PaletteItem]]
    view: Lazy[GameView]
    new_level_size: LevelSizeRule = LevelSizeRule()
    # The largest level file read (core.reading refuses a bigger one, and anything that is not
    # a regular file, before ``load`` sees a byte): a bound on the work one file can ask for.
    max_file_bytes: int = 8 << 20
    # Its rules: the Engine contract above.
    engine: Engine | None = None
    # Optional abilities; the studio offers each only for a game that gives it.
    # Play-testing beside the editor: a factory of the adapter (core.playtest_adapter).
    playtest: Lazy[Callable[[], PlaytestAdapter]] | None = None
    # `studio verify` and Verify Collection: play stored or given solutions of a level file.
    verify: Lazy[VerifyLevel] | None = None
    # The same, leaving the solutions to be played by the caller (core.verifying.prepare_file):
    # a list of results, or a core.verifying.Deferred that plays them when finished. Called
    # with loading=False, it may leave the level's loading to the Deferred too (the caller
    # finishes it where the engine has started, which loads levels faster).
    prepare_verify: Lazy[VerifyLevel] | None = None
    # (paths, solutions, moves) as verify takes them -> None, or when the work will pay for
    # it, a function notify -> bool starting, in the calling process, the engine the Deferred
    # results are played on (say, a compiled one that takes a while to load; notify(text) hears
    # what takes long): `studio verify` asks before its workers start and starts it after.
    verify_engine: Lazy[Callable[..., Any]] | None = None
    # `studio verify --solution TEXT`: the game's move letters as moves; ValueError naming a bad one.
    parse_moves: Lazy[Callable[[str], tuple]] | None = None
    # The Problems dock and `studio lint`: likely mistakes in a level (core.problems).
    lint: Lazy[Callable[[Any], list[Problem]]] | None = None
    # `studio solve`, Solve Level and Verify Collection's solver column (core.solve_runner).
    solve: Lazy[SolveLevel] | None = None
    # Before a search (core.solve_runner): readies the solver for the searches to come, say by
    # compiling its machine code once a machine; ``prepare_solver(notify, cancel)`` tells
    # ``notify(text)`` first when that takes a while, and is False when the searches will do
    # without (``cancel``, a threading.Event or a function, ends the waiting).
    prepare_solver: Lazy[Callable[..., bool]] | None = None
    # Extra options of the game's solve, by name (a dict of SolveOption).
    solve_options: Lazy[Mapping[str, SolveOption]] | None = None
    # Analyse Level and `studio analyse`: level -> the things in it a solution may need, each a
    # core.analysis.Element able to make a copy of the level without it.
    elements: Lazy[Callable[[Any], list[Any]]] | None = None
    # `studio generate` and File > Generate: (width, height, seed text) -> a level, the same
    # level for the same arguments; LevelLimitError (a ValueError) for a size it refuses.
    generate: Lazy[Callable[[int, int, str], Any]] | None = None
    # An exported game's record of the player's wins: the player's folder -> a
    # core.progress.ProgressStore; without one, the best solution per level in a JSON file.
    progress: Lazy[Callable[[Path], Any]] | None = None
    # The web player (core.web_play): a module with ``scene(state, report)``, ``ground(state)``,
    # ``ground_key(state)``, ``motions(adapter, state, report)`` and ``sprite_keys(level)``; its
    # view draws each key (``web_sprite``).
    web_scene: Lazy[Any] | None = None

    def matches(self, path: str | Path) -> bool:
        name = os.path.basename(os.fspath(path)).lower()
        return _file_name_matcher(self.file_patterns)(name) is not None


@lru_cache(maxsize=None)
def _file_name_matcher(patterns: tuple[str, ...]):
    """One regular expression for a game's file patterns (a collection asks for every file)."""
    if not patterns:
        return lambda name: None
    return re.compile("|".join(f"(?:{fnmatch.translate(pattern)})" for pattern in patterns)).match


_GAMES: dict[str, Game] = {}
# Every rule set the studio knows; a package not yet present is skipped.
_PLUGINS = ("studio.games.escape", "studio.games.chrono", "studio.games.intricacy", "studio.games.laby")


_in_order: list[Game] = []  # _GAMES in the plugins' order (a collection's verification asks per file)


def register(game: Game) -> Game:
    _GAMES[game.id] = game
    _in_order[:] = sorted(_GAMES.values(), key=lambda known: _PLUGIN_ORDER.get(known.id, len(_PLUGIN_ORDER)))
    return game


_PLUGIN_ORDER = {module.rsplit(".", 1)[-1]: rank for rank, module in enumerate(_PLUGINS)}
_plugins_loaded = False


def _load_plugins() -> None:
    """Import every rule set present, once (a collection's verification asks for each file)."""
    global _plugins_loaded
    if _plugins_loaded:
        return
    from importlib.util import find_spec

    for module in _PLUGINS:
        if find_spec(module) is not None:
            importlib.import_module(module)
    _plugins_loaded = True


def all_games() -> list[Game]:
    """Every game, in the order of ``_PLUGINS`` (not the order their modules happened to be imported)."""
    _load_plugins()
    return list(_in_order)


def game_by_id(game_id: str) -> Game:
    _load_plugins()
    return _GAMES[game_id]


def game_for_path(path: str | Path) -> Game | None:
    _load_plugins()
    for game in _in_order:
        if game.matches(path):
            return game
    return None
