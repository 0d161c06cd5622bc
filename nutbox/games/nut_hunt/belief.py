"""What a seat may infer about the objectives the others hold, from what they have built.

Players keep the objectives their opening fits and then build towards them, so an owner whose squirrels and
nests already lie along an objective's route is likelier to hold it than a card drawn blindly. Measured in
40 four-player games of `easy` bots (`python bench/belief.py`), each recruit that a seat's pieces save on an
objective's route (what the route would need from an empty board, less what it needs now) made the card
about 1.5 (first rounds) to 2.4 (late) times likelier to be in that seat's hand. A uniform deal gives the
others objectives they are not building instead, so their scores look low, and a bot ends a game it is losing.

So a determinization deals each other seat's hand card by card, each hidden card weighted by `LIKELIER` to the
power of the recruits that seat's pieces save on its route. Only the board is read, which every seat sees,
and nothing built means a blind deal: where the others build is the evidence.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from nutbox.games.nut_hunt import heuristic
from nutbox.games.nut_hunt.rules import ALL_CARDS, HuntState
from nutbox.games.nut_hunt.terms import T

if TYPE_CHECKING:
    from nutbox.games.nut_hunt.game import NutHunt
    from nutbox.games.nut_hunt.view import HuntView

LIKELIER = 2.0  # how much likelier a card is in a hand for each recruit the owner's pieces save on its route
MOST_SAVED = 6  # beyond this many recruits saved a route says nothing more
MEMO_SIZE = 2_000  # boards remembered (a search deals thousands of times from one view)

Weights = dict[int, dict[int, float]]  # seat -> card -> weight
_weights: dict[tuple[object, ...], Weights] = {}


def deal_order(game: NutHunt, view: HuntView, hidden: list[int], rng: random.Random) -> list[int]:
    """`hidden` (already shuffled) reordered so that the cards `HuntState.from_view` deals first, the other
    seats' hands in seat order, are drawn by how well each fits that seat's territory."""
    if "hands" in view or len(view["layout"]) != T:
        return hidden
    seat = view["seat"]
    sizes = [(s, size) for s, size in enumerate(view["hand_sizes"]) if s != seat]
    if not any(size for _, size in sizes):
        return hidden
    table = weights(game, view, hidden)
    left = list(hidden)
    dealt = []
    for s, size in sizes:
        of_seat = table[s]
        for _ in range(size):
            index = rng.choices(range(len(left)), [of_seat[card] for card in left])[0]
            dealt.append(left.pop(index))
    return dealt + left


def weights(game: NutHunt, view: HuntView, hidden: list[int]) -> Weights:
    """Per other seat, each objective's weight `LIKELIER ** recruits saved` on the board `view` shows."""
    board = view["board"]
    key = (
        tuple(view["layout"]),
        view["seat"],
        tuple((code, *counts["squirrels"], *counts["nests"]) for code, counts in board.items()),
    )
    table = _weights.get(key)
    if table is None:
        if len(_weights) >= MEMO_SIZE:
            _weights.clear()
        state = HuntState.from_view(game, view, hidden)  # any deal: only its board is read
        table = _weights[key] = {
            s: {card: LIKELIER**saved for card, saved in progress(state, s).items()}
            for s in range(state.n)
            if s != view["seat"]
        }
    return table


def progress(state: HuntState, owner: int) -> dict[int, int]:
    """Per objective, the recruits that `owner`'s pieces already save on its cheapest route (at most
    MOST_SAVED): what it needs from an empty board less what it needs from this one."""
    held, nested = heuristic.held_tiles(state, owner)
    built = heuristic.route_plans(state, held, nested, state.squirrels[owner * T : owner * T + T], ALL_CARDS)
    blank = heuristic.route_plans(state, set(), set(), [0] * T, ALL_CARDS)
    return {card: min(blank[card].needed - built[card].needed, MOST_SAVED) for card in ALL_CARDS}
