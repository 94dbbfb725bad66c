"""Rate-limit bookkeeping, kept in the database so every server process sees the same counts."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from studio.server.models.base import Base, utcnow


class RateEvent(Base):
    """One counted action (an upload tried, a comment, an account made) by an account and an address."""

    __tablename__ = "rate_events"
    __table_args__ = (
        Index("ix_rate_events_kind_account", "kind", "account_id", "at"),
        Index("ix_rate_events_kind_address", "kind", "address", "at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    address: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(default=utcnow)
