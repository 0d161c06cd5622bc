"""Who is here: which seats have a page open at a table, on this process or, by their word, on another.

Each table keeps its own account (`Attendance`): its connections here, when each seat's last one closed, and
what other processes said of each seat. On PostgreSQL each process tells the others (LISTEN/NOTIFY) when a seat
connects to it or leaves, and again every HEARTBEAT seconds while it stays; a word older than PRESENCE_EXPIRES no
longer counts, so the seats of a process that died turn "away". Watchers are told who is here as one word,
coalesced over PRESENCE_DELAY and never queued behind the game's updates (Watcher.offer_presence).
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field

from nutbox.web.limits import Clock
from nutbox.web.listen import notify
from nutbox.web.store import Store
from nutbox.web.watchers import Watcher
from nutbox.web.wire import as_text

HEARTBEAT = 5.0  # seconds between a process's words that a seat is still connected to it (several processes)
PRESENCE_EXPIRES = 3 * HEARTBEAT  # a word older than this no longer counts (its process may have died)
PRESENCE_DELAY = 0.25  # seconds: joins and leaves within this are told as one word of who is here


@dataclass(eq=False)
class Attendance:
    """Who is at one table: its connections to this process (the table's own set of watchers) and what other
    processes said of each seat."""

    watchers: set[Watcher]
    clock: Clock
    seats: int
    loaded: float = 0.0  # when the table was loaded here: a seat never seen counts as away since then
    last_seen: dict[int, float] = field(default_factory=dict)  # seat: when its last connection here closed
    # what other processes said of each seat: seat -> process -> (connected there, when said)
    elsewhere: dict[int, dict[str, tuple[bool, float]]] = field(default_factory=dict)
    due: bool = False  # a word of who is here is about to go out

    def __post_init__(self) -> None:
        self.loaded = self.loaded or self.clock.now()

    def here_locally(self, seat: int) -> bool:
        """Whether the seat's player has a connection open to this process."""
        return any(watcher.seat == seat for watcher in self.watchers)

    def here(self, seat: int) -> bool:
        """Whether the seat's player has a connection open to any process serving the table (another process's
        word counts while its heartbeat is fresh, so a process that died stops counting)."""
        fresh = self.clock.now() - PRESENCE_EXPIRES
        return self.here_locally(seat) or any(
            connected and at > fresh for connected, at in self.elsewhere.get(seat, {}).values())

    def away_for(self, seat: int) -> float:
        """Seconds since the seat's player was last connected anywhere (0 while connected)."""
        if self.here(seat):
            return 0.0
        seen = [self.last_seen.get(seat, self.loaded), *(at for _, at in self.elsewhere.get(seat, {}).values())]
        return self.clock.now() - max(seen)

    def connected(self) -> list[bool]:
        """Whether each seat is here."""
        return [self.here(seat) for seat in range(self.seats)]


class Presence:
    """Telling who is here: to each table's watchers, and (PostgreSQL) to and from the other processes."""

    def __init__(self, store: Store, clock: Clock) -> None:
        self.store = store
        self.clock = clock
        self.process = secrets.token_hex(4)  # this process, in its words to the others
        self.heartbeat = 0.0  # when this process last said which seats are connected to it
        self.telling = False  # whether other processes listen (PostgreSQL): set once this one listens too

    def arrived(self, table_id: str, attendance: Attendance, seat: int | None) -> None:
        """A connection was made (its watcher added): everyone is told, other processes too if it holds a seat."""
        self.broadcast(attendance)
        if seat is not None:
            self.announce(table_id, attendance, seat)

    def left(self, table_id: str, attendance: Attendance, watcher: Watcher) -> None:
        """A connection closed (its watcher removed)."""
        if watcher.seat is not None:
            attendance.last_seen[watcher.seat] = self.clock.now()
            if not attendance.here_locally(watcher.seat):
                self.announce(table_id, attendance, watcher.seat)
        self.broadcast(attendance)

    def announce(self, table_id: str, attendance: Attendance, seat: int) -> None:
        """Tell the other processes (PostgreSQL) whether the seat is connected to this one, now."""
        if not self.telling:
            return
        here = int(attendance.here_locally(seat))
        text = f"here {table_id} {seat} {here} {self.process} {self.clock.now():.3f}"
        self.store.write(lambda db: notify(db, text))

    def hear(self, attendance: Attendance, words: str) -> None:
        """Another process's word that a seat is (1) or is no longer (0) connected to it: "SEAT 0|1 PROCESS AT"."""
        parts = words.split()
        if len(parts) != 4 or parts[2] == self.process or not parts[0].isdigit() or parts[1] not in "01":
            return
        seat, connected, process = int(parts[0]), parts[1] == "1", parts[2]
        try:
            at = float(parts[3])
        except ValueError:
            return
        before = attendance.here(seat)
        attendance.elsewhere.setdefault(seat, {})[process] = (connected, at)
        if attendance.here(seat) != before:
            self.broadcast(attendance)

    def beat(self, tables: Iterable[tuple[str, Attendance]]) -> None:
        """Every HEARTBEAT seconds (PostgreSQL): say again which seats are connected to this process."""
        now = self.clock.now()
        if not self.telling or now - self.heartbeat < HEARTBEAT:
            return
        self.heartbeat = now
        for table_id, attendance in tables:
            for seat in {watcher.seat for watcher in attendance.watchers if watcher.seat is not None}:
                self.announce(table_id, attendance, seat)

    def broadcast(self, attendance: Attendance) -> None:
        """Tell every watcher who is here, at most once per PRESENCE_DELAY however many come and go."""
        if attendance.due:
            return
        attendance.due = True

        def send() -> None:
            attendance.due = False
            text = as_text({"type": "presence", "connected": attendance.connected()})
            for watcher in list(attendance.watchers):
                watcher.offer_presence(text)

        asyncio.get_running_loop().call_later(PRESENCE_DELAY, send)
