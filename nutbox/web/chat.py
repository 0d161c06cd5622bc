"""Each table's chat: the seats talk in the table's channel, which everyone at the table and the spectators read;
spectators with a profile talk among themselves in a channel the seats never see (so nobody can be coached).

Plain text, 1 to CHAT_LENGTH characters, a few lines at a time per speaker (Limits.chat_lines in chat_window;
all the spectators together four times that), counted in the database in the transaction that stores the line
(web/people.py), so the limits hold for the whole site.
"""

from __future__ import annotations

import asyncio

from nutbox.web.limits import Clock, Limits
from nutbox.web.live import LiveTable
from nutbox.web.people import People, Profile, Said, TooFast
from nutbox.web.refusal import Refusal
from nutbox.web.seated import Desk, Seated
from nutbox.web.watchers import Watcher
from nutbox.web.wire import as_text

CHAT_LENGTH = 300  # characters of a line of chat
SEATS, SPECTATORS = "seats", "spectators"  # the channels


def readable(live: LiveTable, seat: int | None, profile: Profile | None) -> tuple[str, ...]:
    """The chat channels a connection reads: a seat the table's; a spectator with a profile that holds no seat
    at the table that and the spectators' own (so a player cannot read the spectators talking about them, from
    a second tab or without a profile)."""
    if seat is None and profile is not None and live.seat_of_profile(profile.id) is None:
        return (SEATS, SPECTATORS)
    return (SEATS,)


def why_silent(seat: int | None, channels: tuple[str, ...], profile: Profile | None) -> str | None:
    """Why a connection may not speak (None: it may)."""
    if seat is not None or SPECTATORS in channels:
        return None
    if profile is None:
        return "make a profile (/profile) to chat as a spectator"
    return "you hold a seat at this table: speak from your seat's page"


class Chat:
    def __init__(self, people: People, clock: Clock, limits: Limits, desk: Desk) -> None:
        self.people = people
        self.clock = clock
        self.limits = limits
        self.desk = desk

    async def lines(self, table_id: str, channels: tuple[str, ...]) -> list[Said]:
        """What a new connection reads first: the chat so far of its channels."""
        return await asyncio.to_thread(self.people.chat, table_id, channels)

    def opening(self, lines: list[Said], watcher: Watcher) -> str:
        """A new connection's first word of the chat: the lines so far, and where it may speak (or why not)."""
        why_not = why_silent(watcher.seat, watcher.channels, watcher.profile)
        return as_text({
            "type": "chat", "reset": True, "lines": [line.to_json() for line in lines],
            "say": None if why_not else SEATS if watcher.seat is not None else SPECTATORS, "why_not": why_not,
        })

    async def say(self, table_id: str, secret: str | None, profile: Profile | None, text: str) -> int:
        """A line of chat: a seat speaks to the table (everyone reads it), a spectator with a profile to the
        other spectators. Plain text, at most CHAT_LENGTH characters, a few lines at a time; the line's id."""
        seated = await self.desk.table(table_id)
        live = seated.live
        seat = live.seat_of(secret)
        words = " ".join(text.split())
        if not words or len(words) > CHAT_LENGTH or not words.isprintable():
            raise Refusal(f"a line of chat is 1 to {CHAT_LENGTH} printable characters", status=400)
        why_not = why_silent(seat, readable(live, seat, profile), profile)
        if why_not is not None:
            raise Refusal(why_not, status=403)
        now = self.clock.now()
        if seat is not None:
            channel, author, speaker = SEATS, live.names()[seat], live.stored.seats[seat].profile
        else:
            assert profile is not None  # (why_silent)
            channel, author, speaker = SPECTATORS, profile.name, profile.id
        # each speaker has a few lines a window; all the spectators together a few times that, since anyone
        # can make a profile (unless the server is invite-only): counted where every process sees them
        try:
            said = await asyncio.wrap_future(self.people.say(
                live.id, channel, seat, speaker, author, words, now, self.limits.chat_lines, self.limits.chat_window,
            ))
        except TooFast as refused:
            raise Refusal(str(refused), status=429) from None
        seated.said_here.append(said)
        self.tell(seated, Said(said, channel, seat, author, words, now))
        return said

    def tell(self, seated: Seated, line: Said) -> None:
        """A line to every connection that reads its channel."""
        text = as_text({"type": "chat", "lines": [line.to_json()]})
        self.desk.deliver(seated, [(watcher, text) for watcher in list(seated.watchers)
                                   if line.channel in watcher.channels])

    async def hear(self, seated: Seated, line_id: int) -> None:
        """A line said through another process (PostgreSQL): told here, unless it was said here."""
        if line_id in seated.said_here or not seated.watchers:
            return
        line = await asyncio.to_thread(self.people.line, line_id)
        if line is not None:
            self.tell(seated, line)
