"""What a bot should know about Nuts Sorting: fewer groups of your colours is closer to winning."""

from __future__ import annotations

import math

from nutbox.games.nuts_sorting.state import SortingState


def surplus_groups(state: SortingState, seat: int) -> int:
    """How many groups the seat must still get rid of: 0 means sorted (the win)."""
    return sum(len(state.groups_of(colour)) - 1 for colour in state.colours_of(seat))


def evaluate(state: SortingState, seat: int) -> float:
    if state.is_terminal():
        return state.returns()[seat]
    if state.sets[seat] is None:
        return 0.0
    lead = surplus_groups(state, 1 - seat) - surplus_groups(state, seat)
    return math.tanh(lead / 4)
