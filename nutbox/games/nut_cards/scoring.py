"""The end and its scores (rulebook: "The game ends once every card has been drafted and placed in a layout";
"the player with the most points wins. If tied, the player with the largest nut cluster wins"). A layout
scores at any moment (layout.score), so the scores are kept up to date during the game too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nutbox.core import Action, Event
from nutbox.core.phases import Phase
from nutbox.games.nut_cards import layout
from nutbox.games.nut_cards.components import WILD

if TYPE_CHECKING:
    from nutbox.games.nut_cards.state import CardsState

END_RULE = "The end of the game"


def score(state: CardsState, seat: int) -> tuple[int, int]:
    """(points, the nuts of the largest cluster that counts) of a seat's layout: the tie-break follows the
    clusters the points come from."""
    return layout.score(state.layouts[seat], state.double_each(), state.largest())


def parts(state: CardsState, seat: int) -> dict[str, float]:
    """score()'s points by where the rulebook says they come from, over the clusters that count: a point for each
    nut of the cluster's colour, a point for each wild nut counted with it, and what squirrels add by doubling
    (the special cards are what a designer weighs: are squirrels or wild nuts worth their draft?)."""
    grid = layout.visible(state.layouts[seat])
    nuts = wild = doubling = 0
    for cluster in layout.counted_clusters(grid, state.double_each(), state.largest()):
        wilds = sum(grid[cell] == WILD for cell in cluster.cells)
        nuts += cluster.nuts - wilds
        wild += wilds
        doubling += cluster.points - cluster.nuts
    return {"nuts": float(nuts), "wild nuts": float(wild), "squirrel doubling": float(doubling)}


def finish(state: CardsState) -> None:
    """The game is over: the most points win, a tie goes to the largest cluster, and a tie on both is shared."""
    state.phase = "over"
    ranked = [score(state, seat) for seat in range(state.n)]
    best = max(ranked)
    state.winner_seats = tuple(seat for seat in range(state.n) if ranked[seat] == best)


def after_end() -> str:
    return f"{END_RULE}: the game ends once every card has been drafted and placed in a layout"


def no_decision(state: CardsState) -> list[Action]:
    return []


def refused(state: CardsState, action: Action) -> str:
    return after_end()


def nothing_happens(state: CardsState, action: Action) -> list[Event]:
    raise AssertionError("no action is applied once the game is over (the core refuses it)")


OVER = Phase(no_decision, refused, nothing_happens)
