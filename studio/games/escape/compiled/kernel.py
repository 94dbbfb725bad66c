"""The Escape engine's rules once more, compiled by numba, for playing stored solutions
fast: one verdict, no events, no states kept. ``engine/`` is the reference: every
function here mirrors the one named in its docstring, and the tests hold the two to
the same verdict, move count and final board on every corpus solution and trace.

The board of one solution lives in five arrays that every function takes:
- ``L`` (uint8, 4 x cells): tiles, bizarro tiles, panel flags, pending-swap marks;
- ``B`` (int64, 3 x bots): bot types, cells, data;
- ``G`` (int64, 5 x cells): row 0 the transporter/panel destinations, rows 1-4 the
  neighbour in each direction (-1 off the board);
- ``m`` (int64): the player's cell and the counters below, then the cells of this
  move's explosions, then the lasers in each row and column (the look along the
  player's row and column after every move only where there is one); ``m[LASERS]`` is 0
  when neither layer holds a laser at the start (none can appear: tiles only trade
  places with the bizarro layer), which spares even the counting;
- ``W`` (int64): a pulse's visited stamps (5 per cell), then the cells marked to swap.
"""

import numpy as np
from numba import njit

from studio.games.escape.compiled import point_cache_at_machine_code_folder
from studio.games.escape.engine import panels, state
from studio.games.escape.engine.tilesets import (
    BLOCK_LANDS, BOMBABLE, LASER_PASSES, PLAIN_BLOCKS, PUSHED_ONTO, SLIDERS, SPHERES, STEELS, WALKABLE,
    WIRE_ENDS,
)
from studio.games.escape.engine.turn import PLAYER
from studio.games.escape.tiles import Bot, T

point_cache_at_machine_code_folder()  # (before any function here is decorated)


def rules(**options):
    """numba's ``njit`` for the rules and the search: kept in the user's cache, and compiled
    without numba's reference counting (``_nrt=False``). Counting the references of every
    array a compiled function takes, two atomic operations an array a call, was more than
    half the time of a search's move. A function so made takes its arrays from its callers
    and makes none (numba refuses to compile one that would), and none hands back an array
    to a caller that counts. The few that make arrays (``search.run``, ``play.explode``...)
    say ``njit(cache=True, _nrt=True)``: a function called from one without counting would
    otherwise be compiled without it too."""
    return njit(cache=True, _nrt=False, **options)

# m's fields
GUY, KILLED, TOUCHED, BLASTS, STAMP, OVERFLOW, WIDTH, CELLS, LASERS, COLUMN_COUNTS = range(10)
BLAST_CELLS = 16  # m[16:32] holds this move's explosion cells (one a bomb at most)
# m[32:32 + height] counts the lasers of each row (normal layer), m[m[COLUMN_COUNTS]:] of each column
ROW_COUNTS = 32
# verdict codes
OPEN, WON, DEAD, NOTHING, UNSURE = 0, 1, 2, -1, -2

DESTROYED, EXPLODED = state.DESTROYED, state.EXPLODED
BROKEN, DALEK, HUGBOT, BOMB = int(Bot.BROKEN), int(Bot.DALEK), int(Bot.HUGBOT), int(Bot.BOMB)
DALEK_ASLEEP, HUGBOT_ASLEEP = int(Bot.DALEK_ASLEEP), int(Bot.HUGBOT_ASLEEP)
UP, DOWN, LEFT, RIGHT = state.UP, state.DOWN, state.LEFT, state.RIGHT
OPPOSITE = np.array(state.OPPOSITE, dtype=np.int64)
# the flag bits a swap keeps, and those a blast keeps (panels.swap_pending, bombs.explode)
NOT_PANEL_FLAGS = 0xFF & ~(panels.PANEL_BITS | panels.OPANEL_BITS)
NOT_NORMAL_PANEL_FLAGS = 0xFF & ~panels.PANEL_BITS

