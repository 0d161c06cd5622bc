"""The end of Nuts Sorting (rulebook, The end of the game): the player whose three colours are each one group
wins at once. The setup removals may already leave one player sorted (that player wins) or both (the rulebook
names no winner: the option both_sorted decides, a draw unless chosen). With the option repetition_draw, a
position seen for the third time is a draw. There are no points: the winner scores 1, anyone else 0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

from nutbox.core import Action, Event, default_name, seat_name
from nutbox.core.phases import Phase

if TYPE_CHECKING:
    from nutbox.games.nuts_sorting.state import SortingState

BOTH_SORTED = "both players are sorted as setup ends"
ONE_SORTED = "setup leaves one player sorted"
REPEATED = "the same position arose for the third time"


def sorted_reason(seat: int, name: Callable[[int], str] = default_name) -> str:
    """Why the game ended when `seat` sorted their colours on their turn, the seat called by `name`. The view
    (and so every record's final view) says it with the seat's default name, "Player 1 has one group in each of
    their colours", which holds no placeholder; the events and the face say it with the seat's placeholder."""
    return f"{name(seat)} has one group in each of their colours"


def finish(state: SortingState, winners: list[int], reason: str, said: str | None = None) -> Event:
    """End the game: `reason` is what the view says, `said` the same for people (the seats by placeholders)."""
    state.phase = "over"
    state.winner_seats = winners
    state.end = reason
    result = " and ".join(seat_name(seat) for seat in winners) + " wins" if winners else "a draw"
    return Event(f"Game over: {result} ({said or reason})", "end", {"winners": winners, "reason": reason})


def sorted_win(state: SortingState, mover: int) -> Event:
    """The mover's turn left each of their colours one group: they win."""
    return finish(state, [mover], sorted_reason(mover), sorted_reason(mover, seat_name))


def after_setup(state: SortingState) -> Event | None:
    """The end, if the setup removals leave a player sorted; None when play begins."""
    sorted_seats = [seat for seat in (0, 1) if state.is_sorted(seat)]
    if len(sorted_seats) == 2:
        rule, first = state.options.both_sorted, state.first
        assert first is not None
        return finish(state, [] if rule == "draw" else [first if rule == "first" else 1 - first], BOTH_SORTED)
    if sorted_seats:
        return finish(state, sorted_seats, ONE_SORTED)
    return None


def scores(state: SortingState) -> list[float]:
    return [1.0 if seat in state.winner_seats else 0.0 for seat in (0, 1)]


def no_decisions(state: SortingState) -> list[Action]:
    return []


def after_the_end(state: SortingState, action: Action) -> NoReturn:
    raise AssertionError("the core refuses every action once the game is over")


OVER = Phase(legal=no_decisions, reason=after_the_end, apply=after_the_end)
