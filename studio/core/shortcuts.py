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

from studio.core.search_space import DEAD, WON

SHORTCUT_EXPANSIONS = 300  # states expanded from each state of the path


def shorten(space, path: tuple, stopper, expansions: int = SHORTCUT_EXPANSIONS) -> tuple:
    """A path (``SearchResult.path``: (state, label into it) steps from (start, None) to
    a win) no costlier than ``path``, with shortcuts spliced in; stops early, keeping
    what it has, when ``stopper.should_stop()`` (core.search_space.Stopper)."""
    path = list(path)
    costs = _costs(space, path)
    index = 0
    while index < len(path) - 1 and not stopper.should_stop():
        later = {state: number for number, (state, _) in enumerate(path)}  # (the last of repeats)
        found = _shortcut(space, path, costs, index, later, expansions)
        if found is None:
            index += 1
            continue
        target, steps = found
        path[index + 1:target + 1] = steps
        costs = _costs(space, path)
    return tuple(path)


def _costs(space, path: list) -> list[int]:
    """The moves from the start to each state of the path."""
    costs = [0]
    for (parent, _), (_, label) in zip(path, path[1:]):
        costs.append(costs[-1] + len(space.unfold(parent, label)))
    return costs


def _shortcut(space, path: list, costs: list, index: int, later: dict, expansions: int):
    """(index of the later state reached, the steps to it) for the cheaper way from
    ``path[index]`` saving the most moves, or None."""
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


__all__ = ["SHORTCUT_EXPANSIONS", "shorten"]
