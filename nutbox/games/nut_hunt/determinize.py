"""A Nut Hunt state rebuilt from a view (how a searching bot guesses what it cannot see), and what a seat may
infer about the objectives the others hold, from what they have built.

Everything on the table is as the view shows; the objectives it does not place are shuffled and dealt to the
places it hides (others' hands, another seat's scouted cards, the unseen deck, cards others put under it).

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
from nutbox.games.nut_hunt.components import ALL_CARDS, COMPONENTS, T, layout
from nutbox.games.nut_hunt.state import HuntState
from nutbox.games.nut_hunt.view import HuntView

if TYPE_CHECKING:
    from nutbox.games.nut_hunt.state import HuntGame

LIKELIER = 2.0  # how much likelier a card is in a hand for each recruit the owner's pieces save on its route
MOST_SAVED = 6  # beyond this many recruits saved a route says nothing more
MEMO_SIZE = 2_000  # boards remembered (a search deals thousands of times from one view)

Weights = dict[int, dict[int, float]]  # seat -> card -> weight
_weights: dict[tuple[object, ...], Weights] = {}


def determinize(game: HuntGame, view: HuntView, rng: random.Random) -> HuntState:
    """A state `view` shows, the objectives it does not place shuffled and dealt to the places it hides, the
    others' hands favouring the objectives their territory fits."""
    shown = shown_cards(view)
    hidden = [card for card in ALL_CARDS if card not in shown]
    rng.shuffle(hidden)
    return rebuilt(game, view, deal_order(game, view, hidden, rng))


def shown_cards(view: HuntView) -> set[int]:
    """The objectives whose place a view shows; a determinization deals out the rest."""
    shown = set(view.get("hand", [])) | set(view.get("looking", [])) | set(view["automa_hand"]) | set(view["revealed"])
    return shown | {entry["card"] for entry in view["deck"]["bottom"] if entry["card"] is not None}


def rebuilt(game: HuntGame, view: HuntView, hidden: list[int]) -> HuntState:
    """The state `view` shows, the cards it hides dealt from `hidden` in order.

    `hidden` holds exactly the cards the view does not place: other seats' hands, another seat's
    scouted cards, the cards under the deck that this seat did not put there, and the unseen deck.
    """
    state = HuntState(game)
    state.take_shown(view)
    of = COMPONENTS.tile_of_code
    state.tile_at = tuple(of[c] for c in view["layout"])
    if len(state.tile_at) == T:
        state.layout = layout(state.tile_at)
    state.fox = tile_of(view["fox"])
    state.fox_from = tile_of(view["fox_from"])
    for code, counts in view["board"].items():
        t = of[code]
        for o in range(state.owners):
            state.squirrels[o * T + t] = counts["squirrels"][o]
            state.nests[o * T + t] = counts["nests"][o]
    state.nuts = [count for seat_nuts in view["nuts"] for count in seat_nuts.values()]
    state.automa_hand = tuple(view["automa_hand"])
    state.revealed = tuple(view["revealed"])
    state.frames = [(of[f["tile"]], tile_of(f["vacated"]), tuple(f["owed"])) for f in view["frames"]]
    if view["forage"] is not None:
        state.forage_tile = of[view["forage"]["tile"]]
        state.forage_left = view["forage"]["count"]
        state.resume = view["forage"]["then"]
    state.pending = tuple(of[c] for c in view["pending"])
    if "result" in view:
        state.result = tuple(view["result"])
    cards = iter(hidden)
    seat = view["seat"]
    if "hands" in view:
        state.hands = [tuple(hand) for hand in view["hands"]]
    else:
        state.hands = [
            tuple(view["hand"]) if s == seat else tuple(next(cards) for _ in range(size))
            for s, size in enumerate(view["hand_sizes"])
        ]
    if view["looking_count"]:
        mine = view.get("looking") or []
        state.looking = tuple(mine) if mine else tuple(next(cards) for _ in range(view["looking_count"]))
    state.bottom = tuple(
        (entry["card"] if entry["card"] is not None else next(cards), entry["placer"])
        for entry in view["deck"]["bottom"]
    )
    if "pool" in view["deck"]:
        state.pool = tuple(view["deck"]["pool"])
    else:
        state.pool = tuple(sorted(next(cards) for _ in range(view["deck"]["unseen"])))
    return state


def tile_of(code: str | None) -> int | None:
    return COMPONENTS.tile_of_code[code] if code is not None else None


# --- what the board says about the others' hands -----------------------------------------------------------------
def deal_order(game: HuntGame, view: HuntView, hidden: list[int], rng: random.Random) -> list[int]:
    """`hidden` (already shuffled) reordered so that the cards `rebuilt` deals first, the other seats' hands in
    seat order, are drawn by how well each fits that seat's territory."""
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


def weights(game: HuntGame, view: HuntView, hidden: list[int]) -> Weights:
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
        state = rebuilt(game, view, hidden)  # any deal: only its board is read
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
