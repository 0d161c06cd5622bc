"""Game Setup (rulebook): laying out the forest, dealing the objectives (and the Automa's in the solo game),
each player putting one under the deck, and the squirrels placed in snake order, each foraging 2 nuts.

Each setup phase's `Phase` (in PHASES): its chance outcomes or its legal actions, why another action is refused,
and what an action does.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from nutbox.core import Action, Event
from nutbox.core.phases import Phase
from nutbox.games.nut_hunt import flow
from nutbox.games.nut_hunt.actions import DISCARDS, PLACE_TILES, PLACES, Discard, Place, PlaceTile
from nutbox.games.nut_hunt.components import (
    AUTOMA_OBJECTIVES,
    CENTRE,
    COMPONENTS,
    DEALT,
    FORAGE_SETUP,
    SEAT_NAMES,
    TILES,
    T,
    layout,
    objective_text,
    picked,
    tile_name,
)
from nutbox.games.nut_hunt.refusals import SETUP, not_due

if TYPE_CHECKING:
    from nutbox.games.nut_hunt.state import HuntState


def place_order(players: int, centre_green: bool) -> tuple[int, ...]:
    """Setup squirrel placement: snake order, or the rulebook's special order for 5 players (Game Setup 3)."""
    if players == 5 and centre_green:
        return (0, 1, 2, 3, 4, 3, 2, 1, 0, 4)
    return (*range(players), *reversed(range(players)))


def dealt_each(state: HuntState) -> int:
    """Objectives dealt to each player at setup (the solo_deal option may make it 2, kept without choice)."""
    return 2 if state.solo and state.options.solo_deal == "draw-2" else DEALT


# --- the forest --------------------------------------------------------------------------------------------------
ALL_TILES = frozenset(range(T))
ALL_TILES_IN_ORDER = tuple(range(T))


def bag(state: HuntState) -> tuple[int, ...]:
    """The tiles not dealt yet, in order: kept from one deal to the next (on_layout), found anew for a tile_at set
    otherwise (a state made from a view, say)."""
    dealt, left = state._bag
    if dealt is not state.tile_at:
        left = tuple(sorted(ALL_TILES.difference(state.tile_at)))
        state._bag = (state.tile_at, left)
    return left


def tile_outcomes(state: HuntState) -> list[tuple[Action, float]]:
    return list(tile_odds(state))


def tile_odds(state: HuntState) -> tuple[tuple[Action, float], ...]:
    """Any tile not laid yet, alike."""
    dealt, left = state._bag
    if dealt is not state.tile_at:  # (bag(), whose usual answer is the one kept: every tile laid asks twice)
        left = bag(state)
    return picked(TILE_ODDS[len(left)], left)


# TILE_ODDS[left][tile]: the outcome of laying `tile` with its odds while `left` tiles are still to be laid, made once
# (every game lays out a new forest, a chance outcome per cell).
TILE_ODDS: tuple[tuple[tuple[Action, float], ...], ...] = tuple(
    tuple((laying, 1 / left) for laying in PLACE_TILES) if left else () for left in range(T + 1)
)


def on_layout(state: HuntState, action: Action) -> list[Event]:
    assert isinstance(action, PlaceTile)
    tile, dealt = action.tile, state.tile_at
    kept, left = state._bag
    if kept is not dealt:  # (bag(), written out as in tile_odds)
        left = bag(state)
    at = left.index(tile)
    state.tile_at = dealt = (*dealt, tile)
    state._bag = (dealt, left[:at] + left[at + 1 :])
    events = [LAID[tile][len(dealt)]]
    if len(dealt) == T:
        state.layout = layout(state.tile_at)
        state.fox = fox = state.tile_at[CENTRE]
        events.append(laid_out(fox))
        state.phase = "deal"
    return events


# The events of the setup, each made once for what it says (an event is immutable, and nothing changes its data):
# every game is set up anew.
def laid(tile: int, count: int) -> Event:
    return Event(f"{tile_name(tile)} is laid (tile {count} of {T})", "layout", {"tile": TILES[tile].code}, detail=True)


# LAID[tile][count]: each made once (19 times 19: fewer than a cache would make, and read without a call)
LAID = tuple(tuple(laid(tile, count) for count in range(T + 1)) for tile in range(T))


@functools.cache
def laid_out(fox: int) -> Event:
    return Event(f"The forest is laid out; the fox starts on {tile_name(fox)}", "fox", {"tile": TILES[fox].code})


@functools.cache
def objective_dealt(seat: int, card: int) -> Event:
    return flow.private(seat, f"{SEAT_NAMES[seat]} is dealt objective #{card}: {objective_text(card)}",
                        f"{SEAT_NAMES[seat]} is dealt an objective", "deal", card, detail=True)


