"""The rules of Nut (rulebooks/nut-cards.txt) as a state machine; see the package docstring.

Nothing is secret: the columns and the layouts are face up and the deck is face down for everyone, so the
game is one of perfect information with chance. A round: the deck holder refills the empty column (chance),
takes a card from any column and places it; then each next player takes a card from that same column and
places it; the deck passes left.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Self, TypeVar, cast

from nutbox.core import CHANCE, TERMINAL, Action, Event, ListedState, Options, ToMove
from nutbox.games.nut_cards import layout, words
from nutbox.games.nut_cards.actions import Draw, Place, Space, Take
from nutbox.games.nut_cards.components import COMPONENTS
from nutbox.games.nut_cards.view import (
    CardsFields,
    CardsView,
    ClusterRule,
    LayoutsPart,
    Phase,
    PlacedCard,
    SquirrelRule,
)

if TYPE_CHECKING:
    from nutbox.games.nut_cards.game import NutCards

T = TypeVar("T")
COLUMNS = 3
ALL_CARDS = tuple(card.id for card in COMPONENTS.cards)
DRAFT_RULE = "Drafting"
PLACE_RULE = "Placing cards"
END_RULE = "The end of the game"


@dataclass(frozen=True)
class CardsOptions(Options):
    players: int = dataclasses.field(
        default=2, metadata={"label": "Players", "help": "Nut is a game for two or three players."}
    )
    squirrels: SquirrelRule = dataclasses.field(
        default="double-each",
        metadata={
            "label": "Several squirrels on one cluster",
            "help": "How a cluster touched by more than one squirrel scores: doubled again for each squirrel, so "
            "two make it four times its nuts, or doubled only once.",
            "choice_labels": {"double-each": "Each squirrel doubles it", "double-once": "Doubled only once"},
            # the rulebook says squirrels double the clusters they touch, not what two on one cluster do
            "rulebook": False,
        },
    )
    cluster: ClusterRule = dataclasses.field(
        default="largest",
        metadata={
            "label": "Cluster that counts",
            "help": "Which cluster of a colour scores when a layout has several: the largest, the one with the "
            "most nuts, as the rulebook says, or the one worth the most points once squirrels double it.",
            "choice_labels": {"largest": "The largest (most nuts)", "best": "The one worth the most points"},
            # "they must count the largest one only"; "best" is for players who read "largest" as worth the most
            "rulebook": True,
        },
    )


def replaced(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """`items` with the one at `index` replaced: how a field of the state changes (never in place)."""
    return (*items[:index], item, *items[index + 1:])


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


class CardsState(ListedState):
    __slots__ = (
        "_layouts_view",
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

    def __init__(self, game: NutCards) -> None:
        self.game = game
        self.options: CardsOptions = game.options
        self.space: Space = game.space
        self.n = self.options.players
        self.pool: tuple[int, ...] = ALL_CARDS  # the face-down deck, in no order
        # every field holds an immutable value (tuples, numbers, text), so that a clone may share them all
        self.columns: tuple[tuple[int, ...], ...] = ((),) * COLUMNS
        self.layouts: tuple[tuple[layout.Placement, ...], ...] = ((),) * self.n
        self.phase: Phase = "deal"
        self.holder = 0  # who holds the deck this round
        self.current = 0
        self.column: int | None = None  # the column drafted this round (from 0); None until a card is taken
        self.taken = 0  # cards taken this round
        self.holding: int | None = None  # the card taken and not yet placed
        self.winner_seats: tuple[int, ...] = ()
        # the layouts' part of every view, once computed: built whole and never changed (each view deep-copies
        # it), so a clone may share it too
        self._layouts_view: LayoutsPart | None = None

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
        return layout.score(self.layouts[seat], self.double_each(), self.largest())

    # --- the protocol --------------------------------------------------------------------------------
    def to_move(self) -> ToMove:
        if self.phase == "deal":
            return CHANCE
        if self.phase == "over":
            return TERMINAL
        return self.current

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase != "deal":
            return []
        return [(self.space.draws[card - 1], 1 / len(self.pool)) for card in self.pool]

    def _list_legal(self) -> list[Action]:
        if self.phase == "take":
            columns = range(COLUMNS) if self.column is None else (self.column,)
            return [self.space.takes[card - 1] for c in columns for card in self.columns[c]]
        if self.phase == "place":
            assert self.holding is not None, "a card is in hand while it is placed"
            spots = layout.positions(list(self.layouts[self.current]), self.holding)
            places = self.space.places
            return [places[(x, y, layout.upside_down(x))] for x, y in spots]
        return []

    def _after_end(self, action: Action) -> str:
        return f"{END_RULE}: the game ends once every card has been drafted and placed in a layout"

    def _not_an_outcome(self, action: Action) -> str:
        if isinstance(action, Draw):
            return super()._not_an_outcome(action)  # a card that is not in the deck: an outcome that cannot come
        return f"{DRAFT_RULE}: a turn begins by dealing enough cards to complete any incomplete columns, before " \
               f"any card is taken"

    def _reason(self, action: Action) -> str:
        if isinstance(action, Draw):
            return f"{DRAFT_RULE}: cards are dealt only as a turn begins, to complete any incomplete columns"
        if self.phase == "take":
            if not isinstance(action, Take):
                return f"{DRAFT_RULE}: first take a card from " + ("a column" if self.column is None else
                                                                   f"column {self.column + 1}")
            if self.column is not None and any(action.card in col for col in self.columns):
                return f"{DRAFT_RULE}: this round's cards come from column {self.column + 1}, the one the deck " \
                       f"holder drafted from"
            return f"{DRAFT_RULE}: card {action.card} is not in a column"
        if not isinstance(action, Place):
            return f"{PLACE_RULE}: place the card you took ({self.holding}) first"
        assert self.holding is not None, "a card is in hand while it is placed"
        card = COMPONENTS.cards[self.holding - 1]
        if action.upside_down != layout.upside_down(action.x):
            if card.squirrel and action.upside_down:
                return f"{PLACE_RULE}: squirrel cards must be placed with the squirrel right side up"
            way = "upside down" if layout.upside_down(action.x) else "upright"
            return f"{PLACE_RULE}: tree sides must touch tree sides and sky sides sky sides: cards in column " \
                   f"{action.x} stand {way}"
        if card.squirrel and layout.upside_down(action.x):
            return f"{PLACE_RULE}: squirrel cards must be placed with the squirrel right side up, so never in an " \
                   f"odd column (those stand upside down)"
        if not self.layouts[self.current]:
            return f"{PLACE_RULE}: the first card starts the layout at column 0 or 1, band 0"
        return f"{PLACE_RULE}: a new card must touch or overlap the cards already placed"

    # --- carrying out --------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        self._layouts_view = None
        events: list[Event] = []
        if isinstance(action, Draw):
            self._deal(action.card, events)
        elif isinstance(action, Take):
            self._take(action.card, events)
        else:
            assert isinstance(action, Place)
            self._place(action, events)
        return events

    def _deal(self, card: int, events: list[Event]) -> None:
        self.pool = tuple(c for c in self.pool if c != card)
        column = next(c for c in range(COLUMNS) if len(self.columns[c]) < self.n)
        self.columns = replaced(self.columns, column, (*self.columns[column], card))
        events.append(Event(f"{words.named(card).capitalize()} is dealt to column {column + 1}", "deal",
                            {"card": card, "column": column + 1}, detail=True))
        self._next_step()

    def _next_step(self) -> None:
        """Deal on until the columns are full (or the deck is out), then the draft goes on."""
        incomplete = any(len(col) < self.n for col in self.columns)
        if incomplete and self.pool:
            self.phase = "deal"
        elif any(self.columns):
            self.phase, self.current = "take", self.holder
        else:
            self._finish()

    def _take(self, card: int, events: list[Event]) -> None:
        column = next(c for c in range(COLUMNS) if card in self.columns[c])
        self.columns = replaced(self.columns, column, tuple(c for c in self.columns[column] if c != card))
        self.column, self.holding, self.phase = column, card, "place"
        events.append(Event(f"{player_name(self.current)} takes {words.named(card)} from column {column + 1}", "take",
                            {"seat": self.current, "card": card}))

    def _place(self, action: Place, events: list[Event]) -> None:
        seat, card, column = self.current, self.holding, self.column
        assert card is not None and column is not None, "a card taken from a column is in hand while it is placed"
        before: list[PlacedCard] = [{"card": c, "x": x, "y": y} for c, x, y in self.layouts[seat]]
        where = words.where_words(action.x, action.y, before)
        self.layouts = replaced(self.layouts, seat, (*self.layouts[seat], (card, action.x, action.y)))
        where = f", {where}" if before else f" {where}"
        events.append(Event(f"{player_name(seat)} places card {card} {words.way_words(action.upside_down)}{where}",
                            "place", {"seat": seat, "card": card, "x": action.x, "y": action.y}))
        self.holding = None
        self.taken += 1
        if self.taken < self.n and self.columns[column]:
            self.current, self.phase = (seat + 1) % self.n, "take"
            return
        self.holder = (self.holder + 1) % self.n
        self.taken, self.column = 0, None
        self._next_step()

    def _finish(self) -> None:
        self.phase = "over"
        ranked = [self.score(seat) for seat in range(self.n)]
        best = max(ranked)
        self.winner_seats = tuple(seat for seat in range(self.n) if ranked[seat] == best)

    # --- results and views ---------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(self.score(seat)[0]) for seat in range(self.n)]

    def running_scores(self) -> list[float]:
        return self.scores()  # a layout scores the same at any point of the draft

    def winners(self) -> list[int]:
        return list(self.winner_seats)

    def _layouts_part(self) -> LayoutsPart:
        if self._layouts_view is None:
            double_each, largest = self.double_each(), self.largest()
            self._layouts_view = {
                "layouts": [[{"card": c, "x": x, "y": y} for c, x, y in placed] for placed in self.layouts],
                "visible": [
                    {f"{x},{y}": what for (x, y), what in sorted(layout.visible(placed).items())}
                    for placed in self.layouts
                ],
                "clusters": [
                    [{"colour": c.colour, "nuts": c.nuts, "squirrels": c.squirrels, "points": c.points,
                      "cells": [f"{x},{y}" for x, y in c.cells]}
                     for c in layout.counted_clusters(layout.visible(placed), double_each, largest)]
                    for placed in self.layouts
                ],
                "points": [self.score(s)[0] for s in range(self.n)],
            }
        return self._layouts_view

    def view(self, seat: int | None) -> CardsView:
        return cast(CardsView, super().view(seat))

    def _view(self, seat: int | None) -> CardsFields:
        part = copy.deepcopy(self._layouts_part())  # shared by every view of this position: each gets its own
        view: CardsFields = {
            "players": self.n,
            "squirrels": self.options.squirrels,
            "cluster": self.options.cluster,
            "deck": len(self.pool),
            "columns": [[{"card": c, "cells": list(COMPONENTS.cards[c - 1].cells)} for c in col]
                        for col in self.columns],
            "layouts": part["layouts"],
            "visible": part["visible"],
            "clusters": part["clusters"],
            "points": part["points"],
            "phase": self.phase,
            "holder": self.holder,
            "current": self.current,
            "column": self.column + 1 if self.column is not None else None,
            "taken": self.taken,
            "holding": self.holding,
        }
        if isinstance(self.to_move(), int):
            where = "a column" if self.column is None else f"column {self.column + 1}"
            view["decision"] = (f"take a card from {where}" if self.phase == "take"
                                else f"place card {self.holding} in the layout")
        return view

    @classmethod
    def from_view(cls, game: NutCards, view: CardsView) -> CardsState:
        """The state a view shows: nothing in Nut is secret (the deck is the cards not seen anywhere)."""
        state = cls(game)
        state.columns = tuple(tuple(entry["card"] for entry in col) for col in view["columns"])
        state.layouts = tuple(tuple((p["card"], p["x"], p["y"]) for p in placed) for placed in view["layouts"])
        seen = {c for col in state.columns for c in col} | {p[0] for placed in state.layouts for p in placed}
        state.holding = view["holding"]
        if state.holding is not None:
            seen.add(state.holding)
        state.pool = tuple(c for c in ALL_CARDS if c not in seen)
        state.phase = view["phase"]
        state.holder, state.current, state.taken = view["holder"], view["current"], view["taken"]
        state.column = view["column"] - 1 if view["column"] is not None else None
        state.winner_seats = tuple(view.get("winners", []))
        return state
