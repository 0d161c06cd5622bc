"""The rules of Nut Hunt (rulebooks/nut-hunt.txt) as a state machine; see the package docstring.

Owners of squirrels are the seats 0..n-1 and, in the solo game, the Automa as owner 1 (it is part of the
rules, not a seat: its draws and its scatter rolls are chance). Counts per owner and tile live in flat
lists (`squirrels[owner * 19 + tile]`), so a clone copies a few short lists.

Scattering is a stack of frames, one per cause (the fox arriving, a nest being built). A frame remembers
how many squirrels of each owner it obliges to leave; the owner first in turn order from the active player
who still owes one (and still has one there) scatters next. A nest built meanwhile pushes its own frame,
which is resolved before going back (FAQ). Squirrels that arrive on a tile later are not obliged by an
older frame there, and obligations shrink when the squirrels they name have gone into a new nest.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Self

from nutbox.core import CHANCE, TERMINAL, Action, Event, ListedState, Options, ToMove
from nutbox.games.nut_hunt import scoring
from nutbox.games.nut_hunt.actions import (
    DISCARDS,
    DRAWS,
    FORAGE_NONE,
    FORAGE_OF,
    HASSLES,
    KEEPS,
    PASS,
    PLACE_TILES,
    PLACES,
    RECRUITS,
    ROLLS,
    SCATTERS,
    SCOUT,
    TRADE_OF,
    Discard,
    Draw,
    Forage,
    Hassle,
    Keep,
    Pass,
    Place,
    PlaceTile,
    Recruit,
    Roll,
    Scatter,
    Scout,
    Trade,
)
from nutbox.games.nut_hunt.board import CENTRE, NUM_CELLS, Layout, layout
from nutbox.games.nut_hunt.components import COMPONENTS, DIRECTIONS

T = NUM_CELLS  # tiles on the board
TILES = COMPONENTS.tiles
NUTS = len(COMPONENTS.nut_codes)
FROG_POND = COMPONENTS.frog_pond
ALL_CARDS = tuple(range(1, len(COMPONENTS.objectives) + 1))
COLOURS = ("yellow", "blue", "white", "green", "red")
AUTOMA_COLOUR = "black"
AUTOMA_OWNER = 1  # in the solo game the Automa owns pieces as a second player would
AUTOMA_OBJECTIVES = {"standard": 2, "advanced": 3, "expert": 4}
DEALT, SCOUTED, NESTS_TO_END, NEST_SIZE = 3, 2, 4, 3
FORAGE_FOX, FORAGE_HASSLE, FORAGE_SETUP = 2, 1, 2

SETUP = "Game Setup"
SCATTER_RULE = "Scattering Squirrels"
FOX_RULE = "Fox Movement"
FORAGE_RULE = "Fox Movement, Forage for Nuts"
OPTIONAL_RULE = "Optional Action"
RECRUIT_RULE = "Recruit a Squirrel"
HASSLE_RULE = "Hassle the Fox!"
SCOUT_RULE = "Scout an Objective"
TRADE_RULE = "Free action (exchange three of one nut for one of another)"
END_RULE = "End of Game"
SOLO_RULE = "Single Player Rules"

Phase = Literal[
    "layout", "deal", "discard", "place", "automa-deal", "roll", "forage", "action", "scout-draw", "keep",
    "automa-draw", "automa-place", "end-turn", "over",
]
Resume = Literal["place", "action", "end-turn"]
Frame = tuple[int, int, tuple[int, ...]]  # (tile scattering, tile the fox just left or -1, owed per owner)

# FORAGE_OPTIONS[count][tile]: the forage actions open on that tile
FORAGE_OPTIONS = {
    count: tuple(
        tuple(FORAGE_OF[nuts] for nuts in itertools.combinations_with_replacement(tile.forage, count)) for tile in TILES
    )
    for count in (FORAGE_HASSLE, FORAGE_FOX)
}


@dataclass(frozen=True)
class HuntOptions(Options):
    players: int = dataclasses.field(
        default=2,
        metadata={"label": "Players", "help": "Nut Hunt is for 2 to 5 players, or 1 playing alone against the Automa."},
    )
    automa: Literal["standard", "advanced", "expert"] = dataclasses.field(
        default="standard",
        metadata={
            "label": "Automa level",
            "help": "In a solo game, how many objectives the Automa starts with: 2, 3 or 4.",
            "choice_labels": {
                "standard": "Standard: 2 objectives",
                "advanced": "Advanced: 3 objectives",
                "expert": "Expert: 4 objectives",
            },
        },
    )
    solo_deal: Literal["keep-2-of-3", "draw-2"] = dataclasses.field(
        default="keep-2-of-3",
        metadata={
            "label": "Solo objectives",
            "help": "In a solo game, whether you are dealt 3 objectives and keep 2 as usual, or just draw 2.",
            "choice_labels": {"keep-2-of-3": "Dealt 3, keep 2", "draw-2": "Draw 2"},
            # the solo rules say both "set up as usual" and "drawing 2 Objectives" (docs/rules-decisions.md 13)
            "rulebook": False,
        },
    )
    competitive: bool = dataclasses.field(
        default=False,
        metadata={
            "label": "Competitive variant",
            "help": "When a nest is built, each other player first loses one squirrel from that tile, and only the "
            "rest scatter.",
        },
    )


def owner_name(owner: int, players: int) -> str:
    return "the Automa" if players == 1 and owner == 1 else f"Player {owner + 1}"


def tile_name(tile: int) -> str:
    return TILES[tile].name


def place_order(players: int, centre_green: bool) -> tuple[int, ...]:
    """Setup squirrel placement: snake order, or the rulebook's special order for 5 players (Game Setup 3)."""
    if players == 5 and centre_green:
        return (0, 1, 2, 3, 4, 3, 2, 1, 0, 4)
    return (*range(players), *reversed(range(players)))


