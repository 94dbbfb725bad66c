"""Escape's own client on this server (../shared/docs/escape-protocol.md): "Get more levels"
(``/COLLECTIONS``, ``/<collection>.txt``, ``/<collection>/<md5[:2]>/<md5[2:]>``), the
upgrade check that never offers a new binary, and the RPCs under ``/f/a/escape/``
(register, upload, upsol, rate, comment, ping, deletefromgame). Every RPC answers status
200 with ``ok …`` or ``fail <words>``, as the client reads them; uploads, speed records,
ratings and comments go through the JSON API's own code, its checks and limits included."""

from __future__ import annotations

import re

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from fastapi.concurrency import run_in_threadpool
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from studio.games.escape.esp import decode_solution, moves_to_text
from studio.core.errors import LevelFormatError
from studio.server.deps import client_address, db_session
from studio.server.escape_client import (
    COLLECTION_NAMES, NO_RECORD, Refusal, account_name, collections_text, index_text, multipart_fields, number,
    player_account, safe_name, secret_digest, upgrade_text,
)
from studio.server.limits import reserve
from studio.server.models import Account, EscapePlayer, Level, Rating, Speedrun
from studio.server.models.base import utcnow
from studio.server.models.levels import WITHDRAWN
from studio.server.routers.feedback import post_comment
from studio.server.routers.levels import games_by_id, store_level
from studio.server.routers.speedruns import record_speedrun

router = APIRouter(include_in_schema=False)
RPC = "/f/a/escape"
NO_PASSWORD = "!escape-client"  # no Argon2 hash matches it: the account signs in from the game only
PLATFORMS = ("linux", "win32", "macosx")


def _text(text: str) -> Response:
    return Response(text.encode("utf-8"), media_type="text/plain")


def _answer(work) -> Response:
    """``ok <what work returns>``, or ``fail <why>`` for a refusal the API would give in words."""
    try:
        said = work()
    except Refusal as refusal:
        return _text(f"fail {refusal}\n")
    except HTTPException as error:
        return _text(f"fail {error.detail}\n")
    return _text(f"ok {said}\n" if said else "ok\n")


def _level(session: Session, fields: dict) -> Level:
    md5 = str(fields.get("md", "")).strip().lower()
    if not re.fullmatch(r"[0-9a-f]{32}", md5):
        raise Refusal("the field md must be a level's MD5 (32 hexadecimal digits)")
    level = session.scalar(select(Level).where(Level.md5 == md5, Level.game == "escape"))
    if level is None:
        raise Refusal("no such level on this server")
    return level


# -- the update protocol --------------------------------------------------------------------------
@router.get("/COLLECTIONS")
def collections() -> Response:
    return _text(collections_text())


@router.get("/{platform}/UPGRADE")
def upgrade(platform: str) -> Response:
    if platform not in PLATFORMS:
        raise HTTPException(404, f"no platform is called {platform!r}")
    return _text(upgrade_text())


@router.get("/{collection}.txt")
def collection_index(collection: str, session: Session = Depends(db_session)) -> Response:
    if collection not in COLLECTION_NAMES:
        raise HTTPException(404, f"no collection is called {collection!r}")
    return _text(index_text(session, collection))


@router.get("/{collection}/{head}/{rest}")
def level_bytes(collection: str, head: str, rest: str, session: Session = Depends(db_session)) -> Response:
    md5 = (head + rest).lower()
    if collection not in COLLECTION_NAMES or len(head) != 2 or not re.fullmatch(r"[0-9a-f]{32}", md5):
        raise HTTPException(404, "no such file")
    data = session.scalar(select(Level.data).where(Level.md5 == md5, Level.game == "escape",
                                                   Level.collection == collection))
    if data is None:
        raise HTTPException(404, f"no level of {collection} has the MD5 {md5}")
    return Response(bytes(data), media_type="application/octet-stream")


# -- the RPCs --------------------------------------------------------------------------------------
@router.get(f"{RPC}/register")
def register(request: Request, session: Session = Depends(db_session)) -> Response:
    """A player of the client: a new account (its name made unique: -2, -3…) bound to the
    client's two secret numbers; answers ``ok <web id>``."""
    fields = dict(request.query_params)

    def work() -> str:
        digest = secret_digest(number(fields, "seql"), number(fields, "seqh"))
        wanted = fields.get("name", "").strip()
        if not wanted or len(wanted) > 200 or not wanted.isprintable():
            raise Refusal("the player needs a name of printable characters")
        config = request.app.state.config
        reserve(session, "account", None, client_address(request), None, config.accounts_per_hour)
        for attempt in range(3):  # another registration may take the name between look and write
            name = account_name(wanted, lambda name: session.scalar(
                select(Account.id).where(Account.name_key == name.lower())) is not None)
            account = Account(name=name, name_key=name.lower(), password_hash=NO_PASSWORD, moderator=False)
            session.add(account)
            try:
                session.flush()
                player = EscapePlayer(account_id=account.id, secret_hash=digest)
                session.add(player)
                session.commit()
                return str(player.id)
            except IntegrityError:
                session.rollback()
        raise Refusal("the server is busy registering others: try again")
    return _answer(work)