FLOOR, BLUE, GREY, EXIT, HOLE, LASER = int(T.FLOOR), int(T.BLUE), int(T.GREY), int(T.EXIT), int(T.HOLE), int(T.LASER)
PANEL, BPANEL, RPANEL, GPANEL = int(T.PANEL), int(T.BPANEL), int(T.RPANEL), int(T.GPANEL)
TRAP1, TRAP2, ELECTRIC, OFF = int(T.TRAP1), int(T.TRAP2), int(T.ELECTRIC), int(T.OFF)
LR, UD, ZERO, ONE = int(T.LR), int(T.UD), int(T.ZERO), int(T.ONE)
NSWE, REMOTE, TRANSPONDER = int(T.NSWE), int(T.REMOTE), int(T.TRANSPONDER)
HEARTFRAMER, SLEEPINGDOOR = int(T.HEARTFRAMER), int(T.SLEEPINGDOOR)
BSPHERE, RSPHERE, GSPHERE = int(T.BSPHERE), int(T.RSPHERE), int(T.GSPHERE)
BSTEEL, RSTEEL, GSTEEL = int(T.BSTEEL), int(T.RSTEEL), int(T.GSTEEL)
BLIGHT, RLIGHT, GLIGHT = int(T.BLIGHT), int(T.RLIGHT), int(T.GLIGHT)
BUP, BDOWN, RUP, RDOWN, GUP, GDOWN = int(T.BUP), int(T.BDOWN), int(T.RUP), int(T.RDOWN), int(T.GUP), int(T.GDOWN)


def _table(bits) -> np.ndarray:
    row = np.zeros(256, dtype=np.uint8)
    row[:len(bits)] = np.frombuffer(bytes(bits), dtype=np.uint8)
    return row


WALKS, PUSHED_TO, LANDS, PASSES, BOMBS_TAKE = (
    _table(WALKABLE), _table(PUSHED_ONTO), _table(BLOCK_LANDS), _table(LASER_PASSES), _table(BOMBABLE))

# What walking into a tile does (moves.ENTER): one code per handler.
(K_BLOCKED, K_OPEN, K_BLOCK, K_SLIDER, K_SPHERES, K_STEELS, K_GREEN, K_GOLD, K_EXIT, K_ELECTRIC,
 K_HEART, K_TRANSPORT, K_ON, K_SWAPPER, K_BROKEN, K_BUTTON) = range(16)
KIND = np.zeros(256, dtype=np.int64)
for _tile in range(64):
    if WALKABLE[_tile]:
        KIND[_tile] = K_OPEN
    elif PLAIN_BLOCKS[_tile]:
        KIND[_tile] = K_BLOCK
    elif SLIDERS[_tile]:
        KIND[_tile] = K_SLIDER
    elif SPHERES[_tile]:
        KIND[_tile] = K_SPHERES
    elif STEELS[_tile]:
        KIND[_tile] = K_STEELS
for _tile, _kind in ((T.GREEN, K_GREEN), (T.GOLD, K_GOLD), (T.EXIT, K_EXIT), (T.ELECTRIC, K_ELECTRIC),
                     (T.HEARTFRAMER, K_HEART), (T.TRANSPORT, K_TRANSPORT), (T.ON, K_ON), (T.ZERO, K_SWAPPER),
                     (T.ONE, K_SWAPPER), (T.BROKEN, K_BROKEN), (T.BUTTON, K_BUTTON)):
    KIND[int(_tile)] = _kind

# A wire tile and the direction a pulse arrives travelling in -> the direction it leaves in
# (0: the wire does not take it); -1 for tiles that are not wires.
WIRE_OUT = np.full((256, 5), -1, dtype=np.int64)
for _wire, (_a, _b) in WIRE_ENDS.items():
    WIRE_OUT[int(_wire)] = 0
    WIRE_OUT[int(_wire), OPPOSITE[_a]] = _b
    WIRE_OUT[int(_wire), OPPOSITE[_b]] = _a
# panel tile -> the flag bits that remember it under a block (panels.PANEL_FLAGS)
PANEL_BITS_OF = np.zeros(256, dtype=np.uint8)
for _panel, _bits in panels.PANEL_FLAGS.items():
    PANEL_BITS_OF[int(_panel)] = _bits
# a flag's colour refinement (bits 4 and 8, shifted down) -> the panel tile (panels.panel_under)
PANEL_OF_REFINEMENT = np.array([panels.panel_under(refinement << 2) for refinement in range(4)], dtype=np.uint8)


