"""Nut's state (rulebooks/nut-cards.txt; see the package docstring): its fields, who moves, the scores and the
winners, and the views; each phase's decisions are its module's (setup.py the deal, turn.py a round's takes
and places, scoring.py the end), found through PHASES.

Nothing is secret: the columns and the layouts are face up and the deck is face down for everyone, so the
game is one of perfect information with chance. A round: the deck holder refills the empty column (chance),
takes a card from any column and places it; then each next player takes a card from that same column and
places it; the deck passes left.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

from nutbox.core import CHANCE, TERMINAL, Action, Game, ToMove
from nutbox.core.phases import Phase, PhasedState
from nutbox.games.nut_cards import layout, scoring, setup, turn
from nutbox.games.nut_cards import view as views
from nutbox.games.nut_cards.actions import Draw, Space, space_for
from nutbox.games.nut_cards.components import ALL_CARDS, COLUMNS
from nutbox.games.nut_cards.options import CardsOptions
from nutbox.games.nut_cards.view import CardsFields, CardsView, LayoutsPart, PhaseName


class CardsState(PhasedState[CardsView]):
    __slots__ = (
        "_layouts_view",
        "_reach",
        "column",
        "columns",
        "current",
        "game",
        "holder",
        "holding",
        "layouts",
        "n",
        "options",
        "phase",
        "pool",
        "space",
        "taken",
        "winner_seats",
    )
    NOT_IN_KEY = frozenset({"space"})  # the game's action encoding, made from its options
    SHOWN = ("phase", "holder", "current", "taken", "holding")  # in every view as held here
    PHASES: ClassVar[Mapping[str, Phase[Any]]] = {
        "deal": setup.DEAL,
        "take": turn.TAKE,
        "place": turn.PLACE,
        "over": scoring.OVER,
    }

    def __init__(self, game: Game[CardsOptions, CardsState, CardsView]) -> None:
        self.game = game
        self.options = game.options
        self.space: Space = space_for(self.options.players)
        self.n = self.options.players
        self.pool: tuple[int, ...] = ALL_CARDS  # the face-down deck, in no order
        # every field holds an immutable value (tuples, numbers, text), so that a clone may share them all
        self.columns: tuple[tuple[int, ...], ...] = ((),) * COLUMNS
        self.layouts: tuple[tuple[layout.Placement, ...], ...] = ((),) * self.n
        self.phase: PhaseName = "deal"
        self.holder = 0  # who holds the deck this round
        self.current = 0
        self.column: int | None = None  # the column drafted this round (from 0); None until a card is taken
        self.taken = 0  # cards taken this round
        self.holding: int | None = None  # the card taken and not yet placed
        self.winner_seats: tuple[int, ...] = ()
        # the layouts' part of every view, once computed: built whole and never changed (each view deep-copies
        # it), so a clone may share it too
        self._layouts_view: LayoutsPart | None = None
        # where a card may go next to each seat's layout, as last listed (layout.reach): [seat * 2 + squirrel], for a
        # card without a squirrel and with one. Never changed, only replaced, so a clone may share it too.
        self._reach: tuple[layout.Reach, ...] = (layout.NO_REACH,) * (2 * self.n)

    def clone(self) -> Self:
        """A copy sharing every field: none is ever changed in place, only replaced (test_clone.py checks that
        each holds an immutable value), so there is nothing to copy and no field can be forgotten."""
        other = object.__new__(type(self))
        for name in CardsState.__slots__:
            setattr(other, name, getattr(self, name))
        return other

    def double_each(self) -> bool:
        return self.options.squirrels == "double-each"

    def largest(self) -> bool:
        return self.options.cluster == "largest"

    def score(self, seat: int) -> tuple[int, int]:
        return scoring.score(self, seat)

    # --- the protocol (each phase's legal actions, refusals and effects: PHASES) -------------------------
    def to_move(self) -> ToMove:
        if self.phase == "deal":
            return CHANCE
        if self.phase == "over":
            return TERMINAL
        return self.current

    # State's two questions answered without a call to to_move (the same answers): whoever drives a game asks both
    # before every action.
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance(self) -> bool:
        return self.phase == "deal"

    def _after_end(self, action: Action) -> str:
        return scoring.after_end()

    def _not_an_outcome(self, action: Action) -> str:
        if isinstance(action, Draw):
            return super()._not_an_outcome(action)  # a card that is not in the deck: an outcome that cannot come
        return setup.refused(self, action)

    def _forget(self) -> None:
        super()._forget()
        self._layouts_view = None

    def next_step(self) -> None:
        """Deal on until the columns are full (or the deck is out), then the draft goes on; the game ends when
        no card is left to draft."""
        incomplete = min(map(len, self.columns)) < self.n
        if incomplete and self.pool:
            self.phase = "deal"
        elif any(self.columns):
            self.phase, self.current = "take", self.holder
        else:
            scoring.finish(self)

    # --- results and views ---------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(self.score(seat)[0]) for seat in range(self.n)]

    def running_scores(self) -> list[float]:
        return self.scores()  # a layout scores the same at any point of the draft

    def score_parts(self) -> list[dict[str, float]] | None:
        return [scoring.parts(self, seat) for seat in range(self.n)] if self.is_terminal() else None

    def winners(self) -> list[int]:
        return list(self.winner_seats)

    def _view(self, seat: int | None) -> CardsFields:
        if self._layouts_view is None:  # shared by every view of this position: each gets its own copy
            self._layouts_view = views.layouts_part(self)
        return views.fields(self, self._layouts_view)
