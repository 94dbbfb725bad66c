"""What the server's web pages share: their templates, the signed-in viewer from the session
cookie, and the CSRF token every form carries (routers/pages.py shows the pages,
routers/web_forms.py takes their forms)."""

from __future__ import annotations

import secrets
from pathlib import Path

from fastapi import HTTPException, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from studio.server.auth import account_of_token
from studio.server.models import COLLECTIONS, Account

templates = Jinja2Templates(directory=str(Path(__file__).resolve().parent / "templates"))
SESSION_COOKIE = "studio_session"
CSRF_COOKIE = "studio_csrf"


def page(request: Request, template: str, code: int = 200, session=None, viewer: Account | None = None,
         **values) -> HTMLResponse:
    """The template rendered with the collections, the signed-in viewer (given, or looked up
    when a database ``session`` is given) and the CSRF token for its forms (its cookie set if new)."""
    csrf, new = csrf_token(request)
    if viewer is None and session is not None:
        viewer = web_account(request, session)
    response = templates.TemplateResponse(
        request, template, {"collections": COLLECTIONS, "csrf": csrf, "viewer": viewer, **values}, status_code=code)
    if new:
        set_csrf_cookie(response, csrf)
    return response


def csrf_token(request: Request) -> tuple[str, bool]:
    """The page's CSRF token, and whether it is new (then the page sets its cookie)."""
    known = request.cookies.get(CSRF_COOKIE, "")
    return (known, False) if 20 <= len(known) <= 100 else (secrets.token_urlsafe(24), True)


def set_csrf_cookie(response, token: str) -> None:
    response.set_cookie(CSRF_COOKIE, token, httponly=True, secure=True, samesite="strict", path="/")


def web_account(request: Request, session) -> Account | None:
    """The account the page's session cookie signs in, or None."""
    token = request.cookies.get(SESSION_COOKIE)
    if not token:
        return None
    try:
        return account_of_token(request, session, token)
    except HTTPException:
        return None
