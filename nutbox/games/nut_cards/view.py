"""The shape of a Nut view (`CardsState._view`), so that mypy checks every key its readers use.

A view is JSON-ready: lists, never tuples, seats numbered from 0, cards by their printed numbers (1 to 30),
a card's cells by their codes top to bottom as printed (a colour letter, W a wild nut, S a squirrel, . no
nut), a place in a layout as the text "x,y" (a JSON key). `None` marks what is not there: no column drafted
yet this round, no card in hand.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from nutbox.core import View

Phase = Literal["deal", "take", "place", "over"]
SquirrelRule = Literal["double-each", "double-once"]  # the options' choices (CardsOptions), as the view has them
ClusterRule = Literal["largest", "best"]


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
    everyone, so only its size shows)."""

    players: int
    squirrels: SquirrelRule
    cluster: ClusterRule
    deck: int  # cards left in the deck
    columns: list[list[OfferedCard]]  # the three columns on offer
    phase: Phase
    holder: int  # who holds the deck this round
    current: int  # who takes or places now
    column: int | None  # the column drafted this round, from 1
    taken: int  # cards taken this round
    holding: int | None  # the card taken and not yet placed
    decision: NotRequired[str]  # what the seat to move decides; only when a seat is to move


class CardsView(View, CardsFields):
    """A Nut view: the core's fields (game, seat, to_move, scores and winners at the end) and ours."""
