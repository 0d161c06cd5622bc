"""Each colour's groups, indexed for move generation: Nuts Sorting's own part (the package docstring says so).

A colour's pieces are a bitmask (board.py); its index holds its groups and what listing the moves asks of each
(their sizes, the cells around them, which of the colour's pieces may feed which group). The state caches one
per colour until the colour changes, and a move or pickup works out the new index from the old one rather than
from the board (turn.py); tests/games/nuts_sorting/test_incremental.py compares the two on playouts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from nutbox.games.nuts_sorting.board import ALL, BIT_AT, BITS, CELL_AT, LINES, NEIGHBOURS, flood


class ColourIndex(NamedTuple):
    """One colour's groups and what move generation asks of each, built once per arrangement of the colour
    (the state caches it until the colour changes); read only, so clones share it."""

    groups: tuple[int, ...]  # in no particular order (a move puts those it makes last)
    sizes: tuple[int, ...]
    around: tuple[int, ...]  # each group's neighbouring cells on the board (empty or not)
    up_to: tuple[int, ...]  # up_to[k]: the pieces in groups of at most k (up_to[-1]: all of them)
    firsts: tuple[int, ...]  # each group's first cell: its pickup's name
    shared: int  # the cells next to two groups or more (a piece moved there joins them all)
    # For each group with feeders, the pieces of the colour's other groups no larger than it: the cells next to
    # it alone, and its feeders. A piece moved to such a cell from the group itself ends in a group no larger;
    # from another group, in a group of the size + 1, larger just for the feeders.
    fed: tuple[tuple[int, int], ...]
    near: int  # the cells next to any group (where the colour's moves may go)


def indexed(pieces: int) -> ColourIndex:
    """The index of one colour's pieces, found from scratch."""
    groups: list[int] = []
    around: list[int] = []
    firsts: list[int] = []
    find(pieces, groups, around, firsts)
    return completed(groups, around, firsts)


def find(pieces: int, groups: list[int], around: list[int], firsts: list[int], first: int = 0) -> None:
    """Append the groups of `pieces`, the cells around each and each one's first cell, starting with the group
    of `first` if given."""
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
            groups.append(group)
            around.append(wide & ALL ^ group)
            firsts.append(CELL_AT[(group & -group).bit_length() - 1])
        else:  # a piece on its own (common): its neighbours are around it, no flood needed
            group = seed
            groups.append(group)
            around.append(NEIGHBOURS[cell])
            firsts.append(cell)
        pieces ^= group


def without(index: ColourIndex, gone: int) -> ColourIndex:
    """The index once the group numbered `gone` is picked up: the other groups stay as they were."""
    after = gone + 1
    groups, around, firsts = index.groups, index.around, index.firsts
    return completed(
        groups[:gone] + groups[after:], around[:gone] + around[after:], firsts[:gone] + firsts[after:]
    )


def completed(groups: Sequence[int], around: Sequence[int], firsts: Sequence[int]) -> ColourIndex:
    """The index of groups whose surroundings and first cells are known."""
    sizes = [*map(int.bit_count, groups)]
    by_size = [0] * (sum(sizes) + 1)
    once = shared = 0
    for group, size, near in zip(groups, sizes, around, strict=True):
        by_size[size] |= group
        shared |= once & near
        once |= near
    # up_to, accumulated by hand: itertools.accumulate would make a new int for each size no group has.
    pieces = 0
    up_to_sizes = []
    for part in by_size:
        if part:
            pieces |= part
        up_to_sizes.append(pieces)
    up_to = tuple(up_to_sizes)
    # Each group's feeders, the pieces of the other groups no larger: up_to[size] holds the group itself too.
    alone = ~shared
    fed = [
        (near & alone, feeds)
        for group, size, near in zip(groups, sizes, around, strict=True)
        if (feeds := up_to[size] ^ group)
    ]
    # tuple.__new__ rather than ColourIndex(...): the named tuple's own __new__ is a Python function, and every
    # move and pickup builds an index.
    return tuple.__new__(
        ColourIndex, (tuple(groups), tuple(sizes), tuple(around), up_to, tuple(firsts), shared, tuple(fed), once)
    )


def joining(
    groups: tuple[int, ...], sizes: tuple[int, ...], around: tuple[int, ...], up_to: tuple[int, ...], target: int
) -> int:
    """The pieces of a colour (its groups, their sizes and surroundings, its up_to) that may move to the empty
    `target`, a cell next to several of its groups: the moved piece joins them all."""
    target_bit = BITS[target]
    sources = LINES[target] & up_to[-1]
    joined = 0
    touching = []
    for group, near, size in zip(groups, around, sizes, strict=True):
        if near & target_bit:
            joined |= group
            touching.append((group, size))
    most = joined.bit_count()
    # A piece from a group it does not join ends in a group of most + 1: legal if its group is smaller (the
    # joined groups are no larger than most, so up_to[most] holds them: ^ takes them out).
    legal = sources & (up_to[most] ^ joined)
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
