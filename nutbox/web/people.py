"""What the site keeps of people: profiles, who sat where, the chat, ratings; read and written through the
table store (writes in its group commits, so a reply is sent only once what it says is on disk).

A profile is known to its browser by a secret key (an HttpOnly cookie); the server keeps only its hash.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, delete, func, insert, select, update

from nutbox.web.db import chat, invite_codes, memberships, profile_links, profiles, ratings, tables
from nutbox.web.listen import notify
from nutbox.web.seats import digest
from nutbox.web.store import Store

Write = Callable[[Any], None]


@dataclass(frozen=True)
class Profile:
    id: str
    name: str
    webhook: str | None = None
    site: str | None = None


@dataclass(frozen=True)
class Membership:
    """A seat a profile holds, with its table's row (the live state is the hub's)."""

    table_id: str
    seat: int
    game: str
    finished: bool
    moved: float | None
    created: float
    rated: bool
    place: int | None
    result: str | None


@dataclass(frozen=True)
class Said:
    """One line of a table's chat."""

    id: int
    channel: str
    seat: int | None
    author: str
    text: str
    time: float

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "channel": self.channel, "seat": self.seat, "author": self.author,
                "text": self.text, "time": self.time}


class TooFast(ValueError):
    """A line of chat over its speaker's limit: nothing was stored."""


