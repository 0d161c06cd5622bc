"""The tables in play: requests in, stores before acknowledging, updates out to every watcher, bots moved.

Each table has a lock, so its requests are handled one at a time; different tables never wait for each
other except on the database. A change is written (by the store's writer thread, so the event loop keeps
serving) before anyone hears of it; if the write fails the table is rebuilt from the store and the request
refused. Updates are prepared under the lock, one message per seat watching, and put in each connection's
own bounded outbox: nothing here ever waits for a connection to take its messages, and a connection that
falls too far behind is dropped (its page reconnects and gets the whole position again). Bots think in a
process pool, one decision per table at a time and each capped in time by the server, so no table's bots
can starve another's; their moves go through the same checks as a person's.
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import re
import secrets
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from nutbox.agents import LEVELS
from nutbox.core import Record, RecordError
from nutbox.registry import make, record_game
from nutbox.web.bots import decide
from nutbox.web.chance import bot_seed
from nutbox.web.listen import Listener, notify
from nutbox.web.live import HUMAN, Change, LiveTable, Refusal, imported_table, new_table
from nutbox.web.people import People, Profile, Said, TooFast, Write
from nutbox.web.seats import SECRET_LENGTH, digest, matches, seat_key
from nutbox.web.store import StaleVersion, Store, StoredTable
from nutbox.web.throttle import Throttle
from nutbox.web.webhooks import Notifier

log = logging.getLogger("nutbox.web")
T = TypeVar("T")
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
HEARTBEAT = 5.0  # seconds between a process's words that a seat is still connected to it (several processes)
PRESENCE_EXPIRES = 3 * HEARTBEAT  # a word older than this no longer counts (its process may have died)
PRESENCE_DELAY = 0.25  # seconds: joins and leaves within this are told as one word of who is here
BOT_NAMES = (*LEVELS, "random")  # what a browser may ask for; explicit search settings only with a server flag
CHAT_LENGTH = 300  # characters of a line of chat


@dataclass(frozen=True)
class Limits:
    """What the server's operator sets, never a request."""

    outbox: int = 64  # messages waiting for one connection before it is dropped as too slow
    bot_time: float = 5.0  # seconds a bot may think about one decision
    grace: float = 300.0  # seconds a player's turn must wait before a rival may hand their seat to a bot
    bot_settings: bool = False  # whether requests may give explicit search settings (`mcts:sims=...`)
    invite_only: bool = False  # a profile can be made only with an invite code (`nutbox invite-code`)
    webhook_private: bool = False  # webhooks may go to loopback and private addresses (a club's own network)
    tick: float = 1.0  # seconds between looks at the turn clocks
    chat_lines: int = 5  # lines one speaker may say ...
    chat_window: float = 10.0  # ... in this many seconds
    spectators: int = 50  # connections to one table with neither a seat nor a profile
    tables_per_address: int = 30  # new tables one client address may make ...
    profiles_per_address: int = 20  # ... new profiles (and invite codes tried; a classroom shares one address) ...
    address_window: float = 600.0  # ... in this many seconds
    # seconds at least between two bot decisions while a bot plays a person's seat (handed over, or its time ran
    # out): the person can follow the game and take the seat back before it is played to the end
    pace: float = 1.5


