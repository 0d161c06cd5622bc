"""Where the browser table keeps its games: each game as its record (options, seats, actions) with the
table's secret chance key, which never leaves the server.

Any SQLAlchemy URL works; the default is an SQLite file, written with a full sync on every commit, so an
action the server has acknowledged survives a crash or a restart. Actions are rows appended in the same
transaction that moves the game's version on, and the version is checked in that transaction, so two
writers can never both extend the same position.

Writes go through one writer thread that commits whatever has queued up meanwhile in one transaction (a
group commit): a sync to disk costs milliseconds, so committing each move alone would cap the whole server
at a few hundred moves a second. Each write's caller waits on its own future, answered only once the
transaction holding it is on disk; if a batch fails, its writes are retried one by one, so only the bad
one fails.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from sqlalchemy import Engine, Update, bindparam, create_engine, delete, event, func, insert, select, update

from nutbox.web.db import actions, as_json, migrate, reviews, tables
from nutbox.web.listen import notify
from nutbox.web.seats import Seat
from nutbox.web.settings import TableSettings

CHANCE_ACTOR = -1  # an action's stored actor when chance drew it (the code says None)


class StaleVersion(Exception):
    """The game moved on since the request was made."""


@dataclass
class StoredTable:
    id: str
    game: str
    rules_version: str
    options: dict[str, Any]
    chance_key: bytes
    seats: list[Seat]
    settings: TableSettings
    version: int = 0
    finished: bool = False
    actions: list[str] = field(default_factory=list)
    actors: list[int | None] = field(default_factory=list)  # the seat that decided each action; None: chance
    moved: float | None = None  # when the last action was stored


Write = Callable[[Any], None]  # a change made on a connection inside a transaction


@dataclass
class ReviewRow:
    """A finished game's review as stored (web/reviews.py): its status, progress and, once done, its result."""

    table_id: str
    status: str  # "queued", "running", "done" or "failed"
    done: int
    total: int
    result: str | None  # the review as JSON text, once done
    requested_by: str | None  # the profile that asked for it
    created: float
    updated: float


class ReviewChanged(Exception):
    """A review's row was not in the state a change expected (another process took it, or it moved on)."""


