"""The order in which the compiled search (search.py) takes positions: its compiled
copies of the Python search's guidance (guide.py, simplified) and novelty facts
(novelty.py, core.search_methods.novelty_first), and the binary heap they key.

A heap entry is one int64: the position's novelty class (0: a fact new in its stage, 1: a
new pair of its changes, 2: neither), its stage (obstacles on the way out), the moves
on that way, then its record number (RECORD_BITS), so that the smallest is taken first
and ties go to the older position.
"""

import numpy as np

from studio.games.escape.compiled.boards import words
from studio.games.escape.compiled.kernel import EXIT, GUY, LASERS, rules
from studio.games.escape.compiled.play import laser_sees
from studio.games.escape.guide import OPEN_NOW as OPEN_NOW_TILES
from studio.games.escape.reach import EXIT as MAY_EXIT
from studio.games.escape.reach import STAND as MAY_STAND
from studio.games.escape.reach import TELEPORT as MAY_TELEPORT
from studio.games.escape.tiles import T

OPEN_NOW = np.frombuffer(OPEN_NOW_TILES, dtype=np.uint8).copy()  # (the player gets in now)
HEARTFRAMER = int(T.HEARTFRAMER)
FAR = 127  # obstacles on the way to an exit when there is no way (guide)
ATOM_BITS = 22  # the novelty table's size, 2 ** ATOM_BITS (facts are hashed into it with their stage)
RECORD_BITS = 40
PAIRED = 1 << 8  # beside a record's stage (search.run's stages): it marked every pair of its changes in that stage
HEAP_SIZE = 9  # (search.py's ctl field that holds the heap's size)


GUIDE_MAPS = 1024  # guide's maps kept, one a set of closed cells (a direct-mapped cache)


def guide_graph(G, codes, cells: int) -> tuple:
    """What ``guide`` reads and never changes, made once a level and shared by the
    searches: the cells' hashes for its maps' keys, every cell's comers (the cells from
    which the way takes one step into it, as compressed rows: starts, comers), and
    ``codes`` (reach.py's codes of the start, the most any later position allows)."""
    pairs = []
    for cell in range(cells):
        for direction in range(1, 5):
            there = int(G[direction, cell])
            if there < 0:
                continue
            if codes[there] & MAY_TELEPORT and not codes[there] & MAY_STAND:
                there = int(G[0, there])
                if there < 0:
                    continue
            elif not codes[there] & (MAY_STAND | MAY_EXIT):
                continue
            pairs.append((there, cell))
    pairs.sort()
    starts = np.zeros(cells + 1, dtype=np.int64)
    for there, _ in pairs:
        starts[there + 1] += 1
    starts = np.cumsum(starts)
    comers = np.array([cell for _, cell in pairs], dtype=np.int64)
    closed_keys = np.random.default_rng(cells).integers(1, 2 ** 63, size=cells, dtype=np.int64).astype(np.uint64)
    return closed_keys, starts, comers, codes


def guide_tables(graph: tuple, maps: int = GUIDE_MAPS) -> tuple:
    """One search's ``guide`` tables: its own maps (int32, ``maps`` x cells), their keys
    and a heap's room, then the shared ``guide_graph``."""
    closed_keys, starts, comers, codes = graph
    cells = closed_keys.shape[0]
    return (np.zeros((maps, cells), dtype=np.int32), np.zeros(maps, dtype=np.uint64), closed_keys, starts, comers,
            np.zeros(comers.shape[0] + cells + 1, dtype=np.int64), codes)


