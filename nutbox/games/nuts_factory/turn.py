"""A Nuts! turn: its start, Phase 1, Configuration (the Actions), Phase 2, Squirrel Movement (the die, the
Scamper, the Hunt), Phase 5, Cleanup, and its end; for each, what may be done, what it does, and the rule that
refuses anything else ("Configuration, Slide: the final position of the Tile must be legal: it must fit
completely on the board"). Production is production.py's, Shipping scoring.py's, the bonus cards bonus.py's.
"""

from __future__ import annotations

import functools
from operator import getitem
from typing import TYPE_CHECKING

from nutbox.core import Action, Event, seat_name
from nutbox.games.nuts_factory import floor, scoring
from nutbox.games.nuts_factory.actions import (
    D8,
    D8S,
    DISCARD_CARDS,
    DISCARD_NUTS,
    DONE,
    FEED,
    HUNTS,
    MACHINE_MOVES,
    PRODUCE,
    ROLLS,
    SPINS,
    TILE_MOVES,
    Build,
    Clear,
    DiscardCard,
    DiscardNut,
    Hunt,
    MoveMachine,
    MoveTile,
    Roll,
    Spin,
    build_tables,
    columns,
    place,
    tile_name,
    tile_place,
    tile_words,
)
from nutbox.games.nuts_factory.components import (
    BONUS_RULE,
    BUILD_RULE,
    CLEANUP_RULE,
    COLUMNS,
    COMPONENTS,
    CONFIG_RULE,
    DIE_FACES,
    LIMITS,
    NUT_NAMES,
    NUTS,
    PRODUCTION_RULE,
    SHIP_RULE,
    SQUIRREL_RULE,
    TILE_KINDS,
    TOPS,
)
from nutbox.games.nuts_factory.options import die_faces

if TYPE_CHECKING:
    from nutbox.games.nuts_factory.state import FactoryState

DIE_WORDS = {"stop": "Stop", "scamper": "Scamper", "hunt": "Hunt", "hunt-and-roll": "Hunt and Roll"}


# --- the turn -------------------------------------------------------------------------------------------------
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
    events.append(turn_of(seat))


# Events made once for what they say (an event is immutable, and nothing changes its data): every turn has them.
@functools.cache
def turn_of(seat: int) -> Event:
    return Event(f"{seat_name(seat)}'s turn", "turn", {"seat": seat})


@functools.cache
def die_shows(face: str) -> Event:
    return Event(f"The squirrel die shows {DIE_WORDS[face]}", "roll", {"face": face})


def end_turn(state: FactoryState, events: list[Event]) -> None:
    if not scoring.game_ends(state, events):
        start_turn(state, (state.current + 1) % state.n, events)


# --- Configuration: what may be done ------------------------------------------------------------------------
def actions_open(state: FactoryState) -> list[Action]:
    """The Actions the active player may take now: none once the turn's are used."""
    return configurations(state) if state.actions_left else []


def configurations(state: FactoryState) -> list[Action]:
    """The Actions open, in a fixed order: builds (by place, then kind), clears and slides (by tile), spins,
    machine slides (by machine), feed. What a row offers depends only on where its tiles lie, so it is looked
    up by the row's tiles as a bit mask (1 << left column) in tables built once (actions.py)."""
    supply = state.supply
    kinds: tuple[str, ...] = ("cross",) if supply["cross"] else ()
    if state.splitters:
        kinds += tuple(kind for kind in TILE_KINDS[1:] if supply[LAYOUTS[kind]])
    lefts = floor.lefts(state.floor())
    legal: list[Action] = []
    if kinds:
        builds = _BUILDS.get(kinds)
        if builds is None:
            builds = _BUILDS[kinds] = build_tables(kinds)
        for row_builds in map(getitem, builds, lefts):  # (a loop of += beats a chain: it copies tuples whole)
            legal += row_builds
    for row_moves in map(getitem, TILE_MOVES, lefts):
        legal += row_moves
    legal += SPINS
    machines = state.machines
    key = frozenset(machines)
    moves = _MACHINE_MOVES.get(key)
    if moves is None:
        moves = _MACHINE_MOVES[key] = tuple(
            MACHINE_MOVES[(row, col, to)] for row, col in sorted(machines) for to in (col - 1, col + 1)
            if 0 <= to < COLUMNS and (row, to) not in machines)
    legal += moves
    legal.append(FEED)
    return legal


