"""Game knowledge for the bots: how good an In the Nuts! position looks for one seat.

Points on the storage cards count most, a card close to full counts toward its value, and squirrels on the
board count toward the nuts they will collect. Squirrels still on the starting track are at risk: each
further roll can lose them all, so they count for less the more of the track is already taken.
"""

from __future__ import annotations

import math

from nutbox.games.in_the_nuts.components import COMPONENTS
from nutbox.games.in_the_nuts.rules import CARDS, NEED2, NEED3, NEED4, TRACK, NutsState

NUT_VALUE = 3.0  # a nut is worth a point on a partly filled card, and far more toward a filled one
SCALE = 12.0


def standing(state: NutsState, player: int) -> float:
    value = 0.0
    for card, storage in enumerate(COMPONENTS.storage):
        i = player * CARDS + card
        held = state.card_plain[i] + state.card_jokers[i]
        if state.filled(player, card):
            value += storage.points
        else:
            value += held + (storage.points - storage.capacity) * (held / storage.capacity) ** 2
    n = state.n
    value += NUT_VALUE * sum(state.area2[player::n]) / NEED2
    value += NUT_VALUE * sum(state.area3[player::n]) / NEED3
    value += NUT_VALUE * state.area4[player] / NEED4
    on_track = sum(owner == player for owner in state.track)
    taken = sum(owner is not None for owner in state.track)
    value += NUT_VALUE * on_track / NEED2 * (1 - taken / TRACK)
    value += 2.0 * sum(state.kept[player * len(COMPONENTS.kinds) : (player + 1) * len(COMPONENTS.kinds)])
    return value


def evaluate(state: NutsState, seat: int) -> float:
    if state.is_terminal():
        return state.returns()[seat]
    mine = standing(state, seat)
    others = max(standing(state, other) for other in range(state.n) if other != seat)
    return math.tanh((mine - others) / SCALE)
