"""The rules of Nuts! (rulebooks/nuts-factory.txt) as a state machine; see the package docstring.

A turn runs through phases: config (two Actions, bonus cards), the squirrel (chance, and the active
player's choice on a tied Hunt), before-production (a last chance for free bonus effects), production
(automatic; bonus cards drawn as chance), shipping, cleanup. A bonus option that needs a target (a Box
Holder, a column, a tile) leaves `pending` set until the player names it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Self

from nutbox.core import CHANCE, TERMINAL, Action, Event, ListedState, Options, OptionsError, ToMove
from nutbox.games.nuts_factory import flow
from nutbox.games.nuts_factory.actions import (
    BUILDS,
    CLEARS,
    D8,
    D8S,
    DISCARD_CARDS,
    DISCARD_NUTS,
    DONE,
    DRAWS,
    EXCHANGES,
    FEED,
    HOLDERS,
    HUNTS,
    MACHINE_MOVES,
    MOVES,
    PLAYS,
    PRODUCE,
    ROLLS,
    SHIPS,
    SPIN_BACKS,
    SPINS,
    SPOTS,
    SQUIRREL_TO,
    TAKES,
    Build,
    Clear,
    DiscardCard,
    DiscardNut,
    DrawBonus,
    Exchange,
    Holder,
    Hunt,
    MoveMachine,
    MoveTile,
    Play,
    Roll,
    Ship,
    Spin,
    SpinBack,
    SquirrelTo,
    Take,
    place,
)
from nutbox.games.nuts_factory.components import COMPONENTS, DIE_FACES, TILE_KINDS

COLUMNS = COMPONENTS.columns
NUTS = len(COMPONENTS.nut_codes)
NUT_NAMES = COMPONENTS.nut_names
LIMITS = COMPONENTS.limits
ALL_CARDS = tuple(card.id for card in COMPONENTS.bonus_cards)
TRUCKS = {truck.id: truck for truck in COMPONENTS.trucks}
SQUIRREL_ROW = COMPONENTS.squirrel_row
WAREHOUSE_BONUS_LIMIT = 9
QUARTERS = {1: "a quarter", 2: "two quarters", 3: "three quarters"}

SETUP_RULE = "Game Setup"
CONFIG_RULE = "Phase 1. Configuration"
BUILD_RULE = "Configuration, Build"
SQUIRREL_RULE = "Phase 2: Squirrel Movement"
PRODUCTION_RULE = "Phase 3: Production"
SHIP_RULE = "Phase 4: Shipping"
CLEANUP_RULE = "Phase 5: Cleanup"
BONUS_RULE = "Bonus Cards"
PHASE_RULES = {"config": CONFIG_RULE, "hunt": SQUIRREL_RULE, "before-production": PRODUCTION_RULE,
               "shipping": SHIP_RULE, "cleanup": CLEANUP_RULE}

Phase = Literal["setup", "config", "squirrel", "scamper", "hunt", "before-production", "draw", "shipping",
                "cleanup", "over"]
# bonus effects that need a target, by the phases they may be played in
FREE_EFFECTS = ("spin-back", "move-squirrel", "move-machine")
WAREHOUSE_EFFECTS = ("take-nut", "exchange-nut", "extra-truck", "warehouse-9")
EFFECT_TEXT = {option.effect: option.text for card in COMPONENTS.bonus_cards for option in card.options}
# actions that only a bonus power offers (as its target), and that power
TARGET_EFFECTS = {SpinBack: "spin-back", SquirrelTo: "move-squirrel", Take: "take-nut", Exchange: "exchange-nut"}

# chance's own outcomes, and why a player cannot pick one
CHANCE_ACTIONS = (Holder, Roll, D8, DrawBonus)
CHANCE_REASONS: dict[type[Action], str] = {
    Holder: f"{SETUP_RULE}: the Box Holders are placed once, at random, before the first turn",
    Roll: f"{SQUIRREL_RULE}: the Squirrel Die is rolled after Configuration, and no player chooses its face",
    D8: f"{SQUIRREL_RULE}: the d8 is rolled only when the Squirrel Die shows Scamper",
    DrawBonus: f"{BONUS_RULE}: bonus cards are drawn face down, one for each Extra Delicious nut collected",
}
# what happens while chance acts: no player decides until it is done
WAITING = {
    "setup": f"{SETUP_RULE}: the Box Holders are still being placed; the first turn starts once they are",
    "squirrel": f"{SQUIRREL_RULE}: the Squirrel Die is being rolled; the active player decides again once it is",
    "scamper": f"{SQUIRREL_RULE}: the d8 is being rolled for the Scamper; the active player decides again once it is",
    "draw": f"{BONUS_RULE}: bonus cards are being drawn for Extra Delicious nuts; the active player decides again "
    "once they are",
}


def _die(text: str) -> tuple[str, ...]:
    faces = tuple(face.strip() for face in text.split(",") if face.strip())
    bad = [face for face in faces if face not in DIE_FACES]
    if not faces or bad:
        raise OptionsError(f"die faces are a comma-separated list of {', '.join(DIE_FACES)}; not {bad or text!r}")
    return faces


@dataclass(frozen=True)
class FactoryOptions(Options):
    players: int = dataclasses.field(
        default=2, metadata={"label": "Players", "help": "How many people play, from two to four."}
    )
    end_score: int = dataclasses.field(
        default=LIMITS.end_score,
        metadata={
            "label": "Score that ends the game",
            "help": "The first player to end a turn with at least this many points starts the last round.",
        },
    )
    die: str = dataclasses.field(
        default=",".join(COMPONENTS.die),
        metadata={
            "label": "Squirrel die",
            "help": "The six faces of the Squirrel's die, separated by commas, each one of stop, scamper, hunt or "
            "hunt-and-roll.",
            "presets": {
                "the printed die, as we reconstruct it": ",".join(COMPONENTS.die),
                "gentler squirrel (no hunt-and-roll)": "stop,stop,scamper,hunt,hunt,hunt",
                "hungrier squirrel (two hunt-and-roll)": "stop,scamper,hunt,hunt,hunt-and-roll,hunt-and-roll",
            },
            "rulebook": False,  # the rulebook shows the four kinds of face, not how many of each
        },
    )
    unused_end: Literal["block", "fall"] = dataclasses.field(
        default="block",
        metadata={
            "label": "Nut at a Splitter's closed side",
            "help": "What happens to a nut that comes down the column of a Splitter that has no belt for it.",
            "choice_labels": {"block": "It stops there", "fall": "It falls straight through"},
            "rulebook": False,  # the rulebook does not say (docs/rules-decisions.md, Nuts! 1)
        },
    )

    def __post_init__(self) -> None:
        _die(self.die)
        if self.end_score < 1:
            raise OptionsError("end_score must be at least 1")


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


def top_of(holder: int, turns: int) -> int:
    """The nut on top of a Box Holder turned `turns` quarter turns clockwise (the left box comes up)."""
    return COMPONENTS.box_holders[holder][(-turns) % 4]


def setup_turns(holders: list[int], turns: list[int]) -> list[int]:
    """The fewest clockwise quarter turns (in total; then leftmost columns first) that leave no Connecting
    Path and every nut type on top at least once, starting from the random orientations."""
    dispensers = COMPONENTS.dispensers
    everything = (1 << NUTS) - 1
    # best[mask]: the cheapest (cost, final turns so far) whose tops cover the nut types in mask
    best: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for col, (holder, turn) in enumerate(zip(holders, turns, strict=True)):
        step: dict[int, tuple[int, tuple[int, ...]]] = {}
        for mask, (cost, chosen) in best.items():
            for extra in range(4):
                final = (turn + extra) % 4
                nut = top_of(holder, final)
                if nut == dispensers[col]:
                    continue
                candidate = (cost + extra, (*chosen, final))
                key = mask | (1 << nut)
                if key not in step or candidate < step[key]:
                    step[key] = candidate
        best = step
    if everything in best:
        return list(best[everything][1])
    return list(min(best.values())[1])  # the data allow no such setup: settle for no Connecting Path


class FactoryState(ListedState):
    __slots__ = (
        "_paths",
        "actions_left",
        "column",
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

    def __init__(self, game: Any) -> None:
        self.game = game
        self.options: FactoryOptions = game.options
        self.n = self.options.players
        self.holders: list[int] = []  # Box Holder per column, as dealt
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
        self.column = 0  # setup: the next column to get a Box Holder
        self.current = 0
        self.turn = 0
        self.actions_left = 0
        self.fed = False
        self.splitters = 0  # Build actions this turn that may place a Splitter/Joiner
        self.pending = ""  # a bonus effect waiting for its target
        self.reroll = False  # Hunt and Roll: roll again unless the hunt ends on a Connecting Path
        self.draws_left = 0
        self.shipped = 0
        self.truck_limit = LIMITS.trucks_per_turn
        self.warehouse_limit = LIMITS.warehouse
        self.end_turns = -1  # turns left once the end is triggered
        self.winner_seats: list[int] = []
        self._paths: list[flow.Route] | None = None

    def clone(self) -> Self:
        other = object.__new__(type(self))
        for name in FactoryState.__slots__:
            setattr(other, name, getattr(self, name))
        other.holders = self.holders[:]
        other.turns = self.turns[:]
        other.tiles = self.tiles.copy()
        other.machines = self.machines.copy()
        other.supply = self.supply.copy()
        other.points = self.points[:]
        other.reached = self.reached[:]
        other.warehouses = self.warehouses[:]
        other.hands = self.hands[:]
        return other

    # --- the floor -----------------------------------------------------------------------------------
    def tops(self) -> list[int]:
        return [top_of(h, t) for h, t in zip(self.holders, self.turns, strict=True)]

    def routes(self) -> list[flow.Route]:
        """Every route a nut can take as the floor stands, whether it ends in a matching box or not."""
        return flow.routes(self.tiles, self.machines, self.options.unused_end == "fall")

    def paths(self) -> list[flow.Route]:
        """The Connecting Paths as the floor stands (cached until it changes)."""
        if self._paths is None:
            self._paths = flow.connecting(self.routes(), self.tops())
        return self._paths

    def _changed(self) -> None:
        self._paths = None

    def path_columns(self) -> set[int]:
        """Where Connecting Paths cross the Squirrel's row."""
        return {route.squirrel_column for route in self.paths()}

    def on_path(self) -> bool:
        return self.squirrel in self.path_columns()

    def spot_free(self, row: int, col: int, ignore: tuple[int, int] | None = None) -> bool:
        """A two-column tile fits at (row, col): nothing else covers col or col + 1."""
        tiles = self.tiles
        return not any((row, left) in tiles and (row, left) != ignore for left in (col - 1, col, col + 1))

    def warehouse(self, seat: int) -> list[int]:
        return self.warehouses[seat * NUTS : seat * NUTS + NUTS]

    def can_ship(self, seat: int, truck: int) -> bool:
        have = self.warehouses
        return all(have[seat * NUTS + nut] >= need for nut, need in enumerate(TRUCKS[truck].nuts))

    # --- the protocol --------------------------------------------------------------------------------
    def to_move(self) -> ToMove:
        phase = self.phase
        if phase == "over":
            return TERMINAL
        if phase in ("setup", "squirrel", "scamper", "draw"):
            return CHANCE
        return self.current

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase == "setup":
            left = [h for h in range(COLUMNS) if h not in self.holders]
            p = 1 / (4 * len(left))
            return [(HOLDERS[h * 4 + t], p) for h in left for t in range(4)]
        if phase == "squirrel":
            faces = _die(self.options.die)
            return [(ROLLS[face], faces.count(face) / len(faces)) for face in DIE_FACES if face in faces]
        if phase == "scamper":
            return [(d8, 1 / COLUMNS) for d8 in D8S]
        if phase == "draw":
            return [(DRAWS[card], 1 / len(self.pool)) for card in self.pool]
        return []

    def _list_legal(self) -> list[Action]:
        seat = self.to_move()
        if not isinstance(seat, int):
            return []
        if self.pending:
            return self._targets(self.pending)
        phase = self.phase
        if phase == "hunt":
            return [HUNTS["left"], HUNTS["right"]]
        legal: list[Action] = []
        if phase == "config" and self.actions_left:
            legal += self._configurations()
        if phase == "shipping" and self.shipped < self.truck_limit:
            legal += [SHIPS[t] for t in self.trucks if self.can_ship(seat, t)]
        if phase == "cleanup":
            if sum(self.warehouse(seat)) > self.warehouse_limit:
                legal += [DISCARD_NUTS[nut] for nut in range(NUTS) if self.warehouses[seat * NUTS + nut]]
            if len(self.hands[seat]) > LIMITS.bonus_hand:
                legal += [DISCARD_CARDS[card] for card in sorted(self.hands[seat])]
        legal += [PLAYS[(card, option)] for card in sorted(self.hands[seat]) for option in (0, 1)
                  if self._playable(card, option)]
        if phase == "config":
            legal.append(DONE)
        elif phase == "before-production":
            legal.append(PRODUCE)
        elif phase == "shipping":
            legal.append(DONE)
        return legal

    def _configurations(self) -> list[Action]:
        legal: list[Action] = []
        kinds = ["cross"] if self.supply["cross"] else []
        if self.splitters:
            kinds += [kind for kind in TILE_KINDS[1:] if self.supply[COMPONENTS.tiles[kind].layout]]
        covered = {(row, c) for row, left in self.tiles for c in (left, left + 1)}
        if kinds:
            for row, col in SPOTS:
                if (row, col) not in covered and (row, col + 1) not in covered:
                    legal += [BUILDS[(kind, row, col)] for kind in kinds]
        for spot in sorted(self.tiles):
            legal.append(CLEARS[spot])
            row, col = spot
            if col > 0 and (row, col - 1) not in covered:
                legal.append(MOVES[(spot, (row, col - 1))])
            if col < COLUMNS - 2 and (row, col + 2) not in covered:
                legal.append(MOVES[(spot, (row, col + 1))])
        legal += SPINS
        for row, col in sorted(self.machines):
            for to in (col - 1, col + 1):
                if 0 <= to < COLUMNS and (row, to) not in self.machines:
                    legal.append(MACHINE_MOVES[(row, col, to)])
        legal.append(FEED)
        return legal

    def _playable(self, card: int, option: int) -> bool:
        effect = COMPONENTS.bonus_cards[card - 1].options[option].effect
        phase = self.phase
        if effect in WAREHOUSE_EFFECTS:
            if effect == "exchange-nut":
                return phase in ("config", "before-production", "shipping", "cleanup") and any(
                    self.warehouse(self.current)
                )
            return phase in ("config", "before-production", "shipping", "cleanup")
        if effect in FREE_EFFECTS:
            return phase in ("config", "before-production") and bool(self._targets(effect))
        if phase != "config":
            return False
        if effect == "build-splitter":
            return self.actions_left > 0 and (self.supply["fork-right"] > 0 or self.supply["fork-left"] > 0)
        if effect == "extra-action":
            return True
        return self.actions_left > 0 and bool(self._targets(effect))  # slide-far, move-tile: cost an Action

    def _targets(self, effect: str) -> list[Action]:
        """What a bonus effect can be aimed at now."""
        if effect == "spin-back":
            return list(SPIN_BACKS)
        if effect == "move-squirrel":
            return [SQUIRREL_TO[c] for c in range(COLUMNS) if 0 < abs(c - self.squirrel) <= 2]
        if effect == "move-machine":
            return [MACHINE_MOVES[(row, col, to)] for row, col in sorted(self.machines) for to in range(COLUMNS)
                    if to != col and (row, to) not in self.machines]
        if effect in ("slide-far", "move-tile"):
            return [MOVES[(spot, to)] for spot in sorted(self.tiles) for to in SPOTS
                    if to != spot and (effect == "move-tile" or to[0] == spot[0])
                    and self.spot_free(*to, ignore=spot)]
        if effect == "take-nut":
            return list(TAKES)
        assert effect == "exchange-nut"
        base = self.current * NUTS
        return [EXCHANGES[(give, get)] for (give, get) in EXCHANGES if self.warehouses[base + give]]

    def _decision(self) -> str:
        if self.pending:
            return f"choose where the bonus effect goes ({self.pending})"
        return {
            "config": (f"take an Action ({self.actions_left} left), play a bonus card, or say done" if self.actions_left
                       else "play a bonus card, or say done") + f" ({CONFIG_RULE})",
            "hunt": f"two Connecting Paths are equally close: send the squirrel left or right ({SQUIRREL_RULE})",
            "before-production": f"play a bonus card before the factory runs, or produce ({PRODUCTION_RULE})",
            "shipping": f"ship a truck, play a bonus card, or say done ({SHIP_RULE})",
            "cleanup": f"discard down to {self.warehouse_limit} Boxed Nuts and {LIMITS.bonus_hand} bonus cards "
            f"({CLEANUP_RULE})",
        }[self.phase]

    def _not_an_outcome(self, action: Action) -> str:
        # a player's decision tried while chance acts gets the rule that says what happens instead
        if not isinstance(action, CHANCE_ACTIONS):
            return self._reason(action)
        return super()._not_an_outcome(action)

    def _reason(self, action: Action) -> str:  # noqa: C901 - one case per kind of action, each citing its rule; goes with declarative notation (issue 19)
        """The rule that refuses `action`, which is not listed (always 'Heading: why')."""
        phase = self.phase
        if isinstance(action, CHANCE_ACTIONS):
            return CHANCE_REASONS[type(action)]
        if phase in WAITING:
            return WAITING[phase]
        if self.pending:
            return self._target_reason(action)
        if phase == "hunt":
            return f"{SQUIRREL_RULE}: two Connecting Paths are equally close: first send the Squirrel left or right"
        if isinstance(action, Play):
            return self._play_reason(action)
        if isinstance(action, (Build, Clear, MoveTile, Spin, MoveMachine)) or action == FEED:
            if phase != "config":
                return f"{CONFIG_RULE}: Actions are taken only in the Configuration phase"
            if not self.actions_left:
                return f"{CONFIG_RULE}: you have no Actions left this turn"
            return self._configuration_reason(action)
        if isinstance(action, Ship):
            return self._ship_reason(action)
        if isinstance(action, (DiscardNut, DiscardCard)):
            return self._discard_reason(action)
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
            return f"{CLEANUP_RULE}: discard down to {self.warehouse_limit} Boxed Nuts and {LIMITS.bonus_hand} " \
                   "bonus cards before your turn ends"
        return f"{PHASE_RULES[phase]}: you are to {self._decision()}"

    def _tile_problem(self, row: int, col: int, moving: tuple[int, int] | None = None) -> str:
        """Why a conveyor tile cannot lie with its left half at (row, col), by the Build rules (for a place
        the rules do not offer). `moving`: the tile's own place, when it is the one being moved."""
        if not (0 <= row < len(COMPONENTS.rows) and 0 <= col < COLUMNS - 1):
            return "it must fit completely on the board"
        if row not in COMPONENTS.conveyor_rows:
            return "it may not be in the rows set aside for Dispensers, Salters, Roasters, the Squirrel, or Box Holders"
        return "it may not overlap any other Conveyor Tile"

    def _machine_problem(self, action: MoveMachine, one_space: bool) -> str:
        """Why a Salter or Roaster cannot move as `action` says (a move the rules do not offer); `one_space`:
        a Slide Machine Action, rather than a bonus card's move anywhere along the row."""
        if (action.row, action.col) not in self.machines:
            return f"there is no Salter or Roaster at {place(action.row, action.col)}"
        if not 0 <= action.to_col < COLUMNS:
            return "the space moved into must exist (no moving off the board)"
        if one_space and abs(action.to_col - action.col) != 1:
            return "a Salter or Roaster moves one space to the right or left"
        return "the space moved into must be empty"

    def _configuration_reason(self, action: Action) -> str:
        if isinstance(action, Build):
            kind = COMPONENTS.tiles[action.kind]
            if action.kind != "cross" and not self.splitters:
                return f"{BUILD_RULE}: a Build places a Cross Tile unless a bonus card allows a Splitter/Joiner"
            if not self.supply[kind.layout]:
                return f"{BUILD_RULE}: no {kind.layout} tiles are left in the supply"
            return f"{BUILD_RULE}: {self._tile_problem(action.row, action.col)}"
        if isinstance(action, Clear):
            return f"Configuration, Clear: there is no Conveyor Tile at {place(action.row, action.col)}"
        if isinstance(action, MoveTile):
            if (action.row, action.col) not in self.tiles:
                return f"Configuration, Slide: there is no Conveyor Tile at {place(action.row, action.col)}"
            if action.to_row != action.row or abs(action.to_col - action.col) != 1:
                return "Configuration, Slide: a tile slides one space to the right or left"
            problem = self._tile_problem(action.to_row, action.to_col, moving=(action.row, action.col))
            return f"Configuration, Slide: the final position of the Tile must be legal: {problem}"
        assert isinstance(action, MoveMachine), action  # Spin and Feed are always open to a player with an Action
        return f"Configuration, Slide Machine: {self._machine_problem(action, one_space=True)}"

    def _target_reason(self, action: Action) -> str:
        """Why `action` is not a target of the bonus power waiting for one."""
        effect = self.pending
        text = EFFECT_TEXT[effect]
        if effect == "move-squirrel" and isinstance(action, SquirrelTo):
            return f"{BONUS_RULE}: '{text}': column {action.col + 1} is not 1 or 2 columns from the Squirrel"
        if effect == "move-machine" and isinstance(action, MoveMachine):
            return f"{BONUS_RULE}: '{text}': {self._machine_problem(action, one_space=False)}"
        if effect in ("slide-far", "move-tile") and isinstance(action, MoveTile):
            if (action.row, action.col) not in self.tiles:
                return f"{BONUS_RULE}: '{text}': there is no Conveyor Tile at {place(action.row, action.col)}"
            if effect == "slide-far" and action.to_row != action.row:
                return f"{BONUS_RULE}: '{text}': the tile stays in its row"
            if (action.to_row, action.to_col) == (action.row, action.col):
                return f"{BONUS_RULE}: '{text}': the tile must go somewhere else"
            problem = self._tile_problem(action.to_row, action.to_col, moving=(action.row, action.col))
            return f"{BONUS_RULE}: '{text}': {problem}"
        if effect == "exchange-nut" and isinstance(action, Exchange):
            if action.give == action.get:
                return f"{BONUS_RULE}: '{text}': the nut you get is of another type than the one you give"
            return f"{BONUS_RULE}: '{text}': you have no boxed {NUT_NAMES[action.give]} to give"
        return f"{BONUS_RULE}: first choose the target of the bonus card just played: '{text}'"

    def _play_reason(self, action: Play) -> str:
        seat = self.current
        if action.card not in self.hands[seat]:
            return f"{BONUS_RULE}: bonus card {action.card} is not in your hand"
        option = COMPONENTS.bonus_cards[action.card - 1].options[action.option]
        effect, text = option.effect, option.text
        if effect in FREE_EFFECTS and self.phase not in ("config", "before-production"):
            return f"{BONUS_RULE}: '{text}' changes the factory, so it is played before Production"
        if effect not in FREE_EFFECTS + WAREHOUSE_EFFECTS and self.phase != "config":
            return f"{BONUS_RULE}: '{text}' is played during Configuration"
        if effect == "exchange-nut":
            return f"{BONUS_RULE}: '{text}': your Warehouse holds no Boxed Nut to exchange"
        if effect == "build-splitter" and self.actions_left and not (
            self.supply["fork-right"] or self.supply["fork-left"]
        ):
            return f"{BONUS_RULE}: '{text}': no Splitter/Joiner tiles are left in the supply"
        if effect in ("build-splitter", "slide-far", "move-tile") and not self.actions_left:
            return f"{BONUS_RULE}: '{text}' needs an Action, and you have none left this turn"
        return f"{BONUS_RULE}: '{text}': there is nothing it could act on now"

    def _ship_reason(self, action: Ship) -> str:
        if self.phase != "shipping":
            return f"{SHIP_RULE}: trucks are loaded in the Shipping phase"
        if action.truck not in self.trucks:
            return f"{SHIP_RULE}: truck {action.truck} has already driven away"
        if self.shipped >= self.truck_limit:
            return f"{SHIP_RULE}: a player may only claim one Truck card per turn"
        need = ", ".join(f"{n} {NUT_NAMES[i]}" for i, n in enumerate(TRUCKS[action.truck].nuts) if n)
        return f"{SHIP_RULE}: truck {action.truck} needs {need}, more than your Warehouse holds"

    def _discard_reason(self, action: DiscardNut | DiscardCard) -> str:
        seat = self.current
        if self.phase != "cleanup":
            return f"{CLEANUP_RULE}: discarding happens at Cleanup"
        if isinstance(action, DiscardCard):
            if action.card not in self.hands[seat]:
                return f"{CLEANUP_RULE}: bonus card {action.card} is not in your hand"
            return f"{CLEANUP_RULE}: you may keep up to {LIMITS.bonus_hand} bonus cards, and have no more"
        if sum(self.warehouse(seat)) <= self.warehouse_limit:
            return f"{CLEANUP_RULE}: you may keep up to {self.warehouse_limit} Boxed Nuts, and have no more"
        return f"{CLEANUP_RULE}: your Warehouse holds no boxed {NUT_NAMES[action.nut]}"

    # --- carrying out --------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if self.pending:
            self._aim(action, events)
        elif isinstance(action, Play):
            self._play(action, events)
        else:
            ON_PHASE[self.phase](self, action, events)
        self._settle(events)
        return events

    def _on_setup(self, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Holder)
        self.holders.append(action.holder)
        self.turns.append(action.turns)
        events.append(Event(f"Box Holder {action.holder + 1} goes under column {len(self.holders)}", "setup",
                            {"holder": action.holder + 1, "turns": action.turns}, detail=True))
        if len(self.holders) == COLUMNS:
            self.turns = setup_turns(self.holders, self.turns)
            self._changed()
            tops = " ".join(COMPONENTS.nut_codes[top] for top in self.tops())
            events.append(Event(f"The Box Holders are turned so that no Connecting Path exists: tops {tops}",
                                "setup", {"tops": tops}))
            self._start_turn(0, events)

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        self.current = seat
        self.turn += 1
        self.phase = "config"
        self.actions_left = LIMITS.actions
        self.fed = False
        self.splitters = 0
        self.shipped = 0
        self.truck_limit = LIMITS.trucks_per_turn
        self.warehouse_limit = LIMITS.warehouse
        events.append(Event(f"{player_name(seat)}'s turn", "turn", {"seat": seat}))

    def _on_config(self, action: Action, events: list[Event]) -> None:
        name = player_name(self.current)
        if action == DONE:
            self.actions_left = 0
            self._end_config(events)
            return
        self.actions_left -= 1
        if isinstance(action, Build):
            layout = COMPONENTS.tiles[action.kind].layout
            self.supply[layout] -= 1
            if action.kind != "cross":
                self.splitters -= 1
            self.tiles[(action.row, action.col)] = action.kind
            events.append(Event(f"{name} builds a {action.kind} tile at {place(action.row, action.col)}", "build"))
        elif isinstance(action, Clear):
            kind = self.tiles.pop((action.row, action.col))
            self.supply[COMPONENTS.tiles[kind].layout] += 1
            events.append(Event(f"{name} clears the {kind} tile at {place(action.row, action.col)}", "clear"))
        elif isinstance(action, MoveTile):
            self._move_tile(action, events)
        elif isinstance(action, Spin):
            self.turns[action.col] += 1
            events.append(Event(f"{name} spins the Box Holder in column {action.col + 1}: "
                                f"{NUT_NAMES[self.tops()[action.col]]} on top", "spin"))
        elif isinstance(action, MoveMachine):
            self._move_machine(action, events)
        else:
            assert action == FEED
            self.fed = True
            events.append(Event(f"{name} feeds the Squirrel: he naps this turn", "feed"))
        self._changed()

    def _move_tile(self, action: MoveTile, events: list[Event]) -> None:
        kind = self.tiles.pop((action.row, action.col))
        self.tiles[(action.to_row, action.to_col)] = kind
        events.append(Event(f"{player_name(self.current)} moves the {kind} tile from {place(action.row, action.col)} "
                            f"to {place(action.to_row, action.to_col)}", "move"))

    def _move_machine(self, action: MoveMachine, events: list[Event]) -> None:
        kind = self.machines.pop((action.row, action.col))
        self.machines[(action.row, action.to_col)] = kind
        events.append(Event(f"{player_name(self.current)} moves the {kind} from column {action.col + 1} to column "
                            f"{action.to_col + 1}", "machine"))

    def _end_config(self, events: list[Event]) -> None:
        if self.fed:
            events.append(Event("The Squirrel was fed: no Squirrel Movement", "squirrel"))
            self.phase = "before-production"
        elif self.on_path():
            events.append(Event(f"The Squirrel already sits on a Connecting Path in column {self.squirrel + 1}",
                                "squirrel"))
            self.phase = "before-production"
        else:
            self.phase = "squirrel"

    def _play(self, action: Play, events: list[Event]) -> None:
        seat = self.current
        card = COMPONENTS.bonus_cards[action.card - 1]
        option = card.options[action.option]
        self.hands[seat] = tuple(c for c in self.hands[seat] if c != action.card)
        self.discards = (*self.discards, action.card)
        events.append(Event(f"{player_name(seat)} plays bonus card {action.card}: {option.text}", "bonus",
                            {"seat": seat, "card": action.card, "effect": option.effect}))
        effect = option.effect
        if effect == "build-splitter":
            self.splitters += 1
        elif effect == "extra-action":
            self.actions_left += 1
        elif effect == "extra-truck":
            self.truck_limit += 1
        elif effect == "warehouse-9":
            self.warehouse_limit = WAREHOUSE_BONUS_LIMIT
        else:
            if effect in ("slide-far", "move-tile"):
                self.actions_left -= 1
            self.pending = effect

    def _aim(self, action: Action, events: list[Event]) -> None:
        seat = self.current
        self.pending = ""
        if isinstance(action, SpinBack):
            self.turns[action.col] -= 1
            events.append(Event(f"The Box Holder in column {action.col + 1} turns back: "
                                f"{NUT_NAMES[self.tops()[action.col]]} on top", "spin"))
        elif isinstance(action, SquirrelTo):
            self.squirrel = action.col
            events.append(Event(f"The Squirrel is moved to column {action.col + 1}", "squirrel"))
        elif isinstance(action, MoveTile):
            self._move_tile(action, events)
        elif isinstance(action, MoveMachine):
            self._move_machine(action, events)
        elif isinstance(action, Take):
            self.warehouses[seat * NUTS + action.nut] += 1
            events.append(Event(f"{player_name(seat)} takes a boxed {NUT_NAMES[action.nut]}", "take"))
        else:
            assert isinstance(action, Exchange)
            self.warehouses[seat * NUTS + action.give] -= 1
            self.warehouses[seat * NUTS + action.get] += 1
            events.append(Event(f"{player_name(seat)} exchanges a boxed {NUT_NAMES[action.give]} for a "
                                f"{NUT_NAMES[action.get]}", "exchange"))
        self._changed()

    def _on_squirrel(self, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Roll)
        events.append(Event(f"The squirrel die shows {action.face}", "roll", {"face": action.face}))
        if action.face == "stop":
            self.phase = "before-production"
        elif action.face == "scamper":
            self.phase = "scamper"
        else:
            self.reroll = action.face == "hunt-and-roll"
            self._hunt(events)

    def _on_scamper(self, action: Action, events: list[Event]) -> None:
        assert isinstance(action, D8)
        self.squirrel = action.col
        events.append(Event(f"The d8 shows {action.col + 1}: the Squirrel scampers to column {action.col + 1}",
                            "squirrel", {"column": action.col + 1}))
        self.phase = "before-production"

    def _hunt(self, events: list[Event]) -> None:
        targets = self.path_columns()
        if not targets:
            events.append(Event("No Connecting Path to hunt: the Squirrel stays", "squirrel"))
            self._after_hunt()
            return
        nearest = min(abs(c - self.squirrel) for c in targets)
        left, right = self.squirrel - nearest in targets, self.squirrel + nearest in targets
        if left and right:
            self.phase = "hunt"
            return
        self._step(-1 if left else 1, events)

    def _step(self, direction: int, events: list[Event]) -> None:
        self.squirrel += direction
        events.append(Event(f"The Squirrel hunts {'left' if direction < 0 else 'right'} to column "
                            f"{self.squirrel + 1}", "squirrel", {"column": self.squirrel + 1}))
        self._after_hunt()

    def _after_hunt(self) -> None:
        self.phase = "squirrel" if self.reroll and not self.on_path() else "before-production"
        self.reroll = False

    def _on_hunt(self, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Hunt)
        self._step(-1 if action.direction == "left" else 1, events)

    def _on_before_production(self, action: Action, events: list[Event]) -> None:
        assert action == PRODUCE
        self._produce(events)

    def _produce(self, events: list[Event]) -> None:
        seat = self.current
        name = player_name(seat)
        paths = self.paths()
        collected = [0] * NUTS
        eaten = bonus = 0
        for route in paths:
            nut = COMPONENTS.dispensers[route.source]
            if not self.fed and route.squirrel_column == self.squirrel:
                eaten += route.count
                continue
            collected[nut] += route.count
            if route.salted and route.roasted:
                bonus += route.count
        if eaten:
            events.append(Event(f"The Squirrel eats {eaten} nut{'s' if eaten > 1 else ''}", "eaten", {"count": eaten}))
        for nut, count in enumerate(collected):
            self.warehouses[seat * NUTS + nut] += count
        if any(collected):
            got = ", ".join(f"{count} {NUT_NAMES[nut]}" for nut, count in enumerate(collected) if count)
            events.append(Event(f"{name} collects {got}", "collect", {"seat": seat, "nuts": collected}))
        self._turn_box_holders(sorted({route.end for route in paths}), events)
        self.draws_left = bonus
        self._next_draw(events)

    def _turn_box_holders(self, ends: list[int], events: list[Event]) -> None:
        """Box Rotation: each Box Holder at the end of a Connecting Path turns a quarter turn at a time until
        it is no longer one. With a Joiner, nuts of two kinds can reach one holder, so the next box may match
        the other kind; if every box would match, it turns a single quarter turn (decision 13)."""
        if not ends:
            return
        found = self.routes()
        by_turns: dict[int, list[int]] = {}
        for col in ends:
            arriving = {COMPONENTS.dispensers[route.source] for route in found if route.end == col}
            holder, turns = self.holders[col], self.turns[col]
            quarters = next((k for k in range(1, 4) if top_of(holder, turns + k) not in arriving), 1)
            self.turns[col] += quarters
            by_turns.setdefault(quarters, []).append(col)
        self._changed()
        parts = [f"{QUARTERS[k]} in column{'s' if len(cols) > 1 else ''} {', '.join(str(c + 1) for c in cols)}"
                 for k, cols in sorted(by_turns.items())]
        events.append(Event("Box Holders turn " + "; ".join(parts), "rotate"))
        for col in sorted({route.end for route in self.paths()} & set(ends)):
            events.append(Event(f"The Box Holder in column {col + 1} is still a Connecting Path: each of its boxes "
                                "matches a nut that reaches it", "rotate"))

    def _next_draw(self, events: list[Event]) -> None:
        """Draw the bonus cards still owed, one chance action each. When the deck runs out with a card owed,
        the discards are shuffled into a new deck; with none, the cards still owed are not drawn (decision 6)."""
        if self.draws_left and not self.pool and self.discards:
            self.pool, self.discards = tuple(sorted(self.discards)), ()
            events.append(Event("The bonus deck is empty: the discards are shuffled into a new deck", "deck"))
        if not self.pool:
            self.draws_left = 0
        self.phase = "draw" if self.draws_left else "shipping"

    def _on_draw(self, action: Action, events: list[Event]) -> None:
        assert isinstance(action, DrawBonus)
        seat = self.current
        self.pool = tuple(c for c in self.pool if c != action.card)
        self.hands[seat] = (*self.hands[seat], action.card)
        hidden = Event(f"{player_name(seat)} draws a bonus card for an Extra Delicious nut", "draw", {"seat": seat})
        events.append(Event(f"{player_name(seat)} draws bonus card {action.card} for an Extra Delicious nut",
                            "draw", {"seat": seat, "card": action.card}, frozenset({seat}), hidden))
        self.draws_left -= 1
        self._next_draw(events)

    def _on_shipping(self, action: Action, events: list[Event]) -> None:
        if action == DONE:
            self.phase = "cleanup"
            return
        assert isinstance(action, Ship)
        seat = self.current
        truck = TRUCKS[action.truck]
        for nut, need in enumerate(truck.nuts):
            self.warehouses[seat * NUTS + nut] -= need
        self.trucks = tuple(t for t in self.trucks if t != action.truck)
        self.points[seat] += truck.points
        self.reached[seat] = self.turn
        self.shipped += 1
        events.append(Event(f"{player_name(seat)} ships truck {truck.id} for {truck.points} points "
                            f"(now {self.points[seat]})", "ship", {"seat": seat, "truck": truck.id}))

    def _on_cleanup(self, action: Action, events: list[Event]) -> None:
        seat = self.current
        if isinstance(action, DiscardNut):
            self.warehouses[seat * NUTS + action.nut] -= 1
            events.append(Event(f"{player_name(seat)} discards a boxed {NUT_NAMES[action.nut]}", "discard"))
        else:
            assert isinstance(action, DiscardCard)
            self.hands[seat] = tuple(c for c in self.hands[seat] if c != action.card)
            self.discards = (*self.discards, action.card)
            events.append(Event(f"{player_name(seat)} discards bonus card {action.card}", "discard",
                                {"card": action.card}))

    def _settle(self, events: list[Event]) -> None:
        """Move on through whatever needs no decision."""
        while True:
            seat = self.current
            phase = self.phase
            if self.pending:
                return
            if phase == "config" and not self.actions_left and not self._any_playable():
                self._end_config(events)
                continue
            if phase == "before-production" and not self._any_playable():
                self._produce(events)
                continue
            if phase == "shipping" and self.shipped >= self.truck_limit and not self._any_playable():
                self.phase = "cleanup"
                continue
            if phase == "cleanup" and sum(self.warehouse(seat)) <= self.warehouse_limit \
                    and len(self.hands[seat]) <= LIMITS.bonus_hand:
                self._end_turn(events)
                continue
            return

    def _any_playable(self) -> bool:
        return any(self._playable(card, option) for card in self.hands[self.current] for option in (0, 1))

    def _end_turn(self, events: list[Event]) -> None:
        seat = self.current
        if self.end_turns < 0 and self.points[seat] >= self.options.end_score:
            self.end_turns = self.n
            events.append(Event(f"{player_name(seat)} ends the turn with {self.points[seat]} points: everyone gets "
                                "one more turn", "end"))
        elif self.end_turns > 0:
            self.end_turns -= 1
        if self.end_turns == 0 or not self.trucks:
            if not self.trucks:
                events.append(Event("Every truck has driven away: the game ends", "end"))
            self._finish(events)
            return
        self._start_turn((seat + 1) % self.n, events)

    def _finish(self, events: list[Event]) -> None:
        self.phase = "over"
        best = max(self.points)
        tied = [s for s in range(self.n) if self.points[s] == best]
        first = min(self.reached[s] for s in tied)
        self.winner_seats = [s for s in tied if self.reached[s] == first]
        names = " and ".join(player_name(s) for s in self.winner_seats)
        verb = "wins" if len(self.winner_seats) == 1 else "share the win"
        events.append(Event(f"{names} {verb} with {best} points", "result"))

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
    def _view(self, seat: int | None) -> dict[str, Any]:
        codes = COMPONENTS.nut_codes
        over = self.phase == "over"
        view: dict[str, Any] = {
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
            "pending": self.pending or None,
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
            view["decision"] = self._decision()
        return view

    @classmethod
    def from_view(cls, game: Any, view: dict[str, Any], hidden: list[int]) -> FactoryState:
        """The state `view` shows, with the bonus cards it hides dealt from `hidden` in order."""
        state = cls(game)
        codes = COMPONENTS.nut_codes
        state.tiles = {(t["row"], t["column"] - 1): t["kind"] for t in view["tiles"]}
        state.machines = {(m["row"], m["column"] - 1): m["kind"] for m in view["machines"]}
        state.squirrel = view["squirrel"] - 1
        state.holders = [h["holder"] - 1 for h in view["holders"]]
        state.turns = [h["turns"] for h in view["holders"]]
        state.supply = dict(view["supply"])
        state.trucks = tuple(view["trucks"])
        state.points = list(view["points"])
        state.reached = list(view["reached"])
        state.warehouses = [w[code] for w in view["warehouses"] for code in codes]
        state.discards = tuple(view["discards"])
        for name in ("phase", "current", "turn", "actions_left", "fed", "splitters", "reroll", "draws_left",
                     "shipped", "truck_limit", "warehouse_limit", "end_turns"):
            setattr(state, name, view[name])
        state.pending = view["pending"] or ""
        state.winner_seats = list(view.get("winners", []))
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

# what an action does in each phase (the methods named for the phases), looked up by the phase itself
ON_PHASE: dict[str, Callable[[FactoryState, Action, list[Event]], None]] = {
    "setup": FactoryState._on_setup,
    "config": FactoryState._on_config,
    "squirrel": FactoryState._on_squirrel,
    "scamper": FactoryState._on_scamper,
    "hunt": FactoryState._on_hunt,
    "before-production": FactoryState._on_before_production,
    "draw": FactoryState._on_draw,
    "shipping": FactoryState._on_shipping,
    "cleanup": FactoryState._on_cleanup,
}
