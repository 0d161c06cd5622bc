"""A table's seats and settings as typed rows (web/seats.py, web/settings.py, web/rows.py): a row stored by an
earlier release reads and writes back exactly as it was, and chance's actions are stored with the actor -1."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import select

from nutbox.registry import make
from nutbox.web.db import actions, as_json, tables
from nutbox.web.new_tables import new_table
from nutbox.web.seats import HUMAN, Seat
from nutbox.web.settings import Note, Rematch, TableSettings, TurnClock
from nutbox.web.store import Store

DATA = Path(__file__).parent / "data"

# what the release before typed rows wrote for a table under way, every key it knew in use
SEATS_BEFORE: list[dict[str, Any]] = [
    {"kind": "human", "human": True, "key": "a" * 64, "invite": None, "transfer": None, "name": "Ann",
     "profile": "p-ann"},
    {"kind": "easy", "human": True, "key": "b" * 64, "invite": None, "transfer": "c" * 64, "profile": None},
    {"kind": "human", "human": True, "key": None, "invite": "open-invitation", "transfer": None},
    {"kind": "hard", "human": False, "key": None, "invite": None, "transfer": None},
]
SETTINGS_BEFORE: dict[str, Any] = {
    "notes": [{"time": 1795412773.7, "text": "Player 1 took their seat"}],
    "timer": 86400, "timeout": "forfeit", "handover": "medium", "hints": False, "listed": True, "rated": False,
    "autoplay": False, "creator": "d" * 64, "clock": {"seat": 1, "since": 1795412800.5, "from": 14, "marks": [1.5]},
    "seated": 1795412790.0, "forced": [3, 7], "seen": [0], "forfeited": [1], "ended": False,
    "unrated": "a bot plays for Player 2", "again": {"table": "next", "invites": {"0": "inv-0", "2": "inv-2"}},
}


def test_a_row_from_before_reads_typed_and_writes_back_exactly_as_it_was() -> None:
    seats = [Seat.from_json(seat) for seat in SEATS_BEFORE]
    settings = TableSettings.from_json(SETTINGS_BEFORE)
    assert [seat.to_json() for seat in seats] == SEATS_BEFORE
    assert settings.to_json() == SETTINGS_BEFORE
    assert [seat.joined for seat in seats] == [True, True, False, False]
    assert [seat.handed for seat in seats] == [False, True, False, False]
    assert seats[0].name == "Ann" and seats[0].profile == "p-ann" and seats[1].profile is None
    assert settings.timer == 86400 and settings.timeout == "forfeit" and not settings.autoplay
    assert settings.clock == TurnClock(1, 1795412800.5, 14, (1.5,))
    assert settings.notes == [Note(1795412773.7, "Player 1 took their seat")]
    assert settings.again == Rematch("next", {"0": "inv-0", "2": "inv-2"})
    assert (settings.forced, settings.seen, settings.forfeited) == ([3, 7], [0], [1])


def test_absent_keys_stay_absent_and_unknown_ones_are_kept() -> None:
    """A default is never written where the row had no key (the code before read absent and default alike), and a
    key this code does not read is written back as it was."""
    for stored in ({}, {"imported": True}, {"timer": 0.0, "handover": "easy", "creator": "e" * 64, "hints": True},
                   {"rated": True, "later": {"kept": [1, 2]}}):
        assert TableSettings.from_json(stored).to_json() == stored
    seat = {"kind": "random", "human": False, "key": None, "invite": None, "transfer": None, "later": 1}
    assert Seat.from_json(seat).to_json() == seat
    assert TableSettings.from_json({}).autoplay, "absent: a person's only move is made for them, as before"


def test_what_a_table_sets_is_written_and_a_rematch_keeps_the_creators_choices() -> None:
    settings = TableSettings.from_json({"timer": 60.0, "rated": True, "listed": True, "notes": []})
    settings.rated, settings.unrated, settings.seated = False, "a bot plays for Player 1", 12.0
    assert settings.to_json() == {"timer": 60.0, "rated": False, "listed": True, "notes": [],
                                  "unrated": "a bot plays for Player 1", "seated": 12.0}
    rematch = settings.rematch()
    assert rematch.to_json() == {"timer": 60.0, "rated": True}  # a rematch is private, and rated as it was made


def test_the_database_from_before_profiles_loads_and_its_rows_write_back_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    shutil.copy(DATA / "nutbox-before-profiles.sqlite3", path)
    with sqlite3.connect(path) as db:
        found = db.execute("SELECT id, seats, settings FROM tables").fetchall()
    rows = {table_id: (as_json(seats), as_json(settings)) for table_id, seats, settings in found}
    store = Store(f"sqlite:///{path}")
    try:
        for table_id, (seats, settings) in rows.items():
            loaded = store.load(table_id)
            assert loaded is not None
            assert [seat.to_json() for seat in loaded.seats] == seats
            assert loaded.settings.to_json() == settings
            assert None in loaded.actors and -1 not in loaded.actors  # chance's actions: no seat decided them
    finally:
        store.close()


def test_chance_is_stored_as_actor_minus_one_and_read_as_none(tmp_path: Path) -> None:
    game = make("nut-hunt", {"players": 2})
    table = new_table(game, [HUMAN, "easy"], key=bytes(32))
    assert table.actors and all(actor is None for actor in table.actors)  # the setup is all chance
    store = Store(f"sqlite:///{tmp_path / 't.sqlite3'}")
    try:
        store.create(table).result()
        with store.engine.connect() as db:
            stored = db.execute(select(actions.c.actor).where(actions.c.table_id == table.id)).scalars().all()
            row = db.execute(select(tables.c.seats, tables.c.settings).where(tables.c.id == table.id)).one()
        assert set(stored) == {-1}
        assert as_json(row.seats) == [seat.to_json() for seat in table.seats]
        loaded = store.load(table.id)
        assert loaded is not None and loaded.actors == table.actors and loaded.seats == table.seats
    finally:
        store.close()
