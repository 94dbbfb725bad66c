"""Uploaded levels: the file's exact bytes, its game, its collection."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, LargeBinary, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from studio.server.models.base import Base, utcnow

TRIAGE, OFFICIAL, WITHDRAWN = "triage", "official", "withdrawn"
COLLECTIONS = (TRIAGE, OFFICIAL, WITHDRAWN)


class Level(Base):
    __tablename__ = "levels"

    id: Mapped[int] = mapped_column(primary_key=True)
    game: Mapped[str] = mapped_column(String(20), index=True)
    filename: Mapped[str] = mapped_column(String(100))
    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    author_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    # Unique: the same file uploaded twice is refused (Escape's player files key solutions by it).
    md5: Mapped[str] = mapped_column(String(32), unique=True)
    data: Mapped[bytes] = mapped_column(LargeBinary)
    size: Mapped[int] = mapped_column(Integer)
    collection: Mapped[str] = mapped_column(String(20), index=True, default=TRIAGE)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
