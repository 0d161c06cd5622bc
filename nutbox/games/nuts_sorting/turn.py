"""A turn of Nuts Sorting (rulebook, Game play): the player to move either moves one nut of their colours along
one of the three lines through it to an empty cell, any distance, jumping anything, so that its group ends larger
than it was; or picks up one of their groups, never a colour's last. No passing. The play phase (core/phases.py):
its legal actions, listed from each colour's index (colour_index.py), why anything else is refused, and what a
move or pickup does, the win (scoring.py) included.

This is the engine's hot path: listing a position's actions, and playing one of them (SortingState.apply plays
a listed action without checking the rules again), are written for speed (docs/architecture.md).
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from nutbox.core import Action, Event, seat_name
from nutbox.core.phases import Phase
from nutbox.games.nuts_sorting.actions import MOVE_TABLE, PICKUPS, Move, Pickup
from nutbox.games.nuts_sorting.board import (
    ALL,
    ARCS,
    BIT_AT,
    BITS,
    CELL_AT,
    LINES,
    NAMES,
    NEIGHBOURS,
    NUM_CELLS,
    first_cell,
)
from nutbox.games.nuts_sorting.colour_index import completed, find, joining, without
from nutbox.games.nuts_sorting.components import COLOURS, SET_COLOURS
from nutbox.games.nuts_sorting.scoring import REPEATED, finish, sorted_win

if TYPE_CHECKING:
    from nutbox.games.nuts_sorting.state import SortingState

MOVE_RULE = "Game play, Move"
PICKUP_RULE = "Game play, Pickup"
SEAT = (seat_name(0), seat_name(1))  # each seat as the events name it

# The legal actions of a play-phase position as numbers to look an action up by: the moves (source << 6 | target)
# and the pickups (cells). Plain tuples: they are built for every position.
Numbers = tuple[tuple[int, ...], tuple[int, ...]]


# --- what may be done ----------------------------------------------------------------------------------
def list_play(state: SortingState) -> list[Action]:
    """The play phase's legal actions. For each colour of the mover, from its index: a move goes to an empty
    cell next to one of its groups (anywhere else the piece would be a group of 1, never larger), from a
    piece on one of that cell's lines whose group ends larger. A colour unchanged since its moves were last
    listed keeps those to the cells still empty, and only the cells emptied since are looked at. The same listing
    as numbers goes to the state's `_numbers`, for apply to look an action up by."""
    empty = state._empty
    if empty is None:
        board = state.board
        empty = state._empty = ALL & ~(board[0] | board[1] | board[2] | board[3] | board[4] | board[5])
    pairs: list[int] = []  # source << 6 | target, sorted below into reading order
    pickups: list[int] = []
    cell_at, bit_at, lines, bits = CELL_AT, BIT_AT, LINES, BITS  # locals: this is the engine's hottest loop
    indexes, moves = state._index, state._moves
    # sets[seat] is 0 or 1 in play, and `or 0` is far cheaper than a call to cast() that tells mypy so.
    for colour in SET_COLOURS[state.sets[state.current] or 0]:
        index = indexes[colour] or state.index_of(colour)
        groups_, sizes, around, up_to, firsts, shared, fed, near = index
        if len(groups_) > 1:
            pickups += firsts
        last = moves[colour]
        if last is not None and last[0] is index:
            changed = last[1] ^ empty  # the cells emptied or filled since
            look = changed & empty & near  # those emptied next to the colour may take moves
            filled = changed & last[3]
            if filled:  # the moves to cells filled since go; those to cells that stayed empty stay
                if filled.bit_count() == 1:  # the usual case: compare small ints, not board-wide ones
                    gone = cell_at[filled.bit_length() - 1]
                    found = [pair for pair in last[2] if pair & 63 != gone]
                else:
                    found = [pair for pair in last[2] if not bits[pair & 63] & changed]
            elif look:
                found = list(last[2])
            else:  # the same moves as last time
                moves[colour] = (index, empty, last[2], near & empty)
                pairs += last[2]
                continue
        else:
            found = []
            look = empty
        add = found.append
        for alone, feeds in fed:  # empty cells next to one group: its feeders on a line with one may go
            targets = alone & look
            while targets:  # each cell from the top (see board.CELL_AT)
                top = targets.bit_length() - 1
                targets ^= bit_at[top]
                target = cell_at[top]
                legal = lines[target] & feeds
                while legal:
                    top = legal.bit_length() - 1
                    legal ^= bit_at[top]
                    add(cell_at[top] << 6 | target)
        targets = shared & look
        while targets:  # empty cells next to several groups, all of which the moved piece joins
            top = targets.bit_length() - 1
            targets ^= bit_at[top]
            target = cell_at[top]
            legal = joining(groups_, sizes, around, up_to, target)
            while legal:
                top = legal.bit_length() - 1
                legal ^= bit_at[top]
                add(cell_at[top] << 6 | target)
        moves[colour] = (index, empty, tuple(found), near & empty)
        pairs += found
    pairs.sort()
    pickups.sort()
    # The actions: itemgetter takes many at once, in C, at less than half the cost of map() over __getitem__
    # (but for one key it gives the bare action, and it wants at least one).
    steps = itemgetter(*pairs)(MOVE_TABLE) if len(pairs) > 1 else tuple(map(MOVE_TABLE.__getitem__, pairs))
    picks = itemgetter(*pickups)(PICKUPS) if len(pickups) > 1 else tuple(map(PICKUPS.__getitem__, pickups))
    state._numbers = (tuple(pairs), tuple(pickups))
    return [*steps, *picks]


