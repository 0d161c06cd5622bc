"""The bonus cards of Nuts! (a part of the rules only it has): when each of a card's two options may be played,
what an option that needs a target (a Box Holder, a column, a tile, a machine, a nut) can be aimed at, what
playing and aiming do, and the rule that refuses anything else.

A card is played during its owner's own turn and discarded: the options that change the factory before it
runs (Configuration, or just before Production), the warehouse options at any of the turn's decisions but a
tied Hunt. An option that needs a target leaves `pending` set until the player names it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from nutbox.core import Action, Event, seat_name
from nutbox.games.nuts_factory import floor, turn
from nutbox.games.nuts_factory.actions import (
    EXCHANGES,
    MACHINE_MOVES,
    MOVES,
    PLAYS,
    ROW_INDEX,
    SPIN_BACKS,
    SPOTS,
    SQUIRREL_TO,
    TAKES,
    Exchange,
    MoveMachine,
    MoveTile,
    Play,
    SpinBack,
    SquirrelTo,
    Take,
    place,
)
from nutbox.games.nuts_factory.components import BONUS_RULE, COLUMNS, COMPONENTS, NUT_NAMES, NUTS

if TYPE_CHECKING:
    from nutbox.games.nuts_factory.state import FactoryState

WAREHOUSE_BONUS_LIMIT = 9
# bonus effects that need a target, by the phases they may be played in
FREE_EFFECTS = ("spin-back", "move-squirrel", "move-machine")
WAREHOUSE_EFFECTS = ("take-nut", "exchange-nut", "extra-truck", "warehouse-9")
EFFECT_TEXT = {option.effect: option.text for card in COMPONENTS.bonus_cards for option in card.options}
# actions that only a bonus power offers (as its target), and that power
TARGET_EFFECTS = {SpinBack: "spin-back", SquirrelTo: "move-squirrel", Take: "take-nut", Exchange: "exchange-nut"}
# where the warehouse options may be played: at every decision of the active player's turn but a tied Hunt
WAREHOUSE_PHASES = ("config", "before-production", "between-draws", "shipping", "cleanup")
CARD_EFFECTS = {(card.id, option): card.options[option].effect for card in COMPONENTS.bonus_cards for option in (0, 1)}


# --- what may be played, and aimed at -------------------------------------------------------------------------
def plays(state: FactoryState) -> list[Action]:
    """The options of the active player's cards that may be played now, by card."""
    return [PLAYS[(card, option)] for card in sorted(state.hands[state.current]) for option in (0, 1)
            if playable(state, card, option)]


def playable(state: FactoryState, card: int, option: int) -> bool:
    effect = CARD_EFFECTS[(card, option)]
    phase = state.phase
    if effect in WAREHOUSE_EFFECTS:
        if effect == "exchange-nut":
            return phase in WAREHOUSE_PHASES and any(state.warehouse(state.current))
        return phase in WAREHOUSE_PHASES
    if effect in FREE_EFFECTS:
        return phase in ("config", "before-production") and has_targets(state, effect)
    if phase != "config":
        return False
    if effect == "build-splitter":
        return state.actions_left > 0 and (state.supply["fork-right"] > 0 or state.supply["fork-left"] > 0)
    if effect == "extra-action":
        return True
    return state.actions_left > 0 and has_targets(state, effect)  # slide-far, move-tile: cost an Action


def any_playable(state: FactoryState) -> bool:
    hand = state.hands[state.current]
    return bool(hand) and any(playable(state, card, option) for card in hand for option in (0, 1))


def targets(state: FactoryState, effect: str) -> list[Action]:
    """What a bonus effect can be aimed at now."""
    if effect == "spin-back":
        return list(SPIN_BACKS)
    if effect == "move-squirrel":
        return [SQUIRREL_TO[c] for c in range(COLUMNS) if 0 < abs(c - state.squirrel) <= 2]
    if effect == "move-machine":
        return list(machine_targets(state))
    if effect in ("slide-far", "move-tile"):
        return list(tile_targets(state, effect == "slide-far"))
    if effect == "take-nut":
        return list(TAKES)
    assert effect == "exchange-nut"
    base = state.current * NUTS
    return [EXCHANGES[(give, get)] for (give, get) in EXCHANGES if state.warehouses[base + give]]


def has_targets(state: FactoryState, effect: str) -> bool:
    """Whether `targets` lists anything, found without listing it all where the list is long."""
    if effect == "move-machine":
        return next(machine_targets(state), None) is not None
    if effect in ("slide-far", "move-tile"):
        return next(tile_targets(state, effect == "slide-far"), None) is not None
    return bool(targets(state, effect))


def machine_targets(state: FactoryState) -> Iterator[Action]:
    """A machine moved anywhere along its row, to an empty space: by machine, then by column."""
    machines = state.machines
    for row, col in sorted(machines):
        for to in range(COLUMNS):
            if to != col and (row, to) not in machines:
                yield MACHINE_MOVES[(row, col, to)]


def tile_targets(state: FactoryState, same_row: bool) -> Iterator[Action]:
    """A tile moved to any place it fits once lifted (in its own row only, `same_row`): by tile, then by place."""
    lefts = floor.lefts(state.floor())
    for spot in sorted(state.tiles):
        row, col = spot
        for to in SPOTS:
            to_row, to_col = to
            if to == spot or (same_row and to_row != row):
                continue
            others = lefts[ROW_INDEX[to_row]]
            if to_row == row:
                others &= ~(1 << col)
            if not (others << 1) >> to_col & 7:  # no other tile's left half at to_col - 1, to_col or to_col + 1
                yield MOVES[(spot, to)]


