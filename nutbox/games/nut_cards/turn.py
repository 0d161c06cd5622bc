"""A round's decisions (rulebook, the drafting paragraph and the placing one): the deck holder takes any card
from a column and places it; each next player takes one of the cards left in that same column and places it;
then the deck passes left and the next round's deal begins (setup.py).

Each phase's `Phase` (state.PHASES): its legal actions, why another action is refused, and what an action does.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from nutbox.core import Action, Event, seat_name
from nutbox.core.phases import Phase
from nutbox.games.nut_cards import layout, terms
from nutbox.games.nut_cards.actions import Draw, Place, Take
from nutbox.games.nut_cards.components import COLUMNS, COMPONENTS

if TYPE_CHECKING:
    from nutbox.games.nut_cards.state import CardsState

T = TypeVar("T")
DRAFT_RULE = "Drafting"  # the rules a refusal cites, as the guide names them
PLACE_RULE = "Placing cards"


def replaced(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """`items` with the one at `index` replaced: how a field of the state changes (never in place)."""
    return (*items[:index], item, *items[index + 1:])


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """`items` without the first `item` (a card leaving the deck or a column)."""
    at = items.index(item)
    return items[:at] + items[at + 1:]


def dealt_only_as_a_turn_begins() -> str:
    return f"{DRAFT_RULE}: cards are dealt only as a turn begins, to complete any incomplete columns"


# --- taking a card ----------------------------------------------------------------------------------------
def takes(state: CardsState) -> list[Action]:
    """The cards of any column for the deck holder; of the column drafted this round for the others."""
    columns = range(COLUMNS) if state.column is None else (state.column,)
    offered = state.space.takes
    return [offered[card - 1] for c in columns for card in state.columns[c]]


def take_refused(state: CardsState, action: Action) -> str:
    if isinstance(action, Draw):
        return dealt_only_as_a_turn_begins()
    if not isinstance(action, Take):
        return f"{DRAFT_RULE}: first take a card from " + ("a column" if state.column is None else
                                                           f"column {state.column + 1}")
    if state.column is not None and any(action.card in col for col in state.columns):
        return f"{DRAFT_RULE}: this round's cards come from column {state.column + 1}, the one the deck " \
               f"holder drafted from"
    return f"{DRAFT_RULE}: card {action.card} is not in a column"


def take(state: CardsState, action: Action) -> list[Event]:
    assert isinstance(action, Take)
    card = action.card
    column = state.column  # after the deck holder's take, the column drafted this round
    if column is None:
        column = next(c for c in range(COLUMNS) if card in state.columns[c])
    state.columns = replaced(state.columns, column, without(state.columns[column], card))
    state.column, state.holding, state.phase = column, card, "place"
    return [taken(state.current, card, column)]


@functools.cache  # made once: an event is immutable, and nothing changes its data
def taken(seat: int, card: int, column: int) -> Event:
    return Event(f"{seat_name(seat)} takes {terms.named(card)} from column {column + 1}", "take",
                 {"seat": seat, "card": card})


# --- placing it -------------------------------------------------------------------------------------------
def places(state: CardsState) -> list[Action]:
    """Every place the card in hand may go in the layout of the seat to move (layout.spots), in order."""
    assert state.holding is not None, "a card is in hand while it is placed"
    numbers: Sequence[int]
    if state.layouts[state.current]:
        numbers = reach(state, layout.SQUIRRELS[state.holding])[2]
    else:
        numbers = layout.spots((), state.holding)  # the first card
    return list(map(state.space.at_spot.__getitem__, numbers))


def reach(state: CardsState, squirrel: bool) -> layout.Reach:
    """Where a card with a squirrel or without may go next to the layout of the seat to move: kept per seat and kind
    of card (CardsState._reach), and worked out from the last one as the layout grows by a card."""
    which = state.current * 2 + squirrel
    known = state._reach[which]
    placements = state.layouts[state.current]
    if known[0] is not placements:
        known = layout.reach(placements, squirrel, known)
        state._reach = replaced(state._reach, which, known)
    return known


def place_refused(state: CardsState, action: Action) -> str:
    if isinstance(action, Draw):
        return dealt_only_as_a_turn_begins()
    if not isinstance(action, Place):
        return f"{PLACE_RULE}: place the card you took ({state.holding}) first"
    assert state.holding is not None, "a card is in hand while it is placed"
    card = COMPONENTS.cards[state.holding - 1]
    if action.upside_down != layout.upside_down(action.x):
        if card.squirrel and action.upside_down:
            return f"{PLACE_RULE}: squirrel cards must be placed with the squirrel right side up"
        way = "upside down" if layout.upside_down(action.x) else "upright"
        return f"{PLACE_RULE}: tree sides must touch tree sides and sky sides sky sides: cards in column " \
               f"{action.x} stand {way}"
    if card.squirrel and layout.upside_down(action.x):
        return f"{PLACE_RULE}: squirrel cards must be placed with the squirrel right side up, so never in an " \
               f"odd column (those stand upside down)"
    if not state.layouts[state.current]:
        return f"{PLACE_RULE}: the first card starts the layout at column 0 or 1, band 0"
    return f"{PLACE_RULE}: a new card must touch or overlap the cards already placed"


def place(state: CardsState, action: Action) -> list[Event]:
    """The card goes into the layout; the next player takes from the column, or the round ends: the deck passes
    left and the next deal begins."""
    assert isinstance(action, Place)
    seat, card, column = state.current, state.holding, state.column
    assert card is not None and column is not None, "a card taken from a column is in hand while it is placed"
    before = state.layouts[seat]
    where = terms.where_in(action.x, action.y, before)
    state.layouts = replaced(state.layouts, seat, (*before, (card, action.x, action.y)))
    events = [Event(placing(seat, card, action.upside_down) + (", " if before else " ") + where, "place",
                    {"seat": seat, "card": card, "x": action.x, "y": action.y})]
    state.holding = None
    state.taken += 1
    if state.taken < state.n and state.columns[column]:
        state.current, state.phase = (seat + 1) % state.n, "take"
        return events
    state.holder = (state.holder + 1) % state.n
    state.taken, state.column = 0, None
    state.next_step()
    return events


@functools.cache  # worded once: the same few seats place the same 30 cards in every game
def placing(seat: int, card: int, upside_down: bool) -> str:
    """The start of a place's narration: "<seat> places card 5 upright"."""
    return f"{seat_name(seat)} places card {card} {terms.way_words(upside_down)}"


TAKE = Phase(takes, take_refused, take)
PLACE = Phase(places, place_refused, place)