class Clock:
    """The server's time, in seconds since the epoch. Turn clocks run on it; a test moves `offset` on to see
    a day pass without waiting one."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.time() + self.offset


@dataclass(eq=False)
class Watcher:
    """One live connection: its seat and the messages waiting for it, never more than `limit`."""

    seat: int | None
    limit: int
    profile: Profile | None = None  # the watching browser's profile, if it has one (a spectator chats with it)
    phone: bool = False  # the board drawn for a phone
    channels: tuple[str, ...] = ("seats",)  # the chat channels it reads (hub.readable)
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


@dataclass(eq=False)
class Seated:
    live: LiveTable
    clock: Clock
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    bot: asyncio.Task[None] | None = None
    timer: asyncio.Task[None] | None = None  # a turn's time running out being dealt with
    deadline: float | None = None  # when the seat to move runs out of time, at a table with a turn timer
    waiting_since: float = 0.0  # when the last action was stored: the turn's clock runs from there
    last_seen: dict[int, float] = field(default_factory=dict)  # seat: when its last connection closed
    loaded: float = 0.0
    # the person's seat whose turn it was at the last change, and whether every seat was taken then: a turn is
    # told once, when it starts or when the last seat is taken (the game can begin)
    turn_of: tuple[int | None, bool] = (None, False)
    said_here: deque[int] = field(default_factory=lambda: deque(maxlen=100))  # lines said through this process
    # the hint for one position (its version): asked for again, it is the same answer, worked out once
    hint: tuple[int, asyncio.Future[str]] | None = None
    ratings: list[dict[str, int]] | None = None  # a finished rated game's ratings before and after, once read
    presence_due: bool = False  # a word of who is here is about to go out
    joining: int = 0  # spectators without a profile whose connection is being set up
    changed: float = 0.0  # when the last move here was stored (bots keep their pace from it)
    # what other processes said of each seat: seat -> process -> (connected there, when said)
    elsewhere: dict[int, dict[str, tuple[bool, float]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.loaded = self.clock.now()
        self.waiting_since = self.live.clock_start() or self.loaded
        self.turn_of = (self.live.human_to_move(), self.live.full())

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


async def stored(write: Future[None]) -> None:
    await asyncio.wrap_future(write)


class Hub:
    def __init__(self, store: Store, bots: Executor, limits: Limits | None = None, clock: Clock | None = None
                 ) -> None:
        self.store = store
        self.people = People(store)
        self.bots = bots
        self.limits = limits or Limits()
        self.clock = clock or Clock()
        self.tables: dict[str, Seated] = {}
        self.clocks: asyncio.Task[None] | None = None
        self.notifier = Notifier(self.limits.webhook_private)
        self.telling: set[asyncio.Task[None]] = set()  # webhooks being looked up, tables being caught up
        self.listener: Listener | None = None  # other processes' changes (PostgreSQL)
        self.process = secrets.token_hex(4)  # this process, in its words to the others
        self.heartbeat = 0.0  # when this process last said which seats are connected to it
        limits = self.limits
        self.new_tables = Throttle(limits.tables_per_address, limits.address_window, "new tables")
        self.new_profiles = Throttle(limits.profiles_per_address, limits.address_window, "new profiles or invite codes")

    # --- tables ---------------------------------------------------------------------------------------------
    async def create(self, game_id: str, options: dict[str, Any], seats: list[str],
                     settings: dict[str, Any], names: list[str] | None = None) -> StoredTable:
        for kind in seats:
            if kind != HUMAN:
                self.check_bot(kind)
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
            await self.read_ratings(seated)
            self.schedule(seated)
        return seated

    async def resume_all(self) -> int:
        """After a restart: every unfinished game carries on (bots to move are asked again)."""
        if self.clocks is None:
            self.clocks = asyncio.create_task(self.watch_clocks())
        if self.listener is None and self.store.engine.dialect.name == "postgresql":
            loop = asyncio.get_running_loop()
            url = self.store.engine.url.render_as_string(hide_password=False)
            self.listener = Listener(url, lambda text: loop.call_soon_threadsafe(self.heard, text))
            self.listener.start()
        ids = await asyncio.to_thread(self.store.unfinished)
        for table_id in ids:
            try:
                await self.table(table_id)
            except Refusal as refusal:  # one table that cannot go on keeps no other from it
                log.warning("table %s: %s", table_id, refusal)
        return len(ids)

    def check_bot(self, kind: str) -> None:
        if kind not in BOT_NAMES and not self.limits.bot_settings:
            raise Refusal(f"a seat is played by one of the levels {', '.join(BOT_NAMES)}", status=400)

    # --- requests ------------------------------------------------------------------------------------------
    async def act(self, table_id: str, secret: str | None, text: str, version: int | None) -> int:
        seated = await self.table(table_id)
        async with seated.lock:
            live = seated.live
            seat = live.seat_of(secret)
            outbox = await self.apply(seated, partial(live.act, seat, text, version))
        self.deliver(seated, outbox)
        return live.version

    async def hint(self, table_id: str, secret: str | None) -> dict[str, str]:
        """A suggested decision for the seat to move, at a table with hints on: what the medium bot would play
        from that seat's own view (so a hint knows no more than the seat does). Nothing changes, and one
        position's hint is worked out once however often it is asked for, so asking cannot crowd the bots."""
        seated = await self.table(table_id)
        live = seated.live
        if not live.stored.settings.get("hints"):
            raise Refusal("hints are off at this table", status=403)
        seat = live.seat_of(secret)
        if seat is None or live.to_move() != seat or live.finished:
            raise Refusal("a hint is for the seat whose turn it is", status=409)
        if seated.hint is None or seated.hint[0] != live.version:
            seated.hint = (live.version, asyncio.ensure_future(self.ask_bot(live, "medium", seat)))
        try:
            text = await asyncio.shield(seated.hint[1])
        except Exception:
            log.exception("no hint at table %s", live.id)
            seated.hint = None
            raise Refusal("no suggestion could be worked out here; try again", status=409) from None
        view = live.match.state.view(seat)
        return {"action": text, "label": live.named(live.game.label(live.game.parse(text), view))}

    async def ask_bot(self, live: LiveTable, kind: str, seat: int) -> str:
        """The action text bot `kind` chooses for `seat` now, from the seat's view, in the bots' pool."""
        state = live.match.state
        legal = [str(action) for action in state.legal_actions()]
        return await asyncio.get_running_loop().run_in_executor(
            self.bots, decide, live.game.id, live.stored.options, kind, seat,
            bot_seed(live.stored.chance_key, seat, len(live.actors)), state.view(seat), legal, self.limits.bot_time,
        )

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
            if not live.stored.seats[target].get("human"):
                raise Refusal(f"seat {target + 1} was never a person's seat")
            if kind is None:
                if target != seat:
                    raise Refusal("only the seat's own player can take it back")
                kind = HUMAN
            else:
                kind = kind or str(live.stored.settings.get("handover", "easy"))
                self.check_bot(kind)
                if target != seat:
                    self.check_absent(seated, target)

            def change() -> None:
                live.set_seat(target, kind)
                if kind != HUMAN:  # a rating says how a person plays: a bot playing for one ends it
                    live.unrate(f"a bot plays for Player {target + 1}")
            outbox = await self.change_seats(seated, change)
        self.deliver(seated, outbox)
        return live.version

    def grace(self, seated: Seated) -> float:
        """How long a turn must wait before a rival may hand the seat over: the table's turn timer, if any."""
        return float(seated.live.stored.settings.get("timer") or 0) or self.limits.grace

    def check_absent(self, seated: Seated, target: int) -> None:
        live = seated.live
        if seated.away_for(target) == 0:
            raise Refusal(f"player {target + 1} is still at the table; only they can hand their seat over")
        if live.human_to_move() != target:
            raise Refusal(f"player {target + 1}'s seat can be handed over only while it is their turn")
        waited, grace = self.clock.now() - seated.waiting_since, self.grace(seated)
        if waited < grace:
            raise Refusal(f"player {target + 1} has had {waited:.0f} s for this turn; their seat can be handed "
                          f"to a bot once they have waited {grace:.0f} s")

    async def claim(self, table_id: str, token: str, profile: tuple[Profile, str] | None = None) -> tuple[int, str]:
        """An invitation opened: the seat and its new key (shown to the claimer only). Taken with a profile
        (its record and its key), the seat is the profile's, and its key is derived from the profile's."""
        seated = await self.table(table_id)
        live = seated.live
        async with seated.lock:
            claimed: tuple[int, str] = (-1, "")
            seat = live.invitation(token)
            if profile is None and live.stored.settings.get("rated"):
                raise Refusal("this table is rated: make a profile (/profile) to take a seat", status=403)
            joins: Write | None = None
            if profile is not None:
                taken = live.seat_of_profile(profile[0].id)
                if taken is not None and taken != seat:
                    raise Refusal(f"your profile already sits at this table (player {taken + 1})", status=409)
                joins = People.join(live.id, seat, profile[0].id, self.clock.now())

            def take() -> None:
                nonlocal claimed
                if profile is None:
                    claimed = live.claim(token)
                else:
                    claimed = live.claim(token, seat_key(profile[1], live.id, seat), profile[0])
                if live.full() and "seated" not in live.stored.settings:
                    live.stored.settings["seated"] = self.clock.now()  # the turn clocks start now

            outbox = await self.change_seats(seated, take, also=joins)
            self.drop_seat(seated, claimed[0])  # a device whose key was just replaced no longer watches
        self.deliver(seated, outbox)
        return claimed

    async def rekey(self, table_id: str, profile_id: str, old: str, new: str) -> None:
        """A profile's seat at this table gets a new key (its profile's key changed): the old key's links stop
        working and the devices watching with it are dropped. A seat moved to a device of its own, or
        finished, keeps its key."""
        try:
            seated = await self.table(table_id)
        except Refusal:  # a table that cannot go on here (made under rules this nutbox no longer plays)
            return
        live = seated.live
        async with seated.lock:
            seat = live.seat_of_profile(profile_id)
            if seat is None or live.finished or not matches(live.stored.seats[seat].get("key"), old):
                return

            def rekey() -> None:
                live.stored.seats[seat] = {**live.stored.seats[seat], "key": digest(new)}

            outbox = await self.change_seats(seated, rekey)
            self.drop_rekeyed(seated)
        self.deliver(seated, outbox)

    async def take_seat(self, table_id: str, profile: tuple[Profile, str], seat: int | None = None
                        ) -> tuple[int, str]:
        """A profile takes a free person's seat (the first, or `seat`) without an invitation link: from the lobby,
        or the creator sitting at their own table. The seat and its key."""
        seated = await self.table(table_id)
        live = seated.live
        free = [s for s, info in enumerate(live.stored.seats) if info.get("human") and info.get("invite")
                and not live.joined(s)]
        if (seat is not None and seat not in free) or not free or live.finished:
            raise Refusal("no seat is free at that table any more", status=409)
        token = live.stored.seats[free[0] if seat is None else seat]["invite"]
        return await self.claim(table_id, str(token), profile)

    async def issue(self, seated: Seated, make_link: Callable[[], str]) -> str:
        """A new one-time link for a seat, stored before it is handed out (the caller holds the lock)."""
        token = ""

        def issue() -> None:
            nonlocal token
            token = make_link()

        outbox = await self.change_seats(seated, issue)
        self.deliver(seated, outbox)
        return token

    async def transfer(self, table_id: str, secret: str | None, version: int | None) -> str:
        """The holder of a seat asks for a one-time link that moves the seat to another device."""
        seated = await self.table(table_id)
        live = seated.live
        async with seated.lock:
            seat = live.check(live.seat_of(secret), version) if not live.finished else live.seat_of(secret)
            if seat is None:
                raise Refusal("spectators watch; only a seat's own link can be moved", status=403)
            return await self.issue(seated, partial(live.transfer, seat))

    async def reissue(self, table_id: str, creator: str, seat: int) -> str:
        """The table's creator re-issues the invitation of a seat whose holder has been away past the grace."""
        seated = await self.table(table_id)
        live = seated.live
        check_creator(live, creator)
        if not 0 <= seat < len(live.stored.seats) or not live.stored.seats[seat].get("human"):
            raise Refusal("that is not a person's seat of this table", status=400)
        if live.joined(seat):
            away, grace = seated.away_for(seat), self.grace(seated)
            if away < grace:
                raise Refusal(f"player {seat + 1} was here {away:.0f} s ago; a seat's invitation can be re-issued "
                              f"once its player has been away for {grace:.0f} s")
        note = f"The table's creator re-issued the invitation for player {seat + 1}'s seat"
        async with seated.lock:
            return await self.issue(seated, partial(live.invite, seat, note))

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
            if not live.finished or live.stored.settings.get("imported"):
                raise Refusal("a new game can be started from here once this one is over")
            if "again" in live.stored.settings:
                return str(live.stored.settings["again"]["table"])
            count = len(live.stored.seats)
            previous = [live.stored.seats[(seat - 1) % count] for seat in range(count)]  # who sat one place back
            rotated = [HUMAN if info.get("human") else str(info["kind"]) for info in previous]
            kept = ("timer", "timeout", "handover", "creator", "rated", "hints", "autoplay")  # a rematch is private
            settings: dict[str, Any] = {key: live.stored.settings[key] for key in kept if key in live.stored.settings}
            if live.stored.settings.get("unrated"):
                settings["rated"] = True  # this game stopped being rated; the next one starts as the table was
            names = [str(info.get("name") or "") for info in previous]
            table = new_table(live.game, rotated, settings, names=names)
            await stored(self.store.create(table))
            invites = {str((seat - 1) % count): info["invite"] for seat, info in enumerate(table.seats)
                       if info.get("invite")}

            def record_next() -> None:
                live.stored.settings["again"] = {"table": table.id, "invites": invites}
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
            if not live.finished:
                live.check(seat, version)
            outbox = await self.change_seats(seated, partial(live.set_name, seat, name))
        self.deliver(seated, outbox)
        return live.version

    async def change_seats(self, seated: Seated, change: Callable[[], None], also: Write | None = None
                           ) -> list[tuple[Watcher, str]]:
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
            also = self.results(live, also)
        # shielded: a caller that goes away mid-write must not leave the live table apart from the store
        await asyncio.shield(self.store_seats(live, before, also))
        await self.read_ratings(seated)
        return self.after_change(seated)

    async def store_seats(self, live: LiveTable, before: tuple[Any, Any], also: Write | None) -> None:
        try:
            await stored(self.store.set_seats(live.id, live.version, live.stored.seats, live.stored.settings,
                                              also, live.finished))
        except StaleVersion as error:
            live.stored.seats, live.stored.settings = before
            await self.reload(live)  # another process moved it on
            raise Refusal(f"the table moved on meanwhile ({error}); nothing was changed") from None
        except Exception:
            live.stored.seats, live.stored.settings = before
            log.exception("could not store the seats of table %s", live.id)
            raise Refusal("the change could not be stored, so it was not made; try again") from None
        live.stored.version += 1
        live.stored.finished = live.finished

    def results(self, live: LiveTable, also: Write | None = None) -> Write:
        """A write for the end of a game: each profile's place and result, and, at a rated table, the ratings."""
        from nutbox.web import ratings

        places, words = live.places(), [live.result_words(seat) for seat in range(len(live.stored.seats))]
        subjects = live.subjects()
        rated = bool(live.stored.settings.get("rated")) and None not in subjects and len(subjects) > 1
        people = [seat for seat, info in enumerate(live.stored.seats) if info.get("human")]
        idle = [seat for seat in people if not live.decided(seat)]
        left = [seat for seat in idle if live.engaged(seat)]  # saw their secrets, then never played: they left
        if rated and idle and len(left) < len(idle):  # a game a person never played is aborted: nobody's rating
            rated = False                              # moves (no farming with a profile that takes a seat)
            live.unrate(f"{' and '.join(f'Player {seat + 1}' for seat in idle)} never made a decision")
        # those who left after seeing their secrets lose, and nobody gains from them (no shopping for deals)
        counted = {str(subjects[seat]) for seat in left} if rated and left else None
        game, players, at = live.game.id, len(subjects), self.clock.now()

        def write(db: Any) -> None:
            if also is not None:
                also(db)
            People.results(live.id, places, words)(db)
            if rated:
                named = [str(subject) for subject in subjects]
                current = People.read_ratings(db, game, players, named)
                new = ratings.update(named, places, current)
                if counted is not None:
                    new = {subject: rating for subject, rating in new.items() if subject in counted}
                People.rate(game, players, new, at)(db)
                shown = [(seat, ratings.shown_of(subject, current), ratings.shown(*new[subject][:2]))
                         for seat, subject in enumerate(named) if subject in new and not ratings.is_bot(subject)]
                People.rating_changes(live.id, shown)(db)

        return write

    async def apply(self, seated: Seated, request: Callable[[], Change]) -> list[tuple[Watcher, str]]:
        """Make a request and store it (the caller holds the table's lock); the updates to send."""
        live = seated.live
        change = request()  # Refusal: nothing changed
        # shielded: a caller that goes away mid-write must not leave the live table ahead of the store
        await asyncio.shield(self.store_change(live, change))
        seated.changed = self.clock.now()  # (stored: everyone is told from now)
        await self.read_ratings(seated)
        return self.after_change(seated)

    async def read_ratings(self, seated: Seated) -> None:
        """Once a rated game is over, its ratings before and after (shown at the end)."""
        live = seated.live
        if live.finished and live.stored.settings.get("rated") and seated.ratings is None:
            seated.ratings = await asyncio.to_thread(self.people.rating_changed, live.id)

    async def store_change(self, live: LiveTable, change: Change) -> None:
        at = self.clock.now()
        clock_before = live.stored.settings.get("clock")
        live.mark_clock(at)  # stored with the change, so a restart keeps the turn's clock
        settings = live.stored.settings
        try:
            if change.keep is not None:
                await stored(self.store.truncate(live.id, live.version, change.keep, at, settings))
            else:
                also = self.results(live) if live.finished else None
                await stored(self.store.append(
                    live.id, live.version, change.first, change.texts, change.actors, live.finished, at, also,
                    settings,
                ))
        except StaleVersion as error:
            live.stored.settings["clock"] = clock_before
            live.rebuild()
            await self.reload(live)  # another process moved it on
            raise Refusal(f"the table moved on meanwhile ({error}); nothing was applied") from None
        except Exception:
            log.exception("could not store a change to table %s", live.id)
            live.stored.settings["clock"] = clock_before
            live.rebuild()
            raise Refusal("the move could not be stored, so it was not made; try again") from None
        live.commit(change)
        live.stored.moved = at

    def after_change(self, seated: Seated) -> list[tuple[Watcher, str]]:
        seated.waiting_since = seated.live.clock_start() or seated.waiting_since
        self.schedule(seated)
        self.tell_turn(seated)
        return self.outbox(seated)

    def tell_turn(self, seated: Seated) -> None:
        """When a person's turn starts (or the game can start, its last seat taken), their profile's webhook, if
        they gave one, is told: once a turn, and only if they have no page open at the table."""
        live = seated.live
        seat, full = live.human_to_move(), live.full()
        if (seat, full) == seated.turn_of:
            return
        seated.turn_of = (seat, full)
        profile = live.stored.seats[seat].get("profile") if seat is not None else None
        if profile and full and not seated.here(seat):  # type: ignore[arg-type]
            task = asyncio.create_task(self.send_turn(live, seat, str(profile)))  # type: ignore[arg-type]
            self.telling.add(task)  # (kept, so it is not collected half done)
            task.add_done_callback(self.telling.discard)

    async def send_turn(self, live: LiveTable, seat: int, profile_id: str) -> None:
        profile = await asyncio.to_thread(self.people.profile_by_id, profile_id)
        if profile is None or not profile.webhook:
            return
        site = (profile.site or "").rstrip("/")
        self.notifier.notify(profile.webhook, who=profile.id, payload={
            "event": "your_turn", "game": live.game.title, "table": live.id, "seat": seat + 1,
            "player": live.names()[seat],
            "text": f"{live.game.title}: {live.prompt(seat, live.match.state.view(seat))}",
            "url": f"{site}/me",
        })

    # --- watchers -------------------------------------------------------------------------------------------
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
            lines = await asyncio.to_thread(self.people.chat, table_id, channels)
        finally:
            seated.joining -= unknown
        async with seated.lock:
            watcher = Watcher(seat, self.limits.outbox, profile, phone, channels=channels,
                              key=seated.live.stored.seats[seat].get("key") if seat is not None else None)
            seated.watchers.add(watcher)
            watcher.offer(json.dumps(self.message(seated, watcher.seat, phone)))
            why_not = None if seat is not None or "spectators" in channels else \
                "make a profile (/profile) to chat as a spectator" if profile is None else \
                "you hold a seat at this table: speak from your seat's page"
            watcher.offer(json.dumps({
                "type": "chat", "reset": True, "lines": [line.to_json() for line in lines],
                "say": None if why_not else "seats" if seat is not None else "spectators", "why_not": why_not,
            }))
        self.broadcast_presence(seated)
        if seat is not None:
            self.announce(seated, seat)
            await self.mark_seen(seated, seat)
        return seated, watcher

    async def mark_seen(self, seated: Seated, seat: int) -> None:
        """At a rated table, a person who opens their seat while it shows them their secret cards has seen the deal:
        leaving now counts as a loss (docs/table.md, fair play). Stored once, with the seats."""
        live = seated.live
        if not live.stored.settings.get("rated") or seat in live.stored.settings.get("seen", []) or live.finished:
            return
        async with seated.lock:
            if live.shows_secrets(seat) and seat not in live.stored.settings.get("seen", []):
                def seen() -> None:
                    live.stored.settings["seen"] = [*live.stored.settings.get("seen", []), seat]
                outbox = await self.change_seats(seated, seen)
            else:
                outbox = []
        self.deliver(seated, outbox)

    async def say(self, table_id: str, secret: str | None, profile: Profile | None, text: str) -> int:
        """A line of chat: a seat speaks to the table (everyone reads it), a spectator with a profile to the
        other spectators. Plain text, at most CHAT_LENGTH characters, a few lines at a time; the line's id."""
        seated = await self.table(table_id)
        live = seated.live
        seat = live.seat_of(secret)
        words = " ".join(text.split())
        if not words or len(words) > CHAT_LENGTH or not words.isprintable():
            raise Refusal(f"a line of chat is 1 to {CHAT_LENGTH} printable characters", status=400)
        if seat is None and profile is None:
            raise Refusal("make a profile (/profile) to chat as a spectator", status=403)
        if seat is None and "spectators" not in readable(live, seat, profile):
            raise Refusal("you hold a seat at this table: speak from your seat's page", status=403)
        now = self.clock.now()
        channel = "seats" if seat is not None else "spectators"
        author = live.names()[seat] if seat is not None else profile.name  # type: ignore[union-attr]
        # each speaker has a few lines a window; all the spectators together a few times that, since anyone
        # can make a profile (unless the server is invite-only): counted where every process sees them
        try:
            said = await asyncio.wrap_future(self.people.say(
                live.id, channel, seat, live.stored.seats[seat].get("profile") if seat is not None else profile.id,  # type: ignore[union-attr]
                author, words, now, self.limits.chat_lines, self.limits.chat_window,
            ))
        except TooFast as refused:
            raise Refusal(str(refused), status=429) from None
        seated.said_here.append(said)
        self.tell_line(seated, Said(said, channel, seat, author, words, now))
        return said

    def tell_line(self, seated: Seated, line: Said) -> None:
        text = json.dumps({"type": "chat", "lines": [line.to_json()]})
        self.deliver(seated, [(watcher, text) for watcher in list(seated.watchers)
                              if line.channel in watcher.channels])

    # --- other processes (PostgreSQL) -----------------------------------------------------------------------
    def heard(self, text: str) -> None:
        """A change another process (or this one) stored: a table loaded here catches up and tells its watchers."""
        kind, _, rest = text.partition(" ")
        table_id, _, number = rest.partition(" ")
        if kind == "again":
            for every in list(self.tables.values()):
                self.later(self.catch_up(every))
            return
        seated = self.tables.get(table_id)
        if kind == "here" and seated is not None:
            self.hear_presence(seated, number)
            return
        if seated is None or not number.isdigit():
            return
        if kind == "table" and int(number) > seated.live.version:
            self.later(self.catch_up(seated))
        elif kind == "chat" and int(number) not in seated.said_here and seated.watchers:
            self.later(self.hear_line(seated, int(number)))

    def announce(self, seated: Seated, seat: int) -> None:
        """Tell the other processes (PostgreSQL) whether the seat is connected to this one, now."""
        if self.listener is None:
            return
        here = int(seated.here_locally(seat))
        text = f"here {seated.live.id} {seat} {here} {self.process} {self.clock.now():.3f}"
        self.store.write(lambda db: notify(db, text))

    def hear_presence(self, seated: Seated, words: str) -> None:
        """Another process's word that a seat is (1) or is no longer (0) connected to it."""
        parts = words.split()
        if len(parts) != 4 or parts[2] == self.process or not parts[0].isdigit() or parts[1] not in "01":
            return
        seat, connected, process = int(parts[0]), parts[1] == "1", parts[2]
        try:
            at = float(parts[3])
        except ValueError:
            return
        before = seated.here(seat)
        seated.elsewhere.setdefault(seat, {})[process] = (connected, at)
        if seated.here(seat) != before:
            self.broadcast_presence(seated)

    def beat(self) -> None:
        """Every HEARTBEAT seconds (PostgreSQL): say again which seats are connected to this process."""
        now = self.clock.now()
        if self.listener is None or now - self.heartbeat < HEARTBEAT:
            return
        self.heartbeat = now
        for seated in list(self.tables.values()):
            for seat in {watcher.seat for watcher in seated.watchers if watcher.seat is not None}:
                self.announce(seated, seat)

    def later(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self.telling.add(task)  # (kept, so it is not collected half done)
        task.add_done_callback(self.telling.discard)

    async def catch_up(self, seated: Seated) -> None:
        async with seated.lock:
            if await self.reload(seated.live):
                self.drop_rekeyed(seated)
                await self.read_ratings(seated)
                seated.waiting_since = seated.live.clock_start() or seated.waiting_since
                seated.turn_of = (seated.live.human_to_move(), seated.live.full())  # the changer told the turn
                self.schedule(seated)
                outbox = self.outbox(seated)
            else:
                outbox = []
        self.deliver(seated, outbox)

    async def reload(self, live: LiveTable) -> bool:
        """The table as stored, if it has moved on from what this process holds (the caller holds the lock)."""
        loaded = await asyncio.to_thread(self.store.load, live.id)
        if loaded is None or loaded.version <= live.version:
            return False
        live.reload(loaded)
        return True

    async def hear_line(self, seated: Seated, line_id: int) -> None:
        line = await asyncio.to_thread(self.people.line, line_id)
        if line is not None:
            self.tell_line(seated, line)

    def leave(self, seated: Seated, watcher: Watcher) -> None:
        seated.watchers.discard(watcher)
        if watcher.seat is not None:
            seated.last_seen[watcher.seat] = self.clock.now()
            if not seated.here_locally(watcher.seat):
                self.announce(seated, watcher.seat)
        self.broadcast_presence(seated)
        live = seated.live
        if live.finished and not seated.watchers and self.tables.get(live.id) is seated:
            del self.tables[live.id]  # nothing more happens there; it is loaded again if anyone comes back

    def drop_rekeyed(self, seated: Seated) -> None:
        """Another process gave a seat a new key (a seat claimed anew, moved, or its profile's device signed
        out): the connections made here with the old key see that seat no more."""
        seats = seated.live.stored.seats
        for watcher in [w for w in seated.watchers if w.seat is not None and seats[w.seat].get("key") != w.key]:
            watcher.dropped.set()
            seated.watchers.discard(watcher)

    def drop_seat(self, seated: Seated, seat: int) -> None:
        for watcher in [w for w in seated.watchers if w.seat == seat]:
            watcher.dropped.set()
            seated.watchers.discard(watcher)

    async def snapshot(self, table_id: str, secret: str | None, phone: bool = False) -> dict[str, Any]:
        """What a seat sees now. Under the table's lock: a request half done (applied, not yet stored) is never
        shown, since it may yet be taken back."""
        seated = await self.table(table_id)
        async with seated.lock:
            return self.message(seated, seated.live.seat_of(secret), phone)

    def message(self, seated: Seated, seat: int | None, phone: bool = False) -> dict[str, Any]:
        message = seated.live.message(seat, phone)
        message["connected"] = [seated.here(s) for s in range(len(seated.live.stored.seats))]
        message["deadline"] = seated.deadline
        message["server_time"] = self.clock.now()
        message["ratings"] = seated.ratings or []
        return message

    def outbox(self, seated: Seated) -> list[tuple[Watcher, str]]:
        """Each watcher's update, built once per seat watching (the rendering is the costly part)."""
        texts: dict[tuple[int | None, bool], str] = {}
        outbox = []
        for watcher in seated.watchers:
            key = (watcher.seat, watcher.phone)
            if key not in texts:
                texts[key] = json.dumps(self.message(seated, watcher.seat, watcher.phone))
            outbox.append((watcher, texts[key]))
        return outbox

    def deliver(self, seated: Seated, outbox: list[tuple[Watcher, str]]) -> None:
        """Hand each connection its message; one that is too far behind is dropped (never waited for)."""
        for watcher, text in outbox:
            if not watcher.offer(text):
                seated.watchers.discard(watcher)

    def broadcast_presence(self, seated: Seated) -> None:
        """Tell every watcher who is here, at most once per PRESENCE_DELAY however many come and go."""
        if seated.presence_due:
            return
        seated.presence_due = True

        def send() -> None:
            seated.presence_due = False
            connected = [seated.here(s) for s in range(len(seated.live.stored.seats))]
            text = json.dumps({"type": "presence", "connected": connected})
            for watcher in list(seated.watchers):
                watcher.offer_presence(text)

        asyncio.get_running_loop().call_later(PRESENCE_DELAY, send)

    # --- bots and timers ------------------------------------------------------------------------------------
    def schedule(self, seated: Seated) -> None:
        live = seated.live
        if live.bot_to_move() and (seated.bot is None or seated.bot.done()):
            seated.bot = asyncio.create_task(self.bot_move(seated))
        timer = float(live.stored.settings.get("timer") or 0)
        running = timer > 0 and live.human_to_move() is not None and live.full()  # no clock before all are seated
        seated.deadline = seated.waiting_since + timer if running else None

    async def watch_clocks(self) -> None:
        """Every `tick` seconds, deal with each turn whose time has run out (the deadlines are stored with the
        tables, so a restart neither forgets nor resets them)."""
        while True:
            await asyncio.sleep(self.limits.tick)
            self.beat()
            now = self.clock.now()
            for seated in list(self.tables.values()):
                seat = seated.live.human_to_move()
                due = seated.deadline is not None and now >= seated.deadline and seat is not None
                if due and (seated.timer is None or seated.timer.done()):
                    seated.timer = asyncio.create_task(self.time_out(seated, seat, seated.live.version))  # type: ignore[arg-type]

    async def bot_move(self, seated: Seated) -> None:
        """Bots move for as long as a bot is to move (one task per table, so a table never has more than one
        decision in the pool: tables take turns in it)."""
        live = seated.live
        while (kind := live.bot_to_move()) is not None and (seat := live.to_move()) is not None:
            version = live.version
            if live.handed():
                await asyncio.sleep(max(0.0, self.limits.pace - (self.clock.now() - seated.changed)))
                if live.version != version:
                    continue  # the person took the seat back meanwhile, or the table moved on
            try:
                text = await self.ask_bot(live, kind, seat)
            except Exception:
                log.exception("bot %s failed at table %s; it plays its first legal move", kind, live.id)
                text = str(live.match.state.legal_actions()[0])
            try:
                async with seated.lock:
                    outbox = await self.apply(seated, partial(live.act, seat, text, version, bot=True))
            except Refusal as refusal:  # the table moved on while the bot thought (an undo, a seat taken back)
                log.info("bot move at table %s dropped: %s", live.id, refusal)
                continue
            self.deliver(seated, outbox)

    async def time_out(self, seated: Seated, seat: int, version: int) -> None:
        """A person's time for a decision has run out: the table's rule applies. "bot": a bot takes the seat
        over (its player can take it back); "move": a bot makes this one decision for them; "forfeit": they lose
        (with two players the game ends there; with more, a bot plays their seat on and they are placed last)."""
        live = seated.live
        rule = str(live.stored.settings.get("timeout", "bot"))
        kind = str(live.stored.settings.get("handover", "easy"))
        try:
            text = await self.ask_bot(live, kind, seat) if rule == "move" else ""
        except Exception:
            log.exception("no move for the timed-out seat at table %s", live.id)
            text = str(live.match.state.legal_actions()[0])
        async with seated.lock:
            if live.version != version or live.human_to_move() != seat:
                return
            if rule == "move":
                def made_for() -> None:
                    live.note(f"Player {seat + 1} ran out of time: a bot ({kind}) made that decision for them")
                    live.unrate(f"a bot decided for Player {seat + 1}")
                outbox = await self.change_seats(seated, made_for)
                self.deliver(seated, outbox)
                outbox = await self.apply(seated, partial(live.act, seat, text, live.version, bot=True))
            else:
                def timed_out() -> None:
                    live.time_out(seat, rule, kind)
                    if rule != "forfeit":  # (a forfeit is a loss, and counts: leaving is no way out of a rating)
                        live.unrate(f"a bot plays for Player {seat + 1}")
                outbox = await self.change_seats(seated, timed_out)
        self.deliver(seated, outbox)

    async def close(self) -> None:
        if self.clocks is not None:
            self.clocks.cancel()
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


def readable(live: LiveTable, seat: int | None, profile: Profile | None) -> tuple[str, ...]:
    """The chat channels a connection reads: a seat the table's; a spectator with a profile that holds no seat
    at the table that and the spectators' own (so a player cannot read the spectators talking about them, from
    a second tab or without a profile)."""
    if seat is None and profile is not None and live.seat_of_profile(profile.id) is None:
        return ("seats", "spectators")
    return ("seats",)


def check_creator(live: LiveTable, key: str) -> None:
    if len(key) > SECRET_LENGTH or not matches(live.stored.settings.get("creator"), key):
        raise Refusal("this is not the creator's link of that table", status=403)


__all__ = ["Hub", "Limits", "Refusal", "Seated", "Watcher", "check_creator"]
