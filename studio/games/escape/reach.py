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
each hugbot that pushes him in the same move. Hugbots that push stay within this:
each moves once a move and pushes the player one cell at most (never onto an exit,
nor off one, nor when a bot shares his cell: engine/moves.py), and the blocks and
bots they push are things the relaxation already counts as out of the way. (His
last step onto an exit is usually his own, but a swap a bot sets off may turn his
cell into one, so the bound takes nothing off for it.)

Hearts. Where no cell is ever swapped and there are no bombs, heart framers
leave only by the player stepping on them, so a sleeping door is an exit only
after he has stood on every one left: the bound is the cheaper of reaching a
real exit and, for the worst heart framer, reaching it and then any exit.

Gates. Two of those openings need the player himself nearby, in a level with no
bots, no transporters, and nothing that travels more than one cell when pushed
(gold, spheres, steel) and no remotes: a panel swap (he steps on or off the
panel, or pushes a block onto or off it) and a raised coloured floor lowering (a
button he presses from a cell next to it). Until the first such event the
*strict* relaxation holds (no swapped-in tiles, no raised floor lowered); at that
moment he stands on or next to a panel or button (the *gate zone*), and from
there the full relaxation holds. So the bound is the cheaper of reaching an exit
under the strict rules and reaching some zone cell under them plus the full
distance from that cell on. Only panels whose destination would *open* (its
other layer allows the player more than its tile does) are gates: a swap that
closes a cell, and the swap back, never give more than the cell's tile now does.

