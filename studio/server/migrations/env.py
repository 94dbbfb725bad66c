"""Alembic's environment: migrations run on the connection ``database.migrate`` passes in
(``config.attributes["connection"]``), never on a URL of their own."""

from alembic import context

from studio.server.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
