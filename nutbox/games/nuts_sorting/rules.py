"""The rules of Nuts Sorting (rulebooks/nuts-sorting.txt) as a state machine; see the package docstring."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Literal, NamedTuple, Self, cast

from nutbox.core import CHANCE, TERMINAL, Action, Event, Options, State, ToMove
from nutbox.games.nuts_sorting.actions import (
    CHOOSES,
    COLOURS,
    DEALS,
    EMPTY,
    MOVE_TABLE,
    PICKUPS,
    REMOVES,
    SET_COLOURS,
    SETS,
    Choose,
    Deal,
    Move,
    Pickup,
    Remove,
)
from nutbox.games.nuts_sorting.board import (
    ALL,
    ARCS,
    BIT_AT,
    BITS,
    CELL_AT,
    CELL_OF_BIT,
    CELL_OF_NAME,
    LINES,
    NAMES,
    NEIGHBOURS,
    NUM_CELLS,
    bits_of,
    cells_of,
    first_cell,
    flood,
)
from nutbox.games.nuts_sorting.board import groups as find_groups
from nutbox.games.nuts_sorting.view import Phase, SortingFields, SortingView

if TYPE_CHECKING:
    from nutbox.games.nuts_sorting.game import NutsSorting

PIECES_PER_COLOUR = 10

SETUP = "Setup"
MOVE_RULE = "Game play, Move"
PICKUP_RULE = "Game play, Pickup"


@dataclass(frozen=True)
class SortingOptions(Options):
    players: int = dataclasses.field(
        default=2, metadata={"label": "Players", "help": "Nuts Sorting is always a game for two players."}
    )
    repetition_draw: bool = dataclasses.field(
        default=False,
        metadata={
            "label": "Draw on a third repetition",
            "help": "When on, the game is a draw if the same board comes up a third time with the same player to "
            "move, which these rules never allow, so it is only a safeguard.",
        },
    )
    both_sorted: Literal["draw", "first", "second"] = dataclasses.field(
        default="draw",
        metadata={
            "label": "Both sorted after setup",
            "help": "Who wins if the setup removals leave both players with each of their colours in one group.",
            "choice_labels": {"draw": "Nobody: a draw", "first": "The first player", "second": "The second player"},
            "rulebook": False,
        },
    )
    placer_chooses_order: bool = dataclasses.field(
        default=False,
        metadata={
            "label": "Player 1 may choose to move second",
            "help": "When on and player 2 takes a colour set, player 1, who placed the nuts, chooses who moves first "
            "(and so who makes the two setup removals) rather than taking the first move as the rulebook says.",
        },
    )


class SortingState(State):
    """Seat 0 is the player who placed the pieces (the deal is chance); seat 1 chooses first."""

    # Every field is in exactly one of these (they make the slots): what apply changes in place is copied by
    # clone (each a list or dict of immutable values, so one level deep is enough), everything else is shared
    # (plain values, the game and its frozen options). tests/games/nuts_sorting/test_clone.py checks clone
    # against them, and that what is shared is immutable, on positions from playouts.
    SHARED = ("game", "options", "dealt", "phase", "first", "current", "turn", "end", "_legal", "_empty")
    COPIED = ("board", "pool", "sets", "removed", "seen", "winner_seats", "_groups", "_index", "_moves")
    __slots__ = SHARED + COPIED

    def __init__(self, game: NutsSorting) -> None:
        self.game = game
        self.options: SortingOptions = game.options
        self.board = [0] * len(COLOURS)  # one bitmask of cells per colour
        self.dealt = 0  # cells dealt so far, in reading order
        self.pool = [PIECES_PER_COLOUR] * len(COLOURS) + [1]  # what the deal has left, the blank last
        self.phase: Phase = "deal"
        self.sets: list[int | None] = [None, None]  # each seat's colour set: 0 rby, 1 bwg
        self.first: int | None = None
        self.removed: list[int] = []  # the colour sets the second player has removed a piece of
        self.current = 1
        self.turn = 0  # moves and pickups made
        self.seen: dict[tuple[int, ...], int] = {}  # positions since the last pickup, for repetition
        self.winner_seats: list[int] = []
        self.end: str | None = None  # why the game ended, once it has
        self._groups: list[tuple[int, ...] | None] = [None] * len(COLOURS)
        self._index: list[ColourIndex | None] = [None] * len(COLOURS)
        # The play phase's legal actions, listed once per position (apply forgets them): the actions, and the
        # moves (source << 6 | target) and pickups (cells) they are, so that apply accepts a listed action
        # without checking the rules again. Read only, so clones share it.
        self._legal: Listed | None = None
        # The empty cells, once the play phase has listed moves: kept up to date by moves and pickups, rather
        # than found from the six colours for every listing.
        self._empty: int | None = None
        # Per colour, its moves as last listed: (its index then, the empty cells then, the moves, the empty cells
        # next to it then: all its moves go there). While the index is the same (the colour has not changed), only
        # the cells emptied or filled since need a look.
        self._moves: list[tuple[ColourIndex, int, tuple[int, ...], int] | None] = [None] * len(COLOURS)

    def clone(self) -> Self:
        # Written out rather than looped over SHARED and COPIED: search clones constantly, and this is more than
        # twice as fast (0.6 against 1.5 microseconds); test_clone.py holds it to the two lists.
        other = object.__new__(type(self))
        other.game = self.game
        other.options = self.options
        other.dealt = self.dealt
        other.phase = self.phase
        other.first = self.first
        other.current = self.current
        other.turn = self.turn
        other.end = self.end
        other._legal = self._legal
        other._empty = self._empty
        other.board = self.board.copy()
        other.pool = self.pool.copy()
        other.sets = self.sets.copy()
        other.removed = self.removed.copy()
        other.seen = self.seen.copy()
        other.winner_seats = self.winner_seats.copy()
        other._groups = self._groups.copy()
        other._index = self._index.copy()
        other._moves = self._moves.copy()
        return other

    # --- facts derived from the board ---------------------------------------------------------------
    def groups_of(self, colour: int) -> tuple[int, ...]:
        cached = self._groups[colour]
        if cached is None:  # just the groups (a bot's heuristic counts them): the index costs more
            cached = self._groups[colour] = find_groups(self.board[colour])
        return cached

    def index_of(self, colour: int) -> ColourIndex:
        """The colour's groups indexed for move generation (cached until the colour changes)."""
        cached = self._index[colour]
        if cached is None:
            cached = self._index[colour] = _index(self.board[colour])
            self._groups[colour] = cached.groups
        return cached

    def occupied(self) -> int:
        board = self.board
        return board[0] | board[1] | board[2] | board[3] | board[4] | board[5]

    def colour_at(self, cell: int) -> int | None:
        bit = BITS[cell]
        for colour, mask in enumerate(self.board):
            if mask & bit:
                return colour
        return None

    def colours_of(self, seat: int) -> tuple[int, ...]:
        chosen = self.sets[seat]
        return SET_COLOURS[chosen] if chosen is not None else ()

    def is_sorted(self, seat: int) -> bool:
        """The winning condition: each of the seat's three colours forms exactly one group."""
        return all(len(self.groups_of(colour)) == 1 for colour in self.colours_of(seat))

    def reach(self, colour: int, target: int) -> int:
        """Every piece of `colour` in a group touching `target` (the groups a piece moved there would join)."""
        bit = BITS[target]
        index = self.index_of(colour)
        return sum(group for group, near in zip(index.groups, index.around, strict=True) if near & bit)

    def group_size_after_move(self, colour: int, source: int, target: int) -> int:
        """Size of the group the piece at `source` belongs to once it stands on the empty `target`."""
        return _size_after(self.group_at(colour, source), BITS[source], target, self.reach(colour, target))

    def group_at(self, colour: int, cell: int) -> int:
        """The group of `colour` that holds the piece on `cell` (0 if there is none)."""
        bit = BITS[cell]
        for group in self.groups_of(colour):
            if group & bit:
                return group
        return 0

    # --- the protocol --------------------------------------------------------------------------------
    def to_move(self) -> ToMove:
        if self.phase == "deal":
            return CHANCE
        if self.phase == "over":
            return TERMINAL
        return self.current

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase != "deal":
            return []
        left = NUM_CELLS - self.dealt
        first = self.dealt * (EMPTY + 1)
        return [(DEALS[first + colour], n / left) for colour, n in enumerate(self.pool) if n]

    def _choices(self) -> tuple[str, ...]:
        if self.current == 1:  # the player who did not place: a colour set, or the first move
            return ("rby", "bwg", "first")
        if self.first is None:  # only with placer_chooses_order: player 2 took a colour set
            return ("first", "second")
        return ("rby", "bwg")  # player 2 took the first move: the placer chooses the colour set

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "play":
            listed = self._legal
            if listed is None:
                listed = self._legal = self._list_play()
            return list(listed[0])
        if phase == "choose":
            return [CHOOSES[choice] for choice in self._choices()]
        if phase == "remove":
            return list(map(REMOVES.__getitem__, cells_of(self._removable())))
        return []

    def _list_play(self) -> Listed:
        """The play phase's legal actions. For each colour of the mover, from its index: a move goes to an empty
        cell next to one of its groups (anywhere else the piece would be a group of 1, never larger), from a
        piece on one of that cell's lines whose group ends larger. A colour unchanged since its moves were last
        listed keeps those to the cells still empty, and only the cells emptied since are looked at."""
        empty = self._empty
        if empty is None:
            board = self.board
            empty = self._empty = ALL & ~(board[0] | board[1] | board[2] | board[3] | board[4] | board[5])
        pairs: list[int] = []  # source << 6 | target, sorted below into reading order
        pickups: list[int] = []
        cell_at, bit_at, lines, bits = CELL_AT, BIT_AT, LINES, BITS  # locals: this is the engine's hottest loop
        indexes, moves = self._index, self._moves
        # sets[seat] is 0 or 1 in play, and `or 0` is far cheaper than a call to cast() that tells mypy so.
        for colour in SET_COLOURS[self.sets[self.current] or 0]:
            index = indexes[colour] or self.index_of(colour)
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
                legal = _joining(groups_, sizes, around, up_to, target)
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
        actions: tuple[Action, ...] = steps + picks
        return actions, tuple(pairs), tuple(pickups)

    def _listed(self, action: Action) -> bool:
        """Whether `action` is among the play phase's legal actions, if they are listed for this position."""
        listed = self._legal
        if listed is None:
            return False
        if isinstance(action, Move):  # a target off the board could make the number of another move
            return 0 <= action.target < NUM_CELLS and action.source << 6 | action.target in listed[1]
        return isinstance(action, Pickup) and action.cell in listed[2]

    def why_illegal(self, action: Action) -> str | None:
        if self._listed(action):
            return None  # one of the legal actions listed for this position: the rules have been checked
        # A player's decision tried during the deal names setup step 1, not "not a possible outcome of the
        # chance event" (the core's answer, kept for a deal that is not the next one).
        if self.phase == "deal" and not isinstance(action, Deal):
            return f"{SETUP} 1: the pieces are first placed at random, cell by cell ({NAMES[self.dealt]} is next); " \
                   "choosing, removing and moving come after"
        return super().why_illegal(action)

    def _why_illegal(self, action: Action) -> str | None:
        if isinstance(action, Deal):
            return f"{SETUP} 1: the pieces are placed at random once, before anything else, and the board is set"
        phase = self.phase
        if phase == "play":
            if isinstance(action, Move):
                return self._move_problem(action)
            if isinstance(action, Pickup):
                return self._pickup_problem(action)
            return f"{MOVE_RULE} / {PICKUP_RULE}: on your turn you move a piece ('c3-e5') or pick up a group ('x c3')"
        if phase == "choose":
            if not isinstance(action, Choose):
                return f"{SETUP} 2: the colour sets and the first move are settled first ('choose ...')"
            if action.choice not in self._choices():
                return f"{SETUP} 2: {self._choice_rule()}"
            return None
        assert phase == "remove"  # "deal" is chance, "over" terminal: the core answers for both
        if isinstance(action, Choose) and action.choice in ("first", "second") and self._first_move_given():
            return (
                f"{SETUP} 2: the player who did not place the pieces took a colour set, which leaves the first move "
                "to the player who placed them; the placer may not choose to move second"
            )
        return self._remove_problem(action)

    def _first_move_given(self) -> bool:
        """Whether the placer has the first move because the other player took a colour set (rulebook, Setup 2),
        rather than by a choice (only the option placer_chooses_order leaves them one)."""
        return self.first == 0 and not self.options.placer_chooses_order

    def _choice_rule(self) -> str:
        if self.current == 1:
            return "the player who did not place the pieces chooses a colour set (rby, bwg) or the first move (first)"
        if self.first is None:
            return (
                "the other player took a colour set, so you choose who moves first: 'choose first' or 'choose second'"
            )
        return "the other player took the first move, so you choose your colour set: 'choose rby' or 'choose bwg'"

    def _remove_problem(self, action: Action) -> str | None:
        rule = f"{SETUP} 3: the second player removes one piece of their colours and one of the opponent's"
        if not isinstance(action, Remove):
            return f"{rule} ('remove c3')"
        if BITS[action.cell] & self._removable():
            return None
        colour = self.colour_at(action.cell)
        if colour is None:
            return f"{rule}; {NAMES[action.cell]} is empty"
        whose = "your" if colour in self.colours_of(self.current) else "your opponent's"
        return f"{rule}; you have already removed one of {whose} pieces"

    def _removable(self) -> int:
        """The pieces of the sides the second player has not yet removed a piece of."""
        return sum(self.board[c] for side in (0, 1) if side not in self.removed for c in SET_COLOURS[side])

    def _own_piece(self, cell: int, rule: str, duty: str) -> int | str:
        """The colour of the mover's own piece on `cell`, or why there is none (citing `rule`)."""
        colour = self.colour_at(cell)
        if colour is None:
            return f"{rule}: there is no piece on {NAMES[cell]}"
        if colour not in self.colours_of(self.current):
            return f"{rule}: you {duty}, and {NAMES[cell]} is {COLOURS[colour]}"
        return colour

    def _move_problem(self, move: Move) -> str | None:
        source, target = move.source, move.target
        if not (0 <= source < NUM_CELLS and 0 <= target < NUM_CELLS):
            return f"{MOVE_RULE}: both cells must be on the board"
        colour = self._own_piece(source, MOVE_RULE, "move pieces of your own colours")
        if isinstance(colour, str):
            return colour
        if self.occupied() & BITS[target]:
            return f"{MOVE_RULE}: a piece moves to an empty cell, and {NAMES[target]} is occupied"
        if not LINES[source] & BITS[target]:
            return f"{MOVE_RULE}: a piece moves along one of the three lines through it; {NAMES[target]} is not on one"
        before = self.group_at(colour, source).bit_count()
        after = self.group_size_after_move(colour, source, target)
        if after <= before:
            return (
                f"{MOVE_RULE}: the moved piece must belong to a larger group than before "
                f"(its group would go from {before} to {after})"
            )
        return None

    def _pickup_problem(self, pickup: Pickup) -> str | None:
        cell = pickup.cell
        if not 0 <= cell < NUM_CELLS:
            return f"{PICKUP_RULE}: the cell must be on the board"
        colour = self._own_piece(cell, PICKUP_RULE, "remove one of your own groups")
        if isinstance(colour, str):
            return colour
        group = self.group_at(colour, cell)
        if len(self.groups_of(colour)) == 1:
            last = COLOURS[colour]
            return f"{PICKUP_RULE}: you may not remove all pieces of a colour, and this is the last {last} group"
        named = first_cell(group)
        if named != cell:
            return f"{PICKUP_RULE}: a group is named by its first cell in reading order; write 'x {NAMES[named]}'"
        return None

    def apply(self, action: Action) -> list[Event]:
        # The path search and playouts take: an action listed for this position is legal, so it is played at
        # once; anything else goes through the core's check (and is refused there with the rule it breaks).
        listed = self._legal  # self._listed(action), written out: this is every decision's path
        if listed is not None and (
            action.source << 6 | action.target in listed[1] and 0 <= action.target < NUM_CELLS
            if isinstance(action, Move)
            else isinstance(action, Pickup) and action.cell in listed[2]
        ):
            self._legal = None
            return self._play(action)
        return super().apply(action)

    def _forget(self) -> None:
        self._legal = None

    def _apply(self, action: Action) -> list[Event]:
        if isinstance(action, Deal):
            return self._deal(action)
        if isinstance(action, Choose):
            return self._choose(action)
        if isinstance(action, Remove):
            return self._remove(action)
        return self._play(action)

    def _play(self, action: Action) -> list[Event]:
        """A move or pickup, already known to be legal, and what follows it."""
        mover = self.current
        if isinstance(action, Move):
            events = self._move(action)
        else:
            assert isinstance(action, Pickup)
            events = self._pickup(action)
        self.turn += 1
        a, b, c = SET_COLOURS[self.sets[mover] or 0]  # is_sorted(mover), written out: it runs every turn
        groups = self._groups
        if len(groups[a] or self.groups_of(a)) == len(groups[b] or self.groups_of(b)) == \
                len(groups[c] or self.groups_of(c)) == 1:
            events.append(self._finish([mover], f"Player {mover + 1} has one group in each of their colours"))
            return events
        self.current = 1 - mover
        key = (*self.board, self.current)  # _count_position, written out
        seen = self.seen
        repeated = seen[key] = seen.get(key, 0) + 1
        if self.options.repetition_draw and repeated >= 3:
            events.append(self._finish([], "the same position arose for the third time"))
        return events

    def _deal(self, deal: Deal) -> list[Event]:
        if deal.colour != EMPTY:
            self.board[deal.colour] |= BITS[deal.cell]
            self._groups[deal.colour] = self._index[deal.colour] = None
        self.pool[deal.colour] -= 1
        self.dealt += 1
        data = {"cell": NAMES[deal.cell], "colour": _colour_name(deal.colour)}
        cell = NAMES[deal.cell]
        text = f"{cell} stays empty" if deal.colour == EMPTY else f"{cell} gets a {COLOURS[deal.colour]} nut"
        events = [Event(text, "deal", data, detail=True)]
        if self.dealt == NUM_CELLS:
            self.phase = "choose"
            self.current = 1
            events.append(Event("The board is set; Player 2 chooses a colour set or the first move", "phase"))
        return events

    def _choose(self, choose: Choose) -> list[Event]:
        seat, choice = self.current, choose.choice
        if choice in SETS:
            self.sets[seat] = SETS.index(choice)
            self.sets[1 - seat] = 1 - SETS.index(choice)
            text = f"Player {seat + 1} takes {_set_name(self.sets[seat])}"
        else:
            self.first = seat if choice == "first" else 1 - seat
            text = (
                f"Player {seat + 1} takes the first move"
                if self.first == seat
                else f"Player {seat + 1} lets Player {self.first + 1} move first"
            )
        events = [Event(text, "choose", {"seat": seat, "choice": choice})]
        if self.first is None and not self.options.placer_chooses_order:
            # Setup 2: the other player chose between a colour set and the first move; a colour set taken leaves
            # the placer the first move (only the option placer_chooses_order lets them choose who moves first).
            self.first = 1 - seat
            events.append(Event(f"Player {self.first + 1}, who placed the nuts, gets the first move", "phase"))
        if self.first is None or self.sets[0] is None:
            self.current = 0
            return events
        self.phase = "remove"
        self.current = 1 - self.first
        events.append(Event(f"Player {self.current + 1} removes one nut of their own colours and one of their "
                            "opponent's", "phase"))
        return events

    def _remove(self, remove: Remove) -> list[Event]:
        colour = self.colour_at(remove.cell)
        assert colour is not None
        self.board[colour] ^= BITS[remove.cell]
        self._empty = None
        self._groups[colour] = self._index[colour] = None
        self.removed.append(0 if colour in SET_COLOURS[0] else 1)
        text = f"Player {self.current + 1} removes the {COLOURS[colour]} nut from {NAMES[remove.cell]}"
        events = [Event(text, "remove")]
        if len(self.removed) < 2:
            return events
        assert self.first is not None
        self.phase = "play"
        self.current = self.first
        for colour in range(len(COLOURS)):  # play lists moves from each colour's index: find its groups once, here
            self.index_of(colour)
        sorted_seats = [seat for seat in (0, 1) if self.is_sorted(seat)]
        if len(sorted_seats) == 2:
            rule = self.options.both_sorted
            winners = [] if rule == "draw" else [self.first if rule == "first" else 1 - self.first]
            events.append(self._finish(winners, "both players are sorted as setup ends"))
        elif sorted_seats:
            events.append(self._finish(sorted_seats, "setup leaves one player sorted"))
        else:
            self._count_position()
            events.append(Event(f"Player {self.first + 1} moves first", "phase"))
        return events

    def _move(self, move: Move) -> list[Event]:
        source, target = move.source, move.target
        source_bit, target_bit = BITS[source], BITS[target]
        board = self.board
        for colour in SET_COLOURS[self.sets[self.current] or 0]:  # the colour of the mover's piece there
            if board[colour] & source_bit:
                break
        index = self._index[colour] or self.index_of(colour)
        both = source_bit | target_bit
        board[colour] ^= both
        if self._empty is not None:
            self._empty ^= both
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
            _find(rest | joined | target_bit, groups, around, firsts, target_bit)
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
        index = self._index[colour] = _completed(groups, around, firsts)
        self._groups[colour] = index.groups
        after = index.sizes[after]
        text = (f"Player {self.current + 1} moves the {COLOURS[colour]} nut from {NAMES[source]}"
                f" to {NAMES[target]} (its group grows from {before} to {after})")
        return [Event(text, "move", {"colour": COLOURS[colour], "before": before, "after": after})]

    def _pickup(self, pickup: Pickup) -> list[Event]:
        bit = BITS[pickup.cell]
        board = self.board
        for colour in SET_COLOURS[self.sets[self.current] or 0]:  # the colour of the mover's piece there
            if board[colour] & bit:
                break
        index = self._index[colour] or self.index_of(colour)
        gone = index.firsts.index(pickup.cell)
        group = index.groups[gone]
        board[colour] ^= group
        if self._empty is not None:
            self._empty |= group
        # The other groups stay as they were: no need to find them again.
        index = self._index[colour] = _index_without(index, gone)
        self._groups[colour] = index.groups
        self.seen.clear()  # fewer pieces now: no earlier position can come back
        size = group.bit_count()
        what = f"the lone {COLOURS[colour]} nut" if size == 1 else f"the group of {size} {COLOURS[colour]} nuts"
        text = f"Player {self.current + 1} picks up {what} at {NAMES[pickup.cell]}"
        return [Event(text, "pickup", {"colour": COLOURS[colour], "size": size})]

    def _count_position(self) -> int:
        key = (*self.board, self.current)
        count = self.seen.get(key, 0) + 1
        self.seen[key] = count
        return count

    def _finish(self, winners: list[int], reason: str) -> Event:
        self.phase = "over"
        self.winner_seats = winners
        self.end = reason
        result = " and ".join(f"Player {w + 1}" for w in winners) + " wins" if winners else "a draw"
        return Event(f"Game over: {result} ({reason})", "end", {"winners": winners, "reason": reason})

    def scores(self) -> list[float]:
        return [1.0 if seat in self.winner_seats else 0.0 for seat in (0, 1)]

    def winners(self) -> list[int]:
        return list(self.winner_seats)

    # --- views: everything is public ---------------------------------------------------------------
    def view(self, seat: int | None) -> SortingView:
        return cast(SortingView, super().view(seat))

    def _view(self, seat: int | None) -> SortingFields:
        cells: dict[str, str | None] = {}
        for cell in range(self.dealt):
            colour = self.colour_at(cell)
            cells[NAMES[cell]] = COLOURS[colour] if colour is not None else None
        return {
            "phase": self.phase,
            "cells": cells,
            "pool": {_colour_name(c): n for c, n in enumerate(self.pool)} if self.phase == "deal" else None,
            "colour_sets": [SETS[s] if s is not None else None for s in self.sets],
            "first": self.first,
            "removed_from": [SETS[s] for s in self.removed],
            "turn": self.turn,
            "groups": {COLOURS[c]: len(self.groups_of(c)) for c in range(len(COLOURS))},
            "repetitions": {_position_text(key): n for key, n in self.seen.items()},
            "end": self.end,
        }

    @classmethod
    def from_view(cls, game: NutsSorting, view: SortingView) -> SortingState:
        """The state a view shows. Nuts Sorting hides nothing, so the view is the whole state."""
        state = cls(game)
        for name, colour in view["cells"].items():
            cell = CELL_OF_NAME[name]
            if colour is not None:
                state.board[COLOURS.index(colour)] |= BITS[cell]
        state.dealt = len(view["cells"])
        if view["pool"] is not None:
            state.pool = [view["pool"][_colour_name(c)] for c in range(len(COLOURS) + 1)]
        else:
            state.pool = [0] * (len(COLOURS) + 1)
        state.phase = view["phase"]
        state.sets = [SETS.index(s) if s is not None else None for s in view["colour_sets"]]
        state.first = view["first"]
        state.removed = [SETS.index(s) for s in view["removed_from"]]
        to_move = view["to_move"]
        state.current = to_move if isinstance(to_move, int) else (1 if state.phase == "deal" else 0)
        state.turn = view["turn"]
        state.seen = {_position_key(text): n for text, n in view["repetitions"].items()}
        state.winner_seats = list(view.get("winners", []))
        state.end = view["end"]
        if state.phase == "play":
            # A bot searches from this state by cloning it over and over: what is listed and indexed here once,
            # every clone shares, rather than each finding it again.
            state.legal_actions()
            for number in range(len(COLOURS)):
                state.groups_of(number)
        return state


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


