"""Your turn, told: when a person's turn starts (or the game can start, its last seat taken), their profile's
webhook, if they gave one, is sent the news (web/webhooks.py): once a turn, and only if they have no page open at
the table."""

from __future__ import annotations

import asyncio

from nutbox.web import messages
from nutbox.web.live import LiveTable
from nutbox.web.people import People
from nutbox.web.seated import Errands, Seated
from nutbox.web.webhooks import Notifier


class TurnNotices:
    def __init__(self, people: People, notifier: Notifier, errands: Errands) -> None:
        self.people = people
        self.notifier = notifier
        self.errands = errands

    def after_change(self, seated: Seated) -> None:
        """Tell the person whose turn has just started, if it has."""
        live = seated.live
        seat, full = live.human_to_move(), live.full()
        if (seat, full) == seated.turn_of:
            return
        seated.turn_of = (seat, full)
        profile = live.stored.seats[seat].profile if seat is not None else None
        if seat is not None and profile and full and not seated.attendance.here(seat):
            self.errands.start(self.send(live, seat, profile))

    async def send(self, live: LiveTable, seat: int, profile_id: str) -> None:
        profile = await asyncio.to_thread(self.people.profile_by_id, profile_id)
        if profile is None or not profile.webhook:
            return
        site = (profile.site or "").rstrip("/")
        names = live.names()
        self.notifier.notify(profile.webhook, who=profile.id, payload={
            "event": "your_turn", "game": live.game.title, "table": live.id, "seat": seat + 1,
            "player": names[seat],
            "text": f"{live.game.title}: {messages.prompt(live, seat, live.match.state.view(seat), names)}",
            "url": f"{site}/me",
        })
