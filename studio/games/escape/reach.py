"""Where the player could ever get to: a relaxation of the rules for the solver's
lower bound and dead-position pruning, and for lint.

Each cell gets a code from its tiles: can the player ever stand there, could it
ever be an exit, could it ever be a transporter. "Ever" is judged generously so
that the relaxation allows everything the real rules allow (and more):

- anything that can be pushed, taken or crumbled may one day be out of the way;
- a hole can be filled while a grey block remains, electric floor switched off
  while an ON switch remains, a raised coloured floor lowered while a button
  remains, and any bombable tile destroyed while a bomb remains;
- a sleeping door may wake while a heart framer remains;
- a cell that some panel or remote may swap takes the better of its two layers;
- arrows, black space, ON/OFF switches and 0/1 blocks never let the player in.

These conditions only ever get stricter as play goes on (grey blocks, switches,
buttons, bombs and heart framers are used up, never made), so a position's
relaxation allows no more than its predecessor's did: the distance bound never
drops by more than the moves made, which keeps A* consistent.

The player moves one cell a move (or through a transporter), plus one cell for
each hugbot that pushes him in the same move.
"""

from __future__ import annotations

from studio.games.escape.engine.panels import HAS_OPANEL, HAS_PANEL
from studio.games.escape.engine.tilesets import PLAIN_BLOCKS, SLIDERS, SPHERES, STEELS, WALKABLE
from studio.games.escape.tiles import LINKED_TILES, Bot, T

STAND, EXIT, TELEPORT = 1, 2, 4
UNREACHABLE = 1 << 30

_PUSHED_OR_TAKEN = (T.GREEN, T.GOLD, T.BROKEN, T.HEARTFRAMER)
_BOMB_ONLY = (T.BLUE, T.STOP, T.LASER, T.BUTTON, T.BLIGHT, T.RLIGHT, T.GLIGHT, T.REMOTE)
_RAISED_FLOORS = (T.BUP, T.RUP, T.GUP)


def tile_code(tile: int, bombs: bool, grey: bool, on: bool, button: bool, heart: bool) -> int:
    """What a cell holding ``tile`` may ever be to the player, given what remains."""
    if tile == T.EXIT:
        return STAND | EXIT
    if tile == T.SLEEPINGDOOR:
        return (STAND | EXIT) if heart else (STAND if bombs else 0)
    if tile == T.TRANSPORT:
        return TELEPORT
    if WALKABLE[tile] or PLAIN_BLOCKS[tile] or SLIDERS[tile] or SPHERES[tile] or STEELS[tile]:
        return STAND
    if tile in _PUSHED_OR_TAKEN:
        return STAND
    if tile == T.HOLE:
        return STAND if grey else 0
    if tile == T.ELECTRIC:
        return STAND if on else 0
    if tile in _RAISED_FLOORS:
        return STAND if button else 0
    if tile in _BOMB_ONLY:
        return STAND if bombs else 0
    return 0  # arrows, black space, ON/OFF, 0/1: never


_TABLES: dict[tuple, bytes] = {}


def code_table(conditions: tuple) -> bytes:
    """``tile_code`` for every tile under one set of conditions, for ``bytes.translate``."""
    table = _TABLES.get(conditions)
    if table is None:
        row = bytearray(256)
        for tile in range(64):
            row[tile] = tile_code(tile, *conditions)
        table = _TABLES[conditions] = bytes(row)
    return table


_GREY, _ON, _BUTTON, _HEART = (bytes([t]) for t in (T.GREY, T.ON, T.BUTTON, T.HEARTFRAMER))
_HUGBOTS = (int(Bot.HUGBOT), int(Bot.HUGBOT_ASLEEP))
_BOMB = int(Bot.BOMB)


def conditions(state) -> tuple:
    """(bombs, grey, on, button, heart): which of the things that open cells remain."""
    tiles, otiles = state.tiles, state.otiles
    return (
        any(kind >= _BOMB for kind, _, _ in state.bots),
        _GREY in tiles or _GREY in otiles,
        _ON in tiles or _ON in otiles,
        _BUTTON in tiles or _BUTTON in otiles,
        _HEART in tiles or _HEART in otiles,
    )


