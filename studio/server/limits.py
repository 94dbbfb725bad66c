"""Limits against abuse: a cap on every request's body, and rate limits per account and
per address counted in the database (so every server process on one database agrees)."""

from __future__ import annotations

import hashlib
import math
import random
from datetime import datetime, timedelta

from fastapi import HTTPException
from sqlalchemy import delete, func, select, text
from sqlalchemy.orm import Session

from studio.server.models import RateEvent
from studio.server.models.base import as_utc, utcnow

WINDOW = timedelta(hours=1)
MAX_BACKOFF = timedelta(hours=1)


def reserve(session: Session, kind: str, account_id: int | None, address: str,
            per_account: int | None, per_address: int, backoff_after: int | None = None) -> int:
    """Count one ``kind`` action by the account and the address now, or refuse it (429) when
    either has done its limit of them in the last hour: checked and counted in one transaction
    that holds a lock on the account's and the address's counts, so a burst of simultaneous
    requests passes exactly the limit. ``backoff_after`` instead of ``per_account``: that many
    actions an hour are free, then each must wait twice as long as the one before after the
    latest. Ends the session's transaction first; returns the count's id (``release`` takes it
    back for an action that turns out not to count)."""
    session.commit()
    _lock_counts(session, [(kind, "account", account_id), (kind, "address", address)])
    now = utcnow()
    try:
        if account_id is not None and per_account is not None:
            _refuse_over(session, kind, RateEvent.account_id == account_id, per_account, now,
                         f"too many {kind}s: at most {per_account} an hour per account")
        _refuse_over(session, kind, RateEvent.address == address, per_address, now,
                     f"too many {kind}s from your address: at most {per_address} an hour")
        if account_id is not None and backoff_after is not None:
            _refuse_too_soon(session, kind, account_id, backoff_after, now)
    except HTTPException:
        session.rollback()
        raise
    event = RateEvent(kind=kind, account_id=account_id, address=address[:64], at=now)
    session.add(event)
    if random.random() < 0.01:  # now and then, forget what no window counts any more
        session.execute(delete(RateEvent).where(RateEvent.at < now - 2 * WINDOW))
    session.commit()
    return event.id


def release(session: Session, event_id: int) -> None:
    """Take back a count ``reserve`` made (a sign-in that succeeded is no failed sign-in)."""
    session.execute(delete(RateEvent).where(RateEvent.id == event_id))
    session.commit()


def _lock_counts(session: Session, keys) -> None:
    """Serialise the counting of these keys among every process on the database: PostgreSQL's
    transaction-scoped advisory locks (taken in one order, so two requests never wait on each
    other); SQLite's write lock, taken at the transaction's start."""
    if session.get_bind().dialect.name == "postgresql":
        for number in sorted({_lock_number(key) for key in keys if key[2] is not None}):
            session.execute(text("SELECT pg_advisory_xact_lock(:number)"), {"number": number})
    else:
        session.execute(text("BEGIN IMMEDIATE"))


def _lock_number(key) -> int:
    digest = hashlib.sha256(repr(("rate", *key)).encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def _refuse_over(session: Session, kind: str, whose, limit: int, now: datetime, reason: str) -> None:
    # The latest ``limit`` actions at most: counting costs no more than the limit, however many
    # there were, and the oldest of them says when the next one will be allowed.
    latest = select(RateEvent.at).where(RateEvent.kind == kind, whose, RateEvent.at > now - WINDOW) \
        .order_by(RateEvent.at.desc()).limit(limit).subquery()
    done, oldest = session.execute(select(func.count(), func.min(latest.c.at))).one()
    if done >= limit:
        _too_many(reason, as_utc(oldest) + WINDOW - now)


def _refuse_too_soon(session: Session, kind: str, account_id: int, free: int, now: datetime) -> None:
    done, latest = session.execute(select(func.count(), func.max(RateEvent.at)).where(
        RateEvent.kind == kind, RateEvent.account_id == account_id, RateEvent.at > now - WINDOW)).one()
    if done < free:
        return
    wait = min(timedelta(seconds=2 ** (done - free)), MAX_BACKOFF)
    left = as_utc(latest) + wait - now
    if left > timedelta(0):
        _too_many(f"too many {kind}s for this account: {done} in the last hour, so the next must wait "
                  f"{_duration(wait)} after the last", left)


def _too_many(reason: str, wait: timedelta) -> None:
    seconds = max(1, math.ceil(wait.total_seconds()))
    raise HTTPException(429, f"{reason}; try again in {_duration(timedelta(seconds=seconds))}",
                        headers={"Retry-After": str(seconds)})


def _duration(span: timedelta) -> str:
    seconds = math.ceil(span.total_seconds())
    if seconds < 120:
        return f"{seconds} s"
    return f"{math.ceil(seconds / 60)} minutes"


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
                    return await self._refuse(scope, send, 400, "the Content-Length header is not a number")
                if too_big:
                    return await self._refuse(scope, send, 413, self._message())
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
                await self._refuse(scope, send, 413, self._message())

    def _message(self) -> str:
        return f"the request is too large: at most {self.limit} bytes"

    @staticmethod
    async def _refuse(scope, send, status: int, text: str) -> None:
        import json

        from studio.server.escape_client import rpc_failure

        body = json.dumps({"detail": text}).encode()
        answer = rpc_failure(scope, text) or {"status": status, "body": body, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]}
        await send({"type": "http.response.start", "status": answer["status"], "headers": answer["headers"]})
        await send({"type": "http.response.body", "body": answer["body"]})


class _TooLarge(HTTPException):
    """A streamed body passed the limit. An HTTPException, so FastAPI's body parsing passes it
    on (any other exception there becomes its 400 "error parsing the body") and the
    application's handler answers 413 in words; the middleware answers it if nothing did."""

    def __init__(self, detail: str):
        super().__init__(413, detail)
