"""The player's walk region in a quiet position, computed on bitboards.

A set of cells is a Python int with bit ``cell`` set for each member, so
spreading a region one step in all four directions is a handful of big-int
shifts and masks instead of a loop over cells. The region grows one layer per
step: layer k holds the cells whose shortest walk costs k moves.

The rules for a walk are the solver's (see solve.py): only in a *quiet*
position (nothing on the board acts on its own after a move), from a cell that
does nothing when left, onto floor-like ground that is neither a grey panel
nor an exit, with no live bot on it and no laser seeing it, or through a
transporter (no bot on it) to such a cell.
"""

from __future__ import annotations

from studio.games.escape.engine.moves import ENTER, blocked
from studio.games.escape.engine.tilesets import BLOCK_LANDS, LASER_PASSES, PUSHED_ONTO, WALKABLE
from studio.games.escape.tiles import T

QUIET_GROUND = (T.FLOOR, T.ROUGH, T.RDOWN, T.GDOWN, T.BDOWN, T.BPANEL, T.RPANEL, T.GPANEL, T.TRAP1, T.TRAP2)
NOISY_TO_LEAVE = (T.PANEL, T.TRAP1, T.TRAP2)
NO_EFFECT = tuple(t for t in range(64) if ENTER[t] is blocked or t == T.ELECTRIC)
# Blocks that move one cell when pushed (gold: flies over floor and panels), and the
# tiles none of them can be pushed into (and nobody stands on): pushing such a block
# against such a tile, or off the board, does nothing.
PUSHED_ONE_CELL = (T.RED, T.GREY, T.GREEN, T.GOLD, T.NS, T.NE, T.NW, T.SE, T.SW, T.WE, T.NSWE, T.TRANSPONDER)
BLOCK_STOPS = tuple(t for t in range(64) if not (WALKABLE[t] or BLOCK_LANDS[t])
                    and t not in (T.HOLE, T.ELECTRIC, T.TRANSPORT))
# Where a pushed bot can go (moves.push_bot): open ground, or electric floor that destroys it.
BOT_LANDS = tuple(t for t in range(64) if PUSHED_ONTO[t] or t == T.ELECTRIC)


def _bit_table(tiles) -> bytes:
    """A ``bytes.translate`` table giving ASCII '1' for the tiles, '0' otherwise."""
    row = bytearray(b"0" * 256)
    for tile in tiles:
        row[tile] = ord("1")
    return bytes(row)


_GROUND_BITS = _bit_table(QUIET_GROUND)
_NOISY_BITS = _bit_table(NOISY_TO_LEAVE)
_EFFECT_BITS = _bit_table(t for t in range(64) if t not in NO_EFFECT)
_TRANSPORT_BITS = _bit_table((T.TRANSPORT,))
_PUSHED_BITS = _bit_table(PUSHED_ONE_CELL)
_STOP_BITS = _bit_table(BLOCK_STOPS)
_LASER = int(T.LASER)  # an int: ``in`` and ``find`` take it at C speed
_PANEL, _EXIT = int(T.PANEL), int(T.EXIT)


