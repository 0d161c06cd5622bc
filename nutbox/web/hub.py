"""The tables in play: requests in, stores before acknowledging, updates out to every watcher, bots moved.

Each table has a lock, so its requests are handled one at a time; different tables never wait for each
other except on the database. A change is written (by the store's writer thread, so the event loop keeps
serving) before anyone hears of it; if the write fails the table is rebuilt from the store and the request
refused. Updates are prepared under the lock, one message per seat watching, and sent after it is released,
so a slow connection never holds up a table; each carries the table's version, and pages ignore an update
older than the one they show. Bots think in a process pool, so a thinking bot never holds up other tables,
and their moves go through the same checks as a person's (the version they thought about must be current).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from nutbox.core import Record
from nutbox.registry import make
from nutbox.web.bots import decide
from nutbox.web.live import HUMAN, Change, LiveTable, Refusal, imported_table, new_table
from nutbox.web.store import StaleVersion, Store, StoredTable

log = logging.getLogger("nutbox.web")
Send = Callable[[str], Awaitable[None]]  # sends one JSON text to one connection
Outbox = list[tuple["Watcher", str]]


@dataclass(eq=False)
class Watcher:
    seat: int | None
    send: Send


@dataclass(eq=False)
class Seated:
    live: LiveTable
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    bot: asyncio.Task[None] | None = None
    timer: asyncio.Task[None] | None = None
    deadline: float | None = None


async def stored(write: Future[None]) -> None:
    await asyncio.wrap_future(write)


class Hub:
    def __init__(self, store: Store, bots: Executor) -> None:
        self.store = store
        self.bots = bots
        self.tables: dict[str, Seated] = {}

    # --- tables ---------------------------------------------------------------------------------------------
    async def create(self, game_id: str, options: dict[str, Any], seats: list[str],
                     settings: dict[str, Any]) -> StoredTable:
        game = make(game_id, options)
        table = new_table(game, seats, settings)
        await stored(self.store.create(table))
        await self.table(table.id)  # bots start at once
        return table

    async def import_record(self, record: Record) -> StoredTable:
        """A record uploaded to watch: stored as a finished table whose every step can be replayed."""
        table = imported_table(make(record.game, record.options), record)
        await stored(self.store.create(table))
        return table

    async def table(self, table_id: str) -> Seated:
        seated = self.tables.get(table_id)
        if seated is None:
            loaded = await asyncio.to_thread(self.store.load, table_id)
            if loaded is None:
                raise Refusal(f"no table {table_id!r} (check the link)", status=404)
            seated = self.tables.setdefault(table_id, Seated(LiveTable(loaded)))
            self.schedule(seated)
        return seated

    async def resume_all(self) -> int:
        """After a restart: every unfinished game carries on (bots to move are asked again)."""
        ids = await asyncio.to_thread(self.store.unfinished)
        for table_id in ids:
            await self.table(table_id)
        return len(ids)

    # --- requests ------------------------------------------------------------------------------------------
    async def act(self, table_id: str, secret: str | None, text: str, version: int | None) -> int:
        seated = await self.table(table_id)
        async with seated.lock:
            live = seated.live
            seat = live.seat_of(secret)
            outbox = await self.apply(seated, partial(live.act, seat, text, version))
        await self.deliver(seated, outbox)
        return live.version

    async def undo(self, table_id: str, secret: str | None, version: int | None) -> int:
        seated = await self.table(table_id)
        async with seated.lock:
            live = seated.live
            seat = live.seat_of(secret)
            outbox = await self.apply(seated, partial(live.undo, seat, version))
        await self.deliver(seated, outbox)
        return live.version

    async def hand_over(self, table_id: str, secret: str | None, target: int, kind: str | None,
                        version: int | None) -> int:
        """A seated player hands a seat to a bot (their own, or one whose player has left), or takes their own
        seat back from the bot (`kind` None)."""
        seated = await self.table(table_id)
        async with seated.lock:
            live = seated.live
            seat = live.check(live.seat_of(secret), version)
            if not 0 <= target < len(live.stored.seats):
                raise Refusal(f"there is no seat {target + 1}")
            if not live.stored.seats[target].get("human"):
                raise Refusal(f"seat {target + 1} was never a person's seat")
            if kind is None:
                if target != seat:
                    raise Refusal("only the seat's own player can take it back")
                kind = HUMAN
            else:
                if target != seat and self.connected(seated, target):
                    raise Refusal(f"player {target + 1} is still at the table; only they can hand their seat over")
                kind = kind or str(live.stored.settings.get("handover", "easy"))
            outbox = await self.change_seat(seated, target, kind)
        await self.deliver(seated, outbox)
        return live.version

    async def change_seat(self, seated: Seated, seat: int, kind: str) -> Outbox:
        live = seated.live
        previous = live.stored.seats[seat]["kind"]
        try:
            live.set_seat(seat, kind)
        except Exception as error:
            raise Refusal(str(error)) from None
        try:
            await stored(self.store.set_seats(live.id, live.version, live.stored.seats))
        except Exception:
            live.stored.seats[seat]["kind"] = previous
            raise
        live.stored.version += 1
        return self.after_change(seated)

    async def apply(self, seated: Seated, request: Callable[[], Change]) -> Outbox:
        """Make a request and store it (the caller holds the table's lock); the updates to send."""
        live = seated.live
        change = request()  # Refusal: nothing changed
        try:
            if change.keep is not None:
                await stored(self.store.truncate(live.id, live.version, change.keep))
            else:
                await stored(self.store.append(
                    live.id, live.version, change.first, change.texts, change.actors, live.finished
                ))
        except StaleVersion as error:
            live.rebuild()
            raise Refusal(f"the table moved on meanwhile ({error}); nothing was applied") from None
        except Exception:
            log.exception("could not store a change to table %s", live.id)
            live.rebuild()
            raise Refusal("the move could not be stored, so it was not made; try again") from None
        live.commit(change)
        return self.after_change(seated)

    def after_change(self, seated: Seated) -> Outbox:
        self.schedule(seated)
        return self.outbox(seated)

    # --- watchers -------------------------------------------------------------------------------------------
    async def join(self, table_id: str, secret: str | None, send: Send) -> tuple[Seated, Watcher]:
        seated = await self.table(table_id)
        async with seated.lock:
            watcher = Watcher(seated.live.seat_of(secret), send)
            seated.watchers.add(watcher)
            outbox = [(watcher, json.dumps(self.message(seated, watcher.seat)))]
        await self.deliver(seated, outbox)
        await self.broadcast_presence(seated)
        return seated, watcher

    async def leave(self, seated: Seated, watcher: Watcher) -> None:
        seated.watchers.discard(watcher)
        await self.broadcast_presence(seated)
        live = seated.live
        if live.finished and not seated.watchers and self.tables.get(live.id) is seated:
            del self.tables[live.id]  # nothing more happens there; it is loaded again if anyone comes back

    async def snapshot(self, table_id: str, secret: str | None) -> dict[str, Any]:
        """What a seat sees now. Under the table's lock: a request half done (applied, not yet stored) is never
        shown, since it may yet be taken back."""
        seated = await self.table(table_id)
        async with seated.lock:
            return self.message(seated, seated.live.seat_of(secret))

    def connected(self, seated: Seated, seat: int) -> bool:
        return any(w.seat == seat for w in seated.watchers)

    def message(self, seated: Seated, seat: int | None) -> dict[str, Any]:
        message = seated.live.message(seat)
        message["connected"] = [self.connected(seated, s) for s in range(len(seated.live.stored.seats))]
        message["deadline"] = seated.deadline
        message["server_time"] = time.time()
        return message

    def outbox(self, seated: Seated) -> Outbox:
        """Each watcher's update, built once per seat watching (the rendering is the costly part)."""
        texts: dict[int | None, str] = {}
        outbox = []
        for watcher in seated.watchers:
            if watcher.seat not in texts:
                texts[watcher.seat] = json.dumps(self.message(seated, watcher.seat))
            outbox.append((watcher, texts[watcher.seat]))
        return outbox

    async def deliver(self, seated: Seated, outbox: Outbox) -> None:
        async def one(watcher: Watcher, text: str) -> None:
            try:
                await watcher.send(text)
            except Exception:  # a closed connection; its handler removes it too
                seated.watchers.discard(watcher)

        await asyncio.gather(*(one(watcher, text) for watcher, text in outbox))

    async def broadcast_presence(self, seated: Seated) -> None:
        connected = [self.connected(seated, s) for s in range(len(seated.live.stored.seats))]
        text = json.dumps({"type": "presence", "connected": connected})
        await self.deliver(seated, [(watcher, text) for watcher in list(seated.watchers)])

    # --- bots and timers ------------------------------------------------------------------------------------
    def schedule(self, seated: Seated) -> None:
        live = seated.live
        if seated.timer is not None:
            seated.timer.cancel()
            seated.timer, seated.deadline = None, None
        if live.bot_to_move() and (seated.bot is None or seated.bot.done()):
            seated.bot = asyncio.create_task(self.bot_move(seated))
        timer = float(live.stored.settings.get("timer") or 0)
        seat = live.human_to_move()
        if timer > 0 and seat is not None:
            seated.deadline = time.time() + timer
            seated.timer = asyncio.create_task(self.time_out(seated, seat, live.version, timer))

    async def bot_move(self, seated: Seated) -> None:
        """Bots move for as long as a bot is to move (one task per table, so a bot never plays twice at once)."""
        live = seated.live
        while (kind := live.bot_to_move()) is not None and (seat := live.to_move()) is not None:
            version = live.version
            state = live.match.state
            legal = [str(a) for a in state.legal_actions()]
            loop = asyncio.get_running_loop()
            try:
                text = await loop.run_in_executor(
                    self.bots, decide, live.game.id, live.stored.options, kind, seat,
                    f"{live.stored.seed}/seat{seat}/{len(live.actors)}", state.view(seat), legal,
                )
            except Exception:
                log.exception("bot %s failed at table %s; it plays its first legal move", kind, live.id)
                text = legal[0]
            try:
                async with seated.lock:
                    outbox = await self.apply(seated, partial(live.act, seat, text, version, bot=True))
            except Refusal as refusal:  # the table moved on while the bot thought (an undo, a seat taken back)
                log.info("bot move at table %s dropped: %s", live.id, refusal)
                continue
            await self.deliver(seated, outbox)

    async def time_out(self, seated: Seated, seat: int, version: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        async with seated.lock:
            live = seated.live
            if live.version != version or live.human_to_move() != seat:
                return
            seated.timer = None  # this task is finishing; do not cancel it from schedule()
            outbox = await self.change_seat(seated, seat, str(live.stored.settings.get("handover", "easy")))
        await self.deliver(seated, outbox)

    async def close(self) -> None:
        for seated in self.tables.values():
            for task in (seated.bot, seated.timer):
                if task is not None:
                    task.cancel()
        await asyncio.to_thread(self.store.close)


__all__ = ["Hub", "Refusal", "Seated", "Watcher"]
