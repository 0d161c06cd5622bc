"""The shape of a Nuts! view (what `FactoryState.view` returns), so that mypy checks every key the rules,
words, pictures, encodings and determinization read.

Places in a view count as people do: rows from 0 (the dispensers), columns and Box Holders from 1. Nuts are
their codes (A, C, Pe, Pi); bonus cards and trucks their numbers.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from nutbox.core import View

Phase = Literal["setup", "config", "squirrel", "scamper", "hunt", "before-production", "draw", "between-draws",
                "shipping", "cleanup", "over"]


class TileView(TypedDict):
    """A conveyor tile, at the place of its left half."""

    row: int
    column: int
    kind: str  # cross, split-right, join-right, split-left, join-left


class MachineView(TypedDict):
    kind: str  # salter or roaster
    row: int
    column: int


class HolderView(TypedDict):
    """The Box Holder under one column (the list's order is the columns')."""

    holder: int  # its number, from 1
    turns: int  # quarter turns clockwise, 0 to 3
    top: str  # the nut on top
    boxes: list[str]  # top, right, bottom, left as turned


# a Connecting Path: "from" is a Python keyword, hence the functional form
PathView = TypedDict("PathView", {
    "from": int,  # the dispenser's column
    "to": int,  # the Box Holder's column
    "nut": str,
    "salted": bool,
    "roasted": bool,
    "squirrel_column": int,  # where it crosses the Squirrel's row
    "count": int,  # routes from that dispenser to that holder
})


class FactoryFields(TypedDict):
    """The game's own fields of a Nuts! view."""

    players: int
    end_score: int
    unused_end: Literal["block", "fall"]
    tiles: list[TileView]
    machines: list[MachineView]
    squirrel: int  # the Squirrel's column
    holders: list[HolderView]  # as many as are dealt (all once setup is over)
    supply: dict[str, int]  # tiles left by layout (cross, fork-right, fork-left: the component data's)
    trucks: list[int]  # still waiting, by points
    points: list[int]
    reached: list[int]  # the turn each seat reached its score
    warehouses: list[dict[str, int]]  # each seat's Boxed Nuts by nut code
    hand_sizes: list[int]
    deck: int  # bonus cards face down
    discards: list[int]
    phase: Phase
    current: int  # the active seat
    turn: int
    actions_left: int
    fed: bool
    splitters: int
    pending: str | None  # a bonus effect waiting for its target
    reroll: bool
    draws_left: int
    shipped: int
    truck_limit: int
    warehouse_limit: int
    end_turns: int | None  # turns left once the end is triggered; None until then
    paths: list[PathView]
    hand: NotRequired[list[int]]  # the viewing seat's bonus cards, until the game is over
    hands: NotRequired[list[list[int]]]  # every hand, once the game is over
    deck_cards: NotRequired[list[int]]  # the deck, once the game is over
    decision: NotRequired[str]  # what the seat to move decides (to that seat and spectators)


class FactoryView(View, FactoryFields):
    """A whole Nuts! view: the core's fields and the game's."""
