"""Levels: upload (verified), list, details, the exact file, its picture, the author's
edits and withdrawal."""

from __future__ import annotations

import base64
import binascii
import fnmatch
import re
from pathlib import PurePath
from urllib.parse import quote

from fastapi import APIRouter, Depends, HTTPException, Path, Query, Request, Response
from fastapi.concurrency import run_in_threadpool
from sqlalchemy.exc import IntegrityError
from sqlalchemy import select
from sqlalchemy.orm import Session

from studio.core.game import all_games
from studio.server.auth import signed_in
from studio.server.deps import busy_error, client_address, db_session
from studio.server.levelcheck import md5_of
from studio.server.limits import reserve
from studio.server.models import COLLECTIONS, Account, Level, Speedrun
from studio.server.models.base import utcnow
from studio.server.models.levels import TRIAGE, WITHDRAWN
from studio.server.queries import level_detail, level_or_404, list_levels
from studio.server.schemas import LevelDetail, LevelEdit, LevelOut, Upload, Uploaded
from studio.server.rendering import RendererBusy
from studio.server.verifier import VerifierBusy

router = APIRouter(prefix="/api/levels", tags=["levels"])
LevelId = Path(ge=1, le=2**31 - 1, description="the level's id")


def games_by_id() -> dict:
    return {game.id: game for game in all_games()}


def check_filename(game, filename: str) -> str:
    name = PurePath(filename.replace("\\", "/")).name
    if name != filename or name in (".", "..") or not name.isprintable():
        raise HTTPException(422, "filename: a plain file name, without folders or control characters")
    if not any(fnmatch.fnmatch(name.lower(), pattern) for pattern in game.file_patterns):
        raise HTTPException(422, f"filename: {game.name} levels are named {' or '.join(game.file_patterns)}")
    return name


def decode_level(text: str, limit: int) -> bytes:
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise HTTPException(422, "data_base64: not valid base64") from None
    if not data:
        raise HTTPException(422, "data_base64: the file is empty")
    if len(data) > limit:
        raise HTTPException(413, f"the level file is {len(data)} bytes; at most {limit} are accepted")
    return data


@router.post("", status_code=201, response_model=Uploaded)
def upload(upload: Upload, request: Request, account: Account = Depends(signed_in),
           session: Session = Depends(db_session)) -> Uploaded:
    """Store a level whose solution wins; 422 with the reason when it does not load or win,
    409 when the same file (by MD5) is already here."""
    state = request.app.state
    config = state.config
    game = games_by_id().get(upload.game)
    if game is None:
        raise HTTPException(422, f"game: no game is called {upload.game!r}; one of {', '.join(games_by_id())}")
    filename = check_filename(game, upload.filename)
    data = decode_level(upload.data_base64, config.max_level_bytes)
    level = store_level(session, request, account, game, filename, data, upload.solution)
    return Uploaded(id=level.id, md5=level.md5, collection=level.collection)


def store_level(session: Session, request: Request, account: Account, game, filename: str, data: bytes,
                solution: str, description: str = "") -> Level:
    """Keep a level whose solution wins, in triage, its solution the first speedrun (the JSON
    API's upload and Escape's client's); HTTPException with the reason otherwise."""
    state = request.app.state
    config = state.config
    if len(solution) > config.max_solution_chars:
        raise HTTPException(422, f"solution: at most {config.max_solution_chars} characters")
    if len(data) > config.max_level_bytes:
        raise HTTPException(413, f"the level file is {len(data)} bytes; at most {config.max_level_bytes} are accepted")
    # Counted from here, a refusal too: verifying costs the server.
    reserve(session, "upload", account.id, client_address(request),
            config.uploads_per_hour, config.uploads_per_hour * config.per_address_factor)
    md5 = md5_of(data)
    existing = session.scalar(select(Level.id).where(Level.md5 == md5))
    if existing is not None:
        raise HTTPException(409, f"this file is already on the server as level {existing} (same MD5 {md5})")
    session.rollback()  # no transaction stays open while the level is played
    try:
        verdict = state.verifier.check(game.id, filename, data, solution)
    except VerifierBusy as busy:
        raise busy_error(str(busy)) from None
    if not verdict["ok"]:
        raise HTTPException(422, verdict["reason"])
    level = Level(game=game.id, filename=filename, title=verdict["title"], description=description,
                  author_id=account.id, md5=md5, data=data, size=len(data), collection=TRIAGE)
    session.add(level)
    try:
        session.flush()
        # The author's own solution is the level's first speedrun.
        session.add(Speedrun(level_id=level.id, account_id=account.id, length=verdict["length"], solution=solution))
        session.commit()
    except IntegrityError:
        session.rollback()
        raise HTTPException(409, f"this file is already on the server (same MD5 {md5})") from None
    return level


