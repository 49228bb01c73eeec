"""Wakhan's variants (issue 15): a comma-separated list of variant names, empty for the rulebook Wakhan."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("wakhan_variants", sa.String(200), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("wakhan_variants")
