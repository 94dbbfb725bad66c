"""The three ways core.solver.search walks a search space: best-first (A*, weighted
A*, Dijkstra without a bound), best-first by novelty, and breadth-first. Each takes the
space and a Stopper and returns a SearchResult (core.search_space). Pure Python, no Qt.
"""

from __future__ import annotations

import heapq
from collections import deque
from typing import Any, Callable

from studio.core.search_space import (
    DEAD, WON, Progress, SearchResult, SearchSpace, Stopper, moves_along, solution_path,
)


def _solution(space, parents: dict, state) -> tuple:
    """The single moves from the start to ``state``, unfolding each edge's label."""
    return moves_along(space, solution_path(parents, state))


def best_first(space: SearchSpace, stopper: Stopper, max_expanded: int | None,
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
    counter = 0  # ties broken deeper first, then last come first served (it finds the goal among ties soonest)
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
                                path=solution_path(parents, state))
        if transposition is not None:
            found = transposition(state)
            if found is not None:
                key, member = found
                earlier = covered_by_class.get(key)
                if earlier is not None and _is_covered(earlier, member, cost):
                    continue

        expanded += 1
        if stopper.due(expanded):
            if stopper.spent(expanded, max_expanded):
                break
            if stopper.report_due():
                report = Progress(expanded, generated, cost, f, stopper.elapsed(),
                                  None if ceiling == float("inf") else ceiling)
                if best_goal is not None:  # the moves too, so the window can replay them at once
                    report.best_moves = _solution(space, parents, best_goal[1])
                stopper.progress(report)

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
            counter -= 1
            heapq.heappush(heap, (new_cost + (h if exact else h * weight), -new_cost, counter, successor))
    else:
        # Exhausted: every state that could lead to a win was expanded.
        if best_goal is not None:  # (only when every goal entry went stale, which cannot happen)
            moves = _solution(space, parents, best_goal[1])
            return SearchResult(True, exact, moves, expanded, generated, stopper.elapsed(), best_goal[0],
                                path=solution_path(parents, best_goal[1]))
        return SearchResult(False, admit is None, (), expanded, generated, stopper.elapsed(), depth)

    seconds = stopper.elapsed()
    if best_goal is not None:
        moves = _solution(space, parents, best_goal[1])
        proven = exact and best_goal[0] <= bound
        return SearchResult(True, proven, moves, expanded, generated, seconds, bound, stopper.reason,
                            path=solution_path(parents, best_goal[1]))
    return SearchResult(False, False, (), expanded, generated, seconds, bound, stopper.reason)


def _is_covered(earlier: list, member, cost: int) -> bool:
    for earlier_cost, covered in earlier:
        extra = covered.get(member)
        if extra is not None and earlier_cost + extra <= cost:
            return True
    return False


def novelty_first(space: SearchSpace, stopper: Stopper, max_expanded: int | None,
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
    seen = {guide[0]: set(atoms(start, None))}  # stage -> its atoms seen (ints: no pair tuples to build)
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
        if stopper.due(expanded):
            if stopper.spent(expanded, max_expanded):
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
                                    path=solution_path(parents, successor))
            if shorter_than is not None:
                h = lower_bound(successor)
                if h is None or new_cost + h >= ceiling:  # (the bound is admissible)
                    continue
            guide = guidance(successor)
            if guide is None:
                continue
            new_stage = guide[0]
            facts = atoms(successor, state if new_stage == stage else None)
            stage_seen = seen.get(new_stage)
            if stage_seen is None:
                stage_seen = seen[new_stage] = set()
            fresh = [atom for atom in facts if atom not in stage_seen]
            if fresh:
                stage_seen.update(fresh)
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


def breadth_first(space: SearchSpace, stopper: Stopper, max_expanded: int | None) -> SearchResult:
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
        if stopper.due(expanded):
            if stopper.spent(expanded, max_expanded):
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
                                    path=solution_path(parents, successor))
            if lower_bound(successor) is None:
                continue
            frontier.append((successor, cost + 1))
    return SearchResult(False, True, (), expanded, generated, stopper.elapsed(), depth)

