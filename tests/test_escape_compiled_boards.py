"""The compiled search's whole-board operations (compiled/boards.py) and its restoring of
kept positions (search.restore): copies, comparisons and hashes agree with numpy's on
boards of every size (the bytes past the last whole word included), and a position
restored from its record has the laser counts of its own board. Skips without numba."""

from __future__ import annotations

import pytest

from tests.test_escape_compiled import compiled_usable

pytestmark = pytest.mark.skipif(not compiled_usable(), reason="numba is not installed or STUDIO_PURE_PYTHON "
                                "is set: there is nothing compiled to test")

SIZES = (1, 2, 3, 5, 7, 8, 9, 11, 16, 17, 31, 253)


def random_board(rng, cells: int, bots: int = 2, lasers: bool = False):
    import numpy as np

    from studio.games.escape.compiled.kernel import LASERS, ROW_COUNTS

    layers = rng.integers(0, 60, size=(4, cells)).astype(np.uint8)
    robots = rng.integers(0, 300, size=(3, bots)).astype(np.int64)
    counters = rng.integers(0, 9, size=ROW_COUNTS + 6).astype(np.int64)
    counters[LASERS] = int(lasers)
    return layers, robots, counters


@pytest.mark.parametrize("cells", SIZES)
def test_a_copied_board_is_the_board(cells):
    import numpy as np

    from studio.games.escape.compiled.boards import copy_board
    from studio.games.escape.compiled.kernel import ROW_COUNTS

    rng = np.random.default_rng(cells)
    for lasers in (False, True):
        L, B, m = random_board(rng, cells, lasers=lasers)
        Lc, Bc, mc = np.zeros_like(L), np.zeros_like(B), np.zeros_like(m)
        copy_board(Lc, Bc, mc, L, B, m)
        assert (Lc == L).all() and (Bc == B).all()
        # the laser counts are copied where there are lasers; elsewhere they stay as they were (0)
        assert (mc[:ROW_COUNTS] == m[:ROW_COUNTS]).all()
        assert (mc[ROW_COUNTS:] == (m[ROW_COUNTS:] if lasers else 0)).all()


@pytest.mark.parametrize("cells", SIZES)
def test_boards_are_the_same_and_hash_alike_exactly_when_their_layers_and_bots_agree(cells):
    """Any one byte changed in the tiles, bizarro tiles or flags (in the six low bits that
    tiles and flags use), or any bot's field, makes the boards differ and (here every time)
    their hashes; the fourth row (marks the engine clears within a move) does not count."""
    import numpy as np

    from studio.games.escape.compiled.boards import board_hash, same_board

    rng = np.random.default_rng(1000 + cells)
    L, B, _ = random_board(rng, cells)
    twin_L, twin_B = L.copy(), B.copy()
    twin_L[3] ^= 0xFF
    assert same_board(twin_L, twin_B, L, B) and board_hash(twin_L, twin_B) == board_hash(L, B)
    hashes = {board_hash(L, B)}
    for row in range(3):
        for cell in range(cells):
            other = L.copy()
            other[row, cell] ^= 1 << int(rng.integers(0, 6))
            assert not same_board(other, B, L, B) and not same_board(L, B, other, B), (row, cell)
            hashes.add(board_hash(other, B))
    for row in range(3):
        for bot in range(B.shape[1]):
            other = B.copy()
            other[row, bot] += 1
            assert not same_board(L, other, L, B), (row, bot)
            hashes.add(board_hash(L, other))
    assert len(hashes) == 1 + 3 * cells + 3 * B.shape[1]


