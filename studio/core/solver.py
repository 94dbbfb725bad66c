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
"""

from __future__ import annotations

import heapq
import time
from collections import deque
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

    def start(self) -> Hashable: ...

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


class Stopper:
    """Timeout and cancellation, checked every few hundred expansions."""

    CHECK_EVERY = 64

    def __init__(self, timeout: float | None, cancel, progress: Callable | None, every: float):
        self.started = time.perf_counter()
        self.deadline = None if timeout is None else self.started + max(0.0, timeout)
        self.cancel = cancel
        self.progress = progress
        self.every = every
        self.next_report = self.started + every
        self.reason = "done"

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def should_stop(self) -> bool:
        now = time.perf_counter()
        if self.deadline is not None and now >= self.deadline:
            self.reason = "timeout"
            return True
        if self.cancel is not None and (self.cancel() if callable(self.cancel) else self.cancel.is_set()):
            self.reason = "cancelled"
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
    if method == "bfs":
        return _breadth_first(space, stopper, max_expanded)
    if method == "astar":
        return _best_first(space, stopper, max_expanded, weight, admit, shorter_than)
    if method == "novelty":
        return _novelty_first(space, stopper, max_expanded, shorter_than)
    raise ValueError(f"unknown search method {method!r}: use 'astar' or 'bfs'")


def _solution(space, parents: dict, state) -> tuple:
    """The single moves from the start to ``state``, unfolding each edge's label."""
    return moves_along(space, _path(parents, state))


def _path(parents: dict, state) -> tuple:
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


def _best_first(space: SearchSpace, stopper: Stopper, max_expanded: int | None,
                weight: float = 1.0, admit: Callable[[Any], bool] | None = None,
                shorter_than: int | None = None) -> SearchResult:
    lower_bound = getattr(space, "lower_bound", None) or (lambda state: 0)
    exact = weight == 1.0 and admit is None
    transposition = getattr(space, "transposition", None)
    start = space.start()
    h = lower_bound(start)
    if h is None:
        return SearchResult(False, True, seconds=stopper.elapsed())

    best_cost = {start: 0}
    parents: dict = {start: None}
    goals: set = set()
    best_goal = None  # (cost, state) of the cheapest solution generated so far
    # Only solutions cheaper than this are wanted: the best goal's cost, or a known length.
    ceiling = float("inf") if shorter_than is None else shorter_than
    covered_by_class: dict = {}  # class key -> [(cost, covered), ...]
    counter = 0  # ties broken deeper first, then first come first served
    heap = [(h, 0, counter, start)]
    expanded = generated = 0
    bound = h
    depth = 0

    while heap:
        f, negative_cost, _, state = heapq.heappop(heap)
        cost = -negative_cost
        if cost > best_cost[state]:
            continue  # a cheaper way here was found after this entry was queued
        if exact:
            bound = f
        depth = cost
        if state in goals:
            moves = _solution(space, parents, state)
            return SearchResult(True, exact, moves, expanded, generated, stopper.elapsed(), cost,
                                path=_path(parents, state))
        if transposition is not None:
            found = transposition(state)
            if found is not None:
                key, member = found
                earlier = covered_by_class.get(key)
                if earlier is not None and _is_covered(earlier, member, cost):
                    continue

        expanded += 1
        if expanded % Stopper.CHECK_EVERY == 0:
            if stopper.should_stop() or (max_expanded is not None and expanded >= max_expanded):
                if stopper.reason == "done":
                    stopper.reason = "timeout"
                break
            if stopper.report_due():
                stopper.progress(Progress(expanded, generated, cost, f, stopper.elapsed(),
                                          None if ceiling == float("inf") else ceiling))

        expansion = space.expand(state)
        if expansion.covered is not None and transposition is not None:
            found = transposition(state)
            if found is not None:
                covered_by_class.setdefault(found[0], []).append((cost, expansion.covered))
        for edge_cost, successor, outcome, label in expansion.edges:
            if outcome == DEAD:
                continue
            new_cost = cost + edge_cost
            if new_cost >= ceiling:
                continue
            old = best_cost.get(successor)
            if old is not None and old <= new_cost:
                continue
            if admit is not None and not admit(successor):
                continue
            if outcome == WON:
                h = 0
                goals.add(successor)
                best_goal = (new_cost, successor)
                ceiling = new_cost
            else:
                h = lower_bound(successor)
                if h is None or new_cost + h >= ceiling:  # (the bound is admissible)
                    continue
            best_cost[successor] = new_cost
            parents[successor] = (state, label)
            generated += 1
            counter += 1
            heapq.heappush(heap, (new_cost + (h if exact else h * weight), -new_cost, counter, successor))
    else:
        # Exhausted: every state that could lead to a win was expanded.
        if best_goal is not None:  # (only when every goal entry went stale, which cannot happen)
            moves = _solution(space, parents, best_goal[1])
            return SearchResult(True, exact, moves, expanded, generated, stopper.elapsed(), best_goal[0],
                                path=_path(parents, best_goal[1]))
        return SearchResult(False, admit is None, (), expanded, generated, stopper.elapsed(), depth)

    seconds = stopper.elapsed()
    if best_goal is not None:
        moves = _solution(space, parents, best_goal[1])
        proven = exact and best_goal[0] <= bound
        return SearchResult(True, proven, moves, expanded, generated, seconds, bound, stopper.reason,
                            path=_path(parents, best_goal[1]))
    return SearchResult(False, False, (), expanded, generated, seconds, bound, stopper.reason)


