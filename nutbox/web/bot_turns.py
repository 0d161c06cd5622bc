"""Bots at the tables: their decisions made in the process pool (web/bots.py) from the seat's view and legal actions
only, and played through the same checks as a person's; and hints, the medium bot's choice for a person.

Each table has at most one decision in the pool at a time and the pool serves them first come, first served, so
tables take turns; every decision stops at the server's `--bot-time`, whatever the bot's settings.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Executor
from functools import partial

from nutbox.agents import LEVELS
from nutbox.web.bots import decide
from nutbox.web.chance import bot_seed
from nutbox.web.limits import Clock, Limits
from nutbox.web.live import LiveTable
from nutbox.web.refusal import Refusal
from nutbox.web.seated import Desk, Seated

log = logging.getLogger("nutbox.web")
BOT_NAMES = (*LEVELS, "random")  # what a browser may ask for; explicit search settings only with a server flag


class BotTurns:
    def __init__(self, pool: Executor, clock: Clock, limits: Limits, desk: Desk) -> None:
        self.pool = pool
        self.clock = clock
        self.limits = limits
        self.desk = desk

    def check(self, kind: str) -> None:
        """A bot a request may seat: a level, or explicit settings where the server allows them."""
        if kind not in BOT_NAMES and not self.limits.bot_settings:
            raise Refusal(f"a seat is played by one of the levels {', '.join(BOT_NAMES)}", status=400)

    async def ask(self, live: LiveTable, kind: str, seat: int) -> str:
        """The action text bot `kind` chooses for `seat` now, from the seat's view, in the bots' pool."""
        state = live.match.state
        legal = [str(action) for action in state.legal_actions()]
        return await asyncio.get_running_loop().run_in_executor(
            self.pool, decide, live.game.id, live.stored.options, kind, seat,
            bot_seed(live.stored.chance_key, seat, len(live.actors)), state.view(seat), legal, self.limits.bot_time,
        )

    def schedule(self, seated: Seated) -> None:
        """A bot to move starts thinking (unless the table's bot task is under way)."""
        if seated.live.bot_to_move() and (seated.bot is None or seated.bot.done()):
            seated.bot = asyncio.create_task(self.play(seated))

    async def play(self, seated: Seated) -> None:
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
                text = await self.ask(live, kind, seat)
            except Exception:
                log.exception("bot %s failed at table %s; it plays its first legal move", kind, live.id)
                text = str(live.match.state.legal_actions()[0])
            try:
                async with seated.lock:
                    outbox = await self.desk.apply(seated, partial(live.act, seat, text, version, bot=True))
            except Refusal as refusal:  # the table moved on while the bot thought (an undo, a seat taken back)
                log.info("bot move at table %s dropped: %s", live.id, refusal)
                continue
            self.desk.deliver(seated, outbox)

    async def hint(self, table_id: str, secret: str | None) -> dict[str, str]:
        """A suggested decision for the seat to move, at a table with hints on: what the medium bot would play
        from that seat's own view (so a hint knows no more than the seat does). Nothing changes, and one
        position's hint is worked out once however often it is asked for, so asking cannot crowd the bots."""
        seated = await self.desk.table(table_id)
        live = seated.live
        if not live.stored.settings.hints:
            raise Refusal("hints are off at this table", status=403)
        seat = live.seat_of(secret)
        if seat is None or live.to_move() != seat or live.finished:
            raise Refusal("a hint is for the seat whose turn it is", status=409)
        if seated.hint is None or seated.hint[0] != live.version:
            seated.hint = (live.version, asyncio.ensure_future(self.ask(live, "medium", seat)))
        try:
            text = await asyncio.shield(seated.hint[1])
        except Exception:
            log.exception("no hint at table %s", live.id)
            seated.hint = None
            raise Refusal("no suggestion could be worked out here; try again", status=409) from None
        view = live.match.state.view(seat)
        return {"action": text, "label": live.face.label(live.game.parse(text), view, live.names())}
