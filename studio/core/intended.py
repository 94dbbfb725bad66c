"""The designer's intended solution of a level, and a shortcut the solver found past it.

The intended solution is the shortest that wins among those the game stores for the
level (Escape: the player files beside it, the collection's among them, or one named;
ChronoShift: its Solution field; Intricacy: the lock's solution line) and any others the
caller has (the play-test's winning moves). A solver's solution shorter than it is a
shortcut, what Escape's raters call "cooked": ``shortcut_words`` says so, and ``parting``
finds the move where the two part ways. Pure Python, no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from studio.core.errors import LevelFormatError
from studio.core.playtest_adapter import WON, LevelContext, verify_moves


@dataclass(frozen=True)
class Intended:
    moves: tuple
    length: int  # the move at which it wins
    source: str  # where it is kept, in words


def stored_solutions(adapter, level, level_bytes: bytes, path, source: Path | None = None) -> list[tuple[tuple, str]]:
    """(moves, where they are kept) for each solution the game stores for this version of the
    level; ``source`` a file the designer named (Escape: a player file). LevelFormatError
    when that named file cannot be read."""
    context = LevelContext(level, level_bytes, None if path is None else Path(path))
    try:
        stored = adapter.load_solutions(context, source)
    except (LevelFormatError, OSError):
        if source is not None:
            raise
        stored = []
    return [(tuple(s.moves), f"“{s.name}” ({s.source})") for s in stored if s.current]


def shortest_winning(adapter, level, candidates) -> Intended | None:
    """The shortest of ``candidates`` ((moves, source) pairs) that wins, cut at its win."""
    best = None
    for moves, source in candidates:
        verification = verify_moves(adapter, level, moves)
        if verification.outcome.kind == WON and (best is None or verification.moves < best.length):
            best = Intended(tuple(moves[:verification.moves]), verification.moves, source)
    return best


def parting(intended: tuple, found: tuple) -> int:
    """The number of moves the two solutions share before they part ways."""
    shared = 0
    for mine, theirs in zip(intended, found):
        if mine != theirs:
            break
        shared += 1
    return shared


def shortcut_words(found_length: int, intended: Intended) -> str:
    return (f"A shortcut: a {found_length}-move solution; yours takes {intended.length} "
            f"({intended.source})")
