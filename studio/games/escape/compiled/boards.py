"""Whole boards for the compiled search (search.py): copied, compared, hashed. A board
is kernel.py's layers (tiles, bizarro tiles, flags; each row one byte a cell) and bots.
Each loop here is written so that numba compiles it to many bytes a step: a copy element
by element, a comparison that does not stop at the first difference, a hash of
eight-byte words.
"""

import numpy as np
from numba import njit

from studio.games.escape.compiled import point_cache_at_machine_code_folder

point_cache_at_machine_code_folder()  # (before any function here is decorated)

_FNV = np.uint64(0x100000001B3)
_BASIS = np.uint64(0xCBF29CE484222325)
_MIX = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True, inline="always")
def word(flat, c):
    """The eight bytes of ``flat`` from ``c`` as one little-endian word (one load, as compiled)."""
    return (np.uint64(flat[c]) | np.uint64(flat[c + 1]) << np.uint64(8) | np.uint64(flat[c + 2]) << np.uint64(16)
            | np.uint64(flat[c + 3]) << np.uint64(24) | np.uint64(flat[c + 4]) << np.uint64(32)
            | np.uint64(flat[c + 5]) << np.uint64(40) | np.uint64(flat[c + 6]) << np.uint64(48)
            | np.uint64(flat[c + 7]) << np.uint64(56))


@njit(cache=True, inline="always")
def _mixed(h, value):
    return ((h ^ value) << np.uint64(29) | (h ^ value) >> np.uint64(35)) * _MIX


@njit(cache=True)
def board_hash(L, B):
    """A hash of the tiles, bizarro tiles and flags, eight bytes a step in four interleaved
    lanes (each multiply waits for the last: four chains keep the core busy), then the
    bots, then mixed so that every byte counts in the low bits (the tables' slots).
    (Byte at a time, FNV-1a, it took six times as long: 2.9 microseconds a board of 1,620 cells.)"""
    flat = L.reshape(L.size)
    size = 3 * L.shape[1]
    h0, h1, h2, h3 = _BASIS, _BASIS ^ np.uint64(1), _BASIS ^ np.uint64(2), _BASIS ^ np.uint64(3)
    c = 0
    while c + 32 <= size:
        h0 = _mixed(h0, word(flat, c))
        h1 = _mixed(h1, word(flat, c + 8))
        h2 = _mixed(h2, word(flat, c + 16))
        h3 = _mixed(h3, word(flat, c + 24))
        c += 32
    while c < size:
        h0 = _mixed(h0, np.uint64(flat[c]))
        c += 1
    h = _mixed(_mixed(_mixed(h0, h1), h2), h3)
    for i in range(B.shape[1]):
        for row in range(3):
            h = _mixed(h, np.uint64(B[row, i] & 0xFFFFFFFF))
    h ^= h >> np.uint64(33)  # (murmur's finalizer: the high bits down into the low)
    h *= _FNV
    h ^= h >> np.uint64(29)
    h *= _MIX
    return h ^ (h >> np.uint64(32))


@njit(cache=True)
def same_board(L, B, Lb, Bb):
    """Whether the two boards are the same: the bots first (where they move every turn,
    that settles it), then every byte of the layers, without stopping at the first
    difference (a loop that may stop is compiled a byte at a time, this one many)."""
    for i in range(B.shape[1]):
        for row in range(3):
            if B[row, i] != Bb[row, i]:
                return False
    flat, other = L.reshape(L.size), Lb.reshape(Lb.size)
    differ = 0
    for c in range(3 * L.shape[1]):
        differ |= flat[c] ^ other[c]
    return differ == 0


@njit(cache=True, inline="always")
def copy_board(L, B, m, Lfrom, Bfrom, mfrom):
    """The arrays of one position into another's, element by element: numba copies a
    two-dimensional slice (``L[:, :] = Lfrom``) some forty times slower."""
    flat, source = L.reshape(L.size), Lfrom.reshape(Lfrom.size)
    for c in range(flat.shape[0]):
        flat[c] = source[c]
    for i in range(B.shape[1]):
        for row in range(3):
            B[row, i] = Bfrom[row, i]
    for c in range(m.shape[0]):
        m[c] = mfrom[c]
