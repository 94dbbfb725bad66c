"""Compiling the compiled search (search.py and the engine under it) into this machine's
cache: numba takes about half a minute, once a machine and version of the sources
(``machine_code_folder``), longer than most searches are given.

The compiling runs in a process of its own, which finishes the work (and the cache keeps
it) even when the process that started it is stopped first. While it runs, the folder's
``MARKER`` holds its process number, so that another process waits for it (or, searching
now, goes without) instead of starting a second; a compile that fails leaves ``FAILED``
there, and for a day no search waits for another attempt.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from studio.core.search_space import cancelled

MARKER = "search-compiling"  # the process number of the compile under way
FAILED = "search-compile-failed"  # a compile that ended without the machine code
FAILED_FOR_SECONDS = 24 * 3600  # how long no search waits for another attempt after one failed
POLL_SECONDS = 0.1  # between looks at a compile waited for


def ready() -> bool:
    """Is the search's machine code in this machine's cache?"""
    from studio.games.escape.compiled import installed, machine_code_folder

    if not installed():
        return False
    folder = Path(os.environ.get("NUMBA_CACHE_DIR") or machine_code_folder())
    return all(any(folder.rglob(f"{module}.{name}-*.nbi")) for module, name in (
        ("search", "run"), ("search", "seed"), ("search", "walk_to"), ("proof", "run"), ("proof", "seed"),
        ("proof", "renumber")))


def compile_now() -> bool:
    """Compile the search (and the engine, and the exact search: proof.py) into the cache in
    this process now: a search of a level with a two-move solution, with no time limit that
    the compiling could use up."""
    from studio.games.escape.compiled.searching import find_solution
    from studio.games.escape.engine import initial_state
    from studio.games.escape.level import EscapeLevel
    from studio.games.escape.tiles import T

    level = EscapeLevel.blank(3, 1)
    level.tiles[2] = int(T.EXIT)
    found = find_solution(initial_state(level), timeout=float("inf"))
    from studio.games.escape.compiled.proving import compile_proof

    return found is not None and found.moves == (4, 4) and compile_proof(initial_state(level))


_started: list = []  # the background compile this process started


def compile_in_background() -> None:
    """Start the compiling, unless this process or another already has (or it failed
    lately), and return at once: a search that cannot wait goes on without it."""
    if _started:
        return
    _started.append(True)
    try:
        folder = _folder()
        if not _failed_lately(folder) and _compiling_elsewhere(folder) is None:
            _start_compiling(folder)
    except OSError:
        pass  # no cache folder, or no process to be had: the Python search does without


def compile_and_wait(cancel=None) -> bool:
    """The compiling, waited for (another process's when one is under way, else one
    started now): whether the machine code is ready after. ``cancel`` ends the wait, not
    the compiling. Where the code cannot be kept (no cache folder) or compiling failed
    lately, False at once: every search would otherwise wait half a minute for nothing."""
    try:
        folder = _folder()
        if _failed_lately(folder):
            return False
        elsewhere = _compiling_elsewhere(folder)
        own = _start_compiling(folder) if elsewhere is None else None
    except OSError:
        return False
    while not ready():
        if cancelled(cancel) or _failed_lately(folder):
            return False
        ended = own.poll() is not None if own is not None else not _alive(elsewhere)
        if ended:  # (without the machine code: failed, or killed, and then tried again next time)
            return ready()
        time.sleep(POLL_SECONDS)
    return True


def compile_here_and_report() -> int:
    """What the compiling process runs: the exit status, 0 when the code is ready, else
    ``FAILED`` marked (3)."""
    try:
        ok = compile_now()
    except Exception:  # noqa: BLE001 - whatever stopped numba, the searches must stop waiting for it
        ok = False
    if not ok:
        try:
            (_folder() / FAILED).touch()
        except OSError:
            pass
    return 0 if ok else 3


def _folder() -> Path:
    from studio.games.escape.compiled import machine_code_folder

    folder = machine_code_folder()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _failed_lately(folder: Path) -> bool:
    try:
        return time.time() - (folder / FAILED).stat().st_mtime < FAILED_FOR_SECONDS
    except OSError:
        return False


def _start_compiling(folder: Path):
    command = ("import sys; from studio.games.escape.compiled.compiling import compile_here_and_report; "
               "sys.exit(compile_here_and_report())")
    process = subprocess.Popen([sys.executable, "-c", command], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    (folder / MARKER).write_text(str(process.pid))
    return process


def _compiling_elsewhere(folder: Path) -> int | None:
    """The number of the process compiling now, if one is."""
    try:
        pid = int((folder / MARKER).read_text().strip())
    except (OSError, ValueError):
        return None
    return pid if _alive(pid) else None


def _alive(pid: int) -> bool:
    if os.name == "nt":
        return False  # (os.kill would end it there: a second compile is the worst that follows)
    try:
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return False  # (this process's own, ended: now reaped)
    except ChildProcessError:
        pass  # (another process's)
    except OSError:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True
