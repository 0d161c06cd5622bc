"""One live connection to a table (a watcher): its seat and its own bounded outbox, so nothing ever waits for a
connection to read, and one too far behind is dropped (its page reconnects and gets the whole position again)."""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, field

from nutbox.web.people import Profile


@dataclass(eq=False)
class Watcher:
    """One live connection: its seat and the messages waiting for it, never more than `limit`."""

    seat: int | None
    limit: int
    profile: Profile | None = None  # the watching browser's profile, if it has one (a spectator chats with it)
    phone: bool = False  # the board drawn for a phone
    channels: tuple[str, ...] = ("seats",)  # the chat channels it reads (web/chat.py readable)
    waiting: deque[str] = field(default_factory=deque)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    dropped: asyncio.Event = field(default_factory=asyncio.Event)
    closing: bool = False  # the connection is to close once what is waiting has gone
    presence: str | None = None  # who is here, the latest word only: it never fills the outbox
    key: str | None = None  # the hash of the seat key it connected with: a seat re-keyed elsewhere drops it

    def offer_presence(self, text: str) -> None:
        """Who is here now: replaces any such word not yet sent, so joins and leaves, however many, never fill
        the outbox nor drop the connection."""
        if not self.dropped.is_set():
            self.presence = text
            self.ready.set()

    def offer(self, text: str) -> bool:
        """Queue a message; False (and the watcher dropped) if it already has `limit` waiting."""
        if self.dropped.is_set():
            return False
        if len(self.waiting) >= self.limit:
            self.waiting.clear()
            self.dropped.set()
            return False
        self.waiting.append(text)
        self.ready.set()
        return True

    async def next(self) -> str | None:
        """The next message to send; None once the watcher is dropped, or closing with nothing left."""
        while not self.waiting and self.presence is None and not self.dropped.is_set() and not self.closing:
            self.ready.clear()
            await self.ready.wait()
        if self.dropped.is_set():
            return None
        if self.waiting:
            return self.waiting.popleft()
        presence, self.presence = self.presence, None
        return presence

    def close(self) -> None:
        """Send what is waiting, then stop."""
        self.closing = True
        self.ready.set()


Outbox = list[tuple[Watcher, str]]  # the messages of one change, each for its connection
