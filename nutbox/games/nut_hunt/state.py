"""The Nut Hunt state: its fields, what can be seen of it (facts such as the tiles a squirrel may scatter to),
who moves, and the results; each phase's legal actions, refusals and effects are its `Phase` (setup.py,
turn.py), which `PhasedState` dispatches to. Scattering and the exchange of nuts come first, whatever the phase:
while a scatter is open its owner decides (or the fox die, for the Automa's squirrel), and the exchange is open
at every decision. After every action but an exchange, flow.py carries out what needs no decision.

Owners of squirrels are the seats 0..n-1 and, in the solo game, the Automa as owner 1 (it is part of the
rules, not a seat: its draws and its scatter rolls are chance). Counts per owner and tile live in flat
lists (`squirrels[owner * 19 + tile]`), so a clone copies a few short lists.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from operator import is_, itemgetter
from typing import TYPE_CHECKING, ClassVar, Self, TypeAlias

from nutbox.core import CHANCE, TERMINAL, Action, Event, ToMove
from nutbox.core.phases import Phase, PhasedState
from nutbox.core.state import among
from nutbox.games.nut_hunt import flow, refusals, scoring, setup, turn
from nutbox.games.nut_hunt import view as views
from nutbox.games.nut_hunt.actions import (
    FORAGE_NONE,
    FORAGE_OPTIONS,
    SCATTERS,
    TRADE_OF,
    Draw,
    PlaceTile,
    Roll,
    Trade,
)
from nutbox.games.nut_hunt.components import (
    ALL_CARDS,
    AUTOMA_OWNER,
    COMPONENTS,
    FROG_POND,
    MAX_SEATS,
    NUTS,
    OWNER_NAMES,
    Layout,
    T,
)
from nutbox.games.nut_hunt.flow import Frame
from nutbox.games.nut_hunt.options import HuntOptions
from nutbox.games.nut_hunt.view import HuntFields, HuntView, PhaseName, Resume

if TYPE_CHECKING:
    from nutbox.core import Game

    HuntGame: TypeAlias = Game[HuntOptions, "HuntState", HuntView]


# FORAGE_CHOICES[declinable][count][tile]: the forages open on the tile, and forage none where it may be declined.
FORAGE_CHOICES = tuple(
    {count: tuple((*options, FORAGE_NONE) if declinable else options for options in by_tile)
     for count, by_tile in FORAGE_OPTIONS.items()}
    for declinable in (False, True)
)
# TURN_ORDER[owners][first]: the owners in turn order from `first`.
TURN_ORDER = tuple(tuple(tuple((first + i) % owners for i in range(owners)) for first in range(owners))
                   for owners in range(MAX_SEATS + 1))
# The fox die's faces with the compass direction each shows.
FACES = tuple(enumerate(COMPONENTS.compass, 1))
# The exchanges by the nut given, in TRADE_OF's order: each position lists those of the nuts held three times over.
TRADES_FROM = tuple(tuple(trade for (give, _), trade in TRADE_OF.items() if give == nut) for nut in range(NUTS))
Odds = tuple[tuple[Action, float], ...]
# Each chance phase's outcomes with their odds, as tuples that the state keeps as they come (ListedState's _outcomes),
# rather than a list made at every chance node only to be copied into the kept tuple. (The phases' own chance
# functions, in setup.PHASES and turn.PHASES, give the same as lists.)
ODDS: dict[str, Callable[[HuntState], Odds]] = {
    "layout": setup.tile_odds, "deal": flow.draw_odds, "roll": lambda state: turn.ROLL_OUTCOMES,
    "scout-draw": flow.draw_odds, "automa-deal": flow.draw_odds, "automa-draw": flow.draw_odds,
}
CHANCE_PHASES = frozenset(ODDS)
FIRST = itemgetter(0)
# What an action does in each phase (the phases' apply, found in one lookup: every action of a playout asks), and the
# phases whose outcome leaves nothing for flow.settle to do (a tile laid, an objective dealt or scouted: no squirrel
# moves, and the next step is a decision or another draw), so that they skip it.
APPLY = {name: phase.apply for name, phase in {**setup.PHASES, **turn.PHASES}.items()}
LEGAL = {name: phase.legal for name, phase in {**setup.PHASES, **turn.PHASES}.items()}  # (the same, for the listing)
QUIET = frozenset({"layout", "deal", "scout-draw"})
NODE_OF: dict[str, ToMove] = {"over": TERMINAL, **dict.fromkeys(CHANCE_PHASES, CHANCE)}  # the phases no seat decides


class HuntState(PhasedState[HuntView]):
    # Every field is listed once, as shared or as copied, and nothing else can be set (slots): clone() shares
    # the immutable fields (numbers, texts, tuples, the layout, the options) and copies the five lists, so a
    # new field cannot be forgotten by clone (tests/games/nut_hunt/test_clone.py checks the split on play).
    SHARED: ClassVar[tuple[str, ...]] = (
        "_bag", "automa", "automa_hand", "bottom", "current", "ending", "forage_left", "forage_tile", "fox", "fox_from",
        "game", "layout", "looking", "n", "options", "owners", "pending", "phase", "pool", "result", "resume",
        "revealed", "scatterer", "solo", "step", "tile_at", "turn",
    )
    COPIED: ClassVar[tuple[str, ...]] = ("frames", "hands", "nests", "nuts", "squirrels")  # lists: copied
    __slots__ = SHARED + COPIED
    NOT_IN_KEY = frozenset({"layout", "automa"})  # made from others: the forest's geometry, the Automa's owner
    # the fields a view shows as they are (view.py), taken back by a determinization (determinize.py); the
    # scatterer is None whenever no scatter is open (flow.settle clears it)
    SHOWN = ("phase", "current", "step", "turn", "scatterer", "ending")
    PHASES: ClassVar[dict[str, Phase[HuntState]]] = {**setup.PHASES, **turn.PHASES}

    def __init__(self, game: HuntGame) -> None:
        self.game = game
        self.options: HuntOptions = game.options
        self.n = self.options.players
        self.solo = self.n == 1
        self.owners = 2 if self.solo else self.n
        # the Automa's owner index in the solo game, else None (a field, not worked out: who moves asks it often)
        self.automa: int | None = AUTOMA_OWNER if self.solo else None
        self.tile_at: tuple[int, ...] = ()  # tiles dealt so far, by cell
        # the tiles not dealt yet, in order, with the tile_at they were found for (setup.bag keeps it up to date)
        self._bag: tuple[tuple[int, ...], tuple[int, ...]] = (self.tile_at, setup.ALL_TILES_IN_ORDER)
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
        self.phase: PhaseName = "layout"
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
    def owner_name(self, owner: int) -> str:
        """An owner as the narration names it: "the Automa", or the seat (core.seat_name)."""
        return OWNER_NAMES[self.solo][owner]

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

    def scatters(self, frame: Frame) -> list[Action]:
        """Where a squirrel may scatter from the frame's tile: next to it, but not onto the fox, the Frog Pond or the
        tile the fox just left."""
        tile, vacated, _ = frame
        closed = (self.fox, FROG_POND, vacated)
        assert self.layout is not None
        return [SCATTERS[t] for t in self.layout.neighbours[tile] if t not in closed]

    def automa_faces(self, frame: Frame) -> tuple[int, ...]:
        """The die faces that scatter an Automa squirrel legally (the others are rolled again)."""
        tile, vacated, _ = frame
        assert self.layout is not None
        moves, closed = self.layout.moves_from(tile), (self.fox, FROG_POND, vacated)
        return tuple([face for face, direction in FACES if moves[direction] not in closed])

    def next_scatterer(self, frame: Frame) -> int | None:
        """The first owner in turn order from the active one who still owes a scatter from the frame's tile and
        still has a squirrel there."""
        tile, _, owed = frame
        here = self.squirrels[tile::T]  # each owner's squirrels on the tile (the counts are by owner, then tile)
        for owner in TURN_ORDER[self.owners][self.current]:
            if owed[owner] and here[owner]:
                return owner
        return None

    def placing_order(self) -> tuple[int, ...]:
        return setup.place_order(self.n, COMPONENTS.tiles[self.fox_tile].green)

    def forage_options(self) -> tuple[Action, ...]:
        """The forages open now. Only the one after hassling the fox may be declined: the active player "may
        Forage for 1 Nut" (Hassle the Fox!), where the fox's move and the setup say they forage 2."""
        tile = self.forage_tile  # (self.foraged, without a call: every forage lists its options)
        assert tile is not None, "no forage is under way"
        # (the forage after a hassle resumes at the turn's end; the others resume the turn or the setup)
        return FORAGE_CHOICES[self.resume == "end-turn"][self.forage_left][tile]

    def trades(self, seat: int) -> list[Action]:
        base = seat * NUTS
        nuts = self.nuts
        return [trade for give in range(NUTS) if nuts[base + give] >= 3 for trade in TRADES_FROM[give]]

    # --- the protocol --------------------------------------------------------------------------------
    def to_move(self) -> ToMove:
        if self.frames:
            scatterer = self.scatterer
            assert scatterer is not None  # settled: someone scatters while frames are open
            return CHANCE if scatterer == self.automa else scatterer
        return NODE_OF.get(self.phase, self.current)  # (else the active owner decides)

    def why_illegal(self, action: Action) -> str | None:
        # State's, with to_move written out (the same answers), and the usual answer first: what is applied is mostly
        # the very object listed (ListedState's _is_listed and _is_outcome try that first too). Apply asks before
        # every action.
        if self.frames:
            decides = self.scatterer != self.automa
        else:
            node = NODE_OF.get(self.phase)
            if node is TERMINAL:
                return self._after_end(action)
            decides = node is None
        if decides:
            listed = self._legal
            if listed is not None and any(map(is_, listed, repeat(action))):
                return None
            return self._why_illegal(action)
        outcomes = self._outcomes
        if outcomes is not None and any(map(is_, map(FIRST, outcomes), repeat(action))):
            return None
        return None if self._is_outcome(action) else self._not_an_outcome(action)

    # State's two questions answered without a call to to_move (the same answers): whoever drives a game asks both
    # before every action.
    def is_terminal(self) -> bool:
        return not self.frames and self.phase == "over"

    def is_chance(self) -> bool:
        if self.frames:
            assert self.scatterer is not None  # settled: someone scatters while frames are open
            return self.scatterer == self.automa
        return self.phase in CHANCE_PHASES

    def _odds(self) -> Odds:
        """The chance outcomes here with their odds; none where chance does not act."""
        if self.frames:
            return turn.automa_scatter_odds(self) if self.scatterer == self.automa else ()
        odds = ODDS.get(self.phase)
        return odds(self) if odds is not None else ()

    def _list_outcomes(self) -> list[tuple[Action, float]]:
        return list(self._odds())

    # ListedState's two answers about chance, written for the tuples _odds gives: every chance node of a playout
    # lists its outcomes, then finds the one drawn among them.
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        outcomes = self._outcomes
        if outcomes is None:
            outcomes = self._odds()
            if not outcomes:  # (not a chance node: nothing to keep, and nothing here would clear it)
                return []
            self._outcomes = outcomes
        return list(outcomes)

    def _is_outcome(self, action: Action) -> bool:
        outcomes = self._outcomes
        if outcomes is None:
            outcomes = self._outcomes = self._odds()
        # (by identity first, in one call: the outcome drawn is mostly the very object listed; then by equality)
        return any(map(is_, map(FIRST, outcomes), repeat(action))) or among(action, outcomes)

    def _list_legal(self) -> list[Action]:
        # (to_move and PhasedState's dispatch written out: a call costs a little on every position of every playout)
        if self.frames:
            who = self.scatterer
            assert who is not None  # settled: someone scatters while frames are open
            if who == self.automa:
                return []
            main = turn.scatter_legal(self)
        else:
            phase = self.phase
            if phase in NODE_OF:  # chance, or the game is over
                return []
            who = self.current
            main = LEGAL[phase](self)
        base = who * NUTS
        held = self.nuts if self.solo else self.nuts[base : base + NUTS]  # (solo, the player's nuts are all there are)
        if max(held) < 3:  # (the usual answer, found without listing the exchanges)
            return main
        return main + self.trades(who)

    def _reason(self, action: Action) -> str:
        if isinstance(action, Trade):
            return refusals.trade(self, action)
        return turn.scatter_reason(self, action) if self.frames else super()._reason(action)

    def _not_an_outcome(self, action: Action) -> str:
        # A seat's kind of decision tried at a chance node (a second recruit once the turn has passed on to the
        # fox die) names the rule for its time, not "not a possible outcome of the chance event".
        if isinstance(action, Trade):
            return refusals.trade(self, action)
        if not isinstance(action, (PlaceTile, Draw, Roll)):
            return refusals.not_due(self, action)
        return super()._not_an_outcome(action)

    def _apply(self, action: Action) -> list[Event]:
        if isinstance(action, Trade):
            return turn.trade(self, action)
        if self.frames:
            events = turn.on_scatter(self, action)
        else:
            phase = self.phase
            events = APPLY[phase](self, action)
            if phase in QUIET:
                return events
        flow.settle(self, events)
        return events

    # --- results -------------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(self.breakdown(seat).total) for seat in range(self.n)]

    def score_parts(self) -> list[dict[str, float]] | None:
        """Each seat's score by the rulebook's scoring steps (scoring.Breakdown.parts); in the solo game the
        Automa is part of the rules, not a seat, so only the player's."""
        return [self.breakdown(seat).parts() for seat in range(self.n)] if self.is_terminal() else None

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

    def _view(self, seat: int | None) -> HuntFields:
        return views.fields(self, seat)
