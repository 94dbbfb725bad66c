"""``GET /api/health``: is the server up, and on which database."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from sqlalchemy import text
from sqlalchemy.orm import Session

from studio.core.game import all_games
from studio.server.deps import db_session

router = APIRouter(prefix="/api", tags=["health"])


@router.get("/health")
def health(request: Request, session: Session = Depends(db_session)) -> dict:
    session.execute(text("SELECT 1"))
    return {"status": "ok", "database": session.get_bind().dialect.name,
            "games": [game.id for game in all_games()]}
