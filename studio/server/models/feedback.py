"""What players say about a level: ratings (one per player, changeable) and comments."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from studio.server.models.base import Base, utcnow

RATING_RANGE = (1, 10)  # difficulty and style from the web, low to high (Escape's client sends 0-10)


class Rating(Base):
    __tablename__ = "ratings"
    __table_args__ = (UniqueConstraint("level_id", "account_id", name="uq_ratings_level_account"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    level_id: Mapped[int] = mapped_column(ForeignKey("levels.id", ondelete="CASCADE"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    difficulty: Mapped[int] = mapped_column(Integer)
    style: Mapped[int] = mapped_column(Integer)
    # "Cooked": solvable in a way the designer did not intend.
    cooked: Mapped[bool] = mapped_column(Boolean, default=False)
    # Escape's client also rates rigidity (0-10) and says whether the player solved the level.
    rigidity: Mapped[int | None] = mapped_column(Integer, nullable=True)
    solved: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class Comment(Base):
    __tablename__ = "comments"

    id: Mapped[int] = mapped_column(primary_key=True)
    level_id: Mapped[int] = mapped_column(ForeignKey("levels.id", ondelete="CASCADE"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    text: Mapped[str] = mapped_column(Text)
    spoiler: Mapped[bool] = mapped_column(Boolean, default=False)  # gives part of the solution away
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
