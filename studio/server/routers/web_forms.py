"""The web pages' forms: sign in and out, rate a level (and call it cooked), comment on it.

A page's session is a sign-in token like the API's, kept in an HttpOnly, Secure,
SameSite=Lax cookie. Every form carries a CSRF token that must equal the one in a cookie of
its own (a double submit: another site can neither read that cookie nor set it), and a
request whose Origin (or Referer) is another site is refused. Each form posts back and is
answered by a redirect to the page, with what was done said there.
"""

from __future__ import annotations

import hmac
from urllib.parse import parse_qs, urlsplit

from fastapi import APIRouter, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import RedirectResponse
from pydantic import ValidationError
from sqlalchemy import delete, select

from studio.server.auth import new_token, token_digest
from studio.server.models import Account, Token
from studio.server.queries import level_or_404
from studio.server.routers.accounts import check_password
from studio.server.routers.feedback import post_comment, save_rating
from studio.server.routers.levels import LevelId
from studio.server.schemas import Credentials, RatingIn
from studio.server.web import CSRF_COOKIE, SESSION_COOKIE, page, web_account

router = APIRouter(include_in_schema=False)
MAX_FORM_BYTES = 16_384


async def read_form(request: Request) -> dict[str, str]:
    """The posted form's fields, after the CSRF and origin checks (403 in words when they fail)."""
    origin = request.headers.get("origin") or request.headers.get("referer") or ""
    if origin and urlsplit(origin).netloc != request.headers.get("host", ""):
        raise HTTPException(403, "this form was sent from another site")
    body = await request.body()
    if len(body) > MAX_FORM_BYTES:
        raise HTTPException(413, "the form is too large")
    fields = {name: values[-1] for name, values in parse_qs(body.decode("utf-8", "replace")).items()}
    expected = request.cookies.get(CSRF_COOKIE, "")
    if not expected or not hmac.compare_digest(expected, fields.get("csrf", "")):
        raise HTTPException(403, "the form has expired or was not sent from this site's page: "
                                 "reload the page and send it again")
    return fields


def back_to(request: Request, path: str, done: str = "") -> RedirectResponse:
    target = path + (f"?done={done}" if done else "")
    return RedirectResponse(target, status_code=303)


@router.get("/sign-in")
def sign_in_page(request: Request, next: str = "/"):
    return page(request, "sign_in.html", next=local_path(next))


@router.post("/sign-in")
async def sign_in(request: Request):
    fields = await read_form(request)
    target = local_path(fields.get("next", "/"))
    try:
        credentials = Credentials(name=fields.get("name", ""), password=fields.get("password", ""))
    except ValidationError:
        return page(request, "sign_in.html", 401, next=target, error="wrong name or password")

    def check():
        with request.app.state.sessions() as session:
            account = session.scalar(select(Account).where(Account.name_key == credentials.name.lower()))
            check_password(session, request, account, credentials.password, "wrong name or password")
            token = new_token(session, account)
            session.commit()
            return token

    try:
        token = await run_in_threadpool(check)
    except HTTPException as refused:
        return page(request, "sign_in.html", refused.status_code, next=target, error=refused.detail)
    response = RedirectResponse(target, status_code=303)
    days = request.app.state.config.token_days
    response.set_cookie(SESSION_COOKIE, token, max_age=int(days * 86400), httponly=True, secure=True,
                        samesite="lax", path="/")
    return response


@router.post("/sign-out")
async def sign_out(request: Request):
    await read_form(request)
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        def forget():
            with request.app.state.sessions() as session:
                session.execute(delete(Token).where(Token.token_hash == token_digest(token)))
                session.commit()
        await run_in_threadpool(forget)
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


@router.post("/levels/{level_id}/rate")
async def rate(request: Request, level_id: int = LevelId):
    fields = await read_form(request)
    try:
        rating = RatingIn(difficulty=int(fields.get("difficulty", "0")), style=int(fields.get("style", "0")),
                          cooked=fields.get("cooked") == "on")
    except (ValueError, ValidationError):
        raise HTTPException(422, "difficulty and style are each 1 to 10") from None

    def save():
        with request.app.state.sessions() as session:
            account = signed_in_for_form(request, session, level_id)
            save_rating(session, level_id, account, rating)
    await run_in_threadpool(save)
    return back_to(request, f"/levels/{level_id}", "rated")


@router.post("/levels/{level_id}/comment")
async def comment(request: Request, level_id: int = LevelId):
    fields = await read_form(request)
    text = fields.get("text", "").replace("\r\n", "\n")
    if "\x00" in text or len(text) > 2_000:
        raise HTTPException(422, "a comment is at most 2,000 characters, with no NUL")

    def post():
        with request.app.state.sessions() as session:
            account = signed_in_for_form(request, session, level_id)
            post_comment(session, request, level_id, account, text)
    await run_in_threadpool(post)
    return back_to(request, f"/levels/{level_id}", "commented")


def signed_in_for_form(request: Request, session, level_id: int) -> Account:
    level_or_404(session, level_id)
    account = web_account(request, session)
    if account is None:
        raise HTTPException(401, "sign in first (your session may have expired)")
    return account


def local_path(target: str) -> str:
    """Where to go back to after signing in: a path on this site, never another site."""
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target
