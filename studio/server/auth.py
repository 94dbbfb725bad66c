"""Passwords (Argon2 hashes), bearer tokens, and the request's signed-in account."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Depends, HTTPException, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy import select
from sqlalchemy.orm import Session

from studio.server.deps import db_session
from studio.server.models import Account, Token
from studio.server.models.base import as_utc, utcnow

_hasher = PasswordHasher()
# Declares the bearer token in the OpenAPI description (and /docs's "Authorize"); ``signed_in``
# reads the header itself, so a missing or malformed one gets its own 401 in words.
BEARER = HTTPBearer(auto_error=False, scheme_name="bearerToken",
                    description="the token from POST /api/sessions")


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def password_matches(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def new_token(session: Session, account: Account) -> str:
    token = secrets.token_urlsafe(32)
    session.add(Token(token_hash=token_digest(token), account_id=account.id))
    return token


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def signed_in(request: Request, session: Session = Depends(db_session),
              _declared: HTTPAuthorizationCredentials | None = Depends(BEARER)) -> Account:
    """The account of the request's bearer token; 401 without a valid one."""
    token = bearer_token(request)
    if token is None:
        raise HTTPException(401, "sign in first: send 'Authorization: Bearer TOKEN' (POST /api/sessions gives one)",
                            headers={"WWW-Authenticate": "Bearer"})
    return account_of_token(request, session, token)


def account_of_token(request: Request, session: Session, token: str) -> Account:
    """The account a token signs in (a bearer token, or a web page's session cookie); 401 for
    one never issued, signed out, or older than the server's ``token_days``."""
    found = session.execute(select(Account, Token.created_at).join(Token, Token.account_id == Account.id)
                            .where(Token.token_hash == token_digest(token))).first()
    if found is None:
        raise HTTPException(401, "the token is not valid (signed out, or never issued): sign in again",
                            headers={"WWW-Authenticate": "Bearer"})
    account, issued = found
    days = request.app.state.config.token_days
    if as_utc(issued) + timedelta(days=days) < utcnow():
        raise HTTPException(401, f"the token has expired (a token signs in for {days:g} days): sign in again",
                            headers={"WWW-Authenticate": "Bearer"})
    return account
