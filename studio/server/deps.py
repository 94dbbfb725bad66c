"""What request handlers share: a database session and the server's state (config, verifier,
renderer), both reached through the application (``app.state``)."""

from __future__ import annotations

from typing import Iterator

from fastapi import Request
from sqlalchemy.orm import Session


def db_session(request: Request) -> Iterator[Session]:
    with request.app.state.sessions() as session:
        yield session


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"