async def _posted(request: Request, act) -> Response:
    """A multipart RPC by a registered player: ``act(session, account, fields, files)``, run
    off the event loop, gives the text after ``ok``."""
    try:
        fields, files = multipart_fields(request.headers.get("content-type", ""), await request.body())
    except Refusal as refusal:
        return _text(f"fail {refusal}\n")

    def work() -> str:
        with request.app.state.sessions() as session:
            return act(session, player_account(session, fields), fields, files)
    return await run_in_threadpool(_answer, work)


def _solution(files: dict) -> str:
    try:
        return moves_to_text(decode_solution(files.get("sol", b"")))
    except (LevelFormatError, ValueError) as error:
        raise Refusal(f"the solution file is damaged: {error}") from None


@router.post(f"{RPC}/upload")
async def upload(request: Request) -> Response:
    """A level and its solution from the level list (Ctrl-U): verified and stored as the JSON
    API's upload is, in triage; the message becomes its description."""
    def stored(session: Session, account: Account, fields: dict, files: dict) -> str:
        if not files.get("lev"):
            raise Refusal("the upload has no level file")
        solution = _solution(files)
        level = store_level(session, request, account, games_by_id()["escape"], "upload.esx", files["lev"],
                            solution, description=fields.get("text", "").strip()[:2000])
        level.filename = safe_name(level.title, "level") + ".esx"
        session.commit()
        return f"uploaded as level {level.id}"
    return await _posted(request, stored)


@router.post(f"{RPC}/upsol")
async def upload_solution(request: Request) -> Response:
    """A speed record offered after a rating: played and kept as any speedrun is."""
    def recorded(session: Session, account: Account, fields: dict, files: dict) -> str:
        result = record_speedrun(session, request, account, _level(session, fields), _solution(files))
        return f"{result.length} moves" + (", the record" if result.record else "")
    return await _posted(request, recorded)


def _about_level(request: Request, session: Session, act) -> Response:
    """An RPC about one level (``md``) by a registered player: ``act(account, level, fields)``
    gives the text after ``ok``."""
    fields = dict(request.query_params)
    return _answer(lambda: act(player_account(session, fields), _level(session, fields), fields))


@router.get(f"{RPC}/rate")
def rate(request: Request, session: Session = Depends(db_session)) -> Response:
    """The player's rating (changeable); answers the level's best solution length."""
    def rated(account: Account, level: Level, fields: dict) -> str:
        values = {name: number(fields, name, 0, 10) for name in ("diff", "style", "rigid")}
        cooked, solved = number(fields, "cooked", 0, 1), number(fields, "solved", 0, 1)
        level_id = level.id
        for attempt in range(2):  # two first ratings of one player racing: the loser updates
            mine = session.scalar(select(Rating).where(Rating.level_id == level_id, Rating.account_id == account.id))
            if mine is None:
                mine = Rating(level_id=level_id, account_id=account.id)
                session.add(mine)
            mine.difficulty, mine.style, mine.rigidity = values["diff"], values["style"], values["rigid"]
            mine.cooked, mine.solved, mine.updated_at = bool(cooked), bool(solved), utcnow()
            try:
                session.commit()
                break
            except IntegrityError:
                session.rollback()
        best = session.scalar(select(func.min(Speedrun.length)).where(Speedrun.level_id == level_id))
        return str(best if best is not None else NO_RECORD)
    return _about_level(request, session, rated)


@router.get(f"{RPC}/ping")
def ping(request: Request, session: Session = Depends(db_session)) -> Response:
    """Asked before the comment form opens: does the level exist here?"""
    return _about_level(request, session, lambda account, level, fields: "level exists!")


@router.get(f"{RPC}/comment")
def comment(request: Request, session: Session = Depends(db_session)) -> Response:
    """A comment (``spoiler=1``: it gives part of the solution away), within the API's limits."""
    def posted(account: Account, level: Level, fields: dict) -> str:
        spoiler = bool(number(fields, "spoiler", 0, 1)) if fields.get("spoiler") else False
        stored = post_comment(session, request, level.id, account, fields.get("comment", ""), spoiler=spoiler)
        return f"added comment #{stored.id}"
    return _about_level(request, session, posted)


@router.get(f"{RPC}/deletefromgame")
def delete_from_game(request: Request, session: Session = Depends(db_session)) -> Response:
    """The author takes their level out of the collections (withdrawn, as on the web)."""
    def withdrawn(account: Account, level: Level, fields: dict) -> str:
        if level.author_id != account.id:
            raise Refusal("only the level's author may take it out of the collections")
        level.collection, level.updated_at = WITHDRAWN, utcnow()
        session.commit()
        return "withdrawn"
    return _about_level(request, session, withdrawn)
