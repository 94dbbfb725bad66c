"""A search for any solution of an Escape level, compiled by numba, on the compiled
engine's arrays (kernel.py): what an Escape solve runs first (solve._solve_compiled_first,
and solve.find_any_solution in the second process), Python's novelty search
(core.search_methods.novelty_first over solve.py's space) with tens of times as many
positions a second.

The space is solve.py's: an edge is a walk and then a move that changes something. The
player's walk region is found as in solve.py (the same quiet-walk rules in a quiet
position; elsewhere a move is a walk when the engine changes nothing but the player's
cell). Where only daleks and hugbots act, a step onto ground is known to be a walk without
the engine when each of them certainly stays put for the player's new cell
(``_chasers_stay``): a dalek in another room makes every step a try on the engine otherwise,
a copy and a comparison of the whole board each (mylevels/twotorial1: 2.6 times as many
positions a second in the novelty order). Two positions are one when their boards are the same and so is the set of cells
their players can walk to (each can then walk to the other): the key is a hash of the
board mixed with a hash of the region, so a position reached again anywhere in a region
already searched is searched once. Every other cell of a region searched is kept too
(the board's hash mixed with the cell's, in ``walked``; the cell it was entered at is
known by its position's own key), so that a position whose player stands in a region
already searched with the same board is dropped unsearched, when it is found or at the
latest when it is taken: every cell he can walk to from there is in that region, and so
is every move from them. (Breadth-first, lev1526 is solved in 1.1 s
instead of 4.8 s, lev161 in 2.2 s instead of 5.3 s.) Positions are taken novelty first,
then by guidance (ordering.py), or breadth-first by the number of edges; either way the
solution is *a* solution, which the caller shortens and never calls shortest.

Memory: every position found is kept (parent, the edge's label, and its difference from
the start in ``pool``), and the keys are 64-bit hashes in open-addressed tables; the
caller grows the arrays when a chunk of the search asks for room (``run``'s codes), and
when ``walked`` may grow no more it sets WALKED_FULL: the cells of later regions are then
not kept (the positions standing in them are searched, and found the same by their
region's key).
Every solution found is played on the reference engine by the caller before it is used.
"""

import numpy as np
from numba import njit

from studio.games.escape.compiled.boards import board_hash, copy_board, same_board, words
from studio.games.escape.compiled.kernel import (
    BLASTS, BOMB, DALEK, DOWN, EXIT, EXPLODED, GUY, HUGBOT, KILLED, LASER, LASERS, LEFT, NOTHING, OPEN, OVERFLOW,
    RIGHT, STAMP, TOUCHED, UP, WIDTH, WON, bot_at, count_laser, rules,
)
from studio.games.escape.compiled.ordering import (
    FAR, HEAP_SIZE, PAIRED, RECORD_BITS, guide, hearts_under_fire, novelty_class, pop, push,
)
from studio.games.escape.compiled.play import advance, laser_sees
from studio.games.escape.engine.moves import ENTER, blocked
from studio.games.escape.tiles import T
from studio.games.escape.walks import (
    BLOCK_STOPS, BOT_LANDS, NO_EFFECT, NOISY_TO_LEAVE, PUSHED_ONE_CELL, QUIET_GROUND,
)


def _table(tiles) -> np.ndarray:
    row = np.zeros(256, dtype=np.uint8)
    for tile in tiles:
        row[int(tile)] = 1
    return row


GROUND, NOISY, INERT, ONE_CELL, STOPS = (
    _table(QUIET_GROUND), _table(NOISY_TO_LEAVE), _table(NO_EFFECT), _table(PUSHED_ONE_CELL), _table(BLOCK_STOPS))
ENTERED = _table(t for t in range(64) if ENTER[t] is not blocked)
BOT_LANDS_ON = _table(BOT_LANDS)
PANEL, TRANSPORT, HEARTFRAMER = int(T.PANEL), int(T.TRANSPORT), int(T.HEARTFRAMER)

