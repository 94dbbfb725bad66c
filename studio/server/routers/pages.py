"""The server's web pages (Jinja2, rendered on the server): the collections and a page per
level with its picture, ratings, speedrun table, comments and download link."""

from __future__ import annotations


from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from sqlalchemy import select
from sqlalchemy.orm import Session

from studio.core.game import all_games
from studio.server.deps import db_session
from studio.server.models import COLLECTIONS, Rating
from studio.server.queries import comments_of, level_detail, level_or_404, list_levels, speedrun_table
from studio.server.routers.levels import LevelId
from studio.server.web import page, web_account

router = APIRouter(include_in_schema=False)

BLURBS = {
    "triage": "New levels. Every one was verified on upload: its solution wins. Rate them and comment.",
    "official": "The best levels, chosen by the moderators from triage.",
    "withdrawn": "Levels their authors took back (still downloadable).",
}


@router.get("/", response_class=HTMLResponse)
def home() -> RedirectResponse:
    return RedirectResponse("/collections/triage", status_code=303)


@router.get("/collections/{collection}", response_class=HTMLResponse)
def collection(request: Request, collection: str, game: str | None = Query(None, max_length=20),
               session: Session = Depends(db_session)) -> HTMLResponse:
    games = all_games()
    if collection not in COLLECTIONS or (game and game not in {g.id for g in games}):
        return page(request, "error.html", 404, status="Not found",
                    message=f"There is no collection called {collection!r} with levels of {game!r}." if game
                    else f"There is no collection called {collection!r}.")
    return page(request, "collection.html", session=session, collection=collection, blurb=BLURBS[collection], games=games,
                game_names={g.id: g.name for g in games}, levels=list_levels(session, collection, game, 500, 0))


@router.get("/levels/{level_id}", response_class=HTMLResponse)
def level_page(request: Request, level_id: int = LevelId, session: Session = Depends(db_session)) -> HTMLResponse:
    level = level_or_404(session, level_id)
    names = {g.id: g.name for g in all_games()}
    done = {"rated": "Your rating is saved.", "commented": "Your comment is posted."}.get(request.query_params.get("done"))
    viewer = web_account(request, session)
    mine = viewer and session.scalar(select(Rating).where(Rating.level_id == level_id, Rating.account_id == viewer.id))
    games = {g.id: g for g in all_games()}
    playable = level.game in games and games[level.game].web_scene is not None  # the browser runs its rules
    return page(request, "level.html", viewer=viewer, level=level_detail(session, level), done=done, mine=mine,
                game_name=names.get(level.game, level.game), speedruns=speedrun_table(session, level_id),
                comments=comments_of(session, level_id), playable=playable)
