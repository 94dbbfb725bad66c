"""Shortening a solution that a search for any solution found (core.solver.solve).

Novelty and weighted searches take detours: a block pushed there and back, a walk
round twice, a wait longer than needed. From each state on the solution's path, a
small search (Dijkstra over the space's own edges, a few hundred expansions) looks
for a cheaper way to a later state of the path, or to a win; the shortcut saving
the most moves is spliced in, and the search tries again from the same state.
Every state kept is one the space produced, so the result is as valid as the
solution it came from. Pure Python, no Qt.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import Any

from studio.core.search_space import DEAD, NONE, WON

SHORTCUT_EXPANSIONS = 300  # states expanded from each state of the path


def shorten(space, path: tuple, stopper, expansions: int = SHORTCUT_EXPANSIONS) -> tuple:
    """A path (``SearchResult.path``: (state, label into it) steps from (start, None) to
    a win) no costlier than ``path``, with shortcuts spliced in; stops early, keeping
    what it has, when ``stopper.should_stop()`` (core.search_space.Stopper)."""
    path = list(path)
    space.start()  # (a search of its own: see SearchSpace.start)
    costs = _costs(space, path)
    index = 0
    while index < len(path) - 1 and not stopper.should_stop():
        later = {state: number for number, (state, _) in enumerate(path)}  # (the last of repeats)
        found = _shortcut(space, path, costs, index, later, expansions, stopper)
        if found is None:
            index += 1
            continue
        target, steps = found
        path[index + 1:target + 1] = steps
        costs = _costs(space, path)
    return tuple(path)


def path_along(space, moves: tuple, play: Callable[[Any, Any], tuple]) -> tuple | None:
    """The path (as ``shorten`` takes it) that the single ``moves`` of a solution found
    outside the space (a game's compiled search) follow through the space's edges, or
    None when some move is neither a walk within a state's transposition class that its
    expansion covers nor an edge of it. ``play(state, move)`` is (next state, outcome)."""
    edge_start = here = space.start()
    path = [(edge_start, None)]
    expansion = space.expand(edge_start)
    for move in moves:
        after, outcome = play(here, move)
        if after == here:
            continue
        edge = min((e for e in expansion.edges if e.state == after and e.outcome == outcome),
                   key=lambda e: e.cost, default=None)
        if edge is not None:
            path.append((after, edge.label))
            if outcome == WON:
                return tuple(path)
            if outcome == DEAD:
                return None
            edge_start = here = after
            expansion = space.expand(edge_start)
            continue
        if outcome != NONE or not _walk_within(space, expansion, edge_start, after):
            return None
        here = after
    return None  # (the moves end before a win)


def _walk_within(space, expansion, edge_start, after) -> bool:
    """``after`` is ``edge_start``'s class, at a member its expansion reached by walking."""
    transposition = getattr(space, "transposition", None)
    if transposition is None or expansion.covered is None:
        return False
    start_keys, after_keys = transposition(edge_start), transposition(after)
    if start_keys is None or after_keys is None:
        return False
    return after_keys[0] == start_keys[0] and expansion.covered.get(after_keys[1]) is not None


def _costs(space, path: list) -> list[int]:
    """The moves from the start to each state of the path."""
    costs = [0]
    for (parent, _), (_, label) in zip(path, path[1:]):
        costs.append(costs[-1] + len(space.unfold(parent, label)))
    return costs


def _shortcut(space, path: list, costs: list, index: int, later: dict, expansions: int, stopper):
    """(index of the later state reached, the steps to it) for the cheaper way from
    ``path[index]`` saving the most moves, or None; the best so far when ``stopper`` says
    stop."""
    source = path[index][0]
    last = len(path) - 1
    best = {source: 0}
    parents: dict = {source: None}
    heap = [(0, 0, source)]
    counter = expanded = 0
    found = None  # (moves saved, index reached, state)
    while heap and expanded < expansions:
        cost, _, state = heapq.heappop(heap)
        if cost > best[state]:
            continue
        expanded += 1
        if stopper.tick():  # (300 expansions took 0.3 s where bots chase: tutorial lev1526)
            break
        for edge_cost, successor, outcome, label in space.expand(state).edges:
            if outcome == DEAD:
                continue
            new_cost = cost + edge_cost
            old = best.get(successor)
            if old is not None and old <= new_cost:
                continue
            best[successor] = new_cost
            parents[successor] = (state, label)
            reached = last if outcome == WON else later.get(successor, -1)
            if reached > index:
                saved = costs[reached] - costs[index] - new_cost
                if saved > 0 and (found is None or saved > found[0]):
                    found = (saved, reached, successor)
            if outcome != WON:
                counter += 1
                heapq.heappush(heap, (new_cost, counter, successor))
    if found is None:
        return None
    _, reached, state = found
    steps = []
    while parents[state] is not None:
        parent, label = parents[state]
        steps.append((state, label))
        state = parent
    return reached, steps[::-1]


__all__ = ["SHORTCUT_EXPANSIONS", "path_along", "shorten"]
