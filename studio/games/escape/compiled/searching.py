"""Running the compiled search for any solution (search.py) from Python: in chunks, so a
timeout or a cancel stops it within a few hundredths of a second, growing its arrays
when it asks, and turning the edges it found back into single moves.

``find_solution(state, timeout=, cancel=)`` answers a ``CompiledFind``: the moves of a
solution (None when it found none), how many positions it searched, and whether it ran
out of them. The moves are the compiled engine's: the caller plays them on the reference
engine before it trusts them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from studio.core.search_space import cancelled
from studio.games.escape.compiled import start_arrays, start_engine
from studio.games.escape.reach import Relaxation

FIRST_CHUNK = 64  # work (positions taken and moves tried: search.run) before the first look at the clock
CHUNK_SECONDS = 0.04  # between looks at the clock, after that
# seconds each turn of the novelty search, of the deferred novelty search, then of the breadth-first one
SLICES = (0.1, 0.1, 0.05)
MAX_POOL = 400_000_000  # int32 entries kept for the positions found (1.6 GB): then the search stops
MAX_RECORDS = 60_000_000
REFERENCE_BOARDS = 256  # reference boards a search may keep records against (search.NEAR)
REPORT_SECONDS = 0.25  # between reports of how far the searches have got (find_solution's progress)
MAX_WALKED = 1 << 25  # slots for the cells of the regions searched (256 MB): then no more are kept


@dataclass
class CompiledFind:
    moves: tuple | None
    expanded: int
    stored: int
    exhausted: bool  # every position reachable was searched (not a proof: hashes may meet)
    seconds: float


def find_solution(state, *, timeout: float, cancel=None, novelty: bool = True,
                  breadth_first: bool = True, progress=None) -> CompiledFind | None:
    """A solution from ``state`` by the compiled search, or None when the compiled engine
    cannot be used here. The searches asked for take turns (``SLICES``): with ``novelty``,
    the novelty search and the deferred one (search.py's orders; each solves levels the
    other does not find in minutes: tutorial lev367 and mylevels idea2), with
    ``breadth_first`` the breadth-first one; a solution any finds ends them all. (The
    novelty orders can wander a long way from a short solution that breadth-first meets
    soon: a maze of steel, mylevels/cmaze.) Two cores run the novelty searches in one
    process and breadth-first in the other (solve.py). ``progress(expanded, stored, seconds)``
    hears how far the searches have got, every ``REPORT_SECONDS`` or so (a Solve window shows it)."""
    started = time.perf_counter()
    if not start_engine():
        return None
    arrays = start_arrays(state)
    if arrays is None:
        return None
    import numpy as np

    rng = np.random.default_rng(arrays[0].shape[1])
    zob = rng.integers(1, 2 ** 63, size=(2, arrays[0].shape[1]), dtype=np.int64).astype(np.uint64)
    codes = np.frombuffer(Relaxation(state).codes(state), dtype=np.uint8).copy()
    from studio.games.escape.compiled.ordering import guide_graph
    from studio.games.escape.compiled.search import BREADTH_FIRST, NOVELTY, NOVELTY_DEFERRED

    graph = guide_graph(arrays[2], codes, arrays[0].shape[1])  # (the same for every order)

    asked = (novelty, novelty, breadth_first)
    turns_of = [(order, seconds) for order, seconds, wanted in
                zip((NOVELTY, NOVELTY_DEFERRED, BREADTH_FIRST), SLICES, asked) if wanted]
    if not turns_of:
        raise ValueError("find_solution needs the novelty search, the breadth-first one, or both")
    orders, slices = zip(*turns_of)
    # (each search may take the share of the memory that it has of the time)
    turns = [(_Search(arrays, zob, graph, order, seconds / sum(slices)), seconds)
             for order, seconds in zip(orders, slices)]
    deadline = started + timeout
    ended = None
    active = list(turns)
    reported = started
    while active and ended is None and time.perf_counter() < deadline and not cancelled(cancel):
        for turn in list(active):
            searching, seconds = turn
            if searching.run_for(min(seconds, deadline - time.perf_counter()), cancel):
                if searching.found() or searching.exhausted():
                    ended = searching
                    break
                active.remove(turn)  # (out of memory: the other search goes on alone)
        if progress is not None and time.perf_counter() - reported >= REPORT_SECONDS:
            reported = time.perf_counter()
            progress(sum(searching.expanded() for searching, _ in turns),
                     sum(searching.stored() for searching, _ in turns), reported - started)
    expanded = sum(searching.expanded() for searching, _ in turns)
    stored = sum(searching.stored() for searching, _ in turns)
    moves = ended.moves() if ended is not None and ended.found() else None
    exhausted = ended is not None and ended.exhausted()
    return CompiledFind(moves, expanded, stored, exhausted, time.perf_counter() - started)


class _Search:
    """One compiled search's arrays (search.run's), run a slice of time at a time, growing
    them when it asks (up to ``share`` of the memory the searches may take)."""

    def __init__(self, arrays, zob, graph, order: int, share: float):
        import numpy as np

        from studio.games.escape.compiled import ordering, search

        self.search = search
        self.L0, self.B0, self.G, self.m0 = arrays
        cells = self.L0.shape[1]
        self.zob, self.order = zob, order
        self.novelty = novelty = order != search.BREADTH_FIRST
        self.max_pool, self.max_records = int(MAX_POOL * share), int(MAX_RECORDS * share)
        self.max_walked = int(MAX_WALKED * share)
        self.work = np.zeros((2, 4, cells), dtype=np.uint8)
        self.scratch = np.zeros(9 * cells + 64, dtype=np.int64)
        self.region_arrays = np.zeros((4, 10 * cells + 8), dtype=np.int64)  # (search.run names its rows)
        self.table = np.zeros(1 << 16, dtype=np.uint64)
        self.walked = np.zeros(1 << 16, dtype=np.uint64)
        records = 1 << 14
        self.pool = np.zeros(1 << 20, dtype=np.int32)
        self.offset = np.zeros(records, dtype=np.int64)
        self.parent = np.zeros(records, dtype=np.int32)
        self.label = np.zeros(records, dtype=np.int32)
        self.ctl = np.zeros(search.CTL_SIZE, dtype=np.int64)
        self.heap = np.zeros(records, dtype=np.int64)
        self.stages = np.zeros(records, dtype=np.int32)
        self.atoms = np.zeros(1 << ordering.ATOM_BITS if novelty else 1, dtype=np.uint8)
        # (breadth-first only seeds with the guide: one map)
        self.guide_tables = ordering.guide_tables(graph, ordering.GUIDE_MAPS if novelty else 1)
        # the boards records are kept against (search.NEAR): the start and up to REFERENCE_BOARDS - 1 more
        self.references = (np.zeros((REFERENCE_BOARDS,) + self.L0.shape, dtype=np.uint8),
                           np.zeros((REFERENCE_BOARDS,) + self.m0.shape, dtype=np.int64))
        search.seed(self.L0, self.B0, self.m0, zob, self.table, self.pool, self.offset, self.parent,
                    self.label, self.ctl, self.heap, self.stages, self.guide_tables, self.references)
        self.answer = search.CHUNK_DONE
        self.chunk = FIRST_CHUNK

    def run_for(self, seconds: float, cancel) -> bool:
        """Search on for about ``seconds``; True once the search has ended (a solution, no
        positions left, or no more memory)."""
        search = self.search
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline and not cancelled(cancel):
            began = time.perf_counter()
            answer = self.answer = self.run_chunk(self.chunk)
            took = time.perf_counter() - began
            if answer == search.CHUNK_DONE:  # the next chunk sized to take about CHUNK_SECONDS
                self.chunk = max(1, min(self.chunk * 4, int(self.chunk * CHUNK_SECONDS / max(took, 1e-4))))
            elif not self.make_room(answer):
                return True
        return False

    def make_room(self, answer: int) -> bool:
        """Grow the array a chunk's ``answer`` asks for; False when it may not grow (or the
        answer asked for none: the search has ended)."""
        search = self.search
        if answer == search.NEED_RECORDS:
            if self.offset.shape[0] * 2 > self.max_records:
                return False
            self.offset, self.parent, self.label, self.heap, self.stages = (
                _grown(a) for a in (self.offset, self.parent, self.label, self.heap, self.stages))
        elif answer == search.NEED_POOL:
            if self.pool.shape[0] * 2 > self.max_pool:
                return False
            self.pool = _grown(self.pool)
        elif answer == search.NEED_KEYS:
            self.table = _rehashed(search, self.table, self.ctl, search.KEYS)
        elif answer == search.NEED_WALKED:
            if self.walked.shape[0] * 2 > self.max_walked:
                self.ctl[search.WALKED_FULL] = 1
            else:
                self.walked = _rehashed(search, self.walked, self.ctl, search.WALKED)
        else:
            return False
        return True

    def run_chunk(self, work_budget: int) -> int:
        """search.run for ``work_budget`` units of work (positions taken and moves tried); its answer."""
        return self.search.run(
            self.L0, self.B0, self.G, self.m0, self.scratch, self.work, self.zob, self.table, self.walked,
            self.pool, self.offset, self.parent, self.label, self.ctl, self.region_arrays, self.heap,
            self.stages, self.atoms, self.guide_tables, self.references, self.order, work_budget)

    def found(self) -> bool:
        return self.answer == self.search.FOUND

    def exhausted(self) -> bool:
        return self.answer == self.search.EXHAUSTED

    def expanded(self) -> int:
        return int(self.ctl[self.search.EXPANDED])  # (the walks to the win flood regions again: count first)

    def stored(self) -> int:
        return int(self.ctl[self.search.COUNT])

    def moves(self) -> tuple:
        """The single moves from the start to the win."""
        return walked_moves(self, int(self.ctl[self.search.FOUND_AT]), int(self.ctl[self.search.FOUND_LABEL]))


def walked_moves(found, record: int, edge: int) -> tuple:
    """The single moves from the start through ``record`` and its ``edge``: each record's
    walk and move, in turn. ``found``: a search's arrays as search.py keeps them (this
    module's runs, or the exact search's, proving.py)."""
    import numpy as np

    from studio.games.escape.compiled import search

    parent, label = found.parent, found.label
    steps = [(record, edge)]
    while parent[record] >= 0:
        steps.append((int(parent[record]), int(label[record])))
        record = int(parent[record])
    buffer = np.zeros(found.L0.shape[1] + 2, dtype=np.int64)
    moves: list[int] = []
    for record, edge in reversed(steps):
        count = search.walk_to(found.L0, found.B0, found.G, found.m0, found.scratch, found.work, found.zob,
                               found.pool, found.offset, record, edge, found.region_arrays, buffer, found.ctl,
                               found.references)
        moves.extend(int(move) for move in buffer[count - 1::-1])
    return tuple(moves)


def _grown(array):
    """The array twice as long (along its last axis), its contents kept."""
    import numpy as np

    bigger = np.zeros(array.shape[:-1] + (array.shape[-1] * 2,), dtype=array.dtype)
    bigger[..., :array.shape[-1]] = array
    return bigger


def _rehashed(search, table, ctl, count: int):
    """The open-addressed set twice as large, its keys counted again in ctl[count]."""
    import numpy as np

    bigger = np.zeros(table.shape[0] * 2, dtype=table.dtype)
    keys = table[table != 0]
    ctl[count] = 0
    search.insert_keys(bigger, ctl, keys, count)
    return bigger
