"""Where the nuts go: every route from a dispenser down the factory floor to a Box Holder.

A nut falls straight down its column unless a conveyor tile in a conveyor row sends it elsewhere: a Cross
swaps the tile's two columns, a splitter sends it down both, a joiner merges two columns into one, and an
entrance a splitter does not use stops it (or, under the option `unused_end=fall`, lets it fall straight
through). Routes are counted with multiplicity, as the rulebook counts Thea's three paths into one box.

For each route the floor remembers where it crossed the Squirrel's row, so the squirrel can be moved and
asked "am I on a Connecting Path?" without following the nuts again.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nutbox.games.nuts_factory.components import COMPONENTS, TileKind


@dataclass(frozen=True, slots=True)
class Route:
    source: int  # the dispenser's column
    end: int  # the Box Holder's column
    salted: bool
    roasted: bool
    squirrel_column: int  # where it crosses the Squirrel's row
    count: int  # how many distinct routes share all of the above


def belts(kind: TileKind, fall_through: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A tile's exits for a nut entering at its left and right column."""
    if not fall_through:
        return kind.belts
    left, right = kind.belts
    return (left or (0,), right or (1,))


def exit_table(tiles: Mapping[tuple[int, int], str], fall_through: bool) -> dict[tuple[int, int], tuple[int, ...]]:
    """(conveyor row, column a nut enters) -> the columns it leaves by, for every column a tile covers."""
    exits: dict[tuple[int, int], tuple[int, ...]] = {}
    for (row, left), name in tiles.items():
        for side, belt in enumerate(belts(COMPONENTS.tiles[name], fall_through)):
            exits[(row, left + side)] = tuple(left + exit_side for exit_side in belt)
    return exits


def routes(
    tiles: Mapping[tuple[int, int], str],
    machines: Mapping[tuple[int, int], str],
    fall_through: bool = False,
) -> list[Route]:
    """Every route from every dispenser, given the tiles ({(row, left column): kind}) and the machines
    ({(row, column): "salter" | "roaster"})."""
    columns = COMPONENTS.columns
    # Only rows that change something are walked: a row of bare belts lets every nut fall straight on.
    steps: dict[int, tuple[str, dict[int, Any]]] = {COMPONENTS.squirrel_row: ("squirrel", {})}
    for (row, column), exits in exit_table(tiles, fall_through).items():
        steps.setdefault(row, ("conveyor", {}))[1][column] = exits
    for (row, column), kind in machines.items():
        steps.setdefault(row, ("machine", {}))[1][column] = kind
    # (source, column, salted, roasted, squirrel column: None until the route crosses his row) -> number of routes
    flows: dict[tuple[int, int, bool, bool, int | None], int] = {(c, c, False, False, None): 1 for c in range(columns)}
    for row in sorted(steps):
        kind, table = steps[row]
        moved: dict[tuple[int, int, bool, bool, int | None], int] = defaultdict(int)
        for key, count in flows.items():
            source, column, salted, roasted, crossing = key
            if kind == "conveyor":
                for out in table.get(column, (column,)):
                    moved[(source, out, salted, roasted, crossing)] += count
            elif kind == "squirrel":
                moved[(source, column, salted, roasted, column)] += count
            else:
                machine = table.get(column)
                if machine is None:
                    moved[key] += count
                else:
                    moved[(source, column, salted or machine == "salter", roasted or machine == "roaster",
                           crossing)] += count
        flows = moved
    found = []
    for (source, column, s, r, q), count in flows.items():
        assert q is not None  # every route crosses the Squirrel's row, always a step
        found.append(Route(source, column, s, r, q, count))
    return found


@dataclass(frozen=True, slots=True)
class Trace:
    """One single route, for drawing it: its column at each row from the dispensers down to the row above
    the Box Holders, and what it passes on the way."""

    columns: tuple[int, ...]
    salted: bool
    roasted: bool


def traces(
    tiles: Mapping[tuple[int, int], str],
    machines: Mapping[tuple[int, int], str],
    fall_through: bool = False,
) -> list[Trace]:
    """Every route one by one (a splitter makes two), in dispenser order: what `routes` counts."""
    exits = exit_table(tiles, fall_through)
    last = len(COMPONENTS.rows) - 1
    found: list[Trace] = []
    for source in range(COMPONENTS.columns):
        partial = [Trace((source,), False, False)]
        for row in range(1, last):
            grown = []
            for route in partial:
                column = route.columns[-1]
                machine = machines.get((row, column))
                for out in exits.get((row, column), (column,)):
                    grown.append(Trace((*route.columns, out), route.salted or machine == "salter",
                                       route.roasted or machine == "roaster"))
            partial = grown
        found.extend(partial)
    return found


def connecting(found: list[Route], tops: list[int]) -> list[Route]:
    """The routes whose dispenser's nut matches the top box where they end: the Connecting Paths."""
    dispensers = COMPONENTS.dispensers
    return [route for route in found if dispensers[route.source] == tops[route.end]]
