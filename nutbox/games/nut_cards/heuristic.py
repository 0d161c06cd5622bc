"""Game knowledge for the bots: how good a Nut position looks for one seat (its score against the best
other layout's; the largest cluster breaks ties, as in the rules)."""

from __future__ import annotations

import math

from nutbox.games.nut_cards.rules import CardsState

SCALE = 6.0


def evaluate(state: CardsState, seat: int) -> float:
    if state.is_terminal():
        return state.returns()[seat]
    points, largest = state.score(seat)
    mine = points + largest / 10
    others = max(p + big / 10 for p, big in (state.score(s) for s in range(state.n) if s != seat))
    return math.tanh((mine - others) / SCALE)