def _nut_list(nuts: tuple[int, ...] | list[int]) -> str:
    return " ".join(COMPONENTS.nut_names[nut] for nut in nuts)


class HuntState(ListedState):
    __slots__ = (
        "automa_hand",
        "bottom",
        "current",
        "ending",
        "forage_left",
        "forage_tile",
        "fox",
        "fox_from",
        "frames",
        "game",
        "hands",
        "layout",
        "looking",
        "n",
        "nests",
        "nuts",
        "options",
        "owners",
        "pending",
        "phase",
        "pool",
        "result",
        "resume",
        "revealed",
        "scatterer",
        "solo",
        "squirrels",
        "step",
        "tile_at",
        "turn",
    )

    def __init__(self, game: Any) -> None:
        self.game = game
        self.options: HuntOptions = game.options
        self.n = self.options.players
        self.solo = self.n == 1
        self.owners = 2 if self.solo else self.n
        self.tile_at: tuple[int, ...] = ()  # tiles dealt so far, by cell
        self.layout: Layout | None = None
        self.fox = -1
        self.fox_from = -1  # where the fox last came from (for the tables)
        self.squirrels = [0] * (self.owners * T)
        self.nests = [0] * (self.owners * T)
        self.nuts = [0] * (self.n * NUTS)
        self.hands: list[tuple[int, ...]] = [()] * self.n
        self.automa_hand: tuple[int, ...] = ()
        self.revealed: tuple[int, ...] = ()  # solo: the Automa's turn cards, set aside face up
        self.pool: tuple[int, ...] = ALL_CARDS  # the shuffled part of the deck, in no order
        self.bottom: tuple[tuple[int, int], ...] = ()  # under the deck, top first: (card, seat who put it there)
        self.looking: tuple[int, ...] = ()  # cards the current seat is scouting
        self.phase: Phase = "layout"
        self.current = 0  # the active owner (whose turn, or whose setup step)
        self.step = 0  # progress within a setup phase
        self.frames: list[Frame] = []
        self.scatterer = -1
        self.forage_tile = -1
        self.forage_left = 0
        self.resume: Resume = "action"
        self.pending: tuple[int, ...] = ()  # tiles the Automa still places a squirrel on
        self.turn = 0
        self.ending = False
        self.result: tuple[int, ...] = ()  # the winning owners, once over

    def clone(self) -> Self:
        other = object.__new__(type(self))
        for name in HuntState.__slots__:
            setattr(other, name, getattr(self, name))
        other.squirrels = self.squirrels[:]
        other.nests = self.nests[:]
        other.nuts = self.nuts[:]
        other.hands = self.hands[:]
        other.frames = self.frames[:]
        return other

    # --- facts ---------------------------------------------------------------------------------------
    @property
    def automa(self) -> int:
        """The Automa's owner index in the solo game, else -1."""
        return AUTOMA_OWNER if self.solo else -1

    def nest_count(self, owner: int) -> int:
        return sum(self.nests[owner * T : owner * T + T])

    def objectives_of(self, owner: int) -> tuple[int, ...]:
        return self.automa_hand if owner == self.automa else self.hands[owner]

    def breakdown(self, owner: int) -> scoring.Breakdown:
        assert self.layout is not None
        base = owner * T
        return scoring.breakdown(
            self.layout, self.squirrels[base : base + T], self.nests[base : base + T], self.objectives_of(owner)
        )

    def _can_draw(self) -> bool:
        return bool(self.pool or self.bottom or self.revealed)

    def scatter_targets(self, frame: Frame) -> list[int]:
        tile, vacated, _ = frame
        fox = self.fox
        assert self.layout is not None
        return [t for t in self.layout.neighbours[tile] if t != fox and t != FROG_POND and t != vacated]

    def automa_faces(self, frame: Frame) -> list[int]:
        """The die faces that scatter an Automa squirrel legally (the others are rolled again)."""
        tile, vacated, _ = frame
        assert self.layout is not None
        move = self.layout.move
        faces = []
        for face in range(1, 7):
            target = move(tile, COMPONENTS.compass[face - 1])
            if target != self.fox and target != FROG_POND and target != vacated:
                faces.append(face)
        return faces

    def _next_scatterer(self, frame: Frame) -> int:
        tile, _, owed = frame
        for i in range(self.owners):
            owner = (self.current + i) % self.owners
            if owed[owner] and self.squirrels[owner * T + tile]:
                return owner
        return -1

    def can_pay(self, seat: int, tile: int) -> bool:
        cost = TILES[tile].cost
        nuts = self.nuts
        base = seat * NUTS
        return all(nuts[base + nut] >= cost.count(nut) for nut in set(cost))

    def recruit_targets(self, seat: int) -> list[int]:
        return [t for t in range(T) if TILES[t].cost and t != self.fox and self.can_pay(seat, t)]

    def hassle_targets(self, seat: int) -> list[int]:
        assert self.layout is not None
        base = seat * T
        return [t for t in self.layout.neighbours[self.fox] if self.squirrels[base + t] or self.nests[base + t]]

    def place_targets(self) -> list[int]:
        # the 5-player special case: the last squirrel may go on an occupied starting tile
        anywhere = self.n == 5 and TILES[self.fox].green and self.step == len(self._place_order()) - 1
        squirrels = self.squirrels
        return [
            t
            for t in range(T)
            if TILES[t].green
            and t != self.fox
            and (anywhere or not any(squirrels[o * T + t] for o in range(self.owners)))
        ]

    def _place_order(self) -> tuple[int, ...]:
        return place_order(self.n, TILES[self.fox].green)

    def forage_options(self) -> list[Action]:
        """The forages open now. Only the one after hassling the fox may be declined: the active player "may
        Forage for 1 Nut" (Hassle the Fox!), where the fox's move and the setup say they forage 2."""
        options: list[Action] = list(FORAGE_OPTIONS[self.forage_left][self.forage_tile])
        if self.resume == "end-turn":  # the forage after a hassle (the others resume the turn or the setup)
            options.append(FORAGE_NONE)
        return options

    def trades(self, seat: int) -> list[Action]:
        base = seat * NUTS
        return [trade for (give, _), trade in TRADE_OF.items() if self.nuts[base + give] >= 3]

    # --- the protocol --------------------------------------------------------------------------------
    def to_move(self) -> ToMove:
        if self.frames:
            return CHANCE if self.scatterer == self.automa else self.scatterer
        phase = self.phase
        if phase == "over":
            return TERMINAL
        if phase in ("layout", "deal", "roll", "scout-draw", "automa-deal", "automa-draw"):
            return CHANCE
        return self.current

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.frames:
            if self.scatterer != self.automa:
                return []
            faces = self.automa_faces(self.frames[-1])
            return [(ROLLS[face - 1], 1 / len(faces)) for face in faces]
        phase = self.phase
        if phase == "layout":
            left = [t for t in range(T) if t not in self.tile_at]
            return [(PLACE_TILES[t], 1 / len(left)) for t in left]
        if phase == "roll":
            return [(roll, 1 / 6) for roll in ROLLS]
        if phase in ("deal", "scout-draw", "automa-deal", "automa-draw"):
            if self.pool:
                return [(DRAWS[card - 1], 1 / len(self.pool)) for card in self.pool]
            return [(DRAWS[self.bottom[0][0] - 1], 1.0)]
        return []

    def _list_legal(self) -> list[Action]:
        who = self.to_move()
        if not isinstance(who, int):
            return []
        if self.frames:
            main: list[Action] = [SCATTERS[t] for t in self.scatter_targets(self.frames[-1])]
        elif self.phase == "action":
            main = [RECRUITS[t] for t in self.recruit_targets(who)]
            main += [HASSLES[t] for t in self.hassle_targets(who)]
            if self._can_draw():
                main.append(SCOUT)
            main.append(PASS)
        elif self.phase == "forage":
            main = self.forage_options()
        elif self.phase == "keep":
            main = [KEEPS[card] for card in sorted(self.looking)]
            main.append(KEEPS[0])
        elif self.phase == "place":
            main = [PLACES[t] for t in self.place_targets()]
        else:  # discard
            main = [DISCARDS[card - 1] for card in sorted(self.hands[who])]
        return main + self.trades(who)

    def _decision(self) -> str:
        """What the seat to move is deciding, in words."""
        if self.frames:
            return f"scatter a squirrel from {tile_name(self.frames[-1][0])} ({SCATTER_RULE})"
        phase = self.phase
        if phase == "action":
            return "take an optional action: recruit, hassle, scout or pass (Optional Action)"
        if phase == "forage":
            if self.resume == "end-turn":
                return f"forage 1 nut from {tile_name(self.forage_tile)}, or none ({HASSLE_RULE})"
            return f"forage {self.forage_left} nuts from {tile_name(self.forage_tile)} ({self._forage_rule()})"
        if phase == "keep":
            return f"keep one scouted objective or none ({SCOUT_RULE})"
        if phase == "place":
            return f"place a squirrel on an unoccupied green starting tile ({SETUP} 3)"
        return f"choose the objective to put face down under the deck ({SETUP} 1D)"

    def _forage_rule(self) -> str:
        """The rule of the forage under way: at setup, when the fox moves, or after hassling it."""
        return {"place": f"{SETUP} 3", "action": FORAGE_RULE, "end-turn": HASSLE_RULE}[self.resume]

    def _now(self) -> str:
        """What is due instead, with its rule: how a refusal of something not due now ends."""
        who = self.to_move()
        if isinstance(who, int):
            return f"now you are to {self._decision()}"
        if self.frames:
            return f"now the fox die scatters the Automa's squirrel from {tile_name(self.frames[-1][0])} (Player Turn)"
        name = owner_name(self.current, self.n)
        return {
            "layout": f"now the forest is being laid out ({SETUP} 1)",
            "deal": f"now the objectives are being dealt ({SETUP} 1D)",
            "automa-deal": f"now the Automa is being dealt its starting hand ({SOLO_RULE})",
            "roll": f"now {name}'s turn begins: the fox die is rolled ({FOX_RULE})",
            "scout-draw": f"now {name} is drawing the objectives to scout ({SCOUT_RULE})",
            "automa-draw": "now it is the Automa's turn: it reveals the top objective (Automa Turn)",
        }[self.phase]

    def _when(self, action: Action) -> str:
        """The rule saying when an action of this kind is taken, for one tried at another time."""
        if self.ending and isinstance(action, (Recruit, Hassle, Scout, Pass, Forage)):
            return f"{END_RULE}: a 4th nest has been placed, so the scatters are finished and the game ends (no " \
                   "further Recruiting, Hassling, or Scouting allowed)"
        if isinstance(action, Recruit):
            return f"{RECRUIT_RULE}: You can only Recruit 1 Squirrel per turn, as the active player's optional " \
                   "action once the fox has moved"
        if isinstance(action, (Hassle, Scout, Pass)):
            return f"{OPTIONAL_RULE}: the active player chooses up to 1 optional action each turn, once the fox " \
                   "has moved (or passes)"
        if isinstance(action, Forage):
            return f"{FORAGE_RULE}: the active player forages where the fox has just moved (2 nuts; 1, or none, " \
                   f"after hassling it), and at setup with each squirrel placed ({SETUP} 3)"
        if isinstance(action, Scatter):
            return f"{SCATTER_RULE}: squirrels scatter when the fox moves onto their tile or an opponent builds a " \
                   "nest there, each owner choosing where theirs go"
        if isinstance(action, Keep):
            return f"{SCOUT_RULE}: after scouting, the active player keeps up to 1 of the top 2 objectives"
        if isinstance(action, Place):
            return f"{SETUP} 3: squirrels are placed on starting tiles only at setup, in turn order and back"
        if isinstance(action, Discard):
            return f"{SETUP} 1D: each player puts 1 of the 3 objectives dealt at setup under the deck"
        if isinstance(action, PlaceTile):
            return f"{SETUP} 1: the 19 tiles are laid at random (a chance step) before anything else"
        if isinstance(action, Draw):
            return f"{SETUP} 1D, {SCOUT_RULE}: objectives come off the top of the deck by chance, when dealing, " \
                   "scouting or revealing the Automa's"
        assert isinstance(action, Roll)
        return f"{FOX_RULE}: the fox die is rolled by chance at the beginning of each turn (and to scatter an " \
               "Automa squirrel)"

    def _not_an_outcome(self, action: Action) -> str:
        # A seat's kind of decision tried at a chance node (a second recruit once the turn has passed on to the
        # fox die) names the rule for its time, not "not a possible outcome of the chance event".
        if not isinstance(action, (PlaceTile, Draw, Roll)):
            return self._reason(action)
        return super()._not_an_outcome(action)

    def _reason(self, action: Action) -> str:  # noqa: C901 - one case per kind of action, each citing its rule; goes with declarative notation (issue 19)
        who = self.to_move()
        if isinstance(action, Trade):
            names = COMPONENTS.nut_names
            if action.give == action.get:
                return f"{TRADE_RULE}: three of any one kind of nut are exchanged for one nut of another kind, so " \
                       f"three {names[action.give]}s cannot buy one {names[action.get]}"
            if not isinstance(who, int):
                return f"{TRADE_RULE}: nutbox offers the exchange at each decision of the nuts' owner " \
                       f"(docs/rules-decisions.md, Nut Hunt 5); {self._now()}"
            return f"{TRADE_RULE}: you need three {names[action.give]}s to trade, and have " \
                   f"{self.nuts[who * NUTS + action.give]}"
        due: tuple[type, ...] = ()
        if isinstance(who, int):
            due = (Scatter,) if self.frames else {
                "action": (Recruit, Hassle, Scout, Pass), "forage": (Forage,), "keep": (Keep,), "place": (Place,),
                "discard": (Discard,),
            }[self.phase]
        if not isinstance(action, due):
            return f"{self._when(action)}; {self._now()}"
        seat = who
        assert self.layout is not None and isinstance(seat, int)
        if isinstance(action, Scatter):
            tile, vacated, _ = self.frames[-1]
            if action.tile not in self.layout.neighbours[tile]:
                return f"{SCATTER_RULE}: squirrels scatter onto adjacent tiles; {tile_name(action.tile)} is not " \
                       f"next to {tile_name(tile)}"
            if action.tile == FROG_POND:
                return f"{SCATTER_RULE}: no squirrel may scatter onto the Frog Pond"
            if action.tile == self.fox:
                return f"{SCATTER_RULE}: squirrels may not scatter onto the tile the fox occupies (FAQ)"
            return f"{SCATTER_RULE}: squirrels scattering from the fox may not go directly onto the tile it " \
                   f"just vacated ({tile_name(vacated)})"
        if isinstance(action, Recruit):
            target = TILES[action.tile]
            if not target.cost:
                return f"{RECRUIT_RULE}: no squirrel may be recruited onto {target.name}"
            if action.tile == self.fox:
                return f"{RECRUIT_RULE}: squirrels may not be recruited onto a tile occupied by the fox"
            have = [self.nuts[seat * NUTS + nut] for nut in range(NUTS)]
            return f"{RECRUIT_RULE}: {target.name} costs {_nut_list(target.cost)}; you have " + ", ".join(
                f"{count} {COMPONENTS.nut_names[nut]}" for nut, count in enumerate(have)
            ) + " (exchange three of one nut for one of another first)"
        if isinstance(action, Hassle):
            if action.tile not in self.layout.neighbours[self.fox]:
                return f"{HASSLE_RULE}: the fox is pulled onto an adjacent tile; {tile_name(action.tile)} is not " \
                       f"next to the fox ({tile_name(self.fox)})"
            return f"{HASSLE_RULE}: you need a squirrel or a nest on {tile_name(action.tile)}"
        if isinstance(action, Scout):
            return f"{SCOUT_RULE}: the objective deck is empty"
        if isinstance(action, Forage):
            rule = self._forage_rule()
            if not action.nuts:
                return f"{rule}: this forage of {self.forage_left} nuts is not optional; only the 1 nut after " \
                       "hassling the fox may be declined"
            if len(action.nuts) != self.forage_left:
                return f"{rule}: you forage {self.forage_left} here, not {len(action.nuts)}"
            produced = " and ".join(COMPONENTS.nut_names[nut] + "s" for nut in TILES[self.forage_tile].forage)
            return f"{rule}: {tile_name(self.forage_tile)} forages only {produced}"
        if isinstance(action, Keep):
            return f"{SCOUT_RULE}: objective {action.card} is not one of the cards you are looking at"
        if isinstance(action, Discard):
            return f"{SETUP} 1D: objective {action.card} is not among the three you were dealt"
        assert isinstance(action, Place)
        start = TILES[action.tile]
        if not start.green:
            return f"{SETUP} 3: squirrels start on green-bordered starting tiles; {start.name} is not one"
        if action.tile == self.fox:
            return f"{SETUP} 3: the fox's tile is not an unoccupied starting tile"
        return f"{SETUP} 3: {start.name} is already occupied"

    # --- carrying out --------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Trade):
            self._trade(action, events)
            return events
        if self.frames:
            owner = self.scatterer
            frame = self.frames[-1]
            if isinstance(action, Roll):
                assert self.layout is not None
                target = self.layout.move(frame[0], COMPONENTS.compass[action.face - 1])
                self._scatter(owner, target, events, f" (rolled {action.face})")
            else:
                assert isinstance(action, Scatter)
                self._scatter(owner, action.tile, events)
        else:
            ON_PHASE[self.phase](self, action, events)
        self._settle(events)
        return events

    def _on_layout(self, action: Action, events: list[Event]) -> None:
        assert isinstance(action, PlaceTile)
        self.tile_at = (*self.tile_at, action.tile)
        events.append(Event(f"{tile_name(action.tile)} is laid ({len(self.tile_at)} of {T})", "layout",
                            {"tile": TILES[action.tile].code}, detail=True))
        if len(self.tile_at) == T:
            self.layout = layout(self.tile_at)
            self.fox = self.tile_at[CENTRE]
            events.append(Event(f"The forest is laid out; the fox starts on {tile_name(self.fox)}", "fox",
                                {"tile": TILES[self.fox].code}))
            self.phase = "deal"

    def _draw(self, action: Action) -> int:
        assert isinstance(action, Draw)
        card = action.card
        if self.pool:
            self.pool = tuple(c for c in self.pool if c != card)
        else:
            self.bottom = self.bottom[1:]
        return card

    def _private(self, seat: int, text: str, public: str, kind: str, card: int, detail: bool = False) -> Event:
        hidden = Event(public, kind, {"seat": seat}, detail=detail)
        return Event(text, kind, {"seat": seat, "card": card}, frozenset({seat}), hidden, detail)

    def _dealt(self) -> int:
        """Objectives dealt to each player at setup (the solo_deal option may make it 2, kept without choice)."""
        return 2 if self.solo and self.options.solo_deal == "draw-2" else DEALT

    def _on_deal(self, action: Action, events: list[Event]) -> None:
        dealt = self._dealt()
        seat = self.step // dealt
        card = self._draw(action)
        self.hands[seat] = (*self.hands[seat], card)
        events.append(self._private(seat, f"Player {seat + 1} is dealt objective {card}: {_objective_text(card)}",
                                    f"Player {seat + 1} is dealt an objective", "deal", card, detail=True))
        self.step += 1
        if self.step == dealt * self.n:
            self.phase, self.current, self.step = "discard", 0, 0
            if dealt < DEALT:  # nothing to choose: straight to placing squirrels
                self._next_placement()

    def _on_discard(self, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Discard)
        seat = self.current
        self.hands[seat] = tuple(c for c in self.hands[seat] if c != action.card)
        self.bottom = (*self.bottom, (action.card, seat))
        events.append(self._private(seat, f"Player {seat + 1} puts objective {action.card} under the deck",
                                    f"Player {seat + 1} keeps two objectives and puts one under the deck",
                                    "discard", action.card))
        self.current += 1
        if self.current == self.n:
            self.step = 0
            self._next_placement()

    def _next_placement(self) -> None:
        order = self._place_order()
        if self.step < len(order):
            self.phase, self.current = "place", order[self.step]
        elif self.solo:
            self.phase, self.current, self.step = "automa-deal", self.automa, 0
        else:
            self._start_turn(0, [])

    def _on_place(self, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Place)
        seat = self.current
        events.append(Event(f"Player {seat + 1} places a squirrel on {tile_name(action.tile)}", "place",
                            {"seat": seat, "tile": TILES[action.tile].code}))
        self._arrive(seat, action.tile, events)
        self.phase, self.forage_tile, self.forage_left, self.resume = "forage", action.tile, FORAGE_SETUP, "place"

    def _on_automa_deal(self, action: Action, events: list[Event]) -> None:
        card = self._draw(action)
        self.automa_hand = (*self.automa_hand, card)
        events.append(Event(f"The Automa is dealt objective {card}: {_objective_text(card)}", "deal",
                            {"automa": True, "card": card}))
        self.step += 1
        if self.step == AUTOMA_OBJECTIVES[self.options.automa]:
            self.pending = tuple(t for card in self.automa_hand for t in COMPONENTS.objectives[card - 1].ends)
            self.phase = "automa-place"

    def _on_roll(self, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Roll) and self.layout is not None
        direction = COMPONENTS.compass[action.face - 1]
        start = self.fox
        target = self.layout.move(start, direction)
        bounced = self.layout.step[start][direction] < 0
        how = f", bounces off the edge and goes {DIRECTIONS[(direction + 3) % 6]}" if bounced else ""
        events.append(Event(f"The fox die shows {action.face} ({DIRECTIONS[direction]}): the fox leaves "
                            f"{tile_name(start)}{how} onto {tile_name(target)}", "fox",
                            {"face": action.face, "from": TILES[start].code, "to": TILES[target].code,
                             "bounced": bounced}))
        self._move_fox(target)
        self.phase, self.forage_tile, self.forage_left, self.resume = "forage", target, FORAGE_FOX, "action"

    def _on_forage(self, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Forage)
        self._forage(action, events)

    def _forage(self, action: Forage, events: list[Event]) -> None:
        seat = self.current
        for nut in action.nuts:
            self.nuts[seat * NUTS + nut] += 1
        what = _nut_list(action.nuts) or "nothing"
        events.append(Event(f"Player {seat + 1} forages {what} from {tile_name(self.forage_tile)}",
                            "forage", {"seat": seat, "nuts": [COMPONENTS.nut_codes[n] for n in action.nuts]}))
        if self.resume == "place":
            self.step += 1
            self._next_placement()
        else:
            self.phase = self.resume

    def _on_action(self, action: Action, events: list[Event]) -> None:
        seat = self.current
        if isinstance(action, Recruit):
            for nut in TILES[action.tile].cost:
                self.nuts[seat * NUTS + nut] -= 1
            events.append(Event(f"Player {seat + 1} recruits a squirrel onto {tile_name(action.tile)}", "recruit",
                                {"seat": seat, "tile": TILES[action.tile].code}))
            self.phase = "end-turn"
            self._arrive(seat, action.tile, events)
        elif isinstance(action, Hassle):
            events.append(Event(f"Player {seat + 1} hassles the fox from {tile_name(self.fox)} onto "
                                f"{tile_name(action.tile)}", "hassle",
                                {"seat": seat, "from": TILES[self.fox].code, "to": TILES[action.tile].code}))
            self._move_fox(action.tile)
            self.phase, self.forage_tile, self.forage_left, self.resume = "forage", action.tile, 1, "end-turn"
        elif isinstance(action, Scout):
            events.append(Event(f"Player {seat + 1} scouts the objective deck", "scout", {"seat": seat}))
            self._refill(events)
            self.phase, self.looking = "scout-draw", ()
        else:
            assert isinstance(action, Pass)
            events.append(Event(f"Player {seat + 1} passes", "pass", {"seat": seat}))
            self.phase = "end-turn"

    def _on_scout_draw(self, action: Action, events: list[Event]) -> None:
        seat = self.current
        card = self._draw(action)
        self.looking = (*self.looking, card)
        events.append(self._private(seat, f"Player {seat + 1} looks at objective {card}: {_objective_text(card)}",
                                    f"Player {seat + 1} looks at the top objective", "look", card, detail=True))
        if len(self.looking) == SCOUTED or not (self.pool or self.bottom):
            self.phase = "keep"

    def _on_keep(self, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Keep)
        seat = self.current
        if action.card:
            self.hands[seat] = (*self.hands[seat], action.card)
        back = [card for card in self.looking if card != action.card]
        self.bottom = (*self.bottom, *((card, seat) for card in back))
        self.looking = ()
        kept = f"keeps objective {action.card}" if action.card else "keeps none"
        public = "keeps one objective" if action.card else "keeps none"
        events.append(Event(f"Player {seat + 1} {kept}; {len(back)} go under the deck", "keep",
                            {"seat": seat, "card": action.card}, frozenset({seat}),
                            Event(f"Player {seat + 1} {public}; {len(back)} go under the deck", "keep",
                                  {"seat": seat})))
        self.phase = "end-turn"

    def _on_automa_draw(self, action: Action, events: list[Event]) -> None:
        card = self._draw(action)
        self.revealed = (*self.revealed, card)
        events.append(Event(f"The Automa reveals objective {card}: {_objective_text(card)}", "automa",
                            {"card": card}))
        self.pending = COMPONENTS.objectives[card - 1].ends
        self.phase = "automa-place"

    def _refill(self, events: list[Event]) -> None:
        """Solo: an empty deck is made again from the Automa's revealed cards (docs/rules-decisions.md)."""
        if not self.pool and not self.bottom and self.revealed:
            self.pool, self.revealed = tuple(sorted(self.revealed)), ()
            events.append(Event("The objective deck is empty: the Automa's revealed objectives are shuffled into "
                                "a new deck", "deck"))

    def _trade(self, action: Trade, events: list[Event]) -> None:
        seat = self.to_move()
        assert isinstance(seat, int)
        self.nuts[seat * NUTS + action.give] -= 3
        self.nuts[seat * NUTS + action.get] += 1
        names = COMPONENTS.nut_names
        events.append(Event(f"Player {seat + 1} exchanges three {names[action.give]}s for one {names[action.get]}",
                            "trade", {"seat": seat}))

    # --- squirrels arriving and leaving --------------------------------------------------------------
    def _move_fox(self, target: int) -> None:
        self.fox_from, self.fox = self.fox, target
        owed = tuple(self.squirrels[o * T + target] for o in range(self.owners))
        if any(owed):
            self.frames.append((target, self.fox_from, owed))

    def _arrive(self, owner: int, tile: int, events: list[Event]) -> None:
        index = owner * T + tile
        self.squirrels[index] += 1
        if self.squirrels[index] >= NEST_SIZE:
            self._build_nest(owner, tile, events)

    def _build_nest(self, owner: int, tile: int, events: list[Event]) -> None:
        self.squirrels[owner * T + tile] -= NEST_SIZE
        self.nests[owner * T + tile] += 1
        name = owner_name(owner, self.n)
        count = self.nest_count(owner)
        events.append(Event(f"{name} builds a nest on {tile_name(tile)} (nest {count})", "nest",
                            {"owner": owner, "tile": TILES[tile].code}))
        if count >= NESTS_TO_END and not self.ending:
            self.ending = True
            events.append(Event(f"{name} has placed a 4th nest: the game ends once the squirrels have scattered",
                                "end"))
        if self.options.competitive:
            for other in range(self.owners):
                if other != owner and self.squirrels[other * T + tile]:
                    self.squirrels[other * T + tile] -= 1
                    events.append(Event(f"A squirrel of {owner_name(other, self.n)} is removed from "
                                        f"{tile_name(tile)} (Competitive Rule Variant)", "remove",
                                        {"owner": other, "tile": TILES[tile].code}))
        owed = tuple(0 if o == owner else self.squirrels[o * T + tile] for o in range(self.owners))
        if any(owed):
            self.frames.append((tile, -1, owed))

    def _scatter(self, owner: int, target: int, events: list[Event], how: str = "") -> None:
        tile, vacated, owed = self.frames[-1]
        self.frames[-1] = (tile, vacated, (*owed[:owner], owed[owner] - 1, *owed[owner + 1 :]))
        self.squirrels[owner * T + tile] -= 1
        events.append(Event(f"A squirrel of {owner_name(owner, self.n)} scatters from {tile_name(tile)} to "
                            f"{tile_name(target)}{how}", "scatter",
                            {"owner": owner, "from": TILES[tile].code, "to": TILES[target].code}))
        self._arrive(owner, target, events)

    def _start_turn(self, owner: int, events: list[Event]) -> None:
        self.current = owner
        self.turn += 1
        if owner != self.automa:
            self.phase = "roll"
            return
        self._refill(events)
        if self.pool or self.bottom:
            self.phase = "automa-draw"
        else:  # every objective is in the player's hand: the Automa has nothing to reveal
            events.append(Event("The Automa has no objective to reveal and places nothing", "automa"))
            self.phase = "end-turn"

    def _settle(self, events: list[Event]) -> None:
        """Carry out everything that needs no decision: forced scatters and forages, the Automa, turn ends."""
        while True:
            frames = self.frames
            if frames:
                frame = frames[-1]
                owner = self._next_scatterer(frame)
                if owner < 0:
                    frames.pop()
                    continue
                self.scatterer = owner
                if owner == self.automa:
                    return
                targets = self.scatter_targets(frame)
                if len(targets) == 1:
                    self._scatter(owner, targets[0], events)
                    continue
                return
            self.scatterer = -1
            if self.ending:
                self._finish(events)
                return
            phase = self.phase
            if phase == "forage":
                options = self.forage_options()
                if len(options) == 1:
                    assert isinstance(options[0], Forage)
                    self._forage(options[0], events)
                    continue
                return
            if phase == "automa-place":
                if not self.pending:
                    self.phase = "end-turn"
                    continue
                tile, self.pending = self.pending[0], self.pending[1:]
                if tile == self.fox:
                    events.append(Event(f"No Automa squirrel on {tile_name(tile)}: the fox is there", "automa"))
                else:
                    events.append(Event(f"The Automa places a squirrel on {tile_name(tile)}", "place",
                                        {"owner": self.automa, "tile": TILES[tile].code}))
                    self._arrive(self.automa, tile, events)
                continue
            if phase == "end-turn":
                self._start_turn((self.current + 1) % self.owners, events)
                continue
            return

    def _finish(self, events: list[Event]) -> None:
        self.phase = "over"
        ranked = [self._rank_key(owner) for owner in range(self.owners)]
        best = max(ranked)
        self.result = tuple(owner for owner in range(self.owners) if ranked[owner] == best)
        for owner in range(self.owners):
            parts = self.breakdown(owner)
            events.append(Event(f"{owner_name(owner, self.n)} scores {parts.total}", "score",
                                {"owner": owner, "score": parts.total}))
        names = " and ".join(owner_name(owner, self.n) for owner in self.result)
        events.append(Event(f"{names} {'wins' if len(self.result) == 1 else 'share the victory'}", "result"))

    def _rank_key(self, owner: int) -> tuple[int, int, int]:
        """Points, then nests, then squirrels (rulebook, "Resolving ties")."""
        parts = self.breakdown(owner)
        return parts.total, parts.nests, parts.squirrels

    # --- results -------------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(self.breakdown(seat).total) for seat in range(self.n)]

    def reveals(self, action: Action) -> bool:
        """No decision shows an objective to anyone else: a discarded or passed-over card goes face down
        (seen by its placer only), and objectives are revealed only when the game is over."""
        return False

    def running_scores(self) -> list[float]:
        """The end-of-game scoring applied to the board as it stands (zero before the forest is laid out)."""
        return self.scores() if self.layout is not None else [0.0] * self.n

    def winners(self) -> list[int]:
        return [owner for owner in self.result if owner < self.n and owner != self.automa]

    def returns(self) -> list[float]:
        """Solo: +1 for beating the Automa, -1 for losing to it, 0 for a shared victory."""
        if not self.solo:
            return super().returns()
        if not self.is_terminal():
            raise ValueError("returns() is defined only once the game is over")
        if len(self.result) == 2:
            return [0.0]
        return [1.0 if self.result == (0,) else -1.0]

    # --- views ---------------------------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        over = self.phase == "over"
        code = _code
        view: dict[str, Any] = {
            "players": self.n,
            "solo": self.solo,
            "automa_level": self.options.automa if self.solo else None,
            "competitive": self.options.competitive,
            "owners": [
                {"name": owner_name(o, self.n), "colour": AUTOMA_COLOUR if o == self.automa else COLOURS[o]}
                for o in range(self.owners)
            ],
            "layout": [code(t) for t in self.tile_at],
            "fox": code(self.fox),
            "fox_from": code(self.fox_from),
            "board": {
                TILES[t].code: {
                    "squirrels": [self.squirrels[o * T + t] for o in range(self.owners)],
                    "nests": [self.nests[o * T + t] for o in range(self.owners)],
                }
                for t in range(T)
            },
            "nuts": [dict(zip(COMPONENTS.nut_codes, self.nuts[s * NUTS : s * NUTS + NUTS], strict=True))
                     for s in range(self.n)],
            "hand_sizes": [len(hand) for hand in self.hands],
            "looking_count": len(self.looking),
            "deck": {
                "unseen": len(self.pool),
                "bottom": [
                    {"placer": placer, "card": card if over or placer == seat else None}
                    for card, placer in self.bottom
                ],
            },
            "automa_hand": list(self.automa_hand),
            "revealed": list(self.revealed),
            "phase": self.phase,
            "current": self.current,
            "step": self.step,
            "turn": self.turn,
            "frames": [{"tile": code(t), "vacated": code(v), "owed": list(owed)} for t, v, owed in self.frames],
            "scatterer": self.scatterer if self.frames else None,
            "forage": {"tile": code(self.forage_tile), "count": self.forage_left, "then": self.resume}
            if self.phase == "forage" else None,
            "pending": [code(t) for t in self.pending],
            "ending": self.ending,
            "nest_counts": [self.nest_count(o) for o in range(self.owners)],
        }
        if seat is not None and not over:
            view["hand"] = list(self.hands[seat])
            view["looking"] = list(self.looking) if seat == self.current else []
        who = self.to_move()
        if isinstance(who, int) and (seat is None or seat == who):
            view["decision"] = self._decision()
        if over:
            view["hands"] = [list(hand) for hand in self.hands]
            view["deck"]["pool"] = sorted(self.pool)
            view["result"] = list(self.result)
            view["breakdown"] = [_breakdown_json(self.breakdown(o)) for o in range(self.owners)]
        return view

    @classmethod
    def from_view(cls, game: Any, view: dict[str, Any], hidden: list[int]) -> HuntState:
        """The state `view` shows, with the cards it hides dealt from `hidden` in order (determinization).

        `hidden` holds exactly the cards the view does not place: other seats' hands, another seat's
        scouted cards, the cards under the deck that this seat did not put there, and the unseen deck.
        """
        state = cls(game)
        of = COMPONENTS.tile_of_code
        state.tile_at = tuple(of[c] for c in view["layout"])
        if len(state.tile_at) == T:
            state.layout = layout(state.tile_at)
        state.fox = of.get(view["fox"], -1)
        state.fox_from = of.get(view["fox_from"], -1)
        for code, counts in view["board"].items():
            t = of[code]
            for o in range(state.owners):
                state.squirrels[o * T + t] = counts["squirrels"][o]
                state.nests[o * T + t] = counts["nests"][o]
        state.nuts = [count for seat_nuts in view["nuts"] for count in seat_nuts.values()]
        state.automa_hand = tuple(view["automa_hand"])
        state.revealed = tuple(view["revealed"])
        state.phase = view["phase"]
        state.current = view["current"]
        state.step = view["step"]
        state.turn = view["turn"]
        state.frames = [(of[f["tile"]], of.get(f["vacated"], -1), tuple(f["owed"])) for f in view["frames"]]
        state.scatterer = view["scatterer"] if view["scatterer"] is not None else -1
        if view["forage"] is not None:
            state.forage_tile = of[view["forage"]["tile"]]
            state.forage_left = view["forage"]["count"]
            state.resume = view["forage"]["then"]
        state.pending = tuple(of[c] for c in view["pending"])
        state.ending = view["ending"]
        if "result" in view:
            state.result = tuple(view["result"])
        cards = iter(hidden)
        seat = view["seat"]
        if "hands" in view:
            state.hands = [tuple(hand) for hand in view["hands"]]
        else:
            state.hands = [
                tuple(view["hand"]) if s == seat else tuple(next(cards) for _ in range(size))
                for s, size in enumerate(view["hand_sizes"])
            ]
        if view["looking_count"]:
            mine = view.get("looking") or []
            state.looking = tuple(mine) if mine else tuple(next(cards) for _ in range(view["looking_count"]))
        state.bottom = tuple(
            (entry["card"] if entry["card"] is not None else next(cards), entry["placer"])
            for entry in view["deck"]["bottom"]
        )
        if "pool" in view["deck"]:
            state.pool = tuple(view["deck"]["pool"])
        else:
            state.pool = tuple(sorted(next(cards) for _ in range(view["deck"]["unseen"])))
        return state


