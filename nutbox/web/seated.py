"""A table in play on this process: its referee (LiveTable), its lock, its connections and the work under way
for it; and what the hub's collaborators (chat, clocks, claims, bots, other processes) ask of the hub."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol

from nutbox.web.limits import Clock
from nutbox.web.live import Change, LiveTable
from nutbox.web.people import Write
from nutbox.web.presence import Attendance
from nutbox.web.watchers import Outbox, Watcher


@dataclass(eq=False)
class Seated:
    live: LiveTable
    clock: Clock
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    attendance: Attendance = field(init=False)  # who is here (web/presence.py)
    bot: asyncio.Task[None] | None = None
    timer: asyncio.Task[None] | None = None  # a turn's time running out being dealt with
    deadline: float | None = None  # when the seat to move runs out of time, at a table with a turn timer
    waiting_since: float = 0.0  # when the turn's clock started (web/clocks.py)
    # the person's seat whose turn it was at the last change, and whether every seat was taken then: a turn is
    # told once, when it starts or when the last seat is taken (the game can begin)
    turn_of: tuple[int | None, bool] = (None, False)
    said_here: deque[int] = field(default_factory=lambda: deque(maxlen=100))  # lines said through this process
    # the hint for one position (its version): asked for again, it is the same answer, worked out once
    hint: tuple[int, asyncio.Future[str]] | None = None
    ratings: list[dict[str, int]] | None = None  # a finished rated game's ratings before and after, once read
    joining: int = 0  # spectators without a profile whose connection is being set up
    changed: float = 0.0  # when the last move here was stored (bots keep their pace from it)

    def __post_init__(self) -> None:
        self.attendance = Attendance(self.watchers, self.clock, len(self.live.stored.seats))
        self.waiting_since = self.live.clock_start() or self.attendance.loaded
        self.turn_of = (self.live.human_to_move(), self.live.full())

    @property
    def id(self) -> str:
        return self.live.id

    def drop(self, watcher: Watcher) -> None:
        """A connection that sees this table no more (its page reconnects, or is told why)."""
        watcher.dropped.set()
        self.watchers.discard(watcher)


class Errands:
    """Work started and not waited for (a webhook looked up, a table caught up), kept until done so that it is
    not collected half done."""

    def __init__(self) -> None:
        self.running: set[asyncio.Task[Any]] = set()

    def start(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.ensure_future(work)
        self.running.add(task)
        task.add_done_callback(self.running.discard)


class Desk(Protocol):
    """What the hub's collaborators ask of it (web/hub.py): a table loaded, a change made, stored and told."""

    async def table(self, table_id: str) -> Seated: ...

    def schedule(self, seated: Seated) -> None: ...

    def outbox(self, seated: Seated) -> Outbox: ...

    async def apply(self, seated: Seated, request: Callable[[], Change]) -> Outbox: ...

    async def change_seats(self, seated: Seated, change: Callable[[], None], also: Write | None = None
                           ) -> Outbox: ...

    def deliver(self, seated: Seated, outbox: Outbox) -> None: ...
