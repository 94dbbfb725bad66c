"""Escape's own client: its players, a rating's rigidity and solved mark, spoiler comments.

Revision ID: 0003_escape_client
Revises: 0002_intricacy_metagame
"""

import sqlalchemy as sa
from alembic import op

revision = "0003_escape_client"
down_revision = "0002_intricacy_metagame"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "escape_players",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("account_id", sa.Integer, nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_escape_players"),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], name="fk_escape_players_account_id_accounts",
                                ondelete="CASCADE"),
        sa.UniqueConstraint("account_id", name="uq_escape_players_account_id"),
    )
    with op.batch_alter_table("ratings") as table:
        table.add_column(sa.Column("rigidity", sa.Integer, nullable=True))
        table.add_column(sa.Column("solved", sa.Boolean, nullable=True))
    with op.batch_alter_table("comments") as table:
        table.add_column(sa.Column("spoiler", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("comments") as table:
        table.drop_column("spoiler")
    with op.batch_alter_table("ratings") as table:
        table.drop_column("solved")
        table.drop_column("rigidity")
    op.drop_table("escape_players")
