"""Limits against abuse: a cap on every request's body, and rate limits per account and
per address counted in the database (so every server process on one database agrees)."""

from __future__ import annotations

import random
from datetime import timedelta

from fastapi import HTTPException
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from studio.server.models import RateEvent
from studio.server.models.base import utcnow

WINDOW = timedelta(hours=1)


def check_rate(session: Session, kind: str, account_id: int | None, address: str,
               per_account: int, per_address: int) -> None:
    """Refuse (429) a ``kind`` action when the account or the address has done ``per_account``
    / ``per_address`` of them in the last hour. The caller records the action with
    ``record_action`` in the transaction that does it (refused uploads are recorded too)."""
    since = utcnow() - WINDOW
    if account_id is not None:
        done = session.scalar(select(func.count()).select_from(RateEvent).where(
            RateEvent.kind == kind, RateEvent.account_id == account_id, RateEvent.at > since))
        if done >= per_account:
            raise HTTPException(429, f"too many {kind}s: at most {per_account} an hour per account; try later")
    done = session.scalar(select(func.count()).select_from(RateEvent).where(
        RateEvent.kind == kind, RateEvent.address == address, RateEvent.at > since))
    if done >= per_address:
        raise HTTPException(429, f"too many {kind}s from your address: at most {per_address} an hour; try later")


def record_action(session: Session, kind: str, account_id: int | None, address: str) -> None:
    """Count one ``kind`` action (committed with the caller's transaction)."""
    session.add(RateEvent(kind=kind, account_id=account_id, address=address[:64]))
    if random.random() < 0.01:  # now and then, forget what no window counts any more
        session.execute(delete(RateEvent).where(RateEvent.at < utcnow() - 2 * WINDOW))


def refuse(session: Session, kind: str, account_id: int | None, address: str, status: int, reason: str):
    """Count the refused action (it cost the server its work), then refuse it."""
    session.rollback()
    record_action(session, kind, account_id, address)
    session.commit()
    raise HTTPException(status, reason)


class BodySizeLimit:
    """ASGI middleware: a request whose body is larger than ``limit`` bytes gets 413, whether
    it says its length (Content-Length) or streams it."""

    def __init__(self, app, limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD"):
            return await self.app(scope, receive, send)  # nothing to count (and the busiest path)
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.limit
                except ValueError:
                    return await self._refuse(send, 400, "the Content-Length header is not a number")
                if too_big:
                    return await self._refuse(send, 413, self._message())
        received = 0
        started = False

        async def counted_receive():
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise _TooLarge(self._message())
            return message

        async def tracking_send(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, tracking_send)
        except _TooLarge:
            if not started:
                await self._refuse(send, 413, self._message())

    def _message(self) -> str:
        return f"the request is too large: at most {self.limit} bytes"

    @staticmethod
    async def _refuse(send, status: int, text: str) -> None:
        import json

        body = json.dumps({"detail": text}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


class _TooLarge(HTTPException):
    """A streamed body passed the limit. An HTTPException, so FastAPI's body parsing passes it
    on (any other exception there becomes its 400 "error parsing the body") and the
    application's handler answers 413 in words; the middleware answers it if nothing did."""

    def __init__(self, detail: str):
        super().__init__(413, detail)
