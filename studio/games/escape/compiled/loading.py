"""Compiled loading of an .esx file straight into the compiled engine's start arrays
(kernel.py's L, B, G and m), for a process that has started the engine and has thousands
of levels to verify: esx.load_esx, engine.initial_state and compiled_player's packing in
one call, with no Python objects on the way.

It takes only a plainly well-formed file: any rule the file breaks, and anything unusual
that load_esx would still accept (see reading.py), gives ``ok`` False, and the caller loads the file with load_esx, which
accepts it or names what is wrong. So a file is never refused here that load_esx takes,
and one taken here is one load_esx takes with the same start (the tests hold the two to
that on every corpus level and on damaged copies of them).
"""

import numpy as np
from numba import njit

from studio.games.escape.compiled.kernel import CELLS, COLUMN_COUNTS, GUY, LASER, LASERS, ROW_COUNTS, WIDTH
from studio.games.escape.compiled.reading import decode_runs
from studio.games.escape.esx import MAGIC, MAX_BOT_TYPE
from studio.games.escape.level import MAX_CELLS, MAX_SIDE
from studio.games.escape.tiles import MAX_BOTS, NUM_TILES, Bot, panel_flags

BOMB = int(Bot.BOMB)
FILE_MAGIC = np.frombuffer(MAGIC, dtype=np.uint8).copy()
# The flags a tile implies in each layer (tile 0, floor, implies none in either)
NORMAL_FLAGS = np.frombuffer(panel_flags(bytes(range(256)), bytes(256)), dtype=np.uint8).copy()
BIZARRO_FLAGS = np.frombuffer(panel_flags(bytes(256), bytes(range(256))), dtype=np.uint8).copy()


@njit(cache=True)
def _int32(data, at):
    """The signed big-endian 32-bit integer at byte ``at`` (the caller checks the end)."""
    value = (np.int64(data[at]) << 24) | (np.int64(data[at + 1]) << 16) | (np.int64(data[at + 2]) << 8) \
        | np.int64(data[at + 3])
    return value - (1 << 32) if value >= (1 << 31) else value


@njit(cache=True)
def _refused():
    return (False, np.zeros((4, 0), dtype=np.uint8), np.zeros((3, 0), dtype=np.int64),
            np.zeros((5, 0), dtype=np.int64), np.zeros(0, dtype=np.int64))


@njit(cache=True)
def load_start(data):
    """(ok, L, B, G, m) of the level file ``data`` (its bytes as uint8); see the module
    docstring for when ``ok`` is False."""
    size = data.shape[0]
    if size < 28:
        return _refused()
    for at in range(4):
        if data[at] != FILE_MAGIC[at]:
            return _refused()
    width, height = _int32(data, 4), _int32(data, 8)
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE) or width * height > MAX_CELLS:
        return _refused()
    at = 12
    for _ in range(2):  # the title and the author: skipped
        if at + 4 > size:
            return _refused()
        length = _int32(data, at)
        at += 4
        if length < 0 or at + length > size:
            return _refused()
        at += length
    if at + 8 > size:
        return _refused()
    x, y = _int32(data, at), _int32(data, at + 4)
    at += 8
    cells = width * height
    layers = np.empty((4, cells), dtype=np.int64)  # tiles, bizarro tiles, destinations, flags
    for layer in range(4):
        stop = decode_runs(data, at, layers[layer])
        if stop < 0:
            return _refused()
        at = (stop + 7) >> 3
    count = 0
    with_bots = at < size  # (the bot count and arrays are optional)
    if with_bots:
        if at + 4 > size:
            return _refused()
        count = _int32(data, at)
        at += 4
        if count < 0 or count > MAX_BOTS:
            return _refused()
    placed = np.empty((2, count), dtype=np.int64)  # cells, types
    if with_bots:
        for row in range(2):
            stop = decode_runs(data, at, placed[row])
            if stop < 0:
                return _refused()
            at = (stop + 7) >> 3
    # esx's checks
    if not (0 <= x < width and 0 <= y < height):
        return _refused()
    for cell in range(cells):
        tile, other = layers[0, cell], layers[1, cell]
        if tile >= NUM_TILES or other >= NUM_TILES or layers[2, cell] >= cells:
            return _refused()
        if layers[3, cell] != (NORMAL_FLAGS[tile] | BIZARRO_FLAGS[other]):
            return _refused()
    bomb_seen = False
    for bot in range(count):
        cell, kind = placed[0, bot], placed[1, bot]
        if cell >= cells or kind > MAX_BOT_TYPE:
            return _refused()
        for earlier in range(bot):
            if placed[0, earlier] == cell:
                return _refused()
        if kind >= BOMB:
            bomb_seen = True
        elif bomb_seen:
            return _refused()
    # initial_state, as compiled_player packs it
    L = np.zeros((4, cells), dtype=np.uint8)
    for layer in range(2):
        for cell in range(cells):
            L[layer, cell] = layers[layer, cell]
    for cell in range(cells):
        L[2, cell] = layers[3, cell]
    B = np.empty((3, count), dtype=np.int64)
    for bot in range(count):
        B[0, bot], B[1, bot], B[2, bot] = placed[1, bot], placed[0, bot], -1
    G = np.empty((5, cells), dtype=np.int64)  # destinations, then the neighbours up, down, left, right
    for cell in range(cells):
        column = cell % width
        G[0, cell] = layers[2, cell]
        G[1, cell] = cell - width if cell >= width else -1
        G[2, cell] = cell + width if cell + width < cells else -1
        G[3, cell] = cell - 1 if column else -1
        G[4, cell] = cell + 1 if column != width - 1 else -1
    m = np.zeros(ROW_COUNTS + height + width, dtype=np.int64)
    m[GUY], m[WIDTH], m[CELLS], m[COLUMN_COUNTS] = y * width + x, width, cells, ROW_COUNTS + height
    for cell in range(cells):
        if L[0, cell] == LASER or L[1, cell] == LASER:
            m[LASERS] = 1
        if L[0, cell] == LASER:  # (the lasers of each row and column of the normal layer)
            m[ROW_COUNTS + cell // width] += 1
            m[ROW_COUNTS + height + cell % width] += 1
    return True, L, B, G, m
