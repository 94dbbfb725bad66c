"""Whole boards for the compiled search (search.py): copied, compared, hashed. A board
is kernel.py's layers (tiles, bizarro tiles, flags; each row one byte a cell) and bots.
Each loop here is written so that numba compiles it to many bytes a step: a copy and a
comparison row by row that do not stop early, a hash of the layers seen as eight-byte
``words`` (a word put together from eight byte loads took several times as long). Making a
row one-dimensional (``reshape``) or a view costs some 20 ns each, as much as a small
board's copy: the copy and the comparison, done a few times for every position searched,
do without.
"""

import numpy as np

from studio.games.escape.compiled import point_cache_at_machine_code_folder
from studio.games.escape.compiled.kernel import BROKEN, DESTROYED, LASERS, ROW_COUNTS, rules

point_cache_at_machine_code_folder()  # (before any function here is decorated)

_FNV = np.uint64(0x100000001B3)
_BASIS = np.uint64(0xCBF29CE484222325)
_MIX = np.uint64(0x9E3779B97F4A7C15)


@rules(inline="always")
def words(flat, size):
    """The first ``size`` bytes of the byte row ``flat``, rounded down to whole words, as
    eight-byte words (a view: no copy); the bytes past them are the caller's."""
    return flat[:size // 8 * 8].view(np.uint64)


@rules(inline="always")
def _mixed(h, value):
    return ((h ^ value) << np.uint64(29) | (h ^ value) >> np.uint64(35)) * _MIX


@rules(inline="always")
def _finished(h):
    """``h`` mixed so that every bit counts in every other (murmur's finalizer)."""
    h ^= h >> np.uint64(33)
    h *= _FNV
    h ^= h >> np.uint64(29)
    h *= _MIX
    return h ^ (h >> np.uint64(32))


@rules()
def same_board(L, B, Lb, Bb):
    """Whether the two boards are the same: the bots first (where they move every turn,
    that settles it), then every byte of the layers, row by row, without stopping at the
    first difference (a loop that may stop is compiled a byte at a time, this one many)."""
    for i in range(B.shape[1]):
        for row in range(3):
            if B[row, i] != Bb[row, i]:
                return False
    differ = 0
    for row in range(3):
        for c in range(L.shape[1]):
            differ |= L[row, c] ^ Lb[row, c]
    return differ == 0


@rules(inline="always")
def copy_board(L, B, m, Lfrom, Bfrom, mfrom):
    """The arrays of one position into another's, row by row: numba copies a
    two-dimensional slice (``L[:, :] = Lfrom``) some forty times slower, and a row made
    one-dimensional first (``reshape``) costs more than the copy. The counts of lasers by
    row and column are copied only where there are lasers (kernel.LASERS: else they stay 0)."""
    for row in range(L.shape[0]):
        for c in range(L.shape[1]):
            L[row, c] = Lfrom[row, c]
    for i in range(B.shape[1]):
        for row in range(3):
            B[row, i] = Bfrom[row, i]
    for c in range(m.shape[0] if mfrom[LASERS] else ROW_COUNTS):
        m[c] = mfrom[c]


@rules()
def board_hash(L, B):
    """A hash of the tiles, bizarro tiles and flags, eight bytes a step in four interleaved
    lanes (each multiply waits for the last: four chains keep the core busy), then the
    bots, then mixed so that every byte counts in the low bits (the tables' slots).
    (Byte at a time, FNV-1a, it took six times as long: 2.9 microseconds a board of 1,620 cells.)
    Two boards can hash alike by design only where they differ in the top bit of a byte
    (the multiply leaves a difference in a word's top bit alone, and the next word's can
    cancel it); tiles and flags use the six low bits. Broken and destroyed bots are summed,
    each hashed alone, instead of taken in bot order: they never act, so two boards whose
    broken bots stand on the same cells in another order are one position (symmetry: of
    4 broken bots, 24 orders), and a dalek that breaks leaves its place in the order for
    the others."""
    flat = L.reshape(L.size)
    size = 3 * L.shape[1]
    layer_words = words(flat, size)
    count = layer_words.shape[0]
    h0, h1, h2, h3 = _BASIS, _BASIS ^ np.uint64(1), _BASIS ^ np.uint64(2), _BASIS ^ np.uint64(3)
    c = 0
    while c + 4 <= count:
        h0 = _mixed(h0, layer_words[c])
        h1 = _mixed(h1, layer_words[c + 1])
        h2 = _mixed(h2, layer_words[c + 2])
        h3 = _mixed(h3, layer_words[c + 3])
        c += 4
    while c < count:
        h0 = _mixed(h0, layer_words[c])
        c += 1
    for b in range(count * 8, size):
        h0 = _mixed(h0, np.uint64(flat[b]))
    h = _mixed(_mixed(_mixed(h0, h1), h2), h3)
    broken = np.uint64(0)
    for i in range(B.shape[1]):
        if B[0, i] == BROKEN or B[0, i] == DESTROYED:  # (summed: their order does not count)
            broken += _finished(np.uint64(B[1, i] & 0xFFFFFFFF) << np.uint64(32) | np.uint64(B[2, i] & 0xFFFFFFFF))
            continue
        for row in range(3):
            h = _mixed(h, np.uint64(B[row, i] & 0xFFFFFFFF))
    return _finished(_mixed(h, broken))