def _code(tile: int) -> str | None:
    return TILES[tile].code if tile >= 0 else None


def _objective_text(card: int) -> str:
    objective = COMPONENTS.objectives[card - 1]
    a, b = objective.ends
    return f"{tile_name(a)} to {tile_name(b)} ({objective.points} points)"


def _breakdown_json(parts: scoring.Breakdown) -> dict[str, Any]:
    return {
        "nests": parts.nests,
        "nest_points": scoring.NEST_POINTS * parts.nests,
        "squirrels": parts.squirrels,
        "objectives": [{"card": r.card, "complete": r.complete, "points": r.points} for r in parts.objectives],
        "total": parts.total,
    }

# what an action does in each phase (the methods named for the phases), looked up by the phase itself
ON_PHASE: dict[str, Callable[[HuntState, Action, list[Event]], None]] = {
    "layout": HuntState._on_layout,
    "deal": HuntState._on_deal,
    "discard": HuntState._on_discard,
    "place": HuntState._on_place,
    "automa-deal": HuntState._on_automa_deal,
    "roll": HuntState._on_roll,
    "forage": HuntState._on_forage,
    "action": HuntState._on_action,
    "scout-draw": HuntState._on_scout_draw,
    "keep": HuntState._on_keep,
    "automa-draw": HuntState._on_automa_draw,
}