# ctl's fields (ordering.HEAP_SIZE is the next)
COUNT, POOL_USED, KEYS, FOUND_AT, FOUND_LABEL, EXPANDED, STAMP_NOW, DUPLICATES, TRIES = range(HEAP_SIZE)
WALKED, WALKED_FULL, REGION_SIZE, NEXT_RECORD = HEAP_SIZE + 1, HEAP_SIZE + 2, HEAP_SIZE + 3, HEAP_SIZE + 4
REFERENCES = HEAP_SIZE + 5  # reference boards in use (the start is the first)
# moves the engine could not settle (a motion past its scratch space), taken as changing
# nothing: counted, so that the exact search (proof.py) knows its proof is not one
OVERFLOWS = HEAP_SIZE + 6
CTL_SIZE = 16
KEPT_MOVES = 4  # a flood's first moves that change something, kept for its expansion
# A record is kept as its differences from a reference board: the start, or the board of an
# earlier record once the positions drift further than this from both the start and their
# parent's reference (a button that toggles hundreds of cells made every record hold them all)
NEAR = 64
# run's orders: breadth-first; novelty, each position placed by its own guidance; novelty,
# each placed by its parent's (deferred: one guide a position taken, not one a position found)
BREADTH_FIRST, NOVELTY, NOVELTY_DEFERRED = range(3)
# run's answers
CHUNK_DONE, FOUND, EXHAUSTED, NEED_RECORDS, NEED_POOL, NEED_KEYS, NEED_WALKED = range(7)


@rules()
def _quiet(L, B, G):
    """solve._quiet: nothing acts on its own after a move (chasers boxed in cannot)."""
    return _only_chasers_act(B) and _chasers_boxed_in(L, B, G)


@rules()
def _only_chasers_act(B):
    """Do only chasers act on their own (no blast, no lit fuse)? Where they do and are not
    boxed in, a step is still a walk wherever they stay put (``_chasers_stay``)."""
    for i in range(B.shape[1]):
        kind = B[0, i]
        if kind == EXPLODED or (kind >= BOMB and B[2, i] >= 0):
            return False
    return True


@rules()
def _chasers_boxed_in(L, B, G):
    """Can no dalek or hugbot move, wherever the player stands (solve._quiet's fixed point)?
    The chasers still taken to be boxed in are the bits of a word (a level holds at most 15
    bots; with more than a word's, none is taken to be)."""
    boxed = 0
    for i in range(B.shape[1]):
        if B[0, i] == DALEK or B[0, i] == HUGBOT:
            if i >= 63:
                return False
            boxed |= 1 << i
    shrinking = True
    while shrinking and boxed:
        shrinking = False
        for i in range(B.shape[1]):
            if boxed >> i & 1 and not _boxed(L, B, G, i, boxed):
                boxed &= ~(1 << i)
                shrinking = True
    for i in range(B.shape[1]):
        if (B[0, i] == DALEK or B[0, i] == HUGBOT) and not boxed >> i & 1:
            return False
    return True


@rules()
def _boxed(L, B, G, bot, fellows):
    """solve._boxed, its fellows the bots whose bits are set in ``fellows``: each way out is
    certainly blocked, or (for a hugbot) a fellow it cannot push stands there."""
    cell = B[1, bot]
    hugbot = B[0, bot] == HUGBOT
    for direction in range(1, 5):
        if _certainly_blocked(L, G, cell, direction):
            continue
        there = G[direction, cell]
        beyond = G[direction, there]
        if hugbot and (beyond < 0 or not BOT_LANDS_ON[L[0, beyond]]):
            fellow = False
            for j in range(B.shape[1]):
                if fellows >> j & 1 and B[1, j] == there:
                    fellow = True
            if fellow:
                continue
        return False
    return True


@rules(inline="always")
def _certainly_blocked(L, G, cell, direction):
    """One way out of ``cell`` no bot can take: off the board, a tile nobody enters, or a
    block pushed one cell with nothing a block could go onto behind it."""
    there = G[direction, cell]
    if there < 0:
        return True
    tile = L[0, there]
    if not ENTERED[tile]:
        return True
    if not ONE_CELL[tile]:
        return False
    beyond = G[direction, there]
    return beyond < 0 or STOPS[L[0, beyond]]


