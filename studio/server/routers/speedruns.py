"""Speedruns: any player submits a solution; the server plays it and keeps each player's
shortest, the shortest of all being the level's record."""

from __future__ import annotations

from fastapi import APIRouter, Depends, HTTPException, Request
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from studio.server.auth import signed_in
from studio.server.deps import busy_error, client_address, db_session
from studio.server.limits import reserve
from studio.server.models import Account, Speedrun
from studio.server.models.base import utcnow
from studio.server.queries import level_or_404, speedrun_records, speedrun_table
from studio.server.routers.levels import LevelId
from studio.server.schemas import SpeedrunIn, SpeedrunOut, SpeedrunResult
from studio.server.verifier import VerifierBusy

router = APIRouter(prefix="/api/levels", tags=["speedruns"])


@router.post("/{level_id}/speedruns", status_code=201, response_model=SpeedrunResult)
def submit(run: SpeedrunIn, request: Request, level_id: int = LevelId, account: Account = Depends(signed_in),
           session: Session = Depends(db_session)) -> SpeedrunResult:
    """Verified, or 422 with the reason the solution does not win."""
    return record_speedrun(session, request, account, level_or_404(session, level_id), run.solution)


def record_speedrun(session: Session, request: Request, account: Account, level, solution: str) -> SpeedrunResult:
    """Play the solution and keep it if it is the player's shortest (the JSON API's, the play
    page's and Escape's client's); HTTPException with the reason when it does not win."""
    state = request.app.state
    config = state.config
    if len(solution) > config.max_solution_chars:
        raise HTTPException(422, f"solution: at most {config.max_solution_chars} characters")
    level_id = level.id
    reserve(session, "speedrun", account.id, client_address(request),
            config.speedruns_per_hour, config.speedruns_per_hour * config.per_address_factor)
    game, filename, data = level.game, level.filename, level.data
    session.rollback()  # no transaction stays open while the solution is played
    try:
        verdict = state.verifier.check(game, filename, data, solution)
    except VerifierBusy as busy:
        raise busy_error(str(busy)) from None
    if not verdict["ok"]:
        raise HTTPException(422, verdict["reason"])
    length = verdict["length"]
    improved = False
    for attempt in range(2):  # a first submission racing another of the same player's
        mine = session.scalar(select(Speedrun).where(Speedrun.level_id == level_id,
                                                     Speedrun.account_id == account.id))
        if mine is None:
            session.add(Speedrun(level_id=level_id, account_id=account.id, length=length, solution=solution))
            improved = True
        elif length < mine.length:
            mine.length, mine.solution, mine.created_at = length, solution, utcnow()
            improved = True
        try:
            session.commit()
            break
        except IntegrityError:
            session.rollback()
    best = session.scalar(select(Speedrun).where(Speedrun.level_id == level_id, Speedrun.account_id == account.id))
    record = speedrun_records(session, [level_id])[level_id]
    mine_out = SpeedrunOut(player=account.name, length=best.length, date=best.created_at)
    is_record = improved and record.player == account.name and record.length == length
    return SpeedrunResult(length=length, record=is_record, improved=improved, best=mine_out)


@router.get("/{level_id}/speedruns", response_model=list[SpeedrunOut])
def speedruns(level_id: int = LevelId, session: Session = Depends(db_session)) -> list[SpeedrunOut]:
    """Every player's best, shortest first (ties: the earlier); the first is the record."""
    level_or_404(session, level_id)
    return speedrun_table(session, level_id)
