"""A secret deck (issue 29): 64-bit seeds kept as decimal text, and whether the creator chose the seed."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.alter_column("seed", type_=sa.String(24), existing_type=sa.BigInteger, existing_nullable=False,
                           postgresql_using="seed::text")
        # Games from before cannot say whether their seed was given; they count as secret.
        batch.add_column(sa.Column("secret", sa.Boolean, nullable=False, server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("secret")
        batch.alter_column("seed", type_=sa.BigInteger, existing_type=sa.String(24), existing_nullable=False,
                           postgresql_using="seed::bigint")
