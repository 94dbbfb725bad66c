"""Players of Escape's own client: a web id bound to an account and to the client's two
secret numbers, which every RPC of the client sends (kept as a SHA-256, as tokens are)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from studio.server.models.base import Base, utcnow


class EscapePlayer(Base):
    __tablename__ = "escape_players"

    id: Mapped[int] = mapped_column(primary_key=True)  # the client's web id
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), unique=True)
    secret_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
