"""Game Setup (rulebook): laying out the forest, dealing the objectives (and the Automa's in the solo game),
each player putting one under the deck, and the squirrels placed in snake order, each foraging 2 nuts.
Each function carries out the action of one setup phase (rules.ON_PHASE dispatches to them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nutbox.core import Action, Event
from nutbox.games.nut_hunt import flow
from nutbox.games.nut_hunt.actions import (
    Discard,
    Place,
    PlaceTile,
)
from nutbox.games.nut_hunt.board import CENTRE, layout
from nutbox.games.nut_hunt.components import COMPONENTS
from nutbox.games.nut_hunt.terms import (
    AUTOMA_OBJECTIVES,
    DEALT,
    FORAGE_SETUP,
    TILES,
    T,
    objective_text,
    tile_name,
)

if TYPE_CHECKING:
    from nutbox.games.nut_hunt.rules import HuntState


def on_layout(state: HuntState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, PlaceTile)
    state.tile_at = (*state.tile_at, action.tile)
    events.append(Event(f"{tile_name(action.tile)} is laid (tile {len(state.tile_at)} of {T})", "layout",
                        {"tile": TILES[action.tile].code}, detail=True))
    if len(state.tile_at) == T:
        state.layout = layout(state.tile_at)
        state.fox = fox = state.tile_at[CENTRE]
        events.append(Event(f"The forest is laid out; the fox starts on {tile_name(fox)}", "fox",
                            {"tile": TILES[fox].code}))
        state.phase = "deal"


def on_deal(state: HuntState, action: Action, events: list[Event]) -> None:
    dealt = dealt_each(state)
    seat = state.step // dealt
    card = flow.draw(state, action)
    state.hands[seat] = (*state.hands[seat], card)
    events.append(flow.private(seat, f"Player {seat + 1} is dealt objective #{card}: {objective_text(card)}",
                                f"Player {seat + 1} is dealt an objective", "deal", card, detail=True))
    state.step += 1
    if state.step == dealt * state.n:
        state.phase, state.current, state.step = "discard", 0, 0
        if dealt < DEALT:  # nothing to choose: straight to placing squirrels
            flow.next_placement(state)


def on_discard(state: HuntState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, Discard)
    seat = state.current
    state.hands[seat] = tuple(c for c in state.hands[seat] if c != action.card)
    state.bottom = (*state.bottom, (action.card, seat))
    events.append(flow.private(seat, f"Player {seat + 1} puts objective #{action.card} under the deck: "
                                f"{objective_text(action.card)}",
                                f"Player {seat + 1} keeps two objectives and puts one under the deck",
                                "discard", action.card))
    state.current += 1
    if state.current == state.n:
        state.step = 0
        flow.next_placement(state)


def on_place(state: HuntState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, Place)
    seat = state.current
    events.append(Event(f"Player {seat + 1} places a squirrel on {tile_name(action.tile)}", "place",
                        {"seat": seat, "tile": TILES[action.tile].code}))
    flow.arrive(state, seat, action.tile, events)
    state.phase, state.forage_tile, state.forage_left, state.resume = "forage", action.tile, FORAGE_SETUP, "place"


def on_automa_deal(state: HuntState, action: Action, events: list[Event]) -> None:
    card = flow.draw(state, action)
    state.automa_hand = (*state.automa_hand, card)
    events.append(Event(f"The Automa is dealt objective #{card}: {objective_text(card)}", "deal",
                        {"automa": True, "card": card}))
    state.step += 1
    if state.step == AUTOMA_OBJECTIVES[state.options.automa]:
        state.pending = tuple(t for card in state.automa_hand for t in COMPONENTS.objectives[card - 1].ends)
        state.phase = "automa-place"


def dealt_each(state: HuntState) -> int:
    """Objectives dealt to each player at setup (the solo_deal option may make it 2, kept without choice)."""
    return 2 if state.solo and state.options.solo_deal == "draw-2" else DEALT
