"""Alembic migrations of the server's schema, run automatically when the server starts (:func:`upgrade`)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.engine import Engine

HERE = Path(__file__).resolve().parent
#: An arbitrary constant: the PostgreSQL advisory lock that lets only one process migrate at a time.
MIGRATION_LOCK = 7_240_517_330


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest schema (creating it if empty); safe to run from several processes."""
    config = Config()
    config.set_main_option("script_location", str(HERE))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
