"""The facts of an Escape position, for the solver's searches for any solution
(core.solver): novelty facts, and how much a position has disturbed the level.

Facts are ints: each cell's tile on each layer, how many of each tile a layer
holds, the player's cell, each bot's cell, type and data (a lit bomb's fuse
left), and, in levels with buttons, the *circuit*: which light, remote or
transponder each button's pulses would reach if it were pressed now. A circuit fact makes a wiring the
player has pushed into place new in itself, before the press that uses it.
"""

from __future__ import annotations

import re
from itertools import islice

from studio.games.escape.engine.electricity import WIRE_TURNS
from studio.games.escape.engine.tilesets import LIGHT_FLOORS
from studio.games.escape.tiles import T

# Changes from the start paired up at most, besides the player's cell: as many as the
# compiled search's lists hold (search.run's ``changes`` rows of 64, the last the cell).
CHANGES_PAIRED = 63
_NONZERO = re.compile(b"[^\x00]")  # (changed_cells: a byte of two boards' difference)
_FEW_BITS = 48  # (changed_cells: this many bits differ at most, a dozen cells or so: cleared one by one sooner)
_BUTTON = int(T.BUTTON)  # an int: ``in`` and ``find`` take it at C speed
_PASSED_STRAIGHT = (int(T.NSWE), int(T.REMOTE))
_FLOOR_COLOUR = bytearray(256)  # raised and lowered floors of one colour share a number
for _colour, (_up, _down) in enumerate(LIGHT_FLOORS.values(), 1):
    _FLOOR_COLOUR[_up] = _FLOOR_COLOUR[_down] = _colour
_RECEIVERS = frozenset(int(t) for t in (*LIGHT_FLOORS, T.REMOTE, T.TRANSPONDER))
# What a tile is to ``circuit``: 0 stops a pulse, 1 receives it, and each tile that
# passes it on (or sends it) its own class. A change within a class (a floor raised,
# a block pushed over plain floor) leaves every circuit as it was.
_CIRCUIT_CLASS = bytes(
    1 if t in _RECEIVERS else (2 + t if t in WIRE_TURNS or t in _PASSED_STRAIGHT or t == _BUTTON else 0)
    for t in range(256)
)


