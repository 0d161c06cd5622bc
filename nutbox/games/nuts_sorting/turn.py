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
from nutbox.games.nuts_sorting.actions import PICK, PLAY_TABLE, Move, Pickup
from nutbox.games.nuts_sorting.board import (
    ALL,
    ARCS,
    BITS,
    CELL_AT,
    LINES,
    NAMES,
    NEIGHBOURS,
    NUM_CELLS,
    first_cell,
)
from nutbox.games.nuts_sorting.colour_index import PICK_AT, ColourIndex, Group, completed, find, moves_to
from nutbox.games.nuts_sorting.components import COLOURS, PIECES_PER_COLOUR, SET_COLOURS
from nutbox.games.nuts_sorting.scoring import REPEATED, finish, sorted_win

if TYPE_CHECKING:
    from nutbox.games.nuts_sorting.state import SortingState

MOVE_RULE = "Game play, Move"
PICKUP_RULE = "Game play, Pickup"
SEAT = (seat_name(0), seat_name(1))  # each seat as the events name it

# The legal actions of a play-phase position as numbers to look an action up by, sorted: the moves (source << 6 |
# target), then the pickups (PICK + cell), as actions.PLAY_TABLE lists them. A plain tuple: one is built for every
# position.
Numbers = tuple[int, ...]
# A colour's moves as last listed: its index then, the empty cells next to it then (where all its moves go), and
# its moves to them (numbers: source << 6 | target). While its index is the same (the colour has not changed), only
# the cells emptied or filled since need a look; a pickup of the colour leaves it what stays (without_group).
Listed = tuple[ColourIndex, int, tuple[int, ...]]


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
    codes: list[int] = []  # the moves and pickups as numbers (Numbers), sorted below
    indexes, listed_before = state._index, state._moves
    # sets[seat] is 0 or 1 in play, and `or 0` is far cheaper than a call to cast() that tells mypy so.
    for colour in SET_COLOURS[state.sets[state.current] or 0]:
        index = indexes[colour] or state.index_of(colour)
        codes += index[4]  # index.picks (by position: a named field is looked up by a call)
        open_now = index[3] & empty  # index.near: where the colour's moves may go
        last = listed_before[colour]
        if last is None or last[0] is not index:
            found = moves_to(index, open_now)
        elif last[1] == open_now:  # the same moves as last time (the usual case for one colour or two)
            codes += last[2]
            continue
        else:
            changed = last[1] ^ open_now
            opened = changed & open_now
            found = still_open(last[2], changed ^ opened) if changed != opened else [*last[2]]
            if opened:
                found += moves_to(index, opened)
        listed_before[colour] = (index, open_now, tuple(found))
        codes += found
    codes.sort()
    # The actions: itemgetter takes many at once, in C, at less than half the cost of map() over __getitem__
    # (but for one key it gives the bare action, and it wants at least one).
    numbers = state._numbers = tuple(codes)
    if len(numbers) > 1:
        return list(itemgetter(*numbers)(PLAY_TABLE))
    return list(map(PLAY_TABLE.__getitem__, numbers))


def still_open(found: tuple[int, ...], filled: int) -> list[int]:
    """The moves of `found` (numbers: source << 6 | target) but for those to the cells of `filled`."""
    if filled.bit_count() == 1:  # the usual case: compare small ints, not board-wide ones
        gone = CELL_AT[filled.bit_length() - 1]
        return [pair for pair in found if TARGET_OF[pair] != gone]
    return [pair for pair in found if not BITS[TARGET_OF[pair]] & filled]


# A move's target, and the bits of its source and target, by its number (looked up rather than worked out).
TARGET_OF = tuple(pair & 63 for pair in range(NUM_CELLS << 6))
PAIR_BITS = tuple(BITS[pair >> 6] | (BITS[pair & 63] if pair & 63 < NUM_CELLS else 0) for pair in range(NUM_CELLS << 6))


