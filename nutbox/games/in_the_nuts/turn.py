"""A turn of In the Nuts! (rulebook, Playing the Game), as three phases (core/phases.py), each with its legal
decisions, why anything else is refused, and what a decision does:

1. dice: chance rolls the green die and the two white dice; a roll with no empty starting space (green plus
   either white) is a bad roll: the player takes back every squirrel on the track, and the turn ends;
2. place: the player puts a squirrel on an empty space the dice offer (at once when only one is open);
3. decide: stop, pushing the squirrels on the track up into the 2-squirrel area, or roll again (a player with
   no squirrel left in the supply stops).

Either way the turn ends with the collecting (collecting.py).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from nutbox.core import Action, Event, seat_name
from nutbox.core.phases import Phase
from nutbox.games.in_the_nuts.actions import DICE, PLACES, ROLL, STOP, Dice, Place
from nutbox.games.in_the_nuts.components import FIRST, SECTION_OF
from nutbox.games.in_the_nuts.rulebook import PLAY_RULE, no_decisions, when

if TYPE_CHECKING:
    from nutbox.games.in_the_nuts.state import NutsState


def start(state: NutsState, player: int) -> None:
    """`player`'s turn begins: the dice are rolled next."""
    state.current, state.phase, state.dice = player, "dice", None


def start_collecting(state: NutsState) -> None:
    """The turn's end: the walk over the areas' sections begins (collecting.py)."""
    state.phase, state.cursor, state.dice = "collect", (2, 0), None


# --- the dice -------------------------------------------------------------------------------------------------
def rolls(state: NutsState) -> list[tuple[Action, float]]:
    return ROLLS[:]


# every roll of the three dice with its chance (a pair of unequal white dice comes up two ways in 216)
ROLLS: list[tuple[Action, float]] = [(dice, (1 if dice.low == dice.high else 2) / 216) for dice in DICE.values()]
# the rolls listed, by identity (NutsState._is_outcome): the objects live as long as DICE, so their ids stay theirs
ROLL_IDS = frozenset(id(dice) for dice in DICE.values())


def roll(state: NutsState, action: Action) -> list[Event]:
    assert isinstance(action, Dice)
    state.dice = (action.green, action.low, action.high)
    open_spaces = state.open_spaces()
    events = [rolled(state.current, state.dice, tuple(open_spaces))]
    if open_spaces:
        state.phase = "place"
        return events
    back = [i + FIRST for i, owner in enumerate(state.track) if owner == state.current]
    for space in back:
        state.track[space - FIRST] = None
    state.supply[state.current] += len(back)
    name = seat_name(state.current)
    events.append(Event(f"Bad roll: {name} takes {len(back)} squirrel{'s' if len(back) != 1 else ''} back from the "
                        "starting track", "bad-roll"))
    start_collecting(state)
    return events


# The events that come most often, each made once for what it says (an event is immutable, and nothing changes its
# data): every turn rolls, and puts squirrels on the track.
@functools.lru_cache(maxsize=1 << 12)
def rolled(player: int, dice: tuple[int, int, int], open_spaces: tuple[int, ...]) -> Event:
    green, low, high = dice
    return Event(f"{seat_name(player)} rolls green {green}, white {low} and {high}", "dice",
                 {"dice": list(dice), "spaces": list(open_spaces)})


@functools.lru_cache(maxsize=1 << 12)
def stops(player: int, pushed: int) -> Event:
    return Event(f"{seat_name(player)} stops and pushes {pushed} squirrel{'s' if pushed != 1 else ''} up into the "
                 "2-squirrel area", "stop")


@functools.cache
def put_on(player: int, space: int) -> Event:
    return Event(f"{seat_name(player)} puts a squirrel on space {space}", "place", {"space": space})


# --- placing --------------------------------------------------------------------------------------------------
def places(state: NutsState) -> list[Action]:
    return [PLACES[space] for space in state.open_spaces()]


def place_reason(state: NutsState, action: Action) -> str:
    assert isinstance(action, Place)
    if state.dice and action.space not in {sum(state.dice[:2]), state.dice[0] + state.dice[2]}:
        return f"{PLAY_RULE}: the space must be the green die plus one white die"
    return f"{PLAY_RULE}: there can be only one squirrel in each space of the starting track"


def place(state: NutsState, action: Action) -> list[Event]:
    assert isinstance(action, Place)
    events: list[Event] = []
    put(state, action.space, events)
    return events


def put(state: NutsState, space: int, events: list[Event]) -> None:
    state.track[space - FIRST] = state.current
    state.supply[state.current] -= 1
    events.append(put_on(state.current, space))
    state.phase = "decide"


def place_alone(state: NutsState, events: list[Event]) -> bool:
    """With one space open, the squirrel goes there at once (whether anything happened)."""
    spaces = state.open_spaces()
    if len(spaces) != 1:
        return False
    put(state, spaces[0], events)
    return True


# --- stop or roll again ---------------------------------------------------------------------------------------
def stop_or_roll(state: NutsState) -> list[Action]:
    return [STOP, ROLL]


def decide_reason(state: NutsState, action: Action) -> str:
    assert action == ROLL  # stop is always open
    return f"{PLAY_RULE}: you have no squirrels left to place"


def decide(state: NutsState, action: Action) -> list[Event]:
    events: list[Event] = []
    if action == STOP:
        stop(state, events)
    else:
        state.phase = "dice"
    return events


def stop(state: NutsState, events: list[Event]) -> None:
    pushed = 0
    track, current = state.track, state.current
    for index, owner in enumerate(track):
        if owner == current:
            state.area2[SECTION_OF[index] * state.n + owner] += 1
            track[index] = None
            pushed += 1
    events.append(stops(state.current, pushed))
    start_collecting(state)


def stop_when_out(state: NutsState, events: list[Event]) -> bool:
    """A player with no squirrel left in the supply stops (whether anything happened)."""
    if state.supply[state.current]:
        return False
    stop(state, events)
    return True


ROLLING: Phase[NutsState] = Phase(no_decisions, when, roll, rolls)
PLACING: Phase[NutsState] = Phase(places, place_reason, place)
DECIDING: Phase[NutsState] = Phase(stop_or_roll, decide_reason, decide)
