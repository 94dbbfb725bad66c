"""Intricacy's metagame: codenames, three lock slots per player, declared solutions secured as
notes behind one's own locks, and relative scores (docs/server.md, "Intricacy metagame").

The rules are ``studio.games.intricacy.metagame``'s; a request that breaks one is refused
with 409 and the rule in words. Locks and solutions are played by the Intricacy engine in the
verifier's worker processes: a lock goes in a slot only with a solution that opens it, and a
declared solution that does not open the lock is refused with 422.
"""

from __future__ import annotations

import copy

from fastapi import APIRouter, Depends, HTTPException, Path, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.orm import Session

from studio.games.intricacy.metagame import SLOT_COUNT, MetagameError, split_solution
from studio.server.auth import signed_in
from studio.server.deps import busy_error, client_address, db_session
from studio.server.intricacy_state import load_game, player_of, refused, register_codename, take_turn
from studio.server.limits import reserve
from studio.server.models import Account
from studio.server.models.base import utcnow
from studio.server.models.intricacy import IntricacyLock, IntricacyNote, IntricacyPlayer
from studio.server.routers.levels import decode_level
from studio.server.schemas import Moves, Strict
from studio.server.verifier import VerifierBusy

router = APIRouter(prefix="/api/intricacy", tags=["intricacy"])
SlotNumber = Path(ge=0, le=SLOT_COUNT - 1, description="the slot: 0, 1 or 2")
LockId = Path(ge=1, le=2**31 - 1, description="the lock's id")
PLACING, DECLARING = "lock placement", "declaration"  # kinds of action for the hourly limits


class CodenameIn(Strict):
    codename: str = Field(min_length=1, max_length=10, description="three letters A-Z; case is ignored")


class CodenameOut(BaseModel):
    codename: str


class SlotOut(BaseModel):
    slot: int
    lock_id: int
    public: bool
    accessed: bool = Field(description="whether you access the slot (your own slots: true)")


class PlayerOut(BaseModel):
    codename: str
    slots: list[SlotOut | None] = Field(description="slots 0, 1, 2; null when empty")


class LockIn(Strict):
    data_base64: str = Field(min_length=1, max_length=400_000,
                             description="the .lock file, with a solution: line that opens it")


class Retired(BaseModel):
    slot: int
    lock_id: int


class SolutionIn(Strict):
    solution: Moves = Field(min_length=1, max_length=100_000,
                            description="move letters, as `studio verify LOCK.lock --solution` takes them")
    behind_slot: int = Field(ge=0, le=SLOT_COUNT - 1, description="your slot whose lock secures the note")


class NoteOut(BaseModel):
    id: int
    author: str
    lock_id: int = Field(description="the lock the note solves")
    lock_owner: str
    behind_lock_id: int = Field(description="the lock the note is secured behind (its author's)")
    public: bool
    solution: str


class ScoreOut(BaseModel):
    codename: str
    score: int


@router.get("/codename", response_model=CodenameOut)
def codename(account: Account = Depends(signed_in), session: Session = Depends(db_session)) -> CodenameOut:
    """Your codename (an account named with three letters plays under its name)."""
    return CodenameOut(codename=player_of(session, account).codename)


@router.put("/codename", response_model=CodenameOut)
def put_codename(body: CodenameIn, account: Account = Depends(signed_in),
                 session: Session = Depends(db_session)) -> CodenameOut:
    """Register your codename, once: three letters, unique ignoring case."""
    return CodenameOut(codename=register_codename(session, account, body.codename).codename)


@router.get("/players", response_model=list[PlayerOut])
def players(account: Account = Depends(signed_in), session: Session = Depends(db_session)) -> list[PlayerOut]:
    """Every player's slots as you see them: the lock in each, whether it is public, whether you access it."""
    viewer = player_of(session, account).codename
    game, _ = load_game(session)
    return [PlayerOut(codename=owner, slots=[
        None if view.lock_id is None else SlotOut(slot=view.slot, lock_id=view.lock_id, public=view.public,
                                                  accessed=view.accessed)
        for view in views]) for owner, views in game.slot_views(viewer).items()]


@router.put("/slots/{slot}", response_model=SlotOut)
def put_slot(body: LockIn, request: Request, slot: int = SlotNumber, account: Account = Depends(signed_in),
             session: Session = Depends(db_session)) -> SlotOut:
    """Put a lock in your slot, retiring the lock there (its notes become public). The lock must
    load and carry a solution that opens it; other players get the file without that line."""
    player = player_of(session, account)
    config = request.app.state.config
    data = decode_level(body.data_base64, config.max_level_bytes)
    served, solution = split_solution(data)
    if not solution:
        raise HTTPException(422, "the lock carries no solution: add a 'solution:' line with moves that open it "
                                 "(check it with studio verify LOCK.lock)")
    limit = Limit(request, session, account, PLACING, config.uploads_per_hour)
    _verify(request, limit, served, solution, "the lock cannot go in a slot")
    take_turn(session)
    game, _ = load_game(session)
    old = session.scalar(select(IntricacyLock).where(IntricacyLock.owner_id == player.id,
                                                     IntricacyLock.active_slot == slot))
    if old is not None:
        old.active_slot, old.retired_at = None, utcnow()
        session.flush()  # the slot is free before the new lock takes it
    lock = IntricacyLock(owner_id=player.id, slot=slot, active_slot=slot, data=served, solution=solution)
    session.add(lock)
    session.flush()
    game.place_lock(player.codename, slot, lock_id=lock.id)
    session.commit()
    return SlotOut(slot=slot, lock_id=lock.id, public=False, accessed=True)


