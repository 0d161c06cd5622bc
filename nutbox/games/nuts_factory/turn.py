"""A Nuts! turn around the factory's run: its start, Configuration (the Actions), bonus cards played and
aimed, Squirrel Movement (the die, the Scamper, the Hunt), Cleanup, and what moves on by itself: the end of a
phase, of a turn, of the game. Production and Shipping are production.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nutbox.core import Action, Event
from nutbox.games.nuts_factory import legal, production
from nutbox.games.nuts_factory.actions import (
    D8,
    DONE,
    FEED,
    PRODUCE,
    Build,
    Clear,
    DiscardCard,
    DiscardNut,
    Exchange,
    Hunt,
    MoveMachine,
    MoveTile,
    Play,
    Roll,
    Spin,
    SpinBack,
    SquirrelTo,
    Take,
)
from nutbox.games.nuts_factory.components import COMPONENTS
from nutbox.games.nuts_factory.rulebook import (
    DIE_WORDS,
    LIMITS,
    NUT_NAMES,
    NUTS,
    WAREHOUSE_BONUS_LIMIT,
    columns,
    player_name,
    tile_name,
    tile_place,
    tile_words,
)

if TYPE_CHECKING:
    from nutbox.games.nuts_factory.rules import FactoryState


def start_turn(state: FactoryState, seat: int, events: list[Event]) -> None:
    state.current = seat
    state.turn += 1
    state.phase = "config"
    state.actions_left = LIMITS.actions
    state.fed = False
    state.splitters = 0
    state.shipped = 0
    state.truck_limit = LIMITS.trucks_per_turn
    state.warehouse_limit = LIMITS.warehouse
    events.append(Event(f"{player_name(seat)}'s turn", "turn", {"seat": seat}))


def on_config(state: FactoryState, action: Action, events: list[Event]) -> None:
    name = player_name(state.current)
    if action == DONE:
        state.actions_left = 0
        end_config(state, events)
        return
    state.actions_left -= 1
    if isinstance(action, Build):
        layout = COMPONENTS.tiles[action.kind].layout
        state.supply[layout] -= 1
        if action.kind != "cross":
            state.splitters -= 1
        state.tiles[(action.row, action.col)] = action.kind
        state._changed()
        events.append(Event(f"{name} builds {tile_words(action.kind, action.row, action.col)}", "build"))
    elif isinstance(action, Clear):
        kind = state.tiles.pop((action.row, action.col))
        state.supply[COMPONENTS.tiles[kind].layout] += 1
        state._changed()
        events.append(Event(f"{name} clears the {tile_name(kind)} in {tile_place(action.row, action.col)}",
                            "clear"))
    elif isinstance(action, MoveTile):
        move_tile(state, action, events)
    elif isinstance(action, Spin):
        state.turns[action.col] += 1
        state._turned()
        events.append(Event(f"{name} spins the Box Holder in column {action.col + 1}: "
                            f"{NUT_NAMES[state.tops()[action.col]]} on top", "spin"))
    elif isinstance(action, MoveMachine):
        move_machine(state, action, events)
    else:
        assert action == FEED
        state.fed = True
        events.append(Event(f"{name} feeds the Squirrel: he naps this turn", "feed"))


def move_tile(state: FactoryState, action: MoveTile, events: list[Event]) -> None:
    kind = state.tiles.pop((action.row, action.col))
    state.tiles[(action.to_row, action.to_col)] = kind
    state._changed()
    if action.to_row == action.row:
        where = f"in row {action.row} from {columns(action.col)} to {columns(action.to_col)}"
    else:
        where = f"from {tile_place(action.row, action.col)} to {tile_place(action.to_row, action.to_col)}"
    events.append(Event(f"{player_name(state.current)} moves the {tile_name(kind)} {where}", "move"))


def move_machine(state: FactoryState, action: MoveMachine, events: list[Event]) -> None:
    kind = state.machines.pop((action.row, action.col))
    state.machines[(action.row, action.to_col)] = kind
    state._changed()
    events.append(Event(f"{player_name(state.current)} moves the {kind.capitalize()} in row {action.row} from column "
                        f"{action.col + 1} to column {action.to_col + 1}", "machine"))


def end_config(state: FactoryState, events: list[Event]) -> None:
    if state.fed:
        events.append(Event("The Squirrel was fed: no Squirrel Movement", "squirrel"))
        state.phase = "before-production"
    elif state.on_path():
        events.append(Event(f"The Squirrel already sits on a Connecting Path in column {state.squirrel + 1}",
                            "squirrel"))
        state.phase = "before-production"
    else:
        state.phase = "squirrel"


def play(state: FactoryState, action: Play, events: list[Event]) -> None:
    seat = state.current
    card = COMPONENTS.bonus_cards[action.card - 1]
    option = card.options[action.option]
    state.hands[seat] = tuple(c for c in state.hands[seat] if c != action.card)
    state.discards = (*state.discards, action.card)
    events.append(Event(f"{player_name(seat)} plays bonus card {action.card}: {option.text}", "bonus",
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
        move_tile(state, action, events)
    elif isinstance(action, MoveMachine):
        move_machine(state, action, events)
    elif isinstance(action, Take):
        state.warehouses[seat * NUTS + action.nut] += 1
        events.append(Event(f"{player_name(seat)} takes a boxed {NUT_NAMES[action.nut]}", "take"))
    else:
        assert isinstance(action, Exchange)
        state.warehouses[seat * NUTS + action.give] -= 1
        state.warehouses[seat * NUTS + action.get] += 1
        events.append(Event(f"{player_name(seat)} exchanges a boxed {NUT_NAMES[action.give]} for a "
                            f"{NUT_NAMES[action.get]}", "exchange"))


def on_squirrel(state: FactoryState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, Roll)
    events.append(Event(f"The squirrel die shows {DIE_WORDS[action.face]}", "roll", {"face": action.face}))
    if action.face == "stop":
        state.phase = "before-production"
    elif action.face == "scamper":
        state.phase = "scamper"
    else:
        state.reroll = action.face == "hunt-and-roll"
        hunt(state, events)


def on_scamper(state: FactoryState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, D8)
    state.squirrel = action.col
    events.append(Event(f"The eight-sided die shows {action.col + 1}: the Squirrel scampers to column "
                        f"{action.col + 1}",
                        "squirrel", {"column": action.col + 1}))
    state.phase = "before-production"


def hunt(state: FactoryState, events: list[Event]) -> None:
    targets = state.path_columns()
    if not targets:
        events.append(Event("No Connecting Path to hunt: the Squirrel stays", "squirrel"))
        after_hunt(state)
        return
    nearest = min(abs(c - state.squirrel) for c in targets)
    left, right = state.squirrel - nearest in targets, state.squirrel + nearest in targets
    if left and right:
        state.phase = "hunt"
        return
    step(state, -1 if left else 1, events)


def step(state: FactoryState, direction: int, events: list[Event]) -> None:
    state.squirrel += direction
    events.append(Event(f"The Squirrel hunts {'left' if direction < 0 else 'right'} to column "
                        f"{state.squirrel + 1}", "squirrel", {"column": state.squirrel + 1}))
    after_hunt(state)


def after_hunt(state: FactoryState) -> None:
    state.phase = "squirrel" if state.reroll and not state.on_path() else "before-production"
    state.reroll = False


def on_hunt(state: FactoryState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, Hunt)
    step(state, -1 if action.direction == "left" else 1, events)


def on_before_production(state: FactoryState, action: Action, events: list[Event]) -> None:
    assert action == PRODUCE
    production.produce(state, events)


def on_cleanup(state: FactoryState, action: Action, events: list[Event]) -> None:
    seat = state.current
    if isinstance(action, DiscardNut):
        state.warehouses[seat * NUTS + action.nut] -= 1
        events.append(Event(f"{player_name(seat)} discards a boxed {NUT_NAMES[action.nut]}", "discard"))
    else:
        assert isinstance(action, DiscardCard)
        state.hands[seat] = tuple(c for c in state.hands[seat] if c != action.card)
        state.discards = (*state.discards, action.card)
        events.append(Event(f"{player_name(seat)} discards bonus card {action.card}", "discard",
                            {"card": action.card}))


def settle(state: FactoryState, events: list[Event]) -> None:
    """Move on through whatever needs no decision."""
    while True:
        seat = state.current
        phase = state.phase
        if state.pending:
            return
        if phase == "config" and not state.actions_left and not legal.any_playable(state):
            end_config(state, events)
            continue
        if phase == "before-production" and not legal.any_playable(state):
            production.produce(state, events)
            continue
        if phase == "between-draws" and not legal.any_playable(state):
            production.next_draw(state, events)
            continue
        if phase == "shipping" and state.shipped >= state.truck_limit and not legal.any_playable(state):
            state.phase = "cleanup"
            continue
        if phase == "cleanup" and sum(state.warehouse(seat)) <= state.warehouse_limit \
                and len(state.hands[seat]) <= LIMITS.bonus_hand:
            end_turn(state, events)
            continue
        return


def end_turn(state: FactoryState, events: list[Event]) -> None:
    seat = state.current
    if state.end_turns is None and state.points[seat] >= state.options.end_score:
        state.end_turns = state.n
        events.append(Event(f"{player_name(seat)} ends the turn with {state.points[seat]} points: everyone gets "
                            "one more turn", "end"))
    elif state.end_turns:
        state.end_turns -= 1
    if state.end_turns == 0 or not state.trucks:
        if not state.trucks:
            events.append(Event("Every truck has driven away: the game ends", "end"))
        finish(state, events)
        return
    start_turn(state, (seat + 1) % state.n, events)


def finish(state: FactoryState, events: list[Event]) -> None:
    state.phase = "over"
    best = max(state.points)
    tied = [s for s in range(state.n) if state.points[s] == best]
    first = min(state.reached[s] for s in tied)
    state.winner_seats = tuple(s for s in tied if state.reached[s] == first)
    names = " and ".join(player_name(s) for s in state.winner_seats)
    verb = "wins" if len(state.winner_seats) == 1 else "share the win"
    events.append(Event(f"{names} {verb} with {best} points", "result"))