class PositionFacts:
    """``atoms`` and ``changes`` of the positions of one level."""

    def __init__(self, start):
        self._start = start
        size = start.board.size
        self._counts_base = 2 * 64 * size
        self._player_base = self._counts_base + 2 * 64 * (size + 1)
        self._bots_base = self._player_base + size
        self._buttons = _BUTTON in start.tiles or _BUTTON in start.otiles

    def atoms(self, state, parent) -> list[int]:
        """The position's facts; given the parent, only those that may differ from the
        parent's (which were all seen already)."""
        size = state.board.size
        found = [self._player_base + state.player]
        wiring_changed = False  # may a circuit differ from the parent's?
        for layer, now in enumerate((state.tiles, state.otiles)):
            before = None if parent is None else (parent.tiles, parent.otiles)[layer]
            if now is before or now == before:
                continue
            base = layer * 64 * size
            if before is None:
                changed = list(enumerate(now))
                kinds = set(now)
                wiring_changed = True
            else:
                changed = list(changed_cells(now, before))
                kinds = {tile for _, tile in changed} | {before[cell] for cell, _ in changed}
                if layer == 0 and not wiring_changed:  # (circuits lie on the normal layer)
                    wiring_changed = any(_CIRCUIT_CLASS[tile] != _CIRCUIT_CLASS[before[cell]] for cell, tile in changed)
            found += [base + cell * 64 + tile for cell, tile in changed]
            count_base = self._counts_base + layer * 64 * (size + 1)
            found += [count_base + kind * (size + 1) + now.count(kind) for kind in kinds]
        if wiring_changed and self._buttons:
            found += [-1 - (button * size + target) for button, target in circuit(state)]
        if parent is not None and state.bots is parent.bots:
            return found
        for number, bot in enumerate(state.bots):
            found.append(self._bot_fact(number, bot, size))
        return found

    def _bot_fact(self, number: int, bot: tuple, size: int) -> int:
        """Bot ``number`` of this type on this cell with this data (a lit bomb's fuse
        left): a fuse burning down is new, so waiting for a blast is worth a look."""
        kind, cell, data = bot
        return self._bots_base + (((number * size + cell) << 5) + kind + 3 << 4) + ((data + 1) & 15)

    def disturbance(self, state) -> int:
        """How many cells, on either layer, hold another tile than at the start, not
        counting coloured floors raised or lowered (a button press costs nothing): two
        blocks pushed anywhere disturb four cells."""
        start = self._start
        count = 0
        for now, before in ((state.tiles, start.tiles), (state.otiles, start.otiles)):
            if now is not before:
                for cell, tile in changed_cells(now, before):
                    if _FLOOR_COLOUR[tile] == 0 or _FLOOR_COLOUR[tile] != _FLOOR_COLOUR[before[cell]]:
                        count += 1
        return count

    def changes(self, state) -> tuple:
        """The facts the novelty search pairs up: those in which a position differs from
        the start (the tiles changed on each layer in cell order, then the bots moved),
        the first ``CHANGES_PAIRED`` of them, and the player's cell. With the cell, "this
        block pushed here, and the player there" is a pair: walking round a block to push
        it on, or waiting somewhere while a fuse burns, is new even when the block's cell
        and the player's were each seen before. (Capped as the compiled search caps them,
        ordering.novelty_class: a button that toggles hundreds of cells, mylevels/fig3.1,
        made 469 changes, a hundred thousand pairs for every position.)"""
        start = self._start
        size = state.board.size
        found = []
        for layer, (now, before) in enumerate(((state.tiles, start.tiles), (state.otiles, start.otiles))):
            if now is not before:
                base = layer * 64 * size
                found += [base + cell * 64 + tile
                          for cell, tile in islice(changed_cells(now, before), CHANGES_PAIRED - len(found))]
        if state.bots is not start.bots:
            for number, bot in enumerate(state.bots):
                if number >= len(start.bots) or bot != start.bots[number]:
                    found.append(self._bot_fact(number, bot, size))
        del found[CHANGES_PAIRED:]
        found.append(self._player_base + state.player)
        return tuple(found)


def circuit(state) -> set[tuple[int, int]]:
    """(button, receiver) for every light, remote or transponder that a pulse from a
    button would reach through the wires as they lie now (electricity.py's rules,
    stopping at the first receiver)."""
    tiles = state.tiles
    neighbours = state.board.neighbours
    found = set()
    button = tiles.find(_BUTTON)
    while button >= 0:
        for direction in (1, 2, 3, 4):
            cell, d = neighbours[direction][button], direction
            steps = 0
            while cell >= 0 and steps <= len(tiles):
                steps += 1
                tile = tiles[cell]
                if tile in _RECEIVERS:
                    found.add((button, cell))
                    break
                turns = WIRE_TURNS.get(tile)
                if turns is not None:
                    if d not in turns:
                        break
                    d = turns[d]
                elif tile not in _PASSED_STRAIGHT:
                    break
                cell = neighbours[d][cell]
        button = tiles.find(_BUTTON, button + 1)
    return found


def changed_cells(now: bytes, before: bytes):
    """(cell, tile now) for each cell that differs, in cell order. A few are cleared one by
    one from the difference as an int; more are found as the nonzero bytes of the
    difference by a regular expression, the scan at C speed (clearing each took a pass
    over the whole int: 1.3 us each of the 190 changes a position on mylevels/fig3.1)."""
    difference = int.from_bytes(now, "little") ^ int.from_bytes(before, "little")
    if difference.bit_count() <= _FEW_BITS:
        while difference:
            low = difference & -difference
            cell = (low.bit_length() - 1) >> 3
            yield cell, now[cell]
            difference &= ~(0xFF << (cell * 8))
        return
    for changed in _NONZERO.finditer(difference.to_bytes(len(now), "little")):
        cell = changed.start()
        yield cell, now[cell]


__all__ = ["PositionFacts", "changed_cells", "circuit"]
