"""Escape's part of `studio verify`: play a level file's solutions by the verdict
procedure of the formats document, one result dict per solution.

Result fields: ``level`` (the path as given), ``game`` ("escape"), ``md5`` (of the
file's bytes, null if it cannot be read), ``solution`` (its name, or null),
``index`` (its position in the level's set, from 0; null when there is none),
``length``, ``verdict`` ("won", "dead", "open" or "error", with ``error`` saying
why the file cannot be read) and ``moves`` (the move count at which the verdict
was reached; the length for "open"; null for "error").

Where the solutions come from: ``moves`` (one solution, as given on the command
line), else the player file ``solutions`` (every solution stored for the level's
MD5, in the file's order). With neither, or when the player file has none for the
level, the level is still loaded and the empty solution played: one result with
``solution`` and ``index`` null, ``length`` 0 and verdict "open" (it loads) or
"error" (it does not).
"""

from __future__ import annotations

import os
from functools import lru_cache

from studio.core.errors import LevelFormatError
from studio.core.game import game_by_id
from studio.core.verifying import (
    Deferred, UnreadableLevelFile, finished, parse_direction_letters, read_level_file,
)
from studio.games.escape.compiled import file_player as compiled_file_player
from studio.games.escape.compiled import installed as compiled_installed, play_solutions
from studio.games.escape.compiled import start_engine as start_compiled_engine
from studio.games.escape.engine import LETTER_DIRECTIONS, initial_state
from studio.games.escape.engine.state import Board, EscapeState
from studio.games.escape.esp import SolutionIndex, read_solution_index
from studio.games.escape.esx import load_esx

GAME = "escape"


@lru_cache(maxsize=4)
def _stored_solutions(path: str, mtime_ns: int) -> SolutionIndex:
    return read_solution_index(path)


def stored_solutions(path: str) -> SolutionIndex:
    """A player file's solutions by level MD5 (an esp.SolutionIndex), read once per process
    and change of the file (worker processes read it once; a lookup per level, not a scan;
    each level's solutions decoded when first looked up)."""
    return _stored_solutions(path, os.stat(path).st_mtime_ns)


# `studio verify` with workers starts the compiled engine at once (in the parent, while the
# workers read the files) when the work is at least this many moves: on two cores, the
# reference engine plays about that many in the half second the compiled one takes to start.
# Loading a level in Python costs about as much as playing LOADING_MOVES moves there (the
# compiled engine loads one in a few hundredths of that).
COMPILED_FROM_MOVES = 200_000
LOADING_MOVES = 50


def plan_engine(paths, solutions: str | None = None, moves=None):
    """Game.verify_engine: when verifying ``paths`` with these solutions will pay for starting
    the compiled engine, the function that starts it in this process (``notify(text)`` hears
    of a first compile); else None, and each worker plays its own levels."""
    if not compiled_installed():
        return None
    expected = LOADING_MOVES * len(paths)
    if moves is not None:
        expected += len(moves) * len(paths)
    elif solutions is not None:
        try:
            expected += stored_solutions(solutions).total_moves()
        except (OSError, LevelFormatError):  # each level's line will say so
            return None
    return start_compiled_engine if expected >= COMPILED_FROM_MOVES else None


def parse_moves(text: str) -> tuple[int, ...]:
    """``U D L R`` (any case; spaces and commas ignored) as directions 1-4."""
    return parse_direction_letters(text, LETTER_DIRECTIONS)


def verify_level(path: str, solutions: str | None = None, moves=None) -> list[dict]:
    """The results for one level file (see the module docstring)."""
    return finished(prepare_level(path, solutions, moves))


