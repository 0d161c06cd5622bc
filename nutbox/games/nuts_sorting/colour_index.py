"""Each colour's groups, indexed for move generation: Nuts Sorting's own part (the package docstring says so).

A colour's pieces are a bitmask (board.py); its index holds its groups, each with what listing the moves asks of
it (its size, the cells around it, its first cell), and what follows from all of them together (which cells are
next to several groups, which pieces are in groups of each size or less). The state caches one per colour until
the colour changes, and a move or pickup works out the new index from the old one rather than from the board
(turn.py), keeping the groups it leaves as they were; tests/games/nuts_sorting/test_incremental.py compares the two
on playouts.

Every move and pickup builds an index and every listing reads one, so both count their operations: each on a
board-wide int makes a new one, at the cost of a dozen plain steps; and a loop reads a group's fields from one
tuple (zip(strict=True) would parse its keyword at each call).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import NamedTuple

from nutbox.games.nuts_sorting.actions import PICK
from nutbox.games.nuts_sorting.board import ALL, BIT_AT, BITS, CELL_AT, LINES, NEIGHBOURS, NUM_CELLS, flood

# One group of a colour: its pieces, their number, the cells around it on the board (empty or not; no other group
# of the colour is among them, or it would be the same group) and its first cell in reading order (its pickup's
# name). Read only: an index made after a move or pickup keeps those of the groups it leaves as they were.
Group = tuple[int, int, int, int]


class ColourIndex(NamedTuple):
    """One colour's groups and what move generation asks of them, built once per arrangement of the colour
    (the state caches it until the colour changes); read only, so clones share it."""

    records: tuple[Group, ...]  # in no particular order (a move puts those it makes last)
    groups: tuple[int, ...]  # each record's pieces, for those who ask only for the groups
    up_to: tuple[int, ...]  # up_to[k]: the pieces in groups of at most k, up to the largest (up_to[-1]: all)
    shared: int  # the cells next to two groups or more (a piece moved there joins them all)
    near: int  # the cells next to any group (where the colour's moves may go)
    picks: tuple[int, ...]  # the pickups of the colour (actions.PICK + each first cell), none of its last group

    # The records' fields one by one, and the feeders of each group, for those who read the index rather than
    # list moves from it (tests, the rules checked in full).
    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(size for _, size, _, _ in self.records)

    @property
    def around(self) -> tuple[int, ...]:
        return tuple(near for _, _, near, _ in self.records)

    @property
    def firsts(self) -> tuple[int, ...]:
        return tuple(first for _, _, _, first in self.records)

    @property
    def fed(self) -> tuple[tuple[int, int], ...]:
        """For each group with feeders, the pieces of the colour's other groups no larger than it: the cells next
        to it alone, and its feeders. A piece moved to such a cell from the group itself ends in a group no larger;
        from another group, in a group of the size + 1, larger just for the feeders. (Listing works them out for
        the groups next to the cells it looks at.)"""
        alone = ~self.shared
        return tuple(
            (near & alone, feeds)
            for group, size, near, _ in self.records
            if (feeds := self.up_to[size] ^ group)
        )


def indexed(pieces: int) -> ColourIndex:
    """The index of one colour's pieces, found from scratch."""
    records: list[Group] = []
    find(pieces, records)
    return completed(records)


def find(pieces: int, records: list[Group], first: int = 0) -> None:
    """Append the groups of `pieces`, starting with the group of the bit `first` if given."""
    while pieces:
        top = (first or pieces).bit_length() - 1  # `first`, then each time the last piece left (see CELL_AT)
        first = 0
        seed, cell = BIT_AT[top], CELL_AT[top]
        links = NEIGHBOURS[cell] & pieces
        if links:  # board.flood from the piece and its neighbours, keeping the last spread: the cells around
            group = seed | links
            while True:
                wide = group | group << 1 | group >> 1 | group << 10 | group >> 10 | group << 11 | group >> 11
                grown = wide & pieces
                if grown == group:
                    break
                group = grown
            records.append((group, group.bit_count(), wide & ALL ^ group, CELL_AT[(group & -group).bit_length() - 1]))
        else:  # a piece on its own (common): its neighbours are around it, no flood needed
            group = seed
            records.append((group, 1, NEIGHBOURS[cell], cell))
        pieces ^= group


def completed(records: list[Group]) -> ColourIndex:
    """The index of these groups."""
    once = shared = most = 0
    for _, size, near, _ in records:
        shared |= once & near
        once |= near
        if size > most:
            most = size
    by_size = [0] * (most + 1)  # the pieces in groups of each size
    for group, size, _, _ in records:
        by_size[size] |= group
    pieces = 0
    up_to = []  # accumulated by hand: itertools.accumulate would make a new int for each size no group has
    for part in by_size:
        if part:
            pieces |= part
        up_to.append(pieces)
    # tuple.__new__ rather than ColourIndex(...): the named tuple's own __new__ is a Python function; and the
    # groups taken by map(itemgetter), in C, rather than appended one by one in the loop above.
    return tuple.__new__(ColourIndex, (
        tuple(records), tuple(map(PIECES, records)), tuple(up_to), shared, once,
        tuple([PICK + first for _, _, _, first in records]) if len(records) > 1 else (),
    ))


