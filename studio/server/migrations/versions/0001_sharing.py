"""Accounts, tokens, levels, ratings, comments, speedruns, rate-limit events.

Revision ID: 0001_sharing
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001_sharing"
down_revision = None
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("moderator", sa.Boolean, nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_accounts"),
        sa.UniqueConstraint("name", name="uq_accounts_name"),
        sa.UniqueConstraint("name_key", name="uq_accounts_name_key"),
    )
    op.create_table(
        "tokens",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("account_id", sa.Integer, nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("token_hash", name="pk_tokens"),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], name="fk_tokens_account_id_accounts",
                                ondelete="CASCADE"),
    )
    op.create_index("ix_tokens_account_id", "tokens", ["account_id"])
    op.create_table(
        "levels",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("filename", sa.String(100), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("description", sa.Text, nullable=False),
        sa.Column("author_id", sa.Integer, nullable=False),
        sa.Column("md5", sa.String(32), nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("collection", sa.String(20), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_levels"),
        sa.ForeignKeyConstraint(["author_id"], ["accounts.id"], name="fk_levels_author_id_accounts"),
        sa.UniqueConstraint("md5", name="uq_levels_md5"),
    )
    op.create_index("ix_levels_game", "levels", ["game"])
    op.create_index("ix_levels_author_id", "levels", ["author_id"])
    op.create_index("ix_levels_collection", "levels", ["collection"])
    op.create_table(
        "ratings",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("level_id", sa.Integer, nullable=False),
        sa.Column("account_id", sa.Integer, nullable=False),
        sa.Column("difficulty", sa.Integer, nullable=False),
        sa.Column("style", sa.Integer, nullable=False),
        sa.Column("cooked", sa.Boolean, nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_ratings"),
        sa.ForeignKeyConstraint(["level_id"], ["levels.id"], name="fk_ratings_level_id_levels", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], name="fk_ratings_account_id_accounts"),
        sa.UniqueConstraint("level_id", "account_id", name="uq_ratings_level_account"),
    )
    op.create_index("ix_ratings_level_id", "ratings", ["level_id"])
    op.create_table(
        "comments",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("level_id", sa.Integer, nullable=False),
        sa.Column("account_id", sa.Integer, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_comments"),
        sa.ForeignKeyConstraint(["level_id"], ["levels.id"], name="fk_comments_level_id_levels", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], name="fk_comments_account_id_accounts"),
    )
    op.create_index("ix_comments_level_id", "comments", ["level_id"])
    op.create_table(
        "speedruns",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("level_id", sa.Integer, nullable=False),
        sa.Column("account_id", sa.Integer, nullable=False),
        sa.Column("length", sa.Integer, nullable=False),
        sa.Column("solution", sa.Text, nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_speedruns"),
        sa.ForeignKeyConstraint(["level_id"], ["levels.id"], name="fk_speedruns_level_id_levels", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], name="fk_speedruns_account_id_accounts"),
        sa.UniqueConstraint("level_id", "account_id", name="uq_speedruns_level_account"),
    )
    op.create_index("ix_speedruns_level_id", "speedruns", ["level_id"])
    op.create_table(
        "rate_events",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("account_id", sa.Integer, nullable=True),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_rate_events"),
    )
    op.create_index("ix_rate_events_kind_account", "rate_events", ["kind", "account_id", "at"])
    op.create_index("ix_rate_events_kind_address", "rate_events", ["kind", "address", "at"])


def downgrade() -> None:
    for table in ("rate_events", "speedruns", "comments", "ratings", "levels", "tokens", "accounts"):
        op.drop_table(table)
