"""A player's layout: where cards may go, what shows, and what it scores.

Positions are (x, y): x a column of card width, y a band (a third of a card's height). A card at (x, y)
covers bands y, y+1, y+2 of column x. Cards stand upright in even columns and upside down in odd ones, so
that tree sides meet tree sides and sky sides meet sky sides (components.md §3.2); a card upside down
shows its cells in reverse. A later card covers what lies under it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from nutbox.games.nut_cards.components import BLANK, COMPONENTS, SQUIRREL, WILD

H = COMPONENTS.cells_per_card
COLOURS = COMPONENTS.colour_codes
SQUIRRELS = (False, *(card.squirrel for card in COMPONENTS.cards))  # by card number (from 1)

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


# A place (x, y) as the number x * SPAN + y, which sorts as the pair does (bands never reach SPAN / 2 either
# way): listing a card's places, the most frequent decision, gathers and sorts them as numbers, several times
# faster than as pairs.
SPAN = 1 << 10


def spot(x: int, y: int) -> int:
    return x * SPAN + y


def place_of(number: int) -> tuple[int, int]:
    x, y = divmod(number + SPAN // 2, SPAN)
    return x, y - SPAN // 2


def positions(placements: Sequence[Placement], card: int) -> list[tuple[int, int]]:
    """Every legal place for `card`, in a stable order (by column, then band)."""
    return [place_of(number) for number in spots(placements, card)]


def spots(placements: Sequence[Placement], card: int) -> list[int]:
    """Every legal place for `card` as numbers (spot), in order: by column, then band."""
    squirrel = SQUIRRELS[card]
    if not placements:
        return [spot(x, y) for x, y in ((0, 0), (1, 0)) if not (squirrel and upside_down(x))]  # the first card
    found: set[int] = set()
    for _, x, y in placements:
        found |= _near(x, y, squirrel)
    return sorted(found)


@functools.lru_cache(maxsize=1 << 12)
def _near(x: int, y: int, squirrel: bool) -> frozenset[int]:
    """The places (as numbers) where a card touches or covers a card at (x, y): bands that overlap it in its
    column and the two beside it, or meet it end to end in its own column; a squirrel card's only in upright
    columns."""
    near: set[int] = set()
    for near_x in (x - 1, x, x + 1):
        if not (squirrel and upside_down(near_x)):
            reach = H if near_x == x else H - 1
            near.update(spot(near_x, near_y) for near_y in range(y - reach, y + reach + 1))
    return frozenset(near)


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
    showing: dict[str, set[tuple[int, int]]] = {}  # the cells each colour, W, S or . shows in, found once for all
    for cell, what in grid.items():
        showing.setdefault(what, set()).add(cell)
    jokers = showing.get(WILD, set()) | showing.get(SQUIRREL, set())  # in the clusters of every colour
    for colour in COLOURS:
        own = showing.get(colour, set())
        members = own | jokers
        counted: Cluster | None = None
        seen: set[tuple[int, int]] = set()
        for start in sorted(own):  # a cluster is found from its first nut of the colour
            if start in seen:
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
