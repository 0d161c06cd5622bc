"""Game knowledge for the bots: how good a Nuts! position looks for one seat."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from nutbox.games.nuts_factory.components import NUTS, TRUCKS

if TYPE_CHECKING:
    from nutbox.games.nuts_factory.state import FactoryState

NUT_VALUE = 2.0  # a truck pays about 3 points a nut, once the right nuts are together
CARD_VALUE = 2.0
SCALE = 15.0


# each truck's (nuts, points, nuts in all), looked up once: playouts and searches ask the heuristic millions of times
_LOADS = {truck_id: (truck.nuts, truck.points, sum(truck.nuts)) for truck_id, truck in TRUCKS.items()}


def standing(state: FactoryState, seat: int) -> float:
    """Points, plus what the warehouse and the hand promise: nuts count for most when a truck on the
    board could take them."""
    held = state.warehouse(seat)
    best = 0.0
    for truck_id in state.trucks:
        nuts, points, total = _LOADS[truck_id]
        covered = sum(map(min, held, nuts))
        best = max(best, points * covered / total)
    loose = sum(held) / NUTS
    return state.points[seat] + 0.5 * best + NUT_VALUE * loose + CARD_VALUE * len(state.hands[seat])


def evaluate(state: FactoryState, seat: int) -> float:
    if state.is_terminal():
        return state.returns()[seat]
    mine = standing(state, seat)
    others = max(standing(state, other) for other in range(state.n) if other != seat)
    return math.tanh((mine - others) / SCALE)