class Store:
    def __init__(self, url: str) -> None:
        self.engine: Engine = create_engine(url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _durable_sqlite)
        migrate(self.engine)
        self._queue: queue.Queue[tuple[Write, Future[None]] | None] = queue.Queue()
        self._writer = threading.Thread(target=self._write_batches, name="nutbox-store", daemon=True)
        self._writer.start()

    # --- reading ----------------------------------------------------------------------------------------------
    def load(self, table_id: str) -> StoredTable | None:
        with self.engine.connect() as db:
            row = db.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
            if row is None:
                return None
            moves = db.execute(
                select(actions.c.text, actions.c.actor).where(actions.c.table_id == table_id).order_by(actions.c.number)
            ).all()
        return StoredTable(
            row["id"], row["game"], row["rules_version"], as_json(row["options"]), bytes.fromhex(row["chance_key"]),
            [Seat.from_json(seat) for seat in as_json(row["seats"])], TableSettings.from_json(as_json(row["settings"])),
            row["version"], row["finished"], [m.text for m in moves],
            [None if m.actor == CHANCE_ACTOR else m.actor for m in moves], row["moved"],
        )

    def unfinished(self) -> list[str]:
        with self.engine.connect() as db:
            return list(db.scalars(select(tables.c.id).where(tables.c.finished.is_(False))))

    def count(self) -> int:
        with self.engine.connect() as db:
            return int(db.scalar(select(func.count()).select_from(tables)) or 0)

    def review(self, table_id: str) -> ReviewRow | None:
        with self.engine.connect() as db:
            row = db.execute(select(reviews).where(reviews.c.table_id == table_id)).mappings().first()
        return None if row is None else ReviewRow(**row)

    def reviews_left(self) -> list[ReviewRow]:
        """The reviews queued or under way when a server stopped, oldest first."""
        with self.engine.connect() as db:
            rows = db.execute(select(reviews).where(reviews.c.status.in_(("queued", "running")))
                              .order_by(reviews.c.created)).mappings().all()
        return [ReviewRow(**row) for row in rows]

    # --- writing: each returns a future answered once the change is on disk -----------------------------------
    def create(self, table: StoredTable) -> Future[None]:
        seats, settings = [seat.to_json() for seat in table.seats], table.settings.to_json()

        def write(db: Any) -> None:
            db.execute(
                insert(tables).values(
                    id=table.id, game=table.game, rules_version=table.rules_version, options=table.options,
                    chance_key=table.chance_key.hex(), seats=seats, settings=settings,
                    version=table.version, finished=table.finished, created=time.time(), moved=time.time(),
                    listed=table.settings.listed, rated=table.settings.rated,
                )
            )
            _insert_actions(db, table.id, 0, list(table.actions), list(table.actors))

        return self._submit(write)

    def append(self, table_id: str, version: int, first: int, texts: list[str], actors: list[int | None],
               finished: bool, at: float, also: Write | None = None, settings: TableSettings | None = None
               ) -> Future[None]:
        """Add actions `first`, `first + 1`, ... and move the version on from `version` (else StaleVersion);
        `also`: more to write in the same transaction (a finished game's results); `settings`: the table's
        settings, where they changed with the actions."""
        more = {} if settings is None else {"settings": settings.to_json(), "rated": settings.rated}

        def write(db: Any) -> None:
            _advance(db, table_id, version, finished=finished, moved=at, **more)
            _insert_actions(db, table_id, first, texts, actors)
            if also is not None:
                also(db)

        return self._submit(write)

    def truncate(self, table_id: str, version: int, keep: int, at: float, settings: TableSettings | None = None
                 ) -> Future[None]:
        """Drop every action after the first `keep` (an undo) and move the version on (with the table's settings,
        where they changed)."""
        more = {} if settings is None else {"settings": settings.to_json()}

        def write(db: Any) -> None:
            _advance(db, table_id, version, moved=at, **more)
            db.execute(delete(actions).where(actions.c.table_id == table_id, actions.c.number >= keep))

        return self._submit(write)

    def set_seats(self, table_id: str, version: int, seats: list[Seat], settings: TableSettings,
                  also: Write | None = None, finished: bool = False) -> Future[None]:
        """Who sits where (bots, seat keys, invitations) and the table's notes; the version moves on. `also`:
        more to write in the same transaction (a profile taking a seat, a finished game's results)."""
        stored_seats, stored_settings = [seat.to_json() for seat in seats], settings.to_json()
        listed, rated = settings.listed, settings.rated

        def write(db: Any) -> None:
            _advance(db, table_id, version, seats=stored_seats, settings=stored_settings, listed=listed, rated=rated,
                     finished=finished)
            if also is not None:
                also(db)

        return self._submit(write)

    def add_review(self, row: ReviewRow) -> Future[None]:
        """A new review's row (refused by the database if the table has one already)."""
        values = dict(vars(row))

        def write(db: Any) -> None:
            db.execute(insert(reviews).values(**values))

        return self._submit(write)

    def set_review(self, table_id: str, only_if: dict[str, Any] | None = None, **changes: Any) -> Future[None]:
        """Change a review's row; with `only_if`, only while its columns hold those values (else ReviewChanged:
        another process took it, or it moved on)."""
        condition = [reviews.c.table_id == table_id,
                     *(reviews.c[name] == value for name, value in (only_if or {}).items())]

        def write(db: Any) -> None:
            if db.execute(update(reviews).where(*condition).values(**changes)).rowcount != 1:
                raise ReviewChanged(f"the review of table {table_id} changed meanwhile")

        return self._submit(write)

    def close(self) -> None:
        """Finish the queued writes, then stop the writer."""
        self._queue.put(None)
        self._writer.join(timeout=30)

    def write(self, write: Write) -> Future[None]:
        """Any other change, in the same order and group commits as the games' (web/people.py)."""
        return self._submit(write)

    def _submit(self, write: Write) -> Future[None]:
        done: Future[None] = Future()
        self._queue.put((write, done))
        return done

    def _write_batches(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            while True:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self._queue.put(None)  # stop after this batch
                    break
                batch.append(item)
            try:
                with self.engine.begin() as db:
                    for write, _ in batch:
                        write(db)
            except Exception:
                for write, done in batch:
                    try:
                        with self.engine.begin() as db:
                            write(db)
                    except Exception as error:
                        done.set_exception(error)
                    else:
                        done.set_result(None)
            else:
                for _, done in batch:
                    done.set_result(None)


# The statements of every move, made once with their parameters left open: building a statement and working out
# its cache key cost SQLAlchemy more than running it (bench: a stored move's CPU, SQLite).
_INSERT_ACTIONS = insert(actions)


@cache
def _advancing(columns: tuple[str, ...]) -> Update:
    """Moves a table at a version (`at_id`, `at_version`) to the next (`next_version`), setting these columns too
    (each from the parameter `new_` + its name)."""
    return (update(tables)
            .where(tables.c.id == bindparam("at_id"), tables.c.version == bindparam("at_version"))
            .values(version=bindparam("next_version"),
                    **{column: bindparam(f"new_{column}", type_=tables.c[column].type) for column in columns}))


def _advance(db: Any, table_id: str, version: int, **changes: Any) -> None:
    values = {f"new_{column}": value for column, value in changes.items()}
    moved = db.execute(_advancing(tuple(sorted(changes))),
                       {"at_id": table_id, "at_version": version, "next_version": version + 1, **values})
    if moved.rowcount != 1:
        raise StaleVersion(f"table {table_id} is no longer at version {version}")
    notify(db, f"table {table_id} {version + 1}")


def _insert_actions(db: Any, table_id: str, first: int, texts: list[str], actors: list[int | None]) -> None:
    if texts:
        db.execute(
            _INSERT_ACTIONS,
            [
                {"table_id": table_id, "number": first + i, "text": text,
                 "actor": CHANCE_ACTOR if actor is None else actor}
                for i, (text, actor) in enumerate(zip(texts, actors, strict=True))
            ],
        )


def _durable_sqlite(connection: Any, _record: Any) -> None:
    # WAL lets readers go on while a move is written; FULL syncs the log at every commit, so an
    # acknowledged move is on disk even if the machine loses power.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()