def listed(numbers: Numbers, action: Action) -> bool:
    """Whether `action` is among the play phase's legal actions listed as `numbers`."""
    if isinstance(action, Move):  # a target off the board could make the number of another move
        return 0 <= action.target < NUM_CELLS and action.source << 6 | action.target in numbers[0]
    return isinstance(action, Pickup) and action.cell in numbers[1]


# --- why anything else is refused ---------------------------------------------------------------------
def problem(state: SortingState, action: Action) -> str | None:
    """The full check of a decision in the play phase, from the rules (nothing listed is needed): None if it is
    legal, else the rule it breaks."""
    if isinstance(action, Move):
        return move_problem(state, action)
    if isinstance(action, Pickup):
        return pickup_problem(state, action)
    return f"{MOVE_RULE} / {PICKUP_RULE}: on your turn you move a piece ('c3-e5') or pick up a group ('x c3')"


def refusal(state: SortingState, action: Action) -> str:
    """Why an action not listed is refused."""
    rule = problem(state, action)
    assert rule is not None, f"{action} is legal but was not listed"
    return rule


def own_piece(state: SortingState, cell: int, rule: str, duty: str) -> int | str:
    """The colour of the mover's own piece on `cell`, or why there is none (citing `rule`)."""
    colour = state.colour_at(cell)
    if colour is None:
        return f"{rule}: there is no piece on {NAMES[cell]}"
    if colour not in state.colours_of(state.current):
        return f"{rule}: you {duty}, and {NAMES[cell]} is {COLOURS[colour]}"
    return colour


def move_problem(state: SortingState, move: Move) -> str | None:
    source, target = move.source, move.target
    if not (0 <= source < NUM_CELLS and 0 <= target < NUM_CELLS):
        return f"{MOVE_RULE}: both cells must be on the board"
    colour = own_piece(state, source, MOVE_RULE, "move pieces of your own colours")
    if isinstance(colour, str):
        return colour
    if state.occupied() & BITS[target]:
        return f"{MOVE_RULE}: a piece moves to an empty cell, and {NAMES[target]} is occupied"
    if not LINES[source] & BITS[target]:
        return f"{MOVE_RULE}: a piece moves along one of the three lines through it; {NAMES[target]} is not on one"
    before = state.group_at(colour, source).bit_count()
    after = state.group_size_after_move(colour, source, target)
    if after <= before:
        return (
            f"{MOVE_RULE}: the moved piece must belong to a larger group than before "
            f"(its group would go from {before} to {after})"
        )
    return None


def pickup_problem(state: SortingState, pickup: Pickup) -> str | None:
    cell = pickup.cell
    if not 0 <= cell < NUM_CELLS:
        return f"{PICKUP_RULE}: the cell must be on the board"
    colour = own_piece(state, cell, PICKUP_RULE, "remove one of your own groups")
    if isinstance(colour, str):
        return colour
    group = state.group_at(colour, cell)
    if len(state.groups_of(colour)) == 1:
        last = COLOURS[colour]
        return f"{PICKUP_RULE}: you may not remove all pieces of a colour, and this is the last {last} group"
    named = first_cell(group)
    if named != cell:
        return f"{PICKUP_RULE}: a group is named by its first cell in reading order; write 'x {NAMES[named]}'"
    return None