# -- who is where (turn.Turn) ------------------------------------------------------------
# (inline="always" on a function every move calls: a numba call costs more than its work;
# only where it adds little to the first compile, which inlining everything made minutes long)

@rules(inline="always")
def bot_at(B, cell):
    for i in range(B.shape[1]):
        if B[1, i] == cell and B[0, i] >= 0:
            return i
    return -1


@rules(inline="always")
def occupied(B, m, cell):
    return cell == m[GUY] or bot_at(B, cell) >= 0


@rules()
def place(B, m, who, cell):
    if who == PLAYER:
        m[GUY] = cell
    else:
        B[1, who] = cell


@rules()
def kill(m):
    m[KILLED] = 1


# -- panels (panels.py) ------------------------------------------------------------------

@rules()
def fire(L, G, m, W, panel_cell):
    """panels.fire: the destination's mark toggles; a cell newly marked is listed."""
    dest = G[0, panel_cell]
    if L[3, dest]:
        L[3, dest] = 0
    else:
        L[3, dest] = 1
        listed = 5 * m[CELLS] + m[TOUCHED]
        if listed < W.shape[0]:
            W[listed] = dest
            m[TOUCHED] += 1
        else:
            m[OVERFLOW] = 1


@rules()
def count_laser(m, cell, change):
    """A laser appeared on ``cell`` (change 1) or left it (-1), on the normal layer."""
    width = m[WIDTH]
    m[ROW_COUNTS + cell // width] += change
    m[m[COLUMN_COUNTS] + cell % width] += change


@rules()
def end_motion(L, m, W):
    """panels.swap_pending: every cell still marked trades tile and flags with the bizarro layer."""
    base = 5 * m[CELLS]
    for k in range(m[TOUCHED]):
        cell = W[base + k]
        if L[3, cell]:
            L[3, cell] = 0
            tile = L[0, cell]
            L[0, cell] = L[1, cell]
            L[1, cell] = tile
            if m[LASERS]:
                if tile == LASER:
                    count_laser(m, cell, -1)
                if L[0, cell] == LASER:
                    count_laser(m, cell, 1)
            f = L[2, cell]
            L[2, cell] = (f & NOT_PANEL_FLAGS) | ((f & 1) << 1) | ((f & 2) >> 1) | ((f & 12) << 2) | ((f & 48) >> 2)
    m[TOUCHED] = 0


@rules()
def presses(block, panel):
    if panel == PANEL:
        return True
    if panel == BPANEL:
        return block == BSPHERE or block == BSTEEL
    if panel == RPANEL:
        return block == RSPHERE or block == RSTEEL
    return block == GSPHERE or block == GSTEEL


@rules()
def lift_block(L, G, m, W, cell):
    block = L[0, cell]
    f = L[2, cell]
    if f & 1:
        panel = PANEL_OF_REFINEMENT[(f >> 2) & 3]
        L[0, cell] = panel
        if presses(block, panel):
            fire(L, G, m, W, cell)
    else:
        L[0, cell] = FLOOR
    return block


@rules()
def set_block_down(L, G, m, W, block, cell):
    under = L[0, cell]
    bits = PANEL_BITS_OF[under]
    if bits:
        L[2, cell] |= bits
        if presses(block, under):
            fire(L, G, m, W, cell)
    L[0, cell] = block


@rules()
def come_to_rest(L, G, m, W, block, cell):
    """blocks._come_to_rest"""
    under = L[0, cell]
    if under == ELECTRIC:
        return
    if under == HOLE:
        L[0, cell] = FLOOR
    else:
        set_block_down(L, G, m, W, block, cell)


# -- walking (walking.py) ----------------------------------------------------------------

@rules()
def step_off(L, G, m, W, cell):
    tile = L[0, cell]
    if tile == PANEL:
        fire(L, G, m, W, cell)
    elif tile == TRAP2:
        L[0, cell] = TRAP1
    elif tile == TRAP1:
        L[0, cell] = HOLE


@rules()
def walk(L, B, G, m, W, who, here, there):
    left = L[0, here]
    if left == PANEL or left == TRAP1 or left == TRAP2:
        step_off(L, G, m, W, here)
    place(B, m, who, there)
    if L[0, there] == PANEL:
        fire(L, G, m, W, there)
