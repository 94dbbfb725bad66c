"""Stored solutions played by a compiled copy of the engine's rules (numba), for
`studio verify` and Verify Collection: the same verdicts as ``engine.play_solution``
many times faster. ``engine/`` stays the reference the tests compare this with.

``compiled_player(state)`` gives a function from moves to ``(verdict, moves)`` for a
start no move has decided, or None when the compiled engine cannot be used here
(numba missing, as in a packaged build, or ``STUDIO_PURE_PYTHON`` set); the function
itself answers None for a solution it cannot settle, which the caller then plays on
the reference engine. The first use on a machine compiles the rules (about 20 s);
numba keeps the machine code in the user's cache (``machine_code_folder``) for every
later process.

A process that has started the engine also loads level files with it, thousands of them
in a collection's verification: ``file_player(data)`` loads a level file straight into the
engine's start (loading.py, its arrays decoded by reading.py), and leaves whatever is not
plainly well-formed to the Python reading, which takes it or says what is wrong.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

_VERDICTS = {0: "open", 1: "won", 2: "dead"}  # kernel.OPEN, WON, DEAD (kernel imports numba)


@lru_cache(maxsize=1)
def _kernel():
    """The compiled ``play``, numpy and the compiled level loading, or None (imported once
    per process)."""
    if not installed():
        return None
    # numpy's BLAS would start a thread per core that is never used here (they spin for a
    # while after the import, taking a core from the workers)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        import numpy

        point_cache_at_machine_code_folder()  # (imports numba)
        from studio.games.escape.compiled.loading import load_start
        from studio.games.escape.compiled.play import play
    except ImportError:  # numba or numpy not installed (a packaged build leaves them out)
        return None
    except Exception:  # noqa: BLE001 - a numba that fails on import here: the reference engine plays
        return None
    return play, numpy, load_start


_SOURCES = ("kernel.py", "motion.py", "play.py", "reading.py", "loading.py", "ordering.py", "boards.py", "search.py",
            "proof.py", "geography.py")


def machine_code_folder() -> Path:
    """Where numba keeps the compiled rules: the user's cache, one folder per version of
    this package's sources. (Numba's own check looks only at the file of the function it
    loads, ``play.py``: an edit of ``kernel.py`` alone would otherwise load stale code.)"""
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256(b"".join((here / name).read_bytes() for name in _SOURCES)).hexdigest()[:16]
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "puzzle-level-studio" / "escape-engine" / digest


def point_cache_at_machine_code_folder() -> None:
    """Have numba keep the rules' machine code in ``machine_code_folder`` (unless
    NUMBA_CACHE_DIR says where). Called by the modules that decorate the rules (kernel.py,
    reading.py, boards.py) before they do, whichever of them is imported first: numba picks
    the folder when a function is decorated, and would otherwise write beside the sources."""
    import numba

    if not os.environ.get("NUMBA_CACHE_DIR"):
        numba.config.CACHE_DIR = str(machine_code_folder())


def available() -> bool:
    return _kernel() is not None


@lru_cache(maxsize=1)
def installed() -> bool:
    """Could this process use the compiled engine (without importing numba, which takes a
    good part of a second)? Not without numba, nor where its machine code cannot be kept
    (numba would compile it again in every process), nor with ``STUDIO_PURE_PYTHON`` set."""
    if os.environ.get("STUDIO_PURE_PYTHON") or find_spec("numba") is None:
        return False
    if os.environ.get("NUMBA_CACHE_DIR"):
        return True
    try:
        folder = machine_code_folder()
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK)


def compiled_before() -> bool:
    """Is the machine code of this version of the rules already in the cache?"""
    folder = Path(os.environ.get("NUMBA_CACHE_DIR") or machine_code_folder())
    return any(folder.rglob("play.play-*.nbi"))


# The compiled engine costs about half a second to start in a process (importing numba and
# loading its machine code): the first solutions a process plays go to the reference engine,
# and once it has played as many moves as it plays in that time, the compiled one is started
# (so a small job never waits for the start, and a large one loses at most that much).
REFERENCE_MOVES_FIRST = 110_000
_reference_moves = 0  # played by this process on the reference engine
_started = False  # the compiled engine was started in this process
_failed = False  # it could not be: the reference engine plays everything


def start_engine(notify=None) -> bool:
    """Start the compiled engine in this process now (import numba, load its machine code,
    compiling it on the first use on this machine, which ``notify(text)`` is told of),
    rather than after the reference engine has played its share: `studio verify` does this
    in the parent while its workers read levels. False when it cannot be used here; so too
    when numba fails to compile the rules (a release that no longer takes them, say), which
    ``notify`` hears of, and the reference engine plays instead."""
    global _started, _failed
    if _started:
        return True
    if _failed or not installed():
        return False
    if notify is not None and not compiled_before():
        notify("compiling the Escape engine for this machine (once per version; about 20 s)")
    try:
        if not available():
            _failed = True
            return False
        from studio.games.escape.engine.state import initial_state
        from studio.games.escape.esx import encode_esx
        from studio.games.escape.level import EscapeLevel

        compiled_player(initial_state(EscapeLevel.blank(1, 1)))((1,))
        _load_start(encode_esx(EscapeLevel.blank(1, 1)))  # (loads the loading's machine code too)
    except Exception as error:  # noqa: BLE001 - any failure of numba's means: play on the reference
        _failed = True
        if notify is not None:
            notify(f"the compiled Escape engine cannot be used here ({type(error).__name__}: {error}); "
                   "playing on the pure-Python engine")
        return False
    _started = True
    return True


def play_solutions(start, solutions) -> list[tuple[str, int]]:
    """``(verdict, moves)`` of each solution played from ``start`` by the formats document's
    verdict procedure (``engine.play_solution``), on the compiled engine once this process
    has played ``REFERENCE_MOVES_FIRST`` moves on the reference engine (or ``start_engine``
    was called)."""
    global _reference_moves
    from studio.games.escape.engine import play_solution

    fast = None
    if (_started or (_reference_moves >= REFERENCE_MOVES_FIRST and start_engine())) and any(solutions):
        fast = compiled_player(start)
    verdicts = []
    for solution in solutions:
        played = fast(solution) if fast is not None and solution else None
        if played is None:
            verdict = play_solution(start, solution)
            played = verdict.verdict, verdict.moves
            _reference_moves += verdict.moves
        verdicts.append(played)
    return verdicts


@lru_cache(maxsize=8)
def _neighbours(width: int, height: int):
    """The G array's rows: engine.state's neighbour tables (row 0 all -1, where each player
    puts the destinations; then the neighbour of each cell up, down, left, right, or -1)."""
    from studio.games.escape.engine.state import Board

    rows = _kernel()[1].array(Board(width, height, ()).neighbours, dtype="int64")
    rows.setflags(write=False)
    return rows


def compiled_player(state):
    """A player of solutions from ``state`` (see the module docstring), or None."""
    start = start_arrays(state)
    return None if start is None else _player_of(*start)


def start_arrays(state):
    """kernel.py's arrays (L, B, G, m) of a start no move has decided, or None when the
    compiled engine cannot be used here."""
    kernel = _kernel()
    if kernel is None or state.dead or state.won:
        return None
    np = kernel[1]
    from studio.games.escape.compiled.kernel import CELLS, COLUMN_COUNTS, GUY, LASER, LASERS, ROW_COUNTS, WIDTH

    board = state.board
    cells = board.size
    layers = np.zeros((4, cells), dtype=np.uint8)
    layers[0] = np.frombuffer(state.tiles, dtype=np.uint8)
    layers[1] = np.frombuffer(state.otiles, dtype=np.uint8)
    layers[2] = np.frombuffer(state.flags, dtype=np.uint8)
    bots = np.array(state.bots, dtype=np.int64).reshape(-1, 3).T.copy()
    geometry = _neighbours(board.width, board.height).copy()
    geometry[0] = board.dests
    width, height = board.width, board.height
    counters = np.zeros(ROW_COUNTS + height + width, dtype=np.int64)
    counters[GUY], counters[WIDTH], counters[CELLS] = state.player, width, cells
    counters[COLUMN_COUNTS] = ROW_COUNTS + height
    if LASER in state.tiles or LASER in state.otiles:
        counters[LASERS] = 1
        lasers = (layers[0] == LASER).reshape(height, width)
        counters[ROW_COUNTS:ROW_COUNTS + height] = lasers.sum(axis=1)
        counters[ROW_COUNTS + height:] = lasers.sum(axis=0)
    return layers, bots, geometry, counters


def file_player(data: bytes):
    """``compiled_player`` of the start of the level file ``data``, loaded by the compiled
    engine (loading.py), once this process has started it; None before, and for a file
    that is not plainly well-formed (esx.load_esx then accepts it or says what is wrong)."""
    if not _started:
        return None
    start = _load_start(data)
    return None if start is None else _player_of(*start)


def _load_start(data: bytes):
    """loading.load_start's arrays (L, B, G, m) of the file, or None."""
    _, np, load_start = _kernel()
    ok, *start = load_start(np.frombuffer(data, dtype=np.uint8))
    return start if ok else None


