"""The Intricacy metagame's state as the rules model sees it, rebuilt from the database, and the
codename an account plays under.

The rules live in ``studio.games.intricacy.metagame``; this module only moves rows in and out.
Every change first takes the turn (``take_turn``), then rebuilds the state, asks the model to
play the action (which refuses what the rules forbid) and stores the rows that result.
"""

from __future__ import annotations

from fastapi import HTTPException
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from studio.games.intricacy.metagame import LockRecord, Metagame, MetagameError, Note, normal_codename
from studio.server.models import Account
from studio.server.models.intricacy import IntricacyLock, IntricacyNote, IntricacyPlayer, IntricacyTurn

REGISTER_HINT = "register a codename first: PUT /api/intricacy/codename {\"codename\": \"ABC\"}"


def take_turn(session: Session) -> None:
    """Serialise this change with every other: hold the turn row until the commit."""
    session.execute(update(IntricacyTurn).where(IntricacyTurn.id == 1).values(count=IntricacyTurn.count + 1))


def load_game(session: Session) -> tuple[Metagame, dict[int, str]]:
    """The rules' state, and each player's codename by player id. Notes are read before locks
    and locks before players: rows are only added, so whatever a note names is found."""
    notes = session.execute(select(IntricacyNote.id, IntricacyNote.author_id, IntricacyNote.lock_id,
                                   IntricacyNote.behind_lock_id, IntricacyNote.solution)).all()
    locks = session.execute(select(IntricacyLock.id, IntricacyLock.owner_id, IntricacyLock.slot,
                                   IntricacyLock.active_slot)).all()
    players = session.execute(select(IntricacyPlayer.id, IntricacyPlayer.codename).order_by(IntricacyPlayer.id)).all()
    codenames = {row.id: row.codename for row in players}
    game = Metagame.from_records(
        [row.codename for row in players],
        [LockRecord(row.id, codenames[row.owner_id], row.slot, row.active_slot is None) for row in locks],
        [Note(row.id, codenames[row.author_id], row.lock_id, row.behind_lock_id, row.solution) for row in notes],
    )
    return game, codenames


def refused(error: MetagameError) -> HTTPException:
    return HTTPException(409, str(error))


def own_name_codename(account: Account) -> str | None:
    """The account's own name as a codename when it is three letters."""
    try:
        return normal_codename(account.name)
    except MetagameError:
        return None


def find_player(session: Session, account: Account) -> IntricacyPlayer | None:
    return session.scalar(select(IntricacyPlayer).where(IntricacyPlayer.account_id == account.id))


def player_of(session: Session, account: Account) -> IntricacyPlayer:
    """The account's player: registered already, or now under its own three-letter name;
    403 when it has to register a codename first."""
    player = find_player(session, account)
    if player is not None:
        return player
    codename = own_name_codename(account)
    if codename is None:
        raise HTTPException(403, f"your account name {account.name!r} is not three letters: {REGISTER_HINT}")
    return _add_player(session, account, codename,
                       f"the codename {codename} (your account name) is taken by another player: {REGISTER_HINT}")


def register_codename(session: Session, account: Account, wanted: str) -> IntricacyPlayer:
    """``PUT codename``: once per account, three letters, unique ignoring case; an account
    whose name is three letters plays under that name, unless another player took it first
    (an account made after that player registered it)."""
    try:
        codename = normal_codename(wanted)
    except MetagameError as error:
        raise HTTPException(422, f"codename: {error}") from None
    player = find_player(session, account)
    if player is not None:
        if player.codename != codename:
            raise HTTPException(409, f"your codename is {player.codename}: a codename is registered once")
        return player
    own = own_name_codename(account)
    if own is not None and own != codename and not _taken(session, own):
        raise HTTPException(409, f"your codename is your account name, {own}")
    other = session.scalar(select(Account.id).where(Account.name_key == codename.lower(), Account.id != account.id))
    if other is not None:
        raise HTTPException(409, f"the codename {codename} is another account's name")
    return _add_player(session, account, codename, f"the codename {codename} is taken (codenames ignore case)")


def _add_player(session: Session, account: Account, codename: str, taken: str) -> IntricacyPlayer:
    take_turn(session)
    player = find_player(session, account)  # registered meanwhile by another request of the account
    if player is not None:
        session.rollback()
        return player
    if _taken(session, codename):
        session.rollback()
        raise HTTPException(409, taken)
    player = IntricacyPlayer(account_id=account.id, codename=codename)
    session.add(player)
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        raise HTTPException(409, taken) from None
    return player


def _taken(session: Session, codename: str) -> bool:
    return session.scalar(select(IntricacyPlayer.id).where(IntricacyPlayer.codename == codename)) is not None
