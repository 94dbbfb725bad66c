"""The vocabulary of the generic search (core.solver): what a game's search space
supplies (``SearchSpace``: states, edges, an optional bound), what a search reports
(``SearchResult``, ``Progress``), its outcomes, and its clock (``Stopper``). Pure
Python, no Qt.

Edges may be *macro-moves*: one edge standing for several single moves (say a
walk and then a push). Their ``cost`` is the number of single moves. An edge
carries a small ``label``; the space turns it back into single moves (``unfold``)
only for the solution found, which keeps memory low.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, NamedTuple, Protocol

NONE, WON, DEAD = "none", "won", "dead"


class Edge(NamedTuple):
    """A (macro-)move out of a state: ``cost`` single moves lead to ``state``."""

    cost: int
    state: Hashable
    outcome: str  # NONE, WON or DEAD
    label: Any  # what ``SearchSpace.unfold`` turns into the single moves


class Expansion(NamedTuple):
    edges: list
    # States of this state's transposition class that this expansion reached on the
    # way, as ``member -> extra cost`` (anything with ``get``), or None.
    covered: Any = None


class SearchSpace(Protocol):
    """What a game supplies to search one level."""

    def start(self) -> Hashable:
        """The start state. Every search asks for it first: a space that leaves out edges
        its search has no use for (what it reached before at no more cost: ChronoShift's)
        starts afresh here."""

    def expand(self, state) -> Expansion: ...

    def unfold(self, state, label) -> tuple:
        """The single moves of the edge ``label`` out of ``state``."""

    def lower_bound(self, state) -> int | None:
        """An admissible bound on the moves still needed; None when the state can
        no longer be won (dead-state pruning). 0 when nothing better is known."""

    def transposition(self, state) -> tuple[Hashable, Hashable] | None:
        """(class key, member) for the covered-state check, or None."""


@dataclass
class Progress:
    expanded: int  # states expanded so far
    generated: int  # states generated (edges followed to a new or cheaper state)
    depth: int  # moves to the state being expanded
    bound: int  # its moves plus the lower bound: no solution is shorter than this
    seconds: float
    best: int | None  # length of the best solution found so far
    phase: str = "shortest"  # "shortest" (A*, proves), "any" (searches for any solution) or "shorter"
    best_moves: tuple = ()  # that solution's moves, as the space's labels unfold them
    best_solution: str = ""  # the same as the game's letters (a game's solve fills it in)


@dataclass
class SearchResult:
    solved: bool
    optimal: bool  # solved: no shorter solution exists; unsolved: proven unsolvable
    moves: tuple = ()
    expanded: int = 0
    generated: int = 0
    seconds: float = 0.0
    depth: int = 0  # the deepest bound the search proved (no solution is shorter)
    stopped: str = "done"  # "done", "timeout" or "cancelled"
    solution: str = ""  # the moves as the game's letters (filled in by the game)
    first_found: float | None = None  # seconds into solve() when a solution was first found
    # The solution as the search saw it: (state, label of the edge into it), from (start, None).
    path: tuple = ()

    @property
    def length(self) -> int:
        return len(self.moves)

    def as_dict(self) -> dict:
        return {"solved": self.solved, "optimal": self.optimal, "length": self.length,
                "solution": self.solution, "states": self.expanded, "generated": self.generated,
                "seconds": round(self.seconds, 3), "depth": self.depth, "stopped": self.stopped}


def cancelled(cancel) -> bool:
    """Has ``cancel`` (None, a callable answering whether to stop, or an Event) asked a
    search to stop?"""
    return cancel is not None and bool(cancel() if callable(cancel) else cancel.is_set())


class Stopper:
    """Timeout and cancellation, checked every few dozen expansions (``due``), or at every
    one where they are slow: a novelty search on a 41 by 40 level (mylevels/fig3.1) took
    5.6 ms an expansion, and checked every 64 a one-second search ran 1.43 s."""

    CHECK_EVERY = 64  # expansions between checks at most
    CHECK_SECONDS = 0.005  # and about this long between checks at most

    def __init__(self, timeout: float | None, cancel, progress: Callable | None, every: float):
        self.started = time.perf_counter()
        self.deadline = None if timeout is None else self.started + max(0.0, timeout)
        self.cancel = cancel
        self.progress = progress
        self.every = every
        self.next_report = self.started + every
        self.reason = "done"
        # when ``spent`` was last called, and after how many expansions (the pace between
        # calls sets when to call it next)
        self._checked_at: float | None = None
        self._checked_count, self._next_check = 0, 1
        self._ticks = 0  # (``tick``'s count)

    def due(self, expanded: int) -> bool:
        """Is it time to call ``spent`` after ``expanded`` expansions?"""
        return expanded >= self._next_check

    def tick(self) -> bool:
        """One more expansion, for a caller that keeps no count of its own (several small
        searches under one limit, core.shortcuts): should it stop now?"""
        self._ticks += 1
        return self.due(self._ticks) and self.spent(self._ticks, None)

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def should_stop(self) -> bool:
        now = time.perf_counter()
        if self.deadline is not None and now >= self.deadline:
            self.reason = "timeout"
            return True
        if cancelled(self.cancel):
            self.reason = "cancelled"
            return True
        return False

    def spent(self, expanded: int, max_expanded: int | None) -> bool:
        """Should a search that has expanded ``expanded`` states stop now (time, cancel, or
        its budget of expansions, which counts as a timeout)? Also sets when ``due`` next
        says to ask: after as many expansions as take ``CHECK_SECONDS`` at the pace since
        the last call, ``CHECK_EVERY`` at most, and never past ``max_expanded``."""
        now = time.perf_counter()
        done = expanded - self._checked_count
        interval = 1  # (until two calls have measured the pace)
        if self._checked_at is not None and done > 0:
            pace = (now - self._checked_at) / done
            interval = self.CHECK_EVERY if pace * self.CHECK_EVERY <= self.CHECK_SECONDS \
                else max(1, int(self.CHECK_SECONDS / pace))
        self._checked_at, self._checked_count = now, expanded
        self._next_check = expanded + interval
        if max_expanded is not None and expanded < max_expanded:
            self._next_check = min(self._next_check, max_expanded)
        if self.should_stop() or (max_expanded is not None and expanded >= max_expanded):
            if self.reason == "done":
                self.reason = "timeout"
            return True
        return False

    def report_due(self) -> bool:
        if self.progress is None:
            return False
        now = time.perf_counter()
        if now >= self.next_report:
            self.next_report = now + self.every
            return True
        return False



def solution_path(parents: dict, state) -> tuple:
    """(state, label of the edge into it) from (start, None) to ``state``."""
    steps = []
    while True:
        link = parents[state]
        if link is None:
            steps.append((state, None))
            break
        parent, label = link
        steps.append((state, label))
        state = parent
    return tuple(reversed(steps))



def moves_along(space, path) -> tuple:
    """The single moves of a ``path`` of (state, label) steps, unfolding each label."""
    moves: list = []
    for (parent, _), (_, label) in zip(path, path[1:]):
        moves.extend(space.unfold(parent, label))
    return tuple(moves)



class EngineSpace:
    """The plain search space of any engine: one edge per single move, no bound.

    ``step(state, move)`` must return an object with ``state``, ``moved`` and
    ``outcome`` (the Escape engine's StepResult; core.game.Engine's step).
    """

    def __init__(self, start, step: Callable, moves: Iterable):
        self._start = start
        self._step = step
        self._moves = tuple(moves)

    def start(self):
        return self._start

    def expand(self, state) -> Expansion:
        edges = []
        for move in self._moves:
            result = self._step(state, move)
            if result.moved:
                edges.append(Edge(1, result.state, result.outcome, move))
        return Expansion(edges)

    def unfold(self, state, label) -> tuple:
        return (label,)
