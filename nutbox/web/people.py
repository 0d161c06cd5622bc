"""What the site keeps of people: profiles, who sat where, the chat, ratings; read and written through the
table store (writes in its group commits, so a reply is sent only once what it says is on disk).

A profile has a secret key, which the seats it takes are derived from; the server keeps only its hash. Each
browser holding the profile (a device) has its own cookie, a token of its own, and the server keeps the
profile's key sealed with that token (nutbox/web/sealing.py) and the token's hash: a request with the cookie
opens the key, a copy of the database opens nothing, and a device signed out (its row deleted) opens nothing
either. Signing a device out also gives the profile a new key (its seats are re-keyed), since the old device
has seen its seats' links; the new key is kept sealed with the old one (profile_keys), so every remaining
device, which can open the old, moves on to the new the next time it is used.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, delete, func, insert, select, update

from nutbox.web.db import (
    as_json,
    chat,
    devices,
    invite_codes,
    memberships,
    profile_keys,
    profile_links,
    profiles,
    ratings,
    tables,
)
from nutbox.web.listen import notify
from nutbox.web.sealing import seal, unseal
from nutbox.web.seats import digest, matches
from nutbox.web.settings import TableSettings
from nutbox.web.store import Store

Write = Callable[[Any], None]


@dataclass(frozen=True)
class Profile:
    id: str
    name: str
    webhook: str | None = None
    site: str | None = None


@dataclass(frozen=True)
class Holder:
    """A browser holding a profile: the profile, its key, and the device (None for a browser whose cookie
    dates from before devices were kept: it holds the key itself until the key next changes)."""

    profile: Profile
    key: str
    version: int
    device: str | None


@dataclass(frozen=True)
class Device:
    """A device as its profile's page lists it."""

    id: str
    label: str
    created: float
    seen: float


