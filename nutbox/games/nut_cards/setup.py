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
from nutbox.games.nut_cards.components import COLUMNS, COMPONENTS
from nutbox.games.nut_cards.turn import DRAFT_RULE, replaced, without

if TYPE_CHECKING:
    from nutbox.games.nut_cards.state import CardsState


def outcomes(state: CardsState) -> list[tuple[Action, float]]:
    """Any card of the deck, each as likely: the deck is shuffled face down."""
    draws, chance = state.space.draws, 1 / len(state.pool)
    return [(draws[card - 1], chance) for card in state.pool]


def no_decision(state: CardsState) -> list[Action]:
    return []  # chance deals: no seat decides


def refused(state: CardsState, action: Action) -> str:
    """Why a seat's decision is refused while cards are dealt."""
    return f"{DRAFT_RULE}: a turn begins by dealing enough cards to complete any incomplete columns, before any " \
           f"card is taken"


# The event of each card dealt to each column, DEALT[card - 1][column], made once: every game deals all thirty
# cards (an event is immutable, and nothing changes its data).
DEALT = tuple(
    tuple(Event(f"{terms.named(card).capitalize()} is dealt to column {column + 1}", "deal",
                {"card": card, "column": column + 1}, detail=True) for column in range(COLUMNS))
    for card in range(1, len(COMPONENTS.cards) + 1)
)


def first_incomplete(columns: tuple[tuple[int, ...], ...], size: int) -> int:
    """The first column holding fewer than `size` cards (there is one while cards are dealt)."""
    for column, cards in enumerate(columns):
        if len(cards) < size:
            return column
    raise AssertionError("cards are dealt only while a column is incomplete")


def deal(state: CardsState, action: Action) -> list[Event]:
    """The card goes to the first column that is not full; the deal goes on or the draft begins."""
    assert isinstance(action, Draw)
    card = action.card
    state.pool = without(state.pool, card)
    column = first_incomplete(state.columns, state.n)
    state.columns = replaced(state.columns, column, (*state.columns[column], card))
    state.next_step()
    return [DEALT[card - 1][column]]


DEAL = Phase(no_decision, refused, deal, chance=outcomes)
