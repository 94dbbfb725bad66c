"""The exact search's stronger bound (proof.py): reach.Relaxation.moves_to_exit, the
bound Python's A* uses, whose gate and heart terms depend on the position. Its value is a
function of the player's cell and of a board's *geography* alone: the conditions (bombs,
grey blocks, ON switches, buttons, heart framers left), every cell's relaxed codes (full,
and strict: no button pressed, no swap), which gate destinations would open, where heart
framers and sleeping doors are, and the hugbots left. On tutorial lev163 (gates) it is
34 at the start where the start's codes give 2, and the A* takes 408,000 positions
instead of 3.4 million.

Few boards differ in geography (pushing a block changes none of it), so each geography is
computed once, in Python by reach.py itself, as a row of bounds, one a cell: ``signature``
writes a board's geography as bytes, and ``geography_of`` finds its number among those
seen, comparing the bytes on a hash match (an exact identity: a row taken for another
geography's could overstate the bound). A geography not seen yet is listed as pending, with
the board, for the caller to compute; until its row is ready its boards take the start's
bound (admissible, weaker).
"""

import numpy as np

from studio.games.escape.compiled.kernel import BOMB, HUGBOT, HUGBOT_ASLEEP, rules
from studio.games.escape.tiles import T

GREY, ON, BUTTON = int(T.GREY), int(T.ON), int(T.BUTTON)
HEARTFRAMER, SLEEPINGDOOR = int(T.HEARTFRAMER), int(T.SLEEPINGDOOR)
# info's rows (one byte a cell): reach.py's frozen mask (0 on blocks never moved, else
# 0xFF), the cells a panel may swap, the gate destinations
FROZEN, SWAPPED, GATE = range(3)
# the geography table's ctl fields (geo_ctl)
GEOGRAPHIES, PENDING, GATES, HEARTS = range(4)
GEO_CTL_SIZE = 4
NOT_READY = -1  # a geography's row not computed yet (its first cell holds this)


@rules()
def signature(L, B, tables, info, geo_ctl, sig):
    """The geography of the board as bytes into ``sig`` (cells' codes and marks, then the
    opening gate destinations, then the conditions' number and the hugbots left)."""
    cells = L.shape[1]
    bombs, hugbots = 0, 0
    for i in range(B.shape[1]):
        if B[0, i] >= BOMB:
            bombs = 1
        if B[0, i] == HUGBOT or B[0, i] == HUGBOT_ASLEEP:
            hugbots += 1
    grey, on, button, heart = 0, 0, 0, 0
    for row in range(2):
        for c in range(cells):
            tile = L[row, c]
            if tile == GREY:
                grey = 1
            elif tile == ON:
                on = 1
            elif tile == BUTTON:
                button = 1
            elif tile == HEARTFRAMER:
                heart = 1
    full = bombs | grey << 1 | on << 2 | button << 3 | heart << 4  # (reach.conditions, in order)
    strict = full & ~(1 << 3)
    gates, hearts = geo_ctl[GATES], geo_ctl[HEARTS]
    for c in range(cells):
        code = tables[full, L[0, c]] & info[FROZEN, c]
        if info[SWAPPED, c]:
            code |= tables[full, L[1, c]]
        value = code
        opening = 0
        if gates:
            strict_code = tables[strict, L[0, c]] & info[FROZEN, c]
            value |= strict_code << 3
            if info[GATE, c] and tables[strict, L[1, c]] & ~strict_code:
                opening = 1
        if hearts:
            if L[0, c] == HEARTFRAMER:
                value |= 64
            elif L[0, c] == SLEEPINGDOOR:
                value |= 128
        sig[c] = value
        sig[cells + c] = opening
    sig[2 * cells] = full
    sig[2 * cells + 1] = min(hugbots, 255)


@rules()
def _sig_hash(sig):
    h = np.uint64(0xCBF29CE484222325)
    for b in range(sig.shape[0]):
        h = (h ^ np.uint64(sig[b])) * np.uint64(0x100000001B3)
    h ^= h >> np.uint64(31)
    return h if h != 0 else np.uint64(1)


@rules()
def geography_of(sig, table, numbers, sigs, rows, geo_ctl, pending, L, B, pending_L, pending_B):
    """The number of the geography in ``sig`` when its row is ready, else -1: when it is
    new (and there is room), it is numbered, its row marked NOT_READY and the board listed
    in ``pending`` (up to pending's length) for the caller to compute."""
    h = _sig_hash(sig)
    mask = table.shape[0] - 1
    slot = np.int64(h & np.uint64(mask))
    while True:
        here = table[slot]
        if here == 0:
            break
        if here == h:
            number = numbers[slot]
            same = True
            for b in range(sig.shape[0]):
                if sigs[number, b] != sig[b]:
                    same = False
                    break
            if same:
                return number if rows[number, 0] != NOT_READY else -1
        slot = (slot + 1) & mask
    number = geo_ctl[GEOGRAPHIES]
    waiting = geo_ctl[PENDING]
    if number >= sigs.shape[0] or 2 * (number + 1) > table.shape[0] or waiting >= pending.shape[0]:
        return -1  # (no room: the start's bound for it)
    geo_ctl[GEOGRAPHIES] = number + 1
    table[slot] = h
    numbers[slot] = number
    for b in range(sig.shape[0]):
        sigs[number, b] = sig[b]
    rows[number, 0] = NOT_READY
    pending[waiting] = number
    geo_ctl[PENDING] = waiting + 1
    for row in range(2):
        for c in range(L.shape[1]):
            pending_L[waiting, row, c] = L[row, c]
    for row in range(3):
        for i in range(B.shape[1]):
            pending_B[waiting, row, i] = B[row, i]
    return -1
