"""Alembic's entry: migrations run on the connection nutbox.web.db.migrate hands over."""

from alembic import context

from nutbox.web.db import metadata

context.configure(connection=context.config.attributes["connection"], target_metadata=metadata,
                  render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
