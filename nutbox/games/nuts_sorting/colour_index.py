"""Each colour's groups, indexed for move generation: Nuts Sorting's own part (the package docstring says so).

A colour's pieces are a bitmask (board.py); its index holds its groups, each with what listing the moves asks of
it (its size, the cells around it, its pickup), and what follows from all of them together (which cells are
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
from nutbox.games.nuts_sorting.board import ARCS, BIT_AT, BITS, CELL_AT, LINES, NEIGHBOURS, NUM_CELLS, flood

# One group of a colour: its pieces, their number, the cells around it on the board (empty or not; no other group
# of the colour is among them, or it would be the same group) and its pickup's number (actions.PICK + its first
# cell in reading order, which names the pickup: kept as the number the listing wants). Read only: an index made
# after a move or pickup keeps those of the groups it leaves as they were.
Group = tuple[int, int, int, int]


class ColourIndex(NamedTuple):
    """One colour's groups and what move generation asks of them, built once per arrangement of the colour
    (the state caches it until the colour changes); read only, so clones share it."""

    records: tuple[Group, ...]  # in no particular order (a move puts those it makes last)
    up_to: tuple[int, ...]  # up_to[k]: the pieces in groups of at most k, up to the largest (up_to[-1]: all)
    shared: int  # the cells next to two groups or more (a piece moved there joins them all)
    near: int  # the cells next to any group (where the colour's moves may go)
    picks: tuple[int, ...]  # the pickups of the colour (actions.PICK + each first cell), none of its last group

    # The records' fields one by one, and the feeders of each group, for those who read the index rather than
    # list moves from it (tests, the rules checked in full, the state's groups when asked for).
    @property
    def groups(self) -> tuple[int, ...]:
        return tuple(map(PIECES, self.records))

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(size for _, size, _, _ in self.records)

    @property
    def around(self) -> tuple[int, ...]:
        return tuple(near for _, _, near, _ in self.records)

    @property
    def firsts(self) -> tuple[int, ...]:
        return tuple(pick - PICK for _, _, _, pick in self.records)

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
        group, near = BIT_AT[top], NEIGHBOURS[CELL_AT[top]]
        pieces ^= group
        todo = near & pieces
        if not todo:  # a piece on its own (common): its neighbours are around it
            records.append((group, 1, near, PICK_AT[top]))
            continue
        # Grown a piece at a time from the table of neighbours, the pieces found taken out of `pieces`: a group
        # is small, and this costs fewer operations on board-wide ints than spreading the whole group each step.
        # The cells around it are then its pieces' neighbours but for its own (each is next to another).
        group |= todo
        pieces ^= todo
        while todo:
            top = todo.bit_length() - 1
            todo ^= BIT_AT[top]
            around = NEIGHBOURS[CELL_AT[top]]
            near |= around
            more = around & pieces
            if more:
                group |= more
                pieces ^= more
                todo |= more
        records.append((group, group.bit_count(), near ^ group, PICK_AT[(group & -group).bit_length() - 1]))


def completed(records: list[Group]) -> ColourIndex:
    """The index of these groups."""
    once = shared = most = 0
    for _, size, near, _ in records:
        both = once & near
        if both:  # (seldom: an operation on a board-wide int spared)
            shared |= both
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
    return NEW(ColourIndex, (
        tuple(records), tuple(up_to), shared, once,
        tuple(map(PICK_OF, records)) if len(records) > 1 else (),
    ))


PIECES, PICK_OF = itemgetter(0), itemgetter(3)  # a record's pieces, and its pickup
PICK_AT = tuple(PICK + cell if cell >= 0 else -1 for cell in CELL_AT)  # the pickup named by the cell at a position
NEW = tuple.__new__  # rather than ColourIndex(...): the named tuple's own __new__ is a Python function


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
    records, up_to, shared = index[0], index[1], index[2]  # by position: a named field is looked up by a call
    if targets.bit_count() == 1:  # one cell (often, when a colour is listed again): its group looked up
        target = CELL_AT[targets.bit_length() - 1]
        if shared & targets:
            legal = joining(index, target)
        else:
            for record in records:
                if record[2] & targets:
                    legal = LINES[target] & (up_to[record[1]] ^ record[0])
                    break
            else:
                return found
        add_moves(add, target, legal)
        return found
    cell_at, bit_at, lines = CELL_AT, BIT_AT, LINES  # locals: this is the engine's hottest loop
    joins = shared & targets
    alone = targets ^ joins
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
                if legal:  # add_moves(), written out here, where most moves are found
                    row = PAIRS_TO[target]
                    while legal:
                        top = legal.bit_length() - 1
                        legal ^= bit_at[top]
                        add(row[top])
    reach = joins
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
    records, up_to = index[0], index[1]
    target_bit = BITS[target]
    joined = most = 0
    touching = []
    for record in records:
        if record[2] & target_bit:
            touching.append(record)
            joined |= record[0]
            most += record[1]
    # The pieces that may go, gathered in `allowed` and taken on the target's lines at the end (all are pieces of
    # the colour). A piece from a group it does not join ends in a group of most + 1: allowed if its group is
    # smaller (the joined groups are no larger than most, so up_to[most] holds them, or all pieces do: ^ takes
    # them out).
    allowed = (up_to[most] if most < len(up_to) else up_to[-1]) ^ joined
    # A piece from a group it joins keeps the other groups it joins (most - size of them) and what of its own
    # group still touches the target once it has left.
    lines = LINES[target]
    for group, size, _, _ in touching:
        if most - size >= size:
            allowed |= group  # the other groups alone are enough
            continue
        # Otherwise the piece needs enough of its own group still touching the target once it has left. The
        # group's only piece next to the target leaves none; a piece whose neighbours in the group are an arc
        # (board.ARCS: one neighbour, say) leaves the rest together, touching the target (it is not the only one
        # then): all of it is enough, as the target is next to another group too. For the others, it depends on
        # how the rest splits.
        members = lines & group
        next_to = NEIGHBOURS[target] & group  # (on the target's lines, so among the members)
        if next_to.bit_count() == 1:
            members ^= next_to
        while members:  # from the top, as in turn.list_play
            top = members.bit_length() - 1
            source_bit = BIT_AT[top]
            members ^= source_bit
            if NEIGHBOURS[CELL_AT[top]] & group in ARCS or size_after(group, source_bit, target, joined) > size:
                allowed |= source_bit
    return lines & allowed


def size_after(group: int, source_bit: int, target: int, joined: int) -> int:
    """The moved piece's new group size: 1, plus the groups it joins at `target` (`joined`), where its own
    old `group` counts only with the part still touching the target once the piece has left (it may split).
    """
    if not joined & group:
        return 1 + joined.bit_count()
    rest = group ^ source_bit
    part = flood(NEIGHBOURS[target] & rest, rest)
    return 1 + (joined ^ group).bit_count() + part.bit_count()
