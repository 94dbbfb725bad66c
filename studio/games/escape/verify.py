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
    results of a file that cannot be read; a ``Deferred`` whose play is a ``FilePlays`` where
    this process has started the compiled engine (which loads the level too) or, with
    ``loading`` False, where the compiled engine is installed (the caller finishes it in the
    process that starts it); else the results, the level loaded and its solutions played
    here (nothing would be gained by deferring them)."""
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

    results = [dict(base, solution=name, index=index, length=len(solution)) for name, index, solution in plays]
    play = FilePlays(data, [solution for _, _, solution in plays], compiled_file_player(data))
    deferred = Deferred(results, play)
    if play.player is not None or (not loading and compiled_installed()):
        return deferred
    return deferred.finish()


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