# --- what playing and aiming do -------------------------------------------------------------------------------
def play(state: FactoryState, action: Play, events: list[Event]) -> None:
    seat = state.current
    card = COMPONENTS.bonus_cards[action.card - 1]
    option = card.options[action.option]
    state.hands[seat] = tuple(c for c in state.hands[seat] if c != action.card)
    state.discards = (*state.discards, action.card)
    events.append(Event(f"{seat_name(seat)} plays bonus card {action.card}: {option.text}", "bonus",
                        {"seat": seat, "card": action.card, "effect": option.effect}))
    effect = option.effect
    if effect == "build-splitter":
        state.splitters += 1
    elif effect == "extra-action":
        state.actions_left += 1
    elif effect == "extra-truck":
        state.truck_limit += 1
    elif effect == "warehouse-9":
        state.warehouse_limit = WAREHOUSE_BONUS_LIMIT
    else:
        if effect in ("slide-far", "move-tile"):
            state.actions_left -= 1
        state.pending = effect


def aim(state: FactoryState, action: Action, events: list[Event]) -> None:
    seat = state.current
    state.pending = None
    if isinstance(action, SpinBack):
        state.turns[action.col] -= 1
        state._turned()
        events.append(Event(f"The Box Holder in column {action.col + 1} turns back: "
                            f"{NUT_NAMES[state.tops()[action.col]]} on top", "spin"))
    elif isinstance(action, SquirrelTo):
        state.squirrel = action.col
        events.append(Event(f"The Squirrel is moved to column {action.col + 1}", "squirrel"))
    elif isinstance(action, MoveTile):
        turn.move_tile(state, action, events)
    elif isinstance(action, MoveMachine):
        turn.move_machine(state, action, events)
    elif isinstance(action, Take):
        state.warehouses[seat * NUTS + action.nut] += 1
        events.append(Event(f"{seat_name(seat)} takes a boxed {NUT_NAMES[action.nut]}", "take"))
    else:
        assert isinstance(action, Exchange)
        state.warehouses[seat * NUTS + action.give] -= 1
        state.warehouses[seat * NUTS + action.get] += 1
        events.append(Event(f"{seat_name(seat)} exchanges a boxed {NUT_NAMES[action.give]} for a "
                            f"{NUT_NAMES[action.get]}", "exchange"))


# --- what is refused ------------------------------------------------------------------------------------------
def target_reason(state: FactoryState, action: Action) -> str:
    """Why `action` is not a target of the bonus power waiting for one."""
    effect = state.pending
    assert effect is not None
    text = EFFECT_TEXT[effect]
    if effect == "move-squirrel" and isinstance(action, SquirrelTo):
        return f"{BONUS_RULE}: '{text}': column {action.col + 1} is not 1 or 2 columns from the Squirrel"
    if effect == "move-machine" and isinstance(action, MoveMachine):
        return f"{BONUS_RULE}: '{text}': {turn.machine_problem(state, action, one_space=False)}"
    if effect in ("slide-far", "move-tile") and isinstance(action, MoveTile):
        if (action.row, action.col) not in state.tiles:
            return f"{BONUS_RULE}: '{text}': there is no Conveyor Tile at {place(action.row, action.col)}"
        if effect == "slide-far" and action.to_row != action.row:
            return f"{BONUS_RULE}: '{text}': the tile stays in its row"
        if (action.to_row, action.to_col) == (action.row, action.col):
            return f"{BONUS_RULE}: '{text}': the tile must go somewhere else"
        return f"{BONUS_RULE}: '{text}': {turn.tile_problem(action.to_row, action.to_col)}"
    if effect == "exchange-nut" and isinstance(action, Exchange):
        if action.give == action.get:
            return f"{BONUS_RULE}: '{text}': the nut you get is of another type than the one you give"
        return f"{BONUS_RULE}: '{text}': you have no boxed {NUT_NAMES[action.give]} to give"
    return f"{BONUS_RULE}: first choose the target of the bonus card just played: '{text}'"


def play_reason(state: FactoryState, action: Play) -> str:
    seat = state.current
    if action.card not in state.hands[seat]:
        return f"{BONUS_RULE}: bonus card {action.card} is not in your hand"
    option = COMPONENTS.bonus_cards[action.card - 1].options[action.option]
    effect, text = option.effect, option.text
    if effect in FREE_EFFECTS and state.phase not in ("config", "before-production"):
        return f"{BONUS_RULE}: '{text}' changes the factory, so it is played before Production"
    if effect not in FREE_EFFECTS + WAREHOUSE_EFFECTS and state.phase != "config":
        return f"{BONUS_RULE}: '{text}' is played during Configuration"
    if effect == "exchange-nut":
        return f"{BONUS_RULE}: '{text}': your Warehouse holds no Boxed Nut to exchange"
    if effect == "build-splitter" and state.actions_left and not (
        state.supply["fork-right"] or state.supply["fork-left"]
    ):
        return f"{BONUS_RULE}: '{text}': no Splitter/Joiner tiles are left in the supply"
    if effect in ("build-splitter", "slide-far", "move-tile") and not state.actions_left:
        return f"{BONUS_RULE}: '{text}' needs an Action, and you have none left this turn"
    return f"{BONUS_RULE}: '{text}': there is nothing it could act on now"


def unplayed_reason(action: Action) -> str | None:
    """Why a bonus power's own target is refused when no card is waiting for one; None for another action."""
    effect = TARGET_EFFECTS.get(type(action))
    if effect is None:
        return None
    return f"{BONUS_RULE}: '{EFFECT_TEXT[effect]}' is a bonus card's power: play the card first"
