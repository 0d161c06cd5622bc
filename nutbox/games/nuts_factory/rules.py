"""The rules of Nuts! (rulebooks/nuts-factory.txt) as a state machine; see the package docstring.

A turn runs through phases: config (two Actions, bonus cards), the squirrel (chance, and the active
player's choice on a tied Hunt), before-production (a last chance for free bonus effects), production
(automatic; bonus cards drawn as chance, and between-draws: a card may be played before the deck is
reshuffled in the middle of the draws), shipping, cleanup. A bonus option that needs a target (a Box
Holder, a column, a tile) leaves `pending` set until the player names it.

This module holds the state: its fields, what it shares with its clones, the floor as it stands, whose move
it is, chance's outcomes, the dispatch of an action to what carries it out, the results and the views. The
rest, by concern: rulebook.py (tables, section headings, options), setup.py, legal.py (what may be done and
the decision in words), refusals.py (the rule that forbids anything else), turn.py (Configuration, bonus
cards, the Squirrel, Cleanup, the end), production.py (Production and Shipping).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from operator import ge, is_
from typing import TYPE_CHECKING, Self, cast

from nutbox.core import CHANCE, TERMINAL, Action, Event, ListedState, ToMove
from nutbox.games.nuts_factory import flow, legal, production, refusals, setup, turn
from nutbox.games.nuts_factory.actions import D8S, DRAWS, HOLDERS, ROLLS, DiscardCard, Play
from nutbox.games.nuts_factory.components import COMPONENTS, DIE_FACES
from nutbox.games.nuts_factory.rulebook import (  # re-exported: what the rest of the game and the tests import
    ALL_CARDS,
    BONUS_RULE,
    BUILD_RULE,
    CHANCE_ACTIONS,
    CLEANUP_RULE,
    COLUMNS,
    CONFIG_RULE,
    LIMITS,
    NUTS,
    PRODUCTION_RULE,
    SHIP_RULE,
    SQUIRREL_RULE,
    TRUCKS,
    WAREHOUSE_BONUS_LIMIT,
    FactoryOptions,
    die_faces,
    player_name,
    top_of,
)
from nutbox.games.nuts_factory.view import FactoryFields, FactoryView, Phase

if TYPE_CHECKING:
    from nutbox.games.nuts_factory.game import NutsFactory

__all__ = [
    "ALL_CARDS", "BONUS_RULE", "BUILD_RULE", "CLEANUP_RULE", "CONFIG_RULE", "COPIED_FIELDS", "NUTS",
    "PRODUCTION_RULE", "SHIP_RULE", "SQUIRREL_RULE", "TRUCKS", "WAREHOUSE_BONUS_LIMIT", "FactoryOptions",
    "FactoryState", "player_name", "top_of",
]


# The fields a game changes in place, copied by `clone` (a shallow copy: their items are immutable). Every
# other field is immutable (a tuple, a frozen object, a number) or replaced whole, so clones share it; the
# component tables are shared by all. tests/games/nuts_factory/test_clone.py holds this to every field.
COPIED_FIELDS = ("turns", "tiles", "machines", "supply", "points", "reached", "warehouses", "hands")


class FactoryState(ListedState):
    __slots__ = (
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
        "turn",
        "turns",
        "warehouse_limit",
        "warehouses",
        "winner_seats",
    )

    def __init__(self, game: NutsFactory) -> None:
        self.game = game
        self.options: FactoryOptions = game.options
        self.n = self.options.players
        self.holders: tuple[int, ...] = ()  # Box Holder per column, as dealt
        self.turns: list[int] = []  # its quarter turns clockwise
        self.tiles: dict[tuple[int, int], str] = {}  # (row, left column) -> tile kind
        self.machines: dict[tuple[int, int], str] = {(m.row, m.column): m.kind for m in COMPONENTS.machines}
        self.squirrel = COMPONENTS.squirrel_column
        self.supply = dict(COMPONENTS.supply)
        self.trucks: tuple[int, ...] = tuple(sorted(TRUCKS, key=lambda t: (TRUCKS[t].points, t)))
        self.points = [0] * self.n
        self.reached = [0] * self.n  # the turn each seat reached its current score
        self.warehouses = [0] * (self.n * NUTS)
        self.hands: list[tuple[int, ...]] = [()] * self.n
        self.pool: tuple[int, ...] = ALL_CARDS  # the face-down bonus deck, in no order
        self.discards: tuple[int, ...] = ()
        self.phase: Phase = "setup"
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
        self._routes: tuple[flow.Route, ...] | None = None  # every route on the floor: cached until it changes
        self._paths: tuple[flow.Route, ...] | None = None  # those of them that connect: until the tops change too

    def clone(self) -> Self:
        # Field by field rather than in a loop over __slots__: bots clone at every simulation, and this is
        # several times faster. The list of legal actions is shared too: it is never changed in place, only
        # dropped by `apply`, so a child checks its action against its parent's list without listing again.
        other = object.__new__(type(self))
        other.game, other.options, other.n = self.game, self.options, self.n
        other.holders, other.turns = self.holders, self.turns.copy()
        other.tiles, other.machines = self.tiles.copy(), self.machines.copy()
        other.squirrel, other.supply, other.trucks = self.squirrel, self.supply.copy(), self.trucks
        other.points, other.reached = self.points.copy(), self.reached.copy()
        other.warehouses, other.hands = self.warehouses.copy(), self.hands.copy()
        other.pool, other.discards = self.pool, self.discards
        other.phase, other.current, other.turn = self.phase, self.current, self.turn
        other.actions_left, other.fed, other.splitters = self.actions_left, self.fed, self.splitters
        other.pending, other.reroll, other.draws_left = self.pending, self.reroll, self.draws_left
        other.shipped, other.truck_limit, other.warehouse_limit = self.shipped, self.truck_limit, self.warehouse_limit
        other.end_turns, other.winner_seats = self.end_turns, self.winner_seats
        other._routes, other._paths = self._routes, self._paths
        other._legal = self._legal
        return other

    # --- the floor -----------------------------------------------------------------------------------
    def tops(self) -> list[int]:
        return [TOPS[h][t % 4] for h, t in zip(self.holders, self.turns, strict=True)]

    def routes(self) -> tuple[flow.Route, ...]:
        """Every route a nut can take as the floor stands, whether it ends in a matching box or not (cached until
        a tile or a machine moves: turning a Box Holder changes none)."""
        if self._routes is None:
            self._routes = tuple(flow.routes(self.tiles, self.machines, self.options.unused_end == "fall"))
        return self._routes

    def paths(self) -> tuple[flow.Route, ...]:
        """The Connecting Paths as the floor stands (cached until it changes)."""
        if self._paths is None:
            self._paths = tuple(flow.connecting(self.routes(), self.tops()))
        return self._paths

    def _changed(self) -> None:
        """The floor changed (tiles, machines, or anything else): forget the routes and the paths."""
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
        """The trucks still waiting whose nuts the seat's warehouse holds, in the order they wait."""
        have = self.warehouse(seat)
        return [truck for truck in self.trucks if all(map(ge, have, TRUCKS[truck].nuts))]

    # --- the protocol --------------------------------------------------------------------------------
    def to_move(self) -> ToMove:
        return NOT_A_SEAT.get(self.phase, self.current)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase == "setup":
            left = [h for h in range(COLUMNS) if h not in self.holders]
            p = 1 / (4 * len(left))
            return [(HOLDERS[h * 4 + t], p) for h in left for t in range(4)]
        if phase == "squirrel":
            return list(roll_odds(self.options.die))
        if phase == "scamper":
            return [(d8, 1 / COLUMNS) for d8 in D8S]
        if phase == "draw":
            return [(DRAWS[card], 1 / len(self.pool)) for card in self.pool]
        return []

    def _list_legal(self) -> list[Action]:
        return legal.listed(self)

    def _why_illegal(self, action: Action) -> str | None:
        listed = self._legal
        if listed is None:
            listed = self._legal = self._list_legal()
        # What is applied is mostly one of the very objects listed (actions.py builds each action once): look
        # for it by identity first, as comparing it with every dataclass before it is many times slower.
        if any(map(is_, listed, repeat(action))) or action in listed:
            return None
        return self._reason(action)

    def _not_an_outcome(self, action: Action) -> str:
        # a player's decision tried while chance acts gets the rule that says what happens instead
        if not isinstance(action, CHANCE_ACTIONS):
            return self._reason(action)
        return super()._not_an_outcome(action)

    def _reason(self, action: Action) -> str:
        """The rule that refuses `action`, which is not listed (always 'Heading: why')."""
        return refusals.reason(self, action)

    # --- carrying out --------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if self.pending:
            turn.aim(self, action, events)
        elif isinstance(action, Play):
            turn.play(self, action, events)
        else:
            ON_PHASE[self.phase](self, action, events)
        turn.settle(self, events)
        return events


























    # --- results -------------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(points) for points in self.points]

    def reveals(self, action: Action) -> bool:
        """A bonus card played or discarded goes face up from a hidden hand; nothing else a player decides
        shows a secret (the cards drawn are chance)."""
        return isinstance(action, (Play, DiscardCard))

    def running_scores(self) -> list[float]:
        return self.scores()  # points are scored as nuts are shipped

    def winners(self) -> list[int]:
        return list(self.winner_seats)

    # --- views ---------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> FactoryView:
        return cast(FactoryView, super().view(seat))

    def _view(self, seat: int | None) -> FactoryFields:
        codes = COMPONENTS.nut_codes
        over = self.phase == "over"
        view: FactoryFields = {
            "players": self.n,
            "end_score": self.options.end_score,
            "unused_end": self.options.unused_end,
            "tiles": [{"row": row, "column": col + 1, "kind": kind} for (row, col), kind in sorted(self.tiles.items())],
            "machines": [{"kind": kind, "row": row, "column": col + 1} for (row, col), kind in
                         sorted(self.machines.items())],
            "squirrel": self.squirrel + 1,
            "holders": [
                {"holder": h + 1, "turns": t % 4, "top": codes[top_of(h, t)],
                 "boxes": [codes[top_of(h, t + k)] for k in (0, 3, 2, 1)]}  # top, right, bottom, left as turned
                for h, t in zip(self.holders, self.turns, strict=True)
            ],
            "supply": dict(self.supply),
            "trucks": list(self.trucks),
            "points": list(self.points),
            "reached": list(self.reached),
            "warehouses": [dict(zip(codes, self.warehouse(s), strict=True)) for s in range(self.n)],
            "hand_sizes": [len(hand) for hand in self.hands],
            "deck": len(self.pool),
            "discards": list(self.discards),
            "phase": self.phase,
            "current": self.current,
            "turn": self.turn,
            "actions_left": self.actions_left,
            "fed": self.fed,
            "splitters": self.splitters,
            "pending": self.pending,
            "reroll": self.reroll,
            "draws_left": self.draws_left,
            "shipped": self.shipped,
            "truck_limit": self.truck_limit,
            "warehouse_limit": self.warehouse_limit,
            "end_turns": self.end_turns,
            "paths": [
                {"from": r.source + 1, "to": r.end + 1, "nut": codes[COMPONENTS.dispensers[r.source]],
                 "salted": r.salted, "roasted": r.roasted, "squirrel_column": r.squirrel_column + 1,
                 "count": r.count}
                for r in self.paths()
            ] if len(self.holders) == COLUMNS else [],
        }
        if seat is not None and not over:
            view["hand"] = sorted(self.hands[seat])
        if over:
            view["hands"] = [sorted(hand) for hand in self.hands]
            view["deck_cards"] = sorted(self.pool)
        who = self.to_move()
        if isinstance(who, int) and (seat is None or seat == who):
            view["decision"] = legal.decision(self)
        return view

    @classmethod
    def from_view(cls, game: NutsFactory, view: FactoryView, hidden: list[int]) -> FactoryState:
        """The state `view` shows, with the bonus cards it hides dealt from `hidden` in order."""
        state = cls(game)
        codes = COMPONENTS.nut_codes
        state.tiles = {(t["row"], t["column"] - 1): t["kind"] for t in view["tiles"]}
        state.machines = {(m["row"], m["column"] - 1): m["kind"] for m in view["machines"]}
        state.squirrel = view["squirrel"] - 1
        state.holders = tuple(h["holder"] - 1 for h in view["holders"])
        state.turns = [h["turns"] for h in view["holders"]]
        state.supply = dict(view["supply"])
        state.trucks = tuple(view["trucks"])
        state.points = list(view["points"])
        state.reached = list(view["reached"])
        state.warehouses = [w[code] for w in view["warehouses"] for code in codes]
        state.discards = tuple(view["discards"])
        state.phase, state.current, state.turn = view["phase"], view["current"], view["turn"]
        state.actions_left, state.fed, state.splitters = view["actions_left"], view["fed"], view["splitters"]
        state.reroll, state.draws_left, state.shipped = view["reroll"], view["draws_left"], view["shipped"]
        state.truck_limit, state.warehouse_limit = view["truck_limit"], view["warehouse_limit"]
        state.end_turns = view["end_turns"]
        state.pending = view["pending"]
        state.winner_seats = tuple(view.get("winners", []))
        cards = iter(hidden)
        if "hands" in view:
            state.hands = [tuple(hand) for hand in view["hands"]]
            state.pool = tuple(view["deck_cards"])
        else:
            state.hands = [
                tuple(view["hand"]) if s == view["seat"] else tuple(sorted(next(cards) for _ in range(size)))
                for s, size in enumerate(view["hand_sizes"])
            ]
            state.pool = tuple(sorted(next(cards) for _ in range(view["deck"])))
        return state

