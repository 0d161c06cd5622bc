"""The browser table's database: every table of it, and bringing an existing database up to date.

The schema is made and changed only by Alembic migrations (nutbox/web/migrations), run on `nutbox serve`, so
a database from any earlier release upgrades in place, SQLite or PostgreSQL alike. The tables below mirror
what the migrations make (a test compares them), for the queries to be written against.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
    inspect,
    text,
)

metadata = MetaData()
tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("rules_version", String(20), nullable=False),
    Column("options", JSON, nullable=False),
    Column("chance_key", String(64), nullable=False),  # hex; chance is derived from it (web/chance.py)
    # per seat: {"kind": "human" | a bot level, "human": bool, "key": hash of the seat key or None,
    # "invite": the open invitation or None, "profile": the profile sitting there or None}; only hashes of
    # keys, so a copy of the database seats nobody
    Column("seats", JSON, nullable=False),
    Column("settings", JSON, nullable=False),  # timer, timeout rule, handover bot, creator (a hash), notes
    Column("version", Integer, nullable=False),  # moves on with every change, so a stale request is seen
    Column("finished", Boolean, nullable=False, default=False),
    Column("created", Float, nullable=False),
    Column("moved", Float),  # when the last action was stored: a turn's clock runs from here
    Column("listed", Boolean, nullable=False, server_default=false()),  # open: shown in the lobby
    Column("rated", Boolean, nullable=False, server_default=false()),
)
actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("text", Text, nullable=False),
    Column("actor", Integer, nullable=False),  # the seat that decided it, or -1 for chance
)
profiles = Table(
    "profiles",
    metadata,
    Column("id", String(16), primary_key=True),  # public: it names the profile in links and leaderboards
    Column("name", String(40), nullable=False),
    Column("key_hash", String(64), nullable=False, unique=True),  # SHA-256 of the profile's key
    Column("key_version", Integer, nullable=False, server_default=text("0")),  # one more each time it changes
    Column("created", Float, nullable=False),
    Column("webhook", String(500)),  # POSTed {"event": "your_turn", ...} when a turn of theirs starts
    Column("site", String(200)),  # the address they use the site at, for the links a webhook carries
)
profile_links = Table(  # one-time links that put a profile on another device
    "profile_links",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("profile_id", String(16), ForeignKey("profiles.id"), nullable=False),
    Column("wrapped", String(128), nullable=False),  # the profile key, readable only with the link's token
    Column("expires", Float, nullable=False),
)
devices = Table(  # each browser holding a profile: its cookie opens the profile's key, sealed for it alone
    "devices",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # SHA-256 of the browser's cookie
    Column("id", String(16), nullable=False, unique=True),  # public: names the device on the profile page
    Column("profile_id", String(16), ForeignKey("profiles.id"), nullable=False),
    Column("sealed", String(128), nullable=False),  # the profile's key, readable only with the cookie
    Column("key_version", Integer, nullable=False),  # which of the profile's keys it seals
    Column("label", String(80), nullable=False),  # "Chrome on Android", from the browser's own User-Agent
    Column("created", Float, nullable=False),
    Column("seen", Float, nullable=False),  # to the hour
    Index("devices_by_profile", "profile_id"),
)
profile_keys = Table(  # a profile's keys after the first: each sealed with the one before (see people.py)
    "profile_keys",
    metadata,
    Column("profile_id", String(16), ForeignKey("profiles.id"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("sealed", String(128), nullable=False),
)
invite_codes = Table(  # what `nutbox serve --invite-only` asks for before a profile is made
    "invite_codes",
    metadata,
    Column("code_hash", String(64), primary_key=True),
    Column("uses_left", Integer, nullable=False),
    Column("created", Float, nullable=False),
)
memberships = Table(  # which profile sat at which seat, and how it ended for them
    "memberships",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("profile_id", String(16), ForeignKey("profiles.id"), nullable=False),
    Column("joined", Float, nullable=False),
    Column("place", Integer),  # 1 for the winners, once the game is over
    Column("result", String(200)),  # the end in words, from the seat's point of view
    Column("rating_before", Integer),  # the rating shown before and after the game, at a rated table
    Column("rating_after", Integer),
    Index("memberships_by_profile", "profile_id"),
)
chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("channel", String(10), nullable=False),  # "seats" (everyone reads) or "spectators" (they alone)
    Column("seat", Integer),
    Column("profile_id", String(16)),
    Column("author", String(40), nullable=False),  # the name shown when it was said
    Column("text", String(500), nullable=False),
    Column("time", Float, nullable=False),
    Index("chat_by_table", "table_id", "id"),
)
ratings = Table(  # openskill ratings, one per game and player count
    "ratings",
    metadata,
    Column("subject", String(40), primary_key=True),  # a profile's id, or "bot:LEVEL"
    Column("game", String(40), primary_key=True),
    Column("players", Integer, primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)
reviews = Table(  # a finished game's review (web/reviews.py): one per table, worked out once, kept
    "reviews",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("status", String(10), nullable=False),  # "queued", "running", "done" or "failed"
    Column("done", Integer, nullable=False),  # decisions judged so far ...
    Column("total", Integer, nullable=False),  # ... of how many (0 until the review starts)
    Column("result", Text),  # the review as JSON (nutbox.review.Review.to_json), once done
    Column("requested_by", String(16)),  # the profile that asked for it, or None
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),  # the last change (progress is written every few seconds)
    Index("reviews_by_status", "status"),
)

MIGRATIONS = Path(__file__).parent / "migrations"
FIRST = "0001"  # the schema of the releases before migrations (tables and actions)


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema. A database from before migrations is first brought to the
    first revision's schema by hand (its chance keys and hashed secrets), then marked as at that revision."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        names = set(inspect(connection).get_table_names())
        if "tables" in names and "alembic_version" not in names:
            _before_migrations(connection)
            command.stamp(config, FIRST)
        command.upgrade(config, "head")


def _before_migrations(db: Any) -> None:
    """Databases written before tables had chance keys: each unfinished table gets a fresh key (what was
    already drawn is in its actions) and seat secrets are kept only as hashes."""
    from nutbox.web.chance import new_key
    from nutbox.web.seats import bot_seat, digest, human_seat

    columns = {column["name"] for column in inspect(db).get_columns("tables")}
    if "seed" not in columns:
        return
    db.execute(text("ALTER TABLE tables ADD COLUMN chance_key VARCHAR(64)"))
    for row in db.execute(text("SELECT id, seats FROM tables")).mappings().all():
        seats = [
            {**human_seat(digest(seat["secret"]) if seat.get("secret") else None).to_json(), "kind": seat["kind"]}
            if seat.get("human") else bot_seat(seat["kind"]).to_json()
            for seat in as_json(row["seats"])
        ]
        db.execute(text("UPDATE tables SET chance_key = :key, seats = :seats WHERE id = :id"),
                   {"key": new_key().hex(), "seats": json.dumps(seats), "id": row["id"]})
    db.execute(text("ALTER TABLE tables DROP COLUMN seed"))


def as_json(value: Any) -> Any:
    """A JSON column's value (SQLite hands some back as text)."""
    return json.loads(value) if isinstance(value, str) else value
