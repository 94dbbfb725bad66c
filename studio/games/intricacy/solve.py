"""Solving Intricacy locks for `studio solve` and the Solve dialog: ``search.shortest_solution``
(breadth-first over lock states, so a lock opened is opened in the fewest moves) with
the generic solver's timeout, cancel and progress, and its result shape
(core.solver.SearchResult).

The breadth-first search is not cut by depth here, only by time and by
``MAX_STATES`` (a guard on memory): a search that runs out of states proves the
lock cannot be opened. ``states`` counts the lock states expanded (whose moves were
tried), ``generated`` the distinct lock states seen.
"""

from __future__ import annotations

from studio.core.solver import Progress, SearchResult, Stopper
from studio.games.intricacy.engine import parse_moves
from studio.games.intricacy.search import shortest_solution

MAX_STATES = 3_000_000
NO_DEPTH_LIMIT = 10**9


def solve_level(level, *, timeout: float | None = None, progress=None, cancel=None,
                max_states: int = MAX_STATES, cores: int = 1) -> SearchResult:
    """A shortest way to open an ``IntricacyLevel``'s lock (or a ``Lock``), as move letters
    (one search on one core: ``cores`` is accepted and unused)."""
    lock = getattr(level, "lock", level)
    stopper = Stopper(timeout, cancel, progress, 0.25)
    reached = {"depth": 0}

    def monitor(expanded: int, depth: int) -> bool:
        reached["depth"] = depth
        if stopper.should_stop():
            return True
        if stopper.report_due():
            stopper.progress(Progress(expanded, expanded, depth, depth, stopper.elapsed(), None))
        return False

    found = shortest_solution(lock, max_moves=NO_DEPTH_LIMIT, max_states=max_states, monitor=monitor)
    seconds = stopper.elapsed()
    if found.solution is not None:
        moves = parse_moves(found.solution)
        result = SearchResult(True, True, moves, found.expanded, found.states, seconds, len(moves))
        result.solution = found.solution
        return result
    stopped = "done" if found.complete else (stopper.reason if stopper.reason != "done" else "timeout")
    return SearchResult(False, found.complete, (), found.expanded, found.states, seconds, reached["depth"], stopped)


__all__ = ["solve_level", "MAX_STATES"]
