"""A Nut view: its shape (TypedDicts, so that mypy checks every key its readers use) and how a state builds it.

A view is JSON-ready: lists, never tuples, seats numbered from 0, cards by their printed numbers (1 to 30),
a card's cells by their codes top to bottom as printed (a colour letter, W a wild nut, S a squirrel, . no
nut), a place in a layout as the text "x,y" (a JSON key). `None` marks what is not there: no column drafted
yet this round, no card in hand.

Nothing in Nut is secret, so every seat's view is the whole state; the deck is face down for everyone, so only
its size shows. The layouts' part (their visible cells and scoring clusters) is the costly one: a state builds it
once per position and each view gets its own copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict, cast

from nutbox.core import View, copied
from nutbox.games.nut_cards import layout
from nutbox.games.nut_cards.components import COMPONENTS
from nutbox.games.nut_cards.options import ClusterRule, SquirrelRule

if TYPE_CHECKING:
    from nutbox.games.nut_cards.state import CardsState

PhaseName = Literal["deal", "take", "place", "over"]


class OfferedCard(TypedDict):
    """A card on offer in a column."""

    card: int
    cells: list[str]  # top to bottom, upright (as offered)


class PlacedCard(TypedDict):
    """A card in a layout: its top band y in column x."""

    card: int
    x: int
    y: int


class ClusterEntry(TypedDict):
    """A colour's cluster that counts in one layout."""

    colour: str
    nuts: int  # nuts of the colour and wild nuts
    squirrels: int
    points: int
    cells: list[str]  # "x,y", by column then band


class LayoutsPart(TypedDict):
    """The layouts' part of a view, the same for every seat (computed once per position)."""

    layouts: list[list[PlacedCard]]  # per seat, in the order placed
    visible: list[dict[str, str]]  # per seat: "x,y" -> the cell that shows there
    clusters: list[list[ClusterEntry]]  # per seat: the clusters that count, by colour
    points: list[int]  # per seat: the points as the layout stands


class CardsFields(LayoutsPart):
    """What `CardsState._view` returns: the whole state (nothing in Nut is secret; the deck is face down for
    everyone, so only its size shows). The fields from `phase` on are the state's own (CardsState.SHOWN)."""

    players: int
    squirrels: SquirrelRule
    cluster: ClusterRule
    deck: int  # cards left in the deck
    columns: list[list[OfferedCard]]  # the three columns on offer
    phase: PhaseName
    holder: int  # who holds the deck this round
    current: int  # who takes or places now
    column: int | None  # the column drafted this round, from 1
    taken: int  # cards taken this round
    holding: int | None  # the card taken and not yet placed


class CardsView(View, CardsFields):
    """A Nut view: the core's fields (game, seat, to_move, scores and winners at the end) and ours."""


def layouts_part(state: CardsState) -> LayoutsPart:
    """Every layout as placed, its visible cells, its scoring clusters and its points."""
    double_each, largest = state.double_each(), state.largest()
    return {
        "layouts": [[{"card": c, "x": x, "y": y} for c, x, y in placed] for placed in state.layouts],
        "visible": [
            {f"{x},{y}": what for (x, y), what in sorted(layout.visible(placed).items())}
            for placed in state.layouts
        ],
        "clusters": [
            [{"colour": c.colour, "nuts": c.nuts, "squirrels": c.squirrels, "points": c.points,
              "cells": [f"{x},{y}" for x, y in c.cells]}
             for c in layout.counted_clusters(layout.visible(placed), double_each, largest)]
            for placed in state.layouts
        ],
        "points": [state.score(s)[0] for s in range(state.n)],
    }


def fields(state: CardsState, part: LayoutsPart) -> CardsFields:
    """The view's fields: the options in force, the deck's size, the columns on offer, the layouts' `part` (a
    copy: the state keeps it for every view of the position) and the round as the state holds it."""
    part = copied(part)
    view = {
        "players": state.n,
        "squirrels": state.options.squirrels,
        "cluster": state.options.cluster,
        "deck": len(state.pool),
        "columns": [[{"card": c, "cells": list(COMPONENTS.cards[c - 1].cells)} for c in col]
                    for col in state.columns],
        "layouts": part["layouts"],
        "visible": part["visible"],
        "clusters": part["clusters"],
        "points": part["points"],
        **state.shown(),
        "column": state.column + 1 if state.column is not None else None,
    }
    return cast(CardsFields, view)
