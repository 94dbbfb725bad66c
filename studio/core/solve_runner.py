"""Running a game's solver on level files or level bytes, in worker processes.

A game that can solve names its solver as ``Game.solve``:
``solve(level, *, timeout, progress, cancel, cores) -> SearchResult`` (core.solver), with
``solution`` filled in as the game's move letters; ``cores`` is how many processes it
may use for this one level (Escape races a second search beside its own: core.racing).

A game may also declare search options, ``Game.solve_options``: a dict
``name -> (type, default, help)``; `studio solve` offers each as
``--name-with-dashes`` and ``options`` dicts pass them on (only to the games that
declared them). A result with a ``bounds`` dict (e.g. ``{"bounded": True, ...}``) adds
those fields to the record: optimality is then relative to those bounds.

- ``solve_file(path, timeout)`` -> the JSON record of `studio solve` (level, game,
  solved, optimal, length, solution, states, seconds; ``error`` when the file
  cannot be solved at all).
- ``solve_files(paths, timeout, jobs)`` yields those records in order, solving in
  worker processes (one per core) when several files are given.
- ``SolveProcess`` solves one level (as bytes, so unsaved edits count) in a
  worker process, for the GUI: ``poll()`` returns progress and the result,
  ``cancel()`` stops it early (the best solution found so far still comes back).

Pure Python: no Qt. Workers are started with the "spawn" method, which is safe
in a process that runs Qt threads.
"""

from __future__ import annotations

import multiprocessing
import os
import queue as queue_module
import threading
import weakref
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict

from studio.core.errors import LevelFormatError
from studio.core.game import all_games, game_by_id, game_for_path
from studio.core.reading import read_level

DEFAULT_TIMEOUT = 60.0
KILL_GRACE = 1.5  # seconds a cancelled worker has to end by itself (stopping its racer) before it is ended


def solver_for(game):
    """The game's solve function, or None when it has none."""
    return None if game.solve is None else game.solve.resolve()


def solve_options(game) -> dict:
    """The search options a game declares: name -> (type, default, help)."""
    return {} if game.solve_options is None else dict(game.solve_options.resolve())


def _record(level: str, game_id: str | None, **fields) -> dict:
    record = {"level": level, "game": game_id, "solved": False, "optimal": False, "length": 0,
              "solution": "", "states": 0, "seconds": 0.0}
    record.update(fields)
    return record


def prepare_solver(game, notify=None, cancel=None) -> None:
    """Ready the game's solver before its searches (Game.prepare_solver: Escape compiles
    its fast search once a machine), so that the time limit is the search's alone."""
    if game.prepare_solver is not None:
        game.prepare_solver.resolve()(notify=notify, cancel=cancel)


def prepare_solvers_in_background() -> threading.Thread:
    """Ready every game's solver in a thread of this process, so that the first search a
    designer asks for does not wait (the studio starts it once its window shows; a
    daemon: an exit does not wait for it, and Escape's compiling, in a process of its own,
    finishes all the same). A warm-up that fails changes nothing: the search readies again."""
    def warm_up() -> None:
        for game in all_games():
            try:
                prepare_solver(game)
            except Exception:  # noqa: BLE001 - never a crash dialog for what only saves time
                pass

    thread = threading.Thread(target=warm_up, name="prepare solvers", daemon=True)
    thread.start()
    return thread


def solve_level_bytes(game_id: str, data: bytes, name: str, timeout: float | None,
                      progress=None, cancel=None, options: dict | None = None, cores: int = 1,
                      notify=None) -> dict:
    """Load ``data`` as a level of the game and solve it: the JSON record. ``notify(text)``
    hears of a wait before the search (prepare_solver)."""
    game = game_by_id(game_id)
    solve = solver_for(game)
    if solve is None:
        return _record(name, game.id, error=f"{game.name} levels cannot be solved yet")
    try:
        level = game.load(data)
    except LevelFormatError as e:
        return _record(name, game.id, error=str(e))
    prepare_solver(game, notify, cancel)
    declared = solve_options(game)
    chosen = {key: value for key, value in (options or {}).items() if key in declared and value is not None}
    result = solve(level, timeout=timeout, progress=progress, cancel=cancel, cores=cores, **chosen)
    fields = result.as_dict()
    return _record(name, game.id, **{k: fields[k] for k in
                                     ("solved", "optimal", "length", "solution", "states", "seconds")},
                   depth=fields["depth"], stopped=fields["stopped"], **getattr(result, "bounds", {}))


def solve_file(path: str, timeout: float | None = DEFAULT_TIMEOUT, cancel=None, options: dict | None = None,
               cores: int = 1) -> dict:
    game = game_for_path(path)
    if game is None:
        return _record(path, None, error="no game reads files with this name")
    try:
        data = read_level(path, game)
    except OSError as e:
        return _record(path, game.id, error=f"cannot read the file: {e.strerror or e}")
    return solve_level_bytes(game.id, data, path, timeout, cancel=cancel, options=options, cores=cores)