Frozen blocks: one-cell blocks that can never be pushed (``frozen_blocks``) are
never stood on. The heart and gate bounds are admissible but not always
consistent; core.solver's A* reopens a position reached more cheaply later.
"""

from __future__ import annotations

import heapq

from studio.games.escape.engine.moves import ENTER, blocked
from studio.games.escape.engine.panels import HAS_OPANEL, HAS_PANEL
from studio.games.escape.engine.tilesets import PANEL_TILES, PLAIN_BLOCKS, SLIDERS, SPHERES, STEELS, WALKABLE
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


# Ints, not one-byte bytes: ``int in bytes`` is a memchr, ``bytes in bytes`` first tries
# the operand as an int and formats (then drops) a TypeError every time.
_GREY, _ON, _BUTTON, _HEART = int(T.GREY), int(T.ON), int(T.BUTTON), int(T.HEARTFRAMER)
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
        self.frozen_mask = _frozen_mask(start)  # 0 on blocks that can never move, or None
        self.gates = _gates(start)  # (zone per panel destination, zone of the buttons) or None
        # Heart framers leave only by the player stepping on them when nothing swaps
        # cells and no bomb goes off (module docstring: hearts).
        self.hearts_bound = not self.swap_cells and not any(kind >= _BOMB for kind, _, _ in start.bots) \
            and _HEART not in start.otiles
        self._gated: dict[tuple, list[int]] = {}

    def codes(self, state, conds: tuple | None = None) -> bytes:
        """Every cell's code (STAND, EXIT, TELEPORT bits) in this position."""
        if conds is None:
            conds = conditions(state)
        table = code_table(conds)
        codes = state.tiles.translate(table)
        if self.frozen_mask is not None:
            codes = (int.from_bytes(codes, "little") & self.frozen_mask).to_bytes(self.size, "little")
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
        for cell in queue:  # (the list grows as the search goes)
            d = dist[cell] + 1
            for n in self.comers(codes, cell):
                if dist[n] == UNREACHABLE:
                    dist[n] = d
                    queue.append(n)
        return dist

    def comers(self, codes: bytes, cell: int):
        """The cells from which one relaxed move gets the player to ``cell``: its
        neighbours when he can stand on it, and those of each transporter sending there."""
        neighbours = self.neighbours
        if codes[cell] & STAND:
            for table in neighbours:
                n = table[cell]
                if n >= 0:
                    yield n
        for transporter in self.sent_by.get(cell, ()):
            if codes[transporter] & TELEPORT:
                for table in neighbours:
                    n = table[transporter]
                    if n >= 0:
                        yield n

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

    def gated_distances(self, state, codes: bytes, conds: tuple | None = None) -> list[int]:
        """Per cell, the relaxed moves to an exit counting the gates (module docstring).
        Cached per pair of strict and full geographies."""
        if conds is None:
            conds = conditions(state)
        table = code_table(conds[:3] + (False,) + conds[4:])
        strict = state.tiles.translate(table)
        if self.frozen_mask is not None:
            strict = (int.from_bytes(strict, "little") & self.frozen_mask).to_bytes(self.size, "little")
        otiles = state.otiles
        zone_of_dest, button_zone = self.gates
        opening = tuple(dest for dest in zone_of_dest if table[otiles[dest]] & ~strict[dest])
        key = (strict, codes, opening, conds[3])
        found = self._gated.get(key)
        if found is None:
            zone = set(button_zone) if conds[3] else set()
            for dest in opening:
                zone.update(zone_of_dest[dest])
            found = self._gated[key] = self._gated_to_exit(strict, self.distances(codes), zone)
        return found

    def _gated_to_exit(self, strict: bytes, full: list[int], zone) -> list[int]:
        """Dijkstra backwards over the strict geography, from the strict exits (0) and
        from each gate-zone cell (its full distance)."""
        dist = [UNREACHABLE] * self.size
        heap = []
        for cell in range(self.size):
            if strict[cell] & EXIT:
                dist[cell] = 0
                heap.append((0, cell))
        for cell in zone:
            if full[cell] < dist[cell]:
                dist[cell] = full[cell]
                heap.append((full[cell], cell))
        heapq.heapify(heap)
        neighbours = self.neighbours
        while heap:
            d, cell = heapq.heappop(heap)
            if d > dist[cell] or not strict[cell] & STAND:
                continue
            d += 1
            for table in neighbours:
                n = table[cell]
                if n >= 0 and d < dist[n]:
                    dist[n] = d
                    heapq.heappush(heap, (d, n))
        return dist

    def moves_to_exit(self, state) -> int | None:
        """A lower bound on the moves the player needs to win; None when he never can."""
        if state.won:
            return 0
        if state.dead:
            return None
        conds = conditions(state)
        codes = self.codes(state, conds)
        if self.gates:
            d = self.gated_distances(state, codes, conds)[state.player]
            return None if d >= UNREACHABLE else d  # (no hugbots here)
        d = self.distances(codes)[state.player]
        if d >= UNREACHABLE:
            return None
        if self.hearts_bound and conds[4]:
            d = self._with_hearts(state, codes, d)
            if d >= UNREACHABLE:
                return None
        per_move = 1 + hugbot_count(state)
        return -(-d // per_move)


    def _with_hearts(self, state, codes: bytes, d: int) -> int:
        """Sleeping doors open only once the player has stood on every heart framer left:
        the cheaper of a real exit and, for the worst heart, the way to it and on to
        any exit."""
        tiles, player = state.tiles, state.player
        no_exits = codes.translate(_WITHOUT_EXIT)
        real = bytearray(codes)
        at = tiles.find(_DOOR)
        while at >= 0:
            real[at] &= ~EXIT
            at = tiles.find(_DOOR, at + 1)
        best = self.distances(bytes(real))[player]
        full = self.distances(codes)
        doors = d
        at = tiles.find(_HEART)
        while at >= 0:
            to_heart = bytearray(no_exits)
            to_heart[at] |= EXIT
            doors = max(doors, self.distances(bytes(to_heart))[player] + full[at])
            at = tiles.find(_HEART, at + 1)
        return min(best, doors)


_WITHOUT_EXIT = bytes(code & ~EXIT for code in range(256))
_DOOR = int(T.SLEEPINGDOOR)
_GATE_SPOILERS = (T.GOLD, T.TRANSPORT, T.REMOTE) + tuple(
    tile for tile in range(64) if SPHERES[tile] or STEELS[tile])


def _gates(start):
    """(panel destination -> the cells on or next to the panels sending there, the cells
    on or next to a button), when the gate bound is sound for this level (see the
    module docstring); None when it is not, or there are no gates."""
    if start.bots:
        return None
    layers = (start.tiles, start.otiles)
    if any(int(tile) in layer for tile in _GATE_SPOILERS for layer in layers):
        return None
    neighbours = start.board.neighbours[1:]

    def around(cell: int) -> set:
        return {cell} | {n for n in (table[cell] for table in neighbours) if n >= 0}

    zone_of_dest: dict[int, set] = {}
    button_zone: set = set()
    for cell in range(start.board.size):
        if start.flags[cell] & (HAS_PANEL | HAS_OPANEL) or PANEL_TILES[start.tiles[cell]] \
                or PANEL_TILES[start.otiles[cell]]:
            zone_of_dest.setdefault(start.board.dests[cell], set()).update(around(cell))
        if T.BUTTON in (start.tiles[cell], start.otiles[cell]):
            button_zone |= around(cell)
    if not zone_of_dest and not button_zone:
        return None
    return ({dest: tuple(sorted(zone)) for dest, zone in zone_of_dest.items()}, tuple(sorted(button_zone)))


def frozen_blocks(start) -> set[int]:
    """Blocks that can never move: where nothing swaps a cell and no bomb goes off, a
    set of one-cell blocks each of which, in every direction, has ahead of it the edge,
    a tile no block can ever be pushed onto, or another block of the set, or behind
    it (where the pusher would stand) the edge, a tile nobody can ever enter, or
    another block of the set. The first of them to move would have been pushed from
    or against one of those: none ever moves."""
    if any(kind >= _BOMB for kind, _, _ in start.bots):
        return set()
    swaps = set(_swap_cells(start))
    tiles = start.tiles
    neighbours = start.board.neighbours[1:]
    opposite = {1: start.board.neighbours[2], 2: start.board.neighbours[1],
                3: start.board.neighbours[4], 4: start.board.neighbours[3]}
    standing = {start.player} | {cell for _, cell, _ in start.bots}
    members = {cell for cell in range(start.board.size) if tiles[cell] in _ONE_CELL_BLOCKS and cell not in swaps}
    changed = True
    while changed:
        changed = False
        for cell in list(members):
            for direction, table in enumerate(neighbours, 1):
                beyond = table[cell]
                if beyond < 0 or beyond in members or (beyond not in swaps and _NEVER_LANDED_ON[tiles[beyond]]):
                    continue
                pusher = opposite[direction][cell]
                if pusher < 0 or pusher in members or (pusher not in swaps and pusher not in standing
                                                       and _NEVER_ENTERED[tiles[pusher]]):
                    continue
                members.discard(cell)
                changed = True
                break
    return members


def _frozen_mask(start) -> int | None:
    frozen = frozen_blocks(start)
    if not frozen:
        return None
    mask = bytearray(b"\xff" * start.board.size)
    for cell in frozen:
        mask[cell] = 0
    return int.from_bytes(mask, "little")


_ONE_CELL_BLOCKS = frozenset(int(t) for t in (T.RED, T.GREY, T.GREEN, T.GOLD, T.NS, T.NE, T.NW, T.SE, T.SW, T.WE,
                                              T.NSWE, T.TRANSPONDER))
# Tiles no block is pushed onto, that (without swaps and bombs) never become one that is:
# not floor, panels, holes, electric floor, traps (they become holes), nor anything that
# moves or is taken away.
_NEVER_LANDED_ON = bytes(
    1 if not (WALKABLE[t] or PANEL_TILES[t] or PLAIN_BLOCKS[t] or SLIDERS[t] or SPHERES[t] or STEELS[t]
              or t in (T.FLOOR, T.HOLE, T.ELECTRIC, T.TRANSPORT, T.GREEN, T.GOLD, T.BROKEN, T.HEARTFRAMER))
    else 0 for t in range(64)) + bytes(192)
# Tiles nobody can enter, that (without swaps and bombs) never become enterable.
_NEVER_ENTERED = bytes(1 if _NEVER_LANDED_ON[t] and ENTER[t] is blocked
                       and t not in (T.BUP, T.RUP, T.GUP, T.SLEEPINGDOOR) else 0 for t in range(64)) + bytes(192)


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
