"""Online with friends (issue 32): each game's chat and whether its spectators may write in it; a bot standing in
for an absent person; a clock per game (its time per move, the current decision's deadline, whether its seat
was reminded); the game's rematch.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),  # increasing: a game's lines in order
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),  # null: a spectator, or the server itself
        sa.Column("role", sa.String(16), nullable=False),  # "seat", "spectator" or "server"
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),  # the game's seq when it was said: a replay shows it there
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_game_id", "chat", ["game_id", "id"])
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("clock", sa.Integer, nullable=True))  # seconds a person has for a decision
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("reminded", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))  # the id of the game's rematch
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("played_by", sa.String(32), nullable=True))  # a bot standing in for a person


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("played_by")
    with op.batch_alter_table("games") as batch:
        for column in ("rematch", "reminded", "deadline", "clock", "spectator_chat"):
            batch.drop_column(column)
    op.drop_index("ix_chat_game_id", "chat")
    op.drop_table("chat")