def prepare_level(path: str, solutions: str | None = None, moves=None, loading: bool = True) -> list[dict] | Deferred:
    """``verify_level`` with the solutions left to play (core.verifying.prepare_file): the
    results of a file that cannot be read or loaded, else a ``Deferred`` whose play is an
    ``EscapePlays`` (played at once where the compiled engine is not installed), or a
    ``FilePlays`` where this process has started the compiled engine, or with ``loading``
    False (the level loaded when it is finished, by the compiled engine where it runs)."""
    base = {"level": path, "game": GAME, "md5": None}
    try:
        data, md5 = read_level_file(path, game_by_id(GAME))
    except UnreadableLevelFile as e:
        return [dict(base, solution=None, index=None, length=0, verdict="error", moves=None, error=str(e))]
    base["md5"] = md5

    if moves is not None:
        plays = [(None, 0, tuple(moves))]
    elif solutions is not None:
        stored = stored_solutions(solutions).get(md5, ())
        plays = [(s.name, i, tuple(s.moves)) for i, s in enumerate(stored)]
    else:
        plays = []
    if not plays:
        plays = [(None, None, ())]

    solutions = [solution for _, _, solution in plays]
    results = [dict(base, solution=name, index=index, length=len(solution)) for name, index, solution in plays]
    player = compiled_file_player(data)  # (when this process has started the compiled engine)
    if player is not None or (not loading and compiled_installed()):
        return Deferred(results, FilePlays(data, solutions, player))
    try:
        level = load_esx(data, remember=False)
    except LevelFormatError as e:
        return [dict(result, verdict="error", moves=None, error=str(e)) for result in results]
    deferred = Deferred(results, EscapePlays(initial_state(level), solutions))
    # Without the compiled engine, or with no move to play (no stored solution: a last look at
    # the start), the caller would only play them on the reference engine too.
    worth_deferring = compiled_installed() and any(solution for _, _, solution in plays)
    return deferred if worth_deferring else deferred.finish()


class EscapePlays:
    """The solutions of one level still to play from its start (picklable: a worker sends
    it to the parent): called with the level's results, it fills in their verdicts."""

    __slots__ = ("start", "solutions", "links")

    def __init__(self, start, solutions: list, links: dict | None = None):
        self.start = start
        self.solutions = solutions
        self.links = links  # the destinations that are set, {cell: destination}, when known

    def __reduce__(self):
        # Compact: the destinations that are set, the moves as bytes (a collection sends thousands).
        start = self.start
        board = start.board
        dests = self.links
        if dests is None:
            dests = {cell: dest for cell, dest in enumerate(board.dests) if dest}  # (most are 0)
        return (_rebuild_plays, (board.width, board.height, dests, start.tiles,
                                 start.otiles, start.flags, start.player, start.bots,
                                 [_packed(solution) for solution in self.solutions]))

    def __call__(self, results: list[dict]) -> None:
        for result, (verdict, count) in zip(results, play_solutions(self.start, self.solutions, self.links)):
            result.update(verdict=verdict, moves=count)


class FilePlays:
    """The solutions of a level file still to play, the file's bytes kept (picklable: a
    worker that left the loading sends it to the process that plays): the compiled engine
    loads the file and plays them where it has started (compiled.file_player); else, and
    for a file it leaves to the Python reading or a solution it hands back, load_esx and
    ``play_solutions``. A file that cannot be loaded gives its error results then."""

    __slots__ = ("data", "solutions", "player")

    def __init__(self, data: bytes, solutions: list, player=None):
        self.data = data
        self.solutions = solutions
        self.player = player  # compiled.file_player(data), once made

    def __reduce__(self):
        return (FilePlays, (self.data, [_packed(solution) for solution in self.solutions]))

    def __call__(self, results: list[dict]) -> None:
        player = self.player or compiled_file_player(self.data)
        played = [player(solution) for solution in self.solutions] if player else [None] * len(self.solutions)
        if None in played:
            try:
                start = initial_state(load_esx(self.data, remember=False))
            except LevelFormatError as e:
                for result in results:
                    result.update(verdict="error", moves=None, error=str(e))
                return
            left = iter(play_solutions(start, [s for s, got in zip(self.solutions, played) if got is None]))
            played = [got if got is not None else next(left) for got in played]
        for result, (verdict, count) in zip(results, played):
            result.update(verdict=verdict, moves=count)


def _packed(moves):
    try:
        return bytes(moves)
    except (ValueError, TypeError):  # a move outside 0..255 (it changes nothing): kept as it is
        return tuple(moves)


def _rebuild_plays(width, height, dests, tiles, otiles, flags, player, bots, solutions) -> EscapePlays:
    full = [0] * (width * height)
    for cell, dest in dests.items():
        full[cell] = dest
    start = EscapeState(tiles, otiles, flags, player, bots, False, False, Board(width, height, full))
    return EscapePlays(start, solutions, dests)
