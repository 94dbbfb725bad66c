"""Panels, their flags, and the bizarro swap.

A panel under a block is remembered in the cell's flags: bit 1 (normal layer)
or bit 2 (bizarro layer), refined by bits 4/8 (16/32 for bizarro) into its
colour: neither = grey, low only = blue, high only = green, both = red.

Panels fire on the *edge*: when something arrives on them and again when it
leaves. Firing does not swap at once: it toggles the destination's pending
mark, so two firings at the same destination cancel, and the swaps happen
together as the last act of the motion (``swap_pending``).
"""

from studio.games.escape.engine.events import PanelFired, Swapped
from studio.games.escape.tiles import T

HAS_PANEL = 1  # a panel lies under this cell's tile (normal layer)
HAS_OPANEL = 2  # the same on the bizarro layer
PANEL_BITS = 1 | 4 | 8
OPANEL_BITS = 2 | 16 | 32

# panel tile -> the flag bits that remember it under a block (normal layer)
PANEL_FLAGS = {T.PANEL: 1, T.BPANEL: 1 | 4, T.GPANEL: 1 | 8, T.RPANEL: 1 | 4 | 8}
# the colour refinement (bits 4 and 8) -> the panel tile
_PANEL_OF_REFINEMENT = (T.PANEL, T.BPANEL, T.GPANEL, T.RPANEL)

# Which blocks press which panels: a grey panel takes any block; a coloured
# one only the sphere or steel of its colour.
_COLOURED_PRESSERS = {
    T.BPANEL: (T.BSPHERE, T.BSTEEL),
    T.RPANEL: (T.RSPHERE, T.RSTEEL),
    T.GPANEL: (T.GSPHERE, T.GSTEEL),
}


def panel_under(flag: int) -> int:
    """The panel tile recorded by a cell's normal-layer flag bits."""
    return _PANEL_OF_REFINEMENT[(flag >> 2) & 3]


def ground_under(flag: int) -> int:
    """What a block on a cell rests on, by the cell's flag bits: the panel they record, else floor."""
    return int(panel_under(flag)) if flag & HAS_PANEL else int(T.FLOOR)


def presses(block: int, panel: int) -> bool:
    """Does this block, coming to rest on or leaving this panel, fire it?"""
    if panel == T.PANEL:
        return True
    return block in _COLOURED_PRESSERS[panel]


def fire(turn, panel_cell: int) -> None:
    """A panel (or remote) fired: its destination is marked to swap at the end of the motion."""
    dest = turn.dests[panel_cell]
    pending = turn.pending
    if dest in pending:
        pending.remove(dest)
    else:
        pending.add(dest)
    if turn.events is not None:
        turn.events.append(PanelFired(panel_cell, dest))


def swap_pending(turn) -> None:
    """The panel swap: every marked cell trades tile and panel flags with the bizarro layer."""
    if type(turn.otiles) is bytes:
        turn.otiles = bytearray(turn.otiles)
    tiles, otiles, flags = turn.tiles, turn.otiles, turn.flags
    for cell in sorted(turn.pending):
        tiles[cell], otiles[cell] = otiles[cell], tiles[cell]
        f = flags[cell]
        flags[cell] = (f & ~(PANEL_BITS | OPANEL_BITS)) | ((f & 1) << 1) | ((f & 2) >> 1) \
            | ((f & 12) << 2) | ((f & 48) >> 2)
        if turn.events is not None:
            turn.events.append(Swapped(cell))
    turn.pending.clear()


def lift_block(turn, cell: int) -> int:
    """A block leaves ``cell``: the panel under it (if any) shows again and fires if the
    block pressed it. (The flag stays: it marks the panel, covered or not.) Returns the
    block's tile."""
    block = turn.tiles[cell]
    f = turn.flags[cell]
    if f & HAS_PANEL:
        panel = panel_under(f)
        turn.tiles[cell] = panel
        if presses(block, panel):
            fire(turn, cell)
    else:
        turn.tiles[cell] = T.FLOOR
    return block


def set_block_down(turn, block: int, cell: int) -> None:
    """A block comes to rest on ``cell`` (floor or a panel, which it may press)."""
    under = turn.tiles[cell]
    bits = PANEL_FLAGS.get(under)
    if bits:
        turn.flags[cell] |= bits
        if presses(block, under):
            fire(turn, cell)
    turn.tiles[cell] = block
