"""Intricacy's metagame (studio/games/intricacy/metagame.py holds its rules): players under
codenames, the locks they put in their three slots, and the notes that declare solutions.

Rows are only ever added, and a lock only ever changes by being retired, so the rules' state
is rebuilt from these rows on each request. ``IntricacyTurn`` is one row that every change
updates first: that update serialises changes across threads and processes (a row lock on
PostgreSQL, the write lock on SQLite), so each is judged on the state it changes.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, LargeBinary, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from studio.server.models.base import Base, utcnow


class IntricacyPlayer(Base):
    __tablename__ = "intricacy_players"

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), unique=True)
    codename: Mapped[str] = mapped_column(String(3), unique=True)  # three capitals: unique ignoring case
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class IntricacyLock(Base):
    __tablename__ = "intricacy_locks"
    # ``active_slot`` is the slot while the lock is in it, NULL once retired: unique per owner,
    # so a slot holds one lock (NULLs never clash, on SQLite and PostgreSQL alike).
    __table_args__ = (UniqueConstraint("owner_id", "active_slot", name="uq_intricacy_locks_owner_slot"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("intricacy_players.id", ondelete="CASCADE"), index=True)
    slot: Mapped[int] = mapped_column(Integer)
    active_slot: Mapped[int | None] = mapped_column(Integer, nullable=True)
    data: Mapped[bytes] = mapped_column(LargeBinary)  # the .lock file as served: without its solution line
    solution: Mapped[str] = mapped_column(Text)  # the owner's solution, verified when placed; never served
    placed_at: Mapped[datetime] = mapped_column(default=utcnow)
    retired_at: Mapped[datetime | None] = mapped_column(nullable=True)

    @property
    def retired(self) -> bool:
        return self.active_slot is None


class IntricacyNote(Base):
    """A declared solution of ``lock_id`` secured behind the author's ``behind_lock_id``."""

    __tablename__ = "intricacy_notes"
    __table_args__ = (UniqueConstraint("author_id", "lock_id", name="uq_intricacy_notes_author_lock"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    author_id: Mapped[int] = mapped_column(ForeignKey("intricacy_players.id", ondelete="CASCADE"), index=True)
    lock_id: Mapped[int] = mapped_column(ForeignKey("intricacy_locks.id", ondelete="CASCADE"), index=True)
    behind_lock_id: Mapped[int] = mapped_column(ForeignKey("intricacy_locks.id", ondelete="CASCADE"), index=True)
    solution: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class IntricacyTurn(Base):
    """The one row (id 1) that each metagame change updates first; ``count`` counts changes."""

    __tablename__ = "intricacy_turns"

    id: Mapped[int] = mapped_column(primary_key=True)
    count: Mapped[int] = mapped_column(Integer, default=0)
