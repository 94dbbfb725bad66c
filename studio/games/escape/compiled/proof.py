"""An exact shortest-solution search of an Escape level, compiled by numba: A* over
solve.py's space (an edge is a walk and then a move that changes something, costing
the walk plus one), on the compiled engine (kernel.py) and the any-solution search's
flood and records (search.py). What proves a solution shortest within seconds where
Python's A* needs minutes (tutorial lev152: 61,000 expansions, 14 s in Python).

A proof must not rest on a hash: two boards whose 64-bit hashes meet would be taken for
one and the search would skip positions it never searched. So positions are known
exactly. Each distinct board gets a number (``board_number``): its hash leads to the
table's slots, and a slot whose hash matches is only taken after its board (as the
record that first held it keeps it) is compared with this one byte for byte. A position
is then (board number, player's cell), and the best cost found for it is kept in a row
of costs per board (``costs``, two bytes a cell: twice the cost, plus one once it is
*settled*).

Settled: a position expanded, and every cell of its walk region at the walk's cost
(solve.py's transpositions: a later position of the same board in that region, reached
at no less, can do nothing that expansion did not do as cheaply: its region is part of
this one and no walk in it is shorter). A position taken from the queue is expanded only
while its cost is still exactly its row's (cheaper, or settled at that cost, and the
entry is stale).

The bound is admissible: reach.py's relaxed distance to an exit from the start's codes
(the most any later position allows), divided by the moves a player may be carried in
one (hugbots at the start, plus one), given per cell by the caller (``bound``); cells
with no way out prune. It need not be consistent: a position reached more cheaply later
is expanded again.

The search stops (``run``'s answers) with PROVEN when the least f queued is no less
than the ceiling (the shortest solution known: the caller's, or one this search found,
whose record and winning move ctl holds), with UNSURE when the engine could not settle
a move (kernel OVERFLOW) or a cost outgrew the rows, or with NEED_* for room.
"""

import numpy as np
from numba import njit

from studio.games.escape.compiled.boards import board_hash, words
from studio.games.escape.compiled.geography import PENDING, geography_of, signature
from studio.games.escape.compiled.kernel import GUY, OPEN, rules
from studio.games.escape.compiled.search import (
    COUNT, NEAR, OVERFLOWS, POOL_USED, REGION_SIZE, REFERENCES, _store, _try, flood, restore,
)

# ctl's fields past search.py's (CTL_SIZE 16)
BOARDS, CEILING, BEST_AT, BEST_LABEL, COLLISIONS, TAKEN, SETTLED, NEW_SLOT, QUEUED, LOWEST = range(16, 26)
PROOF_CTL_SIZE = 32
# run's answers
CHUNK_DONE, PROVEN, UNSURE, NEED_RECORDS, NEED_POOL, NEED_BOARDS, NEED_BOUNDS = range(7)
UNSEEN = 0xFFFF  # a cost row's cell no position has reached
MOST_COST = 30000  # costs past this do not fit a row (2 * cost + 1 < UNSEEN): UNSURE
FAR = 1 << 30  # the bound of a cell with no way out
KEPT = 64  # moves of a region whose positions are kept from the flood (run)


@rules()
def board_number(Lt, Bt, h, boards, numbers, first, pool, offset, references, costs, ctl):
    """The number of the board in ``Lt``/``Bt`` (hash ``h``): the slot's whose hash matches
    and whose board is this one byte for byte (``same_as_record``: the record that first
    held it), else a new number (``first`` set to -1, its cost row unseen)."""
    if h == 0:
        h = np.uint64(1)  # (0 marks an empty slot)
    mask = boards.shape[0] - 1
    slot = np.int64(h & np.uint64(mask))
    while True:
        here = boards[slot]
        if here == 0:
            break
        if here == h:
            number = numbers[slot]
            if same_as_record(Lt, Bt, pool, offset, first[number], references[0]):
                return number
            ctl[COLLISIONS] += 1  # (a different board with the same hash: it gets its own number)
        slot = (slot + 1) & mask
    number = ctl[BOARDS]
    ctl[BOARDS] = number + 1
    ctl[NEW_SLOT] = slot
    boards[slot] = h
    numbers[slot] = number
    first[number] = -1
    for c in range(costs.shape[1]):
        costs[number, c] = UNSEEN
    return number


