"""Seat keys and invitations: the secrets that make a seat one person's alone.

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

SECRET_LENGTH = 200  # characters: longer than any secret we make, so a longer one is refused unread


def new_secret() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def digest(secret: str) -> str:
    # surrogatepass: a text decoded from JSON may hold lone surrogates; it is then simply a wrong secret
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def matches(stored: str | None, secret: str) -> bool:
    """Whether `secret` is the one whose hash is `stored` (in constant time)."""
    return stored is not None and hmac.compare_digest(stored, digest(secret))


def human_seat(key_hash: str | None = None, invite: str | None = None) -> dict[str, object]:
    """A person's seat: the hash of its key once claimed, the open invitation (its text: the creator's page
    shows it again until it is used), and the hash of a link its holder asked for to move it to another device."""
    return {"kind": "human", "human": True, "key": key_hash, "invite": invite, "transfer": None}


def bot_seat(kind: str) -> dict[str, object]:
    return {"kind": kind, "human": False, "key": None, "invite": None, "transfer": None}


def seat_key(profile_key: str, table_id: str, seat: int) -> str:
    """The key of a seat a profile took: derived from the profile's key, so the profile's browser can always
    find its way back to the seat (its "My games" page) while the server stores neither key, only hashes."""
    mac = hmac.new(profile_key.encode("utf-8", "surrogatepass"), f"seat/{table_id}/{seat}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:24]).decode()