LAYOUTS = {kind: COMPONENTS.tiles[kind].layout for kind in TILE_KINDS}
_BUILDS: dict[tuple[str, ...], list[list[tuple[Action, ...]]]] = {}  # kinds that may be built -> build_tables
_MACHINE_MOVES: dict[frozenset[tuple[int, int]], tuple[Action, ...]] = {}  # the machines' places -> their slides


# --- Configuration: what it does ----------------------------------------------------------------------------
def on_config(state: FactoryState, action: Action, events: list[Event]) -> None:
    # (the dataclasses first: comparing one with a word costs two calls of __eq__)
    seat = state.current
    if isinstance(action, Build):
        state.supply[LAYOUTS[action.kind]] -= 1
        if action.kind != "cross":
            state.splitters -= 1
        state.put_tile((action.row, action.col), action.kind)
        events.append(built(seat, action.kind, action.row, action.col))
    elif isinstance(action, Clear):
        kind = state.lift_tile((action.row, action.col))
        state.supply[LAYOUTS[kind]] += 1
        events.append(cleared(seat, kind, action.row, action.col))
    elif isinstance(action, MoveTile):
        move_tile(state, action, events)
    elif isinstance(action, Spin):
        state.turns[action.col] += 1
        state._turned()
        events.append(spun(seat, action.col, TOPS[state.holders[action.col]][state.turns[action.col] % 4]))
    elif isinstance(action, MoveMachine):
        move_machine(state, action, events)
    elif action == DONE:
        state.actions_left = 0
        end_config(state, events)
        return
    else:
        assert action == FEED
        state.fed = True
        events.append(feeds(seat))
    state.actions_left -= 1  # every Action but done costs one


def move_tile(state: FactoryState, action: MoveTile, events: list[Event]) -> None:
    """A tile slid by an Action, or moved by a bonus card."""
    kind = state.lift_tile((action.row, action.col))
    state.put_tile((action.to_row, action.to_col), kind)
    events.append(tile_moved(state.current, kind, action.row, action.col, action.to_row, action.to_col))


def move_machine(state: FactoryState, action: MoveMachine, events: list[Event]) -> None:
    """A Salter or Roaster slid by an Action, or moved by a bonus card."""
    kind = state.move_machine((action.row, action.col), action.to_col)
    events.append(machine_moved(state.current, kind, action.row, action.col, action.to_col))


# The events of the Actions, made once for what they say (see turn_of): a playout narrates thousands of them.
@functools.cache
def built(seat: int, kind: str, row: int, col: int) -> Event:
    return Event(f"{seat_name(seat)} builds {tile_words(kind, row, col)}", "build")


@functools.cache
def cleared(seat: int, kind: str, row: int, col: int) -> Event:
    return Event(f"{seat_name(seat)} clears the {tile_name(kind)} in {tile_place(row, col)}", "clear")


@functools.cache
def tile_moved(seat: int, kind: str, row: int, col: int, to_row: int, to_col: int) -> Event:
    if to_row == row:
        where = f"in row {row} from {columns(col)} to {columns(to_col)}"
    else:
        where = f"from {tile_place(row, col)} to {tile_place(to_row, to_col)}"
    return Event(f"{seat_name(seat)} moves the {tile_name(kind)} {where}", "move")


@functools.cache
def spun(seat: int, col: int, top: int) -> Event:
    return Event(f"{seat_name(seat)} spins the Box Holder in column {col + 1}: {NUT_NAMES[top]} on top", "spin")


