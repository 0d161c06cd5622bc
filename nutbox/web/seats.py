"""A table's seats: who sits where, and the secrets that make a seat one person's alone.

A person's seat starts with an invitation, a one-time link the table's creator hands out. The first
browser to claim it gets a fresh seat key that only it holds (it is shown once, in the link the claimer
is sent to); the server keeps only a hash of it, so neither the creator nor a copy of the database can
play the seat. Claiming a new invitation for the same seat (the holder moving to another device, or the
creator re-issuing it for a player who has gone) replaces the key, so the old link stops working.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from nutbox.web import rows

SECRET_LENGTH = 200  # characters: longer than any secret we make, so a longer one is refused unread
HUMAN = "human"  # the kind of a seat a person plays


@dataclass(frozen=True)
class Seat:
    """One seat as the table keeps it (an entry of its row's `seats`, written as it was read: web/rows.py)."""

    kind: str  # HUMAN, or the bot playing it: a level, "random", explicit settings, or an uploaded record's name
    human: bool = False  # a person's seat (a bot may play it for them a while: `kind` then names that bot)
    key: str | None = None  # the hash of the seat's key, once a browser has taken it
    invite: str | None = None  # the open invitation, as is: the creator's page shows it until it is taken
    transfer: str | None = None  # the hash of a link its holder asked for, to move it to another device
    name: str | None = None  # the name a person gave it (or their profile's), or an uploaded record's
    profile: str | None = None  # the profile sitting there
    held: frozenset[str] = field(default=frozenset(), repr=False, compare=False)  # the keys it was read with
    unknown: dict[str, Any] = field(default_factory=dict, repr=False)  # keys this code does not read, kept

    ALWAYS: ClassVar[tuple[str, ...]] = ("kind", "human", "key", "invite", "transfer")

    @property
    def joined(self) -> bool:
        """Whether a browser has taken the seat (it has a key)."""
        return self.key is not None

    @property
    def played_by_bot(self) -> bool:
        return self.kind != HUMAN

    @property
    def handed(self) -> bool:
        """Whether a bot plays a person's seat now (handed over, or its time ran out)."""
        return self.human and self.kind != HUMAN

    def to_json(self) -> dict[str, Any]:
        return rows.to_json(self, self.held, self.unknown, self.ALWAYS)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        return cls(
            kind=str(data["kind"]), human=bool(data.get("human")), key=data.get("key"), invite=data.get("invite"),
            transfer=data.get("transfer"), name=data.get("name"), profile=data.get("profile"),
            held=frozenset(data), unknown=rows.unknown_keys(cls, data),
        )


def human_seat(key_hash: str | None = None, invite: str | None = None) -> Seat:
    """A person's seat: the hash of its key once claimed, and its open invitation."""
    return Seat(HUMAN, human=True, key=key_hash, invite=invite)


def bot_seat(kind: str) -> Seat:
    return Seat(kind)


def new_secret() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def digest(secret: str) -> str:
    # surrogatepass: a text decoded from JSON may hold lone surrogates; it is then simply a wrong secret
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def matches(stored: str | None, secret: str) -> bool:
    """Whether `secret` is the one whose hash is `stored` (in constant time)."""
    return stored is not None and hmac.compare_digest(stored, digest(secret))


def seat_key(profile_key: str, table_id: str, seat: int) -> str:
    """The key of a seat a profile took: derived from the profile's key, so the profile's browser can always
    find its way back to the seat (its "My games" page) while the server stores neither key, only hashes."""
    mac = hmac.new(profile_key.encode("utf-8", "surrogatepass"), f"seat/{table_id}/{seat}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:24]).decode()
