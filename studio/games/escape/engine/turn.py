"""The scratch board one step works on: mutable copies of a state's layers and bots.

Every rule function takes the ``Turn`` as its first argument and edits it in
place; ``freeze`` turns it back into an immutable ``EscapeState``.
"""

from __future__ import annotations

from studio.games.escape.engine.events import Killed
from studio.games.escape.engine.panels import swap_pending
from studio.games.escape.engine.state import EscapeState

PLAYER = -1  # the mover number of the player; bots are 0, 1, 2, ...


# The bots' columns of the last state a Turn was made from: the solver plays many moves
# from positions sharing one bots tuple (the player walks, the bots stay), so most turns
# find them here rather than transpose the tuple again.
_last_columns: tuple = ((), ())


class Turn:
    __slots__ = ("board", "width", "neighbours", "dests", "tiles", "otiles", "flags", "guy",
                 "bot_type", "bot_cell", "bot_data", "pending", "events", "killed",
                 "blasts", "state", "columns")

    def __init__(self, state: EscapeState, record_events: bool = True):
        board = state.board
        self.state = state
        self.board = board
        self.width = board.width
        self.neighbours = board.neighbours
        self.dests = board.dests
        self.tiles = bytearray(state.tiles)
        self.otiles = state.otiles  # bytes until a swap needs to write it
        self.flags = bytearray(state.flags)
        self.guy = state.player
        bots = state.bots
        if bots:
            global _last_columns
            last = _last_columns  # (one read: another thread may replace it meanwhile)
            if last[0] is bots:
                columns = last[1]
            else:
                columns = tuple(zip(*bots))
                _last_columns = (bots, columns)
            self.columns = columns
            self.bot_type, self.bot_cell, self.bot_data = list(columns[0]), list(columns[1]), list(columns[2])
        else:
            self.bot_type, self.bot_cell, self.bot_data = [], [], []
        self.pending: set[int] = set()
        self.events: list | None = [] if record_events else None
        self.killed: Killed | None = None
        self.blasts: list[int] = []  # cells where a bomb exploded this turn

    # -- who is where ------------------------------------------------------
    def bot_at(self, cell: int) -> int:
        """The number of the live bot on ``cell``, or -1."""
        cells = self.bot_cell
        if cell in cells:
            types = self.bot_type
            for i, c in enumerate(cells):
                if c == cell and types[i] >= 0:
                    return i
        return -1

    def occupied(self, cell: int) -> bool:
        return cell == self.guy or self.bot_at(cell) >= 0

    def cell_of(self, who: int) -> int:
        return self.guy if who == PLAYER else self.bot_cell[who]

    def place(self, who: int, cell: int) -> None:
        if who == PLAYER:
            self.guy = cell
        else:
            self.bot_cell[who] = cell

    def name(self, who: int) -> str:
        return "player" if who == PLAYER else f"bot {who}"

    # -- bookkeeping -------------------------------------------------------
    def log(self, event) -> None:
        if self.events is not None:
            self.events.append(event)

    def kill(self, event: Killed) -> None:
        """The player dies (the first cause found is the one reported)."""
        if self.killed is None:
            self.killed = event
            self.log(event)

    def end_motion(self) -> None:
        """The last act of every motion: pending panel swaps happen together."""
        if self.pending:
            swap_pending(self)

    def freeze(self, dead: bool, won: bool) -> EscapeState:
        old = self.state
        tiles = old.tiles if self.tiles == old.tiles else bytes(self.tiles)
        otiles = self.otiles
        if otiles is not old.otiles:
            otiles = old.otiles if otiles == old.otiles else bytes(otiles)
        flags = old.flags if self.flags == old.flags else bytes(self.flags)
        bots = old.bots
        if bots:
            # Most moves leave every bot as it was: three comparisons at C speed, no new tuples.
            types, cells, data = self.columns
            if tuple(self.bot_cell) != cells or tuple(self.bot_type) != types or tuple(self.bot_data) != data:
                bots = tuple(zip(self.bot_type, self.bot_cell, self.bot_data))
        return tuple.__new__(EscapeState, (tiles, otiles, flags, self.guy, bots, dead, won, self.board))
