"""Accounts and sign-in: ``POST /api/accounts``, ``POST /api/sessions``, ``DELETE /api/sessions``,
``GET /api/accounts/me``, ``PUT /api/accounts/me/password``."""

from __future__ import annotations

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from studio.server.auth import bearer_token, hash_password, new_token, password_matches, signed_in, token_digest
from studio.server.deps import client_address, db_session
from studio.server.limits import release, reserve
from studio.server.models import Account, Token
from studio.server.schemas import AccountOut, Credentials, PasswordChange, SessionOut

router = APIRouter(prefix="/api", tags=["accounts"])

# Compared against when the name is unknown, so a wrong name takes as long as a wrong password.
_DUMMY_HASH = hash_password("not a password of anyone")
FAILED_SIGN_IN = "failed sign-in"


@router.post("/accounts", status_code=201, response_model=AccountOut)
def register(credentials: Credentials, request: Request, session: Session = Depends(db_session)) -> AccountOut:
    """A new account; every attempt from an address counts against its hourly limit, a taken
    name too (it is refused before the password is hashed)."""
    config = request.app.state.config
    reserve(session, "account", None, client_address(request), None, config.accounts_per_hour)
    taken = HTTPException(409, f"the name {credentials.name!r} is taken")
    if session.scalar(select(Account.id).where(Account.name_key == credentials.name.lower())) is not None:
        raise taken
    account = Account(name=credentials.name, name_key=credentials.name.lower(),
                      password_hash=hash_password(credentials.password), moderator=False)
    session.add(account)
    try:
        session.commit()
    except IntegrityError:  # registered by another request since the look above
        session.rollback()
        raise taken from None
    return AccountOut(id=account.id, name=account.name, moderator=account.moderator)


@router.post("/sessions", response_model=SessionOut)
def sign_in(credentials: Credentials, request: Request, session: Session = Depends(db_session)) -> SessionOut:
    """A token for the account. Each try is counted as a failure before the password is
    checked (an Argon2 hash), per address and per account, and taken back when it succeeds."""
    account = session.scalar(select(Account).where(Account.name_key == credentials.name.lower()))
    check_password(session, request, account, credentials.password, "wrong name or password")
    token = new_token(session, account)
    session.commit()
    return SessionOut(token=token, name=account.name, moderator=account.moderator)


def check_password(session: Session, request: Request, account: Account | None, password: str, wrong: str) -> None:
    """401 ``wrong`` unless ``password`` is the account's; 429 past the limits of failures."""
    config = request.app.state.config
    attempt = reserve(session, FAILED_SIGN_IN, account.id if account else None, client_address(request),
                      None, config.failed_sign_ins_per_hour, backoff_after=config.free_failed_sign_ins)
    matches = password_matches(account.password_hash if account else _DUMMY_HASH, password)
    if account is None or not matches:
        raise HTTPException(401, wrong)
    release(session, attempt)


@router.delete("/sessions", status_code=204)
def sign_out(request: Request, account: Account = Depends(signed_in), session: Session = Depends(db_session)):
    session.execute(delete(Token).where(Token.token_hash == token_digest(bearer_token(request))))
    session.commit()
    return Response(status_code=204)


@router.get("/accounts/me", response_model=AccountOut)
def me(account: Account = Depends(signed_in)) -> AccountOut:
    return AccountOut(id=account.id, name=account.name, moderator=account.moderator)


@router.put("/accounts/me/password", status_code=204)
def change_password(change: PasswordChange, request: Request, account: Account = Depends(signed_in),
                    session: Session = Depends(db_session)):
    """A new password, given the current one; every other token of the account is signed out."""
    check_password(session, request, account, change.password, "the current password is wrong")
    account = session.get(Account, account.id)
    account.password_hash = hash_password(change.new_password)
    session.execute(delete(Token).where(Token.account_id == account.id,
                                        Token.token_hash != token_digest(bearer_token(request))))
    session.commit()
    return Response(status_code=204)