# --- what a move or pickup does -----------------------------------------------------------------------
def play(state: SortingState, action: Action) -> list[Event]:
    """A move or pickup, already known to be legal, and what follows it."""
    mover = state.current
    if isinstance(action, Move):
        events = move(state, action)
    else:
        assert isinstance(action, Pickup)
        events = pickup(state, action)
    state.turn += 1
    a, b, c = SET_COLOURS[state.sets[mover] or 0]  # is_sorted(mover), written out: it runs every turn
    groups = state._groups
    if len(groups[a] or state.groups_of(a)) == len(groups[b] or state.groups_of(b)) == \
            len(groups[c] or state.groups_of(c)) == 1:
        events.append(sorted_win(state, mover))
        return events
    state.current = 1 - mover
    key = (*state.board, state.current)  # _count_position, written out
    seen = state.seen
    repeated = seen[key] = seen.get(key, 0) + 1
    if state.options.repetition_draw and repeated >= 3:
        events.append(finish(state, [], REPEATED))
    return events


def move(state: SortingState, move: Move) -> list[Event]:
    source, target = move.source, move.target
    source_bit, target_bit = BITS[source], BITS[target]
    board = state.board
    for colour in SET_COLOURS[state.sets[state.current] or 0]:  # the colour of the mover's piece there
        if board[colour] & source_bit:
            break
    index = state._index[colour] or state.index_of(colour)
    both = source_bit | target_bit
    board[colour] ^= both
    if state._empty is not None:
        state._empty ^= both
    # The index after the move: the groups the piece neither left nor joined stay as they were; the others are
    # worked out again, the group the piece joins first among them.
    groups: list[int] = []
    around: list[int] = []
    firsts: list[int] = []
    own = joined = joined_near = 0  # the piece's group; the other groups it joins, and the cells around them
    for group, near, first in zip(index.groups, index.around, index.firsts, strict=True):
        if group & source_bit:
            own = group
        elif near & target_bit:
            joined |= group
            joined_near |= near
        else:
            groups.append(group)
            around.append(near)
            firsts.append(first)
    before = own.bit_count()
    after = len(groups)
    rest = own ^ source_bit
    if rest and NEIGHBOURS[source] & rest not in ARCS:  # what the piece leaves may split: flood it
        find(rest | joined | target_bit, groups, around, firsts, target_bit)
    else:  # what it leaves is one group, if any: no flood needed but for the cells around that rest
        group = target_bit | joined
        near = joined_near | NEIGHBOURS[target]
        if rest:  # the cells next to it (one piece: its neighbours, no need to spread it)
            if before == 2:
                wide = NEIGHBOURS[CELL_AT[rest.bit_length() - 1]]
            else:
                wide = rest | rest << 1 | rest >> 1 | rest << 10 | rest >> 10 | rest << 11 | rest >> 11
            if rest & NEIGHBOURS[target]:  # it stays next to the piece: one group with it
                group |= rest
                near |= wide
            else:
                groups.append(group)
                around.append(near & ALL & ~group)
                firsts.append(CELL_AT[(group & -group).bit_length() - 1])
                group, near = rest, wide
        groups.append(group)
        around.append(near & ALL & ~group)
        firsts.append(CELL_AT[(group & -group).bit_length() - 1])
    index = state._index[colour] = completed(groups, around, firsts)
    state._groups[colour] = index.groups
    after = index.sizes[after]
    text = (f"{SEAT[state.current]} moves the {COLOURS[colour]} nut from {NAMES[source]}"
            f" to {NAMES[target]} (its group grows from {before} to {after})")
    return [Event(text, "move", {"colour": COLOURS[colour], "before": before, "after": after})]


def pickup(state: SortingState, pickup: Pickup) -> list[Event]:
    bit = BITS[pickup.cell]
    board = state.board
    for colour in SET_COLOURS[state.sets[state.current] or 0]:  # the colour of the mover's piece there
        if board[colour] & bit:
            break
    index = state._index[colour] or state.index_of(colour)
    gone = index.firsts.index(pickup.cell)
    group = index.groups[gone]
    board[colour] ^= group
    if state._empty is not None:
        state._empty |= group
    # The other groups stay as they were: no need to find them again.
    index = state._index[colour] = without(index, gone)
    state._groups[colour] = index.groups
    state.seen.clear()  # fewer pieces now: no earlier position can come back
    size = group.bit_count()
    what = f"the lone {COLOURS[colour]} nut" if size == 1 else f"the group of {size} {COLOURS[colour]} nuts"
    text = f"{SEAT[state.current]} picks up {what} at {NAMES[pickup.cell]}"
    return [Event(text, "pickup", {"colour": COLOURS[colour], "size": size})]


def count_position(state: SortingState) -> int:
    key = (*state.board, state.current)
    count = state.seen.get(key, 0) + 1
    state.seen[key] = count
    return count


PLAY = Phase(legal=list_play, reason=refusal, apply=play)
