"""The browser table on a real PostgreSQL (a throwaway cluster started here): the migrations make the schema the
code uses, a PostgreSQL database from the release before profiles upgrades in place, and the social story of
test_people.py runs on it as it does on SQLite."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from pgcluster import binaries
from sqlalchemy import create_engine, insert, text
from table_client import fresh_database
from test_people import (  # noqa: F401 (the same tests, on PostgreSQL: see `database` below)
    site,
    test_a_rated_game_lost_on_time_by_forfeit_ends_and_moves_both_ratings,
    test_chat_is_plain_limited_and_the_spectators_talk_among_themselves,
    test_two_people_meet_in_the_lobby_and_my_games_lists_the_table_for_both,
    the_old_tables_play_on,
)

from nutbox.web.db import MIGRATIONS, actions, metadata, migrate, tables

pytestmark = pytest.mark.skipif(binaries() is None, reason="PostgreSQL is not installed (./run test installs it)")
DATA = Path(__file__).parent / "data"


@pytest.fixture
def database(postgres: str) -> str:
    """A fresh database in the module's cluster, for each test (the tests imported above use it too)."""
    return fresh_database(postgres)


def test_the_migrations_make_on_postgresql_the_schema_the_code_uses(database: str) -> None:
    engine = create_engine(database)
    migrate(engine)
    with engine.connect() as db:
        assert compare_metadata(MigrationContext.configure(db), metadata) == []
    engine.dispose()


def test_a_postgresql_database_from_the_release_before_profiles_upgrades_in_place(database: str,
                                                                                  tmp_path: Path) -> None:
    """The previous release made its tables with exactly revision 0001's schema and kept no alembic_version; its
    rows are copied from the database that release wrote (tests/web/data)."""
    engine = create_engine(database)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as db:
        config.attributes["connection"] = db
        command.upgrade(config, "0001")
        db.execute(text("DROP TABLE alembic_version"))
    shutil.copy(DATA / "nutbox-before-profiles.sqlite3", tmp_path / "old.sqlite3")
    old = sqlite3.connect(tmp_path / "old.sqlite3")
    old.row_factory = sqlite3.Row
    with engine.begin() as db:
        for row in old.execute("SELECT * FROM tables"):
            db.execute(insert(tables).values({**dict(row), "finished": bool(row["finished"])}))
        db.execute(insert(actions), [dict(row) for row in old.execute("SELECT * FROM actions")])
    old.close()
    engine.dispose()
    the_old_tables_play_on(database)
