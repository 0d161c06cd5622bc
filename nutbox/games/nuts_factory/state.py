"""The state of a game of Nuts! (rulebooks/nuts-factory.txt; the package docstring has the summary).

A turn runs through phases: config (two Actions, bonus cards), the squirrel (chance, and the active player's
choice on a tied Hunt), before-production (a last chance for free bonus effects), production (automatic; bonus
cards drawn as chance, and between-draws: a card may be played before the deck is reshuffled in the middle of
the draws), shipping, cleanup. A bonus option that needs a target (a Box Holder, a column, a tile) leaves
`pending` set until the player names it.

This module holds the state: its fields, what it shares with its clones, the floor as it stands, whose move
it is, the results and the views (built in view.py). It dispatches each phase (PHASES) to the module that
holds its rules (setup.py, turn.py, production.py, scoring.py), with what all of the active player's phases
share: a bonus effect waiting for its target and the bonus cards (bonus.py), the refusal of anything not
listed, and what moves on by itself once an action is carried out (`settle`).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import lshift
from typing import Any, Self

from nutbox.core import CHANCE, TERMINAL, Action, Event, Game, ToMove
from nutbox.core.phases import Phase, PhasedState
from nutbox.games.nuts_factory import bonus, floor, production, scoring, setup, turn, view
from nutbox.games.nuts_factory.actions import (
    D8,
    DONE,
    FEED,
    PRODUCE,
    Build,
    Clear,
    DiscardCard,
    DiscardNut,
    DrawBonus,
    Holder,
    MoveMachine,
    MoveTile,
    Play,
    Roll,
    Ship,
    Spin,
)
from nutbox.games.nuts_factory.components import ALL_CARDS, COMPONENTS, LIMITS, NUTS, TOPS, TRUCKS
from nutbox.games.nuts_factory.options import FactoryOptions
from nutbox.games.nuts_factory.view import FactoryView, PhaseName

# The fields a game changes in place, copied by `clone` (a shallow copy: their items are immutable). Every
# other field is immutable (a tuple, a frozen object, a number) or replaced whole, so clones share it; the
# component tables are shared by all. tests/games/nuts_factory/test_clone.py holds this to every field.
COPIED_FIELDS = ("turns", "tiles", "machines", "supply", "points", "reached", "warehouses", "hands")


# where a game starts: the machines by place, and the trucks face up by points
MACHINES_AT_START = {(machine.row, machine.column): machine.kind for machine in COMPONENTS.machines}
TRUCKS_AT_START = tuple(sorted(TRUCKS, key=lambda t: (TRUCKS[t].points, t)))


class FactoryState(PhasedState[FactoryView]):
    __slots__ = (
        "_floor",
        "_paths",
        "_routes",
        "actions_left",
        "current",
        "discards",
        "draws_left",
        "end_turns",
        "fed",
        "game",
        "hands",
        "holders",
        "machines",
        "n",
        "options",
        "pending",
        "phase",
        "points",
        "pool",
        "reached",
        "reroll",
        "shipped",
        "splitters",
        "squirrel",
        "supply",
        "tiles",
        "truck_limit",
        "trucks",
        "trucks_shipped",
        "turn",
        "turns",
        "warehouse_limit",
        "warehouses",
        "winner_seats",
    )
    # The trucks each seat shipped are a record of where its points came from (score_parts), not part of the
    # position: nothing the rules do from here on reads them, so two positions that differ only there are one.
    NOT_IN_KEY = frozenset({"trucks_shipped"})
    # what a view shows as the state holds it, and a determinized state takes back
    SHOWN = ("supply", "points", "reached", "phase", "current", "turn", "actions_left", "fed", "splitters", "pending",
             "reroll", "draws_left", "shipped", "truck_limit", "warehouse_limit", "end_turns")

    def __init__(self, game: Game[FactoryOptions, Any, Any]) -> None:
        self.game = game
        self.options: FactoryOptions = game.options
        self.n = self.options.players
        self.holders: tuple[int, ...] = ()  # Box Holder per column, as dealt
        self.turns: list[int] = []  # its quarter turns clockwise
        self.tiles: dict[tuple[int, int], str] = {}  # (row, left column) -> tile kind
        self.machines: dict[tuple[int, int], str] = dict(MACHINES_AT_START)
        self.squirrel = COMPONENTS.squirrel_column
        self.supply = dict(COMPONENTS.supply)
        self.trucks: tuple[int, ...] = TRUCKS_AT_START
        self.trucks_shipped: tuple[tuple[int, ...], ...] = ((),) * self.n  # by seat, in the order shipped
        self.points = [0] * self.n
        self.reached = [0] * self.n  # the turn each seat reached its current score
        self.warehouses = [0] * (self.n * NUTS)
        self.hands: list[tuple[int, ...]] = [()] * self.n
        self.pool: tuple[int, ...] = ALL_CARDS  # the face-down deck
        self.discards: tuple[int, ...] = ()
        self.phase: PhaseName = "setup"
        self.current = 0
        self.turn = 0
        self.actions_left = 0
        self.fed = False
        self.splitters = 0  # Build actions this turn that may place a Splitter/Joiner
        self.pending: str | None = None  # a bonus effect waiting for its target
        self.reroll = False  # Hunt and Roll: roll again unless the hunt ends on a Connecting Path
        self.draws_left = 0
        self.shipped = 0
        self.truck_limit = LIMITS.trucks_per_turn
        self.warehouse_limit = LIMITS.warehouse
        self.end_turns: int | None = None  # turns left once the end is triggered
        self.winner_seats: tuple[int, ...] = ()
        self._floor: int | None = None  # the floor's code (floor.py), kept as it changes; None: work it out
        self._routes: tuple[production.Route, ...] | None = None  # every route on the floor: until it changes
        self._paths: tuple[production.Route, ...] | None = None  # those that connect: until the tops change too

    def clone(self) -> Self:
        # Field by field rather than in a loop over __slots__: bots clone at every simulation, and this is
        # several times faster. The list of legal actions is shared too: it is never changed in place, only
        # dropped by `apply`, so a child checks its action against its parent's list without listing again.
        other = object.__new__(type(self))
        other.game, other.options, other.n = self.game, self.options, self.n
        other.holders, other.turns = self.holders, self.turns.copy()
        other.tiles, other.machines = self.tiles.copy(), self.machines.copy()
        other.squirrel, other.supply, other.trucks = self.squirrel, self.supply.copy(), self.trucks
        other.trucks_shipped = self.trucks_shipped
        other.points, other.reached = self.points.copy(), self.reached.copy()
        other.warehouses, other.hands = self.warehouses.copy(), self.hands.copy()
        other.pool, other.discards = self.pool, self.discards
        other.phase, other.current, other.turn = self.phase, self.current, self.turn
        other.actions_left, other.fed, other.splitters = self.actions_left, self.fed, self.splitters
        other.pending, other.reroll, other.draws_left = self.pending, self.reroll, self.draws_left
        other.shipped, other.truck_limit, other.warehouse_limit = self.shipped, self.truck_limit, self.warehouse_limit
        other.end_turns, other.winner_seats = self.end_turns, self.winner_seats
        other._floor, other._routes, other._paths = self._floor, self._routes, self._paths
        other._legal = self._legal
        return other

    # --- the floor -----------------------------------------------------------------------------------
    def tops(self) -> list[int]:
        return [TOPS[h][t % 4] for h, t in zip(self.holders, self.turns, strict=True)]

    def floor(self) -> int:
        """The floor's code (floor.py): worked out once, then kept as tiles and machines move."""
        if self._floor is None:
            self._floor = floor.code(self.tiles, self.machines)
        return self._floor

    def routes(self) -> tuple[production.Route, ...]:
        """Every route a nut can take as the floor stands, whether it ends in a matching box or not (cached until
        a tile or a machine moves: turning a Box Holder changes none)."""
        if self._routes is None:
            self._routes = tuple(production.routes(self.tiles, self.machines, self.options.unused_end == "fall",
                                                   self.floor()))
        return self._routes

    def paths(self) -> tuple[production.Route, ...]:
        """The Connecting Paths as the floor stands (cached until it changes)."""
        if self._paths is None:
            self._paths = tuple(production.connecting(self.routes(), self.tops()))
        return self._paths

    def _changed(self) -> None:
        """The floor changed (tiles, machines, or anything else): forget its code, the routes and the paths."""
        self._floor = None
        self._routes = self._paths = None

    # the rules move tiles and machines through these, which keep the floor's code
    def put_tile(self, spot: tuple[int, int], kind: str) -> None:
        self.tiles[spot] = kind
        self._moved(floor.TILE_CODE_AT[kind][spot])

    def lift_tile(self, spot: tuple[int, int]) -> str:
        kind = self.tiles.pop(spot)
        self._moved(-floor.TILE_CODE_AT[kind][spot])
        return kind

    def move_machine(self, spot: tuple[int, int], column: int) -> str:
        """The machine at `spot` moved to `column` of its row: its kind."""
        kind = self.machines.pop(spot)
        to = (spot[0], column)
        self.machines[to] = kind
        codes = floor.MACHINE_CODE_AT[kind]
        self._moved(codes[to] - codes[spot])
        return kind

    def _moved(self, change: int) -> None:
        """A tile or a machine moved, changing the floor's code by `change`: forget the routes and the paths."""
        if self._floor is not None:
            self._floor += change
        self._routes = self._paths = None

    def _turned(self) -> None:
        """Only Box Holders turned: the routes stand, which of them connect may not."""
        self._paths = None

    def path_columns(self) -> set[int]:
        """Where Connecting Paths cross the Squirrel's row."""
        return {route.squirrel_column for route in self.paths()}

    def on_path(self) -> bool:
        return self.squirrel in self.path_columns()

    def warehouse(self, seat: int) -> list[int]:
        return self.warehouses[seat * NUTS : seat * NUTS + NUTS]

    def shippable(self, seat: int) -> list[int]:
        """The trucks still waiting whose nuts the seat's warehouse holds, in the order they wait (compared all
        nuts at once, packed as LOADS says)."""
        have = GUARDS + sum(map(lshift, self.warehouse(seat), LOAD_SHIFTS))
        return [truck for truck in self.trucks if (have - LOADS[truck]) & GUARDS == GUARDS]

    # --- the protocol (the rest is PhasedState's, through PHASES) --------------------------------------
    def to_move(self) -> ToMove:
        return NOT_A_SEAT.get(self.phase, self.current)

    # what to_move answers, read from the phase alone: a driver asks both before every action
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance(self) -> bool:
        return self.phase in CHANCE_PHASES

    def _not_an_outcome(self, action: Action) -> str:
        # a player's decision tried while chance acts gets the rule that says what happens instead
        if type(action) not in CHANCE_REASONS:
            return self._reason(action)
        return super()._not_an_outcome(action)

    def reveals(self, action: Action) -> bool:
        """A bonus card played or discarded goes face up from a hidden hand; nothing else a player decides
        shows a secret (the cards drawn are chance)."""
        return isinstance(action, (Play, DiscardCard))

    # --- results and views ---------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(points) for points in self.points]

    def running_scores(self) -> list[float]:
        return self.scores()  # points are scored as nuts are shipped

    def score_parts(self) -> list[dict[str, float]] | None:
        return scoring.parts(self) if self.is_terminal() else None

    def winners(self) -> list[int]:
        return list(self.winner_seats)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.build(self, seat)


