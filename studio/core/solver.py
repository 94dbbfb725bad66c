"""Generic shortest-solution search over a game's states. Pure Python, no Qt.

A game describes its puzzle as a ``SearchSpace``: the start state, the edges
out of a state, and optionally an admissible lower bound on the moves still
needed (which also prunes positions that can no longer be won) and a
transposition hook. ``search`` then runs A* (Dijkstra when there is no bound)
or a plain breadth-first search over single moves.

Edges may be *macro-moves*: one edge standing for several single moves (say a
walk and then a push). Their ``cost`` is the number of single moves, and the
search orders states by that cost, so a solution is shortest in single moves,
not in edges. An edge carries a small ``label``; the space turns it back into
single moves (``unfold``) only for the solution found, which keeps memory low.

The transposition hook lets one expansion stand for many states: expanding a
state may report ``covered`` states (same ``class_key``, other ``member``) that
it reached along the way at a known extra cost, e.g. every cell the player
could have walked to. A later state of the same class is skipped when the
earlier expansion reached it at no greater cost, because everything it could
do was already done as cheaply.

The search stops at a solution proven shortest, at exhaustion (proven
unsolvable), at the timeout (returning the best solution found so far, not
proven), or when cancelled. ``progress`` is called a few times a second.

This module is the solver's public face: ``search`` and ``solve``, and the names a
game needs from core.search_space (its vocabulary) re-exported; the walks themselves
are in core.search_methods, the shortening of a solution in core.shortcuts.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from studio.core.collector import collector_paused
from studio.core.search_methods import best_first, breadth_first, novelty_first
from studio.core.search_space import (
    DEAD, NONE, WON, Edge, EngineSpace, Expansion, Progress, SearchResult, SearchSpace, Stopper, moves_along,
)
from studio.core.shortcuts import shorten


def search(space: SearchSpace, *, method: str = "astar", timeout: float | None = None, cancel=None,
           progress: Callable[[Progress], None] | None = None, progress_every: float = 0.25,
           max_expanded: int | None = None, weight: float = 1.0,
           admit: Callable[[Any], bool] | None = None, shorter_than: int | None = None) -> SearchResult:
    """Search ``space`` for a shortest solution (see the module docstring).

    ``method`` is "astar" (best-first on cost plus lower bound; Dijkstra without a
    bound) or "bfs" (breadth-first; every edge must cost one move). ``cancel`` is an
    object with ``is_set()`` (a threading or multiprocessing Event) or a callable.
    ``max_expanded`` stops the search like a timeout after that many expansions.
    ``weight`` above 1 multiplies the lower bound (weighted A*): solutions come sooner
    but are no longer proven shortest. ``admit(state)`` false leaves a state out of an
    A* search: the search is then over part of the space, so it proves nothing (a
    solution found is not reported shortest, running out of states is not a proof).
    ``shorter_than`` (A*) looks only for solutions of fewer moves, when one of that
    length is known: running out of states then proves that one shortest (the result
    is unsolved and ``optimal``: "nothing shorter").
    """
    stopper = Stopper(timeout, cancel, progress, progress_every)
    walks = {"bfs": lambda: breadth_first(space, stopper, max_expanded),
             "astar": lambda: best_first(space, stopper, max_expanded, weight, admit, shorter_than),
             "novelty": lambda: novelty_first(space, stopper, max_expanded, shorter_than)}
    if method not in walks:
        raise ValueError(f"unknown search method {method!r}: use 'astar' or 'bfs'")
    with collector_paused():
        return walks[method]()



PROBE_SHARE = 0.2  # of the timeout, for a first novelty search before the A*
SHORTER_SHARE = 0.2  # of the timeout, kept for shorter solutions when the A* had one to prove
NOVELTY_SHARE = 0.1  # of the time the A* leaves, when restricted searches follow
BUDGETS = (2, 4, 8, 16)  # the disturbances the restricted searches allow, in turn
BUDGET_SHARE = 0.75  # of the time left, for each restricted search
BUDGET_WEIGHT = 5.0  # their weighted A*: far faster than exact, solutions a little longer


def solve(space: SearchSpace, *, timeout: float | None = None, cancel=None,
          progress: Callable[[Progress], None] | None = None, proof_share: float = 0.5,
          probe_share: float = PROBE_SHARE, known: SearchResult | None = None) -> SearchResult:
    """A shortest solution when one can be proven in time, else the best found.

    Where the space supplies novelty ``atoms`` and a timeout is given, the phases are:

    1. a novelty search for ``probe_share`` of the timeout, then, if it found
       nothing, a weighted A* (``BUDGET_WEIGHT``) for half as long: they often find
       a solution to a level the A* could not finish in the whole timeout, in seconds;
    2. A* looking only for solutions shorter than the one found (running out of
       states proves that one shortest), until ``SHORTER_SHARE`` of the timeout is
       left; for ``proof_share`` of it when nothing was found, for the next step;
    3. with no solution yet, the novelty search again, then, when the space measures
       ``disturbance(state)`` (how much of the level a position has changed: blocks
       moved, tiles destroyed...), weighted A* searches each restricted to positions
       disturbing the level no more than a budget (``BUDGETS``): puzzles whose
       solution moves a few of many blocks are solved there; the novelty search then
       has what time is left;
    4. with a solution not proven shortest, shortcuts in it (core.shortcuts), then
       the novelty search again, looking only for shorter ones (pruned by the lower
       bound), over and over until the timeout; running out of states proves the
       last one shortest.

    Given a solution ``known`` already (found some other way: a game's compiled search),
    step 1 is skipped and its time goes to step 2, proving ``known`` shortest or finding
    shorter ones.

    Without a timeout, A* alone runs to the end. The counts add up over all phases;
    ``depth`` is what the A* proved (no solution is shorter); ``first_found`` is when
    the solution returned, or a longer one, was first found (``known``'s own time
    when it came first)."""
    started = time.perf_counter()
    if timeout is None or not hasattr(space, "atoms"):
        return search(space, timeout=timeout, cancel=cancel, progress=progress)
    runs: list[SearchResult] = [] if known is None else [known]

    def run(method: str, seconds: float, phase: str, best: SearchResult | None = None, **options) -> SearchResult:
        report = None
        if progress is not None:
            report = _phase_progress(progress, runs, time.perf_counter() - started, phase, best)
        result = search(space, method=method, timeout=seconds, cancel=cancel, progress=report, **options)
        if result.solved:
            result.first_found = time.perf_counter() - started
        runs.append(result)
        return result

    def finish(result: SearchResult) -> SearchResult:
        result.expanded = sum(r.expanded for r in runs)
        result.generated = sum(r.generated for r in runs)
        result.seconds = time.perf_counter() - started
        return result

    if known is None and probe_share > 0:
        for method, share in (("novelty", probe_share), ("astar", probe_share / 2)):
            probe = run(method, timeout * share, "any", weight=BUDGET_WEIGHT)
            if probe.stopped == "cancelled" or (probe.optimal and not probe.solved):
                return finish(probe)  # (optimal and not solved: an exhausted search proved the level unsolvable)
            if probe.solved:
                probe.optimal = False  # (the weighted A* proves nothing shortest)
                known = probe
                break
    proof_seconds = timeout * proof_share
    if known is not None:  # no searches for any solution to leave time for: only the shorter ones
        proof_seconds = max(proof_seconds, timeout * (1 - SHORTER_SHARE) - (time.perf_counter() - started))
    first = run("astar", proof_seconds, "shortest", best=known,
                shorter_than=known.length if known else None)
    if first.solved:
        if first.optimal:
            if known is not None:
                first.first_found = known.first_found
            return finish(first)
        known = _shorter_of(known, first)
    elif known is not None and first.stopped != "timeout":
        known.optimal = first.stopped == "done"  # the A* ran out of shorter ones
        known.depth = known.length if known.optimal else first.depth
        known.stopped = first.stopped
        return finish(known)
    if known is None:
        if first.stopped != "timeout":
            return finish(first)  # cancelled, or proven unsolvable
        found = _any_solution(space, run, timeout - (time.perf_counter() - started), first.depth)
        if not found.solved:
            return finish(found)
        known = found
    known = _shorten(space, known, run, started + timeout, cancel)
    known.depth = known.length if known.optimal else first.depth
    return finish(known)


def find_then_shorten(space: SearchSpace, *, timeout: float, cancel=None,
                      found: Callable[[tuple], None] | None = None,
                      known: SearchResult | None = None) -> SearchResult:
    """Any solution, then shorter ones: the novelty search for the whole timeout and, once
    it has a solution, ``solve``'s last step (shortcuts, the novelty search for shorter).
    What a second core runs beside ``solve`` (core.racing): levels whose solution the
    A*'s phases reach late are often solved here in seconds. ``found(moves)`` hears of each
    solution found, shortest last. Given a solution ``known`` already (found some other
    way: a game's compiled search), only the shortening is done."""
    started = time.perf_counter()
    runs: list[SearchResult] = [] if known is None else [known]

    def run(method: str, seconds: float, phase: str, best: SearchResult | None = None, **options) -> SearchResult:
        result = search(space, method=method, timeout=seconds, cancel=cancel, **options)
        if result.solved:
            result.first_found = time.perf_counter() - started
            if found is not None:
                found(result.moves)
        runs.append(result)
        return result

    # (not named ``found``: ``run`` calls that callback for every later solution too)
    result = known if known is not None else run("novelty", timeout, "any", weight=BUDGET_WEIGHT)
    if result.solved:
        result.optimal = False
        result = _shorten(space, result, run, started + timeout, cancel)
    result.expanded = sum(r.expanded for r in runs)
    result.generated = sum(r.generated for r in runs)
    result.seconds = time.perf_counter() - started
    return result


def _shorten(space: SearchSpace, known: SearchResult, run: Callable, deadline: float, cancel) -> SearchResult:
    """What time is left before ``deadline`` goes to shorter solutions than ``known``:
    shortcuts in it, then the novelty search again, pruned by the bound; running out of
    states proves the last one found shortest."""
    while known.stopped != "cancelled":
        left = deadline - time.perf_counter()
        if left > 0:
            _take_shortcuts(space, known, Stopper(left, cancel, None, 1.0))
            left = deadline - time.perf_counter()
        if left <= 0:
            known.stopped = "timeout"
            break
        better = run("novelty", left, "shorter", best=known, shorter_than=known.length)
        if not better.solved:
            known.optimal = better.optimal
            known.stopped = better.stopped
            break
        known = _shorter_of(known, better)
    return known


def _take_shortcuts(space: SearchSpace, known: SearchResult, stopper: Stopper) -> None:
    """Shorten ``known`` in place by the shortcuts in its path (core.shortcuts)."""
    if not known.path:
        return
    path = shorten(space, known.path, stopper)
    moves = moves_along(space, path)
    if len(moves) < known.length:
        known.moves, known.path = moves, path


def _shorter_of(known: SearchResult | None, found: SearchResult) -> SearchResult:
    """``found`` (shorter than ``known``), not proven, dated from the first solution."""
    found.optimal = False
    if known is not None:
        found.first_found = known.first_found
    return found


def _any_solution(space: SearchSpace, run: Callable, left: float, depth: int) -> SearchResult:
    """``solve``'s searches for any solution after an A* that found none (its step 3)."""
    started = time.perf_counter()
    disturbance = getattr(space, "disturbance", None)
    phases = [("novelty", None)]
    if disturbance is not None:
        phases += [("astar", budget) for budget in BUDGETS] + [("novelty", None)]
    done = None
    for number, (method, budget) in enumerate(phases):
        remaining = left - (time.perf_counter() - started)
        if remaining <= 0:
            break
        if number == len(phases) - 1:
            share = 1.0
        else:
            share = NOVELTY_SHARE if method == "novelty" else BUDGET_SHARE
        admit = None if budget is None else (lambda state, budget=budget: disturbance(state) <= budget)
        done = run(method, remaining * share, "any", weight=BUDGET_WEIGHT, admit=admit)
        done.optimal = done.optimal and not done.solved and budget is None  # only exhaustion proves
        done.depth = depth
        if done.solved or done.optimal or done.stopped == "cancelled":
            break  # (optimal and not solved: the novelty search proved the level unsolvable)
    if done is None:
        return SearchResult(False, False, (), depth=depth, stopped="timeout")
    if not done.solved and not done.optimal:
        done.stopped = "timeout" if done.stopped == "done" else done.stopped  # a restricted search proves nothing
    return done


def _phase_progress(progress: Callable[[Progress], None], earlier: list, offset: float, phase: str,
                    best: SearchResult | None) -> Callable[[Progress], None]:
    """Reports of one phase of ``solve``, counting the earlier phases' work too, with the
    best solution found before the phase when the phase has none better."""
    expanded = sum(r.expanded for r in earlier)
    generated = sum(r.generated for r in earlier)

    def report(p: Progress) -> None:
        p.expanded += expanded
        p.generated += generated
        p.seconds += offset
        p.phase = phase
        if best is not None and (p.best is None or best.length < p.best or not p.best_moves):
            p.best, p.best_moves = best.length, best.moves
        progress(p)
    return report


def reporting_solution_text(progress: Callable[[Progress], None] | None,
                            to_text: Callable[[tuple], str]) -> Callable[[Progress], None] | None:
    """A game's progress callback that also writes the best solution in its letters
    (``best_solution``), for a window to show and replay while the search goes on."""
    if progress is None:
        return None

    def report(p: Progress) -> None:
        if p.best_moves and not p.best_solution:
            p.best_solution = to_text(p.best_moves)
        progress(p)
    return report


__all__ = [
    "NONE", "WON", "DEAD", "Edge", "Expansion", "SearchSpace", "Progress", "SearchResult", "Stopper",
    "EngineSpace", "moves_along", "search", "solve", "find_then_shorten", "reporting_solution_text",
]
