"""Game review, hints and the analysis board (issue 35): the position an analysis game starts from (secret: it
holds hidden cards), where it comes from, whether the game gives hints, and the reviews computed for a game (kept
so that they are not computed again).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        # The state an analysis game starts from (JSON; null: Game.new from the seed) and its origin (JSON:
        # {"what_if", "from", "at", "seat"}; null: an ordinary game); whether the game gives hints.
        batch.add_column(sa.Column("position", sa.Text, nullable=True))
        batch.add_column(sa.Column("origin", sa.Text, nullable=True))
        batch.add_column(sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "reviews",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        # "game": a finished game's review; "seat:<n>:<k>": a seat's own first k decisions, during the game.
        sa.Column("scope", sa.String(40), primary_key=True),
        sa.Column("review", sa.Text, nullable=False),  # the review as JSON (paxpamir.agents.review)
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
    with op.batch_alter_table("games") as batch:
        for column in ("hints", "origin", "position"):
            batch.drop_column(column)
