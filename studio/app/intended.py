"""The intended solution of the level a document holds (core.intended): the stored ones and
the play-test's own win."""

from __future__ import annotations

from studio.core.intended import Intended, parting, shortcut_words, shortest_winning, stored_solutions
from studio.core.playtest_adapter import WON


def intended_solution(adapter, document, level_bytes: bytes, session=None) -> Intended | None:
    """The shortest winning solution the designer has for ``document``'s level as it is."""
    candidates = stored_solutions(adapter, document.level, level_bytes, document.path)
    if session is not None and session.playable and not session.stale and session.outcome.kind == WON:
        candidates.append((tuple(session.moves), "your play-test"))
    return shortest_winning(adapter, document.level, candidates)


__all__ = ["Intended", "intended_solution", "parting", "shortcut_words"]