def _is_covered(earlier: list, member, cost: int) -> bool:
    for earlier_cost, covered in earlier:
        extra = covered.get(member)
        if extra is not None and earlier_cost + extra <= cost:
            return True
    return False


def _novelty_first(space: SearchSpace, stopper: Stopper, max_expanded: int | None,
                   shorter_than: int | None = None) -> SearchResult:
    """Best-first by novelty: a state that makes some atom (a fact such as "this tile
    on this cell") true for the first time goes before every state that does not; then
    the better guidance, then the cheaper (after Lipovetzky and Geffner's best-first
    width search). It finds solutions needing a few key changes quickly but proves no
    solution shortest; running out of states still proves a level unsolvable.

    The space supplies ``atoms(state, parent)``: the state's atoms, or given the parent
    only those that may differ from the parent's (which were all seen already). It may
    supply ``guidance(state)``: (stage, distance), an estimate of how far the state is
    from a win (need not be admissible: it only orders the search), or None for a state
    that can no longer be won. Novelty is judged within each stage, so reaching a
    better stage makes all of a state's facts new again (the "novelty given the goals
    achieved" of that search). Without it the lower bound orders the states.

    A space may also supply ``changes(state)``: a few atoms to pair up, as a tuple,
    such as those in which the state differs from the start and where the player
    stands. A state with no new atom but a new *pair* of them (a block pushed
    somewhere already seen, with the player somewhere already seen, but never both at
    once) goes after the novel states and before the rest: novelty of width 2,
    limited to those atoms so that it stays cheap.

    ``shorter_than`` prunes states whose cost plus lower bound reaches it: only
    shorter solutions are found, and running out of states proves none exists."""
    atoms = space.atoms
    changes = getattr(space, "changes", None)
    guidance = getattr(space, "guidance", None)
    lower_bound = getattr(space, "lower_bound", None) or (lambda state: 0)
    if guidance is None:
        def guidance(state):
            h = lower_bound(state)
            return None if h is None else (0, h)
    ceiling = float("inf") if shorter_than is None else shorter_than
    start = space.start()
    guide = guidance(start)
    if guide is None:
        return SearchResult(False, True, seconds=stopper.elapsed())
    seen = {(guide[0], atom) for atom in atoms(start, None)}
    seen_pairs: set = set()
    best_cost = {start: 0}
    parents: dict = {start: None}
    stages = {start: guide[0]}
    heap = [(0, guide, 0, 0, start)]  # (novelty, guidance, cost, order, state)
    counter = expanded = generated = 0
    while heap:
        _, _, cost, _, state = heapq.heappop(heap)
        if cost > best_cost[state]:
            continue
        expanded += 1
        if expanded % Stopper.CHECK_EVERY == 0:
            if stopper.should_stop() or (max_expanded is not None and expanded >= max_expanded):
                if stopper.reason == "done":
                    stopper.reason = "timeout"
                break
            if stopper.report_due():
                stopper.progress(Progress(expanded, generated, cost, 0, stopper.elapsed(), None))
        stage = stages[state]
        for edge_cost, successor, outcome, label in space.expand(state).edges:
            if outcome == DEAD:
                continue
            new_cost = cost + edge_cost
            if new_cost >= ceiling:
                continue
            old = best_cost.get(successor)
            if old is not None and old <= new_cost:
                continue
            if outcome == WON:
                parents[successor] = (state, label)
                moves = _solution(space, parents, successor)
                return SearchResult(True, False, moves, expanded, generated, stopper.elapsed(), 0,
                                    path=_path(parents, successor))
            if shorter_than is not None:
                h = lower_bound(successor)
                if h is None or new_cost + h >= ceiling:  # (the bound is admissible)
                    continue
            guide = guidance(successor)
            if guide is None:
                continue
            new_stage = guide[0]
            facts = atoms(successor, state if new_stage == stage else None)
            fresh = [fact for fact in ((new_stage, atom) for atom in facts) if fact not in seen]
            if fresh:
                seen.update(fresh)
                novelty = 0
            else:
                novelty = 2
                if changes is not None:
                    changed = changes(successor)
                    for i, first in enumerate(changed):
                        for second in changed[i + 1:]:
                            pair = (new_stage, first, second)
                            if pair not in seen_pairs:
                                seen_pairs.add(pair)
                                novelty = 1
            best_cost[successor] = new_cost
            parents[successor] = (state, label)
            stages[successor] = new_stage
            generated += 1
            counter += 1
            heapq.heappush(heap, (novelty, guide, new_cost, counter, successor))
    else:
        return SearchResult(False, True, (), expanded, generated, stopper.elapsed(), 0)
    return SearchResult(False, False, (), expanded, generated, stopper.elapsed(), 0, stopper.reason)


