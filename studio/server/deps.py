"""What request handlers share: a database session and the server's state (config, verifier,
renderer), both reached through the application (``app.state``)."""

from __future__ import annotations

from typing import Iterator

from fastapi import HTTPException, Request
from sqlalchemy.orm import Session

from studio.server.verifier import RETRY_SECONDS


def db_session(request: Request) -> Iterator[Session]:
    with request.app.state.sessions() as session:
        yield session


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def busy_error(reason: str) -> HTTPException:
    """503 for lack of room (every verifier busy): the reason in words and when to try again."""
    return HTTPException(503, reason, headers={"Retry-After": str(RETRY_SECONDS)})
