"""The setup of Nuts Sorting (rulebook, Setup), as three phases (core/phases.py), each with its legal decisions,
why anything else is refused, and what a decision does:

1. deal: chance places the sixty nuts, one cell left empty, cell by cell in reading order;
2. choose: the player who did not place them (seat 1) takes a colour set or the first move, and the placer
   gets what is left (with the option placer_chooses_order, the placer answers a colour set by saying who
   moves first);
3. remove: the second player removes one nut of each side, and play begins (or ends, if that leaves someone
   sorted: scoring.py).
"""

from __future__ import annotations

from functools import cache
from operator import getitem
from typing import TYPE_CHECKING

from nutbox.core import Action, Event, seat_name
from nutbox.core.phases import Phase
from nutbox.games.nuts_sorting import scoring
from nutbox.games.nuts_sorting.actions import CHOOSES, DEALS, REMOVES, Choose, Deal, Remove
from nutbox.games.nuts_sorting.board import BITS, NAMES, NUM_CELLS, cells_of
from nutbox.games.nuts_sorting.components import (
    COLOURS,
    EMPTY,
    PIECES_PER_COLOUR,
    SET_COLOURS,
    SETS,
    colour_name,
    set_name,
)
from nutbox.games.nuts_sorting.turn import count_position

if TYPE_CHECKING:
    from nutbox.games.nuts_sorting.state import SortingState

SETUP = "Setup"
DEALT = f"{SETUP} 1: the pieces are placed at random once, before anything else, and the board is set"


# --- 1. the deal ---------------------------------------------------------------------------------------
def deal_outcomes(state: SortingState) -> list[tuple[Action, float]]:
    # Each outcome looked up, not made, and those of the colours used up (None) left out, all in C: every game
    # lists the outcomes of 61 deals.
    return list(filter(None, map(getitem, OUTCOMES_AT[state.dealt], state.pool)))


DEALS_AT = tuple(DEALS[cell * (EMPTY + 1) : (cell + 1) * (EMPTY + 1)] for cell in range(NUM_CELLS))  # by cell
Outcome = tuple[Action, float]


def _outcomes_of(cell: int) -> tuple[tuple[Outcome | None, ...], ...]:
    """The outcomes of the deal to `cell` (the cells before it dealt), by colour and by how many of it are left:
    the deal and its odds, that many out of the pieces and blank left for the cells from `cell` on; None when
    none is left."""
    left = NUM_CELLS - cell
    return tuple(
        tuple((deal, n / left) if n else None for n in range(PIECES_PER_COLOUR + 1)) for deal in DEALS_AT[cell]
    )


OUTCOMES_AT = tuple(_outcomes_of(cell) for cell in range(NUM_CELLS))  # [cell][colour][how many left]


def not_yet(state: SortingState, action: Action) -> str:
    """Why a player's decision is refused while the nuts are being placed."""
    return (f"{SETUP} 1: the pieces are first placed at random, cell by cell ({NAMES[state.dealt]} is next); "
            "choosing, removing and moving come after")


def deal_event(cell: int, colour: int) -> Event:
    name = NAMES[cell]
    text = f"{name} stays empty" if colour == EMPTY else f"{name} gets a {COLOURS[colour]} nut"
    return Event(text, "deal", {"cell": name, "colour": colour_name(colour)}, detail=True)


# The event of every deal, by its index in DEALS, and the one that ends the deal: made once, as every game deals 61
# (an event is immutable, and nothing changes its data).
DEAL_EVENTS = tuple(deal_event(deal.cell, deal.colour) for deal in DEALS)
DEAL_EVENTS_AT = tuple(DEAL_EVENTS[cell * (EMPTY + 1) : (cell + 1) * (EMPTY + 1)] for cell in range(NUM_CELLS))
BOARD_SET = Event(f"The board is set; {seat_name(1)} chooses a colour set or the first move", "phase")


def deal(state: SortingState, action: Action) -> list[Event]:
    assert isinstance(action, Deal)
    return place(state, action.cell, action.colour)


def place(state: SortingState, cell: int, colour: int) -> list[Event]:
    """The next cell, `cell`, gets `colour` (or stays empty), as a deal that is legal says."""
    if colour != EMPTY:
        state.board[colour] |= BITS[cell]
        state._groups[colour] = state._index[colour] = None  # (a view during the deal may have found them)
    state.pool[colour] -= 1
    state.dealt = cell + 1
    if cell < NUM_CELLS - 1:
        return [DEAL_EVENTS_AT[cell][colour]]
    state.phase = "choose"
    state.current = 1
    return [DEAL_EVENTS_AT[cell][colour], BOARD_SET]


DEAL = Phase(legal=scoring.no_decisions, reason=not_yet, apply=deal, chance=deal_outcomes)


@cache
def said(text: str, kind: str, seat: int | None = None, choice: str | None = None) -> Event:
    """The setup's events, each made once (an event is immutable, and nothing changes its data): every game has
    half a dozen, from a few hundred possible. A choice's data names the seat and the choice."""
    return Event(text, kind, {} if choice is None else {"seat": seat, "choice": choice})


