"""Alembic environment: migrations run on the connection ``zedlab.web.store.migrate`` gives."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through zedlab.web.store.migrate(engine)")
context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
