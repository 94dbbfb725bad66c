"""A pool of verifier worker processes (``verify_worker``), used from the server's threads.

Each check borrows an idle worker, sends it one request and waits at most
``time_limit`` seconds for the answer; a worker that overruns (or dies) is killed
and replaced, and the level is refused with the reason. The server process itself
never runs a game's engine, so no level can stall or crash it.
"""

from __future__ import annotations

import base64
import json
import queue
import selectors
import subprocess
import sys
import threading
import time

from studio.server.levelcheck import worker_environment


RETRY_SECONDS = 5  # what a refusal for lack of room tells the client to wait (Retry-After)


class VerifierBusy(Exception):
    """Every worker stayed busy for as long as a request may wait, or too many already wait."""


class WorkerProcess:
    """A Python module run as a child process that answers one JSON line per JSON line asked."""

    def __init__(self, module: str = "studio.server.verify_worker"):
        self.process = subprocess.Popen(
            [sys.executable, "-m", module],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            env=worker_environment(), bufsize=0,
        )
        self._buffer = b""

    def ask(self, request: dict, time_limit: float) -> dict | None:
        """The worker's answer, or None when it overran ``time_limit`` or died."""
        try:
            self.process.stdin.write(json.dumps(request).encode() + b"\n")
        except (BrokenPipeError, OSError):
            return None
        deadline = time.monotonic() + time_limit
        with selectors.DefaultSelector() as selector:
            selector.register(self.process.stdout, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    return None
                chunk = self.process.stdout.read1(1 << 16) if hasattr(self.process.stdout, "read1") \
                    else self.process.stdout.read(1 << 16)
                if not chunk:
                    return None
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return json.loads(line)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()


class VerifierPool:
    def __init__(self, workers: int = 2, time_limit: float = 10.0, max_moves: int = 20_000,
                 wait_limit: float = 2.0, waiting_per_worker: int = 8):
        self.time_limit = time_limit
        self.max_moves = max_moves
        self.wait_limit = wait_limit
        self._idle: queue.Queue[WorkerProcess | None] = queue.Queue()
        self._all: list[WorkerProcess] = []
        self._lock = threading.Lock()
        self._size = max(1, workers)
        # Requests waiting for a worker each hold one of the server's admitted places: beyond
        # this many, the rest are refused at once instead of crowding out every other request.
        self.max_waiting = self._size * waiting_per_worker
        self._waiting = 0
        for _ in range(self._size):
            self._idle.put(None)  # started on first use, so a server that never verifies spawns nothing

    def warm_up(self) -> None:
        """Start the workers now (a server calls this in the background as it starts), so the
        first uploads do not wait for a Python start-up each."""
        for _ in range(self._size):
            try:
                worker = self._idle.get_nowait()
            except queue.Empty:
                return
            try:
                if worker is None:
                    worker = self._start()
            finally:
                self._idle.put(worker)

    def check(self, game: str, filename: str, data: bytes, solution: str) -> dict:
        """``levelcheck.check``'s answer for the upload, from a worker."""
        request = {"game": game, "filename": filename, "data_base64": base64.b64encode(data).decode(),
                   "solution": solution, "max_moves": self.max_moves}
        with self._lock:
            crowded = self._waiting >= self.max_waiting
            self._waiting += not crowded
        if crowded:
            raise VerifierBusy(f"every verifier is busy and {self.max_waiting} requests wait for one; "
                               f"try again in {RETRY_SECONDS} s")
        try:
            worker = self._idle.get(timeout=self.wait_limit)
        except queue.Empty:
            raise VerifierBusy(f"every verifier stayed busy for {self.wait_limit:g} s; "
                               f"try again in {RETRY_SECONDS} s") from None
        finally:
            with self._lock:
                self._waiting -= 1
        try:
            if worker is None or worker.process.poll() is not None:
                worker = self._start()
            answer = worker.ask(request, self.time_limit)
            if answer is None:
                self._discard(worker)
                worker = None
                return {"ok": False, "reason": f"the solution could not be played within {self.time_limit:g} s"}
            return answer
        finally:
            self._idle.put(worker)

    def _start(self) -> WorkerProcess:
        worker = WorkerProcess()
        with self._lock:
            self._all.append(worker)
        return worker

    def _discard(self, worker: WorkerProcess) -> None:
        worker.kill()
        with self._lock:
            if worker in self._all:
                self._all.remove(worker)

    def close(self) -> None:
        with self._lock:
            workers, self._all = self._all, []
        for worker in workers:
            try:
                worker.process.stdin.close()
            except OSError:
                pass
            try:
                worker.process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                worker.kill()
