"""Labyrinthos's part of `studio verify`: play a solution given as U D L R on a level.

One result dict per level file, with the fields of ``studio/commands/verify.py``:
``level`` (the path as given), ``game`` ("laby"), ``md5`` (of the file's bytes),
``solution`` (always null: solutions have no names here), ``index`` (0 when a
solution was played, null when none was given), ``length``, ``verdict`` ("won",
"open", or "error" with ``error`` saying why) and ``moves`` (the moves played when
the verdict was reached, bumps into walls included; the length for "open"). Two
more: ``score`` (the moves that moved the player, which the game counts) and
``par`` (the fewest moves that win the level; null when it cannot be won).

Labyrinthos has no player files: ``--solutions`` gives an error result.
"""

from __future__ import annotations

from studio.core.errors import LevelFormatError
from studio.core.verifying import UnreadableLevelFile, read_level_file
from studio.games.laby.engine import NoSpawnError, initial_state, parse_moves, play_solution

GAME = "laby"

__all__ = ["verify_level", "parse_moves"]


def verify_level(path: str, solutions: str | None = None, moves=None) -> list[dict]:
    from studio.games.laby.labyfile import load_laby
    from studio.games.laby.solver import par

    base = {"level": path, "game": GAME, "md5": None, "solution": None}
    played = tuple(moves) if moves is not None else ()
    index = 0 if moves is not None else None
    result = dict(base, index=index, length=len(played))
    try:
        data, result["md5"] = read_level_file(path)
    except UnreadableLevelFile as e:
        return [dict(result, verdict="error", moves=None, error=str(e))]
    if solutions is not None:
        return [dict(result, verdict="error", moves=None,
                     error="Labyrinthos keeps no player files: give the moves with --solution")]
    try:
        level = load_laby(data)
        start = initial_state(level)
    except (LevelFormatError, NoSpawnError) as e:
        return [dict(result, verdict="error", moves=None, error=str(e))]
    verdict = play_solution(start, played)
    return [dict(result, verdict=verdict.verdict, moves=verdict.moves, score=verdict.score, par=par(level))]
