"""A Nuts! view: its shape (what `FactoryState.view` returns), so that mypy checks every key the rules, words,
pictures, encodings and determinization read, and building it from a state for one seat.

Places in a view count as people do: rows from 0 (the dispensers), columns and Box Holders from 1. Nuts are
their codes (A, C, Pe, Pi); bonus cards and trucks their numbers. A seat's bonus cards are in its own view
only, until the game is over; the deck's cards are in nobody's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict

from nutbox.core import View
from nutbox.games.nuts_factory.components import COLUMNS, COMPONENTS, top_of

if TYPE_CHECKING:
    from nutbox.games.nuts_factory.state import FactoryState

PhaseName = Literal["setup", "config", "squirrel", "scamper", "hunt", "before-production", "draw", "between-draws",
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
    phase: PhaseName
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


class FactoryView(View, FactoryFields):
    """A whole Nuts! view: the core's fields and the game's."""


def build(state: FactoryState, seat: int | None) -> dict[str, Any]:
    """The game's own fields of the view of `seat` (None: the spectator): FactoryFields."""
    codes = COMPONENTS.nut_codes
    over = state.phase == "over"
    view = {
        "players": state.n,
        "end_score": state.options.end_score,
        "unused_end": state.options.unused_end,
        "tiles": [{"row": row, "column": col + 1, "kind": kind} for (row, col), kind in sorted(state.tiles.items())],
        "machines": [{"kind": kind, "row": row, "column": col + 1} for (row, col), kind in
                     sorted(state.machines.items())],
        "squirrel": state.squirrel + 1,
        "holders": [
            {"holder": h + 1, "turns": t % 4, "top": codes[top_of(h, t)],
             "boxes": [codes[top_of(h, t + k)] for k in (0, 3, 2, 1)]}  # top, right, bottom, left as turned
            for h, t in zip(state.holders, state.turns, strict=True)
        ],
        "trucks": list(state.trucks),
        "warehouses": [dict(zip(codes, state.warehouse(s), strict=True)) for s in range(state.n)],
        "hand_sizes": [len(hand) for hand in state.hands],
        "deck": len(state.pool),
        "discards": list(state.discards),
        **state.shown(),
        "paths": [
            {"from": r.source + 1, "to": r.end + 1, "nut": codes[COMPONENTS.dispensers[r.source]],
             "salted": r.salted, "roasted": r.roasted, "squirrel_column": r.squirrel_column + 1,
             "count": r.count}
            for r in state.paths()
        ] if len(state.holders) == COLUMNS else [],
    }
    if seat is not None and not over:
        view["hand"] = sorted(state.hands[seat])
    if over:
        view["hands"] = [sorted(hand) for hand in state.hands]
        view["deck_cards"] = sorted(state.pool)
    return view
