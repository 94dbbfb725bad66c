"""Reading levels with what players said about them, for the API and the web pages alike."""

from __future__ import annotations

from fastapi import HTTPException
from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from studio.server.models import Account, Comment, Level, Rating, Speedrun
from studio.server.schemas import CommentOut, LevelDetail, LevelOut, RatingSummary, SpeedrunOut

MAX_PAGE = 500


def level_or_404(session: Session, level_id: int) -> Level:
    level = session.get(Level, level_id)
    if level is None:
        raise HTTPException(404, f"no level has the id {level_id}")
    return level


def list_levels(session: Session, collection: str | None, game: str | None,
                limit: int = 100, offset: int = 0, md5: str | None = None) -> list[LevelOut]:
    query = select(Level.id, Level.title, Level.game, Level.md5, Level.collection, Level.filename, Account.name) \
        .join(Account, Account.id == Level.author_id).order_by(Level.id.desc())
    if collection:
        query = query.where(Level.collection == collection)
    if game:
        query = query.where(Level.game == game)
    if md5:
        query = query.where(Level.md5 == md5)
    rows = session.execute(query.limit(min(limit, MAX_PAGE)).offset(offset)).all()
    ids = [row.id for row in rows]
    ratings, records = rating_summaries(session, ids), speedrun_records(session, ids)
    return [LevelOut(id=row.id, title=row.title, author=row.name, game=row.game, md5=row.md5,
                     collection=row.collection, rating=ratings.get(row.id), speedrun=records.get(row.id),
                     filename=row.filename)
            for row in rows]


def level_detail(session: Session, level: Level) -> LevelDetail:
    author = session.get(Account, level.author_id)
    comments = session.scalar(select(func.count()).select_from(Comment).where(Comment.level_id == level.id))
    return LevelDetail(id=level.id, title=level.title, author=author.name, game=level.game, md5=level.md5,
                       collection=level.collection, rating=rating_summaries(session, [level.id]).get(level.id),
                       speedrun=speedrun_records(session, [level.id]).get(level.id), filename=level.filename,
                       description=level.description, size=level.size, created=level.created_at, comments=comments)


def rating_summaries(session: Session, level_ids: list[int]) -> dict[int, RatingSummary]:
    if not level_ids:
        return {}
    rows = session.execute(
        select(Rating.level_id, func.avg(Rating.difficulty), func.avg(Rating.style),
               func.avg(case((Rating.cooked, 1.0), else_=0.0)), func.count())
        .where(Rating.level_id.in_(level_ids)).group_by(Rating.level_id)).all()
    return {level_id: RatingSummary(difficulty=round(float(d), 2), style=round(float(s), 2),
                                    cooked=round(float(c), 2), count=n)
            for level_id, d, s, c, n in rows}


def speedrun_records(session: Session, level_ids: list[int]) -> dict[int, SpeedrunOut]:
    """Each level's shortest solution (the earliest of equal ones) with its player and date."""
    if not level_ids:
        return {}
    rows = session.execute(
        select(Speedrun.level_id, Speedrun.length, Speedrun.created_at, Account.name)
        .join(Account, Account.id == Speedrun.account_id).where(Speedrun.level_id.in_(level_ids))
        .order_by(Speedrun.level_id, Speedrun.length, Speedrun.created_at, Speedrun.id)).all()
    records: dict[int, SpeedrunOut] = {}
    for level_id, length, date, name in rows:
        records.setdefault(level_id, SpeedrunOut(player=name, length=length, date=date))
    return records


def speedrun_table(session: Session, level_id: int) -> list[SpeedrunOut]:
    """Every player's best on the level, shortest first: the first row is the record."""
    rows = session.execute(
        select(Speedrun.length, Speedrun.created_at, Account.name).join(Account, Account.id == Speedrun.account_id)
        .where(Speedrun.level_id == level_id).order_by(Speedrun.length, Speedrun.created_at, Speedrun.id)).all()
    return [SpeedrunOut(player=name, length=length, date=date) for length, date, name in rows]


def comments_of(session: Session, level_id: int) -> list[CommentOut]:
    rows = session.execute(
        select(Comment.id, Comment.text, Comment.created_at, Account.name, Comment.spoiler)
        .join(Account, Account.id == Comment.account_id).where(Comment.level_id == level_id)
        .order_by(Comment.created_at, Comment.id)).all()
    return [CommentOut(id=cid, author=name, text=text, date=date, spoiler=bool(spoiler))
            for cid, text, date, name, spoiler in rows]