@rules()
def same_as_record(Lt, Bt, pool, offset, record, reference_layers):
    """Is the board in ``Lt``/``Bt`` the board of ``record`` (search._store's: the player's
    cell, the bots, its reference board, the places where it differs from that)? Read
    from the record as it is kept, without restoring it: the bots, then the layers word by
    word against the reference, each place that differs being the record's next one."""
    at = offset[record] + 1
    for i in range(Bt.shape[1]):
        for row in range(3):
            if Bt[row, i] != pool[at]:
                return False
            at += 1
    base = reference_layers[pool[at]]
    changed = pool[at + 1]
    at += 2
    flat, other = Lt.reshape(Lt.size), base.reshape(base.size)
    size = 3 * Lt.shape[1]
    flat_words, other_words = words(flat, size), words(other, size)
    count = flat_words.shape[0]
    k = 0
    for w in range(count + 1):  # (then the bytes past the words)
        if w < count and flat_words[w] == other_words[w]:
            continue
        for place in range(w * 8, min(w * 8 + 8, size)):
            if flat[place] != other[place]:
                if k == changed or pool[at + k] != (place << 8) | flat[place]:
                    return False
                k += 1
    return k == changed


@rules()
def forget_board(boards, ctl):
    """Take back the board numbered last (its position was pruned, so no record holds it):
    the last key put in an open-addressed table breaks no other key's chain."""
    boards[ctl[NEW_SLOT]] = 0
    ctl[BOARDS] -= 1


@njit(cache=True, _nrt=True)
def renumber(boards, numbers, bigger, bigger_numbers):
    """The board table's slots into one twice as large (each number kept)."""
    mask = bigger.shape[0] - 1
    for slot in range(boards.shape[0]):
        h = boards[slot]
        if h == 0:
            continue
        at = np.int64(h & np.uint64(mask))
        while bigger[at] != 0:
            at = (at + 1) & mask
        bigger[at] = h
        bigger_numbers[at] = numbers[slot]


@rules(inline="always")
def _walk_length(came, cell):
    """The walk to ``cell`` in the region flooded last: its moves, along ``came``."""
    length = 0
    while came[cell] >= 0:
        cell = came[cell] // 8
        length += 1
    return length


@rules(inline="always")
def _queue(heads, links, ctl, record, f):
    """The queue is a stack of records for each f (a bucket queue: f is a small number),
    linked through ``links``: the last one queued at an f is taken first, which is the
    deepest as a rule (A*'s usual tie-break); four bytes a record, where a heap's entry
    took eight."""
    links[record] = heads[f]
    heads[f] = record
    ctl[QUEUED] += 1
    if f < ctl[LOWEST]:
        ctl[LOWEST] = f


@rules(inline="always")
def _lowest(heads, ctl):
    """The least f queued (from ctl[LOWEST] on: nothing is queued below it), or the
    ceiling or more when nothing below the ceiling is queued."""
    f = ctl[LOWEST]
    while f < ctl[CEILING] and heads[f] < 0:
        f += 1
    ctl[LOWEST] = f
    return f


@njit(cache=True, _nrt=True)
def seed(L0, B0, m0, pool, offset, parent, label, cost, board_of, ctl, links, heads, bound, boards, numbers,
         first, costs, references, ceiling):
    """The start as record 0 (and the first reference board), cost 0, queued;
    ``ceiling`` the length of a solution known (nothing shorter is looked for past it)."""
    reference_layers, reference_counters = references
    for row in range(L0.shape[0]):
        for c in range(L0.shape[1]):
            reference_layers[0, row, c] = L0[row, c]
    for c in range(m0.shape[0]):
        reference_counters[0, c] = m0[c]
    ctl[REFERENCES] = 1
    ctl[CEILING] = ceiling
    ctl[BEST_AT] = -1
    ctl[BEST_LABEL] = -1
    number = board_number(L0, B0, board_hash(L0, B0), boards, numbers, first, pool, offset, references, costs, ctl)
    _store(L0, L0, B0, m0, pool, offset, parent, label, ctl, -1, -1, references, 0)
    first[number] = 0
    cost[0] = 0
    board_of[0] = number
    costs[number, m0[GUY]] = 0
    heads[:] = -1
    ctl[LOWEST] = ceiling
    f = bound[m0[GUY]]
    if f < ceiling:
        _queue(heads, links, ctl, 0, f)


