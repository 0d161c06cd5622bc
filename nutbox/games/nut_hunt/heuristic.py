"""Game knowledge for the bots: how good a Nut Hunt position looks for one seat."""

from __future__ import annotations

import math

from nutbox.games.nut_hunt.rules import HuntState


def evaluate(state: HuntState, seat: int) -> float:
    """The seat's score if the game ended now, against the best other owner's, squashed into (-1, 1)."""
    if state.layout is None:
        return 0.0
    mine = state.breakdown(seat).total
    others = [state.breakdown(o).total for o in range(state.owners) if o != seat]
    return math.tanh((mine - max(others)) / 8) if others else 0.0
