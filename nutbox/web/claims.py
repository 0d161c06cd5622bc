"""Taking seats: an invitation claimed, a profile sitting down from the lobby, a seat moved to another device, an
invitation re-issued by the creator, and a profile's seats given new keys; connections holding a key that no
longer opens their seat are dropped.

Each change is stored before anyone is told (Desk.change_seats), and a seat's key is shown only to the browser
that took it (web/seats.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial

from nutbox.core import seat_name
from nutbox.web.clocks import TurnClocks
from nutbox.web.limits import Clock
from nutbox.web.live import LiveTable
from nutbox.web.people import People, Profile, Write
from nutbox.web.refusal import Refusal
from nutbox.web.seated import Desk, Seated
from nutbox.web.seats import SECRET_LENGTH, digest, matches, seat_key


def check_creator(live: LiveTable, key: str) -> None:
    if len(key) > SECRET_LENGTH or not matches(live.stored.settings.creator, key):
        raise Refusal("this is not the creator's link of that table", status=403)


def drop_rekeyed(seated: Seated) -> None:
    """A seat was given a new key (claimed anew, moved, or its profile's device signed out, here or on another
    process): the connections made with the old key see that seat no more."""
    seats = seated.live.stored.seats
    for watcher in [w for w in seated.watchers if w.seat is not None and seats[w.seat].key != w.key]:
        seated.drop(watcher)


class SeatClaims:
    def __init__(self, clock: Clock, clocks: TurnClocks, desk: Desk) -> None:
        self.clock = clock
        self.clocks = clocks
        self.desk = desk

    async def claim(self, table_id: str, token: str, profile: tuple[Profile, str] | None = None) -> tuple[int, str]:
        """An invitation opened: the seat and its new key (shown to the claimer only). Taken with a profile
        (its record and its key), the seat is the profile's, and its key is derived from the profile's."""
        seated = await self.desk.table(table_id)
        live = seated.live
        async with seated.lock:
            claimed: tuple[int, str] = (-1, "")
            seat = live.invitation(token)
            if profile is None and live.stored.settings.rated:
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
                if live.full() and live.stored.settings.seated is None:
                    live.stored.settings.seated = self.clock.now()  # the turn clocks start now

            outbox = await self.desk.change_seats(seated, take, also=joins)
            for watcher in [w for w in seated.watchers if w.seat == claimed[0]]:
                seated.drop(watcher)  # a device whose key was just replaced no longer watches
        self.desk.deliver(seated, outbox)
        return claimed

    async def take_seat(self, table_id: str, profile: tuple[Profile, str], seat: int | None = None
                        ) -> tuple[int, str]:
        """A profile takes a free person's seat (the first, or `seat`) without an invitation link: from the lobby,
        or the creator sitting at their own table. The seat and its key."""
        live = (await self.desk.table(table_id)).live
        free = [number for number, info in enumerate(live.stored.seats) if info.human and info.invite
                and not info.joined]
        if (seat is not None and seat not in free) or not free or live.finished:
            raise Refusal("no seat is free at that table any more", status=409)
        token = live.stored.seats[free[0] if seat is None else seat].invite
        assert token is not None  # (free)
        return await self.claim(table_id, token, profile)

    async def rekey(self, table_id: str, profile_id: str, old: str, new: str) -> None:
        """A profile's seat at this table gets a new key (its profile's key changed): the old key's links stop
        working and the devices watching with it are dropped. A seat moved to a device of its own, or
        finished, keeps its key."""
        try:
            seated = await self.desk.table(table_id)
        except Refusal:  # a table that cannot go on here (made under rules this nutbox no longer plays)
            return
        live = seated.live
        async with seated.lock:
            seat = live.seat_of_profile(profile_id)
            if seat is None or live.finished or not matches(live.stored.seats[seat].key, old):
                return

            def rekey() -> None:
                live.stored.seats[seat] = replace(live.stored.seats[seat], key=digest(new))

            outbox = await self.desk.change_seats(seated, rekey)
            drop_rekeyed(seated)
        self.desk.deliver(seated, outbox)

    async def issue(self, seated: Seated, make_link: Callable[[], str]) -> str:
        """A new one-time link for a seat, stored before it is handed out (the caller holds the lock)."""
        token = ""

        def issue() -> None:
            nonlocal token
            token = make_link()

        outbox = await self.desk.change_seats(seated, issue)
        self.desk.deliver(seated, outbox)
        return token

    async def transfer(self, table_id: str, secret: str | None, version: int | None) -> str:
        """The holder of a seat asks for a one-time link that moves the seat to another device."""
        seated = await self.desk.table(table_id)
        live = seated.live
        async with seated.lock:
            seat = live.check(live.seat_of(secret), version) if not live.finished else live.seat_of(secret)
            if seat is None:
                raise Refusal("spectators watch; only a seat's own link can be moved", status=403)
            return await self.issue(seated, partial(live.transfer, seat))

    async def reissue(self, table_id: str, creator: str, seat: int) -> str:
        """The table's creator re-issues the invitation of a seat whose holder has been away past the grace."""
        seated = await self.desk.table(table_id)
        live = seated.live
        check_creator(live, creator)
        if not 0 <= seat < len(live.stored.seats) or not live.stored.seats[seat].human:
            raise Refusal("that is not a person's seat of this table", status=400)
        if live.joined(seat):
            away, grace = seated.attendance.away_for(seat), self.clocks.grace(seated)
            if away < grace:
                raise Refusal(f"player {seat + 1} was here {away:.0f} s ago; a seat's invitation can be re-issued "
                              f"once its player has been away for {grace:.0f} s")
        note = f"The table's creator re-issued the invitation for {seat_name(seat)}'s seat"
        async with seated.lock:
            return await self.issue(seated, partial(live.invite, seat, note))