def _player_of(layers, bots, geometry, counters):
    """The player of solutions from the start in kernel.py's arrays (copied for each one)."""
    play, np = _kernel()[:2]
    from studio.games.escape.compiled.kernel import GUY, STAMP

    # A pulse's stamps (5 a cell), then the cells marked to swap: one for all the level's
    # solutions, each going on from the last one's stamp (a stamp is never met twice).
    scratch = np.zeros(9 * layers.shape[1] + 64, dtype=np.int64)

    def play_moves(moves, final: bool = False):
        """(verdict, moves), or None; with ``final`` also the last board as
        ``(tiles, otiles, flags, player, bots)`` (for the tests that hold it to the reference)."""
        try:
            steps = np.frombuffer(bytes(moves), dtype=np.uint8)
        except (ValueError, TypeError):  # a move outside 0..255: the reference engine takes it
            return None
        board_layers, board_bots, board_counters = layers.copy(), bots.copy(), counters.copy()
        code, count = play(board_layers, board_bots, geometry, board_counters, scratch, steps)
        counters[STAMP] = board_counters[STAMP]
        if code not in _VERDICTS:
            return None
        if not final:
            return _VERDICTS[code], int(count)
        last = (bytes(board_layers[0]), bytes(board_layers[1]), bytes(board_layers[2]),
                int(board_counters[GUY]), tuple(tuple(int(v) for v in bot) for bot in board_bots.T))
        return _VERDICTS[code], int(count), last

    return play_moves
