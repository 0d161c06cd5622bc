"""Turn clocks: when the seat to move runs out of time and what then happens, and how long an absent player's
turn must wait before a rival may hand their seat to a bot.

The clock runs from the moment the turn's decision became due (LiveTable.clock_start: kept with the table, so a
restart neither resets nor forgets it) and not before every person is seated. When it runs out, the table's rule
applies (TableSettings.timeout): "bot", a bot takes the seat over (its player can take it back); "move", a bot
makes this one decision; "forfeit", the player loses (with two players the game ends there; with more, a bot
plays their seat on and they are placed last).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from functools import partial

from nutbox.core import seat_name
from nutbox.web.bot_turns import BotTurns
from nutbox.web.limits import Clock, Limits
from nutbox.web.refusal import Refusal
from nutbox.web.seated import Desk, Seated

log = logging.getLogger("nutbox.web")


class TurnClocks:
    def __init__(self, clock: Clock, limits: Limits, bots: BotTurns, desk: Desk) -> None:
        self.clock = clock
        self.limits = limits
        self.bots = bots
        self.desk = desk

    def schedule(self, seated: Seated) -> None:
        """The deadline of the turn under way, at a table with a timer, once every person is seated."""
        live = seated.live
        timer = live.stored.settings.timer
        running = timer > 0 and live.human_to_move() is not None and live.full()
        seated.deadline = seated.waiting_since + timer if running else None

    async def watch(self, tables: Mapping[str, Seated], also: Callable[[], None]) -> None:
        """Every `tick` seconds, deal with each turn whose time has run out (and do `also`)."""
        while True:
            await asyncio.sleep(self.limits.tick)
            also()
            now = self.clock.now()
            for seated in list(tables.values()):
                seat = seated.live.human_to_move()
                due = seated.deadline is not None and now >= seated.deadline and seat is not None
                if seat is not None and due and (seated.timer is None or seated.timer.done()):
                    seated.timer = asyncio.create_task(self.time_out(seated, seat, seated.live.version))

    async def time_out(self, seated: Seated, seat: int, version: int) -> None:
        """A person's time for a decision has run out: the table's rule applies."""
        live = seated.live
        rule, kind = live.stored.settings.timeout, live.stored.settings.handover
        try:
            text = await self.bots.ask(live, kind, seat) if rule == "move" else ""
        except Exception:
            log.exception("no move for the timed-out seat at table %s", live.id)
            text = str(live.match.state.legal_actions()[0])
        async with seated.lock:
            if live.version != version or live.human_to_move() != seat:
                return
            if rule == "move":
                def made_for() -> None:
                    live.note(f"{seat_name(seat)} ran out of time: a bot ({kind}) made that decision for them")
                    live.unrate(f"a bot decided for {seat_name(seat)}")
                outbox = await self.desk.change_seats(seated, made_for)
                self.desk.deliver(seated, outbox)
                outbox = await self.desk.apply(seated, partial(live.act, seat, text, live.version, bot=True))
            else:
                def timed_out() -> None:
                    live.time_out(seat, rule, kind)
                    if rule != "forfeit":  # (a forfeit is a loss, and counts: leaving is no way out of a rating)
                        live.unrate(f"a bot plays for {seat_name(seat)}")
                outbox = await self.desk.change_seats(seated, timed_out)
        self.desk.deliver(seated, outbox)

    def grace(self, seated: Seated) -> float:
        """How long a turn must wait before a rival may hand the seat over: the table's turn timer, if any."""
        return seated.live.stored.settings.timer or self.limits.grace

    def check_absent(self, seated: Seated, target: int) -> None:
        """A rival may hand `target`'s seat to a bot only while it is their turn, they are away, and the turn has
        waited past the grace."""
        live = seated.live
        if seated.attendance.away_for(target) == 0:
            raise Refusal(f"player {target + 1} is still at the table; only they can hand their seat over")
        if live.human_to_move() != target:
            raise Refusal(f"player {target + 1}'s seat can be handed over only while it is their turn")
        waited, grace = self.clock.now() - seated.waiting_since, self.grace(seated)
        if waited < grace:
            raise Refusal(f"player {target + 1} has had {waited:.0f} s for this turn; their seat can be handed "
                          f"to a bot once they have waited {grace:.0f} s")
