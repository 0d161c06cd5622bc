"""A player's layout: where cards may go, what shows, and what it scores.

Positions are (x, y): x a column of card width, y a band (a third of a card's height). A card at (x, y)
covers bands y, y+1, y+2 of column x. Cards stand upright in even columns and upside down in odd ones, so
that tree sides meet tree sides and sky sides meet sky sides (components.md §3.2); a card upside down
shows its cells in reverse. A later card covers what lies under it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from nutbox.games.nut_cards.components import BLANK, COMPONENTS, SQUIRREL, WILD

H = COMPONENTS.cells_per_card
COLOURS = COMPONENTS.colour_codes

Placement = tuple[int, int, int]  # (card, x, y)


def upside_down(x: int) -> bool:
    return x % 2 == 1


def card_cells(card: int, x: int, y: int) -> list[tuple[tuple[int, int], str]]:
    cells = COMPONENTS.cards[card - 1].cells
    if upside_down(x):
        cells = cells[::-1]
    return [((x, y + i), cell) for i, cell in enumerate(cells)]


def visible(placements: Iterable[Placement]) -> dict[tuple[int, int], str]:
    grid: dict[tuple[int, int], str] = {}
    for card, x, y in placements:
        grid.update(card_cells(card, x, y))
    return grid


def positions(placements: list[Placement], card: int) -> list[tuple[int, int]]:
    """Every legal place for `card`, in a stable order (by column, then band)."""
    squirrel = COMPONENTS.cards[card - 1].squirrel
    if not placements:
        spots = {(0, 0), (1, 0)}
    else:
        spots = set()
        for _, px, py in placements:
            for x in (px - 1, px, px + 1):
                reach = H if x == px else H - 1
                for y in range(py - reach, py + reach + 1):
                    spots.add((x, y))
    return sorted((x, y) for x, y in spots if not (squirrel and upside_down(x)))


@dataclass(frozen=True, slots=True)
class Cluster:
    colour: str
    nuts: int  # nuts of the colour and wild nuts
    squirrels: int
    points: int
    cells: tuple[tuple[int, int], ...]


def counted_clusters(grid: dict[tuple[int, int], str], double_each: bool = True,
                     largest: bool = True) -> list[Cluster]:
    """For each colour, the one cluster that counts (or none): orthogonally adjacent visible cells of that
    colour, wild nuts and squirrels. Nuts and wilds count a point each; each squirrel doubles the cluster
    (or, with double_each off, any squirrels double it once). A cluster without a nut of its colour is none.

    Of several clusters of a colour the largest counts, the one with the most nuts (wild nuts included), as
    the rulebook says ("they must count the largest one only"); of two equally large, the one that scores
    more. With `largest` off, the highest-scoring one counts instead; of two scoring the same, the larger.
    Clusters equal in both score alike, and the first found (by column, then band) is the one shown."""
    found = []
    for colour in COLOURS:
        members = {cell for cell, what in grid.items() if what in (colour, WILD, SQUIRREL)}
        counted: Cluster | None = None
        seen: set[tuple[int, int]] = set()
        for start in sorted(members):
            if start in seen or grid[start] != colour:
                continue
            component = [start]
            seen.add(start)
            for x, y in component:
                for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if near in members and near not in seen:
                        seen.add(near)
                        component.append(near)
            nuts = sum(grid[c] in (colour, WILD) for c in component)
            squirrels = sum(grid[c] == SQUIRREL for c in component)
            factor = 2**squirrels if double_each else (2 if squirrels else 1)
            cluster = Cluster(colour, nuts, squirrels, nuts * factor, tuple(sorted(component)))
            if counted is None or rank(cluster, largest) > rank(counted, largest):
                counted = cluster
        if counted is not None:
            found.append(counted)
    return found


def rank(cluster: Cluster, largest: bool) -> tuple[int, int]:
    """What decides which of a colour's clusters counts: its size first, or its points first."""
    return (cluster.nuts, cluster.points) if largest else (cluster.points, cluster.nuts)


def score(placements: Iterable[Placement], double_each: bool = True, largest: bool = True) -> tuple[int, int]:
    """(points, the nuts of the largest cluster that counts) for the tie-break: "if tied, the player with the
    largest nut cluster wins", the tie-break following the clusters the points come from."""
    clusters = counted_clusters(visible(placements), double_each, largest)
    return sum(c.points for c in clusters), max((c.nuts for c in clusters), default=0)


__all__ = ["BLANK", "Cluster", "card_cells", "counted_clusters", "positions", "score", "upside_down", "visible"]
