"""Checking an upload or a speedrun: load the level with its game's loader and play the
solution with its game's verifier, as ``studio verify --solution`` does. Pure Python;
runs inside the verifier's worker processes (``verify_worker``), never in the server's.

``check(request)`` takes a dict ``{game, filename, data (bytes), solution, max_moves}``
and returns ``{ok, reason, title, length}``: ``reason`` says in words why a level is
refused (it does not load, the solution cannot be read, is too long, or does not win).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from studio.core.game import game_by_id


class Refused(Exception):
    """The upload is refused; the message says why, for the uploader."""


def check(request: dict) -> dict:
    try:
        title, length = _check(request)
    except Refused as refusal:
        return {"ok": False, "reason": str(refusal)}
    except RecursionError:
        return {"ok": False, "reason": "the level could not be verified: the engine recursed without end"}
    except Exception as error:  # a bug in a game's code: refuse the level, saying what went wrong
        return {"ok": False, "reason": f"the level could not be verified ({type(error).__name__}: {error})"}
    return {"ok": True, "reason": "", "title": title, "length": length}


def _check(request: dict) -> tuple[str, int]:
    try:
        game = game_by_id(request["game"])
    except KeyError:
        raise Refused(f"no game is called {request['game']!r}") from None
    data: bytes = request["data"]
    try:
        level = game.load(data)
    except (ValueError, UnicodeError, RecursionError, MemoryError) as error:
        # LevelFormatError is a ValueError; the others are a damaged file the loader let through.
        raise Refused(f"the level does not load: {error}") from None
    verify, parse_moves = _verifier(game)
    text = request.get("solution") or ""
    moves = None
    if text.strip():
        try:
            moves = parse_moves(text)
        except ValueError as error:
            raise Refused(f"the solution cannot be read: {error}") from None
        if len(moves) > request["max_moves"]:
            raise Refused(f"the solution has {len(moves)} moves; at most {request['max_moves']} are played")
    result = _play(verify, game, request["filename"], data, moves)
    if result.get("index") is None:
        raise Refused("no solution was given, and the level stores none")
    if result["verdict"] != "won":
        raise Refused(describe_failure(result))
    return level_title(level, request["filename"]), int(result["length"])


def _play(verify, game, filename: str, data: bytes, moves) -> dict:
    """The verifier's result for the level's bytes, written to a private temporary file
    under the name uploaded (its extension tells the game's loader what it reads)."""
    with tempfile.TemporaryDirectory(prefix="studio-verify-") as folder:
        path = Path(folder) / (Path(filename).name or "level")
        path.write_bytes(data)
        return verify(str(path), solutions=None, moves=moves)[0]


def describe_failure(result: dict) -> str:
    """Why a played solution did not win, in words."""
    verdict, moves, length = result["verdict"], result.get("moves"), result.get("length")
    if verdict == "error":
        return f"the level does not load: {result.get('error', 'unknown error')}"
    if verdict == "dead":
        return f"the solution does not win: the player dies at move {moves} of {length}"
    if verdict == "open":
        return f"the solution does not win: after all {length} moves the level is not solved"
    reason = result.get("reason") or result.get("error") or ""
    return f"the solution does not win: {verdict} at move {moves} of {length}" + (f" ({reason})" if reason else "")


def level_title(level, filename: str) -> str:
    """The level's own title (or name) when it has one, else its file name without extension."""
    properties = level.properties() if hasattr(level, "properties") else {}
    for key in ("title", "name"):
        value = properties.get(key)
        if isinstance(value, str):
            value = clean_line(value)  # no control characters or bidirectional overrides in a title
            if value and value != "Untitled":
                return value[:200]
    return Path(filename).stem[:200] or "Untitled"


def clean_line(value: str) -> str:
    """A one-line text as a title is kept: no control characters, no bidirectional overrides
    or other invisible format characters, no spaces at the ends."""
    return "".join(ch for ch in value if ch.isprintable()).strip()


def _verifier(game):
    """The game's verify function and its move parser (its ``verify`` and ``parse_moves``)."""
    if game.verify is None or game.parse_moves is None:
        raise Refused(f"{game.name} levels cannot be verified")
    return game.verify.resolve(), game.parse_moves.resolve()


def md5_of(data: bytes) -> str:
    return hashlib.md5(data).hexdigest()


def worker_environment() -> dict:
    """The environment of a worker process: no display, so nothing can open a window."""
    environment = dict(os.environ)
    environment.pop("DISPLAY", None)
    environment["QT_QPA_PLATFORM"] = "offscreen"
    return environment
