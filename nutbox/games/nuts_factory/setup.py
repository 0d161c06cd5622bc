"""Setting up Nuts!: the Box Holders dealt to the columns by chance, then turned so that no Connecting Path
exists and every nut shows on top; the first turn starts once they are. No player decides during setup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from nutbox.core import Action, Event
from nutbox.games.nuts_factory import turn
from nutbox.games.nuts_factory.actions import HOLDERS, Holder
from nutbox.games.nuts_factory.components import COLUMNS, COMPONENTS, NUTS, SETUP_RULE, top_of

if TYPE_CHECKING:
    from nutbox.games.nuts_factory.state import FactoryState

HOLDER_REASON = f"{SETUP_RULE}: the Box Holders are placed once, at random, before the first turn"
WAITING = f"{SETUP_RULE}: the Box Holders are still being placed; the first turn starts once they are"


def outcomes(state: FactoryState) -> list[tuple[Action, float]]:
    """The next column's Box Holder, any of those left, at any of its four turns."""
    left = [h for h in range(COLUMNS) if h not in state.holders]
    p = 1 / (4 * len(left))
    return [(HOLDERS[h * 4 + t], p) for h in left for t in range(4)]


def setup_turns(holders: Sequence[int], turns: Sequence[int]) -> list[int]:
    """The fewest clockwise quarter turns (in total; then leftmost columns first) that leave no Connecting
    Path and every nut type on top at least once, starting from the random orientations."""
    dispensers = COMPONENTS.dispensers
    everything = (1 << NUTS) - 1
    # best[mask]: the cheapest (cost, final turns so far) whose tops cover the nut types in mask
    best: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for col, (holder, dealt) in enumerate(zip(holders, turns, strict=True)):
        step: dict[int, tuple[int, tuple[int, ...]]] = {}
        for mask, (cost, chosen) in best.items():
            for extra in range(4):
                final = (dealt + extra) % 4
                nut = top_of(holder, final)
                if nut == dispensers[col]:
                    continue
                candidate = (cost + extra, (*chosen, final))
                key = mask | (1 << nut)
                if key not in step or candidate < step[key]:
                    step[key] = candidate
        best = step
    if everything in best:
        return list(best[everything][1])
    return list(min(best.values())[1])  # the data allow no such setup: settle for no Connecting Path


def on_setup(state: FactoryState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, Holder)
    state.holders = (*state.holders, action.holder)
    state.turns.append(action.turns)
    events.append(Event(f"Box Holder {action.holder + 1} goes under column {len(state.holders)}", "setup",
                        {"holder": action.holder + 1, "turns": action.turns}, detail=True))
    if len(state.holders) == COLUMNS:
        state.turns = setup_turns(state.holders, state.turns)
        state._changed()
        tops = " ".join(COMPONENTS.nut_codes[top] for top in state.tops())
        names = ", ".join(COMPONENTS.nut_names[top] for top in state.tops())
        events.append(Event(f"The Box Holders are turned so that no Connecting Path exists; on top from column 1 "
                            f"to {COLUMNS}: {names}", "setup", {"tops": tops}))
        turn.start_turn(state, 0, events)