# Nuts packed into one int, a field of 16 bits per nut type (counts stay far below 2 ** 16) topped by a guard
# bit: subtracting a truck's load from a warehouse so packed, with its guard bits set, leaves them all set
# exactly when the warehouse holds at least the load of each type.
LOAD_SHIFTS = tuple(17 * nut for nut in range(NUTS))
GUARDS = sum(1 << (shift + 16) for shift in LOAD_SHIFTS)
LOADS = {truck: sum(map(lshift, TRUCKS[truck].nuts, LOAD_SHIFTS)) for truck in TRUCKS}

# who decides in the phases where no seat does; in every other, the current player
NOT_A_SEAT: dict[str, ToMove] = {"over": TERMINAL, "setup": CHANCE, "squirrel": CHANCE, "scamper": CHANCE,
                                 "draw": CHANCE}
CHANCE_PHASES = frozenset(phase for phase, who in NOT_A_SEAT.items() if who is CHANCE)
Effect = Callable[[FactoryState, Action, list[Event]], None]
Listing = Callable[[FactoryState], list[Action]]


# --- what every phase of the active player shares -------------------------------------------------------------
def offered(own: Listing, *last: Action) -> Listing:
    """A phase's legal actions: the targets of a bonus effect while one waits; else the phase's own actions, the
    bonus cards playable, and the word that ends the phase (done, produce)."""

    def legal(state: FactoryState) -> list[Action]:
        if state.pending:
            return bonus.targets(state, state.pending)
        legal = own(state)  # a new list each time, so it is extended in place
        if state.hands[state.current]:
            legal += bonus.plays(state)
        legal += last
        return legal

    return legal


