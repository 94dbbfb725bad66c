"""Checking a whole collection: every level of a folder, its stored solutions played
(each game's verifier, core.verifying) and the solver run on it. Pure Python, no Qt;
the work runs in worker processes, both cores.

``level_files(folder)`` lists the files some game reads; ``check_level`` makes one
result row; ``CollectionCheck`` runs the rows in a process pool and hands them
over as they finish (``poll``), with ``cancel``.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path

from studio.core.game import game_for_path
from studio.core.solve_runner import solve_file
from studio.core.verifying import verify_file

_cancel_event = None  # set in each worker by the pool's initializer
DIFFICULTY_SECONDS = 2.0  # for each level's map of positions (core.difficulty)
PART_WITHOUT_SOLVER = 16  # levels a task when no solver runs


def level_files(folder: str | Path) -> list[Path]:
    return sorted(p for p in Path(folder).iterdir() if p.is_file() and game_for_path(p) is not None)


def check_level(path: str, solutions_file: str | None = None, solve_timeout: float | None = 10.0) -> dict:
    """One row: ``level``, ``game``, ``solutions`` (stored solutions played),
    ``verdicts`` ("2 won, 1 dead"), ``shortest_known`` (the shortest won stored
    solution, or None), ``solver_length`` (None when the solver found nothing),
    ``solver_optimal``, ``solver_states``, ``error``; ``difficulty`` (core.difficulty's
    score, None when not measured) and ``difficulty_inputs``."""
    results = verify_file(str(path), solutions=solutions_file)
    played = [r for r in results if r.get("index") is not None]
    errors = [r["error"] for r in results if r.get("verdict") in ("error", "bug") and r.get("error")]
    counts = Counter(r["verdict"] for r in played)
    won = [r["length"] for r in played if r["verdict"] == "won"]
    row = {"level": str(path), "game": results[0].get("game") if results else None,
           "solutions": len(played),
           "verdicts": ", ".join(f"{n} {verdict}" for verdict, n in sorted(counts.items())) or "none stored",
           "shortest_known": min(won) if won else None, "solver_length": None,
           "solver_optimal": False, "solver_states": 0, "solver_seconds": 0.0,
           "error": errors[0] if errors else None, "difficulty": None, "difficulty_inputs": None}
    if errors or not solve_timeout:
        return row
    solved = solve_file(str(path), timeout=solve_timeout, cancel=_cancel_event)
    row["solver_states"] = solved.get("states", 0)
    row["solver_seconds"] = solved.get("seconds", 0.0)
    if solved.get("solved"):
        row["solver_length"] = solved["length"]
        row["solver_optimal"] = solved["optimal"]
    elif solved.get("optimal"):
        row["verdicts"] += "; unsolvable (proven)"
    if solved.get("error") and "cannot be solved" not in solved["error"]:
        row["error"] = solved["error"]
    elif solved.get("solved"):
        _measure_difficulty(path, solved, row)
    return row


def _measure_difficulty(path, solved: dict, row: dict) -> None:
    from studio.core.analysis import difficulty_of
    from studio.core.reading import read_level

    game = game_for_path(path)
    try:
        measured = difficulty_of(game, game.load(read_level(path, game)), solved, _cancel_event,
                                 seconds=DIFFICULTY_SECONDS)
    except (OSError, ValueError):
        return
    if measured is not None:
        row["difficulty"] = measured.score
        row["difficulty_inputs"] = measured.as_dict()


def _init_worker(event) -> None:
    global _cancel_event
    _cancel_event = event


def _check_part(tasks) -> list[dict]:
    return [_check_task(task) for task in tasks]


def _check_task(task) -> dict:
    if _cancel_event is not None and _cancel_event.is_set():
        return {"level": task[0], "cancelled": True}
    try:
        return check_level(*task)
    except Exception as e:  # a bug met on one level must not stop the collection; it is named as one
        return {"level": task[0], "game": None, "solutions": 0, "verdicts": "", "shortest_known": None,
                "solver_length": None, "solver_optimal": False, "solver_states": 0, "solver_seconds": 0.0,
                "error": f"a bug in the studio, not a problem of the file: {type(e).__name__}: {e}"}


class CollectionCheck:
    """Check ``paths`` in worker processes; ``poll()`` returns the rows finished since
    the last call."""

    def __init__(self, paths, solutions_file: str | None, solve_timeout: float | None, jobs: int | None = None):
        context = multiprocessing.get_context("spawn")
        self._cancel = context.Event()
        self.total = len(paths)
        self.done = 0
        jobs = jobs or os.cpu_count() or 1
        self._pool = ProcessPoolExecutor(max_workers=max(1, min(jobs, self.total)), mp_context=context,
                                         initializer=_init_worker, initargs=(self._cancel,))
        tasks = [(str(path), solutions_file, solve_timeout) for path in paths]
        # A level a task while the solver runs (seconds each: progress and cancelling stay
        # fine-grained); without it a level takes a millisecond, and parts of several spare
        # the round trip to a worker for each.
        size = 1 if solve_timeout else PART_WITHOUT_SOLVER
        self._parts: dict[Future, int] = {
            self._pool.submit(_check_part, tasks[first:first + size]): len(tasks[first:first + size])
            for first in range(0, len(tasks), size)}
        self._pending: set[Future] = set(self._parts)

    @property
    def finished(self) -> bool:
        return not self._pending

    def poll(self, wait_seconds: float = 0.0) -> list[dict]:
        if not self._pending:
            return []
        finished, self._pending = wait(self._pending, timeout=wait_seconds, return_when=FIRST_COMPLETED)
        rows = []
        for future in finished:
            part = future.result()
            self.done += len(part)
            rows += [row for row in part if not row.get("cancelled")]
        if not self._pending:
            self._pool.shutdown(wait=False)
        return rows

    def cancel(self) -> None:
        """Levels not started are skipped; the ones being solved stop at their timeout."""
        self._cancel.set()
        for future in list(self._pending):
            if future.cancel():
                self._pending.discard(future)
                self.done += self._parts[future]
        if not self._pending:
            self._pool.shutdown(wait=False)

    def close(self) -> None:
        self.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)
