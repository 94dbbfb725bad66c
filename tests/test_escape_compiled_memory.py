"""The compiled search's memory (studio/games/escape/compiled/search.py and searching.py):
it starts in small arrays and grows them when a chunk asks, asks for room in its pool only
for the children a position has, stops keeping walked cells when they may grow no more,
goes on with one order when the other runs out, and sizes its chunks by the work done.
Skips without numba (or with STUDIO_PURE_PYTHON set); the corpus tests skip without the
corpus."""

from __future__ import annotations

import pytest

from tests.escape_corpus import ESCAPE, load_level
from tests.test_escape_compiled_search import (  # noqa: F401 - compiled_search: the module's autouse fixture
    assert_wins, compiled_search, find, needs_compiled, needs_corpus, search_module, searches_made,
)

pytestmark = needs_compiled


@needs_corpus
def test_when_the_breadth_first_turns_run_out_of_memory_the_novelty_search_goes_on(monkeypatch):
    """lev161 takes the novelty search several turns; a breadth-first search that has run
    out of room (its arrays at their limit: neither a solution nor the end of the positions)
    leaves the turns to the novelty search rather than ending the search."""
    from studio.games.escape.compiled import search, searching
    from studio.games.escape.engine import initial_state

    run_for = searching._Search.run_for
    breadth_first_turns = []

    def out_of_room_when_breadth_first(self, seconds, cancel):
        if self.novelty:
            return run_for(self, seconds, cancel)
        breadth_first_turns.append(seconds)
        self.answer = search.NEED_RECORDS
        return True

    monkeypatch.setattr(searching._Search, "run_for", out_of_room_when_breadth_first)
    state = initial_state(load_level(ESCAPE / "levels" / "tutorial" / "lev161.esx"))
    found = find(state, timeout=30)
    assert breadth_first_turns == [searching.SLICES[2]]  # (one turn, then no more)
    assert found.moves is not None, "the search stopped when the breadth-first one ran out of room"
    assert_wins(state, found.moves, "lev161")


@needs_corpus
def test_when_the_walked_cells_may_grow_no_more_the_search_goes_on_without_keeping_more(monkeypatch):
    from studio.games.escape.compiled import searching
    from studio.games.escape.engine import initial_state

    monkeypatch.setattr(searching, "MAX_WALKED", 1 << 16)  # (no room to grow into)
    state = initial_state(load_level(ESCAPE / "levels" / "tutorial" / "lev153.esx"))
    with searches_made() as made:
        found = find(state, timeout=60, novelty=False)
    assert made[0].ctl[search_module().WALKED_FULL] == 1 and made[0].walked.shape[0] == 1 << 16
    assert found.moves is not None
    assert_wins(state, found.moves, "lev153")


@needs_corpus
def test_a_search_that_outgrows_its_first_arrays_still_finds_a_winning_solution():
    """Breadth-first, lev1526 needs about a hundred thousand positions kept (the driver
    starts with room for 16,384, a pool of 1,048,576 entries and tables of 65,536 keys):
    records, pool and both tables grow on the way."""
    import numpy as np

    from studio.games.escape.engine import initial_state

    state = initial_state(load_level(ESCAPE / "levels" / "tutorial" / "lev1526.esx"))
    with searches_made() as made:
        found = find(state, timeout=60, novelty=False)
    assert found.moves is not None, f"lev1526: no solution in {found.seconds:.1f} s"
    grown = made[0]
    assert grown.offset.shape[0] > 1 << 14 and grown.pool.shape[0] > 1 << 20, "the records never had to grow"
    assert grown.table.shape[0] > 1 << 16 and grown.walked.shape[0] > 1 << 16, "the tables never had to grow"
    assert grown.ctl[search_module().WALKED] == np.count_nonzero(grown.walked)  # (counted again as it grew)
    assert_wins(state, found.moves, "lev1526")


@pytest.mark.parametrize("novelty", [True, False], ids=["novelty", "breadth-first"])
def test_on_the_largest_board_the_search_starts_in_its_first_pool_and_grows_it_when_full(novelty):
    """Room in the pool is asked for a position's children once their number is known, not
    for four children of every cell at their largest (200 MB on a 2,025-cell board, which
    kept a search growing its pool for its first half second): the first chunk searches in
    the starting pool, and a position taken when the pool is too full for its children is
    put back, taken again once it has grown, and its children kept."""
    from studio.games.escape.engine import initial_state
    from tests.test_solver import build

    rows = ["#" * 45] + ["#" + "." * 43 + "#" for _ in range(43)] + ["#" * 45]
    rows[1] = "#@" + "." * 42 + "#"
    for y in range(4, 44, 5):  # (grey blocks to push about, and no way out: the search goes on)
        rows[y] = "#" + ".g.." * 10 + "...#"
    state = initial_state(build(rows))
    with searches_made() as made:
        find(state, timeout=0, novelty=novelty, breadth_first=not novelty)  # (made and seeded, not run)
    searching, search = made[0], search_module()
    ctl, first_pool = searching.ctl, searching.pool.shape[0]
    assert searching.run_chunk(5000) == search.CHUNK_DONE
    assert searching.pool.shape[0] == first_pool and ctl[search.EXPANDED] > 5
    while (answer := searching.run_chunk(20000)) != search.NEED_POOL:
        assert answer == search.CHUNK_DONE or searching.make_room(answer)
    kept, waiting = int(ctl[search.COUNT]), int(ctl[search.HEAP_SIZE]) if novelty else int(ctl[search.NEXT_RECORD])
    assert first_pool - ctl[search.POOL_USED] < 4 * 45 * 45 * (3 + search.NEAR)  # (short of room for its children)
    assert searching.make_room(answer) and searching.pool.shape[0] == 2 * first_pool
    assert searching.run_chunk(1) == search.CHUNK_DONE  # (that position, taken again)
    assert ctl[search.COUNT] > kept
    assert (ctl[search.HEAP_SIZE] >= waiting) if novelty else (ctl[search.NEXT_RECORD] == waiting + 1)


@needs_corpus
def test_a_chunk_ends_at_its_work_budget_however_many_moves_its_positions_try():
    """regression/worstcase's positions try from one move to hundreds on the engine, so a
    chunk of so many positions took 30 times the time it was sized for (1.2 s, not 0.04):
    a chunk counts positions taken and moves tried, and stops at its budget, past it by at
    most the moves of the one position it was on."""
    from studio.games.escape.engine import initial_state

    state = initial_state(load_level(ESCAPE / "levels" / "regression" / "worstcase.esx"))
    with searches_made() as made:
        find(state, timeout=0.2, novelty=False)
    searching, search = made[0], search_module()
    ctl, cells = searching.ctl, searching.L0.shape[1]
    budget, tries_seen = 5000, []
    for _ in range(40):
        expanded, tries = int(ctl[search.EXPANDED]), int(ctl[search.TRIES])
        answer = searching.run_chunk(budget)
        if answer != search.CHUNK_DONE:  # (asked for room: not a whole chunk)
            assert searching.make_room(answer)
            continue
        took_tries = int(ctl[search.TRIES]) - tries
        assert budget <= int(ctl[search.EXPANDED]) - expanded + took_tries + int(ctl[search.DUPLICATES])
        assert took_tries <= budget + 4 * cells
        tries_seen.append(took_tries)
    assert len(tries_seen) > 10 and max(tries_seen) > budget // 2  # (the moves tried are most of the work)
