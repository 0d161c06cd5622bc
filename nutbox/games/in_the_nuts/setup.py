"""The setup of In the Nuts! (rulebook, Preparation), as three phases (core/phases.py), each with its legal
decisions, why anything else is refused, and what a decision does:

1. faceup: chance turns over the four face-up nuts, one by one;
2. deal: chance deals each player a nut, which goes on a storage card of their choice at once (a store task,
   collecting.py; a joker too, unless option first_joker=keep); then the eight cards for the end are set
   aside (unseen, as the last eight of the deck);
3. preplace: the players after the starting player put 1, 2 and 3 squirrels into the 2-squirrel area, one a
   section, never on the raccoon field; then the starting player's first turn begins (turn.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nutbox.core import Action, Event, seat_name, with_article
from nutbox.core.phases import Phase
from nutbox.games.in_the_nuts import turn
from nutbox.games.in_the_nuts.actions import PREPLACES, Draw, Preplace, section_label
from nutbox.games.in_the_nuts.collecting import answer, draws, take_card, task_options, task_reason
from nutbox.games.in_the_nuts.components import COMPONENTS, KINDS, SECTIONS2, kind_name
from nutbox.games.in_the_nuts.rulebook import SETUP, no_decisions, when

if TYPE_CHECKING:
    from nutbox.games.in_the_nuts.state import NutsState


def deck_counts(players: int) -> list[int]:
    """The cards of each kind in the game: fewer plain nuts with 2 or 3 players."""
    removed = COMPONENTS.removed.get(players, 0)
    return [count - (removed if len(KINDS[kind]) == 1 else 0) for kind, count in enumerate(COMPONENTS.counts)]


# --- the face-up nuts and the first nuts ----------------------------------------------------------------------

def turn_over(state: NutsState, action: Action) -> list[Event]:
    """A face-up nut turned over."""
    assert isinstance(action, Draw)
    take_card(state, action.kind)
    state.faceup[state.step] = action.kind
    events = [Event(f"Face-up nut {state.step + 1}: {kind_name(action.kind)}", "deal", detail=True)]
    state.step += 1
    if state.step == COMPONENTS.slots:
        state.phase, state.step = "deal", 0
    return events


def deal(state: NutsState, action: Action) -> list[Event]:
    """A player's first nut dealt (chance), or stored (its player's store task)."""
    if state.tasks:
        return answer(state, action)
    assert isinstance(action, Draw)
    take_card(state, action.kind)
    player = state.step
    state.tasks = (("store", player, action.kind),)
    state.step += 1
    return [Event(f"{seat_name(player)} takes {with_article(kind_name(action.kind))}", "deal")]


def set_aside(state: NutsState, events: list[Event]) -> bool:
    """Once every player has stored a first nut, the eight cards for the end are set aside and the squirrels are
    pre-placed (whether that happened)."""
    if state.step < state.n:
        return False
    state.pile = sum(state.unseen) - COMPONENTS.reserve
    state.phase, state.current, state.step = "preplace", 1, 0
    next_preplacer(state)
    return True


# --- the squirrels in the 2-squirrel area ---------------------------------------------------------------------
def sections(state: NutsState) -> list[Action]:
    mine = state.area2[state.current::state.n]
    return [PREPLACES[s] for s in range(SECTIONS2) if not COMPONENTS.area2[s].raccoon and not mine[s]]


def preplace_reason(state: NutsState, action: Action) -> str:
    assert isinstance(action, Preplace)
    if COMPONENTS.area2[action.section].raccoon:
        return f"{SETUP}: you can't put squirrels in the raccoon field"
    return f"{SETUP}: no player can put more than one squirrel in any one section"


def preplace(state: NutsState, action: Action) -> list[Event]:
    assert isinstance(action, Preplace)
    state.area2[action.section * state.n + state.current] += 1
    state.supply[state.current] -= 1
    events = [Event(f"{seat_name(state.current)} puts a squirrel in section {section_label(action.section)}",
                    "preplace")]
    state.step += 1
    next_preplacer(state)
    return events


def next_preplacer(state: NutsState) -> None:
    """On to the next player with squirrels still to pre-place, or to the first turn."""
    schedule = COMPONENTS.preplace
    while state.current < state.n and state.step >= (schedule[state.current] if state.current < len(schedule) else 0):
        state.current, state.step = state.current + 1, 0
    if state.current == state.n:
        turn.start(state, 0)


FACEUP: Phase[NutsState] = Phase(no_decisions, when, turn_over, draws)
DEAL: Phase[NutsState] = Phase(task_options, task_reason, deal, draws)
PREPLACE: Phase[NutsState] = Phase(sections, preplace_reason, preplace)
