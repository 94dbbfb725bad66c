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
from studio.core.verifying import UnreadableLevelFile, parse_direction_letters, read_level_file

GAME = "escape"


@lru_cache(maxsize=4)
def _stored_solutions(path: str, mtime_ns: int) -> dict:
    from studio.games.escape.esp import read_player_file

    return read_player_file(path).solutions_by_level()


def stored_solutions(path: str) -> dict:
    """A player file's solutions by level MD5 (lowercase), read once per process and
    change of the file (worker processes read it once; a lookup per level, not a scan)."""
    return _stored_solutions(path, os.stat(path).st_mtime_ns)


def parse_moves(text: str) -> tuple[int, ...]:
    """``U D L R`` (any case; spaces and commas ignored) as directions 1-4."""
    from studio.games.escape.engine import LETTER_DIRECTIONS

    return parse_direction_letters(text, LETTER_DIRECTIONS)


def verify_level(path: str, solutions: str | None = None, moves=None) -> list[dict]:
    """The results for one level file (see the module docstring)."""
    from studio.games.escape.engine import initial_state, play_solution
    from studio.games.escape.esx import load_esx

    base = {"level": path, "game": GAME, "md5": None}
    try:
        data, md5 = read_level_file(path)
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

    try:
        level = load_esx(data)
        error = None
    except LevelFormatError as e:
        level, error = None, str(e)

    results = []
    for name, index, solution in plays:
        result = dict(base, solution=name, index=index, length=len(solution))
        if level is None:
            result.update(verdict="error", moves=None, error=error)
        else:
            verdict = play_solution(initial_state(level), solution)
            result.update(verdict=verdict.verdict, moves=verdict.moves)
        results.append(result)
    return results
