"""The end of In the Nuts! (rulebook, The End of the Game): once the draw pile is used up, the turn's collecting
ends the game. Every squirrel left on the board goes up into the 4-squirrel area and each four of them take a
face-up nut (the last picks, in the order of option first_pick), then the jokers still kept are stored: the
final phase, whose tasks are collecting.py's. Filled cards score their value, other stored nuts a point each; a
tie goes to the most valuable filled card, and a tie on both is shared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nutbox.core import Action, Event, seat_name
from nutbox.core.phases import Phase
from nutbox.games.in_the_nuts.components import CARDS, COMPONENTS, KINDS, NEED4
from nutbox.games.in_the_nuts.rulebook import no_decisions, when

if TYPE_CHECKING:
    from nutbox.games.in_the_nuts.state import NutsState, Task


def score(state: NutsState, player: int) -> int:
    """A filled card scores its value, a nut (or joker) on a card not filled a point."""
    total = 0
    for card, storage in enumerate(COMPONENTS.storage):
        i = player * CARDS + card
        total += storage.points if state.filled(player, card) else state.card_plain[i] + state.card_jokers[i]
    return total


def score_parts(state: NutsState, player: int) -> dict[str, float]:
    """score() by its two sources: the values of the filled cards, and a point for each nut on a card not filled."""
    filled = loose = 0
    for card, storage in enumerate(COMPONENTS.storage):
        i = player * CARDS + card
        if state.filled(player, card):
            filled += storage.points
        else:
            loose += state.card_plain[i] + state.card_jokers[i]
    return {"filled cards": float(filled), "nuts on unfilled cards": float(loose)}


def best_card(state: NutsState, player: int) -> int:
    """The value of the player's most valuable filled card (0: none filled): what settles a tie."""
    return max((s.points for c, s in enumerate(COMPONENTS.storage) if state.filled(player, c)), default=0)


def last_picks(state: NutsState, events: list[Event]) -> None:
    """The end: every squirrel left on the board goes up into the 4-squirrel area, each four of them take a face-up
    nut, then the jokers still kept are stored."""
    n = state.n
    for player in range(n):
        state.area4[player] += sum(state.area2[player::n]) + sum(state.area3[player::n])
    state.area2, state.area3 = [0] * len(state.area2), [0] * len(state.area3)
    everything = (1 << COMPONENTS.slots) - 1
    tasks: list[Task] = []
    for player in state.order():
        picks = state.area4[player] // NEED4
        state.supply[player] += picks * NEED4
        state.area4[player] -= picks * NEED4
        tasks += [("take", player, everything)] * picks
    for player in state.order():
        for kind in range(len(KINDS)):
            tasks += [("store", player, kind)] * state.kept[player * len(KINDS) + kind]
            state.kept[player * len(KINDS) + kind] = 0
    events.append(Event("Every squirrel left goes up into the 4-squirrel area; each four of them take a face-up nut; "
                        "then the jokers still kept are stored", "end"))
    state.tasks = tuple(tasks)
    state.phase = "final"


def finish(state: NutsState, events: list[Event]) -> bool:
    """The last picks done: the game is over, and the most points win (no further step: False)."""
    state.phase = "over"
    ranked = [(score(state, p), best_card(state, p)) for p in range(state.n)]
    best = max(ranked)
    state.winner_seats = tuple(p for p in range(state.n) if ranked[p] == best)
    names = " and ".join(seat_name(p) for p in state.winner_seats)
    events.append(Event(f"{names} {'wins' if len(state.winner_seats) == 1 else 'share the win'} with {best[0]} "
                        "points", "result"))
    return False



def no_effect(state: NutsState, action: Action) -> list[Event]:
    raise AssertionError("the core refuses every action once the game is over")


# "over" lists nothing and is never asked more: the core refuses every action once the game is over
OVER: Phase[NutsState] = Phase(no_decisions, when, no_effect)
