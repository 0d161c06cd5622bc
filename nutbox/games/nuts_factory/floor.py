"""The factory floor written as one int, its code: what the routes (production.py) and the Actions a conveyor row
offers (turn.py) are looked up by. The state keeps the code as tiles and machines move, so that neither walks the
tiles again.

The code is cut into stages, as production.py follows the nuts down the floor stage by stage: a stage is the
conveyor rows above a row that marks a nut (a machine row, the Squirrel's) and that row; the last stage may end
without one. A stage's bits, from the lowest: for each of its conveyor rows, the left columns of its tiles (a bit
each, 1 << column) and then the kind of tile at each left column (3 bits each, KIND_CODES: 0 for none); then the
machine in each column of its marking row (2 bits each, MACHINE_CODES: 0 for none). A stage's code is its bits
alone (`stage_codes`), so two floors whose stage is alike give it one code.
"""

from __future__ import annotations

from collections.abc import Mapping

from nutbox.games.nuts_factory.actions import CONVEYOR_ROWS
from nutbox.games.nuts_factory.components import COLUMNS, COMPONENTS

PLACES = COLUMNS - 1  # the left columns a tile can have in a row
KIND_CODES = {name: index + 1 for index, name in enumerate(COMPONENTS.tiles)}
KINDS = (None, *COMPONENTS.tiles)  # by code
MACHINE_CODES = {"salter": 1, "roaster": 2}
MARKING_ROWS = ("salter", "roaster", "squirrel")  # the kinds of row that end a stage
ROW_BITS = 4 * PLACES  # a conveyor row's: its left columns, then its kinds
MACHINE_BITS = 2 * COLUMNS  # a machine row's


def _stages() -> tuple[tuple[tuple[int, ...], int | None], ...]:
    """Each stage, top down: its conveyor rows, and the row that marks a nut below them (None: no such row)."""
    stages: list[tuple[tuple[int, ...], int | None]] = []
    conveyors: list[int] = []
    for row, kind in enumerate(COMPONENTS.rows):
        if kind == "conveyor":
            conveyors.append(row)
        elif kind in MARKING_ROWS:
            stages.append((tuple(conveyors), row))
            conveyors = []
    if conveyors:
        stages.append((tuple(conveyors), None))
    return tuple(stages)


STAGES = _stages()


def _layout() -> tuple[dict[int, int], dict[int, int], tuple[tuple[int, int], ...]]:
    """Where each conveyor row's bits start, where each machine row's start, and each stage's (start, mask)."""
    row_shifts: dict[int, int] = {}
    machine_shifts: dict[int, int] = {}
    slices: list[tuple[int, int]] = []
    start = 0
    for rows, marking in STAGES:
        bits = len(rows) * ROW_BITS
        for at, row in enumerate(rows):
            row_shifts[row] = start + at * ROW_BITS
        if marking is not None and COMPONENTS.rows[marking] in MACHINE_CODES:
            machine_shifts[marking] = start + bits
            bits += MACHINE_BITS
        slices.append((start, (1 << bits) - 1))
        start += bits
    return row_shifts, machine_shifts, tuple(slices)


ROW_SHIFTS, MACHINE_SHIFTS, STAGE_SLICES = _layout()
LEFT_SHIFTS = tuple(ROW_SHIFTS[row] for row in CONVEYOR_ROWS)  # each conveyor row's left columns, in row order
LEFTS_MASK = (1 << PLACES) - 1


def tile_code(spot: tuple[int, int], kind: str) -> int:
    """What a tile of this kind with its left half at `spot` (row, column) adds to the code."""
    row, left = spot
    return (1 << left | KIND_CODES[kind] << PLACES + 3 * left) << ROW_SHIFTS[row]


def machine_code(spot: tuple[int, int], kind: str) -> int:
    """What a machine ("salter" or "roaster") at `spot` (row, column) adds to the code."""
    row, column = spot
    return MACHINE_CODES[kind] << MACHINE_SHIFTS[row] + 2 * column


# tile kind -> (row, left column) -> tile_code, and machine kind -> (row, column) -> machine_code: looked up
TILE_CODE_AT = {kind: {(row, left): tile_code((row, left), kind) for row in CONVEYOR_ROWS for left in range(PLACES)}
                for kind in KIND_CODES}
MACHINE_CODE_AT = {kind: {(row, column): machine_code((row, column), kind) for row in MACHINE_SHIFTS
                          for column in range(COLUMNS)} for kind in MACHINE_CODES}


def code(tiles: Mapping[tuple[int, int], str], machines: Mapping[tuple[int, int], str]) -> int:
    """The code of a floor with these tiles ({(row, left column): kind}) and machines ({(row, column): kind})."""
    return sum(TILE_CODE_AT[kind][spot] for spot, kind in tiles.items()) + \
        sum(MACHINE_CODE_AT[kind][spot] for spot, kind in machines.items())


def lefts(floor: int) -> list[int]:
    """By conveyor row (CONVEYOR_ROWS order), the left columns of its tiles as bits: 1 << column."""
    return [floor >> shift & LEFTS_MASK for shift in LEFT_SHIFTS]


def stage_codes(floor: int) -> list[int]:
    """Each stage's code, top down."""
    return [floor >> start & mask for start, mask in STAGE_SLICES]


def row_kinds(row_code: int) -> list[str | None]:
    """A conveyor row's tiles by left column (None where none starts), from its bits in a stage's code."""
    return [KINDS[row_code >> PLACES + 3 * left & 7] for left in range(PLACES)]
