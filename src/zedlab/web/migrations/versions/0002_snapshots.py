"""Snapshots: a game's encoded state every so many steps, with the events since the last;
a game's revision (how many times it was stored).

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("revision", sa.Integer, nullable=False,
                                     server_default="0"))
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("rules_version", sa.Integer, nullable=False),
        sa.Column("seq_from", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("state", sa.LargeBinary, nullable=False),
        sa.Column("events", sa.LargeBinary, nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
    op.drop_column("games", "revision")