@functools.cache
def objective_put_under(seat: int, card: int) -> Event:
    return flow.private(seat, f"{SEAT_NAMES[seat]} puts objective #{card} under the deck: {objective_text(card)}",
                        f"{SEAT_NAMES[seat]} keeps two objectives and puts one under the deck", "discard", card)


@functools.cache
def squirrel_placed(seat: int, tile: int) -> Event:
    return Event(f"{SEAT_NAMES[seat]} places a squirrel on {tile_name(tile)}", "place",
                 {"seat": seat, "tile": TILES[tile].code})


@functools.cache
def automa_dealt(card: int) -> Event:
    return Event(f"The Automa is dealt objective #{card}: {objective_text(card)}", "deal",
                 {"automa": True, "card": card})


# --- the objectives ----------------------------------------------------------------------------------------------
def on_deal(state: HuntState, action: Action) -> list[Event]:
    dealt = dealt_each(state)
    seat = state.step // dealt
    card = flow.draw(state, action)
    state.hands[seat] = (*state.hands[seat], card)
    events = [objective_dealt(seat, card)]
    state.step += 1
    if state.step == dealt * state.n:
        state.phase, state.current, state.step = "discard", 0, 0
        if dealt < DEALT:  # nothing to choose: straight to placing squirrels
            flow.next_placement(state)
    return events


def discard_legal(state: HuntState) -> list[Action]:
    return [DISCARDS[card - 1] for card in sorted(state.hands[state.current])]


def discard_reason(state: HuntState, action: Action) -> str:
    if not isinstance(action, Discard):
        return not_due(state, action)
    return f"{SETUP} 1D: objective #{action.card} is not among the three you were dealt"


def on_discard(state: HuntState, action: Action) -> list[Event]:
    assert isinstance(action, Discard)
    seat = state.current
    state.hands[seat] = tuple(c for c in state.hands[seat] if c != action.card)
    state.bottom = (*state.bottom, (action.card, seat))
    events = [objective_put_under(seat, action.card)]
    state.current += 1
    if state.current == state.n:
        state.step = 0
        flow.next_placement(state)
    return events


# --- the squirrels -----------------------------------------------------------------------------------------------
GREEN_TILES = tuple(t for t in range(T) if TILES[t].green)  # the starting tiles


def place_targets(state: HuntState) -> list[int]:
    # the 5-player special case: the last squirrel may go on an occupied starting tile
    anywhere = state.n == 5 and TILES[state.fox_tile].green and state.step == len(state.placing_order()) - 1
    squirrels, fox = state.squirrels, state.fox
    # (squirrels[t::T]: every owner's squirrels on tile t, the counts being by owner, then tile)
    return [t for t in GREEN_TILES if t != fox and (anywhere or not any(squirrels[t::T]))]


def place_legal(state: HuntState) -> list[Action]:
    return [PLACES[t] for t in place_targets(state)]


def place_reason(state: HuntState, action: Action) -> str:
    if not isinstance(action, Place):
        return not_due(state, action)
    start = TILES[action.tile]
    if not start.green:
        return f"{SETUP} 3: squirrels start on green-bordered starting tiles; {start.name} is not one"
    if action.tile == state.fox:
        return f"{SETUP} 3: the fox's tile is not an unoccupied starting tile"
    return f"{SETUP} 3: {start.name} is already occupied"


def on_place(state: HuntState, action: Action) -> list[Event]:
    assert isinstance(action, Place)
    seat = state.current
    events = [squirrel_placed(seat, action.tile)]
    flow.arrive(state, seat, action.tile, events)
    state.phase, state.forage_tile, state.forage_left, state.resume = "forage", action.tile, FORAGE_SETUP, "place"
    return events


# --- the Automa's starting hand (solo) ---------------------------------------------------------------------------
def on_automa_deal(state: HuntState, action: Action) -> list[Event]:
    card = flow.draw(state, action)
    state.automa_hand = (*state.automa_hand, card)
    events = [automa_dealt(card)]
    state.step += 1
    if state.step == AUTOMA_OBJECTIVES[state.options.automa]:
        state.pending = tuple(t for card in state.automa_hand for t in COMPONENTS.objectives[card - 1].ends)
        state.phase = "automa-place"
    return events


def no_decision(state: HuntState) -> list[Action]:
    """A chance phase's seat decisions: none."""
    return []


PHASES: dict[str, Phase[HuntState]] = {
    "layout": Phase(no_decision, not_due, on_layout, tile_outcomes),
    "deal": Phase(no_decision, not_due, on_deal, flow.draw_outcomes),
    "discard": Phase(discard_legal, discard_reason, on_discard),
    "place": Phase(place_legal, place_reason, on_place),
    "automa-deal": Phase(no_decision, not_due, on_automa_deal, flow.draw_outcomes),
}
