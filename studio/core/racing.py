"""Solving one level on two cores: ``solve`` here, a search for any solution (then
shorter ones) in a second process, the better result kept. Pure Python, no Qt.

``core.solver.solve`` shares one core between proving a solution shortest (the A*)
and finding any solution at all (the novelty search, the restricted A*s). On a level
whose solution its phases reach late, the novelty search given the whole timeout on
another core (``core.solver.find_then_shorten``) often finds one in seconds. The two
processes tell each other what they find (``Partner`` here, ``heard`` there), so that
each can search differently until either finds and then both build on the find. The
second process proves nothing: its solution is kept only when it is shorter than the
one found here (or none was), and then it is not called shortest. When this process
proves its answer (a shortest solution, or no solution at all) or is cancelled, the
second process is stopped at once and its work thrown away.
"""

from __future__ import annotations

import multiprocessing
import queue as queue_module
import sys
import time
import traceback
from typing import Any, Callable

from studio.core.search_space import Progress, SearchResult

ANSWER_WAIT = 3.0  # seconds the racer may take to hand in its answer once told to stop
# The racer's time limit is this much shorter than this process's (a twentieth of it at
# most): after ten seconds of Python search its structures take a tenth of a second or
# more to free, which this process spent waiting for its answer (tutorial lev845).
RACER_MARGIN = 0.2
FINDS_QUEUED = 16  # solutions either process may have sent that the other has not read yet


def can_race() -> bool:
    """Whether this process may start another (a daemonic one, such as the studio's
    solve worker, may not)."""
    return not multiprocessing.current_process().daemon


def racing_context(preload: tuple[str, ...] = ()):
    """The multiprocessing context racers start in. Where it can (Linux, not a frozen
    build), a fork server that has imported ``preload`` once: each racer is then forked
    from it ready to search, instead of a new interpreter importing and loading for about
    half a second of the second core's time every level (the Escape solver's compiled
    search). Elsewhere, a spawned process. (The server is started by the first race and
    keeps what it had then: its preload, its environment variables and its stderr, where a
    failing racer's traceback goes.)"""
    if (sys.platform.startswith("linux") and not getattr(sys, "frozen", False)
            and "forkserver" in multiprocessing.get_all_start_methods()):
        context = multiprocessing.get_context("forkserver")
        if preload:
            context.set_forkserver_preload(list(preload))
        return context
    return multiprocessing.get_context("spawn")


def race(solve_here: Callable[[Callable | None, Partner], SearchResult], racer: Callable[..., SearchResult],
         racer_args: tuple, *, timeout: float, progress: Callable[[Progress], None] | None = None,
         preload: tuple[str, ...] = ()) -> SearchResult:
    """``solve_here(progress, partner)`` in this process while ``racer(*racer_args, timeout=,
    cancel=, found=, heard=)`` (a module-level function, as the spawned process imports it)
    runs in another, its ``timeout`` shorter by ``RACER_MARGIN``: ``found(moves)`` tells
    this process of a solution, ``heard()`` answers the shortest one ``partner.offer`` told
    it of, ``partner.best()`` the racer's shortest (empty tuples before there is one). The
    progress reports ``solve_here`` makes carry the racer's best solution when it is the
    better one, so a window shows it (and can replay it) as soon as it exists. The result's
    ``first_found`` counts from when either process first found a solution; a solution the
    racer reported but gave no answer after (it did not stop in time) is still kept.
    ``preload``: modules whose import readies a racer (``racing_context``)."""
    context = racing_context(preload)
    stop = context.Event()
    answers, finds = context.Queue(maxsize=1), context.Queue(maxsize=FINDS_QUEUED)
    offers = context.Queue(maxsize=FINDS_QUEUED)
    offers.cancel_join_thread()  # (what the racer never read is dropped: it must not hold up this process's exit)
    launched = time.time()
    racer_timeout = max(0.0, timeout - min(RACER_MARGIN, timeout / 20))
    process = context.Process(target=_run_racer,
                              args=(racer, racer_args, racer_timeout, stop, answers, finds, offers), daemon=True)
    process.start()
    heard = Finds(finds, launched)
    try:
        here = solve_here(None if progress is None else _with_finds(progress, heard), Partner(heard, offers))
    finally:
        stop.set()
    settled = here.optimal or here.stopped == "cancelled"  # a proof, or the user said stop
    answer = None if settled else _answer(answers, process)
    other = None
    if answer is not None:
        other, began = answer
        if other is not None and other.first_found is not None:
            other.first_found += began - launched  # from this call, as ``here`` counts it
    heard.read()  # (while the racer lives: a find it is half-way through sending is finished, never cut)
    if process.is_alive():
        process.terminate()
    process.join(timeout=ANSWER_WAIT)
    if process.exitcode == 0:
        # (its exit flushed its last finds, which may come after its answer: another queue's)
        heard.read()
    if other is None and heard.best and not settled:  # (it found one, then gave no answer in time)
        other = SearchResult(True, False, heard.best, seconds=time.time() - launched, stopped="timeout",
                             first_found=heard.first)
    result = better_of(here, other)
    if result.solved and heard.first is not None and (result.first_found is None or heard.first < result.first_found):
        result.first_found = heard.first  # (a solution was on show from then on, if a longer one)
    return result


