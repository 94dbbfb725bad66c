"""Verified solutions: each player's shortest per level; the shortest of all is the record."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from studio.server.models.base import Base, utcnow


class Speedrun(Base):
    __tablename__ = "speedruns"
    __table_args__ = (UniqueConstraint("level_id", "account_id", name="uq_speedruns_level_account"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    level_id: Mapped[int] = mapped_column(ForeignKey("levels.id", ondelete="CASCADE"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    length: Mapped[int] = mapped_column(Integer)  # moves, as the game counts them in the solution
    solution: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
