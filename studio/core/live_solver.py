"""The solver beside the designer: one worker process, kept for the session, that decides
the latest version of a level while the designer draws.

``submit(key, game_id, data, timeout)`` hands it a version (``key`` is the caller's name for
it, say an MD5 of ``data``); a version submitted while another is being searched stops
that search at once (its result is dropped), and versions queued behind are skipped: only
the newest counts. ``poll()`` returns ``(key, record)`` pairs as they are decided, each
record a `studio solve` record (solve_runner); while a search goes on, a solution it has
found already comes as a record with ``searching`` true (solvable, shortest not known yet),
and so does a ``note`` on a wait before the search. The worker runs one core at a lower
priority, so the editor keeps the other core and the first call on this one.

``verdict_text(record)`` says what a record means to a designer ("solvable, shortest 34
moves (proven)"). Pure Python, no Qt.
"""

from __future__ import annotations

import multiprocessing
import os
import queue as queue_module
import weakref

NICENESS = 10  # the worker yields to the editor
ORPHAN_CHECK_SECONDS = 1.0  # how often an idle worker looks whether the studio is still there


def _next_job(jobs, parent: int):
    """The next job, or None when the studio asks the worker to end or is gone (killed: a
    daemon worker outlives a parent that never ran its exit hooks)."""
    while True:
        try:
            return jobs.get(timeout=ORPHAN_CHECK_SECONDS)
        except queue_module.Empty:
            if os.getppid() != parent:
                return None


def _worker(jobs, results, cancel, parent: int) -> None:
    from studio.core.solve_runner import _record, solve_level_bytes

    try:
        os.nice(NICENESS)
    except (AttributeError, OSError):
        pass
    while True:
        job = _next_job(jobs, parent)
        while job is not None:  # only the newest version counts: skip the ones queued behind it
            try:
                job = jobs.get_nowait()
            except queue_module.Empty:
                break
        if job is None:
            return
        key, game_id, data, timeout = job
        cancel.clear()
        reported = [0]  # the length of the last solution reported while searching on

        def progress(p, key=key, game_id=game_id) -> None:
            best = getattr(p, "best", None)
            if best and (not reported[0] or best < reported[0]) and not cancel.is_set():
                reported[0] = best
                results.put((key, _record(str(key), game_id, solved=True, length=best, seconds=p.seconds,
                                          searching=True)))
        def notify(text: str, key=key) -> None:  # a wait before the search (Escape compiles its search once)
            results.put((key, {"note": text, "searching": True}))
        try:
            record = solve_level_bytes(game_id, data, str(key), timeout, progress=progress, cancel=cancel, cores=1,
                                       notify=notify)
        except Exception as error:  # noqa: BLE001 - said in the verdict, never a dead worker
            record = _record(str(key), game_id, error=f"{type(error).__name__}: {error}")
        if record.get("stopped") == "cancelled":
            continue  # a newer version replaced it
        results.put((key, record))


def _stop(process, jobs, results, cancel) -> None:
    cancel.set()
    try:
        jobs.put_nowait(None)
    except (ValueError, OSError, queue_module.Full):
        pass
    process.join(timeout=2)
    if process.is_alive():
        process.terminate()
        process.join(timeout=2)
    for channel in (jobs, results):
        channel.close()
        channel.join_thread()
    if not process.is_alive():
        process.close()


class LiveSolver:
    """A worker process that decides the newest version of a level submitted to it."""

    def __init__(self):
        context = multiprocessing.get_context("spawn")
        self._jobs = context.Queue()
        self._results = context.Queue()
        self._cancel = context.Event()
        self._process = context.Process(target=_worker, args=(self._jobs, self._results, self._cancel, os.getpid()),
                                        daemon=True, name="live verdict")
        self._process.start()
        self._stopper = weakref.finalize(self, _stop, self._process, self._jobs, self._results, self._cancel)
        self.pending = None  # the key last submitted and not yet decided

    def submit(self, key, game_id: str, data: bytes, timeout: float) -> None:
        self._cancel.set()  # the version being searched is out of date
        self.pending = key
        self._jobs.put((key, game_id, data, timeout))

    def poll(self) -> list[tuple[object, dict]]:
        found = []
        if not self._stopper.alive:
            return found
        while True:
            try:
                found.append(self._results.get_nowait())
            except queue_module.Empty:
                break
        if any(key == self.pending and not record.get("searching") for key, record in found):
            self.pending = None
        return found

    @property
    def alive(self) -> bool:
        return self._stopper.alive and self._process.is_alive()

    def close(self) -> None:
        self._stopper()


def verdict_text(record: dict, timeout: float) -> str:
    """A record in a designer's words."""
    if record.get("error"):
        return f"cannot be checked: {record['error']}"
    if record.get("note"):
        return f"checking the level: {record['note']}…"
    length = record.get("length", 0)
    if record.get("solved"):
        if record.get("searching"):
            return f"solvable in {length} move{'s' * (length != 1)} (looking for a shorter one…)"
        if record.get("optimal"):
            return f"solvable, shortest {length} move{'s' * (length != 1)} (proven)"
        return f"solvable in {length} move{'s' * (length != 1)} (shortest not proven)"
    if record.get("optimal"):
        return "no solution (proven)"
    return f"not decided in {timeout:g} s"


def is_unsolvable(record: dict | None) -> bool:
    return bool(record) and not record.get("error") and not record.get("solved") and bool(record.get("optimal"))


def is_solvable(record: dict | None) -> bool:
    return bool(record) and bool(record.get("solved"))
