"""A Nuts! state rebuilt from a view: what a searching bot plays on. The floor, the warehouses, the trucks,
the discards and where the turn stands are as the view shows; the bonus cards it does not show are shuffled
and dealt to the other players' hands and the face-down deck."""

from __future__ import annotations

import random
from typing import Any

from nutbox.core import Game
from nutbox.games.nuts_factory.components import ALL_CARDS, COMPONENTS
from nutbox.games.nuts_factory.options import FactoryOptions
from nutbox.games.nuts_factory.state import FactoryState
from nutbox.games.nuts_factory.view import FactoryView


def determinize(game: Game[FactoryOptions, Any, Any], view: FactoryView, rng: random.Random) -> FactoryState:
    shown = set(view.get("hand", [])) | set(view["discards"])
    hidden = [card for card in ALL_CARDS if card not in shown]
    rng.shuffle(hidden)
    return from_view(game, view, hidden)


def from_view(game: Game[FactoryOptions, Any, Any], view: FactoryView, hidden: list[int]) -> FactoryState:
    """The state `view` shows, with the bonus cards it hides dealt from `hidden` in order."""
    state = FactoryState(game)
    codes = COMPONENTS.nut_codes
    state.take_shown(view)
    state.tiles = {(t["row"], t["column"] - 1): t["kind"] for t in view["tiles"]}
    state.machines = {(m["row"], m["column"] - 1): m["kind"] for m in view["machines"]}
    state.squirrel = view["squirrel"] - 1
    state.holders = tuple(h["holder"] - 1 for h in view["holders"])
    state.turns = [h["turns"] for h in view["holders"]]
    state.trucks = tuple(view["trucks"])
    state.warehouses = [w[code] for w in view["warehouses"] for code in codes]
    state.discards = tuple(view["discards"])
    state.winner_seats = tuple(view.get("winners", []))
    cards = iter(hidden)
    if "hands" in view:
        state.hands = [tuple(hand) for hand in view["hands"]]
        state.pool = tuple(view["deck_cards"])
    else:
        state.hands = [
            tuple(view["hand"]) if s == view["seat"] else tuple(sorted(next(cards) for _ in range(size)))
            for s, size in enumerate(view["hand_sizes"])
        ]
        state.pool = tuple(sorted(next(cards) for _ in range(view["deck"])))
    return state
