"""The tables in play: requests in, stores before acknowledging, updates out to every watcher.

Each table has a lock, so its requests are handled one at a time; different tables never wait for each
other except on the database. A change is written (by the store's writer thread, so the event loop keeps
serving) before anyone hears of it; if the write fails the table is rebuilt from the store and the request
refused. Updates are prepared under the lock, one message per seat watching, and put in each connection's
own bounded outbox (web/watchers.py): nothing here ever waits for a connection to take its messages.

The hub holds its collaborators and they call back through what `Desk` names (web/seated.py): the chat
(chat.py), the bots and hints (bot_turns.py), the turn clocks (clocks.py), seat claims and links (claims.py),
who is here (presence.py), "your turn" webhooks (notices.py), reviews of finished games (reviews.py), and the other
processes (peers.py).
"""

from __future__ import annotations

import asyncio
import copy
import logging
import re
from collections.abc import Callable
from concurrent.futures import Executor, Future
from functools import partial
from typing import Any

from nutbox.core import Record, RecordError, seat_name
from nutbox.registry import make, record_game
from nutbox.web.bot_turns import BotTurns
from nutbox.web.chat import Chat, readable
from nutbox.web.claims import SeatClaims
from nutbox.web.clocks import TurnClocks
from nutbox.web.limits import Clock, Limits
from nutbox.web.listen import Listener
from nutbox.web.live import Change, LiveTable
from nutbox.web.new_tables import imported_table, new_table
from nutbox.web.notices import TurnNotices
from nutbox.web.peers import Peers, reload
from nutbox.web.people import People, Profile, Write
from nutbox.web.presence import Presence
from nutbox.web.refusal import Refusal
from nutbox.web.results import read_ratings, results
from nutbox.web.reviews import Reviews
from nutbox.web.seated import Errands, Seated
from nutbox.web.seats import HUMAN
from nutbox.web.settings import Rematch, TableSettings
from nutbox.web.store import StaleVersion, Store, StoredTable
from nutbox.web.throttle import Throttle
from nutbox.web.watchers import Outbox, Watcher
from nutbox.web.webhooks import Notifier
from nutbox.web.wire import as_text

log = logging.getLogger("nutbox.web")
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")

__all__ = ["Hub"]


async def stored(write: Future[None]) -> None:
    await asyncio.wrap_future(write)