@rules()
def _chasers_stay(L, B, G, width, guy):
    """Does no dalek or hugbot move when the player has stepped onto ``guy``? Each tries
    the way along the row towards him, then (that failing) along the column (play.chase):
    it stays when both ways it tries are certainly blocked. (Then the step changes nothing
    but the player's cell, as the engine would find at many times the cost on a large board.)"""
    gx, gy = guy % width, guy // width
    for i in range(B.shape[1]):
        kind = B[0, i]
        if kind != DALEK and kind != HUGBOT:
            continue
        cell = B[1, i]
        bx, by = cell % width, cell // width
        if bx != gx and not _certainly_blocked(L, G, cell, RIGHT if gx > bx else LEFT):
            return False
        if by != gy and not _certainly_blocked(L, G, cell, DOWN if gy > by else UP):
            return False
    return True


@rules()
def _safe_to_stand(L, B, m, cell):
    if bot_at(B, cell) >= 0 or L[0, cell] == PANEL or L[0, cell] == EXIT:
        return False
    return not (m[LASERS] and laser_sees(L, B, m, cell))


@rules()
def _try(Lb, Bb, mb, G, W, Lw, Bw, mw, ctl, cell, direction):
    """The move ``direction`` from ``cell`` on a copy of the base position (into Lw, Bw, mw)."""
    copy_board(Lw, Bw, mw, Lb, Bb, mb)
    mw[GUY] = cell
    mw[STAMP] = ctl[STAMP_NOW]
    ctl[TRIES] += 1
    outcome = advance(Lw, Bw, G, mw, W, direction)
    ctl[STAMP_NOW] = mw[STAMP]
    if mw[OVERFLOW]:
        ctl[OVERFLOWS] += 1
        return NOTHING
    return outcome


@rules(inline="always")
def _slot(table, key):
    """Where ``key`` is in the open-addressed set (0 marks an empty slot), or the empty slot
    where it would go."""
    mask = table.shape[0] - 1
    slot = np.int64(key & np.uint64(mask))
    while True:
        here = table[slot]
        if here == 0 or here == key:
            return slot
        slot = (slot + 1) & mask


@rules()
def insert_key(table, ctl, key, count=KEYS):
    """Add ``key`` to the set, counted in ctl[count]; False if it was there."""
    if key == 0:
        key = np.uint64(1)  # (0 marks an empty slot)
    slot = _slot(table, key)
    if table[slot] == key:
        return False
    table[slot] = key
    ctl[count] += 1
    return True


@rules()
def has_key(table, key):
    if key == 0:
        key = np.uint64(1)
    return table[_slot(table, key)] == key


@njit(cache=True, _nrt=True)
def insert_keys(table, ctl, keys, count):
    for key in keys:
        insert_key(table, ctl, key, count)


@rules(inline="always")
def _walked(target, came_by, stamp, seen, came, queue, size, region, zob):
    """The walk region takes ``target``, reached by ``came_by`` (cell * 8 + direction), if
    it has not yet: its size and hash after."""
    if seen[target] == stamp:
        return size, region
    seen[target] = stamp
    came[target] = came_by
    queue[size] = target
    return size + 1, region ^ zob[target]