DEVICE_SEAL = b"profile-device"
KEY_CHAIN_SEAL = b"profile-key-chain"
SEEN_STEP = 3600.0  # seconds: a device's "last used" is kept to the hour, not written at every request


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
    played_out: bool = False  # finished by its rules, not ended early by a forfeit (so it can be reviewed)


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
    def profile(self, key: str | None) -> Profile | None:
        """The profile whose key this is (None for none or a wrong one)."""
        if not key or len(key) > 200:
            return None
        with self.engine.connect() as db:
            row = db.execute(select(profiles).where(profiles.c.key_hash == digest(key))).mappings().first()
        return None if row is None else Profile(row["id"], row["name"], row["webhook"], row["site"])

    def holder(self, token: str, now: float) -> Holder | None:
        """The profile a browser's cookie opens (None for a wrong or signed-out one). A device that seals an
        earlier key of the profile is moved on to the newest (and its last use noted, to the hour)."""
        if not token or len(token) > 200:
            return None
        with self.engine.connect() as db:
            row = db.execute(select(devices, profiles.c.name, profiles.c.webhook, profiles.c.site,
                                    profiles.c.key_hash, profiles.c.key_version.label("newest"))
                             .join(profiles, profiles.c.id == devices.c.profile_id)
                             .where(devices.c.token_hash == digest(token))).mappings().first()
            if row is None:
                return self.legacy_holder(db, token)
            key = unseal(row["sealed"], token, DEVICE_SEAL)
            chain = db.execute(select(profile_keys.c.sealed).where(profile_keys.c.profile_id == row["profile_id"],
                                                                   profile_keys.c.version > row["key_version"])
                               .order_by(profile_keys.c.version)).scalars().all()
        for sealed in chain:
            key = None if key is None else unseal(sealed, key, KEY_CHAIN_SEAL)
        if key is None or not matches(row["key_hash"], key):
            return None
        if chain or now - row["seen"] >= SEEN_STEP:
            self.store.write(lambda db: db.execute(
                update(devices).where(devices.c.token_hash == digest(token))
                .values(sealed=seal(key, token, DEVICE_SEAL), key_version=row["newest"], seen=now)))
        profile = Profile(row["profile_id"], row["name"], row["webhook"], row["site"])
        return Holder(profile, key, row["newest"], row["id"])

    @staticmethod
    def legacy_holder(db: Any, key: str) -> Holder | None:
        row = db.execute(select(profiles).where(profiles.c.key_hash == digest(key))).mappings().first()
        if row is None:
            return None
        return Holder(Profile(row["id"], row["name"], row["webhook"], row["site"]), key, row["key_version"], None)

    @staticmethod
    def add_device(profile_id: str, key: str, version: int, token: str, label: str, at: float) -> Write:
        """A browser now holds the profile: its cookie is `token`."""
        row = {"token_hash": digest(token), "id": secrets.token_urlsafe(9), "profile_id": profile_id,
               "sealed": seal(key, token, DEVICE_SEAL), "key_version": version, "label": label[:80],
               "created": at, "seen": at}
        return lambda db: db.execute(insert(devices).values(**row))

    def devices(self, profile_id: str) -> list[Device]:
        """The browsers holding a profile, the most recently used first."""
        with self.engine.connect() as db:
            rows = db.execute(select(devices.c.id, devices.c.label, devices.c.created, devices.c.seen)
                              .where(devices.c.profile_id == profile_id)
                              .order_by(devices.c.seen.desc(), devices.c.created.desc())).all()
        return [Device(row.id, row.label, row.created, row.seen) for row in rows]

    def forget_device(self, token: str) -> Future[None]:
        return self.store.write(lambda db: db.execute(delete(devices).where(devices.c.token_hash == digest(token))))

    @staticmethod
    def sign_out(holder: Holder, token: str, others: list[str] | None, new_key: str) -> Write:
        """Sign devices of the holder's profile out (`others`: those ids; None: every device but this one) and
        give the profile `new_key`, sealed with its present key; this device seals the new one. ValueError if a
        device named is not the profile's, or the key changed meanwhile (another device signing out at once)."""
        profile_id, version = holder.profile.id, holder.version

        def write(db: Any) -> None:
            gone = delete(devices).where(devices.c.profile_id == profile_id, devices.c.token_hash != digest(token))
            if others is not None:
                gone = gone.where(devices.c.id.in_(others))
            removed = db.execute(gone).rowcount
            if others is not None and removed != len(others):
                raise ValueError("that device does not hold this profile (signed out already?)")
            moved = db.execute(update(profiles).where(profiles.c.id == profile_id, profiles.c.key_version == version)
                               .values(key_hash=digest(new_key), key_version=version + 1))
            if moved.rowcount != 1:
                raise ValueError("the profile's devices changed a moment ago: look again and retry")
            db.execute(insert(profile_keys).values(profile_id=profile_id, version=version + 1,
                                                   sealed=seal(new_key, holder.key, KEY_CHAIN_SEAL)))
            db.execute(update(devices).where(devices.c.token_hash == digest(token))
                       .values(sealed=seal(new_key, token, DEVICE_SEAL), key_version=version + 1))
            db.execute(delete(profile_links).where(profile_links.c.profile_id == profile_id))

        return write

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

    @staticmethod
    def use_link(token: str, now: float) -> Write:
        """A one-time link is spent (and every expired one with it); ValueError if it was spent meanwhile (two
        devices taking the same link at once, or the profile's key changed: only one gets the profile)."""
        def spend(db: Any) -> None:
            if db.execute(delete(profile_links).where(profile_links.c.token_hash == digest(token))).rowcount != 1:
                raise ValueError("this link has been used")
            db.execute(delete(profile_links).where(profile_links.c.expires <= now))

        return spend

    def key_version(self, profile_id: str) -> int:
        with self.engine.connect() as db:
            return int(db.scalar(select(profiles.c.key_version).where(profiles.c.id == profile_id)) or 0)

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
            select(memberships, tables.c.game, tables.c.finished, tables.c.moved, tables.c.created, tables.c.rated,
                   tables.c.settings)
            .join(tables, tables.c.id == memberships.c.table_id)
            .where(memberships.c.profile_id == profile_id)
        )
        with self.engine.connect() as db:
            rows = db.execute(query).mappings().all()
        found = [Membership(row["table_id"], row["seat"], row["game"], row["finished"], row["moved"],
                            row["created"], row["rated"], row["place"], row["result"],
                            played_out=row["finished"] and not ended(row["settings"]))
                 for row in rows]
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


def ended(settings: Any) -> bool:
    """Whether a table's stored settings say its game was ended by a forfeit (SQLite may hand the column back as
    text, as the store reads it)."""
    return TableSettings.from_json(as_json(settings) or {}).ended