def _solve_task(task) -> dict:
    return solve_file(*task)


def solve_files(paths: list[str], timeout: float | None = DEFAULT_TIMEOUT, jobs: int | None = None,
                options: dict | None = None, notify=None):
    """Solve each file, yielding the records in the order given. ``jobs`` worker
    processes (default: one per core when there are several files; 0 or 1 solves
    here, each level then using every core). The games' solvers are readied here first,
    once (``notify(text)`` hears of a wait: prepare_solver)."""
    for game in {game.id: game for game in map(game_for_path, paths) if game is not None}.values():
        prepare_solver(game, notify)
    if jobs is None:
        jobs = (os.cpu_count() or 1) if len(paths) > 1 else 0
    if jobs <= 1 or len(paths) < 2:
        for path in paths:
            yield solve_file(path, timeout, None, options, cores=os.cpu_count() or 1)
        return
    tasks = [(path, timeout, None, options) for path in paths]
    with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)),
                             mp_context=multiprocessing.get_context("spawn")) as pool:
        yield from pool.map(_solve_task, tasks)


# -- one level in a worker process, for the GUI --------------------------------------

def _worker(game_id: str, data: bytes, name: str, timeout, messages, cancel, cores: int) -> None:
    def progress(p) -> None:
        try:
            messages.put_nowait(("progress", asdict(p)))
        except queue_module.Full:
            pass

    def notify(text: str) -> None:
        messages.put(("note", text))

    try:
        record = solve_level_bytes(game_id, data, name, timeout, progress=progress, cancel=cancel, cores=cores,
                                   notify=notify)
    except Exception as e:  # reported to the window, never a silent dead worker
        record = _record(name, game_id, error=f"{type(e).__name__}: {e}")
    messages.put(("done", record))


class SolveProcess:
    """One solver run in a worker process, with every core (a game that races a second
    search starts it from the worker: core.racing). Call ``poll()`` regularly: it returns
    the messages that arrived, each ``("progress", dict of core.solver.Progress)``,
    ``("note", text)`` (a wait before the search: prepare_solver) or ``("done", record)``
    (the last one).

    The worker is not a daemon, since a daemon may not start processes of its own; so
    ``kill()`` runs when this object goes away or the program exits, whichever comes
    first, and the program never waits for a search nobody wants."""

    def __init__(self, game_id: str, data: bytes, name: str, timeout: float | None = DEFAULT_TIMEOUT,
                 cores: int | None = None):
        cores = cores if cores is not None else (os.cpu_count() or 1)
        self._launch(_worker, (game_id, data, name, timeout), cores, daemon=cores <= 1)

    def _launch(self, target, args: tuple, cores: int, daemon: bool) -> None:
        """Start ``target(*args, messages, cancel, cores)`` in a worker process."""
        context = multiprocessing.get_context("spawn")
        self._messages = context.Queue(maxsize=64)
        self._cancel = context.Event()
        self.result: dict | None = None
        self._process = context.Process(target=target, daemon=daemon,
                                        args=(*args, self._messages, self._cancel, cores))
        self._process.start()
        # (after start: multiprocessing's own exit hook, which waits for workers, is registered
        # by then, and hooks run last registered first, so this one stops the worker before it)
        self._stopper = weakref.finalize(self, _stop_worker, self._process, self._cancel, self._messages)

    def poll(self) -> list:
        if not self._stopper.alive:  # killed: its pipes are closed
            return []
        found = []
        while True:
            try:
                message = self._messages.get_nowait()
            except queue_module.Empty:
                break
            found.append(message)
            if message[0] == "done":
                self.result = message[1]
        if self.result is None and not self._process.is_alive() and self._process.exitcode not in (None, 0):
            self.result = _record("", None, error=f"the solver stopped unexpectedly (exit code {self._process.exitcode})")
            found.append(("done", self.result))
        return found

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def running(self) -> bool:
        """Is the worker process still there (not yet ended, nor killed)?"""
        return self._stopper.alive and self._process.is_alive()

    def cancel(self) -> None:
        """Ask the search to stop; it still reports the best solution it has."""
        self._cancel.set()

    def kill(self) -> None:
        """Stop the worker (closing the window): no result."""
        self._stopper()


def _stop_worker(process, cancel, messages) -> None:
    """Cancel the search and give the worker a moment to stop its racer and end; then end it,
    and close the pipes to it (a studio solves hundreds of times a day)."""
    cancel.set()
    process.join(timeout=KILL_GRACE)
    if process.is_alive():
        process.terminate()
        process.join(timeout=2)
    messages.close()
    messages.join_thread()
    if not process.is_alive():
        process.close()