# The legal actions of a play-phase position as listed, and as numbers to look an action up by: the moves
# (source << 6 | target) and the pickups (cells). A plain tuple: it is built for every position.
Listed = tuple[tuple[Action, ...], tuple[int, ...], tuple[int, ...]]


def _index(pieces: int) -> ColourIndex:
    """The index of one colour's pieces, found from scratch."""
    groups: list[int] = []
    around: list[int] = []
    firsts: list[int] = []
    _find(pieces, groups, around, firsts)
    return _completed(groups, around, firsts)


def _find(pieces: int, groups: list[int], around: list[int], firsts: list[int], first: int = 0) -> None:
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


def _index_without(index: ColourIndex, gone: int) -> ColourIndex:
    """The index once the group numbered `gone` is picked up: the other groups stay as they were."""
    after = gone + 1
    groups, around, firsts = index.groups, index.around, index.firsts
    return _completed(
        groups[:gone] + groups[after:], around[:gone] + around[after:], firsts[:gone] + firsts[after:]
    )


def _completed(groups: Sequence[int], around: Sequence[int], firsts: Sequence[int]) -> ColourIndex:
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


def _joining(
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
        while members:  # from the top, as in _list_play
            top = members.bit_length() - 1
            source_bit = BIT_AT[top]
            members ^= source_bit
            links = NEIGHBOURS[CELL_AT[top]] & group
            if links.bit_count() < 2 or _size_after(group, source_bit, target, joined) > size:
                legal |= source_bit
    return legal


def _size_after(group: int, source_bit: int, target: int, joined: int) -> int:
    """The moved piece's new group size: 1, plus the groups it joins at `target` (`joined`), where its own
    old `group` counts only with the part still touching the target once the piece has left (it may split).
    """
    if not joined & group:
        return 1 + joined.bit_count()
    rest = group ^ source_bit
    part = flood(NEIGHBOURS[target] & rest, rest)
    return 1 + (joined ^ group).bit_count() + part.bit_count()


def _colour_name(colour: int) -> str:
    return "empty" if colour == EMPTY else COLOURS[colour]


def _set_name(chosen: int | None) -> str:
    return "red, blue and yellow" if chosen == 0 else "black, white and gray"


_LETTERS = "rbykwg"


def _position_text(key: tuple[int, ...]) -> str:
    """A position as 61 letters in reading order ('.' empty) and the seat to move: 'rbb.y...k:0'."""
    letters = ["."] * NUM_CELLS
    for colour, mask in enumerate(key[:-1]):
        for bit in bits_of(mask):
            letters[CELL_OF_BIT[bit]] = _LETTERS[colour]
    return "".join(letters) + f":{key[-1]}"


def _position_key(text: str) -> tuple[int, ...]:
    letters, _, seat = text.partition(":")
    board = [0] * len(COLOURS)
    for cell, letter in enumerate(letters):
        if letter != ".":
            board[_LETTERS.index(letter)] |= BITS[cell]
    return (*board, int(seat))
