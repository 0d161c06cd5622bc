"""What a seat infers about the others' objectives (nutbox/games/nut_hunt/determinize.py), on explicit positions.

The forest is tests/games/nut_hunt/positions.py's: objective 1 joins Mouse Meadow and Hickory Haunt along the
middle row MM - BH - WW - HH.
"""

from __future__ import annotations

import random
from collections import Counter

from nutbox.games.nut_hunt import HuntState
from nutbox.games.nut_hunt.components import ALL_CARDS
from nutbox.games.nut_hunt.determinize import LIKELIER, progress

from .positions import game, position

MM_HH = 1  # objective 1: Mouse Meadow to Hickory Haunt
DRAWS = 400


def built_route(players: int = 3) -> HuntState:
    """Seat 1 holds objective 1 and has built its whole route (a nest on Willow Wallow); seat 2 has nothing
    on the board; seat 0 looks on."""
    return position(
        players,
        squirrels={"MM": (0, 1), "BH": (0, 1), "HH": (0, 1)},
        nests={"WW": (0, 1)},
        hands=((5, 9), (MM_HH, 20), (30, 40))[:players],
    )


def dealt(state: HuntState, seat: int, draws: int = DRAWS) -> list[Counter[int]]:
    """How often each card lands in each seat's hand over determinizations of `seat`'s view."""
    nut_hunt, view = state.game, state.view(seat)
    counts: list[Counter[int]] = [Counter() for _ in range(state.n)]
    for k in range(draws):
        drawn = nut_hunt.determinize(view, random.Random(k))
        assert isinstance(drawn, HuntState) and drawn.view(seat) == view
        for owner, hand in enumerate(drawn.hands):
            counts[owner].update(hand)
    return counts


def test_a_seat_whose_territory_fits_an_objective_is_dealt_it_far_more_often_than_blindly() -> None:
    state = built_route()
    counts = dealt(state, 0)
    hidden = len(ALL_CARDS) - 2  # seat 0 sees its own two cards
    blind = 2 / hidden  # a uniform deal gives each hidden card to a two-card hand this often
    assert counts[1][MM_HH] / DRAWS > 5 * blind
    assert counts[2][MM_HH] / DRAWS < blind  # and so the seat with nothing built gets it less often
    assert not counts[1].keys() & {5, 9} and counts[0] == Counter({5: DRAWS, 9: DRAWS})  # own hand kept


def test_the_more_recruits_a_seats_pieces_save_on_a_route_the_likelier_the_card() -> None:
    saved = progress(built_route(), 1)
    assert saved[MM_HH] == max(saved.values()) >= 4  # three tiles held and the nest built
    assert not any(progress(built_route(), 2).values())  # nothing built saves nothing
    counts = dealt(built_route(), 0, draws=1200)[1]
    by_saved: dict[int, list[int]] = {}
    for card, count in counts.items():
        by_saved.setdefault(saved[card], []).append(count)
    mean = {n: sum(c) / len(c) for n, c in by_saved.items() if len(c) >= 3}
    assert len(mean) > 2
    ordered = [mean[n] for n in sorted(mean)]
    assert ordered == sorted(ordered), mean  # more recruits saved, dealt more often
    assert LIKELIER > 1


def test_with_nothing_built_the_deal_is_blind() -> None:
    state = position(3, hands=((5, 9), (MM_HH, 20), (30, 40)))
    counts = dealt(state, 0, draws=600)
    shares = [counts[1][card] / 600 for card in ALL_CARDS if card not in (5, 9)]
    # every hidden card equally likely: 2 of 43 (a binomial's spread over 600 draws is about 0.009)
    assert max(shares) < 2 / 43 + 0.04 and min(shares) > 0


def test_two_seats_and_a_spectators_view_determinize_too() -> None:
    state = built_route(2)
    assert dealt(state, 0, draws=50)[1][MM_HH] > 5
    spectator = state.game.determinize(state.view(None), random.Random(1))
    assert spectator.view(None) == state.view(None)
    assert game(2).perfect_information is False
