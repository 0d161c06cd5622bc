"""Sealing a secret with another: the profile's key kept for a device (opened by its cookie), for a one-time
link (opened by the link's token), and each new key of a profile kept with the one before.

The seal is the secret XORed with an HMAC-SHA256 of the opener, so only someone holding the opener reads it; the
server stores seals and hashes of openers, never an opener, so a copy of the database opens nothing."""

from __future__ import annotations

import hashlib
import hmac


def seal(secret: str, opener: str, purpose: bytes) -> str:
    """`secret` (ASCII, at most 32 characters), readable only with `opener` (hex)."""
    plain = secret.encode("ascii")
    stream = keystream(opener, purpose)
    if len(plain) > len(stream):
        raise ValueError("a sealed secret is at most 32 characters")
    return bytes(a ^ b for a, b in zip(plain, stream, strict=False)).hex()


def unseal(sealed: str, opener: str, purpose: bytes) -> str | None:
    """The secret a seal holds (None if it is not a seal); a wrong opener gives a wrong secret, which the
    caller checks against its hash."""
    try:
        return bytes(a ^ b for a, b in zip(bytes.fromhex(sealed), keystream(opener, purpose), strict=False)
                     ).decode("ascii")
    except (ValueError, UnicodeError):
        return None


def keystream(opener: str, purpose: bytes) -> bytes:
    return hmac.new(opener.encode("utf-8", "surrogatepass"), purpose, hashlib.sha256).digest()
