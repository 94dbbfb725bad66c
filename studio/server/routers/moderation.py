"""Moderators move levels between the collections: ``POST /api/levels/{id}/collection``."""

from __future__ import annotations

from fastapi import APIRouter, Depends, HTTPException
from sqlalchemy.orm import Session

from studio.server.auth import signed_in
from studio.server.deps import db_session
from studio.server.models import COLLECTIONS, Account
from studio.server.models.base import utcnow
from studio.server.queries import level_detail, level_or_404
from studio.server.routers.levels import LevelId
from studio.server.schemas import CollectionMove, LevelDetail

router = APIRouter(prefix="/api/levels", tags=["moderation"])


def moderator(account: Account = Depends(signed_in)) -> Account:
    if not account.moderator:
        raise HTTPException(403, "only moderators move levels between collections")
    return account


@router.post("/{level_id}/collection", response_model=LevelDetail)
def move_level(move: CollectionMove, level_id: int = LevelId, account: Account = Depends(moderator),
               session: Session = Depends(db_session)) -> LevelDetail:
    if move.collection not in COLLECTIONS:
        raise HTTPException(422, f"collection: one of {', '.join(COLLECTIONS)}")
    level = level_or_404(session, level_id)
    level.collection = move.collection
    level.updated_at = utcnow()
    session.commit()
    return level_detail(session, level)
