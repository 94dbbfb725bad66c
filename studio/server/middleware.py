"""ASGI middleware of the sharing server: admission (a bounded number of requests at work, the
rest waiting in a bounded queue, then 503) and the security headers of every answer."""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections import deque

from studio.server.escape_client import rpc_failure

RATE_SECONDS = 5.0  # the window over which the pace of finished requests is measured
MAX_RETRY_AFTER = 60
MIN_RATE_SPAN = 0.25  # seconds: the shortest stretch a pace is measured over

# Pages are rendered on the server and need no script; the API docs load their own copy of
# Swagger UI (``/docs/static``), whose styles and pictures are partly inline.
PAGE_POLICY = ("default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
               "script-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", PAGE_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
]


class SecurityHeaders:
    """Adds ``SECURITY_HEADERS`` to every HTTP answer (a handler's own header of a name wins)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", ())}
                message["headers"] = [*message.get("headers", ()),
                                      *((name, value) for name, value in SECURITY_HEADERS if name not in present)]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class Admission:
    """At most ``active`` requests are handled at once; up to ``queued`` more wait their turn in
    arrival order, each for at most ``wait_seconds``. A request that finds the queue full, or
    a queue it would wait longer than that for at the pace requests are finishing, or that
    waits too long, gets 503 with ``Retry-After`` (when that queue will have gone) and the
    reason in words.

    With ``active`` no larger than the database pool and the thread pool, an admitted request
    never waits for a connection or a thread that another admitted request holds while it waits
    for the other: the deadlock of a burst becomes a queue."""

    def __init__(self, app, active: int, queued: int, wait_seconds: float):
        self.app = app
        self.active_limit = max(1, active)
        self.queued_limit = max(0, queued)
        self.wait_seconds = wait_seconds
        self.active = 0
        self._waiting: deque[asyncio.Future] = deque()
        self._finished: deque[float] = deque()  # when the requests of the last RATE_SECONDS ended

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if not await self._admit():
            return await self._busy(scope, send)
        try:
            await self.app(scope, receive, send)
        finally:
            self._finished.append(time.monotonic())
            self._release()

    async def _admit(self) -> bool:
        if self.active < self.active_limit and not self._waiting:
            self.active += 1
            return True
        if len(self._waiting) >= self.queued_limit or self.expected_wait() > self.wait_seconds:
            return False  # at once: waiting would end in a refusal anyway, and hold a place meanwhile
        turn = asyncio.get_running_loop().create_future()
        self._waiting.append(turn)
        try:
            await asyncio.wait_for(asyncio.shield(turn), self.wait_seconds)
            return True  # ``_release`` passed its place on to this request
        except asyncio.TimeoutError:
            if turn.done():  # given a place at the moment the wait ran out: take it after all
                return True
            self._waiting.remove(turn)
            return False
        except asyncio.CancelledError:  # the client went away while waiting
            if turn.done():
                self._release()
            else:
                self._waiting.remove(turn)
            raise

    def _release(self) -> None:
        while self._waiting:
            turn = self._waiting.popleft()
            if not turn.done():
                turn.set_result(None)  # the place passes on: ``active`` stays the same
                return
        self.active -= 1

    def rate(self) -> float | None:
        """Requests finished per second lately (over the last RATE_SECONDS, or since the first of
        them when that is sooner: a burst on a fresh server is not taken for a slow one); None
        until a few have finished."""
        now = time.monotonic()
        while self._finished and self._finished[0] < now - RATE_SECONDS:
            self._finished.popleft()
        if len(self._finished) < 10:
            return None
        return len(self._finished) / max(now - self._finished[0], MIN_RATE_SPAN)

    def expected_wait(self) -> float:
        """How long a request arriving now would wait for its turn, at the pace of late."""
        rate = self.rate()
        return len(self._waiting) / rate if rate else 0.0

    def retry_after(self) -> int:
        """Seconds after which a refused request may well find room: the queue's expected wait
        (at least 1 s, at most MAX_RETRY_AFTER). So refused clients come back about when the
        requests ahead of them are done, instead of crowding the queue again at once."""
        return max(1, min(MAX_RETRY_AFTER, math.ceil(max(self.expected_wait(), self.wait_seconds / 2))))

    async def _busy(self, scope, send) -> None:
        seconds = self.retry_after()
        at_work = f"{self.active} request{'s' if self.active != 1 else ''} at work"
        reason = f"the server is busy ({at_work}, {len(self._waiting)} waiting): try again in {seconds} s"
        if scope.get("path", "").startswith("/api"):
            body, kind = json.dumps({"detail": reason}).encode(), b"application/json"
        else:
            body, kind = (f"<!doctype html><title>Busy</title><h1>Busy</h1><p>{reason[0].upper() + reason[1:]}.</p>"
                          .encode(), b"text/html; charset=utf-8")
        headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode()),
                   (b"retry-after", str(seconds).encode())]
        answer = rpc_failure(scope, reason) or {"status": 503, "body": body, "headers": headers}
        await send({"type": "http.response.start", "status": answer["status"], "headers": answer["headers"]})
        await send({"type": "http.response.body", "body": answer["body"]})