class People:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # --- profiles ---------------------------------------------------------------------------------------------
    def create_profile(self, name: str, key: str, at: float) -> tuple[Profile, Future[None]]:
        profile = Profile(secrets.token_urlsafe(9), name)
        row = {"id": profile.id, "name": name, "key_hash": digest(key), "created": at}
        return profile, self.store.write(lambda db: db.execute(insert(profiles).values(**row)))

    def profile(self, key: str | None) -> Profile | None:
        """The profile whose key this is (None for none or a wrong one)."""
        if not key or len(key) > 200:
            return None
        with self.engine.connect() as db:
            row = db.execute(select(profiles).where(profiles.c.key_hash == digest(key))).mappings().first()
        return None if row is None else Profile(row["id"], row["name"], row["webhook"], row["site"])

    def profile_by_id(self, profile_id: str) -> Profile | None:
        with self.engine.connect() as db:
            row = db.execute(select(profiles).where(profiles.c.id == profile_id)).mappings().first()
        return None if row is None else Profile(row["id"], row["name"], row["webhook"], row["site"])

    def names(self, ids: list[str]) -> dict[str, str]:
        if not ids:
            return {}
        with self.engine.connect() as db:
            rows = db.execute(select(profiles.c.id, profiles.c.name).where(profiles.c.id.in_(ids))).all()
        return {row.id: row.name for row in rows}

    def update_profile(self, profile_id: str, **fields: Any) -> Future[None]:
        """Change a profile's name, webhook or site."""
        return self.store.write(lambda db: db.execute(update(profiles).where(profiles.c.id == profile_id)
                                                      .values(**fields)))

    def add_link(self, token: str, profile_id: str, wrapped: str, expires: float) -> Future[None]:
        row = {"token_hash": digest(token), "profile_id": profile_id, "wrapped": wrapped, "expires": expires}
        return self.store.write(lambda db: db.execute(insert(profile_links).values(**row)))

    def link(self, token: str, now: float) -> tuple[str, str] | None:
        """An unexpired one-time profile link: its profile's id and the wrapped key."""
        if len(token) > 200:
            return None
        with self.engine.connect() as db:
            row = db.execute(select(profile_links).where(profile_links.c.token_hash == digest(token),
                                                         profile_links.c.expires > now)).mappings().first()
        return None if row is None else (row["profile_id"], row["wrapped"])

    def use_link(self, token: str, now: float) -> Future[None]:
        """A one-time link is spent (and every expired one with it); ValueError if it was spent meanwhile (two
        devices taking the same link at once: only one gets the profile)."""
        def spend(db: Any) -> None:
            if db.execute(delete(profile_links).where(profile_links.c.token_hash == digest(token))).rowcount != 1:
                raise ValueError("this link has been used")
            db.execute(delete(profile_links).where(profile_links.c.expires <= now))

        return self.store.write(spend)

    def add_invite_code(self, code: str, uses: int, at: float) -> Future[None]:
        row = {"code_hash": digest(code), "uses_left": uses, "created": at}
        return self.store.write(lambda db: db.execute(insert(invite_codes).values(**row)))

    def spend_invite_code(self, code: str) -> Write:
        """A write that uses up one use of an invite code, failing (ValueError) if it has none left; to be
        written in the same transaction as the profile it lets in."""
        def spend(db: Any) -> None:
            spent = db.execute(update(invite_codes)
                               .where(invite_codes.c.code_hash == digest(code), invite_codes.c.uses_left > 0)
                               .values(uses_left=invite_codes.c.uses_left - 1))
            if spent.rowcount != 1:
                raise ValueError("that invite code is unknown or used up")

        return spend

    # --- who sits where ---------------------------------------------------------------------------------------
    @staticmethod
    def join(table_id: str, seat: int, profile_id: str, at: float) -> Write:
        """A write: the profile takes the seat (in the transaction that stores the seat's new key)."""
        def write(db: Any) -> None:
            db.execute(delete(memberships).where(memberships.c.table_id == table_id, memberships.c.seat == seat))
            db.execute(insert(memberships).values(table_id=table_id, seat=seat, profile_id=profile_id, joined=at))

        return write

    @staticmethod
    def results(table_id: str, places: list[int], words: list[str]) -> Write:
        """A write: how the game ended for each seat (place 1 the winners)."""
        def write(db: Any) -> None:
            for seat, (place, result) in enumerate(zip(places, words, strict=True)):
                db.execute(update(memberships).where(memberships.c.table_id == table_id, memberships.c.seat == seat)
                           .values(place=place, result=result))

        return write

    def memberships(self, profile_id: str) -> list[Membership]:
        """Every seat the profile holds or held, the most recently moved first."""
        query = (
            select(memberships, tables.c.game, tables.c.finished, tables.c.moved, tables.c.created, tables.c.rated)
            .join(tables, tables.c.id == memberships.c.table_id)
            .where(memberships.c.profile_id == profile_id)
        )
        with self.engine.connect() as db:
            rows = db.execute(query).mappings().all()
        found = [Membership(row["table_id"], row["seat"], row["game"], row["finished"], row["moved"],
                            row["created"], row["rated"], row["place"], row["result"]) for row in rows]
        return sorted(found, key=lambda m: -(m.moved or m.created))

    def listed(self, since: float, game: str | None = None) -> list[str]:
        """The tables the lobby may show, newest first: open, unfinished, made since `since`, of `game` if given."""
        where = [tables.c.listed.is_(True), tables.c.finished.is_(False), tables.c.created >= since]
        if game is not None:
            where.append(tables.c.game == game)
        with self.engine.connect() as db:
            return list(db.scalars(select(tables.c.id).where(and_(*where)).order_by(tables.c.created.desc())))

    # --- chat -------------------------------------------------------------------------------------------------
    def say(self, table_id: str, channel: str, seat: int | None, profile_id: str | None, author: str, text: str,
            at: float, most: int = 0, window: float = 0.0) -> Future[int]:
        """Store a line of chat; its id once it is on disk. With `most`: unless its speaker has said `most` lines
        in the last `window` seconds (and the spectators together four times that), counted in the database in
        the same transaction, so the limit holds for every process serving the table (else TooFast)."""
        said: Future[int] = Future()
        row = {"table_id": table_id, "channel": channel, "seat": seat, "profile_id": profile_id,
               "author": author, "text": text, "time": at}
        speaker = chat.c.seat == seat if seat is not None else chat.c.profile_id == profile_id
        limits = [(speaker, most, "")]
        if seat is None:
            limits.append((chat.c.seat.is_(None), 4 * most, " from all the spectators together"))

        line = [0]  # the id of the row written (a batch that fails is written again: the last one counts)

        def write(db: Any) -> None:
            for whose, largest, who in limits if most else []:
                recent = db.scalar(select(func.count()).select_from(chat).where(
                    chat.c.table_id == table_id, chat.c.channel == channel, chat.c.time > at - window, whose))
                if recent >= largest:
                    raise TooFast(f"slow down: at most {largest} lines in {window:.0f} seconds{who}")
            line[0] = int(db.execute(insert(chat).values(**row)).inserted_primary_key[0])
            notify(db, f"chat {table_id} {line[0]}")

        def stored(done: Future[None]) -> None:
            error = done.exception()
            if error is not None:
                said.set_exception(error)
            else:
                said.set_result(line[0])

        self.store.write(write).add_done_callback(stored)
        return said

    def line(self, line_id: int) -> Said | None:
        with self.engine.connect() as db:
            r = db.execute(select(chat).where(chat.c.id == line_id)).mappings().first()
        return None if r is None else Said(r["id"], r["channel"], r["seat"], r["author"], r["text"], r["time"])

    def chat(self, table_id: str, channels: tuple[str, ...], last: int = 100) -> list[Said]:
        """The last lines of a table's chat in these channels, oldest first."""
        query = (select(chat).where(chat.c.table_id == table_id, chat.c.channel.in_(channels))
                 .order_by(chat.c.id.desc()).limit(last))
        with self.engine.connect() as db:
            rows = db.execute(query).mappings().all()
        return [Said(r["id"], r["channel"], r["seat"], r["author"], r["text"], r["time"]) for r in reversed(rows)]

    # --- ratings ----------------------------------------------------------------------------------------------
    def ratings(self, game: str, players: int, subjects: list[str]) -> dict[str, tuple[float, float, int]]:
        """The stored (mu, sigma, games) of each subject that has one."""
        with self.engine.connect() as db:
            return self.read_ratings(db, game, players, subjects)

    @staticmethod
    def read_ratings(db: Any, game: str, players: int, subjects: list[str]) -> dict[str, tuple[float, float, int]]:
        query = select(ratings).where(ratings.c.game == game, ratings.c.players == players,
                                      ratings.c.subject.in_(subjects))
        return {r["subject"]: (r["mu"], r["sigma"], r["games"]) for r in db.execute(query).mappings()}

    @staticmethod
    def rating_changes(table_id: str, seats: list[tuple[int, int, int]]) -> Write:
        """A write: each rated profile's shown rating before and after the game, by seat."""
        def write(db: Any) -> None:
            for seat, before, after in seats:
                db.execute(update(memberships).where(memberships.c.table_id == table_id, memberships.c.seat == seat)
                           .values(rating_before=before, rating_after=after))

        return write

    def rating_changed(self, table_id: str) -> list[dict[str, int]]:
        """The profiles' ratings before and after a rated game, by seat (none for an unrated one)."""
        query = (select(memberships.c.seat, memberships.c.rating_before, memberships.c.rating_after)
                 .where(memberships.c.table_id == table_id, memberships.c.rating_after.is_not(None))
                 .order_by(memberships.c.seat))
        with self.engine.connect() as db:
            return [{"seat": row.seat, "before": row.rating_before, "after": row.rating_after}
                    for row in db.execute(query)]

    @staticmethod
    def rate(game: str, players: int, new: dict[str, tuple[float, float, int]], at: float) -> Write:
        """A write: the subjects' new ratings."""
        def write(db: Any) -> None:
            for subject, (mu, sigma, games) in new.items():
                key = and_(ratings.c.subject == subject, ratings.c.game == game, ratings.c.players == players)
                if db.execute(update(ratings).where(key).values(mu=mu, sigma=sigma, games=games,
                                                                 updated=at)).rowcount == 0:
                    db.execute(insert(ratings).values(subject=subject, game=game, players=players, mu=mu,
                                                      sigma=sigma, games=games, updated=at))

        return write

    def leaderboard(self, game: str, players: int, limit: int = 100) -> list[dict[str, Any]]:
        """Profiles rated in this game at this player count, best first by mu - 3 sigma, with their names."""
        query = (select(ratings, profiles.c.name).join(profiles, profiles.c.id == ratings.c.subject)
                 .where(ratings.c.game == game, ratings.c.players == players)
                 .order_by((ratings.c.mu - 3 * ratings.c.sigma).desc()).limit(limit))
        with self.engine.connect() as db:
            return [dict(row) for row in db.execute(query).mappings()]
