"""The forest's geometry: a radius-2 hexagon of 19 cells (pointy-top), and a dealt layout of tiles on it.

Cells are numbered row by row from the top, left to right (0-2, 3-6, 7-11, 12-15, 16-18); cell 9 is the
centre, where the fox starts. Directions are indexed as components.DIRECTIONS: NE, E, SE, SW, W, NW
(clockwise), so the opposite of direction d is (d + 3) % 6.

The rules work in tiles, not cells: once the tiles are dealt, a `Layout` gives each tile its neighbours,
its step in each direction and its distance to every other tile. Layouts are cached: the tiles are public,
so every determinization of a game shares its game's layout.
"""

from __future__ import annotations

from functools import lru_cache

RADIUS = 2
VECTORS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))  # axial (q, r) steps for NE E SE SW W NW
COORDS: tuple[tuple[int, int], ...] = tuple(
    (q, r)
    for r in range(-RADIUS, RADIUS + 1)
    for q in range(-RADIUS, RADIUS + 1)
    if abs(q) <= RADIUS and abs(r) <= RADIUS and abs(q + r) <= RADIUS
)
NUM_CELLS = len(COORDS)
CELL_OF = {coord: cell for cell, coord in enumerate(COORDS)}
CENTRE = CELL_OF[(0, 0)]


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def cell_distance(a: int, b: int) -> int:
    (q1, r1), (q2, r2) = COORDS[a], COORDS[b]
    return max(abs(q1 - q2), abs(r1 - r2), abs(q1 + r1 - q2 - r2))


# CELL_STEP[cell][direction]: the neighbouring cell, or None off the board
CELL_STEP: tuple[tuple[int | None, ...], ...] = tuple(
    tuple(CELL_OF.get((q + dq, r + dr)) for dq, dr in VECTORS) for q, r in COORDS
)


def _bounce(cell: int, direction: int) -> int:
    """The cell one step away, or the one behind at the edge. The bounce rule needs the cell behind to
    exist whenever the cell ahead does not: true on a hexagon (checked here, at import)."""
    ahead, behind = CELL_STEP[cell][direction], CELL_STEP[cell][opposite(direction)]
    target = ahead if ahead is not None else behind
    assert target is not None, f"cell {cell} has no cell either way in direction {direction}"
    return target


# CELL_MOVE[cell][direction]: where a step goes, bouncing off the edge as the fox does
CELL_MOVE: tuple[tuple[int, ...], ...] = tuple(tuple(_bounce(cell, d) for d in range(6)) for cell in range(NUM_CELLS))


class Layout:
    """Tiles dealt onto the cells: `tile_at[cell]`, and the geometry in tile terms."""

    __slots__ = ("cell_of", "distance", "moves", "neighbours", "step", "tile_at")

    def __init__(self, tile_at: tuple[int, ...]) -> None:
        self.tile_at = tile_at
        self.cell_of = tuple(tile_at.index(tile) for tile in range(NUM_CELLS))
        self.step: tuple[tuple[int | None, ...], ...] = tuple(  # the tile one step away; None off the board
            tuple(tile_at[c] if c is not None else None for c in CELL_STEP[self.cell_of[tile]])
            for tile in range(NUM_CELLS)
        )
        self.moves = tuple(tuple(tile_at[c] for c in CELL_MOVE[self.cell_of[tile]]) for tile in range(NUM_CELLS))
        self.neighbours = tuple(tuple(t for t in steps if t is not None) for steps in self.step)
        self.distance = tuple(
            tuple(cell_distance(self.cell_of[a], self.cell_of[b]) for b in range(NUM_CELLS)) for a in range(NUM_CELLS)
        )

    def move(self, tile: int, direction: int) -> int:
        """One step from `tile` in `direction`, bouncing off the edge (the opposite way) as the fox does."""
        return self.moves[tile][direction]


@lru_cache(maxsize=512)
def layout(tile_at: tuple[int, ...]) -> Layout:
    return Layout(tile_at)
