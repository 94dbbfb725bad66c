"""Intricacy's part of `studio verify`: play a lock's stored solution (or the one given
with ``--solution``) and say whether the lock opened.

One result per lock, with the fields of studio/commands/verify.py: ``level``,
``game`` ("intricacy"), ``md5`` of the file, ``solution`` ("stored" or "given",
null when there is none to play), ``index`` (0, or null), ``length``,
``verdict`` ("won" when the bolthole emptied, "open" when the lock is still
locked after the last move, "error" with ``error`` for a damaged file) and
``moves`` (the move at which it opened; the length for "open"; null for "error").
Player files (``--solutions``) belong to Escape: a lock's solution lives in the
lock file itself.
"""

from __future__ import annotations

from studio.core.errors import LevelFormatError
from studio.core.verifying import UnreadableLevelFile, read_level_file
from studio.games.intricacy.engine import parse_moves

GAME = "intricacy"


def verify_level(path: str, solutions: str | None = None, moves=None) -> list[dict]:
    from studio.games.intricacy.engine import initial_state, play_solution
    from studio.games.intricacy.lockfile import load_lock

    base = {"level": path, "game": GAME, "md5": None}
    try:
        data, base["md5"] = read_level_file(path)
    except UnreadableLevelFile as e:
        return [dict(base, solution=None, index=None, length=0, verdict="error", moves=None, error=str(e))]
    try:
        level = load_lock(data)
    except LevelFormatError as e:
        return [dict(base, solution=None, index=None, length=0, verdict="error", moves=None, error=str(e))]
    if moves is not None:
        name, played = "given", tuple(moves)
    elif level.solution:
        name, played = "stored", parse_moves(level.solution)
    else:
        name, played = None, ()
    verdict = play_solution(initial_state(level.lock), played)
    return [dict(base, solution=name, index=None if name is None else 0, length=len(played),
                 verdict=verdict.verdict, moves=verdict.moves)]
