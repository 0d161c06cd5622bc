"""How a game ended for each seat (places, results in words, who is rated), and the end as the site keeps it:
each profile's place and result, and at a rated table the ratings (web/ratings.py), written in the transaction
that stores the last change; and read back to show at the end."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from nutbox.agents import LEVELS
from nutbox.core import seat_name
from nutbox.web.people import People, Write

if TYPE_CHECKING:
    from nutbox.web.live import LiveTable
    from nutbox.web.seated import Seated


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, ..."""
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number if number < 20 else number % 10, 'th')}"


def places(live: LiveTable) -> list[int]:
    """Each seat's place once the game is over, 1 the best: those who forfeited last, then the winners, then by
    score; equal results share a place."""
    state, forfeited = live.match.state, set(live.forfeited())
    count = len(live.stored.seats)
    if state.is_terminal():
        winners, scores = set(state.winners()), state.scores()
        keys = [(seat not in forfeited, seat in winners, scores[seat]) for seat in range(count)]
    else:  # ended by a forfeit: nobody's score is final
        keys = [(seat not in forfeited, False, 0.0) for seat in range(count)]
    return [1 + sum(other > key for other in keys) for key in keys]


def result_words(live: LiveTable, seat: int) -> str:
    """How the game ended for a seat, in words: "Won", "Shared the win", "2nd of 3", "Forfeited"."""
    placed = places(live)
    if seat in live.forfeited():
        return "Forfeited (ran out of time)"
    if placed[seat] == 1:
        return "Won" if placed.count(1) == 1 else "Shared the win"
    return f"{ordinal(placed[seat])} of {len(placed)}"


def subjects(live: LiveTable) -> list[str | None]:
    """Who is rated for each seat: its profile, a bot's level ("bot:easy"), or None (a person with no profile, or
    a bot with settings)."""
    return [(seat.profile or None) if seat.human else f"bot:{seat.kind}" if seat.kind in LEVELS else None
            for seat in live.stored.seats]


def decided(live: LiveTable, seat: int) -> bool:
    """Whether the seat has made a decision of its own (not one the table made for it)."""
    forced = set(live.forced())
    return any(actor == seat and number not in forced for number, actor in enumerate(live.stored.actors))


def engaged(live: LiveTable, seat: int) -> bool:
    """Whether a person has played at this table: made a decision of their own, or opened their seat while it
    showed them a secret (their own cards): past that, leaving is no free way out of a rating."""
    return decided(live, seat) or seat in live.stored.settings.seen


def results(live: LiveTable, at: float, also: Write | None = None) -> Write:
    """A write for the end of a game (at `at`): each profile's place and result, and, at a rated table, the
    ratings; `also`, more to write in the same transaction."""
    from nutbox.web import ratings  # (openskill, loaded when a game first ends)

    placed, words = places(live), [result_words(live, seat) for seat in range(len(live.stored.seats))]
    rated_as = subjects(live)
    rated = live.stored.settings.rated and None not in rated_as and len(rated_as) > 1
    people = [number for number, seat in enumerate(live.stored.seats) if seat.human]
    idle = [seat for seat in people if not decided(live, seat)]
    left = [seat for seat in idle if engaged(live, seat)]  # saw their secrets, then never played: they left
    if rated and idle and len(left) < len(idle):  # a game a person never played is aborted: nobody's rating
        rated = False                              # moves (no farming with a profile that takes a seat)
        live.unrate(f"{' and '.join(seat_name(seat) for seat in idle)} never made a decision")
    # those who left after seeing their secrets lose, and nobody gains from them (no shopping for deals)
    counted = {str(rated_as[seat]) for seat in left} if rated and left else None
    game, players = live.game.id, len(rated_as)

    def write(db: Any) -> None:
        if also is not None:
            also(db)
        People.results(live.id, placed, words)(db)
        if rated:
            named = [str(subject) for subject in rated_as]
            current = People.read_ratings(db, game, players, named)
            new = ratings.update(named, placed, current)
            if counted is not None:
                new = {subject: rating for subject, rating in new.items() if subject in counted}
            People.rate(game, players, new, at)(db)
            shown = [(seat, ratings.shown_of(subject, current), ratings.shown(*new[subject][:2]))
                     for seat, subject in enumerate(named) if subject in new and not ratings.is_bot(subject)]
            People.rating_changes(live.id, shown)(db)

    return write


async def read_ratings(people: People, seated: Seated) -> None:
    """Once a rated game is over, its ratings before and after (shown at the end)."""
    live = seated.live
    if live.finished and live.stored.settings.rated and seated.ratings is None:
        seated.ratings = await asyncio.to_thread(people.rating_changed, live.id)