# --- 2. the colour sets and the first move -------------------------------------------------------------
def choices(state: SortingState) -> tuple[str, ...]:
    if state.current == 1:  # the player who did not place: a colour set, or the first move
        return ("rby", "bwg", "first")
    if state.first is None:  # only with placer_chooses_order: player 2 took a colour set
        return ("first", "second")
    return ("rby", "bwg")  # player 2 took the first move: the placer chooses the colour set


def choice_actions(state: SortingState) -> list[Action]:
    return [CHOOSES[choice] for choice in choices(state)]


def choice_refusal(state: SortingState, action: Action) -> str:
    if not isinstance(action, Choose):
        return f"{SETUP} 2: the colour sets and the first move are settled first ('choose ...')"
    if state.current == 1:
        rule = "the player who did not place the pieces chooses a colour set (rby, bwg) or the first move (first)"
    elif state.first is None:
        rule = "the other player took a colour set, so you choose who moves first: 'choose first' or 'choose second'"
    else:
        rule = "the other player took the first move, so you choose your colour set: 'choose rby' or 'choose bwg'"
    return f"{SETUP} 2: {rule}"


def choose(state: SortingState, action: Action) -> list[Event]:
    assert isinstance(action, Choose)
    seat, choice = state.current, action.choice
    if choice in SETS:
        state.sets[seat] = SETS.index(choice)
        state.sets[1 - seat] = 1 - SETS.index(choice)
        text = f"{seat_name(seat)} takes {set_name(SETS.index(choice))}"
    else:
        state.first = seat if choice == "first" else 1 - seat
        text = (
            f"{seat_name(seat)} takes the first move"
            if state.first == seat
            else f"{seat_name(seat)} lets {seat_name(state.first)} move first"
        )
    events = [said(text, "choose", seat, choice)]
    if state.first is None and not state.options.placer_chooses_order:
        # Setup 2: the other player chose between a colour set and the first move; a colour set taken leaves
        # the placer the first move (only the option placer_chooses_order lets them choose who moves first).
        state.first = 1 - seat
        events.append(said(f"{seat_name(state.first)}, who placed the nuts, gets the first move", "phase"))
    if state.first is None or state.sets[0] is None:
        state.current = 0
        return events
    state.phase = "remove"
    state.current = 1 - state.first
    events.append(said(f"{seat_name(state.current)} removes one nut of their own colours and one of their "
                       "opponent's", "phase"))
    return events


CHOOSE = Phase(legal=choice_actions, reason=choice_refusal, apply=choose)


# --- 3. the second player's removals -------------------------------------------------------------------
def removable(state: SortingState) -> int:
    """The pieces of the sides the second player has not yet removed a piece of."""
    return sum(state.board[c] for side in (0, 1) if side not in state.removed for c in SET_COLOURS[side])


def removals(state: SortingState) -> list[Action]:
    return list(map(REMOVES.__getitem__, cells_of(removable(state))))


def first_move_given(state: SortingState) -> bool:
    """Whether the placer has the first move because the other player took a colour set (rulebook, Setup 2),
    rather than by a choice (only the option placer_chooses_order leaves them one)."""
    return state.first == 0 and not state.options.placer_chooses_order


def removal_refusal(state: SortingState, action: Action) -> str:
    if isinstance(action, Choose) and action.choice in ("first", "second") and first_move_given(state):
        return (
            f"{SETUP} 2: the player who did not place the pieces took a colour set, which leaves the first move "
            "to the player who placed them; the placer may not choose to move second"
        )
    rule = f"{SETUP} 3: the second player removes one piece of their colours and one of the opponent's"
    if not isinstance(action, Remove):
        return f"{rule} ('remove c3')"
    colour = state.colour_at(action.cell)
    if colour is None:
        return f"{rule}; {NAMES[action.cell]} is empty"
    whose = "your" if colour in state.colours_of(state.current) else "your opponent's"
    return f"{rule}; you have already removed one of {whose} pieces"


def remove(state: SortingState, action: Action) -> list[Event]:
    assert isinstance(action, Remove)
    colour = state.colour_at(action.cell)
    assert colour is not None
    state.board[colour] ^= BITS[action.cell]
    state._empty = None
    state._groups[colour] = state._index[colour] = None
    state.removed.append(0 if colour in SET_COLOURS[0] else 1)
    text = f"{seat_name(state.current)} removes the {COLOURS[colour]} nut from {NAMES[action.cell]}"
    events = [said(text, "remove")]
    if len(state.removed) < 2:
        return events
    assert state.first is not None
    state.phase = "play"
    state.current = state.first
    for number in range(len(COLOURS)):  # play lists moves from each colour's index: find its groups once, here
        state.index_of(number)
    end = scoring.after_setup(state)
    if end is not None:
        events.append(end)
    else:
        count_position(state)
        events.append(said(f"{seat_name(state.first)} moves first", "phase"))
    return events


REMOVE = Phase(legal=removals, reason=removal_refusal, apply=remove)
