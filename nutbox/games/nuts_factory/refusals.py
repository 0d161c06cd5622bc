"""Why Nuts! refuses an action it does not list: always the rulebook section that forbids it, then why
("Configuration, Slide: the final position of the Tile must be legal: it must fit completely on the board").
Tiles and machines named off the board read as actions (actions.py), so that these rules can refuse them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nutbox.core import Action
from nutbox.games.nuts_factory import legal
from nutbox.games.nuts_factory.actions import (
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
    Ship,
    Spin,
    SquirrelTo,
    place,
)
from nutbox.games.nuts_factory.components import COMPONENTS
from nutbox.games.nuts_factory.rulebook import (
    BONUS_RULE,
    BUILD_RULE,
    CHANCE_ACTIONS,
    CHANCE_REASONS,
    CLEANUP_RULE,
    COLUMNS,
    CONFIG_RULE,
    EFFECT_TEXT,
    FREE_EFFECTS,
    LIMITS,
    NUT_NAMES,
    PHASE_RULES,
    PRODUCTION_RULE,
    SHIP_RULE,
    SQUIRREL_RULE,
    TARGET_EFFECTS,
    TRUCKS,
    WAITING,
    WAREHOUSE_EFFECTS,
)

if TYPE_CHECKING:
    from nutbox.games.nuts_factory.rules import FactoryState


def reason(state: FactoryState, action: Action) -> str:
    """The rule that refuses `action`, which is not listed (always 'Heading: why')."""
    phase = state.phase
    if isinstance(action, CHANCE_ACTIONS):
        return CHANCE_REASONS[type(action)]
    if phase in WAITING:
        return WAITING[phase]
    if state.pending:
        return target_reason(state, action)
    if phase == "hunt":
        return f"{SQUIRREL_RULE}: two Connecting Paths are equally close: first send the Squirrel left or right"
    if isinstance(action, Play):
        return play_reason(state, action)
    if isinstance(action, (Build, Clear, MoveTile, Spin, MoveMachine)) or action == FEED:
        return configuration_reason(state, action)
    if isinstance(action, Ship):
        return ship_reason(state, action)
    if isinstance(action, (DiscardNut, DiscardCard)):
        return discard_reason(state, action)
    return out_of_turn_reason(state, action)


def out_of_turn_reason(state: FactoryState, action: Action) -> str:
    """Why an action that is not one of the phase's own is refused: a bonus power's target without the card,
    a Hunt's direction, the factory's run or the end of a phase at the wrong moment."""
    phase = state.phase
    if type(action) in TARGET_EFFECTS:
        text = EFFECT_TEXT[TARGET_EFFECTS[type(action)]]
        return f"{BONUS_RULE}: '{text}' is a bonus card's power: play the card first"
    if isinstance(action, Hunt):
        return f"{SQUIRREL_RULE}: the active player chooses a Hunt's direction only when two Connecting Paths " \
               "are equally close"
    if action == PRODUCE:
        if phase == "config":
            return f"{CONFIG_RULE}: the factory runs after Configuration and Squirrel Movement: say done first"
        return f"{PRODUCTION_RULE}: the factory has already run this turn"
    if action == DONE and phase == "before-production":
        return f"{PRODUCTION_RULE}: the factory runs next: play a bonus card first, or produce"
    if action == DONE and phase == "cleanup":
        return f"{CLEANUP_RULE}: discard down to {state.warehouse_limit} Boxed Nuts and {LIMITS.bonus_hand} " \
               "bonus cards before your turn ends"
    return f"{PHASE_RULES[phase]}: you are to {legal.decision(state)}"


def tile_problem(state: FactoryState, row: int, col: int, moving: tuple[int, int] | None = None) -> str:
    """Why a conveyor tile cannot lie with its left half at (row, col), by the Build rules (for a place
    the rules do not offer). `moving`: the tile's own place, when it is the one being moved."""
    if not (0 <= row < len(COMPONENTS.rows) and 0 <= col < COLUMNS - 1):
        return "it must fit completely on the board"
    if row not in COMPONENTS.conveyor_rows:
        return "it may not be in the rows set aside for Dispensers, Salters, Roasters, the Squirrel, or Box Holders"
    return "it may not overlap any other Conveyor Tile"


def machine_problem(state: FactoryState, action: MoveMachine, one_space: bool) -> str:
    """Why a Salter or Roaster cannot move as `action` says (a move the rules do not offer); `one_space`:
    a Slide Machine Action, rather than a bonus card's move anywhere along the row."""
    if (action.row, action.col) not in state.machines:
        return f"there is no Salter or Roaster at {place(action.row, action.col)}"
    if not 0 <= action.to_col < COLUMNS:
        return "the space moved into must exist (no moving off the board)"
    if one_space and abs(action.to_col - action.col) != 1:
        return "a Salter or Roaster moves one space to the right or left"
    return "the space moved into must be empty"


