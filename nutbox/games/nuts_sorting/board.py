"""The 61-cell board of Nuts Sorting: cell names, lines, neighbours, and bitboard helpers.

Cells are named like Abalone's board: rows a (bottom) to i (top), and in each row the cells are
numbered along the diagonal that runs up and to the left, so a number names a line too. The package
docstring (nutbox/games/nuts_sorting/__init__.py) draws the board with every cell's name.

The three lines through a cell are its row (same letter), its diagonal of the same number (e5, f5, g5, ...
up to the left) and its diagonal of the same letter-minus-number (e5, f6, g7, ... up to the right).
Neighbours are the six cells around: e5 touches e4, e6, d4, d5, f5 and f6.

Internally a cell (row r = 0..8, number q = 1..9) is bit 10*r + (q - 1) of a Python int; the tenth bit of
each row is always clear, so shifting by 1, 10 and 11 moves to a neighbour without wrapping.
"""

from __future__ import annotations

ROWS = "abcdefghi"
SIDE = 5
# Dense cell indices 0..60 in reading order a1, a2, ..., i9; the bit of each, and back.
NAMES: tuple[str, ...]
BITS: tuple[int, ...]  # BITS[cell] = 1 << (10 * r + q0)


def _cells() -> list[tuple[int, int]]:
    return [(r, q) for r in range(9) for q in range(9) if abs(q - r) < SIDE]


_RQ = _cells()
NAMES = tuple(f"{ROWS[r]}{q + 1}" for r, q in _RQ)
BITS = tuple(1 << (10 * r + q) for r, q in _RQ)
NUM_CELLS = len(NAMES)
CELL_OF_NAME = {name: cell for cell, name in enumerate(NAMES)}
CELL_OF_BIT = {bit: cell for cell, bit in enumerate(BITS)}
ALL = sum(BITS)

_INDEX = {rq: cell for cell, rq in enumerate(_RQ)}
# The three axes as (dr, dq) steps: the row, the same-number diagonal, the letter-minus-number diagonal.
AXES = ((0, 1), (1, 0), (1, 1))


def _line_mask(cell: int, dr: int, dq: int) -> int:
    r0, q0 = _RQ[cell]
    mask = 0
    for sign in (1, -1):
        r, q = r0 + sign * dr, q0 + sign * dq
        while (r, q) in _INDEX:
            mask |= BITS[_INDEX[r, q]]
            r, q = r + sign * dr, q + sign * dq
    return mask


# By bit position (a bit's bit_length() - 1): the cell there (-1 off the board), and the bit. The hot loops
# take a mask's cells from the top this way: a bitwise operation on a board-wide int allocates a new one, so
# `bit_length` and these lookups cost about half of taking the lowest bit (mask & -mask) and looking it up.
CELL_AT = tuple(CELL_OF_BIT.get(1 << position, -1) for position in range(ALL.bit_length()))
BIT_AT = tuple(1 << position for position in range(ALL.bit_length()))

# LINES[cell]: every other cell on one of the three lines through it (the cells a piece there may move to).
LINES = tuple(sum(_line_mask(cell, dr, dq) for dr, dq in AXES) for cell in range(NUM_CELLS))


def spread(mask: int) -> int:
    """The cells of `mask` and every cell next to one of them (on or off the board; clip with ALL)."""
    # The six steps, +-1, +-10 and +-11, as the step 0 or +1 followed by 0, -1, +10 or -11: eight operations on
    # board-wide ints rather than twelve (each makes a new int). The hot loops write this out.
    pair = mask | mask << 1
    return pair | pair >> 1 | pair << 10 | pair >> 11


# NEIGHBOURS[cell]: the bitmask of the up to six cells touching it.
NEIGHBOURS = tuple(spread(bit) & ALL & ~bit for bit in BITS)


def flood(seed: int, mask: int) -> int:
    """The cells of `mask` connected to `seed` (a subset of `mask`) through neighbours within `mask`."""
    group = seed
    while True:  # spread(group), written out: a call per step costs as much as the step
        pair = group | group << 1
        grown = (pair | pair >> 1 | pair << 10 | pair >> 11) & mask
        if grown == group:
            return group
        group = grown


def _arcs() -> frozenset[int]:
    """Every non-empty set of a cell's neighbours that is connected: an arc of the ring of six around it."""
    found = set()
    for around in NEIGHBOURS:
        ring = bits_of(around)
        for pick in range(1, 1 << len(ring)):
            mask = sum(bit for place, bit in enumerate(ring) if pick >> place & 1)
            if flood(mask & -mask, mask) == mask:
                found.add(mask)
    return frozenset(found)


def groups(mask: int) -> tuple[int, ...]:
    """The groups (maximal connected sets) of `mask`, ordered by their first cell."""
    found = []
    while mask:
        group = flood(mask & -mask, mask)
        found.append(group)
        mask ^= group
    return tuple(found)


def bits_of(mask: int) -> list[int]:
    """The single-cell bits of a bitmask, in reading order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


# The board's bits in chunks of five, each with a table of the cells each value of its chunk holds: listing a
# mask's cells is then 18 lookups (the setup's removals list up to 60 cells, one bit at a time was most of it).
_CHUNKS = tuple(
    (shift, tuple(
        tuple(CELL_OF_BIT[1 << shift + i] for i in range(5) if value >> i & 1 and 1 << shift + i in CELL_OF_BIT)
        for value in range(32)
    ))
    for shift in range(0, ALL.bit_length(), 5)
)


def cells_of(mask: int) -> list[int]:
    """Dense cell indices of a bitmask, in reading order."""
    cells: list[int] = []
    for shift, table in _CHUNKS:
        cells += table[mask >> shift & 31]
    return cells


def first_cell(mask: int) -> int:
    return CELL_OF_BIT[mask & -mask]


# ARCS: a piece whose neighbours in its group are one of these leaves the rest of the group connected when it
# moves away (a path through it can go round through those neighbours instead): no need to flood the rest.
ARCS = _arcs()
