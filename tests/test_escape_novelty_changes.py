"""The changes the Python novelty search pairs up (escape/novelty.py's ``changes``, paired
by core.search_methods.novelty_first): at most ``CHANGES_PAIRED`` of a position's changes
from the start besides the player's cell, as the compiled search lists them
(ordering.novelty_class). Where a button toggles hundreds of cells (mylevels/fig3.1, 469
changes) every position made a hundred thousand pairs, and the search took a hundredth of
the expansions a second and ran past its time limit."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from studio.games.escape.engine import initial_state
from studio.games.escape.novelty import CHANGES_PAIRED, PositionFacts, changed_cells
from studio.games.escape.tiles import T
from tests.test_solver import build


def test_changes_list_the_first_changes_in_cell_order_then_the_players_cell():
    level = build(["@" + "." * 19] + ["." * 20] * 9 + ["." * 19 + "E"])
    start = initial_state(level)
    tiles = bytearray(start.tiles)
    for cell in range(25, 125):  # (a hundred cells, as a button toggling a room would leave them)
        tiles[cell] = int(T.GREY)
    moved = start._replace(tiles=bytes(tiles))
    facts = PositionFacts(start)
    listed = facts.changes(moved)
    every_change = [cell * 64 + tile for cell, tile in changed_cells(moved.tiles, start.tiles)]
    assert len(every_change) == 100
    assert listed == (*every_change[:CHANGES_PAIRED], facts.changes(start)[-1])


def test_a_few_changes_are_all_listed():
    level = build(["@.......", "........", ".......E"])
    start = initial_state(level)
    tiles = bytearray(start.tiles)
    for cell in (3, 9, 17):
        tiles[cell] = int(T.GREY)
    moved = start._replace(tiles=bytes(tiles), player=1)
    listed = PositionFacts(start).changes(moved)
    assert len(listed) == 4
    assert listed[:3] == tuple(cell * 64 + int(T.GREY) for cell in (3, 9, 17))


@given(st.data())
@settings(max_examples=200, deadline=None)
def test_changed_cells_are_every_cell_that_differs_in_cell_order(data):
    """A few changes are cleared one by one from an int, many are found by a scan: both
    give every differing cell, in order, with its tile now."""
    size = data.draw(st.integers(min_value=1, max_value=1700))
    before = data.draw(st.binary(min_size=size, max_size=size))
    now = bytearray(before)
    changes = data.draw(st.sampled_from([0, 1, 3, 12, 40, 200, size]))
    for cell in data.draw(st.lists(st.integers(0, size - 1), max_size=changes)):
        now[cell] = data.draw(st.integers(0, 255))
    now = bytes(now)
    assert list(changed_cells(now, before)) == [(cell, now[cell]) for cell in range(size) if now[cell] != before[cell]]
