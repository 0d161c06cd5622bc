"""A Nut state rebuilt from a view: nothing in Nut is secret, so the view is the state (the deck is the cards
seen nowhere, and a deck has no order until a card is dealt from it)."""

from __future__ import annotations

from nutbox.core import Game
from nutbox.games.nut_cards.components import ALL_CARDS
from nutbox.games.nut_cards.options import CardsOptions
from nutbox.games.nut_cards.state import CardsState
from nutbox.games.nut_cards.view import CardsView


def from_view(game: Game[CardsOptions, CardsState, CardsView], view: CardsView) -> CardsState:
    """The state a view shows."""
    state = CardsState(game)
    state.take_shown(view)  # phase, holder, current, taken, holding
    state.columns = tuple(tuple(entry["card"] for entry in col) for col in view["columns"])
    state.layouts = tuple(tuple((p["card"], p["x"], p["y"]) for p in placed) for placed in view["layouts"])
    seen = {c for col in state.columns for c in col} | {p[0] for placed in state.layouts for p in placed}
    if state.holding is not None:
        seen.add(state.holding)
    state.pool = tuple(c for c in ALL_CARDS if c not in seen)
    state.column = view["column"] - 1 if view["column"] is not None else None
    state.winner_seats = tuple(view.get("winners", []))
    return state
