"""Ratings (one per player per level, changeable) and comments."""

from __future__ import annotations

from fastapi import APIRouter, Depends, HTTPException, Request
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from studio.server.auth import signed_in
from studio.server.deps import client_address, db_session
from studio.server.limits import reserve
from studio.server.models import Account, Comment, Rating
from studio.server.models.base import utcnow
from studio.server.queries import comments_of, level_or_404, rating_summaries
from studio.server.routers.levels import LevelId
from studio.server.schemas import CommentIn, CommentOut, RatingIn, RatingSummary

router = APIRouter(prefix="/api/levels", tags=["ratings and comments"])


@router.post("/{level_id}/ratings", response_model=RatingSummary)
def rate(rating: RatingIn, level_id: int = LevelId, account: Account = Depends(signed_in),
         session: Session = Depends(db_session)) -> RatingSummary:
    """Rate the level, or change your rating of it; answers the new averages."""
    level_or_404(session, level_id)
    save_rating(session, level_id, account, rating)
    return rating_summaries(session, [level_id])[level_id]


def save_rating(session: Session, level_id: int, account: Account, rating: RatingIn) -> None:
    """The player's rating of the level, new or changed (the API's and the web page's)."""
    for attempt in range(2):  # two players' first ratings racing: the loser updates instead
        mine = session.scalar(select(Rating).where(Rating.level_id == level_id, Rating.account_id == account.id))
        if mine is None:
            mine = Rating(level_id=level_id, account_id=account.id)
            session.add(mine)
        mine.difficulty, mine.style, mine.cooked, mine.updated_at = \
            rating.difficulty, rating.style, rating.cooked, utcnow()
        try:
            session.commit()
            return
        except IntegrityError:
            session.rollback()


@router.get("/{level_id}/ratings", response_model=RatingSummary | None)
def ratings(level_id: int = LevelId, session: Session = Depends(db_session)) -> RatingSummary | None:
    level_or_404(session, level_id)
    return rating_summaries(session, [level_id]).get(level_id)


@router.post("/{level_id}/comments", status_code=201, response_model=CommentOut)
def comment(comment: CommentIn, request: Request, level_id: int = LevelId, account: Account = Depends(signed_in),
            session: Session = Depends(db_session)) -> CommentOut:
    level_or_404(session, level_id)
    return post_comment(session, request, level_id, account, comment.text)


def post_comment(session: Session, request: Request, level_id: int, account: Account, text: str,
                 spoiler: bool = False) -> CommentOut:
    """A comment on the level, within the hourly limits (the API's and the web page's)."""
    config = request.app.state.config
    text = text.strip()
    if not text:
        raise HTTPException(422, "text: a comment needs some words")
    reserve(session, "comment", account.id, client_address(request),
            config.comments_per_hour, config.comments_per_hour * config.per_address_factor)
    stored = Comment(level_id=level_id, account_id=account.id, text=text[:config.max_comment_chars], spoiler=spoiler)
    session.add(stored)
    session.commit()
    return CommentOut(id=stored.id, author=account.name, text=stored.text, date=stored.created_at)


@router.get("/{level_id}/comments", response_model=list[CommentOut])
def comments(level_id: int = LevelId, session: Session = Depends(db_session)) -> list[CommentOut]:
    level_or_404(session, level_id)
    return comments_of(session, level_id)
