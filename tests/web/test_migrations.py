"""The schema the migrations make is the one the code is written against (nutbox/web/db.py)."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from nutbox.web.db import metadata, migrate


def test_the_migrations_make_exactly_the_schema_the_code_uses(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'fresh.sqlite3'}")
    migrate(engine)
    with engine.connect() as db:
        differences = compare_metadata(MigrationContext.configure(db), metadata)
    assert differences == []
    migrate(engine)  # a second start finds nothing to do
    assert "alembic_version" in inspect(engine).get_table_names()