@rules()
def flood(Lb, Bb, mb, G, W, Lw, Bw, mw, ctl, zob, seen, queue, came, edges, Lk, Bk, mk):
    """The walk region of the base position: its cells in ``queue``, how each was reached
    in ``came`` (cell * 8 + direction, -1 for the start), and the moves that change
    something, as cell * 8 + direction, in ``edges``, the positions after the first of
    them kept in ``Lk``, ``Bk`` and ``mk`` (as many as they hold). Returns the hash of the
    region, the number of those moves, and a winning move's label or -1 (the region's
    size in ctl[REGION_SIZE])."""
    stamp = ctl[EXPANDED] + 1
    ctl[EXPANDED] = stamp
    start = mb[GUY]
    seen[start] = stamp
    came[start] = -1
    queue[0] = start
    size, at, edge_count = 1, 0, 0
    region = zob[start]
    only_chasers = _only_chasers_act(Bb)
    quiet = only_chasers and _chasers_boxed_in(Lb, Bb, G)
    chasers = only_chasers and not quiet  # (a step is still a walk where they stay put)
    width = mb[WIDTH]
    while at < size:
        cell = queue[at]
        at += 1
        leaves_quietly = (quiet or chasers) and not NOISY[Lb[0, cell]]
        for direction in range(1, 5):
            there = G[direction, cell]
            if there < 0:
                continue
            tile = Lb[0, there]
            if INERT[tile]:
                continue
            if leaves_quietly:
                target = -1
                if GROUND[tile]:
                    if _safe_to_stand(Lb, Bb, mb, there):
                        target = there
                elif tile == TRANSPORT and bot_at(Bb, there) < 0:
                    dest = G[0, there]
                    if _safe_to_stand(Lb, Bb, mb, dest):
                        target = dest
                if target >= 0 and (quiet or _chasers_stay(Lb, Bb, G, width, target)):
                    size, region = _walked(target, cell * 8 + direction, stamp, seen, came, queue, size, region, zob)
                    continue
            if ONE_CELL[tile]:
                beyond = G[direction, there]
                if beyond < 0 or STOPS[Lb[0, beyond]]:
                    continue  # a push that certainly moves nothing
            if edge_count < Lk.shape[0]:  # (tried where it is kept if it changes something)
                Lt, Bt, mt = Lk[edge_count], Bk[edge_count], mk[edge_count]
            else:
                Lt, Bt, mt = Lw, Bw, mw
            outcome = _try(Lb, Bb, mb, G, W, Lt, Bt, mt, ctl, cell, direction)
            if outcome == WON:
                return region, edge_count, cell * 8 + direction
            if outcome != OPEN:
                continue
            target = mt[GUY]
            if same_board(Lt, Bt, Lb, Bb):
                if target != cell:
                    size, region = _walked(target, cell * 8 + direction, stamp, seen, came, queue, size, region, zob)
                continue
            edges[edge_count] = cell * 8 + direction
            edge_count += 1
    ctl[REGION_SIZE] = size
    return region, edge_count, -1


@rules()
def restore(L0, B0, m0, parent_pool, offset, record, Lb, Bb, mb, references):
    """The position of ``record`` into the base arrays; its reference board's number."""
    reference_layers, reference_counters = references
    at = offset[record]
    reference = parent_pool[at + 1 + 3 * B0.shape[1]]
    base = reference_layers[reference]
    copy_board(Lb, Bb, mb, base, B0, reference_counters[reference])  # (the bots then come from the record)
    flat = Lb.reshape(Lb.size)
    mb[GUY] = parent_pool[at]
    at += 1
    for i in range(B0.shape[1]):
        for row in range(3):
            Bb[row, i] = parent_pool[at]
            at += 1
    at += 1  # (the reference)
    changed = parent_pool[at]
    at += 1
    cells = L0.shape[1]
    lasers = m0[LASERS]
    for k in range(changed):
        code = parent_pool[at + k]
        place, tile = code >> 8, code & 0xFF
        if lasers and place < cells:  # (the reference's counts of lasers by row and column, kept up)
            if base[0, place] == LASER:
                count_laser(mb, place, -1)
            if tile == LASER:
                count_laser(mb, place, 1)
        flat[place] = tile
    mb[KILLED] = 0
    mb[TOUCHED] = 0
    mb[BLASTS] = 0
    mb[OVERFLOW] = 0
    return reference


