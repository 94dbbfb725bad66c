"""Playing a level file's solutions by its game's verifier (``Game.verify``), and what
those verifiers share: reading a level file for its MD5, and the U D L R solutions of
the square-grid games. Pure Python, no Qt: `studio verify` and Verify Collection use it.

A game's verifier is ``verify(path, solutions=None, moves=None) -> list[dict]``: one
result per solution played, with at least the fields ``level``, ``game``, ``md5``,
``solution``, ``index``, ``length``, ``verdict`` (won, dead, open, or error with
``error``) and ``moves``; see ``studio/games/escape/verify.py``. Solutions come from
``moves`` (one, played on the file) or from the player file ``solutions`` (each
level's stored solutions, matched by the MD5 of its bytes, in the file's order);
with neither, the level is just loaded and the empty solution played: verdict "open"
means it loads, "error" says why not.
"""

from __future__ import annotations

import hashlib
from typing import Mapping

from studio.core.errors import LevelFormatError
from studio.core.game import game_for_path
from studio.core.reading import read_file, read_level

BUG = "bug"  # the verdict of a result the studio could not give because of a bug of its own


def verify_file(path: str, solutions: str | None = None, moves=None) -> list[dict]:
    """The results for one file, by its game's verifier (runs in worker processes too)."""
    return _by_its_game(path, solutions, moves, prepare=False)


def _by_its_game(path: str, solutions, moves, prepare: bool, loading: bool = True) -> list[dict] | Deferred:
    """``verify_file``, or with ``prepare`` ``prepare_file``: the game's verifier, any failure
    of it a result on this level's line."""
    game = game_for_path(path)
    if game is None:
        return [error_result(path, None, "no game reads files with this name")]
    if game.verify is None:
        return [error_result(path, game.id, f"{game.name} levels cannot be verified")]
    preparing = prepare and game.prepare_verify is not None
    verify = (game.prepare_verify if preparing else game.verify).resolve()
    try:
        if preparing and not loading:
            return verify(path, solutions=solutions, moves=moves, loading=False)
        return verify(path, solutions=solutions, moves=moves)
    except (LevelFormatError, OSError) as e:  # a broken or unreadable player file: on this level's line
        return [error_result(path, game.id, getattr(e, "strerror", None) or str(e))]
    except Exception as e:  # noqa: BLE001 - anything else is the studio's bug, and said to be one
        return [bug_result(path, game.id, e)]


class Deferred:
    """A level's results whose solutions a worker process leaves to the parent to play:
    ``finish()`` fills in their verdicts (``play(results)``, a picklable callable of the
    game's) and returns them. `studio verify` plays every level's this way on one compiled
    engine, started once in the parent, while the workers go on reading levels."""

    __slots__ = ("results", "play")

    def __init__(self, results: list[dict], play):
        self.results = results
        self.play = play

    def finish(self) -> list[dict]:
        try:
            self.play(self.results)
        except Exception as e:  # noqa: BLE001 - the studio's bug, said to be one, on this level's line
            first = self.results[0]
            return [bug_result(first["level"], first.get("game"), e)]
        return self.results


def prepare_file(path: str, solutions: str | None = None, moves=None, loading: bool = True) -> list[dict] | Deferred:
    """``verify_file``, but a game that can (``Game.prepare_verify``) leaves the playing to
    the caller: a ``Deferred`` (runs in worker processes; ``finished`` completes it). With
    ``loading`` False, the game may leave the level's loading to it too (a level that
    cannot be loaded then gives its error results when finished)."""
    return _by_its_game(path, solutions, moves, prepare=True, loading=loading)


def finished(item: list[dict] | Deferred) -> list[dict]:
    """The results of ``verify_file`` or ``prepare_file``, played to the end."""
    return item.finish() if isinstance(item, Deferred) else item


def bug_result(path: str, game_id: str | None, error: BaseException) -> dict:
    """A result saying the studio failed on this file because of a bug of its own (verdict
    "bug", never an ordinary "error"), with the traceback to report."""
    result = error_result(path, game_id, f"a bug in the studio, not a problem of the file: "
                                         f"{type(error).__name__}: {error} (please report it)")
    import traceback  # here, not at the top: a web game loads this module, and Brython takes 2 s over it

    result.update(verdict=BUG, traceback="".join(traceback.format_exception(error)))
    return result


def error_result(path: str, game_id: str | None, message: str) -> dict:
    """A result saying why a file's solutions could not be played at all."""
    return {"level": path, "game": game_id, "md5": None, "solution": None, "index": None,
            "length": 0, "verdict": "error", "moves": None, "error": message}


class UnreadableLevelFile(Exception):
    """The level file cannot be read; the message is the result's ``error``."""


def read_level_file(path: str, game=None) -> tuple[bytes, str]:
    """The file's bytes (a regular file within its game's size cap, core.reading; the game
    ``game``, else the one whose files are named so) and the MD5 of them that results name
    the level by."""
    game = game or game_for_path(path)
    try:
        data = read_level(path, game) if game is not None else read_file(path)
    except OSError as e:
        raise UnreadableLevelFile(f"cannot read the file: {e.strerror or e}") from e
    return data, hashlib.md5(data).hexdigest()


def parse_direction_letters(text: str, letter_directions: Mapping[str, int]) -> tuple[int, ...]:
    """``U D L R`` (any case; spaces and commas ignored) as the game's moves for those letters."""
    moves = []
    for ch in text.upper():
        if ch in " ,\t\n":
            continue
        if ch not in letter_directions:
            raise ValueError(f"{ch!r} is not a move: a solution is a string of U, D, L and R")
        moves.append(letter_directions[ch])
    return tuple(moves)