def decided(effect: Effect) -> Callable[[FactoryState, Action], list[Event]]:
    """A decision carried out: the target of a bonus effect waiting for one, a bonus card played, or the phase's
    own action; then whatever follows by itself."""

    def apply(state: FactoryState, action: Action) -> list[Event]:
        events: list[Event] = []
        if state.pending:
            bonus.aim(state, action, events)
        elif isinstance(action, Play):
            bonus.play(state, action, events)
        else:
            effect(state, action, events)
        settle(state, events)
        return events

    return apply


def settle(state: FactoryState, events: list[Event]) -> None:
    """Move on through whatever needs no decision: while no bonus effect waits for its target, each phase that
    can move on by itself (MOVES_ON) does, until one that cannot."""
    while not state.pending:
        moves_on = MOVES_ON.get(state.phase)
        if moves_on is None or not moves_on(state, events):
            return


# Each phase that can end by itself: what ends it, when nothing is left to decide there; whether it did.
def _config_over(state: FactoryState, events: list[Event]) -> bool:
    if state.actions_left or bonus.any_playable(state):
        return False
    turn.end_config(state, events)
    return True


def _production_due(state: FactoryState, events: list[Event]) -> bool:
    if bonus.any_playable(state):
        return False
    production.produce(state, events)
    return True