def hugbot_count(state) -> int:
    return sum(1 for kind, _, _ in state.bots if kind in _HUGBOTS)


class Relaxation:
    """The relaxed geography of one level (shared by all its states)."""

    def __init__(self, start):
        board = start.board
        self.size = board.size
        self.neighbours = board.neighbours[1:]
        self.swap_cells = _swap_cells(start)
        # dest -> transporters sending there (transporters never move; a swap may show one)
        self.sent_by: dict[int, list[int]] = {}
        for cell in range(self.size):
            if start.tiles[cell] == T.TRANSPORT or start.otiles[cell] == T.TRANSPORT:
                self.sent_by.setdefault(board.dests[cell], []).append(cell)
        self.dests = board.dests
        self._distances: dict[bytes, list[int]] = {}

    def codes(self, state) -> bytes:
        """Every cell's code (STAND, EXIT, TELEPORT bits) in this position."""
        conds = conditions(state)
        table = code_table(conds)
        codes = state.tiles.translate(table)
        if self.swap_cells:
            codes = bytearray(codes)
            otiles = state.otiles
            for cell in self.swap_cells:
                codes[cell] |= table[otiles[cell]]
            codes = bytes(codes)
        return codes

    def distances(self, codes: bytes) -> list[int]:
        """Relaxed moves (cells walked or transporters taken) from each cell to the nearest
        possible exit; UNREACHABLE where none can be reached. Cached per geography."""
        found = self._distances.get(codes)
        if found is None:
            found = self._distances[codes] = self._distances_to_exit(codes)
        return found

    def _distances_to_exit(self, codes: bytes) -> list[int]:
        dist = [UNREACHABLE] * self.size
        queue = [cell for cell in range(self.size) if codes[cell] & EXIT]
        for cell in queue:
            dist[cell] = 0
        neighbours = self.neighbours
        sent_by = self.sent_by
        for cell in queue:  # (the list grows as the search goes)
            d = dist[cell] + 1
            if codes[cell] & STAND:
                for table in neighbours:
                    n = table[cell]
                    if n >= 0 and dist[n] == UNREACHABLE:
                        dist[n] = d
                        queue.append(n)
            for transporter in sent_by.get(cell, ()):
                if codes[transporter] & TELEPORT:
                    for table in neighbours:
                        n = table[transporter]
                        if n >= 0 and dist[n] == UNREACHABLE:
                            dist[n] = d
                            queue.append(n)
        return dist

    def reachable(self, codes: bytes, start: int) -> set[int]:
        """The cells the player could ever stand on from ``start``."""
        seen = {start}
        queue = [start]
        neighbours = self.neighbours
        for cell in queue:
            for table in neighbours:
                n = table[cell]
                if n < 0 or n in seen:
                    continue
                code = codes[n]
                if code & TELEPORT:
                    dest = self.dests[n]
                    if dest not in seen:
                        seen.add(dest)
                        queue.append(dest)
                if code & STAND:
                    seen.add(n)
                    queue.append(n)
        return seen

    def moves_to_exit(self, state) -> int | None:
        """A lower bound on the moves the player needs to win; None when he never can."""
        if state.won:
            return 0
        if state.dead:
            return None
        d = self.distances(self.codes(state))[state.player]
        if d >= UNREACHABLE:
            return None
        per_move = 1 + hugbot_count(state)
        return -(-d // per_move)


def _swap_cells(start) -> tuple[int, ...]:
    """Cells some panel or remote may swap: destinations of every cell that holds one on
    either layer (or under a block). Panels never move, so this never grows."""
    cells = set()
    for cell in range(start.board.size):
        if (start.tiles[cell] in LINKED_TILES and start.tiles[cell] != T.TRANSPORT) \
                or (start.otiles[cell] in LINKED_TILES and start.otiles[cell] != T.TRANSPORT) \
                or start.flags[cell] & (HAS_PANEL | HAS_OPANEL):
            cells.add(start.board.dests[cell])
    return tuple(sorted(cells))
