"""Alembic environment: migrate the connection handed over by :func:`paxpamir.server.migrations.upgrade`."""

from __future__ import annotations

from alembic import context

from paxpamir.server.store import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the server always passes its connection
    raise RuntimeError("run migrations through paxpamir.server.migrations.upgrade(engine)")
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