@router.get("", response_model=list[LevelOut])
def levels(collection: str | None = Query(None, description="triage, official or withdrawn; all when absent"),
           game: str | None = Query(None, max_length=20, description="a game id; all when absent"),
           md5: str | None = Query(None, max_length=32, description="a file's MD5: the level with those bytes, if any"),
           limit: int = Query(100, ge=1, le=500), offset: int = Query(0, ge=0, le=1_000_000),
           session: Session = Depends(db_session)) -> list[LevelOut]:
    collection, game, md5 = collection or None, game or None, md5 or None  # "?collection=&game=": every level
    if collection is not None and collection not in COLLECTIONS:
        raise HTTPException(422, f"collection: one of {', '.join(COLLECTIONS)}")
    if game is not None and game not in games_by_id():
        raise HTTPException(422, f"game: one of {', '.join(games_by_id())}")
    if md5 is not None and not re.fullmatch(r"[0-9a-fA-F]{32}", md5):
        raise HTTPException(422, "md5: 32 hexadecimal digits")
    return list_levels(session, collection, game, limit, offset, md5=md5 and md5.lower())


@router.get("/{level_id}", response_model=LevelDetail)
def level(level_id: int = LevelId, session: Session = Depends(db_session)) -> LevelDetail:
    return level_detail(session, level_or_404(session, level_id))


@router.get("/{level_id}/file", response_class=Response,
            responses={200: {"content": {"application/octet-stream": {}}, "description": "the file as uploaded"}})
async def level_file(request: Request, level_id: int = LevelId) -> Response:
    """The level's bytes exactly as uploaded (files never change, so each process caches them)."""
    cache = request.app.state.files
    found = cache.get(level_id)
    if found is None:
        found = await run_in_threadpool(_read_file, request.app, level_id)
        cache.put(level_id, found)
    data, filename, md5 = found
    return Response(data, media_type="application/octet-stream",
                    headers={"Content-Disposition": content_disposition(filename), "ETag": f'"{md5}"'})


def content_disposition(filename: str) -> str:
    """``attachment`` with the name as uploaded: plain ASCII as is, any other name percent-encoded
    (RFC 6266's ``filename*``) after an ASCII stand-in, since a header carries only Latin-1."""
    plain = "".join(ch if " " <= ch <= "~" and ch not in '"\\' else "_" for ch in filename)
    if plain == filename:
        return f'attachment; filename="{filename}"'
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(filename, safe='')}"


def _read_file(app, level_id: int) -> tuple[bytes, str, str]:
    with app.state.sessions() as session:
        row = session.execute(select(Level.data, Level.filename, Level.md5).where(Level.id == level_id)).first()
    if row is None:
        raise HTTPException(404, f"no level has the id {level_id}")
    return bytes(row.data), row.filename, row.md5


@router.get("/{level_id}/image.png", response_class=Response,
            responses={200: {"content": {"image/png": {}}, "description": "the level drawn"}})
def level_image(request: Request, level_id: int = LevelId,
                size: str = Query("full", pattern="^(full|thumb)$", description="full, or thumb for lists"),
                session: Session = Depends(db_session)) -> Response:
    level = level_or_404(session, level_id)
    md5, filename, data = level.md5, level.filename, level.data
    session.rollback()  # no connection held while the picture is drawn
    try:
        png = request.app.state.renderer.png(md5, filename, data, size)
    except RendererBusy as busy:
        raise busy_error(str(busy)) from None
    if png is None:
        raise HTTPException(503, "the picture of this level could not be drawn")
    return Response(png, media_type="image/png", headers={"Cache-Control": "public, max-age=86400"})


@router.patch("/{level_id}", response_model=LevelDetail)
def edit_level(edit: LevelEdit, level_id: int = LevelId, account: Account = Depends(signed_in),
               session: Session = Depends(db_session)) -> LevelDetail:
    """The author changes the title or description (the file itself never changes)."""
    level = _own_level(session, level_id, account)
    if edit.title is not None:
        level.title = edit.title or level.title
    if edit.description is not None:
        level.description = edit.description
    level.updated_at = utcnow()
    session.commit()
    return level_detail(session, level)


@router.post("/{level_id}/withdraw", response_model=LevelDetail)
def withdraw(level_id: int = LevelId, account: Account = Depends(signed_in),
             session: Session = Depends(db_session)) -> LevelDetail:
    """The author takes their level out of triage or official (it stays downloadable by id)."""
    level = _own_level(session, level_id, account)
    level.collection = WITHDRAWN
    level.updated_at = utcnow()
    session.commit()
    return level_detail(session, level)


def _own_level(session: Session, level_id: int, account: Account) -> Level:
    level = level_or_404(session, level_id)
    if level.author_id != account.id:
        raise HTTPException(403, "only the level's author may change it")
    return level
