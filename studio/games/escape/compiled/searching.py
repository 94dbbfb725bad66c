"""Running the compiled search for any solution (search.py) from Python: in chunks, so a
timeout or a cancel stops it within a few hundredths of a second, growing its arrays
when it asks, and turning the edges it found back into single moves.

``find_solution(state, timeout=, cancel=)`` answers a ``CompiledFind``: the moves of a
solution (None when it found none), how many positions it searched, and whether it ran
out of them. The moves are the compiled engine's: the caller plays them on the reference
engine before it trusts them.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from studio.games.escape.compiled import start_arrays, start_engine
from studio.games.escape.reach import Relaxation

FIRST_CHUNK = 64  # positions searched before the first look at the clock
CHUNK_SECONDS = 0.04  # between looks at the clock, after that
MAX_POOL = 400_000_000  # int32 entries kept for the positions found (1.6 GB): then the search stops
MAX_RECORDS = 60_000_000
COMPILE_SECONDS = 600  # a background compile not done by then is taken to have failed


@dataclass
class CompiledFind:
    moves: tuple | None
    expanded: int
    stored: int
    exhausted: bool  # every position reachable was searched (not a proof: hashes may meet)
    seconds: float


def find_solution(state, *, timeout: float, cancel=None, novelty: bool = True) -> CompiledFind | None:
    """A solution from ``state`` by the compiled search (search.py: novelty first, or with
    ``novelty`` False breadth-first), or None when the compiled engine cannot be used here."""
    started = time.perf_counter()
    if not start_engine():
        return None
    arrays = start_arrays(state)
    if arrays is None:
        return None
    import numpy as np

    from studio.games.escape.compiled import ordering, search

    L0, B0, G, m0 = arrays
    cells = L0.shape[1]
    work = np.zeros((2, 4, cells), dtype=np.uint8)
    scratch = np.zeros(9 * cells + 64, dtype=np.int64)
    rng = np.random.default_rng(cells)
    zob = rng.integers(1, 2 ** 63, size=(2, cells), dtype=np.int64).astype(np.uint64)
    region_arrays = np.zeros((7, 10 * cells + 8), dtype=np.int64)  # (search.run names its rows)
    table = np.zeros(1 << 16, dtype=np.uint64)
    records = 1 << 14
    pool = np.zeros(1 << 20, dtype=np.int32)
    offset = np.zeros(records, dtype=np.int64)
    parent = np.zeros(records, dtype=np.int32)
    label = np.zeros(records, dtype=np.int32)
    ctl = np.zeros(search.CTL_SIZE, dtype=np.int64)
    heap = np.zeros(records, dtype=np.int64)
    stages = np.zeros(records, dtype=np.int32)
    atoms = np.zeros(1 << ordering.ATOM_BITS, dtype=np.uint8)
    codes = np.frombuffer(Relaxation(state).codes(state), dtype=np.uint8).copy()
    search.seed(L0, B0, m0, G, zob, table, pool, offset, parent, label, ctl, region_arrays, heap, stages, codes)
    deadline = started + timeout
    answer = search.CHUNK_DONE
    chunk = FIRST_CHUNK
    while time.perf_counter() < deadline and not _cancelled(cancel):
        began = time.perf_counter()
        answer = search.run(L0, B0, G, m0, scratch, work, zob, table, pool, offset, parent, label, ctl,
                            region_arrays, heap, stages, atoms, codes, novelty, chunk)
        took = time.perf_counter() - began
        if answer == search.CHUNK_DONE:  # the next chunk sized to take about CHUNK_SECONDS
            chunk = max(1, min(chunk * 4, int(chunk * CHUNK_SECONDS / max(took, 1e-4))))
        if answer == search.NEED_RECORDS:
            if offset.shape[0] * 2 > MAX_RECORDS:
                break
            offset, parent, label, heap, stages = (_grown(a) for a in (offset, parent, label, heap, stages))
        elif answer == search.NEED_POOL:
            if pool.shape[0] * 2 > MAX_POOL:
                break
            pool = _grown(pool)
        elif answer == search.NEED_KEYS:
            table = _rehashed(search, table, ctl)
        elif answer != search.CHUNK_DONE:
            break
    expanded = int(ctl[search.EXPANDED])  # (the walks to the win below flood regions again)
    moves = None
    if answer == search.FOUND:
        moves = _moves(search, L0, B0, G, m0, scratch, work, zob, pool, offset, parent, label, ctl, region_arrays)
    return CompiledFind(moves, expanded, int(ctl[search.COUNT]), answer == search.EXHAUSTED,
                        time.perf_counter() - started)


def ready() -> bool:
    """Is the search's machine code in this machine's cache (search.py compiled)? Compiling
    it takes about a minute, longer than most searches are given."""
    from studio.games.escape.compiled import installed, machine_code_folder

    if not installed():
        return False
    folder = Path(os.environ.get("NUMBA_CACHE_DIR") or machine_code_folder())
    return all(any(folder.rglob(f"search.{name}-*.nbi")) for name in ("run", "seed", "walk_to"))


def compile_now() -> bool:
    """Compile the search (and the engine) into the cache now: a search of a level with a
    two-move solution, with no time limit that the compiling could use up."""
    from studio.games.escape.engine import initial_state
    from studio.games.escape.level import EscapeLevel
    from studio.games.escape.tiles import T

    level = EscapeLevel.blank(3, 1)
    level.tiles[2] = int(T.EXIT)
    found = find_solution(initial_state(level), timeout=float("inf"))
    return found is not None and found.moves == (4, 4)


_compiling: list = []  # the background compile this process started


def compile_in_background() -> None:
    """Start ``compile_now`` in a process of its own that outlives this one (a search that
    cannot wait for it is stopped when its time is up, and must not take the compiling
    with it); at most once a process, and not while another started in the last minutes
    may still be at it."""
    from studio.games.escape.compiled import machine_code_folder

    if _compiling:
        return
    _compiling.append(True)
    marker = machine_code_folder() / "search-compiling"
    try:
        if marker.exists() and time.time() - marker.stat().st_mtime < COMPILE_SECONDS:
            return
        marker.touch()
        command = "from studio.games.escape.compiled.searching import compile_now; compile_now()"
        subprocess.Popen([sys.executable, "-c", command], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        pass  # no cache folder, or no process to be had: the Python search does without


def _cancelled(cancel) -> bool:
    return cancel is not None and bool(cancel() if callable(cancel) else cancel.is_set())


def _grown(array):
    """The array twice as long (along its last axis), its contents kept."""
    import numpy as np

    bigger = np.zeros(array.shape[:-1] + (array.shape[-1] * 2,), dtype=array.dtype)
    bigger[..., :array.shape[-1]] = array
    return bigger


def _rehashed(search, table, ctl):
    import numpy as np

    bigger = np.zeros(table.shape[0] * 2, dtype=table.dtype)
    keys = table[table != 0]
    ctl[search.KEYS] = 0
    search.insert_keys(bigger, ctl, keys)
    return bigger


def _moves(search, L0, B0, G, m0, scratch, work, zob, pool, offset, parent, label, ctl, region_arrays) -> tuple:
    """The single moves from the start to the win: each record's walk and move, in turn."""
    import numpy as np

    steps = [(int(ctl[search.FOUND_AT]), int(ctl[search.FOUND_LABEL]))]
    record = steps[0][0]
    while parent[record] >= 0:
        steps.append((int(parent[record]), int(label[record])))
        record = int(parent[record])
    buffer = np.zeros(L0.shape[1] + 2, dtype=np.int64)
    moves: list[int] = []
    for record, edge in reversed(steps):
        count = search.walk_to(L0, B0, G, m0, scratch, work, zob, pool, offset, record, edge, region_arrays,
                               buffer, ctl)
        moves.extend(int(move) for move in buffer[count - 1::-1])
    return tuple(moves)