# Box Holder -> quarter turns (0 to 3) -> the nut on top: top_of, looked up
TOPS = tuple(tuple(top_of(holder, turns) for turns in range(4)) for holder in range(len(COMPONENTS.box_holders)))
# who decides in the phases where no seat does; in every other, the current player
NOT_A_SEAT: dict[str, ToMove] = {"over": TERMINAL, "setup": CHANCE, "squirrel": CHANCE, "scamper": CHANCE,
                                 "draw": CHANCE}
_ROLL_ODDS: dict[str, tuple[tuple[Action, float], ...]] = {}


def roll_odds(die: str) -> tuple[tuple[Action, float], ...]:
    """Each face of the squirrel die (as the `die` option writes it) with its probability, worked out once."""
    odds = _ROLL_ODDS.get(die)
    if odds is None:
        faces = die_faces(die)
        odds = _ROLL_ODDS[die] = tuple((ROLLS[face], faces.count(face) / len(faces)) for face in DIE_FACES
                                       if face in faces)
    return odds


# what an action does in each phase, looked up by the phase itself
ON_PHASE: dict[str, Callable[[FactoryState, Action, list[Event]], None]] = {
    "setup": setup.on_setup,
    "config": turn.on_config,
    "squirrel": turn.on_squirrel,
    "scamper": turn.on_scamper,
    "hunt": turn.on_hunt,
    "before-production": turn.on_before_production,
    "draw": production.on_draw,
    "between-draws": production.on_between_draws,
    "shipping": production.on_shipping,
    "cleanup": turn.on_cleanup,
}