PIECES = itemgetter(0)  # a record's pieces


# PAIRS_TO[target][position]: the move to `target` from the cell at bit `position` (board.CELL_AT), as the number
# the listing sorts (source << 6 | target): looked up rather than worked out, as each works out to a new int.
PAIRS_TO = tuple(
    tuple((cell << 6 | target if cell >= 0 else -1) for cell in CELL_AT) for target in range(NUM_CELLS)
)


def moves_to(index: ColourIndex, targets: int) -> list[int]:
    """The colour's moves (as numbers: source << 6 | target) to the empty cells of `targets`, each next to one
    of its groups (cells the index says are `near`)."""
    found: list[int] = []
    add = found.append
    cell_at, bit_at, lines = CELL_AT, BIT_AT, LINES  # locals: this is the engine's hottest loop
    records, up_to, shared = index[0], index[2], index[3]  # by position: a named field is looked up by a call
    if targets.bit_count() == 1:  # one cell (often, when a colour is listed again): its group looked up
        target = cell_at[targets.bit_length() - 1]
        if shared & targets:
            legal = joining(index, target)
        else:
            for group, size, near, _ in records:
                if near & targets:
                    legal = lines[target] & (up_to[size] ^ group)
                    break
            else:
                return found
        add_moves(add, target, legal)
        return found
    alone = targets & ~shared
    if alone:
        for group, size, near, _ in records:  # cells next to one group: its feeders on a line with one go
            reach = near & alone
            if not reach:
                continue
            feeds = up_to[size] ^ group  # the pieces of the other groups no larger
            if not feeds:  # (the smallest group, unless another is as small)
                continue
            while reach:  # each cell from the top (see board.CELL_AT)
                top = reach.bit_length() - 1
                reach ^= bit_at[top]
                target = cell_at[top]
                legal = lines[target] & feeds
                if legal:
                    add_moves(add, target, legal)
    reach = shared & targets
    while reach:  # cells next to several groups, all of which the moved piece joins
        top = reach.bit_length() - 1
        reach ^= bit_at[top]
        target = cell_at[top]
        add_moves(add, target, joining(index, target))
    return found


def add_moves(add: Callable[[int], None], target: int, sources: int) -> None:
    """add() each move to `target` from a piece of `sources`, from the top (see board.CELL_AT)."""
    row, bit_at = PAIRS_TO[target], BIT_AT
    while sources:
        top = sources.bit_length() - 1
        sources ^= bit_at[top]
        add(row[top])


def joining(index: ColourIndex, target: int) -> int:
    """The pieces of a colour (its index) that may move to the empty `target`, a cell next to several of its
    groups: the moved piece joins them all."""
    up_to = index.up_to
    target_bit = BITS[target]
    sources = LINES[target] & up_to[-1]
    joined = most = 0
    touching = []
    for group, size, near, _ in index.records:
        if near & target_bit:
            joined |= group
            most += size
            touching.append((group, size))
    # A piece from a group it does not join ends in a group of most + 1: legal if its group is smaller (the
    # joined groups are no larger than most, so up_to[most] holds them, or all pieces do: ^ takes them out).
    legal = sources & ((up_to[most] if most < len(up_to) else up_to[-1]) ^ joined)
    # A piece from a group it joins keeps the other groups it joins (most - size of them) and what of its own
    # group still touches the target once it has left.
    near_target = NEIGHBOURS[target]
    for group, size in touching:
        members = sources & group
        if most - size >= size:
            legal |= members  # the other groups alone are enough
            continue
        # Otherwise the piece needs enough of its own group still touching the target once it has left. The
        # group's only piece next to the target leaves none; a piece with one neighbour in the group leaves the
        # rest together, touching the target (it is not the only one then): all of it is enough. For the
        # others, it depends on how the rest splits.
        next_to = near_target & group
        if next_to.bit_count() == 1:
            members &= ~next_to
        while members:  # from the top, as in turn.list_play
            top = members.bit_length() - 1
            source_bit = BIT_AT[top]
            members ^= source_bit
            links = NEIGHBOURS[CELL_AT[top]] & group
            if links.bit_count() < 2 or size_after(group, source_bit, target, joined) > size:
                legal |= source_bit
    return legal


def size_after(group: int, source_bit: int, target: int, joined: int) -> int:
    """The moved piece's new group size: 1, plus the groups it joins at `target` (`joined`), where its own
    old `group` counts only with the part still touching the target once the piece has left (it may split).
    """
    if not joined & group:
        return 1 + joined.bit_count()
    rest = group ^ source_bit
    part = flood(NEIGHBOURS[target] & rest, rest)
    return 1 + (joined ^ group).bit_count() + part.bit_count()
