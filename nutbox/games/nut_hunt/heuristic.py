"""Game knowledge for the bots: how good a Nut Hunt position looks for one seat.

The score if the game ended now moves only when a nest is built or an objective completes, which leaves a
one-ply bot blind to progress. So each owner's position is valued as its current score plus the promise of
what it is building: each open objective credited by how few tiles it still lacks, squirrels as thirds of
a nest, and nuts as the means to recruit.
"""

from __future__ import annotations

import math
from collections import deque

from nutbox.games.nut_hunt.board import Layout
from nutbox.games.nut_hunt.components import COMPONENTS
from nutbox.games.nut_hunt.rules import FROG_POND, NUTS, HuntState, T
from nutbox.games.nut_hunt.scoring import FAILED_PENALTY, distance_bonus

SQUIRREL_VALUE = 0.6  # a third of a nest's 2 points, discounted: the fox may scatter it
NUT_VALUE = 0.15  # about what a squirrel costs, divided by the nuts it takes
SCALE = 8.0  # a lead of this many points counts as most of a win


def missing_tiles(layout: Layout, held: set[int], a: int, b: int) -> int:
    """The fewest tiles not yet held on any route from a to b (0-1 breadth-first; never via the Frog Pond)."""
    cost = [T + 1] * T
    cost[a] = 0 if a in held else 1
    queue = deque([a])
    while queue:
        tile = queue.popleft()
        for other in layout.neighbours[tile]:
            if other == FROG_POND:
                continue
            step = 0 if other in held else 1
            if cost[tile] + step < cost[other]:
                cost[other] = cost[tile] + step
                if step:
                    queue.append(other)
                else:
                    queue.appendleft(other)
    return cost[b]


def promise(state: HuntState, owner: int) -> float:
    """The owner's score now, plus partial credit for what it is building."""
    assert state.layout is not None
    parts = state.breakdown(owner)
    value = float(parts.total) + SQUIRREL_VALUE * parts.squirrels
    if owner < state.n:
        value += NUT_VALUE * sum(state.nuts[owner * NUTS : owner * NUTS + NUTS])
    base = owner * T
    held = {t for t in range(T) if state.squirrels[base + t] or state.nests[base + t]}
    for result in parts.objectives:
        if result.complete:
            continue
        a, b = COMPONENTS.objectives[result.card - 1].ends
        reward = COMPONENTS.objectives[result.card - 1].points + distance_bonus(state.layout, a, b) - FAILED_PENALTY
        lacking = missing_tiles(state.layout, held, a, b) + 1  # at least the nest is still to come
        value += reward / (1 + lacking)
    return value


def evaluate(state: HuntState, seat: int) -> float:
    """The seat's promise against the best other owner's, squashed into (-1, 1)."""
    if state.layout is None:
        return 0.0
    if state.is_terminal():
        return state.returns()[seat]
    mine = promise(state, seat)
    others = [promise(state, owner) for owner in range(state.owners) if owner != seat]
    return math.tanh((mine - max(others)) / SCALE) if others else 0.0
