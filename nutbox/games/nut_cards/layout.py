"""A player's layout: where cards may go, what shows, and what it scores.

Positions are (x, y): x a column of card width, y a band (a third of a card's height). A card at (x, y)
covers bands y, y+1, y+2 of column x. Cards stand upright in even columns and upside down in odd ones, so
that tree sides meet tree sides and sky sides meet sky sides (components.md §3.2); a card upside down
shows its cells in reverse. A later card covers what lies under it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
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
    return list(reach(tuple(placements), squirrel, NO_REACH)[2])


# Where a card may go next to a layout: the layout, those places (as numbers, spot) and the same in order. A state
# keeps the reach of each seat's layout (CardsState._reach) and works out the next from it: a layout grows by a card
# at a time, and a card's places are listed for every card placed.
Reach = tuple[tuple[Placement, ...], frozenset[int], tuple[int, ...]]
NO_REACH: Reach = ((), frozenset(), ())


def reach(placements: tuple[Placement, ...], squirrel: bool, known: Reach) -> Reach:
    """Where a card (with a squirrel or without) may go next to `placements` (not empty): from `known`, the reach
    of the same card kind, when that is of all of them but the last; else from every card laid."""
    near = NEAR[squirrel]
    laid, found, ordered = known
    if len(placements) == len(laid) + 1 and placements[:-1] == laid:
        _, x, y = placements[-1]
        fresh = near[x * SPAN + y] - found
        return placements, found | fresh, tuple(sorted(ordered + tuple(fresh)))  # (a sorted run and a few more)
    found = frozenset().union(*[near[x * SPAN + y] for _, x, y in placements])
    return placements, found, tuple(sorted(found))


class _NearTable(dict[int, frozenset[int]]):
    """_near() of every place (by its number, spot) for a card with or without a squirrel, each worked out the
    first time it is asked for: listing a card's places looks up one per card laid, and a dict of numbers answers
    several times faster than a cache of calls. A layout reaches only so far, so the table stays small."""

    def __init__(self, squirrel: bool) -> None:
        super().__init__()
        self.squirrel = squirrel

    def __missing__(self, number: int) -> frozenset[int]:
        near = self[number] = _near(*place_of(number), self.squirrel)
        return near


NEAR = (_NearTable(False), _NearTable(True))  # by whether the card to place carries a squirrel


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
    showing: dict[str, set[int]] = {}
    for (x, y), what in grid.items():
        showing.setdefault(what, set()).add(spot(x, y))
    return [Cluster(colour, nuts, squirrels, points, tuple(place_of(cell) for cell in sorted(cells)))
            for colour, nuts, squirrels, points, cells in _counted(showing, double_each, largest)]


def score(placements: Iterable[Placement], double_each: bool = True, largest: bool = True) -> tuple[int, int]:
    """(points, the nuts of the largest cluster that counts) for the tie-break: "if tied, the player with the
    largest nut cluster wins", the tie-break following the clusters the points come from."""
    return grid_score(spot_grid(placements), double_each, largest)


def spot_grid(placements: Iterable[Placement]) -> dict[int, str]:
    """visible(), by spot: what shows in each cell, later cards covering earlier ones."""
    grid: dict[int, str] = {}
    for card, x, y in placements:
        top = x * SPAN + y  # (spot(x, y), inline: a layout scored whole lays every card)
        grid.update(zip(range(top, top + H), ORIENTED[card][x % 2], strict=True))
    return grid


def laid(grid: dict[int, str], card: int, x: int, y: int) -> dict[int, str]:
    """A spot grid with `card` laid at (x, y) on top: a place tried costs its three cells, not a new grid."""
    grid = dict(grid)
    grid.update(zip(range(spot(x, y), spot(x, y) + H), ORIENTED[card][x % 2], strict=True))
    return grid


def grid_score(grid: dict[int, str], double_each: bool = True, largest: bool = True) -> tuple[int, int]:
    """score() of a spot grid."""
    showing: dict[str, set[int]] = {}
    for cell, what in grid.items():
        cells = showing.get(what)
        if cells is None:  # (not setdefault: that makes a set for every cell, to drop all but a few)
            showing[what] = {cell}
        else:
            cells.add(cell)
    counted = list(_counted(showing, double_each, largest))
    return sum(points for _, _, _, points, _ in counted), max((nuts for _, nuts, _, _, _ in counted), default=0)


# Each card's cells as they show upright (even columns) and upside down (odd ones), by card number (from 1).
ORIENTED = ((), *((card.cells, card.cells[::-1]) for card in COMPONENTS.cards))
NEIGHBOURS = (1, -1, SPAN, -SPAN)  # a spot's neighbours: the bands above and below, the columns beside


def _counted(showing: dict[str, set[int]], double_each: bool,
             largest: bool) -> Iterator[tuple[str, int, int, int, set[int]]]:
    """counted_clusters' work on cells as spots (numbers: several times faster than pairs, and a search scores
    tens of thousands of layouts a decision): each colour's counted cluster as (colour, nuts, squirrels,
    points, its cells)."""
    wild, squirrel = showing.get(WILD, set()), showing.get(SQUIRREL, set())
    jokers = wild | squirrel  # in the clusters of every colour
    for colour in COLOURS:
        own = showing.get(colour)
        if not own:
            continue
        members = own | jokers
        counted: tuple[tuple[int, int], int, int, int, set[int]] | None = None
        seen: set[int] = set()
        for start in sorted(own):  # a cluster is found from its first nut of the colour
            if start in seen:
                continue
            component, frontier = {start}, [start]
            while frontier:
                cell = frontier.pop()
                for step in NEIGHBOURS:
                    near = cell + step
                    if near in members and near not in component:
                        component.add(near)
                        frontier.append(near)
            seen |= component
            nuts = len(component & own) + len(component & wild)
            squirrels = len(component & squirrel)
            points = nuts * (2**squirrels if double_each else (2 if squirrels else 1))
            order = (nuts, points) if largest else (points, nuts)
            if counted is None or order > counted[0]:
                counted = (order, nuts, squirrels, points, component)
        if counted is not None:
            yield colour, *counted[1:]


__all__ = ["BLANK", "Cluster", "card_cells", "counted_clusters", "positions", "score", "upside_down", "visible"]