@functools.cache
def machine_moved(seat: int, kind: str, row: int, col: int, to_col: int) -> Event:
    return Event(f"{seat_name(seat)} moves the {kind.capitalize()} in row {row} from column {col + 1} to column "
                 f"{to_col + 1}", "machine")


@functools.cache
def feeds(seat: int) -> Event:
    return Event(f"{seat_name(seat)} feeds the Squirrel: he naps this turn", "feed")


def end_config(state: FactoryState, events: list[Event]) -> None:
    if state.fed:
        events.append(SQUIRREL_FED)
        state.phase = "before-production"
    elif state.on_path():
        events.append(already_on_path(state.squirrel))
        state.phase = "before-production"
    else:
        state.phase = "squirrel"


SQUIRREL_FED = Event("The Squirrel was fed: no Squirrel Movement", "squirrel")


@functools.cache
def already_on_path(col: int) -> Event:
    return Event(f"The Squirrel already sits on a Connecting Path in column {col + 1}", "squirrel")


# --- Configuration: what is refused -------------------------------------------------------------------------
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
        return f"{BUILD_RULE}: {tile_problem(action.row, action.col)}"
    if isinstance(action, Clear):
        return f"Configuration, Clear: there is no Conveyor Tile at {place(action.row, action.col)}"
    if isinstance(action, MoveTile):
        if (action.row, action.col) not in state.tiles:
            return f"Configuration, Slide: there is no Conveyor Tile at {place(action.row, action.col)}"
        if action.to_row != action.row or abs(action.to_col - action.col) != 1:
            return "Configuration, Slide: a tile slides one space to the right or left"
        problem = tile_problem(action.to_row, action.to_col)
        return f"Configuration, Slide: the final position of the Tile must be legal: {problem}"
    assert isinstance(action, MoveMachine), action  # Spin and Feed are always open to a player with an Action
    return f"Configuration, Slide Machine: {machine_problem(state, action, one_space=True)}"


def tile_problem(row: int, col: int) -> str:
    """Why a conveyor tile cannot lie with its left half at (row, col), by the Build rules (for a place
    the rules do not offer)."""
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


# --- Squirrel Movement ------------------------------------------------------------------------------------------
ROLL_REASON = f"{SQUIRREL_RULE}: the Squirrel Die is rolled after Configuration, and no player chooses its face"
D8_REASON = f"{SQUIRREL_RULE}: the d8 is rolled only when the Squirrel Die shows Scamper"
ROLLING = f"{SQUIRREL_RULE}: the Squirrel Die is being rolled; the active player decides again once it is"
SCAMPERING = f"{SQUIRREL_RULE}: the d8 is being rolled for the Scamper; the active player decides again once it is"
HUNT_REASON = f"{SQUIRREL_RULE}: two Connecting Paths are equally close: first send the Squirrel left or right"
_ROLL_ODDS: dict[str, list[tuple[Action, float]]] = {}


def roll_outcomes(state: FactoryState) -> list[tuple[Action, float]]:
    """Each face of the squirrel die (as the `die` option writes it) with its probability, worked out once."""
    die = state.options.die
    odds = _ROLL_ODDS.get(die)
    if odds is None:
        faces = die_faces(die)
        odds = _ROLL_ODDS[die] = [(ROLLS[face], faces.count(face) / len(faces)) for face in DIE_FACES
                                  if face in faces]
    return odds[:]


def d8_outcomes(state: FactoryState) -> list[tuple[Action, float]]:
    return [(d8, 1 / COLUMNS) for d8 in D8S]


def on_squirrel(state: FactoryState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, Roll)
    events.append(die_shows(action.face))
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
    events.append(scampers(action.col))
    state.phase = "before-production"


@functools.cache
def scampers(col: int) -> Event:
    return Event(f"The eight-sided die shows {col + 1}: the Squirrel scampers to column {col + 1}", "squirrel",
                 {"column": col + 1})


NOTHING_TO_HUNT = Event("No Connecting Path to hunt: the Squirrel stays", "squirrel")


