"""Setting up Nuts!: the Box Holders dealt to the columns by chance, then turned so that no Connecting Path
exists and every nut shows on top; the first turn starts once they are. No player decides during setup.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from nutbox.core import Action, Event
from nutbox.games.nuts_factory import turn
from nutbox.games.nuts_factory.actions import HOLDERS, Holder
from nutbox.games.nuts_factory.components import COLUMNS, COMPONENTS, NUTS, SETUP_RULE, TOPS

if TYPE_CHECKING:
    from nutbox.games.nuts_factory.state import FactoryState

HOLDER_REASON = f"{SETUP_RULE}: the Box Holders are placed once, at random, before the first turn"
WAITING = f"{SETUP_RULE}: the Box Holders are still being placed; the first turn starts once they are"


def outcomes(state: FactoryState) -> list[tuple[Action, float]]:
    """The next column's Box Holder, any of those left, at any of its four turns."""
    left = frozenset(range(COLUMNS)).difference(state.holders)
    listed = _OUTCOMES.get(left)
    if listed is None:
        p = 1 / (4 * len(left))
        listed = _OUTCOMES[left] = [(HOLDERS[h * 4 + t], p) for h in sorted(left) for t in range(4)]
    return listed[:]


_OUTCOMES: dict[frozenset[int], list[tuple[Action, float]]] = {}  # the holders left -> the outcomes, made once


def setup_turns(holders: Sequence[int], turns: Sequence[int]) -> list[int]:
    """The fewest clockwise quarter turns (in total; then leftmost columns first) that leave no Connecting
    Path and every nut type on top at least once, starting from the random orientations."""
    everything = (1 << NUTS) - 1
    # best[mask]: the cheapest choice so far whose tops cover the nut types in mask, as (cost, final turns) packed
    # into one int that compares as that tuple would: the cost from bit _COST up, the final turns below it, two bits
    # a column, the leftmost highest (all of one length at each step)
    best: dict[int, int] = {0: 0}
    for col, (holder, dealt) in enumerate(zip(holders, turns, strict=True)):
        choices = _choices(holder, dealt, COMPONENTS.dispensers[col])
        step: dict[int, int] = {}
        for mask, packed in best.items():
            kept = (packed >> _COST << _COST) + ((packed & _TURNS) << 2)
            for added, nut_bit in choices:
                candidate, key = kept + added, mask | nut_bit
                if candidate < step.get(key, candidate + 1):
                    step[key] = candidate
        best = step
    # (where the data allow no setup showing every nut type: settle for no Connecting Path)
    packed = best[everything] if everything in best else min(best.values())
    return [packed >> 2 * (len(holders) - 1 - col) & 3 for col in range(len(holders))]


_COST = 2 * COLUMNS  # where the cost starts in setup_turns' packed choices
_TURNS = (1 << _COST) - 1


def _choices(holder: int, dealt: int, dispenser: int) -> list[tuple[int, int]]:
    """A column's Box Holder turned on from as dealt, where its top is not its dispenser's nut: what the turn
    adds to a packed choice (setup_turns), and the nut type on top as a bit."""
    finals = ((extra, (dealt + extra) % 4) for extra in range(4))
    return [((extra << _COST) + final, 1 << TOPS[holder][final]) for extra, final in finals
            if TOPS[holder][final] != dispenser]


def on_setup(state: FactoryState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, Holder)
    state.holders = (*state.holders, action.holder)
    state.turns.append(action.turns)
    events.append(placed(action.holder, len(state.holders), action.turns))
    if len(state.holders) == COLUMNS:
        state.turns = setup_turns(state.holders, state.turns)
        state._changed()
        tops = " ".join(COMPONENTS.nut_codes[top] for top in state.tops())
        names = ", ".join(COMPONENTS.nut_names[top] for top in state.tops())
        events.append(Event(f"The Box Holders are turned so that no Connecting Path exists; on top from column 1 "
                            f"to {COLUMNS}: {names}", "setup", {"tops": tops}))
        turn.start_turn(state, 0, events)


@functools.cache
def placed(holder: int, column: int, turns: int) -> Event:
    """A Box Holder dealt (made once for what it says, as it is immutable); `column` counts from 1."""
    return Event(f"Box Holder {holder + 1} goes under column {column}", "setup", {"holder": holder + 1, "turns": turns},
                 detail=True)