def _next_draw_due(state: FactoryState, events: list[Event]) -> bool:
    if bonus.any_playable(state):
        return False
    production.next_draw(state, events)
    return True


def _shipping_over(state: FactoryState, events: list[Event]) -> bool:
    if state.shipped < state.truck_limit or bonus.any_playable(state):
        return False
    state.phase = "cleanup"
    return True


def _cleanup_over(state: FactoryState, events: list[Event]) -> bool:
    seat = state.current
    if sum(state.warehouse(seat)) > state.warehouse_limit or len(state.hands[seat]) > LIMITS.bonus_hand:
        return False
    turn.end_turn(state, events)
    return True


MOVES_ON: dict[str, Callable[[FactoryState, list[Event]], bool]] = {
    "config": _config_over, "before-production": _production_due, "between-draws": _next_draw_due,
    "shipping": _shipping_over, "cleanup": _cleanup_over,
}


CONFIGURATION = (Build, Clear, MoveTile, Spin, MoveMachine)


def refused(state: FactoryState, action: Action) -> str:
    """The rule that refuses `action`, which is not listed, where the active player decides ('Heading: why')."""
    if type(action) in CHANCE_REASONS:
        return CHANCE_REASONS[type(action)]
    if state.pending:
        return bonus.target_reason(state, action)
    if isinstance(action, Play):
        return bonus.play_reason(state, action)
    if isinstance(action, CONFIGURATION) or action == FEED:
        return turn.configuration_reason(state, action)
    if isinstance(action, Ship):
        return scoring.ship_reason(state, action)
    if isinstance(action, (DiscardNut, DiscardCard)):
        return turn.discard_reason(state, action)
    return bonus.unplayed_reason(action) or turn.out_of_turn_reason(state, action)


# --- while chance acts, and a tied Hunt ----------------------------------------------------------------------
# chance's own outcomes, and why a player cannot pick one
CHANCE_REASONS: dict[type[Action], str] = {Holder: setup.HOLDER_REASON, Roll: turn.ROLL_REASON,
                                           D8: turn.D8_REASON, DrawBonus: production.DRAW_REASON}
# what happens while chance acts: no player decides until it is done
WAITING = {"setup": setup.WAITING, "squirrel": turn.ROLLING, "scamper": turn.SCAMPERING, "draw": production.DRAWING}


def waiting(state: FactoryState, action: Action) -> str:
    return CHANCE_REASONS.get(type(action)) or WAITING[state.phase]


def hunt_refused(state: FactoryState, action: Action) -> str:
    return CHANCE_REASONS.get(type(action)) or turn.HUNT_REASON


def drawn(effect: Effect) -> Callable[[FactoryState, Action], list[Event]]:
    """A chance outcome carried out, then whatever follows by itself."""

    def apply(state: FactoryState, action: Action) -> list[Event]:
        events: list[Event] = []
        effect(state, action, events)
        settle(state, events)
        return events

    return apply


def nothing(state: FactoryState) -> list[Action]:
    return []


def over(state: FactoryState, action: Action, events: list[Event]) -> None:
    raise AssertionError("the core refuses every action once the game is over")


FactoryState.PHASES = {
    "setup": Phase(nothing, waiting, drawn(setup.on_setup), setup.outcomes),
    "config": Phase(offered(turn.actions_open, DONE), refused, decided(turn.on_config)),
    "squirrel": Phase(nothing, waiting, drawn(turn.on_squirrel), turn.roll_outcomes),
    "scamper": Phase(nothing, waiting, drawn(turn.on_scamper), turn.d8_outcomes),
    "hunt": Phase(turn.hunts, hunt_refused, decided(turn.on_hunt)),
    "before-production": Phase(offered(nothing, PRODUCE), refused, decided(production.on_before_production)),
    "draw": Phase(nothing, waiting, drawn(production.on_draw), production.draw_outcomes),
    "between-draws": Phase(offered(nothing, DONE), refused, decided(production.on_between_draws)),
    "shipping": Phase(offered(scoring.ships, DONE), refused, decided(scoring.on_shipping)),
    "cleanup": Phase(offered(turn.discards), refused, decided(turn.on_cleanup)),
    "over": Phase(nothing, refused, drawn(over)),
}