def hunt(state: FactoryState, events: list[Event]) -> None:
    targets = state.path_columns()
    if not targets:
        events.append(NOTHING_TO_HUNT)
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
    events.append(hunts_to(direction, state.squirrel))
    after_hunt(state)


@functools.cache
def hunts_to(direction: int, col: int) -> Event:
    return Event(f"The Squirrel hunts {'left' if direction < 0 else 'right'} to column {col + 1}", "squirrel",
                 {"column": col + 1})


def after_hunt(state: FactoryState) -> None:
    state.phase = "squirrel" if state.reroll and not state.on_path() else "before-production"
    state.reroll = False


def hunts(state: FactoryState) -> list[Action]:
    """A tied Hunt: the active player sends the Squirrel left or right."""
    return [HUNTS["left"], HUNTS["right"]]


def on_hunt(state: FactoryState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, Hunt)
    step(state, -1 if action.direction == "left" else 1, events)



# --- Cleanup --------------------------------------------------------------------------------------------------
def discards(state: FactoryState) -> list[Action]:
    """What the active player must discard down to: Boxed Nuts, then bonus cards."""
    seat = state.current
    legal: list[Action] = []
    if sum(state.warehouse(seat)) > state.warehouse_limit:
        legal += [DISCARD_NUTS[nut] for nut in range(NUTS) if state.warehouses[seat * NUTS + nut]]
    if len(state.hands[seat]) > LIMITS.bonus_hand:
        legal += [DISCARD_CARDS[card] for card in sorted(state.hands[seat])]
    return legal


def on_cleanup(state: FactoryState, action: Action, events: list[Event]) -> None:
    seat = state.current
    if isinstance(action, DiscardNut):
        state.warehouses[seat * NUTS + action.nut] -= 1
        events.append(nut_discarded(seat, action.nut))
    else:
        assert isinstance(action, DiscardCard)
        state.hands[seat] = tuple(c for c in state.hands[seat] if c != action.card)
        state.discards = (*state.discards, action.card)
        events.append(card_discarded(seat, action.card))


@functools.cache
def nut_discarded(seat: int, nut: int) -> Event:
    return Event(f"{seat_name(seat)} discards a boxed {NUT_NAMES[nut]}", "discard")


@functools.cache
def card_discarded(seat: int, card: int) -> Event:
    return Event(f"{seat_name(seat)} discards bonus card {card}", "discard", {"card": card})


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


# --- anything else out of turn --------------------------------------------------------------------------------
PHASE_RULES = {"config": CONFIG_RULE, "hunt": SQUIRREL_RULE, "before-production": PRODUCTION_RULE,
               "between-draws": BONUS_RULE, "shipping": SHIP_RULE, "cleanup": CLEANUP_RULE}


def out_of_turn_reason(state: FactoryState, action: Action) -> str:
    """Why an action that is not one of the phase's own is refused: a Hunt's direction, the factory's run or the
    end of a phase at the wrong moment."""
    phase = state.phase
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
    return f"{PHASE_RULES[phase]}: you are to {what_to_do(state)}"


def what_to_do(state: FactoryState) -> str:
    """What the phase asks of the active player, as the rules put it (for a refusal)."""
    return {
        "config": (f"take an Action ({state.actions_left} left), play a bonus card, or say done" if state.actions_left
                   else "play a bonus card, or say done") + f" ({CONFIG_RULE})",
        "hunt": f"two Connecting Paths are equally close: send the squirrel left or right ({SQUIRREL_RULE})",
        "before-production": f"play a bonus card before the factory runs, or produce ({PRODUCTION_RULE})",
        "between-draws": f"play a bonus card before the discards are shuffled into a new deck, or say done to draw "
        f"the next card ({BONUS_RULE})",
        "shipping": f"ship a truck, play a bonus card, or say done ({SHIP_RULE})",
        "cleanup": f"discard down to {state.warehouse_limit} Boxed Nuts and {LIMITS.bonus_hand} bonus cards "
        f"({CLEANUP_RULE})",
    }[state.phase]
