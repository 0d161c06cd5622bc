"""The other server processes serving the same tables (PostgreSQL): what they stored, said and who is connected
to them, heard through LISTEN/NOTIFY (web/listen.py), so that every watcher on every process sees every move.

Notifications: "table ID VERSION" (a table moved on), "chat ID LINE" (a line was said), "here ID ..." (a seat
connected or left, web/presence.py) and "again" (the listener reconnected: every table is looked at again).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

from nutbox.web.chat import Chat
from nutbox.web.claims import drop_rekeyed
from nutbox.web.live import LiveTable
from nutbox.web.people import People
from nutbox.web.presence import Presence
from nutbox.web.results import read_ratings
from nutbox.web.seated import Desk, Errands, Seated
from nutbox.web.store import Store


async def reload(store: Store, live: LiveTable) -> bool:
    """The table as stored, if it has moved on from what this process holds (the caller holds the lock)."""
    loaded = await asyncio.to_thread(store.load, live.id)
    if loaded is None or loaded.version <= live.version:
        return False
    live.reload(loaded)
    return True


class Peers:
    def __init__(self, tables: Mapping[str, Seated], store: Store, people: People, presence: Presence, chat: Chat,
                 errands: Errands, desk: Desk) -> None:
        self.tables = tables
        self.store = store
        self.people = people
        self.presence = presence
        self.chat = chat
        self.errands = errands
        self.desk = desk

    def heard(self, text: str) -> None:
        """A change another process (or this one) stored: a table loaded here catches up and tells its watchers."""
        kind, _, rest = text.partition(" ")
        table_id, _, number = rest.partition(" ")
        if kind == "again":
            for every in list(self.tables.values()):
                self.errands.start(self.catch_up(every))
            return
        seated = self.tables.get(table_id)
        if kind == "here" and seated is not None:
            self.presence.hear(seated.attendance, number)
            return
        if seated is None or not number.isdigit():
            return
        if kind == "table" and int(number) > seated.live.version:
            self.errands.start(self.catch_up(seated))
        elif kind == "chat" and int(number) not in seated.said_here and seated.watchers:
            self.errands.start(self.chat.hear(seated, int(number)))

    async def catch_up(self, seated: Seated) -> None:
        async with seated.lock:
            if await reload(self.store, seated.live):
                drop_rekeyed(seated)
                await read_ratings(self.people, seated)
                seated.waiting_since = seated.live.clock_start() or seated.waiting_since
                seated.turn_of = (seated.live.human_to_move(), seated.live.full())  # the changer told the turn
                self.desk.schedule(seated)
                outbox = self.desk.outbox(seated)
            else:
                outbox = []
        self.desk.deliver(seated, outbox)
