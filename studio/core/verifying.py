"""What the games' ``verify_level`` functions (see studio/commands/verify.py) share:
reading a level file for its MD5, and the U D L R solutions of the square-grid games."""

from __future__ import annotations

import hashlib
from typing import Mapping


class UnreadableLevelFile(Exception):
    """The level file cannot be read; the message is the result's ``error``."""


def read_level_file(path: str) -> tuple[bytes, str]:
    """The file's bytes and the MD5 of them that results name the level by."""
    try:
        with open(path, "rb") as f:
            data = f.read()
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