@rules(inline="always")
def _write_differences(L, base, pool, at, size, most):
    """The first ``size`` bytes of the layers where ``L`` differs from ``base``, written to
    the pool from ``at`` as place << 8 | tile, a word at a time (few differ); how many,
    or ``most`` + 1 as soon as there are more than ``most``."""
    flat, other = L.reshape(L.size), base.reshape(base.size)
    flat_words, other_words = words(flat, size), words(other, size)
    count = flat_words.shape[0]
    written = 0
    for w in range(count + 1):  # (then the bytes past the words)
        if w < count and flat_words[w] == other_words[w]:
            continue
        for place in range(w * 8, min(w * 8 + 8, size)):
            if flat[place] != other[place]:
                if written == most:
                    return most + 1
                pool[at + written] = (place << 8) | flat[place]
                written += 1
    return written


@rules()
def _store(L0, Lw, Bw, mw, pool, offset, parent, label, ctl, from_record, edge, references, parent_reference):
    """Append the position in the work arrays as a new record (``run`` has made room): the
    player's cell, the bots, the reference board it is kept against, and the cells where it
    differs from that. The reference is its parent's while it differs from that in at most
    NEAR cells, else the start if near that, else (while there is room) a new reference,
    its own board; with no room left, the start."""
    reference_layers, reference_counters = references
    record = ctl[COUNT]
    at = ctl[POOL_USED]
    size = 3 * L0.shape[1]
    offset[record] = at
    pool[at] = mw[GUY]
    at += 1
    for i in range(Bw.shape[1]):
        for row in range(3):
            pool[at] = Bw[row, i]
            at += 1
    reference_at = at
    at += 2  # (the reference, then how many cells differ from it)
    reference = parent_reference
    changed = _write_differences(Lw, reference_layers[reference], pool, at, size, NEAR)
    if changed > NEAR and reference != 0:
        reference = 0
        changed = _write_differences(Lw, L0, pool, at, size, NEAR)
    if changed > NEAR:
        if ctl[REFERENCES] < reference_layers.shape[0]:
            reference = ctl[REFERENCES]
            ctl[REFERENCES] = reference + 1
            for row in range(Lw.shape[0]):
                for c in range(Lw.shape[1]):
                    reference_layers[reference, row, c] = Lw[row, c]
            for c in range(mw.shape[0]):
                reference_counters[reference, c] = mw[c]
            changed = 0
        else:
            changed = _write_differences(Lw, L0, pool, at, size, size)
    pool[reference_at] = reference
    pool[reference_at + 1] = changed
    ctl[POOL_USED] = at + changed
    parent[record] = from_record
    label[record] = edge
    ctl[COUNT] = record + 1


