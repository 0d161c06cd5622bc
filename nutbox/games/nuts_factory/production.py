"""The factory runs (Phase 3, Production): nuts along the Connecting Paths into the warehouse unless the
Squirrel eats them, the Box Holders turned, bonus cards drawn (chance) for Extra Delicious nuts, with the
active player's decision between two draws when the deck is to be reshuffled before the last; then Phase 4,
Shipping, where trucks score the points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nutbox.core import Action, Event, listing, plural
from nutbox.games.nuts_factory.actions import (
    DONE,
    DrawBonus,
    Ship,
)
from nutbox.games.nuts_factory.components import COMPONENTS
from nutbox.games.nuts_factory.rulebook import (
    NUT_NAMES,
    NUTS,
    QUARTERS,
    TRUCKS,
    player_name,
    top_of,
)

if TYPE_CHECKING:
    from nutbox.games.nuts_factory.rules import FactoryState


def produce(state: FactoryState, events: list[Event]) -> None:
    seat = state.current
    name = player_name(seat)
    paths = state.paths()
    collected = [0] * NUTS
    eaten = bonus = 0
    for route in paths:
        nut = COMPONENTS.dispensers[route.source]
        if not state.fed and route.squirrel_column == state.squirrel:
            eaten += route.count
            continue
        collected[nut] += route.count
        if route.salted and route.roasted:
            bonus += route.count
    if eaten:
        events.append(Event(f"The Squirrel eats {eaten} nut{'s' if eaten > 1 else ''}", "eaten", {"count": eaten}))
    for nut, count in enumerate(collected):
        state.warehouses[seat * NUTS + nut] += count
    if any(collected):
        got = listing([plural(count, NUT_NAMES[nut]) for nut, count in enumerate(collected) if count])
        events.append(Event(f"{name} collects {got}", "collect", {"seat": seat, "nuts": collected}))
    turn_box_holders(state, sorted({route.end for route in paths}), events)
    state.draws_left = bonus
    next_draw(state, events)


def turn_box_holders(state: FactoryState, ends: list[int], events: list[Event]) -> None:
    """Box Rotation: each Box Holder at the end of a Connecting Path turns a quarter turn at a time until
    it is no longer one. With a Joiner, nuts of two kinds can reach one holder, so the next box may match
    the other kind; if every box would match, it turns a single quarter turn (decision 13)."""
    if not ends:
        return
    arriving_at: dict[int, set[int]] = {col: set() for col in ends}  # the nut types that reach each holder
    for route in state.routes():
        if route.end in arriving_at:
            arriving_at[route.end].add(COMPONENTS.dispensers[route.source])
    by_turns: dict[int, list[int]] = {}
    for col in ends:
        arriving = arriving_at[col]
        holder, turns = state.holders[col], state.turns[col]
        quarters = next((k for k in range(1, 4) if top_of(holder, turns + k) not in arriving), 1)
        state.turns[col] += quarters
        by_turns.setdefault(quarters, []).append(col)
    state._turned()
    parts = [f"{QUARTERS[k]} in column{'s' if len(cols) > 1 else ''} {', '.join(str(c + 1) for c in cols)}"
             for k, cols in sorted(by_turns.items())]
    events.append(Event("Box Holders turn " + "; ".join(parts), "rotate"))
    for col in sorted({route.end for route in state.paths()} & set(ends)):
        events.append(Event(f"The Box Holder in column {col + 1} is still a Connecting Path: each of its boxes "
                            "matches a nut that reaches it", "rotate"))


def next_draw(state: FactoryState, events: list[Event]) -> None:
    """Draw the bonus cards still owed, one chance action each. When the deck runs out with a card owed,
    the discards are shuffled into a new deck; with none, the cards still owed are not drawn (decision 6)."""
    if state.draws_left and not state.pool and state.discards:
        state.pool, state.discards = tuple(sorted(state.discards)), ()
        events.append(Event("The bonus deck is empty: the discards are shuffled into a new deck", "deck"))
    if not state.pool:
        state.draws_left = 0
    state.phase = "draw" if state.draws_left else "shipping"


def on_draw(state: FactoryState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, DrawBonus)
    seat = state.current
    state.pool = tuple(c for c in state.pool if c != action.card)
    state.hands[seat] = (*state.hands[seat], action.card)
    hidden = Event(f"{player_name(seat)} draws a bonus card for an Extra Delicious nut", "draw", {"seat": seat})
    events.append(Event(f"{player_name(seat)} draws bonus card {action.card} for an Extra Delicious nut",
                        "draw", {"seat": seat, "card": action.card}, frozenset({seat}), hidden))
    state.draws_left -= 1
    if state.draws_left > len(state.pool):
        # The deck runs out before the cards still owed are drawn, and the discards become the new deck: a card
        # played now (it "may be played as soon as" it is acquired) goes into it, one played later does not.
        # settle() draws on at once if the player has no card to play (decision 5).
        state.phase = "between-draws"
        return
    next_draw(state, events)


def on_between_draws(state: FactoryState, action: Action, events: list[Event]) -> None:
    """The player has played what they wished before the discards are shuffled in: the drawing goes on."""
    assert action == DONE
    next_draw(state, events)


def on_shipping(state: FactoryState, action: Action, events: list[Event]) -> None:
    if action == DONE:
        state.phase = "cleanup"
        return
    assert isinstance(action, Ship)
    seat = state.current
    truck = TRUCKS[action.truck]
    for nut, need in enumerate(truck.nuts):
        state.warehouses[seat * NUTS + nut] -= need
    state.trucks = tuple(t for t in state.trucks if t != action.truck)
    state.points[seat] += truck.points
    state.reached[seat] = state.turn
    state.shipped += 1
    events.append(Event(f"{player_name(seat)} ships truck {truck.id} for {truck.points} points "
                        f"(now {state.points[seat]} points)", "ship", {"seat": seat, "truck": truck.id}))
