"""Game knowledge for the bots: how good a Nut position looks for one seat (its score against the best
other layout's; the largest cluster breaks ties, as in the rules).

A position in the middle of a round is judged as the round would end if everyone still to take from this
round's column took the card that serves their layout best and placed it at its best place. So every position
is judged at the end of a round, when each player has had the same number of cards: judging a mid-round
position as it stands would favour whoever has just placed over whoever is about to take, and a card in hand
would count for nothing, so every take would look alike to a bot judging one decision ahead."""

from __future__ import annotations

import functools
import math

from nutbox.games.nut_cards import layout
from nutbox.games.nut_cards.state import CardsState

SCALE = 6.0
Layouts = tuple[tuple[layout.Placement, ...], ...]


def evaluate(state: CardsState, seat: int) -> float:
    if state.is_terminal():
        return state.returns()[seat]
    rules = (state.double_each(), state.largest())
    if state.phase == "place" or (state.phase == "take" and state.column is not None):
        values = round_end(state.layouts, state.columns[state.column] if state.column is not None else (),
                           state.current, state.holding, state.taken, state.n, *rules)
    else:  # a round not yet begun (or the deal before it): every layout has had the same turns
        values = tuple(layout_value(placed, *rules) for placed in state.layouts)
    others = max(value for other, value in enumerate(values) if other != seat)
    return math.tanh((values[seat] - others) / SCALE)


@functools.lru_cache(maxsize=1 << 15)
def round_end(layouts: Layouts, column: tuple[int, ...], current: int, holding: int | None, taken: int, n: int,
              double_each: bool, largest: bool) -> tuple[float, ...]:
    """Each layout's value once the round is played out greedily: the card in hand at its best place, then each
    next player's best card of the column at its best place, while the round lasts (n cards, or the column)."""
    placed = list(layouts)
    left = list(column)
    seat = current
    if holding is not None:
        placed[seat] = best_layout(placed[seat], holding, double_each, largest)
        taken, seat = taken + 1, (seat + 1) % n
    while taken < n and left:
        card = max(left, key=lambda c: layout_value(best_layout(placed[seat], c, double_each, largest),
                                                    double_each, largest))
        left.remove(card)
        placed[seat] = best_layout(placed[seat], card, double_each, largest)
        taken, seat = taken + 1, (seat + 1) % n
    return tuple(layout_value(layout_of, double_each, largest) for layout_of in placed)


@functools.lru_cache(maxsize=1 << 16)
def best_layout(placed: tuple[layout.Placement, ...], card: int, double_each: bool,
                largest: bool) -> tuple[layout.Placement, ...]:
    """The layout with `card` at the place worth the most (the first such place in the legal order). Each place
    is tried on the layout's grid with the card laid on top (layout.laid), not on a grid made anew."""
    grid = layout.spot_grid(placed)
    x, y = max(layout.positions(list(placed), card),
               key=lambda place: worth(layout.grid_score(layout.laid(grid, card, *place), double_each, largest)))
    return (*placed, (card, x, y))


@functools.lru_cache(maxsize=1 << 16)
def layout_value(placed: tuple[layout.Placement, ...], double_each: bool, largest: bool) -> float:
    """Points, and a tenth of the largest cluster for the tie-break. Cached, like the two above: a search meets
    the same few layouts again and again (layouts are tuples, so they can be keys)."""
    return worth(layout.score(placed, double_each, largest))


def worth(score: tuple[int, int]) -> float:
    """A layout's (points, largest cluster) as one value: the cluster a tenth of a point, for the tie-break."""
    points, big = score
    return points + big / 10
