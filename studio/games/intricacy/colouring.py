"""The two ways of colouring pieces from Intricacy's README: by what each piece is, or so
that pieces that touch always differ (a proper colouring of the graph of touching pieces).

Both return one colour index per piece; the view maps indices to actual colours.
"""

from __future__ import annotations

from studio.games.intricacy.hexgrid import neighbours
from studio.games.intricacy.lock import BALL, BLOCK, HOOK, PIVOT, WRENCH

KIND_COLOURS = {BLOCK: 0, BALL: 1, PIVOT: 2, HOOK: 3, WRENCH: 4}
STATIONARY_BLOCK = 5  # a block no spring ends at: as good as a wall
PROPER_COLOUR_COUNT = 6  # enough for any planar graph coloured smallest-last


def colours_by_kind(pieces, springs) -> list[int]:
    """Each piece's kind colour; blocks no spring ends at get their own (stationary) colour."""
    ends = {spring.end for spring in springs}
    found = []
    for index, piece in enumerate(pieces):
        if piece.kind == BLOCK and index not in ends:
            found.append(STATIONARY_BLOCK)
        else:
            found.append(KIND_COLOURS[piece.kind])
    return found


def touching(pieces) -> list[set[int]]:
    """For each piece, the pieces sharing an edge with it (arms included)."""
    owner = {}
    for index, piece in enumerate(pieces):
        for h in piece.cells():
            owner[h] = index
    found: list[set[int]] = [set() for _ in pieces]
    for h, index in owner.items():
        for other_hex in neighbours(h):
            other = owner.get(other_hex)
            if other is not None and other != index:
                found[index].add(other)
    return found


def proper_colours(pieces) -> list[int]:
    """Colours 0..5 with touching pieces always different: greedy over a smallest-last order
    (the graph of touching pieces on a hex grid is planar, so six colours always suffice)."""
    graph = touching(pieces)
    remaining = set(range(len(pieces)))
    degree = {i: len(graph[i]) for i in remaining}
    order = []
    while remaining:
        chosen = min(remaining, key=lambda i: (degree[i], i))
        order.append(chosen)
        remaining.remove(chosen)
        for other in graph[chosen]:
            if other in remaining:
                degree[other] -= 1
    colours = [0] * len(pieces)
    for index in reversed(order):
        used = {colours[other] for other in graph[index] if order.index(other) > order.index(index)}
        colours[index] = next(c for c in range(PROPER_COLOUR_COUNT + 1) if c not in used)
    return colours
