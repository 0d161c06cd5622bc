"""Chance at the browser table: unpredictable to everyone, yet the same after a restart.

Each table holds a 256-bit key from the operating system's secure generator, kept only on the server.
The chance drawn after `n` actions comes from a stream derived from (key, n) by HMAC-SHA256, so the
draws continue identically after a restart, and nothing anyone sees (the board, the dice, a bot's moves)
narrows the key: telling the next outcome needs the key itself. Records keep the outcomes as actions, so
a replay needs no key. Local play, studies and the RL adapters keep their seeded generators.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from typing import Any

KEY_BYTES = 32


def new_key() -> bytes:
    return secrets.token_bytes(KEY_BYTES)


def derive(key: bytes, purpose: str) -> bytes:
    """A secret of 32 bytes for one use of the table's key (chance at action n, a bot's own generator)."""
    return hmac.new(key, purpose.encode(), hashlib.sha256).digest()


class KeyedRandom(random.Random):
    """A `random.Random` whose every bit comes from HMAC-SHA256 of a secret in counter mode, not from the
    Mersenne Twister (whose state can be rebuilt from enough of its outputs)."""

    def __init__(self, secret: bytes) -> None:
        self._secret = secret
        self._counter = 0
        self._pool = 0
        self._bits = 0
        super().__init__(0)  # the base state is never used; every draw goes through getrandbits

    def seed(self, *args: Any, **kwargs: Any) -> None:
        """Reseeding is ignored: the stream is fixed by the secret alone."""

    def getrandbits(self, k: int) -> int:
        while self._bits < k:
            block = hmac.new(self._secret, self._counter.to_bytes(8, "big"), hashlib.sha256).digest()
            self._counter += 1
            self._pool = (self._pool << 256) | int.from_bytes(block, "big")
            self._bits += 256
        self._bits -= k
        value = self._pool >> self._bits
        self._pool &= (1 << self._bits) - 1
        return value

    def random(self) -> float:
        return self.getrandbits(53) / (1 << 53)


def chance_after(key: bytes, actions: int) -> KeyedRandom:
    """The generator for the chance that follows the first `actions` actions of a table."""
    return KeyedRandom(derive(key, f"chance/{actions}"))


def bot_seed(key: bytes, seat: int, actions: int) -> str:
    """A bot's own seed for one decision (its sampling), secret like the table's chance."""
    return derive(key, f"bot/{seat}/{actions}").hex()
