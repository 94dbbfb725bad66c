"""Play in the browser: any uploaded level of a game with a web player (Game.web_scene) plays on
its own page, /levels/ID/play/, with the web export's player (studio/web_player) and the
studio's own engine under Brython; its sprites are drawn by the render worker (the server
never imports Qt). A signed-in player's win is sent as a speedrun, verified as the API's are."""

from __future__ import annotations

import base64
import json
from functools import lru_cache
from html import escape

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, RedirectResponse, Response
from sqlalchemy.orm import Session

from studio.core.game import game_by_id
from studio.core.web_bundle import BRYTHON_FILES, STATIC, brython_folder, package_script
from studio.server.deps import busy_error, db_session
from studio.server.middleware import PAGE_POLICY
from studio.server.models import Account
from studio.server.queries import level_or_404
from studio.server.rendering import RendererBusy
from studio.server.routers.levels import LevelId
from studio.server.routers.web_forms import read_form, signed_in_for_form
from studio.server.schemas import SpeedrunIn
from studio.server.web import csrf_token, set_csrf_cookie, web_account

router = APIRouter(include_in_schema=False)
# Brython runs the Python it compiles with new Function(): the play page alone allows it.
PLAY_POLICY = PAGE_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'")
PAGE_FILES = {"player.js": "text/javascript", "annotations.js": "text/javascript", "pieces.js": "text/javascript",
              "controls.js": "text/javascript", "player.css": "text/css", "brython_fixes.js": "text/javascript"}
CACHED = {"Cache-Control": "public, max-age=3600"}


@lru_cache(maxsize=8)
def _package(game_id: str) -> bytes:
    return package_script(game_by_id(game_id)).encode("utf-8")


def _playable(level):
    game = game_by_id(level.game)
    if game.web_scene is None:
        raise HTTPException(404, f"{game.name} levels cannot be played in a browser yet")
    return game


def _sprites(request: Request, level) -> tuple[bytes, dict]:
    try:
        found = request.app.state.renderer.sprites(level.md5, level.filename, level.data)
    except RendererBusy as busy:
        raise busy_error(str(busy)) from None
    if found is None:
        raise HTTPException(503, "the pictures of this level could not be drawn")
    return found


@router.get("/levels/{level_id}/play")
def play_redirect(level_id: int = LevelId) -> RedirectResponse:
    return RedirectResponse(f"/levels/{level_id}/play/", status_code=307)


@router.get("/levels/{level_id}/play/")
def play_page(level_id: int = LevelId, session: Session = Depends(db_session)) -> Response:
    level = level_or_404(session, level_id)
    _playable(level)
    text = (STATIC / "index.html").read_text(encoding="utf-8").replace("__TITLE__", escape(level.title or "Level"))
    text = text.replace("__ICON__", "data:,")
    return Response(text, media_type="text/html; charset=utf-8", headers={"Content-Security-Policy": PLAY_POLICY})


@router.get("/levels/{level_id}/play/game.js")
def play_manifest(request: Request, level_id: int = LevelId, session: Session = Depends(db_session)) -> Response:
    """The web player's manifest for this one level, with where and how a win is sent."""
    level = level_or_404(session, level_id)
    game = _playable(level)
    viewer = web_account(request, session)
    author_account = session.get(Account, level.author_id)
    author = author_account.name if author_account is not None else ""
    session.rollback()  # no transaction held while the sprites may be drawn
    _, sprites = _sprites(request, level)
    csrf, new = csrf_token(request)
    manifest = {
        "format": 1, "id": f"server-{level.md5}", "name": level.title or "Level", "author": author, "game": game.id,
        "icon": "", "progress_file": False, "sprites": dict(sprites, file="sprites.png"),
        "levels": [{"file": level.filename, "title": level.title or "Level", "solution": "", "hint": "",
                    "md5": level.md5, "thumbnail": f"/api/levels/{level_id}/image.png?size=thumb",
                    "data": base64.b64encode(level.data).decode("ascii")}],
        "server": {"speedrun": f"/levels/{level_id}/play/speedrun", "csrf": csrf,
                   "player": viewer.name if viewer is not None else "",
                   "sign_in": f"/sign-in?next=/levels/{level_id}/play/", "level_page": f"/levels/{level_id}"},
    }
    text = "window.studioGame = " + json.dumps(manifest).replace("</", "<\\/") + ";\n"
    response = Response(text, media_type="text/javascript", headers={"Cache-Control": "no-store"})
    if new:
        set_csrf_cookie(response, csrf)
    return response


@router.get("/levels/{level_id}/play/sprites.png")
def play_sprites(request: Request, level_id: int = LevelId, session: Session = Depends(db_session)) -> Response:
    level = level_or_404(session, level_id)
    _playable(level)
    session.rollback()
    atlas, _ = _sprites(request, level)
    return Response(atlas, media_type="image/png", headers=CACHED)


@router.get("/levels/{level_id}/play/studio.js")
def play_package(level_id: int = LevelId, session: Session = Depends(db_session)) -> Response:
    game = _playable(level_or_404(session, level_id))
    return Response(_package(game.id), media_type="text/javascript", headers=CACHED)


@router.get("/levels/{level_id}/play/{name}")
def play_file(name: str, level_id: int = LevelId) -> Response:
    """The player's own files and Brython's (the same for every level)."""
    if name in PAGE_FILES:
        return Response((STATIC / name).read_bytes(), media_type=PAGE_FILES[name], headers=CACHED)
    if name in BRYTHON_FILES:
        return Response((brython_folder() / name).read_bytes(), media_type="text/javascript", headers=CACHED)
    raise HTTPException(404, f"the play page has no file {name!r}")


@router.post("/levels/{level_id}/play/speedrun")
async def play_speedrun(request: Request, level_id: int = LevelId) -> JSONResponse:
    """A win in the page, sent as a speedrun: verified as POST /api/levels/ID/speedruns is."""
    from studio.server.routers.speedruns import submit

    fields = await read_form(request)
    solution = fields.get("solution", "")

    def send():
        with request.app.state.sessions() as session:
            account = signed_in_for_form(request, session, level_id)
            return submit(SpeedrunIn(solution=solution), request, level_id, account, session)
    try:
        result = await run_in_threadpool(send)
    except HTTPException as error:
        return JSONResponse({"detail": error.detail}, status_code=error.status_code, headers=error.headers)
    return JSONResponse(json.loads(result.model_dump_json()), status_code=201)