def configuration_reason(state: FactoryState, action: Action) -> str:
    """Why a configuration Action (Build, Clear, Slide, Spin, Slide Machine, Feed) is refused."""
    if state.phase != "config":
        return f"{CONFIG_RULE}: Actions are taken only in the Configuration phase"
    if not state.actions_left:
        return f"{CONFIG_RULE}: you have no Actions left this turn"
    if isinstance(action, Build):
        kind = COMPONENTS.tiles[action.kind]
        if action.kind != "cross" and not state.splitters:
            return f"{BUILD_RULE}: a Build places a Cross Tile unless a bonus card allows a Splitter/Joiner"
        if not state.supply[kind.layout]:
            return f"{BUILD_RULE}: no {kind.layout} tiles are left in the supply"
        return f"{BUILD_RULE}: {tile_problem(state, action.row, action.col)}"
    if isinstance(action, Clear):
        return f"Configuration, Clear: there is no Conveyor Tile at {place(action.row, action.col)}"
    if isinstance(action, MoveTile):
        if (action.row, action.col) not in state.tiles:
            return f"Configuration, Slide: there is no Conveyor Tile at {place(action.row, action.col)}"
        if action.to_row != action.row or abs(action.to_col - action.col) != 1:
            return "Configuration, Slide: a tile slides one space to the right or left"
        problem = tile_problem(state, action.to_row, action.to_col, moving=(action.row, action.col))
        return f"Configuration, Slide: the final position of the Tile must be legal: {problem}"
    assert isinstance(action, MoveMachine), action  # Spin and Feed are always open to a player with an Action
    return f"Configuration, Slide Machine: {machine_problem(state, action, one_space=True)}"


def target_reason(state: FactoryState, action: Action) -> str:
    """Why `action` is not a target of the bonus power waiting for one."""
    effect = state.pending
    assert effect is not None
    text = EFFECT_TEXT[effect]
    if effect == "move-squirrel" and isinstance(action, SquirrelTo):
        return f"{BONUS_RULE}: '{text}': column {action.col + 1} is not 1 or 2 columns from the Squirrel"
    if effect == "move-machine" and isinstance(action, MoveMachine):
        return f"{BONUS_RULE}: '{text}': {machine_problem(state, action, one_space=False)}"
    if effect in ("slide-far", "move-tile") and isinstance(action, MoveTile):
        if (action.row, action.col) not in state.tiles:
            return f"{BONUS_RULE}: '{text}': there is no Conveyor Tile at {place(action.row, action.col)}"
        if effect == "slide-far" and action.to_row != action.row:
            return f"{BONUS_RULE}: '{text}': the tile stays in its row"
        if (action.to_row, action.to_col) == (action.row, action.col):
            return f"{BONUS_RULE}: '{text}': the tile must go somewhere else"
        problem = tile_problem(state, action.to_row, action.to_col, moving=(action.row, action.col))
        return f"{BONUS_RULE}: '{text}': {problem}"
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


def ship_reason(state: FactoryState, action: Ship) -> str:
    if state.phase != "shipping":
        return f"{SHIP_RULE}: trucks are loaded in the Shipping phase"
    if action.truck not in state.trucks:
        return f"{SHIP_RULE}: truck {action.truck} has already driven away"
    if state.shipped >= state.truck_limit:
        return f"{SHIP_RULE}: a player may only claim one Truck card per turn"
    need = ", ".join(f"{n} {NUT_NAMES[i]}" for i, n in enumerate(TRUCKS[action.truck].nuts) if n)
    return f"{SHIP_RULE}: truck {action.truck} needs {need}, more than your Warehouse holds"


def discard_reason(state: FactoryState, action: DiscardNut | DiscardCard) -> str:
    seat = state.current
    if state.phase != "cleanup":
        return f"{CLEANUP_RULE}: discarding happens at Cleanup"
    if isinstance(action, DiscardCard):
        if action.card not in state.hands[seat]:
            return f"{CLEANUP_RULE}: bonus card {action.card} is not in your hand"
        return f"{CLEANUP_RULE}: you may keep up to {LIMITS.bonus_hand} bonus cards, and have no more"
    if sum(state.warehouse(seat)) <= state.warehouse_limit:
        return f"{CLEANUP_RULE}: you may keep up to {state.warehouse_limit} Boxed Nuts, and have no more"
    return f"{CLEANUP_RULE}: your Warehouse holds no boxed {NUT_NAMES[action.nut]}"