@rules()
def guide(L, player, tables):
    """guide.ObstacleGuide, simplified: the fewest cells closed now (a raised floor, a hole,
    a cell a panel must swap...) on a way from the player to a cell that may ever be an
    exit, through cells he may ever stand on, then the length of that way, as obstacles
    * 4096 + moves (FAR obstacles when there is none). ``tables``: ``guide_tables``.

    Every cell's answer depends only on which cells are closed now, and most moves open
    or close none (a block pushed leaves its cell and enters another, both open), so the
    answers for a set of closed cells are found at once, by Dijkstra backwards from the
    exits, and kept (tables' maps, by a hash of the closed cells): the novelty searches
    then take up to 18% more positions a second than with a search from the player for
    each (mylevels sat2 18%, idea2 and e 6%, touch none; the same positions)."""
    maps, map_keys, closed_keys, starts, comers, heap, codes = tables
    cells = L.shape[1]
    key = np.uint64(0x9E3779B97F4A7C15)
    for c in range(cells):
        if not OPEN_NOW[L[0, c]]:
            key ^= closed_keys[c]
    slot = np.int64(key & np.uint64(maps.shape[0] - 1))
    costs = maps[slot]
    if map_keys[slot] != key:
        map_keys[slot] = key
        _costs_to_exit(L, codes, starts, comers, heap, costs)
    here = np.int64(costs[player])
    if here >= FAR * 4096:
        return FAR * 4096
    return min(here // 4096, FAR - 1) * 4096 + min(here % 4096, 4095)


@rules()
def _costs_to_exit(L, codes, starts, comers, heap, costs):
    """Every cell's least obstacles * 4096 + moves to a cell that may be an exit (FAR *
    4096 and more where there is none): entering a cell costs a move, and 4096 more when
    it is closed now. A heap entry is cost << 24 | cell; each cell enters it once a time
    its cost drops, at most once an edge, so ``heap`` needs comers + cells entries."""
    cells = L.shape[1]
    size = 0
    for c in range(cells):
        costs[c] = FAR * 4096
        if codes[c] & MAY_EXIT:
            costs[c] = 0
            heap[size] = c  # (all costs 0, in rising order: already a heap)
            size += 1
    while size > 0:
        entry = heap[0]
        size -= 1
        _sift_down(heap, size, heap[size])
        cell, here = entry & 0xFFFFFF, entry >> 24
        if here > costs[cell]:
            continue  # (reached more cheaply since it was put here)
        step = here + 1 + (0 if OPEN_NOW[L[0, cell]] else 4096)
        if step >= FAR * 4096:
            continue
        for k in range(starts[cell], starts[cell + 1]):
            comer = comers[k]
            if costs[comer] > step:
                costs[comer] = step
                _sift_up(heap, size, (step << 24) | comer)
                size += 1


@rules()
def hearts_under_fire(L, B, m):
    """guide._hearts_under_fire: with no exit on either layer (the way out is a sleeping
    door, which wakes once every heart framer is taken), the heart framers a laser sees."""
    count = 0
    for c in range(L.shape[1]):
        if L[0, c] == EXIT or L[1, c] == EXIT:
            return 0
        if L[0, c] == HEARTFRAMER and m[LASERS] and laser_sees(L, B, m, c):
            count += 1
    return count


@rules(inline="always")
def _atom_is_new(atoms, stage, atom):
    index = ((np.uint64(stage) * np.uint64(0x9E3779B97F4A7C15)) ^ (np.uint64(atom) * np.uint64(0xC2B2AE3D27D4EB4F)))
    index = np.int64(index >> np.uint64(64 - ATOM_BITS))
    if atoms[index]:
        return False
    atoms[index] = 1
    return True


@rules()
def _count_of(L, row, tile):
    count = 0
    for c in range(L.shape[1]):
        if L[row, c] == tile:
            count += 1
    return count


@rules()
def novelty_class(Lw, Bw, mw, Lb, Bb, mb, L0, B0, atoms, stage, same_stage, parent_paired, changes):
    """novelty.PositionFacts and core.search_methods.novelty_first, compiled: 0 when the
    position in the work arrays makes some fact true for the first time in its stage (its
    obstacles on the way out): a tile on a cell (either layer), how many of a tile a layer
    holds, the player's cell, a bot's cell, type and data; else 1 when it makes some pair
    of its changes true together for the first time (the tiles and bots that differ from
    the start, and the player's cell); else 2. Given ``same_stage`` (its parent's stage is
    its own), only the facts that differ from the parent's are looked at; given
    ``parent_paired`` too (the parent's class was 1 or 2: it marked every pair of its own
    changes), only the pairs with a change the parent lacked. Marks what it sees. (The
    circuit facts are left out.) ``changes``: room for ``_changes_from_start``'s lists,
    the parent's after the position's (row 2 says whether the parent's is there: ``run``
    clears it for each position taken)."""
    cells = Lw.shape[1]
    novel = False
    count_base = 3 * cells * 64 + (1 << 30)
    # (the two layers' bytes a word at a time where only the differences count: on a large
    # board most words are alike, and a byte at a time this took a third of the search)
    size = 2 * cells
    flat, parents = Lw.reshape(Lw.size), Lb.reshape(Lb.size)
    flat_words, parent_words = words(flat, size), words(parents, size)
    count = flat_words.shape[0]
    for w in range(count + 1):
        if same_stage and w < count and flat_words[w] == parent_words[w]:
            continue
        for place in range(w * 8, min(w * 8 + 8, size)):
            tile = flat[place]
            before = parents[place]
            if not same_stage or tile != before:
                if _atom_is_new(atoms, stage, place * 64 + (tile & 63)):
                    novel = True
                if tile != before:
                    row = 0 if place < cells else 1
                    for kind in (tile, before):
                        if _atom_is_new(atoms, stage, count_base + (row * 64 + (kind & 63)) * 4096
                                        + _count_of(Lw, row, kind)):
                            novel = True
    guy = mw[GUY]
    if _atom_is_new(atoms, stage, 2 * cells * 64 + guy):
        novel = True
    for i in range(Bw.shape[1]):
        moved = Bw[0, i] != Bb[0, i] or Bw[1, i] != Bb[1, i] or Bw[2, i] != Bb[2, i]
        if (moved or not same_stage) and _atom_is_new(atoms, stage, _bot_fact(Bw, i, cells)):
            novel = True
    if novel:
        return 0
    own, theirs = changes[0], changes[1]
    found = _changes_from_start(Lw, Bw, mw, L0, B0, own)
    # A pair of two changes the parent had too was marked when the parent was (in this
    # stage): on mylevels/fig3.1, where a button toggles hundreds of cells, the pairs of
    # its first 63 changes were half the novelty search's time, and nearly all were old.
    skip_old = same_stage and parent_paired
    if skip_old:
        if not changes[2, 0]:
            changes[2, 0] = 1
            changes[2, 1] = _changes_from_start(Lb, Bb, mb, L0, B0, theirs)
        _mark_had(own, found, theirs, changes[2, 1], changes[3])
    had = changes[3]
    pairs_new = False
    for i in range(found):
        if skip_old and had[i]:
            continue  # (its pairs with the fresh ones are looked at from them)
        for j in range(0 if skip_old else i + 1, found):
            if j == i or (j < i and not had[j]):
                continue  # (a pair of two fresh ones, looked at once, from the first)
            first, second = (own[i], own[j]) if i < j else (own[j], own[i])
            if _atom_is_new(atoms, stage, (1 << 62) + first * 0x1F3D5B79 + second):
                pairs_new = True
    return 1 if pairs_new else 2


@rules()
def _changes_from_start(L, B, m, L0, B0, out):
    """The position's changes from the start as facts, into ``out``: the tiles that differ
    (in cell order), then the bots (in bot order), as many as ``out`` holds but one, then
    the player's cell; how many."""
    cells = L.shape[1]
    size = 2 * cells
    flat, starts = L.reshape(L.size), L0.reshape(L0.size)
    flat_words, start_words = words(flat, size), words(starts, size)
    count = flat_words.shape[0]
    found = 0
    limit = out.shape[0] - 1
    for w in range(count + 1):
        if w < count and flat_words[w] == start_words[w]:
            continue
        for place in range(w * 8, min(w * 8 + 8, size)):
            if flat[place] != starts[place] and found < limit:
                out[found] = place * 64 + (flat[place] & 63)
                found += 1
    for i in range(B.shape[1]):
        if (B[0, i] != B0[0, i] or B[1, i] != B0[1, i] or B[2, i] != B0[2, i]) and found < limit:
            out[found] = _bot_fact(B, i, cells)
            found += 1
    out[found] = 2 * cells * 64 + m[GUY]
    return found + 1


@rules(inline="always")
def _mark_had(own, found, theirs, their_count, had):
    """had[i]: is own[i] among the parent's changes (``theirs``)? Both lists rise but for
    their last, the player's cell, which is compared alone."""
    k = 0
    for i in range(found - 1):
        while k < their_count - 1 and theirs[k] < own[i]:
            k += 1
        had[i] = k < their_count - 1 and theirs[k] == own[i]
    had[found - 1] = own[found - 1] == theirs[their_count - 1]


@rules(inline="always")
def _bot_fact(B, i, cells):
    return 3 * cells * 64 + (((i * 4096 + B[1, i]) * 64 + (B[0, i] & 63)) * 32 + (B[2, i] & 31))


@rules(inline="always")
def _sift_up(heap, at, code):
    """Put ``code`` in the heap whose free slot is ``at``."""
    while at > 0:
        up = (at - 1) // 2
        if heap[up] <= code:
            break
        heap[at] = heap[up]
        at = up
    heap[at] = code


@rules(inline="always")
def _sift_down(heap, size, last):
    """Fill the heap's emptied first slot: ``last`` (once at ``size``) sinks from there."""
    at = 0
    while True:
        child = 2 * at + 1
        if child >= size:
            break
        if child + 1 < size and heap[child + 1] < heap[child]:
            child += 1
        if heap[child] >= last:
            break
        heap[at] = heap[child]
        at = child
    heap[at] = last


@rules()
def push(heap, ctl, code):
    at = ctl[HEAP_SIZE]
    ctl[HEAP_SIZE] = at + 1
    _sift_up(heap, at, code)


@rules()
def pop(heap, ctl):
    top = heap[0]
    size = ctl[HEAP_SIZE] - 1
    ctl[HEAP_SIZE] = size
    _sift_down(heap, size, heap[size])
    return top
