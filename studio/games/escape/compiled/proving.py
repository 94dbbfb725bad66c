"""Running the compiled exact search (proof.py) from Python: in chunks, so that a timeout
or a cancel stops it within a few hundredths of a second, growing its arrays when it
asks (up to ``max_bytes``), and turning a solution it found back into single moves.

``prove_shortest(state, known_length=, timeout=)`` answers a ``CompiledProof``: whether the
search proved the shortest length (the known one, or that of a solution it found, whose
moves it gives), or None where the compiled engine cannot be used. The moves are the
compiled engine's: the caller plays them on the reference engine before it trusts them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from studio.core.search_space import cancelled
from studio.games.escape.compiled import start_arrays, start_engine
from studio.games.escape.reach import EXIT, UNREACHABLE, Relaxation, conditions, hugbot_count
from studio.games.escape.tiles import T

FIRST_CHUNK = 64  # positions taken before the first look at the clock
CHUNK_SECONDS = 0.04  # between looks at the clock, after that
GROWN_BYTES_A_SECOND = 800e6  # arrays made and filled a second (regression worstcase.esx: 0.54 GB grown to 1.07 in 1.1 s)
MAX_BYTES = 3 << 30  # the arrays' room at most (then the search stops, proving nothing)
REFERENCE_BOARDS = 256  # as searching.py's
REPORT_SECONDS = 0.25  # between progress reports
_DOOR, _HEART = int(T.SLEEPINGDOOR), int(T.HEARTFRAMER)
_WITHOUT_EXIT = bytes(code & ~EXIT for code in range(256))
GEOGRAPHIES = 2048  # bound rows kept (geography.py): boards of others take the start's bound
PENDING = 16  # geographies listed for computing before the search asks for them


@dataclass
class CompiledProof:
    proven: bool  # no solution is shorter than ``length`` (length None: than proof.MOST_COST moves)
    length: int | None  # the shortest found: a solution's own, else the known length
    moves: tuple | None  # a solution this search found (shorter than the known one), else None
    expanded: int
    stored: int
    seconds: float
    stopped: str  # "done", "timeout", "cancelled", "memory" or "unsure"


def admissible_bound(state):
    """Per cell, a lower bound on the moves to win from a position whose player stands
    there (numpy int64; proof.FAR where no exit can ever be reached): reach.py's relaxed
    distance from the start's codes, which every later position's allow no more than,
    over the cells a move may carry the player (one, plus one a hugbot)."""
    import numpy as np

    from studio.games.escape.compiled.proof import FAR

    relaxation = Relaxation(state)
    distances = relaxation.distances(relaxation.codes(state))
    per_move = 1 + hugbot_count(state)
    return np.array([FAR if d >= UNREACHABLE else -(-d // per_move) for d in distances], dtype=np.int64)


def prove_shortest(state, *, known_length: int | None, timeout: float, cancel=None, progress=None,
                   max_bytes: int = MAX_BYTES) -> CompiledProof | None:
    """The exact A* from ``state`` (module docstring), looking for solutions shorter than
    ``known_length`` (any, when None), for at most ``timeout`` seconds. ``progress(expanded,
    stored, seconds, bound)`` hears how far it has got every ``REPORT_SECONDS`` (``bound``:
    no solution is shorter)."""
    started = time.perf_counter()
    if not start_engine():
        return None
    arrays = start_arrays(state)
    if arrays is None:
        return None
    from studio.games.escape.compiled import proof

    ceiling = proof.MOST_COST if known_length is None else min(known_length, proof.MOST_COST)
    searching = _Proof(arrays, admissible_bound(state), ceiling, max_bytes, _Geographies(state, arrays))
    stopped = searching.run_until(started, timeout, cancel, progress)
    found = searching.found()
    moves = searching.moves() if found else None
    length = searching.ceiling() if found or known_length is not None else None
    return CompiledProof(stopped == "done", length, moves, searching.taken(), searching.stored(),
                         time.perf_counter() - started, stopped)


def compile_proof(state) -> bool:
    """Compile the exact search (a proof on ``state``, a level won in two moves, and its
    table's growth) into the cache: whether it proved the two moves shortest."""
    import numpy as np

    from studio.games.escape.compiled import proof

    done = prove_shortest(state, known_length=None, timeout=float("inf"))
    table = np.zeros(4, dtype=np.uint64)
    proof.renumber(table, np.zeros(4, dtype=np.int32), np.zeros(8, dtype=np.uint64), np.zeros(8, dtype=np.int32))
    return done is not None and done.proven and done.moves == (4, 4)


class _Proof:
    """proof.run's arrays, grown when it asks."""

    def __init__(self, arrays, bound, ceiling: int, max_bytes: int, geographies):
        import numpy as np

        from studio.games.escape.compiled import proof

        self.proof = proof
        self.L0, self.B0, self.G, self.m0 = arrays
        cells = self.L0.shape[1]
        self.max_bytes = max_bytes
        self.bound = bound
        rng = np.random.default_rng(cells)
        self.zob = rng.integers(1, 2 ** 63, size=(2, cells), dtype=np.int64).astype(np.uint64)
        self.work = np.zeros((2, 4, cells), dtype=np.uint8)
        self.scratch = np.zeros(9 * cells + 64, dtype=np.int64)
        self.region_arrays = np.zeros((4, 10 * cells + 8), dtype=np.int64)
        records = max(1 << 14, 8 * cells)
        self.pool = np.zeros(1 << 20, dtype=np.int32)
        self.offset = np.zeros(records, dtype=np.int64)
        self.parent = np.zeros(records, dtype=np.int32)
        self.label = np.zeros(records, dtype=np.int32)
        self.cost = np.zeros(records, dtype=np.int32)
        self.board_of = np.zeros(records, dtype=np.int32)
        self.links = np.zeros(records, dtype=np.int32)  # (proof._queue's)
        self.heads = np.zeros(proof.MOST_COST + 1, dtype=np.int64)
        self.boards = np.zeros(4 * records, dtype=np.uint64)
        self.numbers = np.zeros(4 * records, dtype=np.int32)
        boards = 4096  # (a cost row is two bytes a cell: 4,096 bytes on the largest board)
        self.first = np.zeros(boards, dtype=np.int32)
        self.costs = np.zeros((boards, cells), dtype=np.uint16)
        self.geo_of = np.full(boards, -1, dtype=np.int32)  # (each board's geography: geography.py)
        self.geographies = geographies
        self.ctl = np.zeros(proof.PROOF_CTL_SIZE, dtype=np.int64)
        self.references = (np.zeros((REFERENCE_BOARDS,) + self.L0.shape, dtype=np.uint8),
                           np.zeros((REFERENCE_BOARDS,) + self.m0.shape, dtype=np.int64))
        work = self.work
        proof.seed(self.L0, self.B0, self.m0, self.pool, self.offset, self.parent, self.label, self.cost,
                   self.board_of, self.ctl, self.links, self.heads, bound, self.boards, self.numbers, self.first, self.costs,
                   self.references, ceiling)
        self.chunk = FIRST_CHUNK

    def run_until(self, started: float, timeout: float, cancel, progress) -> str:
        proof = self.proof
        reported = started
        while True:
            if cancelled(cancel):
                return "cancelled"
            now = time.perf_counter()
            if now >= started + timeout:
                return "timeout"
            if progress is not None and now - reported >= REPORT_SECONDS:
                reported = now
                progress(self.taken(), self.stored(), now - started, self.bound_now())
            began = time.perf_counter()
            answer = self._run_chunk(self.chunk)
            took = time.perf_counter() - began
            if answer == proof.PROVEN:
                return "unsure" if self.ctl[proof.OVERFLOWS] else "done"
            if answer == proof.UNSURE:
                return "unsure"
            if answer == proof.NEED_BOUNDS:
                self.geographies.compute_pending()
            elif answer == proof.CHUNK_DONE:
                self.chunk = max(1, min(self.chunk * 4, int(self.chunk * CHUNK_SECONDS / max(took, 1e-4))))
            else:
                room = self._make_room(answer, started + timeout)
                if room is None:
                    return "timeout"
                if not room:
                    return "memory"

    def _run_chunk(self, budget: int) -> int:
        return self.proof.run(self.L0, self.B0, self.G, self.m0, self.scratch, self.work, self.zob, self.pool,
                              self.offset, self.parent, self.label, self.cost, self.board_of, self.ctl,
                              self.region_arrays, self.links, self.heads, self.bound, self.boards, self.numbers, self.first,
                              self.costs, self.references, self.geographies.arrays + (self.geo_of,), budget)

    def _bytes(self) -> int:
        return sum(a.nbytes for a in (self.pool, self.offset, self.parent, self.label, self.cost, self.board_of,
                                      self.links, self.boards, self.numbers, self.first, self.costs))

    def _make_room(self, answer: int, deadline: float) -> bool | None:
        """Grow what ``answer`` asks for; False past ``max_bytes``, None when copying the
        arrays would take past ``deadline`` (a second and more for a large search's)."""
        import numpy as np

        proof = self.proof
        asked = {proof.NEED_RECORDS: (self.offset, self.parent, self.label, self.cost, self.board_of, self.links),
                 proof.NEED_POOL: (self.pool,),
                 proof.NEED_BOARDS: (self.first, self.geo_of, self.costs, self.boards, self.numbers)}.get(answer, ())
        if time.perf_counter() + 2 * sum(a.nbytes for a in asked) / GROWN_BYTES_A_SECOND > deadline:
            return None
        if answer == proof.NEED_RECORDS:
            grown = (self.offset, self.parent, self.label, self.cost, self.board_of, self.links)
            if self._bytes() + sum(a.nbytes for a in grown) > self.max_bytes:
                return False
            self.offset, self.parent, self.label, self.cost, self.board_of, self.links = map(_grown, grown)
        elif answer == proof.NEED_POOL:
            if self._bytes() + self.pool.nbytes > self.max_bytes:
                return False
            self.pool = _grown(self.pool)
        elif answer == proof.NEED_BOARDS:
            if self.first.shape[0] - self.ctl[proof.BOARDS] < 4 * self.L0.shape[1] + 1:
                if self._bytes() + self.first.nbytes + self.costs.nbytes > self.max_bytes:
                    return False
                self.first = _grown(self.first)
                geo_of = np.full(self.geo_of.shape[0] * 2, -1, dtype=self.geo_of.dtype)
                geo_of[:self.geo_of.shape[0]] = self.geo_of
                self.geo_of = geo_of
                costs = np.zeros((self.costs.shape[0] * 2, self.costs.shape[1]), dtype=self.costs.dtype)
                costs[:self.costs.shape[0]] = self.costs
                self.costs = costs
            if 2 * (self.ctl[proof.BOARDS] + 4 * self.L0.shape[1] + 1) > self.boards.shape[0]:
                if self._bytes() + self.boards.nbytes + self.numbers.nbytes > self.max_bytes:
                    return False
                bigger = np.zeros(self.boards.shape[0] * 2, dtype=self.boards.dtype)
                numbers = np.zeros(bigger.shape[0], dtype=self.numbers.dtype)
                proof.renumber(self.boards, self.numbers, bigger, numbers)
                self.boards, self.numbers = bigger, numbers
        else:
            return False
        return True

    def found(self) -> bool:
        return self.ctl[self.proof.BEST_AT] >= 0

    def ceiling(self) -> int:
        return int(self.ctl[self.proof.CEILING])

    def bound_now(self) -> int:
        """No solution is shorter than this: the least f queued (or the ceiling)."""
        return min(self.ceiling(), int(self.ctl[self.proof.LOWEST]))

    def taken(self) -> int:
        return int(self.ctl[self.proof.SETTLED])

    def stored(self) -> int:
        return int(self.ctl[self.proof.COUNT])

    def moves(self) -> tuple:
        """The single moves of the solution found."""
        from studio.games.escape.compiled.searching import walked_moves

        return walked_moves(self, int(self.ctl[self.proof.BEST_AT]), int(self.ctl[self.proof.BEST_LABEL]))


def bound_row(relaxation: Relaxation, board) -> list:
    """``relaxation.moves_to_exit`` of ``board`` with the player on each cell in turn, its
    player-independent work done once (a hearts level's geographies number thousands:
    tutorial lev575's took 2.3 s cell by cell). The tests hold the two equal."""
    conds = conditions(board)
    codes = relaxation.codes(board, conds)
    if relaxation.gates:
        return [None if d >= UNREACHABLE else d for d in relaxation.gated_distances(board, codes, conds)]
    full = relaxation.distances(codes)
    row = list(full)
    if relaxation.hearts_bound and conds[4]:
        tiles = board.tiles
        real = bytearray(codes)
        for at in _cells_of(tiles, _DOOR):
            real[at] &= ~EXIT
        best = relaxation.distances(bytes(real))
        no_exits = codes.translate(_WITHOUT_EXIT)
        hearts = []
        for at in _cells_of(tiles, _HEART):
            to_heart = bytearray(no_exits)
            to_heart[at] |= EXIT
            hearts.append((relaxation.distances(bytes(to_heart)), full[at]))
        for cell, d in enumerate(full):
            if d < UNREACHABLE:
                doors = d
                for to_heart, onwards in hearts:
                    doors = max(doors, to_heart[cell] + onwards)
                row[cell] = min(best[cell], doors)
    per_move = 1 + hugbot_count(board)
    return [None if d >= UNREACHABLE else -(-d // per_move) for d in row]


def _cells_of(tiles: bytes, tile: int) -> list:
    return [at for at, here in enumerate(tiles) if here == tile]


class _Geographies:
    """geography.py's arrays, and the bound rows of the geographies it lists as pending,
    computed by reach.Relaxation.moves_to_exit for the player on each cell."""

    def __init__(self, start, arrays):
        import numpy as np

        from studio.games.escape.compiled import geography
        from studio.games.escape.reach import code_table

        self.geography, self.start = geography, start
        self.relaxation = relaxation = Relaxation(start)
        cells = start.board.size
        tables = np.array([np.frombuffer(code_table(tuple(bool(k >> bit & 1) for bit in range(5))), dtype=np.uint8)
                           for k in range(32)], dtype=np.uint8)
        info = np.zeros((3, cells), dtype=np.uint8)
        mask = relaxation.frozen_mask
        info[geography.FROZEN] = 0xFF if mask is None else np.frombuffer(mask.to_bytes(cells, "little"), np.uint8)
        info[geography.SWAPPED, list(relaxation.swap_cells)] = 1
        if relaxation.gates:
            info[geography.GATE, list(relaxation.gates[0])] = 1
        geo_ctl = np.zeros(geography.GEO_CTL_SIZE, dtype=np.int64)
        geo_ctl[geography.GATES] = bool(relaxation.gates)
        geo_ctl[geography.HEARTS] = relaxation.hearts_bound
        bots = arrays[1].shape[1]
        self.rows = np.zeros((GEOGRAPHIES, cells), dtype=np.int64)
        self.pending = np.zeros(PENDING, dtype=np.int64)
        self.pending_L = np.zeros((PENDING, 2, cells), dtype=np.uint8)
        self.pending_B = np.zeros((PENDING, 3, bots), dtype=np.int64)
        self.geo_ctl = geo_ctl
        self.arrays = (tables, info, geo_ctl, np.zeros(4 * GEOGRAPHIES, dtype=np.uint64),
                       np.zeros(4 * GEOGRAPHIES, dtype=np.int64), np.zeros((GEOGRAPHIES, 2 * cells + 2), np.uint8),
                       self.rows, self.pending, self.pending_L, self.pending_B, np.zeros(2 * cells + 2, np.uint8))

    def compute_pending(self) -> None:
        from studio.games.escape.compiled.proof import FAR
        from studio.games.escape.engine.state import EscapeState

        geography, start = self.geography, self.start
        for at in range(int(self.geo_ctl[geography.PENDING])):
            board = EscapeState(bytes(self.pending_L[at, 0]), bytes(self.pending_L[at, 1]), start.flags, 0,
                                tuple(tuple(int(v) for v in bot) for bot in self.pending_B[at].T), False, False,
                                start.board)
            self.rows[int(self.pending[at])] = [FAR if d is None else d for d in bound_row(self.relaxation, board)]
        self.geo_ctl[geography.PENDING] = 0


def _grown(array):
    """The array twice as long, its contents kept."""
    import numpy as np

    bigger = np.zeros(array.shape[0] * 2, dtype=array.dtype)
    bigger[:array.shape[0]] = array
    return bigger