@njit(cache=True, _nrt=True)
def run(L0, B0, G, m0, W, work, zob, pool, offset, parent, label, cost, board_of, ctl, region_arrays, links,
        heads, bound, boards, numbers, first, costs, references, geography, work_budget):
    """A* until ``work_budget`` positions are taken from the queue; the answer says why
    it stopped (module docstring)."""
    Lb, Lw = work[0], work[1]
    Bb, Bw = B0.copy(), B0.copy()
    mb, mw = m0.copy(), m0.copy()
    seen, queue, came, edges = region_arrays[0], region_arrays[1], region_arrays[2], region_arrays[3]
    cells = L0.shape[1]
    walk = np.zeros(cells, dtype=np.int64)
    # every move's position kept (search.py keeps 4 and plays the others again: here the
    # moves past them were a quarter of the engine's work on tutorial lev163)
    Lk = np.empty((KEPT,) + Lb.shape, dtype=Lb.dtype)
    Bk = np.empty((KEPT,) + B0.shape, dtype=B0.dtype)
    mk = np.zeros((KEPT,) + m0.shape, dtype=m0.dtype)
    tables, info, geo_ctl, geo_table, geo_numbers, sigs, rows, pending, pending_L, pending_B, sig, geo_of = geography
    taken = 0
    while taken < work_budget:
        if ctl[OVERFLOWS]:
            return UNSURE
        if geo_ctl[PENDING]:
            return NEED_BOUNDS
        lowest = _lowest(heads, ctl)
        if ctl[QUEUED] == 0 or lowest >= ctl[CEILING]:
            return PROVEN  # (no position left could lead to a shorter solution: the bound is admissible)
        if offset.shape[0] - ctl[COUNT] < 4 * cells + 1:
            return NEED_RECORDS
        if first.shape[0] - ctl[BOARDS] < 4 * cells + 1 or 2 * (ctl[BOARDS] + 4 * cells + 1) > boards.shape[0]:
            return NEED_BOARDS
        record = heads[lowest]
        heads[lowest] = links[record]
        ctl[QUEUED] -= 1
        taken += 1
        ctl[TAKEN] += 1
        g = cost[record]
        number = board_of[record]
        start = pool[offset[record]]  # (a record starts with the player's cell: search._store)
        if costs[number, start] != 2 * g:
            continue  # (reached more cheaply since, or settled at this cost)
        reference = restore(L0, B0, m0, pool, offset, record, Lb, Bb, mb, references)
        region, edge_count, won = flood(Lb, Bb, mb, G, W, Lw, Bw, mw, ctl, zob[0], seen, queue, came, edges,
                                        Lk, Bk, mk)
        past_references = max(0, edge_count - (references[0].shape[0] - ctl[REFERENCES]))
        if pool.shape[0] - ctl[POOL_USED] < edge_count * (3 + 3 * B0.shape[1] + NEAR) + past_references * 3 * cells:
            _queue(heads, links, ctl, record, lowest)  # (taken again once the pool has grown)
            return NEED_POOL
        costs[number, start] = 2 * g + 1
        ctl[SETTLED] += 1
        if won >= 0:
            # The flood stopped at the first winning move, in walk order: no later move of
            # this region wins sooner, and its moves so far are the edges below.
            winning = g + _walk_length(came, won // 8) + 1
            if winning < ctl[CEILING]:
                ctl[CEILING] = winning
                ctl[BEST_AT] = record
                ctl[BEST_LABEL] = won
            for k in range(edge_count):
                walk[edges[k] // 8] = _walk_length(came, edges[k] // 8)
        else:
            walk[start] = 0
            for at in range(1, ctl[REGION_SIZE]):  # (in walk order: each cell's way in is known before it)
                cell = queue[at]
                d = walk[came[cell] // 8] + 1
                walk[cell] = d
                settled = g + d
                if settled <= MOST_COST and costs[number, cell] >> 1 >= settled:
                    costs[number, cell] = 2 * settled + 1
        ceiling = ctl[CEILING]
        for k in range(edge_count):
            edge = edges[k]
            child_cost = g + walk[edge // 8] + 1
            if child_cost >= ceiling:
                continue
            if child_cost > MOST_COST:
                ctl[OVERFLOWS] += 1
                return UNSURE
            if k < KEPT:
                Lt, Bt, mt = Lk[k], Bk[k], mk[k]
            else:
                Lt, Bt, mt = Lw, Bw, mw
                if _try(Lb, Bb, mb, G, W, Lt, Bt, mt, ctl, edge // 8, edge % 8) != OPEN:
                    continue  # (never: the flood found it open)
            cell = mt[GUY]
            f = child_cost + bound[cell]
            if f >= ceiling:
                continue
            child_board = board_number(Lt, Bt, board_hash(Lt, Bt), boards, numbers, first, pool, offset, references,
                                       costs, ctl)
            if costs[child_board, cell] >> 1 <= child_cost:
                continue
            new_board = first[child_board] < 0
            if new_board or geo_of[child_board] < 0:  # (its geography's row, once it is ready)
                signature(Lt, Bt, tables, info, geo_ctl, sig)
                geo_of[child_board] = geography_of(sig, geo_table, geo_numbers, sigs, rows, geo_ctl, pending,
                                                   Lt, Bt, pending_L, pending_B)
            if geo_of[child_board] >= 0:
                f = max(f, child_cost + rows[geo_of[child_board], cell])
                if f >= ceiling:
                    if new_board:
                        forget_board(boards, ctl)
                    continue
            costs[child_board, cell] = 2 * child_cost
            child = ctl[COUNT]
            _store(L0, Lt, Bt, mt, pool, offset, parent, label, ctl, record, edge, references, reference)
            if first[child_board] < 0:
                first[child_board] = child
            cost[child] = child_cost
            board_of[child] = child_board
            _queue(heads, links, ctl, child, f)
    return CHUNK_DONE