def _breadth_first(space: SearchSpace, stopper: Stopper, max_expanded: int | None) -> SearchResult:
    """Layer by layer over unit-cost edges; a goal is proven shortest when generated."""
    lower_bound = getattr(space, "lower_bound", None) or (lambda state: 0)
    start = space.start()
    if lower_bound(start) is None:
        return SearchResult(False, True, seconds=stopper.elapsed())
    parents: dict = {start: None}
    frontier = deque([(start, 0)])
    expanded = generated = 0
    depth = 0
    while frontier:
        state, cost = frontier.popleft()
        depth = cost
        expanded += 1
        if expanded % Stopper.CHECK_EVERY == 0:
            if stopper.should_stop() or (max_expanded is not None and expanded >= max_expanded):
                if stopper.reason == "done":
                    stopper.reason = "timeout"
                return SearchResult(False, False, (), expanded, generated, stopper.elapsed(), cost,
                                    stopper.reason)
            if stopper.report_due():
                stopper.progress(Progress(expanded, generated, cost, cost, stopper.elapsed(), None))
        for edge_cost, successor, outcome, label in space.expand(state).edges:
            if edge_cost != 1:
                raise ValueError("breadth-first search needs single-move edges; use method 'astar'")
            if outcome == DEAD or successor in parents:
                continue
            parents[successor] = (state, label)
            generated += 1
            if outcome == WON:
                moves = _solution(space, parents, successor)
                return SearchResult(True, True, moves, expanded, generated, stopper.elapsed(), cost + 1,
                                    path=_path(parents, successor))
            if lower_bound(successor) is None:
                continue
            frontier.append((successor, cost + 1))
    return SearchResult(False, True, (), expanded, generated, stopper.elapsed(), depth)


PROBE_SHARE = 0.2  # of the timeout, for a first novelty search before the A*
SHORTER_SHARE = 0.2  # of the timeout, kept for shorter solutions when the A* had one to prove
NOVELTY_SHARE = 0.1  # of the time the A* leaves, when restricted searches follow
BUDGETS = (2, 4, 8, 16)  # the disturbances the restricted searches allow, in turn
BUDGET_SHARE = 0.75  # of the time left, for each restricted search
BUDGET_WEIGHT = 5.0  # their weighted A*: far faster than exact, solutions a little longer


def solve(space: SearchSpace, *, timeout: float | None = None, cancel=None,
          progress: Callable[[Progress], None] | None = None, proof_share: float = 0.5,
          probe_share: float = PROBE_SHARE) -> SearchResult:
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

    Without a timeout, A* alone runs to the end. The counts add up over all phases;
    ``depth`` is what the A* proved (no solution is shorter); ``first_found`` is when
    the solution returned, or a longer one, was first found."""
    started = time.perf_counter()
    if timeout is None or not hasattr(space, "atoms"):
        return search(space, timeout=timeout, cancel=cancel, progress=progress)
    runs: list[SearchResult] = []

    def run(method: str, seconds: float, phase: str, best: int | None = None, **options) -> SearchResult:
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

    known = None
    if probe_share > 0:
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
    first = run("astar", proof_seconds, "shortest", best=known.length if known else None,
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
    # What time is left goes to shorter solutions: shortcuts in the one found, then the
    # novelty search again, pruned by the bound; running out of states proves the last
    # one found shortest.
    while known.stopped != "cancelled":
        left = timeout - (time.perf_counter() - started)
        if left > 0:
            _take_shortcuts(space, known, Stopper(left, cancel, None, 1.0))
            left = timeout - (time.perf_counter() - started)
        if left <= 0:
            known.stopped = "timeout"
            break
        better = run("novelty", left, "shorter", best=known.length, shorter_than=known.length)
        if not better.solved:
            known.optimal = better.optimal
            known.stopped = better.stopped
            break
        known = _shorter_of(known, better)
    known.depth = known.length if known.optimal else first.depth
    return finish(known)


def _take_shortcuts(space: SearchSpace, known: SearchResult, stopper: Stopper) -> None:
    """Shorten ``known`` in place by the shortcuts in its path (core.shortcuts)."""
    from studio.core.shortcuts import shorten  # (it uses this module's outcomes)

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
                    best: int | None) -> Callable[[Progress], None]:
    """Reports of one phase of ``solve``, counting the earlier phases' work too."""
    expanded = sum(r.expanded for r in earlier)
    generated = sum(r.generated for r in earlier)

    def report(p: Progress) -> None:
        p.expanded += expanded
        p.generated += generated
        p.seconds += offset
        p.phase = phase
        if best is not None and (p.best is None or best < p.best):
            p.best = best
        progress(p)
    return report


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
