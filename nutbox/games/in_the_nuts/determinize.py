"""An In the Nuts! state rebuilt from a view. Nothing is hidden in this game (the deck is face down for everyone,
and a view counts its unseen cards), so the view is the whole state and nothing is drawn at random: this is the
inverse of view.build."""

from __future__ import annotations

from typing import Any

from nutbox.core import Game
from nutbox.games.in_the_nuts.actions import kind_code
from nutbox.games.in_the_nuts.components import CARDS, COMPONENTS, FIRST, KINDS, TRACK
from nutbox.games.in_the_nuts.options import NutsOptions
from nutbox.games.in_the_nuts.state import NutsState
from nutbox.games.in_the_nuts.view import NutsView, read_task

CODES = {kind_code(k): k for k in range(len(KINDS))}


def from_view(game: Game[NutsOptions, Any, Any], view: NutsView) -> NutsState:
    """The state a view shows."""
    state = NutsState(game)
    state.take_shown(view)  # pile, area4, supply, david, phase, current, step, ending
    state.unseen = [view["unseen"][kind_code(k)] for k in range(len(KINDS))]
    state.faceup = [CODES[k] if k is not None else None for k in view["faceup"]]
    state.track = [view["track"][str(i + FIRST)] for i in range(TRACK)]
    state.area2 = [c for section in view["area2"] for c in section]
    state.area3 = [c for section in view["area3"] for c in section]
    for p, cards in enumerate(view["storage"]):
        for c, card in enumerate(cards):
            i = p * CARDS + c
            state.card_type[i] = COMPONENTS.nut_codes.index(card["nut"]) if card["nut"] else None
            state.card_plain[i], state.card_jokers[i] = card["nuts"], card["jokers"]
    for p, kept in enumerate(view["kept"]):
        for code, count in kept.items():
            state.kept[p * len(KINDS) + CODES[code]] = count
    state.dice = (view["dice"][0], view["dice"][1], view["dice"][2]) if view["dice"] else None
    state.cursor = (view["cursor"][0], view["cursor"][1])
    state.tasks = tuple(read_task(entry) for entry in view["tasks"])
    state.winner_seats = tuple(view.get("winners", []))
    assert len(state.area4) == state.n
    return state