def listed(numbers: Numbers, action: Action) -> bool:
    """Whether `action` is among the play phase's legal actions listed as `numbers`."""
    if isinstance(action, Move):  # a cell off the board could make the number of another action
        return 0 <= action.target < NUM_CELLS and 0 <= action.source < NUM_CELLS and \
            action.source << 6 | action.target in numbers
    return isinstance(action, Pickup) and 0 <= action.cell < NUM_CELLS and PICK + action.cell in numbers


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
    a, b, c = SET_COLOURS[state.sets[mover] or 0]
    board = state.board
    # The colour moved or picked up, found here for both (and the win check below): a call less per turn
    if type(action) is Move:
        bit = BITS[action.source]
        colour = a if board[a] & bit else b if board[b] & bit else c
        event = move(state, action, colour)
    else:
        assert isinstance(action, Pickup)
        bit = BITS[action.cell]
        colour = a if board[a] & bit else b if board[b] & bit else c
        event = pickup(state, action, colour)
    events = [event]
    state.turn += 1
    # is_sorted(mover), written out (it runs every turn) from the indexes, the colour just played first: only it
    # has changed
    indexes = state._index
    if len((indexes[colour] or state.index_of(colour))[0]) == 1 and len((indexes[a] or state.index_of(a))[0]) == \
            len((indexes[b] or state.index_of(b))[0]) == len((indexes[c] or state.index_of(c))[0]) == 1:
        events.append(sorted_win(state, mover))
        return events
    state.current = 1 - mover
    key = (*board, state.current)  # _count_position, written out
    seen = state.seen
    repeated = seen[key] = seen.get(key, 0) + 1
    if state.options.repetition_draw and repeated >= 3:
        events.append(finish(state, [], REPEATED))
    return events


def move(state: SortingState, move: Move, colour: int) -> Event:
    """Move the mover's piece of `colour`, and say so."""
    source, target = move.source, move.target
    index = state._index[colour] or state.index_of(colour)
    both = BITS[source] | BITS[target]
    state.board[colour] ^= both
    if state._empty is not None:
        state._empty ^= both
    index, before, after = moved(index, source, target)
    state._index[colour] = index
    state._groups[colour] = None  # (groups_of takes them from the index when asked)
    return move_event(state.current, colour, source, target, before, after)


def moved(index: ColourIndex, source: int, target: int) -> tuple[ColourIndex, int, int]:
    """The index of a colour once its piece on `source` moves to `target`, with the sizes of the piece's group
    before and after. The groups the piece neither left nor joined stay as they were; the others are worked out
    again, the group the piece joins first among them."""
    source_bit, target_bit = BITS[source], BITS[target]
    records: list[Group] = []
    own = joined = joined_near = before = own_pick = 0  # the piece's group; the groups it joins and around them
    # The size and pickup (PICK + first cell) of the piece's new group: itself and the groups it joins
    after, pick = 1, PICK + target
    for record in index.records:
        group = record[0]
        if group & source_bit:
            own, before, _, own_pick = record
        elif record[2] & target_bit:
            joined |= group
            joined_near |= record[2]
            after += record[1]
            if record[3] < pick:
                pick = record[3]
        else:
            records.append(record)
    rest = own ^ source_bit
    if rest and NEIGHBOURS[source] & rest not in ARCS:  # what the piece leaves may split: flood it
        kept = len(records)
        find(rest | joined | target_bit, records, target_bit)
        return completed(records), before, records[kept][1]
    group = target_bit | joined
    near = joined_near | NEIGHBOURS[target]  # (both on the board)
    if rest:  # what it leaves is one group: no flood needed but for the cells around that rest
        rest_pick = own_pick if own_pick != PICK + source else PICK_AT[(rest & -rest).bit_length() - 1]
        if before == 2:  # one piece: its neighbours
            wide = NEIGHBOURS[rest_pick - PICK]
        else:
            pair = rest | rest << 1  # board.spread(rest), written out
            wide = (pair | pair >> 1 | pair << 10 | pair >> 11) & ALL
        if rest & NEIGHBOURS[target]:  # it stays next to the piece: one group with it
            group |= rest
            near |= wide
            after += before - 1
            if rest_pick < pick:
                pick = rest_pick
        else:  # two groups: the piece's, then what it left
            records.append((group, after, near & ~group, pick))
            records.append((rest, before - 1, wide & ~rest, rest_pick))
            return completed(records), before, after
    records.append((group, after, near & ~group, pick))
    return completed(records), before, after


