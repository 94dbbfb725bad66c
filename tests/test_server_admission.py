"""The sharing server's admission (studio/server/middleware.py) on its own: a bounded number of
requests at work, the rest waiting their turn in order in a bounded queue, then 503 with
Retry-After and the reason in words; and the security headers on every answer."""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("fastapi", reason="the server extra is not installed: pip install -e '.[server]'")

from studio.server.middleware import Admission, SecurityHeaders  # noqa: E402


class SlowApp:
    """An ASGI app that answers 200 once its request is let go, noting the order it started in."""

    def __init__(self):
        self.started: list[int] = []
        self.release = asyncio.Event()

    async def __call__(self, scope, receive, send):
        self.started.append(scope["number"])
        await self.release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})


async def call(app, number: int, path: str = "/api/levels") -> dict:
    answer: dict = {"number": number}

    async def send(message):
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]
            answer["headers"] = dict(message["headers"])
        else:
            answer["body"] = message.get("body", b"")

    async def receive():
        return {"type": "http.request", "body": b""}

    await app({"type": "http", "path": path, "number": number, "method": "GET"}, receive, send)
    return answer


def test_requests_beyond_the_active_ones_wait_in_order_and_all_are_answered():
    async def scenario():
        inner = SlowApp()
        admission = Admission(inner, active=2, queued=10, wait_seconds=5)
        calls = [asyncio.create_task(call(admission, n)) for n in range(6)]
        await asyncio.sleep(0.05)
        assert inner.started == [0, 1] and admission.active == 2  # the others wait
        inner.release.set()
        answers = await asyncio.gather(*calls)
        assert inner.started == [0, 1, 2, 3, 4, 5]  # in the order they came
        assert [a["status"] for a in answers] == [200] * 6
        assert admission.active == 0 and not admission._waiting

    asyncio.run(scenario())


def test_a_full_queue_or_a_long_wait_is_answered_503_with_retry_after_in_words():
    async def scenario():
        inner = SlowApp()
        admission = Admission(inner, active=1, queued=2, wait_seconds=0.3)
        calls = [asyncio.create_task(call(admission, n)) for n in range(3)]
        await asyncio.sleep(0.05)
        refused_at_once = await call(admission, 3)  # one at work, two waiting: no room left
        assert refused_at_once["status"] == 503
        assert refused_at_once["headers"][b"retry-after"] == b"1"
        detail = json.loads(refused_at_once["body"])["detail"]
        assert "busy" in detail and "try again in 1 s" in detail
        waited = await asyncio.gather(*calls[1:])  # the waiting two run out of time
        assert [a["status"] for a in waited] == [503, 503]
        inner.release.set()
        assert (await calls[0])["status"] == 200
        assert admission.active == 0 and not admission._waiting
        assert (await call(admission, 4))["status"] == 200  # the place is free again

    asyncio.run(scenario())


def test_a_page_request_refused_for_lack_of_room_gets_a_page():
    async def scenario():
        inner = SlowApp()
        admission = Admission(inner, active=1, queued=0, wait_seconds=1)
        first = asyncio.create_task(call(admission, 0, "/collections/triage"))
        await asyncio.sleep(0.05)
        refused = await call(admission, 1, "/collections/triage")
        assert refused["status"] == 503 and refused["headers"][b"content-type"].startswith(b"text/html")
        assert b"The server is busy" in refused["body"] and b"try again in 1 s" in refused["body"]
        inner.release.set()
        await first

    asyncio.run(scenario())


def test_a_client_that_goes_away_while_waiting_frees_its_place():
    async def scenario():
        inner = SlowApp()
        admission = Admission(inner, active=1, queued=5, wait_seconds=5)
        first = asyncio.create_task(call(admission, 0))
        await asyncio.sleep(0.02)
        leaving = asyncio.create_task(call(admission, 1))
        await asyncio.sleep(0.02)
        leaving.cancel()
        await asyncio.sleep(0.02)
        assert not admission._waiting
        inner.release.set()
        await first
        assert admission.active == 0

    asyncio.run(scenario())


def test_every_answer_carries_the_security_headers_and_a_handlers_own_wins():
    async def scenario():
        async def app(scope, receive, send):
            await send({"type": "http.response.start", "status": 200,
                        "headers": [(b"x-frame-options", b"SAMEORIGIN")]})
            await send({"type": "http.response.body", "body": b""})

        answer = await call(SecurityHeaders(app), 0)
        headers = answer["headers"]
        assert b"frame-ancestors 'none'" in headers[b"content-security-policy"]
        assert b"default-src 'none'" in headers[b"content-security-policy"]
        assert headers[b"x-content-type-options"] == b"nosniff"
        assert headers[b"referrer-policy"] == b"same-origin"
        assert headers[b"x-frame-options"] == b"SAMEORIGIN"

    asyncio.run(scenario())


def test_a_request_that_would_wait_too_long_at_the_pace_of_late_is_refused_at_once():
    """Twenty requests finished in the last five seconds (four a second): with 4 s allowed, the
    queue takes requests while it holds up to sixteen (a 4 s wait); one arriving when seventeen
    wait is told at once to come back in 5 s, when they will have had their turns."""
    import time

    async def scenario():
        inner = SlowApp()
        admission = Admission(inner, active=1, queued=100, wait_seconds=4)
        now = time.monotonic()
        admission._finished.extend(now - 0.25 * n for n in reversed(range(20)))  # over the last 5 s
        calls = [asyncio.create_task(call(admission, n)) for n in range(18)]
        await asyncio.sleep(0.05)
        assert admission.active == 1 and len(admission._waiting) == 17
        began = time.monotonic()
        refused = await call(admission, 99)
        assert time.monotonic() - began < 0.5
        assert refused["status"] == 503 and refused["headers"][b"retry-after"] == b"5"
        assert "try again in 5 s" in json.loads(refused["body"])["detail"]
        inner.release.set()
        assert [answer["status"] for answer in await asyncio.gather(*calls)] == [200] * 18

    asyncio.run(scenario())


def test_a_burst_on_a_fresh_server_is_timed_by_the_time_it_has_run():
    """Ten requests done in the first half second make a pace of 20 a second, not of 2 (ten in
    the five seconds of the window): the queue behind them is not refused as hopeless."""
    import time

    admission = Admission(SlowApp(), active=4, queued=100, wait_seconds=5)
    now = time.monotonic()
    admission._finished.extend(now - 0.05 * n for n in reversed(range(10)))
    assert 15 < admission.rate() < 25
