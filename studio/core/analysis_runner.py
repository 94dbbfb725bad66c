"""Analyse Level's worker process: core.analysis on one level, away from the window.

``AnalysisProcess`` is a core.solve_runner.SolveProcess whose ``poll()`` returns
``("progress", (done, total, text))`` while it works and ``("done", record)`` (the
`studio analyse` record) last; ``cancel()`` ends it early, the record then saying
``stopped: "cancelled"`` with what was decided so far. One core: the editor keeps the other.
"""

from __future__ import annotations

import queue as queue_module

from studio.core.solve_runner import SolveProcess, _record, prepare_solver


def _analysis_worker(game_id, data, name, path, timeout, element_timeout, messages, cancel, cores) -> None:
    from studio.core.analysis import analyse_level_bytes
    from studio.core.game import game_by_id

    def progress(done: int, total: int, text: str) -> None:
        try:
            messages.put_nowait(("progress", (done, total, text)))
        except queue_module.Full:
            pass

    try:
        prepare_solver(game_by_id(game_id), notify=lambda text: progress(0, 1, text), cancel=cancel)
        record = analyse_level_bytes(game_id, data, name, timeout=timeout, element_timeout=element_timeout,
                                     path=path, jobs=cores, progress=progress, cancel=cancel)
    except Exception as error:  # noqa: BLE001 - said in the dialog, never a silent dead worker
        record = _record(name, game_id, error=f"{type(error).__name__}: {error}")
    messages.put(("done", record))


class AnalysisProcess(SolveProcess):
    def __init__(self, game_id: str, data: bytes, name: str, path: str | None, timeout: float,
                 element_timeout: float):
        self._launch(_analysis_worker, (game_id, data, name, path, timeout, element_timeout), 1, daemon=True)
