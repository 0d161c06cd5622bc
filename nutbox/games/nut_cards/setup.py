"""The deal (rulebook: "The dealer shuffles all 30 cards and creates three columns of cards equal to the number
of players face up"): the columns filled from the face-down deck, a card at a time, a chance outcome each. The
same deal begins every round ("they begin their turn by dealing enough cards to complete any incomplete
columns"), until the deck runs out.

The deal's `Phase` (state.PHASES): its chance outcomes, and why a seat's decision is refused meanwhile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nutbox.core import Action, Event
from nutbox.core.phases import Phase
from nutbox.games.nut_cards import terms
from nutbox.games.nut_cards.actions import Draw
from nutbox.games.nut_cards.components import COLUMNS
from nutbox.games.nut_cards.turn import DRAFT_RULE, replaced

if TYPE_CHECKING:
    from nutbox.games.nut_cards.state import CardsState


def outcomes(state: CardsState) -> list[tuple[Action, float]]:
    """Any card of the deck, each as likely: the deck is shuffled face down."""
    draws = state.space.draws
    return [(draws[card - 1], 1 / len(state.pool)) for card in state.pool]


def no_decision(state: CardsState) -> list[Action]:
    return []  # chance deals: no seat decides


def refused(state: CardsState, action: Action) -> str:
    """Why a seat's decision is refused while cards are dealt."""
    return f"{DRAFT_RULE}: a turn begins by dealing enough cards to complete any incomplete columns, before any " \
           f"card is taken"


def deal(state: CardsState, action: Action) -> list[Event]:
    """The card goes to the first column that is not full; the deal goes on or the draft begins."""
    assert isinstance(action, Draw)
    card = action.card
    state.pool = tuple(c for c in state.pool if c != card)
    column = next(c for c in range(COLUMNS) if len(state.columns[c]) < state.n)
    state.columns = replaced(state.columns, column, (*state.columns[column], card))
    event = Event(f"{terms.named(card).capitalize()} is dealt to column {column + 1}", "deal",
                  {"card": card, "column": column + 1}, detail=True)
    state.next_step()
    return [event]


DEAL = Phase(no_decision, refused, deal, chance=outcomes)
