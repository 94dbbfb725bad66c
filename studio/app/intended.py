"""The designer's intended solution of a level, and a shortcut the solver found past it.

The intended solution is the shortest that wins among those the game stores for the
level (Escape: the player files beside it, the collection's among them; ChronoShift: its
Solution field; Intricacy: the lock's solution line) and the play-test's own winning
moves. A solver's solution shorter than it is a shortcut, what Escape's raters call
"cooked": ``shortcut_words`` says so, and ``parting`` finds the move where the two part
ways, to mark on the play board.
"""

from __future__ import annotations

from dataclasses import dataclass

from studio.core.errors import LevelFormatError
from studio.core.playtest_adapter import WON, LevelContext, verify_moves


@dataclass(frozen=True)
class Intended:
    moves: tuple
    length: int  # the move at which it wins
    source: str  # where it is kept, in words


def intended_solution(adapter, document, level_bytes: bytes, session=None) -> Intended | None:
    """The shortest winning solution the designer has for ``document``'s level as it is."""
    level = document.level
    candidates = []
    try:
        stored = adapter.load_solutions(LevelContext(level, level_bytes, document.path))
    except (LevelFormatError, OSError):
        stored = []
    candidates += [(tuple(s.moves), f"“{s.name}” ({s.source})") for s in stored if s.current]
    if session is not None and session.playable and not session.stale and session.outcome.kind == WON:
        candidates.append((tuple(session.moves), "your play-test"))
    best = None
    for moves, source in candidates:
        verification = verify_moves(adapter, level, moves)
        if verification.outcome.kind == WON and (best is None or verification.moves < best.length):
            best = Intended(moves[:verification.moves], verification.moves, source)
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
