"""Accounts and sign-in: ``POST /api/accounts``, ``POST /api/sessions``, ``DELETE /api/sessions``,
``GET /api/accounts/me``."""

from __future__ import annotations

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from studio.server.auth import bearer_token, hash_password, new_token, password_matches, signed_in, token_digest
from studio.server.deps import client_address, db_session
from studio.server.limits import check_rate, record_action, refuse
from studio.server.models import Account, Token
from studio.server.schemas import AccountOut, Credentials, SessionOut

router = APIRouter(prefix="/api", tags=["accounts"])

# Compared against when the name is unknown, so a wrong name takes as long as a wrong password.
_DUMMY_HASH = hash_password("not a password of anyone")


@router.post("/accounts", status_code=201, response_model=AccountOut)
def register(credentials: Credentials, request: Request, session: Session = Depends(db_session)) -> AccountOut:
    config = request.app.state.config
    address = client_address(request)
    check_rate(session, "account", None, address, 0, config.accounts_per_hour)
    record_action(session, "account", None, address)
    account = Account(name=credentials.name, name_key=credentials.name.lower(),
                      password_hash=hash_password(credentials.password), moderator=False)
    session.add(account)
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        raise HTTPException(409, f"the name {credentials.name!r} is taken") from None
    return AccountOut(id=account.id, name=account.name, moderator=account.moderator)


@router.post("/sessions", response_model=SessionOut)
def sign_in(credentials: Credentials, request: Request, session: Session = Depends(db_session)) -> SessionOut:
    address = client_address(request)
    limit = request.app.state.config.failed_sign_ins_per_hour
    check_rate(session, "failed sign-in", None, address, 0, limit)
    account = session.scalar(select(Account).where(Account.name_key == credentials.name.lower()))
    if not password_matches(account.password_hash if account else _DUMMY_HASH, credentials.password) or account is None:
        refuse(session, "failed sign-in", None, address, 401, "wrong name or password")
    token = new_token(session, account)
    session.commit()
    return SessionOut(token=token, name=account.name, moderator=account.moderator)


@router.delete("/sessions", status_code=204)
def sign_out(request: Request, account: Account = Depends(signed_in), session: Session = Depends(db_session)):
    session.execute(delete(Token).where(Token.token_hash == token_digest(bearer_token(request))))
    session.commit()
    return Response(status_code=204)


@router.get("/accounts/me", response_model=AccountOut)
def me(account: Account = Depends(signed_in)) -> AccountOut:
    return AccountOut(id=account.id, name=account.name, moderator=account.moderator)
