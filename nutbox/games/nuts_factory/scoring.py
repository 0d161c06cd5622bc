"""Points in Nuts!: Phase 4, Shipping (a truck paid exactly its nuts scores its points), and the end of the game
(the first turn ending on the score the options set gives everyone one more turn; most points wins, a tie going
to whoever reached the final score first)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from nutbox.core import Action, Event, seat_name
from nutbox.games.nuts_factory.actions import DONE, SHIPS, Ship
from nutbox.games.nuts_factory.components import NUT_NAMES, NUTS, SHIP_RULE, TRUCKS

if TYPE_CHECKING:
    from nutbox.games.nuts_factory.state import FactoryState


# --- Shipping -------------------------------------------------------------------------------------------------
def ships(state: FactoryState) -> list[Action]:
    """The trucks the active player may load now, in the order they wait."""
    if state.shipped >= state.truck_limit:
        return []
    return [SHIPS[truck] for truck in state.shippable(state.current)]


def on_shipping(state: FactoryState, action: Action, events: list[Event]) -> None:
    if not isinstance(action, Ship):  # (tested first: comparing a Ship with a word costs two calls of __eq__)
        assert action == DONE
        state.phase = "cleanup"
        return
    seat = state.current
    truck = TRUCKS[action.truck]
    for nut, need in enumerate(truck.nuts):
        state.warehouses[seat * NUTS + nut] -= need
    state.trucks = tuple(t for t in state.trucks if t != action.truck)
    record = state.trucks_shipped
    state.trucks_shipped = (*record[:seat], (*record[seat], action.truck), *record[seat + 1 :])
    state.points[seat] += truck.points
    state.reached[seat] = state.turn
    state.shipped += 1
    events.append(ships_truck(seat, truck.id, truck.points, state.points[seat]))


@functools.cache
def ships_truck(seat: int, truck: int, points: int, now: int) -> Event:
    """A truck shipped (made once for what it says, as it is immutable)."""
    return Event(f"{seat_name(seat)} ships truck {truck} for {points} points (now {now} points)", "ship",
                 {"seat": seat, "truck": truck})


def ship_reason(state: FactoryState, action: Ship) -> str:
    if state.phase != "shipping":
        return f"{SHIP_RULE}: trucks are loaded in the Shipping phase"
    if action.truck not in state.trucks:
        return f"{SHIP_RULE}: truck {action.truck} has already driven away"
    if state.shipped >= state.truck_limit:
        return f"{SHIP_RULE}: a player may only claim one Truck card per turn"
    need = ", ".join(f"{n} {NUT_NAMES[i]}" for i, n in enumerate(TRUCKS[action.truck].nuts) if n)
    return f"{SHIP_RULE}: truck {action.truck} needs {need}, more than your Warehouse holds"


# --- where the points came from ------------------------------------------------------------------------------
# Points come only from trucks shipped, so a score is split by the trucks' values (with the printed trucks, their
# sizes too: 2 to 6 nuts): whether a seat's points come from many small trucks or a few big ones. The values are
# read from the components, so a study that changes a truck's points gets a part for the new value.
PART_OF = {truck: f"{TRUCKS[truck].points}-point trucks" for truck in sorted(TRUCKS, key=lambda t: TRUCKS[t].points)}
PARTS = tuple(dict.fromkeys(PART_OF.values()))  # from the smallest value up


def parts(state: FactoryState) -> list[dict[str, float]] | None:
    """Each seat's points by the values of the trucks it shipped. None for a state rebuilt from a view
    (determinize.py): a view does not say who shipped which truck, so its record falls short of the points."""
    found = []
    for seat, shipped in enumerate(state.trucks_shipped):
        made = dict.fromkeys(PARTS, 0.0)
        for truck in shipped:
            made[PART_OF[truck]] += TRUCKS[truck].points
        if sum(made.values()) != state.points[seat]:
            return None
        found.append(made)
    return found


# --- the end --------------------------------------------------------------------------------------------------
def game_ends(state: FactoryState, events: list[Event]) -> bool:
    """At the end of a turn: whether the game is over (then it is finished), after counting down the last
    round, or starting it when the active player reached the final score."""
    seat = state.current
    if state.end_turns is None and state.points[seat] >= state.options.end_score:
        state.end_turns = state.n
        events.append(Event(f"{seat_name(seat)} ends the turn with {state.points[seat]} points: everyone gets "
                            "one more turn", "end"))
    elif state.end_turns:
        state.end_turns -= 1
    if state.end_turns == 0 or not state.trucks:
        if not state.trucks:
            events.append(Event("Every truck has driven away: the game ends", "end"))
        finish(state, events)
        return True
    return False


def finish(state: FactoryState, events: list[Event]) -> None:
    """Most points wins; a tie goes to whoever reached that score first (on an earlier turn)."""
    state.phase = "over"
    best = max(state.points)
    tied = [s for s in range(state.n) if state.points[s] == best]
    first = min(state.reached[s] for s in tied)
    state.winner_seats = tuple(s for s in tied if state.reached[s] == first)
    names = " and ".join(seat_name(s) for s in state.winner_seats)
    verb = "wins" if len(state.winner_seats) == 1 else "share the win"
    events.append(Event(f"{names} {verb} with {best} points", "result"))