class Hub:
    def __init__(self, store: Store, bots: Executor, limits: Limits | None = None, clock: Clock | None = None
                 ) -> None:
        self.store = store
        self.people = People(store)
        self.limits = limits = limits or Limits()
        self.clock = clock = clock or Clock()
        self.tables: dict[str, Seated] = {}
        self.errands = Errands()  # webhooks being looked up, tables being caught up
        self.notifier = Notifier(limits.webhook_private)
        self.presence = Presence(store, clock)
        self.bots = BotTurns(bots, clock, limits, self)
        self.clocks = TurnClocks(clock, limits, self.bots, self)
        self.claims = SeatClaims(clock, self.clocks, self)
        self.chat = Chat(self.people, clock, limits, self)
        self.notices = TurnNotices(self.people, self.notifier, self.errands)
        self.reviews = Reviews(bots, store, clock, limits, self)
        self.peers = Peers(self.tables, store, self.people, self.presence, self.chat, self.errands, self)
        self.watching: asyncio.Task[None] | None = None  # the turn clocks' watch
        self.listener: Listener | None = None  # other processes' changes (PostgreSQL)
        self.new_tables = Throttle(limits.tables_per_address, limits.address_window, "new tables")
        self.new_profiles = Throttle(limits.profiles_per_address, limits.address_window, "new profiles or invite codes")

    # --- tables ---------------------------------------------------------------------------------------------
    async def create(self, game_id: str, options: dict[str, Any], seats: list[str],
                     settings: TableSettings, names: list[str] | None = None) -> StoredTable:
        for kind in seats:
            if kind != HUMAN:
                self.bots.check(kind)
        game = make(game_id, options)
        table = new_table(game, seats, settings, names=names)
        await stored(self.store.create(table))
        await self.table(table.id)  # bots start at once
        return table

    async def import_record(self, record: Record, names: list[Any] | None = None) -> StoredTable:
        """A record uploaded to watch: stored as a finished table whose every step can be replayed (its
        players named as the record's table names them, where it does)."""
        record, game = record_game(record)
        table = imported_table(game, record, names)
        await stored(self.store.create(table))
        return table

    async def table(self, table_id: str) -> Seated:
        seated = self.tables.get(table_id)
        if seated is None:
            if not TABLE_ID.fullmatch(table_id):
                raise Refusal("no such table (check the link)", status=404)
            loaded = await asyncio.to_thread(self.store.load, table_id)
            if loaded is None:
                raise Refusal("no such table (check the link)", status=404)
            try:
                live = LiveTable(loaded)
            except RecordError as error:  # made under rules this nutbox no longer plays (Game.earlier_rules)
                raise Refusal(f"this table cannot go on here: {error}", status=410) from None
            seated = self.tables.setdefault(table_id, Seated(live, self.clock))
            await read_ratings(self.people, seated)
            self.schedule(seated)
        return seated

    async def resume_all(self) -> int:
        """After a restart: every unfinished game carries on (bots to move are asked again)."""
        if self.watching is None:
            self.watching = asyncio.create_task(self.clocks.watch(self.tables, self.beat))
        if self.listener is None and self.store.engine.dialect.name == "postgresql":
            loop = asyncio.get_running_loop()
            url = self.store.engine.url.render_as_string(hide_password=False)
            self.listener = Listener(url, lambda text: loop.call_soon_threadsafe(self.peers.heard, text))
            self.listener.start()
            self.presence.telling = True
        await self.reviews.resume()
        ids = await asyncio.to_thread(self.store.unfinished)
        for table_id in ids:
            try:
                await self.table(table_id)
            except Refusal as refusal:  # one table that cannot go on keeps no other from it
                log.warning("table %s: %s", table_id, refusal)
        return len(ids)

    def beat(self) -> None:
        """Every tick: the heartbeat of who is here (web/presence.py)."""
        self.presence.beat((table_id, seated.attendance) for table_id, seated in list(self.tables.items()))

    # --- requests ------------------------------------------------------------------------------------------
    async def act(self, table_id: str, secret: str | None, text: str, version: int | None) -> int:
        seated = await self.table(table_id)
        async with seated.lock:
            live = seated.live
            seat = live.seat_of(secret)
            outbox = await self.apply(seated, partial(live.act, seat, text, version))
        self.deliver(seated, outbox)
        return live.version

    async def undo(self, table_id: str, secret: str | None, version: int | None) -> int:
        seated = await self.table(table_id)
        async with seated.lock:
            live = seated.live
            seat = live.seat_of(secret)
            outbox = await self.apply(seated, partial(live.undo, seat, version))
        self.deliver(seated, outbox)
        return live.version

    async def hand_over(self, table_id: str, secret: str | None, target: int, kind: str | None,
                        version: int | None) -> int:
        """A seated player hands a seat to a bot (their own, or that of a player who is away and whose turn has
        waited past the grace period), or takes their own seat back from the bot (`kind` None)."""
        seated = await self.table(table_id)
        async with seated.lock:
            live = seated.live
            seat = live.check(live.seat_of(secret), version)
            if not 0 <= target < len(live.stored.seats):
                raise Refusal(f"there is no seat {target + 1}" if 0 <= target < 100 else "there is no such seat")
            if not live.stored.seats[target].human:
                raise Refusal(f"seat {target + 1} was never a person's seat")
            if kind is None:
                if target != seat:
                    raise Refusal("only the seat's own player can take it back")
                kind = HUMAN
            else:
                kind = kind or live.stored.settings.handover
                self.bots.check(kind)
                if target != seat:
                    self.clocks.check_absent(seated, target)
            player = kind

            def change() -> None:
                live.set_seat(target, player)
                if player != HUMAN:  # a rating says how a person plays: a bot playing for one ends it
                    live.unrate(f"a bot plays for {seat_name(target)}")
            outbox = await self.change_seats(seated, change)
        self.deliver(seated, outbox)
        return live.version

    async def again(self, table_id: str, secret: str | None, version: int | None) -> str:
        """"Play again" at a finished table: a new table with the same options and seats, each moved one place on
        (so another player starts); every person's invitation to it goes to their own page at the old table.
        Asked twice, it is the same new table. The new table's id."""
        seated = await self.table(table_id)
        live = seated.live
        async with seated.lock:
            if seated.live.seat_of(secret) is None:
                raise Refusal("spectators watch; a seated player starts the next game", status=403)
            if version is None:
                raise Refusal("every request carries the version of the position it was made against", status=400)
            if not live.finished or live.stored.settings.imported:
                raise Refusal("a new game can be started from here once this one is over")
            if live.stored.settings.again is not None:
                return live.stored.settings.again.table
            count = len(live.stored.seats)
            previous = [live.stored.seats[(seat - 1) % count] for seat in range(count)]  # who sat one place back
            rotated = [HUMAN if seat.human else seat.kind for seat in previous]
            names = [seat.name or "" for seat in previous]
            table = new_table(live.game, rotated, live.stored.settings.rematch(), names=names)
            await stored(self.store.create(table))
            invites = {str((number - 1) % count): seat.invite for number, seat in enumerate(table.seats)
                       if seat.invite}

            def record_next() -> None:
                live.stored.settings.again = Rematch(table.id, invites)
                live.note("A new game was started at this table's players' seats, one place on")

            outbox = await self.change_seats(seated, record_next)
        self.deliver(seated, outbox)
        await self.table(table.id)  # its bots start at once
        return table.id

    async def rename(self, table_id: str, secret: str | None, version: int | None, name: str) -> int:
        """A person gives their seat a display name (once asked when they first open it, or changed later)."""
        seated = await self.table(table_id)
        async with seated.lock:
            live = seated.live
            seat = live.seat_of(secret)
            if seat is None:
                raise Refusal("spectators watch; only a seat's own link can name it", status=403)
            # a name is no decision about the position: made on a page a move behind (a bot's, say), it stands
            if version is None or not 0 <= version <= live.version:
                raise Refusal(f"a name is given with a version of the table seen, at most {live.version}",
                              status=400)
            outbox = await self.change_seats(seated, partial(live.set_name, seat, name))
        self.deliver(seated, outbox)
        return live.version

    # --- storing a change before anyone hears of it -----------------------------------------------------------
    async def apply(self, seated: Seated, request: Callable[[], Change]) -> Outbox:
        """Make a request and store it (the caller holds the table's lock); the updates to send."""
        live = seated.live
        change = request()  # Refusal: nothing changed
        # shielded: a caller that goes away mid-write must not leave the live table ahead of the store
        await asyncio.shield(self.store_change(live, change))
        seated.changed = self.clock.now()  # (stored: everyone is told from now)
        await read_ratings(self.people, seated)
        return self.after_change(seated)

    async def store_change(self, live: LiveTable, change: Change) -> None:
        at = self.clock.now()
        clock_before = live.stored.settings.clock
        live.mark_clock(at)  # stored with the change, so a restart keeps the turn's clock
        settings = live.stored.settings
        try:
            if change.keep is not None:
                await stored(self.store.truncate(live.id, live.version, change.keep, at, settings))
            else:
                also = results(live, at) if live.finished else None
                await stored(self.store.append(
                    live.id, live.version, change.first, change.texts, change.actors, live.finished, at, also,
                    settings,
                ))
        except StaleVersion as error:
            live.stored.settings.clock = clock_before
            live.rebuild()
            await reload(self.store, live)  # another process moved it on
            raise Refusal(f"the table moved on meanwhile ({error}); nothing was applied") from None
        except Exception:
            log.exception("could not store a change to table %s", live.id)
            live.stored.settings.clock = clock_before
            live.rebuild()
            raise Refusal("the move could not be stored, so it was not made; try again") from None
        live.commit(change)
        live.stored.moved = at

    async def change_seats(self, seated: Seated, change: Callable[[], None], also: Write | None = None) -> Outbox:
        """Change who sits where (the caller holds the lock), store it (with `also`, more to write in the same
        transaction), and move the version on; on a refusal or a failed write nothing has changed."""
        live = seated.live
        before = copy.deepcopy((live.stored.seats, live.stored.settings))
        try:
            change()
        except Exception as error:
            live.stored.seats, live.stored.settings = before
            raise error if isinstance(error, Refusal) else Refusal(str(error)) from None
        if live.finished and not live.stored.finished:
            also = results(live, self.clock.now(), also)
        # shielded: a caller that goes away mid-write must not leave the live table apart from the store
        await asyncio.shield(self.store_seats(live, before, also))
        await read_ratings(self.people, seated)
        return self.after_change(seated)

    async def store_seats(self, live: LiveTable, before: Any, also: Write | None) -> None:
        try:
            await stored(self.store.set_seats(live.id, live.version, live.stored.seats, live.stored.settings,
                                              also, live.finished))
        except StaleVersion as error:
            live.stored.seats, live.stored.settings = before
            await reload(self.store, live)  # another process moved it on
            raise Refusal(f"the table moved on meanwhile ({error}); nothing was changed") from None
        except Exception:
            live.stored.seats, live.stored.settings = before
            log.exception("could not store the seats of table %s", live.id)
            raise Refusal("the change could not be stored, so it was not made; try again") from None
        live.stored.version += 1
        live.stored.finished = live.finished

    def after_change(self, seated: Seated) -> Outbox:
        seated.waiting_since = seated.live.clock_start() or seated.waiting_since
        self.schedule(seated)
        self.notices.after_change(seated)
        return self.outbox(seated)

    def schedule(self, seated: Seated) -> None:
        """What the table's position asks for next: a bot to think, a turn's clock to run."""
        self.bots.schedule(seated)
        self.clocks.schedule(seated)

    # --- telling ----------------------------------------------------------------------------------------------
    async def snapshot(self, table_id: str, secret: str | None, phone: bool = False) -> dict[str, Any]:
        """What a seat sees now. Under the table's lock: a request half done (applied, not yet stored) is never
        shown, since it may yet be taken back."""
        seated = await self.table(table_id)
        async with seated.lock:
            return self.message(seated, seated.live.seat_of(secret), phone)

    def message(self, seated: Seated, seat: int | None, phone: bool = False) -> dict[str, Any]:
        message = seated.live.message(seat, phone)
        message["connected"] = seated.attendance.connected()
        message["deadline"] = seated.deadline
        message["server_time"] = self.clock.now()
        message["ratings"] = seated.ratings or []
        return message

    def outbox(self, seated: Seated) -> Outbox:
        """Each watcher's update, built once per seat watching (the rendering is the costly part)."""
        texts: dict[tuple[int | None, bool], str] = {}
        outbox = []
        for watcher in seated.watchers:
            key = (watcher.seat, watcher.phone)
            if key not in texts:
                message = self.message(seated, watcher.seat, watcher.phone)
                texts[key] = as_text(seated.live.shown.update(watcher.seat, watcher.phone, message))
            outbox.append((watcher, texts[key]))
        return outbox

    def deliver(self, seated: Seated, outbox: Outbox) -> None:
        """Hand each connection its message; one that is too far behind is dropped (never waited for)."""
        for watcher, text in outbox:
            if not watcher.offer(text):
                seated.watchers.discard(watcher)

    # --- connections ----------------------------------------------------------------------------------------
    async def join(self, table_id: str, secret: str | None, profile: Profile | None = None, phone: bool = False
                   ) -> tuple[Seated, Watcher]:
        """A new connection: it gets the position, then the chat it may read."""
        seated = await self.table(table_id)
        seat = seated.live.seat_of(secret)
        unknown = seat is None and profile is None
        anonymous = seated.joining + sum(w.seat is None and w.profile is None for w in seated.watchers)
        if unknown and anonymous >= self.limits.spectators:
            raise Refusal(f"this table has {self.limits.spectators} spectators without a profile, as many as it "
                          "takes: make a profile (/profile) to watch", status=429)
        channels = readable(seated.live, seat, profile)
        seated.joining += unknown  # (counted from now: a burst cannot slip in while the chat is read)
        try:
            lines = await self.chat.lines(table_id, channels)
        finally:
            seated.joining -= unknown
        async with seated.lock:
            watcher = Watcher(seat, self.limits.outbox, profile, phone, channels=channels,
                              key=seated.live.stored.seats[seat].key if seat is not None else None)
            seated.watchers.add(watcher)
            whole = self.message(seated, watcher.seat, phone)
            watcher.offer(as_text(seated.live.shown.showing(watcher.seat, phone, whole)))
            watcher.offer(self.chat.opening(lines, watcher))
        self.presence.arrived(seated.id, seated.attendance, seat)
        if seat is not None:
            await self.mark_seen(seated, seat)
        return seated, watcher

    async def mark_seen(self, seated: Seated, seat: int) -> None:
        """At a rated table, a person who opens their seat while it shows them their secret cards has seen the deal:
        leaving now counts as a loss (docs/table.md, fair play). Stored once, with the seats."""
        live = seated.live
        settings = live.stored.settings
        if not settings.rated or seat in settings.seen or live.finished:
            return
        async with seated.lock:
            if live.shows_secrets(seat) and seat not in live.stored.settings.seen:
                def seen() -> None:
                    live.stored.settings.seen = [*live.stored.settings.seen, seat]
                outbox = await self.change_seats(seated, seen)
            else:
                outbox = []
        self.deliver(seated, outbox)

    def leave(self, seated: Seated, watcher: Watcher) -> None:
        seated.watchers.discard(watcher)
        self.presence.left(seated.id, seated.attendance, watcher)
        live = seated.live
        if live.finished and not seated.watchers and self.tables.get(live.id) is seated:
            del self.tables[live.id]  # nothing more happens there; it is loaded again if anyone comes back

    async def close(self) -> None:
        if self.watching is not None:
            self.watching.cancel()
        self.reviews.close()
        if self.listener is not None:
            await asyncio.to_thread(self.listener.stop)
        self.notifier.close()
        for seated in self.tables.values():
            for task in (seated.bot, seated.timer):
                if task is not None:
                    task.cancel()
            for watcher in seated.watchers:
                watcher.dropped.set()
        await asyncio.to_thread(self.store.close)
