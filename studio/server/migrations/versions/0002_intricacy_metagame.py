"""Intricacy's metagame: players (codenames), locks in slots, notes, and the turn row.

Revision ID: 0002_intricacy_metagame
Revises: 0001_sharing
"""

import sqlalchemy as sa
from alembic import op

revision = "0002_intricacy_metagame"
down_revision = "0001_sharing"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "intricacy_players",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("account_id", sa.Integer, nullable=False),
        sa.Column("codename", sa.String(3), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_intricacy_players"),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], name="fk_intricacy_players_account_id_accounts",
                                ondelete="CASCADE"),
        sa.UniqueConstraint("account_id", name="uq_intricacy_players_account_id"),
        sa.UniqueConstraint("codename", name="uq_intricacy_players_codename"),
    )
    op.create_table(
        "intricacy_locks",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("owner_id", sa.Integer, nullable=False),
        sa.Column("slot", sa.Integer, nullable=False),
        sa.Column("active_slot", sa.Integer, nullable=True),
        sa.Column("data", sa.LargeBinary, nullable=False),
        sa.Column("solution", sa.Text, nullable=False),
        sa.Column("placed_at", WHEN, nullable=False),
        sa.Column("retired_at", WHEN, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_intricacy_locks"),
        sa.ForeignKeyConstraint(["owner_id"], ["intricacy_players.id"],
                                name="fk_intricacy_locks_owner_id_intricacy_players", ondelete="CASCADE"),
        sa.UniqueConstraint("owner_id", "active_slot", name="uq_intricacy_locks_owner_slot"),
    )
    op.create_index("ix_intricacy_locks_owner_id", "intricacy_locks", ["owner_id"])
    op.create_table(
        "intricacy_notes",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("author_id", sa.Integer, nullable=False),
        sa.Column("lock_id", sa.Integer, nullable=False),
        sa.Column("behind_lock_id", sa.Integer, nullable=False),
        sa.Column("solution", sa.Text, nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_intricacy_notes"),
        sa.ForeignKeyConstraint(["author_id"], ["intricacy_players.id"],
                                name="fk_intricacy_notes_author_id_intricacy_players", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["lock_id"], ["intricacy_locks.id"],
                                name="fk_intricacy_notes_lock_id_intricacy_locks", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["behind_lock_id"], ["intricacy_locks.id"],
                                name="fk_intricacy_notes_behind_lock_id_intricacy_locks", ondelete="CASCADE"),
        sa.UniqueConstraint("author_id", "lock_id", name="uq_intricacy_notes_author_lock"),
    )
    op.create_index("ix_intricacy_notes_author_id", "intricacy_notes", ["author_id"])
    op.create_index("ix_intricacy_notes_lock_id", "intricacy_notes", ["lock_id"])
    op.create_index("ix_intricacy_notes_behind_lock_id", "intricacy_notes", ["behind_lock_id"])
    turns = op.create_table(
        "intricacy_turns",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("count", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_intricacy_turns"),
    )
    op.bulk_insert(turns, [{"id": 1, "count": 0}])


def downgrade() -> None:
    for table in ("intricacy_turns", "intricacy_notes", "intricacy_locks", "intricacy_players"):
        op.drop_table(table)