def test_a_restored_position_counts_the_lasers_of_its_own_board():
    """A panel swaps a laser in and out of the normal layer (from the bizarro one) and the
    player walks about on both sides of it; every position kept by a breadth-first search to
    the end, restored from its record, has the lasers of its rows and columns counted as on
    its board."""
    from studio.games.escape.compiled.kernel import COLUMN_COUNTS, LASER, ROW_COUNTS, WIDTH
    from studio.games.escape.engine import initial_state
    from studio.games.escape.tiles import T
    from tests.test_escape_compiled_search import find, search_module, searches_made
    from tests.test_solver import build

    level = build(["#########",
                   "#@..p...#",
                   "#.#####.#",
                   "#...p...#",
                   "#########"])
    laser_cell, panels = level.index(6, 2), (level.index(4, 1), level.index(4, 3))
    level.otiles[laser_cell] = int(T.LASER)
    for panel in panels:
        level.dests[panel] = laser_cell
    with searches_made() as made:
        found = find(initial_state(level), timeout=60, novelty=False)
    assert found.moves is None and found.exhausted
    searching, search = made[0], search_module()
    Lb, Bb, mb = searching.L0.copy(), searching.B0.copy(), searching.m0.copy()
    width, height = int(mb[WIDTH]), level.height
    with_laser = 0
    for record in range(int(searching.ctl[search.COUNT])):
        search.restore(searching.L0, searching.B0, searching.m0, searching.pool, searching.offset, record,
                       Lb, Bb, mb, searching.references)
        lasers = (Lb[0] == LASER).reshape(height, width)
        assert (mb[ROW_COUNTS:ROW_COUNTS + height] == lasers.sum(axis=1)).all(), record
        assert (mb[mb[COLUMN_COUNTS]:mb[COLUMN_COUNTS] + width] == lasers.sum(axis=0)).all(), record
        with_laser += int(lasers.any())
    assert 0 < with_laser < searching.ctl[search.COUNT], "the laser was never swapped in, or never out"


def test_records_kept_against_reference_boards_restore_the_boards_their_moves_lead_to():
    """mylevels/fig3.1: a toggle changes hundreds of cells, so records are kept against
    reference boards other than the start (search.NEAR). Records of every reference,
    restored, are the boards, bots and player's cell that their moves (each parent's walk and
    move, as the search hands a solution back) lead to on the reference engine."""
    from tests.escape_corpus import ESCAPE, corpus_present, load_level

    if not corpus_present():
        pytest.skip("../shared/corpus/escape is absent")
    import numpy as np

    from studio.games.escape.engine import initial_state, step
    from tests.test_escape_compiled_search import find, search_module, searches_made

    start = initial_state(load_level(ESCAPE / "levels" / "mylevels" / "fig3.1.esx"))
    with searches_made() as made:
        found = find(start, timeout=4, breadth_first=False)
    assert found.moves is None
    run, search = made[0], search_module()  # (the novelty order's search)
    cells = run.L0.shape[1]
    count = int(run.ctl[search.COUNT])
    assert run.ctl[search.REFERENCES] > 2, "no reference board besides the start was needed"
    nb = run.B0.shape[1]
    reference_of = np.array([run.pool[run.offset[r] + 1 + 3 * nb] for r in range(count)])
    sample = [int(np.nonzero(reference_of == ref)[0][-1]) for ref in np.unique(reference_of)]
    sample += list(range(1, count, max(1, count // 40)))
    Lb, Bb, mb = run.L0.copy(), run.B0.copy(), run.m0.copy()
    buffer = np.zeros(cells + 2, dtype=np.int64)
    for record in sample:
        steps, at = [], record
        while run.parent[at] >= 0:
            steps.append((int(run.parent[at]), int(run.label[at])))
            at = int(run.parent[at])
        state = start
        for parent_record, edge in reversed(steps):
            moves = search.walk_to(run.L0, run.B0, run.G, run.m0, run.scratch, run.work, run.zob, run.pool,
                                   run.offset, parent_record, edge, run.region_arrays, buffer, run.ctl,
                                   run.references)
            for move in buffer[moves - 1::-1]:
                state = step(state, int(move), False).state
        search.restore(run.L0, run.B0, run.m0, run.pool, run.offset, record, Lb, Bb, mb, run.references)
        assert bytes(Lb[0]) == bytes(state.tiles) and bytes(Lb[1]) == bytes(state.otiles), record
        assert bytes(Lb[2]) == bytes(state.flags), record
        assert [tuple(int(v) for v in Bb[:, i]) for i in range(nb)] == [tuple(bot) for bot in state.bots], record
        assert mb[search.GUY] == state.player, record
