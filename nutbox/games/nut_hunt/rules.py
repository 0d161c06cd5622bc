"""The rules of Nut Hunt (rulebooks/nut-hunt.txt) as a state machine; see the package docstring.

This module holds the state: its fields, what can be seen of it (facts such as the tiles a squirrel may
scatter to), the protocol (who moves, chance, the legal actions, apply dispatched by phase) and the results.
The rest of the rules is split by concern, as functions taking the state:
- terms.py     the rulebook's numbers, the rule names refusals cite, the options, names in the narration
- setup.py     Game Setup: the forest, the deal, the discard, placing squirrels
- turn.py      a turn: the fox die, the forage, recruit / hassle / scout / pass, the Automa, the exchange
- flow.py      what follows without a decision: drawing, arriving, nests, scattering, foraging, the next turn,
               the end
- refusals.py  the decision in words, and the rule that forbids an action refused
- view.py      the view's shape, a state written as a view and read back
- scoring.py   the end-of-game scoring (pure functions of the board)

Owners of squirrels are the seats 0..n-1 and, in the solo game, the Automa as owner 1 (it is part of the
rules, not a seat: its draws and its scatter rolls are chance). Counts per owner and tile live in flat
lists (`squirrels[owner * 19 + tile]`), so a clone copies a few short lists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Self, cast

from nutbox.core import CHANCE, TERMINAL, Action, Event, ListedState, ToMove
from nutbox.games.nut_hunt import flow, refusals, scoring, setup, turn
from nutbox.games.nut_hunt import view as views
from nutbox.games.nut_hunt.actions import (
    DISCARDS,
    DRAWS,
    FORAGE_NONE,
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
    Draw,
    PlaceTile,
    Roll,
    Scatter,
    Trade,
)
from nutbox.games.nut_hunt.board import Layout
from nutbox.games.nut_hunt.components import COMPONENTS
from nutbox.games.nut_hunt.terms import (
    ALL_CARDS,
    AUTOMA_OWNER,
    DEALT,
    END_RULE,
    FORAGE_FOX,
    FORAGE_HASSLE,
    FORAGE_OPTIONS,
    FORAGE_RULE,
    FORAGE_SETUP,
    FOX_RULE,
    FROG_POND,
    HASSLE_RULE,
    NEST_SIZE,
    NESTS_TO_END,
    NUTS,
    OPTIONAL_RULE,
    RECRUIT_RULE,
    SCATTER_RULE,
    SCOUT_RULE,
    SCOUTED,
    SETUP,
    SOLO_RULE,
    TILES,
    TRADE_RULE,
    Frame,
    HuntOptions,
    T,
    owner_name,
    place_order,
    tile_name,
)
from nutbox.games.nut_hunt.view import HuntFields, HuntView, Phase, Resume

if TYPE_CHECKING:
    from nutbox.games.nut_hunt.game import NutHunt

__all__ = [  # what other modules and the tests import from here (the terms are re-exported)
    "ALL_CARDS", "AUTOMA_OWNER", "DEALT", "END_RULE", "FORAGE_FOX", "FORAGE_HASSLE", "FORAGE_RULE", "FORAGE_SETUP",
    "FOX_RULE", "FROG_POND", "HASSLE_RULE", "NESTS_TO_END", "NEST_SIZE", "NUTS", "OPTIONAL_RULE", "RECRUIT_RULE",
    "SCATTER_RULE", "SCOUTED", "SCOUT_RULE", "SETUP", "SOLO_RULE", "TRADE_RULE", "HuntOptions", "HuntState", "T",
    "owner_name", "place_order", "tile_name",
]


class HuntState(ListedState):
    # Every field is listed once, as shared or as copied, and nothing else can be set (slots): clone() shares
    # the immutable fields (numbers, texts, tuples, the layout, the options) and copies the five lists, so a
    # new field cannot be forgotten by clone (tests/games/nut_hunt/test_clone.py checks the split on play).
    SHARED: ClassVar[tuple[str, ...]] = (
        "automa_hand", "bottom", "current", "ending", "forage_left", "forage_tile", "fox", "fox_from", "game",
        "layout", "looking", "n", "options", "owners", "pending", "phase", "pool", "result", "resume", "revealed",
        "scatterer", "solo", "step", "tile_at", "turn",
    )
    COPIED: ClassVar[tuple[str, ...]] = ("frames", "hands", "nests", "nuts", "squirrels")  # lists: copied
    __slots__ = SHARED + COPIED
    NOT_IN_KEY = frozenset({"layout"})  # the forest's geometry, made from tile_at

    def __init__(self, game: NutHunt) -> None:
        self.game = game
        self.options: HuntOptions = game.options
        self.n = self.options.players
        self.solo = self.n == 1
        self.owners = 2 if self.solo else self.n
        self.tile_at: tuple[int, ...] = ()  # tiles dealt so far, by cell
        self.layout: Layout | None = None
        self.fox: int | None = None  # None until the forest is laid out
        self.fox_from: int | None = None  # where the fox last came from (for the tables)
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
        self.scatterer: int | None = None  # the owner scattering now, while scattering
        self.forage_tile: int | None = None  # the tile being foraged (the last one, once done)
        self.forage_left = 0
        self.resume: Resume = "action"
        self.pending: tuple[int, ...] = ()  # tiles the Automa still places a squirrel on
        self.turn = 0
        self.ending = False
        self.result: tuple[int, ...] = ()  # the winning owners, once over

    def clone(self) -> Self:
        other = object.__new__(type(self))
        for name in self.SHARED:
            setattr(other, name, getattr(self, name))
        for name in self.COPIED:
            setattr(other, name, getattr(self, name)[:])
        return other

    # --- facts ---------------------------------------------------------------------------------------
    @property
    def automa(self) -> int | None:
        """The Automa's owner index in the solo game, else None."""
        return AUTOMA_OWNER if self.solo else None

    @property
    def fox_tile(self) -> int:
        """The fox's tile, once the forest is laid out (everything but the layout happens after)."""
        assert self.fox is not None, "the fox has no tile until the forest is laid out"
        return self.fox

    @property
    def foraged(self) -> int:
        """The tile being foraged, while a forage is under way."""
        assert self.forage_tile is not None, "no forage is under way"
        return self.forage_tile

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

    def can_draw(self) -> bool:
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

    def next_scatterer(self, frame: Frame) -> int | None:
        tile, _, owed = frame
        for i in range(self.owners):
            owner = (self.current + i) % self.owners
            if owed[owner] and self.squirrels[owner * T + tile]:
                return owner
        return None

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
        return [t for t in self.layout.neighbours[self.fox_tile] if self.squirrels[base + t] or self.nests[base + t]]

    def place_targets(self) -> list[int]:
        # the 5-player special case: the last squirrel may go on an occupied starting tile
        anywhere = self.n == 5 and TILES[self.fox_tile].green and self.step == len(self.placing_order()) - 1
        squirrels = self.squirrels
        return [
            t
            for t in range(T)
            if TILES[t].green
            and t != self.fox
            and (anywhere or not any(squirrels[o * T + t] for o in range(self.owners)))
        ]

    def placing_order(self) -> tuple[int, ...]:
        return place_order(self.n, TILES[self.fox_tile].green)

    def forage_options(self) -> list[Action]:
        """The forages open now. Only the one after hassling the fox may be declined: the active player "may
        Forage for 1 Nut" (Hassle the Fox!), where the fox's move and the setup say they forage 2."""
        options: list[Action] = list(FORAGE_OPTIONS[self.forage_left][self.foraged])
        if self.resume == "end-turn":  # the forage after a hassle (the others resume the turn or the setup)
            options.append(FORAGE_NONE)
        return options

    def trades(self, seat: int) -> list[Action]:
        base = seat * NUTS
        return [trade for (give, _), trade in TRADE_OF.items() if self.nuts[base + give] >= 3]

    # --- the protocol --------------------------------------------------------------------------------
    def to_move(self) -> ToMove:
        if self.frames:
            scatterer = self.scatterer
            assert scatterer is not None  # settled: someone scatters while frames are open
            return CHANCE if scatterer == self.automa else scatterer
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
            if self.can_draw():
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

    def _not_an_outcome(self, action: Action) -> str:
        # A seat's kind of decision tried at a chance node (a second recruit once the turn has passed on to the
        # fox die) names the rule for its time, not "not a possible outcome of the chance event".
        if not isinstance(action, (PlaceTile, Draw, Roll)):
            return refusals.reason(self, action)
        return super()._not_an_outcome(action)

    def _reason(self, action: Action) -> str:
        return refusals.reason(self, action)

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Trade):
            turn.trade(self, action, events)
            return events
        if self.frames:
            owner = self.scatterer
            frame = self.frames[-1]
            assert owner is not None
            if isinstance(action, Roll):
                assert self.layout is not None
                target = self.layout.move(frame[0], COMPONENTS.compass[action.face - 1])
                flow.scatter(self, owner, target, events, f" (the fox die shows {action.face})")
            else:
                assert isinstance(action, Scatter)
                flow.scatter(self, owner, action.tile, events)
        else:
            ON_PHASE[self.phase](self, action, events)
        flow.settle(self, events)
        return events

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
    def view(self, seat: int | None) -> HuntView:
        return cast(HuntView, super().view(seat))

    def _view(self, seat: int | None) -> HuntFields:
        return views.fields(self, seat)

    @classmethod
    def from_view(cls, game: NutHunt, seen: HuntView, hidden: list[int]) -> HuntState:
        """The state `seen` shows, with the cards it hides dealt from `hidden` in order (determinization)."""
        state = cls(game)
        views.read(state, seen, hidden)
        return state


# what an action does in each phase, looked up by the phase itself
ON_PHASE: dict[Phase, Callable[[HuntState, Action, list[Event]], None]] = {
    "layout": setup.on_layout,
    "deal": setup.on_deal,
    "discard": setup.on_discard,
    "place": setup.on_place,
    "automa-deal": setup.on_automa_deal,
    "roll": turn.on_roll,
    "forage": turn.on_forage,
    "action": turn.on_action,
    "scout-draw": turn.on_scout_draw,
    "keep": turn.on_keep,
    "automa-draw": turn.on_automa_draw,
}