class Finds:
    """What the other process has reported finding so far: its shortest solution, and when
    (seconds from the race's start) it first found one."""

    def __init__(self, finds, launched: float):
        self._finds = finds
        self._launched = launched
        self.best: tuple = ()
        self.first: float | None = None

    def latest(self) -> tuple:
        """The shortest solution heard of, after reading what has come since."""
        self.read()
        return self.best

    def read(self) -> None:
        while True:
            try:
                moves, when = self._finds.get_nowait()
            except (queue_module.Empty, OSError, ValueError):
                return
            if self.first is None or when - self._launched < self.first:
                self.first = max(0.0, when - self._launched)
            if not self.best or len(moves) < len(self.best):
                self.best = moves


class Partner:
    """The racer as ``solve_here`` sees it: its shortest find so far, and a way to hand it
    this process's."""

    def __init__(self, heard: Finds, offers):
        self._heard, self._offers = heard, offers

    def best(self) -> tuple:
        return self._heard.latest()

    def offer(self, moves: tuple) -> None:
        _send(self._offers, moves)


def better_of(here: SearchResult, other: SearchResult | None) -> SearchResult:
    """``here`` unless ``other`` has a shorter solution (or the only one): then ``other``,
    never proven shortest, its search's states counted with this one's. ``first_found`` is
    the earlier of the two processes' first finds."""
    if other is None or not other.solved:
        return here
    finds = [result.first_found for result in (here, other) if result.solved and result.first_found is not None]
    if here.solved and here.length <= other.length:
        here.first_found = min(finds, default=here.first_found)
        return here
    other.first_found = min(finds, default=other.first_found)
    other.optimal = False
    other.expanded += here.expanded
    other.generated += here.generated
    other.seconds = max(here.seconds, other.seconds)
    other.depth = here.depth
    other.stopped = here.stopped
    return other


def _with_finds(progress: Callable[[Progress], None], heard: Finds) -> Callable[[Progress], None]:
    """``progress``, its reports carrying the racer's shortest find when that is shorter."""

    def report(p: Progress) -> None:
        heard.read()
        if heard.best and (p.best is None or len(heard.best) < p.best):
            p.best, p.best_moves, p.best_solution = len(heard.best), heard.best, ""
        progress(p)
    return report


def _answer(answers, process) -> tuple | None:
    """The racer's (result, wall-clock start), waiting at most ``ANSWER_WAIT`` seconds, less if it died."""
    deadline = time.monotonic() + ANSWER_WAIT
    while time.monotonic() < deadline:
        try:
            return answers.get(timeout=0.05)
        except queue_module.Empty:
            if not process.is_alive() and answers.empty():
                return None
    return None


def _run_racer(racer: Callable[..., SearchResult], racer_args: tuple, timeout: float, stop, answers,
               finds, offers) -> None:
    began = time.time()
    offered = Finds(offers, began)
    try:
        result: Any = racer(*racer_args, timeout=timeout, cancel=stop, found=lambda moves: _send(finds, moves),
                            heard=offered.latest)
        result.path = None  # the states along the way stay here: only the moves travel
    except Exception:  # noqa: BLE001 - reported, and the answer left to the other process
        traceback.print_exc()
        result = None
    answers.put((result, began))


def _send(finds, moves: tuple) -> None:
    try:
        finds.put_nowait((tuple(moves), time.time()))
    except queue_module.Full:
        pass  # the other side is not reading: the racer's final answer still brings its best