def cells_of(bits: int):
    """The cells of a bit set, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


class BoardBits:
    """Shifts and masks for one board size."""

    def __init__(self, board):
        width, size = board.width, board.size
        self.width = width
        self.full = (1 << size) - 1
        first_column = sum(1 << (y * width) for y in range(board.height))
        self.not_first = self.full & ~first_column
        self.not_last = self.full & ~(first_column << (width - 1))
        self.neighbours = board.neighbours
        self.dests = board.dests

    @staticmethod
    def of(data: bytes, table: bytes) -> int:
        return int(data.translate(table)[::-1], 2)

    def spread(self, src: int) -> int:
        """Every cell next to a cell of ``src``."""
        width = self.width
        return (((src & self.not_last) << 1) | ((src & self.not_first) >> 1)
                | ((src << width) & self.full) | (src >> width))

    def sources(self, targets: int, direction: int) -> int:
        """The cells whose neighbour in ``direction`` (1 up, 2 down, 3 left, 4 right) is in ``targets``."""
        if direction == 1:
            return (targets << self.width) & self.full
        if direction == 2:
            return targets >> self.width
        if direction == 3:
            return (targets & self.not_last) << 1
        return (targets & self.not_first) >> 1

    def laser_sight(self, tiles: bytes, bot_cells: set) -> int:
        """The cells a laser sees (the player standing there would die)."""
        seen = 0
        neighbours = self.neighbours
        at = tiles.find(_LASER)
        while at >= 0:
            for direction in (1, 2, 3, 4):
                step = neighbours[direction]
                cell = step[at]
                while cell >= 0 and cell not in bot_cells:
                    seen |= 1 << cell
                    if not LASER_PASSES[tiles[cell]]:
                        break
                    cell = step[cell]
            at = tiles.find(_LASER, at + 1)
        return seen


class QuietRegion:
    """The walk region of a quiet position, in layers of equal walk cost, and the
    moves out of it that the engine must play (everything but walks and moves that
    certainly do nothing or certainly kill)."""

    __slots__ = ("layers", "quiet_sources", "noisy_sources", "quiet_targets", "effect", "stuck")

    def __init__(self, bits: BoardBits, state):
        tiles = state.tiles
        bot_cells = {cell for kind, cell, _ in state.bots if kind >= 0}
        bots = 0
        for cell in bot_cells:
            bots |= 1 << cell
        seen = bits.laser_sight(tiles, bot_cells) if _LASER in tiles else 0
        ground = bits.of(tiles, _GROUND_BITS)
        walkable = ground & ~bots & ~seen
        noisy = bits.of(tiles, _NOISY_BITS)
        effect = bits.of(tiles, _EFFECT_BITS)

        teleports = {}  # transporter -> where a quiet walk through it lands
        transporters = bits.of(tiles, _TRANSPORT_BITS) & ~bots if T.TRANSPORT in tiles else 0
        for transporter in cells_of(transporters):
            dest = bits.dests[transporter]
            if not (bots >> dest & 1 or seen >> dest & 1 or tiles[dest] == _PANEL or tiles[dest] == _EXIT):
                teleports[transporter] = dest
        teleport_bits = 0
        for transporter in teleports:
            teleport_bits |= 1 << transporter

        start = 1 << state.player
        region = frontier = start
        layers = [start]
        while True:
            leaving = frontier & ~noisy
            if not leaving:
                break
            around = bits.spread(leaving)
            grown = around & walkable & ~region
            if around & teleport_bits:
                for transporter in cells_of(around & teleport_bits):
                    grown |= (1 << teleports[transporter]) & ~region
            if not grown:
                break
            region |= grown
            layers.append(grown)
            frontier = grown
        self.layers = layers
        self.quiet_sources = region & ~noisy
        self.noisy_sources = region & noisy
        # From a quiet cell the engine plays what is neither a walk nor a certain
        # nothing nor a certain death (plain ground a laser sees); from a noisy one, all.
        self.quiet_targets = effect & ~walkable & ~teleport_bits & ~(ground & seen & ~bots)
        self.effect = effect
        # per direction: the blocks a push that way cannot move (certainly nothing)
        pushed = bits.of(tiles, _PUSHED_BITS)
        if pushed:
            stops = bits.of(tiles, _STOP_BITS)
            self.stuck = [pushed & ~bits.sources(~stops & bits.full, d) for d in (1, 2, 3, 4)]
        else:
            self.stuck = (0, 0, 0, 0)

    def engine_moves(self, bits: BoardBits):
        """(walk cost, cell, direction) of every move the engine must play, cheapest first."""
        quiet_targets, effect = self.quiet_targets, self.effect
        stuck = self.stuck
        by_direction = [(d, bits.sources(quiet_targets & ~stuck[d - 1], d), bits.sources(effect & ~stuck[d - 1], d))
                        for d in (1, 2, 3, 4)]
        quiet_sources, noisy_sources = self.quiet_sources, self.noisy_sources
        for cost, layer in enumerate(self.layers):
            quiet_layer = layer & quiet_sources
            noisy_layer = layer & noisy_sources
            for direction, from_quiet, from_noisy in by_direction:
                for cell in cells_of((quiet_layer & from_quiet) | (noisy_layer & from_noisy)):
                    yield cost, cell, direction

    def cost(self, cell: int) -> int | None:
        for cost, layer in enumerate(self.layers):
            if layer >> cell & 1:
                return cost
        return None


class LayerCosts:
    """The walk costs of a quiet region, as ``get`` (core.solver's ``covered``)."""

    __slots__ = ("layers",)

    def __init__(self, layers: list):
        self.layers = tuple(layers)

    def get(self, cell: int) -> int | None:
        for cost, layer in enumerate(self.layers):
            if layer >> cell & 1:
                return cost
        return None