@router.delete("/slots/{slot}", response_model=Retired)
def retire_slot(slot: int = SlotNumber, account: Account = Depends(signed_in),
                session: Session = Depends(db_session)) -> Retired:
    """Retire the lock in your slot: the slot empties and every note behind the lock becomes public."""
    player = player_of(session, account)
    take_turn(session)
    game, _ = load_game(session)
    try:
        lock_id = game.retire(player.codename, slot)
    except MetagameError as error:
        raise refused(error) from None
    lock = session.get(IntricacyLock, lock_id)
    lock.active_slot, lock.retired_at = None, utcnow()
    session.commit()
    return Retired(slot=slot, lock_id=lock_id)


@router.get("/locks/{lock_id}", response_class=Response,
            responses={200: {"content": {"application/octet-stream": {}}, "description": "the .lock file"}})
def lock_file(lock_id: int = LockId, account: Account = Depends(signed_in),
              session: Session = Depends(db_session)) -> Response:
    """The lock's file, to pick it (without its owner's solution)."""
    data = session.scalar(select(IntricacyLock.data).where(IntricacyLock.id == lock_id))
    if data is None:
        raise HTTPException(404, f"no lock has the id {lock_id}")
    return Response(bytes(data), media_type="application/octet-stream",
                    headers={"Content-Disposition": f'attachment; filename="lock-{lock_id}.lock"'})


@router.post("/locks/{lock_id}/solutions", status_code=201, response_model=NoteOut)
def declare(body: SolutionIn, request: Request, lock_id: int = LockId, account: Account = Depends(signed_in),
            session: Session = Depends(db_session)) -> NoteOut:
    """Declare a solution of another player's lock: it must open the lock (422 otherwise), and its
    note is secured behind your non-public lock in ``behind_slot``, where it stays."""
    player = player_of(session, account)
    data = session.scalar(select(IntricacyLock.data).where(IntricacyLock.id == lock_id))
    if data is None:
        raise HTTPException(404, f"no lock has the id {lock_id}")
    game, _ = load_game(session)
    _declare(copy.deepcopy(game), player.codename, lock_id, body)  # the rules first: a quick refusal
    limit = Limit(request, session, account, DECLARING, request.app.state.config.speedruns_per_hour)
    _verify(request, limit, bytes(data), body.solution, f"the solution does not open lock {lock_id}")
    take_turn(session)
    game, _ = load_game(session)
    _declare(game, player.codename, lock_id, body)
    behind = session.scalar(select(IntricacyLock).where(IntricacyLock.owner_id == player.id,
                                                        IntricacyLock.active_slot == body.behind_slot))
    note = IntricacyNote(author_id=player.id, lock_id=lock_id, behind_lock_id=behind.id, solution=body.solution)
    session.add(note)
    session.commit()
    owner = session.scalar(select(IntricacyPlayer.codename).join(IntricacyLock, IntricacyLock.owner_id == IntricacyPlayer.id)
                           .where(IntricacyLock.id == lock_id))
    return NoteOut(id=note.id, author=player.codename, lock_id=lock_id, lock_owner=owner,
                   behind_lock_id=behind.id, public=False, solution=body.solution)


@router.get("/notes", response_model=list[NoteOut])
def notes(account: Account = Depends(signed_in), session: Session = Depends(db_session)) -> list[NoteOut]:
    """The notes you have read: your own, the public ones, and those in every lock you access."""
    viewer = player_of(session, account).codename
    game, _ = load_game(session)
    read = game.notes_read(viewer)
    return [NoteOut(id=note.id, author=note.author, lock_id=note.lock_id, lock_owner=game.locks[note.lock_id].owner,
                    behind_lock_id=note.behind_lock_id, public=game.is_note_public(note.id), solution=note.solution)
            for note in sorted(game.notes.values(), key=lambda note: note.id) if note.id in read]


@router.get("/scores", response_model=list[ScoreOut])
def scores(account: Account = Depends(signed_in), session: Session = Depends(db_session)) -> list[ScoreOut]:
    """Your score relative to each other player: their slots you access less your slots they access."""
    viewer = player_of(session, account).codename
    game, _ = load_game(session)
    return [ScoreOut(codename=other, score=score) for other, score in game.scores(viewer).items()]


def _declare(game, codename: str, lock_id: int, body: SolutionIn) -> None:
    try:
        game.declare(codename, lock_id, body.behind_slot, body.solution)
    except MetagameError as error:
        raise refused(error) from None


class Limit:
    """The hourly limit of one kind of action (a lock placed counts as an upload, a declaration as
    a speedrun): counted before the engine plays, whether the action then succeeds or not."""

    def __init__(self, request: Request, session: Session, account: Account, kind: str, per_hour: int):
        self.session = session
        factor = request.app.state.config.per_address_factor
        reserve(session, kind, account.id, client_address(request), per_hour, per_hour * factor)


def _verify(request: Request, limit: Limit, data: bytes, solution: str, refusal: str) -> None:
    """The engine plays ``solution`` on the lock (in a verifier worker); 422 unless it opens.
    No transaction stays open meanwhile."""
    limit.session.rollback()
    try:
        verdict = request.app.state.verifier.check("intricacy", "lock.lock", data, solution)
    except VerifierBusy as busy:
        raise busy_error(str(busy)) from None
    if not verdict["ok"]:
        raise HTTPException(422, f"{refusal}: {verdict['reason']}")