def move_event(seat: int, colour: int, source: int, target: int, before: int, after: int) -> Event:
    """What a move says: its text put together from parts written once, and its data looked up (an event's data
    is never changed), for any group a game can make (a colour has ten pieces)."""
    if after > PIECES_PER_COLOUR:  # (only a position set up with more)
        text = (f"{SEAT[seat]} moves the {COLOURS[colour]} nut from {NAMES[source]}"
                f" to {NAMES[target]} (its group grows from {before} to {after})")
        return Event(text, "move", {"colour": COLOURS[colour], "before": before, "after": after})
    text = MOVER[seat][colour] + PATH[source << 6 | target] + GROWTH[before][after]
    return Event(text, "move", MOVE_DATA[colour][before][after])


def pickup(state: SortingState, pickup: Pickup, colour: int) -> Event:
    """Pick up the mover's group of `colour` named by the pickup, and say so."""
    cell = pickup.cell
    index = state._index[colour] or state.index_of(colour)
    gone = index.picks.index(PICK + cell)  # (a pickup's cell is the first of its group: see listed())
    records = [*index.records]
    group, size, around, _ = records.pop(gone)  # the other groups stay as they were: no need to find them again
    state.board[colour] ^= group
    after = state._index[colour] = completed(records)
    state._groups[colour] = None
    last = state._moves[colour]
    if last is not None and last[0] is index:  # its moves as listed: all but those the group changes stay
        state._moves[colour] = without_group(last, after, group | around)
    if state._empty is not None:
        state._empty |= group
    state.seen.clear()  # fewer pieces now: no earlier position can come back
    return pickup_event(state.current, colour, size, cell)


def without_group(last: Listed, index: ColourIndex, changed: int) -> Listed:
    """A colour's moves as last listed (`last`), once one of its groups is picked up, for its `index` after: all
    but those from the group and those to the cells next to it (`changed`: the group and those cells), and those
    cells left out of the cells the moves were listed for, so that list_play looks at them again (the ones next to
    another group, still next to the colour) as it does at cells emptied since. The other groups are as they were,
    and so are their feeders but for the group's pieces: the moves to the cells next to them alone stay."""
    kept = tuple([pair for pair in last[2] if not PAIR_BITS[pair] & changed])
    return index, last[1] & ~changed, kept


def pickup_event(seat: int, colour: int, size: int, cell: int) -> Event:
    """What a pickup says, made once for each seat, colour, size and cell (an event is immutable)."""
    key = ((seat * len(COLOURS) + colour) * (NUM_CELLS + 1) + size) * NUM_CELLS + cell
    event = PICKUP_EVENTS.get(key)
    if event is None:
        what = f"the lone {COLOURS[colour]} nut" if size == 1 else f"the group of {size} {COLOURS[colour]} nuts"
        text = f"{SEAT[seat]} picks up {what} at {NAMES[cell]}"
        event = PICKUP_EVENTS[key] = Event(text, "pickup", {"colour": COLOURS[colour], "size": size})
    return event


PICKUP_EVENTS: dict[int, Event] = {}  # at most 2 * 6 * 10 * 61 of them in games
# A move's narration in three parts looked up (rather than formatted: every move says one), and its data.
MOVER = tuple(tuple(f"{SEAT[seat]} moves the {name} nut from " for name in COLOURS) for seat in (0, 1))
PATH = tuple(f"{NAMES[pair >> 6]} to {NAMES[pair & 63]}" if pair & 63 < NUM_CELLS else "" for pair in
             range(NUM_CELLS << 6))
GROWTH = tuple(tuple(f" (its group grows from {before} to {after})" for after in range(PIECES_PER_COLOUR + 1))
               for before in range(PIECES_PER_COLOUR + 1))
MOVE_DATA = tuple(
    tuple(tuple({"colour": name, "before": before, "after": after} for after in range(PIECES_PER_COLOUR + 1))
          for before in range(PIECES_PER_COLOUR + 1))
    for name in COLOURS
)


def count_position(state: SortingState) -> int:
    key = (*state.board, state.current)
    count = state.seen.get(key, 0) + 1
    state.seen[key] = count
    return count


PLAY = Phase(legal=list_play, reason=refusal, apply=play)