@njit(cache=True, _nrt=True)
def run(L0, B0, G, m0, W, work, zob, table, walked, pool, offset, parent, label, ctl, region_arrays, heap,
        stages, atoms, guide_tables, references, order, work_budget):
    """Positions searched until ``work_budget`` units of work are done (a position taken and
    a move tried on the engine are one each: a chunk's time follows them closely, 1.2 to
    1.9 us a try on regression/worstcase, where the moves tried a position range from 1
    to hundreds); the answer says why it stopped
    (CHUNK_DONE, FOUND: ctl[FOUND_AT] and ctl[FOUND_LABEL] hold the winning move,
    EXHAUSTED, or NEED_*: grow that array and call again). In ``order`` NOVELTY, best-first
    by novelty (core.search_methods.novelty_first): positions that made some fact true for
    the first time in their stage (``ordering.novelty_class``) go first, then by ``guide``.
    NOVELTY_DEFERRED is the same with each position's stage and guidance its parent's (the
    guide then runs once a position taken instead of once a position found: ten times
    fewer on mylevels/idea2; the two orders solve different levels, idea2 in 0.3 s
    instead of 10). BREADTH_FIRST: breadth-first."""
    novelty = order != BREADTH_FIRST
    deferred = order == NOVELTY_DEFERRED
    Lb, Lw = work[0], work[1]
    Bb, Bw = B0.copy(), B0.copy()
    mb, mw = m0.copy(), m0.copy()
    seen, queue, came, edges = region_arrays[0], region_arrays[1], region_arrays[2], region_arrays[3]
    cells = L0.shape[1]
    exact = zob[1]
    record_mask = (1 << RECORD_BITS) - 1
    changes = np.zeros((4, 64), dtype=np.int64)  # (novelty_class's: ordering.novelty_class)
    # the positions after the first moves of a flood, played again only past these
    Lk = np.empty((KEPT_MOVES,) + Lb.shape, dtype=Lb.dtype)
    Bk = np.empty((KEPT_MOVES,) + B0.shape, dtype=B0.dtype)
    mk = np.zeros((KEPT_MOVES,) + m0.shape, dtype=m0.dtype)  # (copy_board leaves the laser counts)
    hearts = False  # guide.py's heart framers under fire: a level whose way out is a sleeping door
    for c in range(cells):
        if L0[0, c] == HEARTFRAMER or L0[1, c] == HEARTFRAMER:
            hearts = True
    tries_before, taken = ctl[TRIES], 0
    code = np.int64(0)  # (the heap's entry of the position taken)
    while taken + ctl[TRIES] - tries_before < work_budget:
        taken += 1
        if offset.shape[0] - ctl[COUNT] < 4 * cells + 1:
            return NEED_RECORDS
        if 2 * (ctl[KEYS] + 4 * cells + 1) > table.shape[0]:
            return NEED_KEYS
        if not ctl[WALKED_FULL] and 2 * (ctl[WALKED] + cells + 1) > walked.shape[0]:
            return NEED_WALKED
        if novelty:
            if ctl[HEAP_SIZE] == 0:
                return EXHAUSTED
            code = pop(heap, ctl)
            record = code & record_mask
        else:  # (breadth-first takes the records in the order they were stored: no heap)
            if ctl[NEXT_RECORD] == ctl[COUNT]:
                return EXHAUSTED
            record = ctl[NEXT_RECORD]
            ctl[NEXT_RECORD] += 1
        reference = restore(L0, B0, m0, pool, offset, record, Lb, Bb, mb, references)
        board = board_hash(Lb, Bb)
        if ctl[WALKED] and has_key(walked, board ^ exact[mb[GUY]]):  # (a region already searched)
            ctl[DUPLICATES] += 1
            continue
        region, edge_count, won = flood(Lb, Bb, mb, G, W, Lw, Bw, mw, ctl, zob[0], seen, queue, came, edges,
                                        Lk, Bk, mk)
        if won >= 0:
            ctl[FOUND_AT] = record
            ctl[FOUND_LABEL] = won
            return FOUND
        # Room for its children at their largest (_store: NEAR cells each, or every cell
        # for those past the new references left), asked for only now that their number
        # is known: else it is taken again after. (Every cell's moves' worth, 31 million
        # entries on a 54x30 board, made a search grow its pool for its first half second.)
        past_references = max(0, edge_count - (references[0].shape[0] - ctl[REFERENCES]))
        if pool.shape[0] - ctl[POOL_USED] < edge_count * (3 + 3 * B0.shape[1] + NEAR) + past_references * 3 * cells:
            if novelty:
                push(heap, ctl, code)
            else:
                ctl[NEXT_RECORD] -= 1
            return NEED_POOL
        # A region of one cell is this position alone, already known by its own key (as is
        # the cell a region is entered at): where nothing can walk (bots that move every
        # turn) the region's key and the set of cells walked would only cost lookups.
        if ctl[REGION_SIZE] > 1:
            if not insert_key(table, ctl, board ^ region):
                ctl[DUPLICATES] += 1
                continue
            if not ctl[WALKED_FULL]:
                for at in range(1, ctl[REGION_SIZE]):
                    insert_key(walked, ctl, board ^ exact[queue[at]], WALKED)
        stage = stages[record] & (PAIRED - 1)
        paired = stages[record] & PAIRED != 0
        changes[2, 0] = 0  # (this position's changes not listed yet)
        fresh_stage = False
        own = 0
        if deferred:  # (this position's own guidance places its children)
            own = _guidance(Lb, Bb, mb, guide_tables, hearts)
            fresh_stage = own // 4096 != stage
            stage = own // 4096
        # (moves past the kept ones are played again: keeping 32 saved more replays but
        # was measured no faster)
        for k in range(edge_count):
            edge = edges[k]
            if k < KEPT_MOVES:
                Lt, Bt, mt = Lk[k], Bk[k], mk[k]
            else:
                Lt, Bt, mt = Lw, Bw, mw
                if _try(Lb, Bb, mb, G, W, Lt, Bt, mt, ctl, edge // 8, edge % 8) != OPEN:
                    continue
            key = board_hash(Lt, Bt) ^ exact[mt[GUY]]
            if (ctl[WALKED] and has_key(walked, key)) or not insert_key(table, ctl, key):
                continue
            child = ctl[COUNT]
            _store(L0, Lt, Bt, mt, pool, offset, parent, label, ctl, record, edge, references, reference)
            if novelty:
                if deferred:
                    guidance = own
                    same_stage = not fresh_stage
                else:
                    guidance = _guidance(Lt, Bt, mt, guide_tables, hearts)
                    same_stage = guidance // 4096 == stage
                child_stage = guidance // 4096
                stale = novelty_class(Lt, Bt, mt, Lb, Bb, mb, L0, B0, atoms, child_stage, same_stage, paired, changes)
                stages[child] = child_stage | (PAIRED if stale else 0)
                push(heap, ctl, (((stale << 7) + child_stage) << 12 | (guidance % 4096)) << RECORD_BITS | child)
    return CHUNK_DONE


@rules(inline="always")
def _guidance(L, B, m, guide_tables, hearts):
    guidance = guide(L, m[GUY], guide_tables)
    if hearts:
        guidance = min(guidance + 4096 * hearts_under_fire(L, B, m), (FAR - 1) * 4096 + 4095)
    return guidance


@rules()
def seed(L0, B0, m0, zob, table, pool, offset, parent, label, ctl, heap, stages, guide_tables, references):
    """The start as record 0, its key taken, first in the heap; the start as the first
    reference board."""
    reference_layers, reference_counters = references
    for row in range(L0.shape[0]):
        for c in range(L0.shape[1]):
            reference_layers[0, row, c] = L0[row, c]
    for c in range(m0.shape[0]):
        reference_counters[0, c] = m0[c]
    ctl[REFERENCES] = 1
    insert_key(table, ctl, board_hash(L0, B0) ^ zob[1][m0[GUY]])
    _store(L0, L0, B0, m0, pool, offset, parent, label, ctl, -1, -1, references, 0)
    stages[0] = guide(L0, m0[GUY], guide_tables) // 4096
    push(heap, ctl, 0)


@njit(cache=True, _nrt=True)
def walk_to(L0, B0, G, m0, W, work, zob, pool, offset, record, edge, region_arrays, moves, ctl, references):
    """The moves from ``record``'s position along its walk to the edge's cell, then the
    edge's move, into ``moves`` (reversed); their count. (``ctl`` is the search's: its
    stamps go on rising.)"""
    Lb, Lw = work[0], work[1]
    Bb, Bw = B0.copy(), B0.copy()
    mb, mw = m0.copy(), m0.copy()
    seen, queue, came, edges = region_arrays[0], region_arrays[1], region_arrays[2], region_arrays[3]
    restore(L0, B0, m0, pool, offset, record, Lb, Bb, mb, references)
    flood(Lb, Bb, mb, G, W, Lw, Bw, mw, ctl, zob[0], seen, queue, came, edges,
          np.empty((0,) + Lb.shape, dtype=Lb.dtype), np.empty((0,) + B0.shape, dtype=B0.dtype),
          np.empty((0,) + m0.shape, dtype=m0.dtype))
    count = 0
    moves[count] = edge % 8
    count += 1
    cell = edge // 8
    while came[cell] >= 0:
        moves[count] = came[cell] % 8
        count += 1
        cell = came[cell] // 8
    return count
