"""The rules of Nuts Sorting (rulebooks/nuts-sorting.txt) as a state machine; see the package docstring."""

from __future__ import annotations

import dataclasses
import itertools
import operator
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Self, cast

from nutbox.core import CHANCE, TERMINAL, Action, Event, Options, State, ToMove
from nutbox.games.nuts_sorting.actions import (
    COLOURS,
    DEALS,
    EMPTY,
    MOVE_TABLE,
    PICKUPS,
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
    BITS,
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
    groups,
    spread,
)
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


class SortingState(State):
    """Seat 0 is the player who placed the pieces (the deal is chance); seat 1 chooses first."""

    # Every field is in exactly one of these (they make the slots): what apply changes in place is copied by
    # clone (each a list or dict of immutable values, so one level deep is enough), everything else is shared
    # (plain values, the game and its frozen options). tests/games/nuts_sorting/test_clone.py checks clone
    # against them, and that what is shared is immutable, on positions from playouts.
    SHARED = ("game", "options", "dealt", "phase", "first", "current", "turn", "end")
    COPIED = ("board", "pool", "sets", "removed", "seen", "winner_seats", "_groups", "_index")
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
        other.board = self.board.copy()
        other.pool = self.pool.copy()
        other.sets = self.sets.copy()
        other.removed = self.removed.copy()
        other.seen = self.seen.copy()
        other.winner_seats = self.winner_seats.copy()
        other._groups = self._groups.copy()
        other._index = self._index.copy()
        return other

    # --- facts derived from the board ---------------------------------------------------------------
    def groups_of(self, colour: int) -> tuple[int, ...]:
        cached = self._groups[colour]
        if cached is None:
            cached = self._groups[colour] = groups(self.board[colour])
        return cached

    def index_of(self, colour: int) -> ColourIndex:
        """The colour's groups indexed for move generation (cached until the colour changes)."""
        cached = self._index[colour]
        if cached is None:
            cached = self._index[colour] = _index(self.groups_of(colour))
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
        return _joined(NEIGHBOURS[target] & self.board[colour], self.index_of(colour)[0])

    def group_size_after_move(self, colour: int, source: int, target: int) -> int:
        """Size of the group the piece at `source` belongs to once it stands on the empty `target`."""
        return _size_after(self.group_at(colour, source), BITS[source], target, self.reach(colour, target))

    def group_at(self, colour: int, cell: int) -> int:
        """The group of `colour` that holds the piece on `cell`."""
        return self.index_of(colour)[0][BITS[cell]][0]

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
        if self.first is None:
            return ("first", "second")
        return ("rby", "bwg")

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "play":
            return self._legal_play()
        if phase == "choose":
            return [Choose(choice) for choice in self._choices()]
        if phase == "remove":
            return [Remove(cell) for cell in cells_of(self._removable())]
        return []

    def _legal_play(self) -> list[Action]:
        board = self.board
        empty = ALL & ~self.occupied()
        pairs: list[int] = []  # source * 64 + target, sorted below into reading order
        pickups: list[int] = []
        for colour in self.colours_of(self.current):
            mine = board[colour]
            owner, up_to, firsts = self.index_of(colour)
            if len(firsts) > 1:
                pickups.extend(firsts)
            # A piece moved to a cell touching none of its colour forms a group of 1: never larger.
            targets = spread(mine) & empty
            while targets:
                target_bit = targets & -targets
                targets ^= target_bit
                target = CELL_OF_BIT[target_bit]
                sources = LINES[target] & mine
                if not sources:
                    continue
                joined = _joined(NEIGHBOURS[target] & mine, owner)
                most = joined.bit_count()
                # A piece from a group it does not join ends in a group of most + 1: legal if its group is smaller.
                legal = sources & ~joined & up_to[most]
                inside = sources & joined
                while inside:
                    group, size = owner[inside & -inside]
                    members = inside & group
                    inside ^= members
                    if most <= size:
                        continue  # even all of its own group back cannot make it larger
                    if (joined ^ group).bit_count() >= size:
                        legal |= members  # the other groups it joins are enough on their own
                        continue
                    for source_bit in bits_of(members):
                        if _size_after(group, source_bit, target, joined) > size:
                            legal |= source_bit
                while legal:
                    source_bit = legal & -legal
                    legal ^= source_bit
                    pairs.append(CELL_OF_BIT[source_bit] << 6 | target)
        pairs.sort()
        actions: list[Action] = [MOVE_TABLE[pair] for pair in pairs]
        pickups.sort()
        actions.extend([PICKUPS[cell] for cell in pickups])
        return actions

    def why_illegal(self, action: Action) -> str | None:
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
                return f"{SETUP} 2: the players first choose colour sets and who moves first ('choose ...')"
            if action.choice not in self._choices():
                return f"{SETUP} 2: {self._choice_rule()}"
            return None
        assert phase == "remove"  # "deal" is chance, "over" terminal: the core answers for both
        return self._remove_problem(action)

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

    def _apply(self, action: Action) -> list[Event]:
        if isinstance(action, Deal):
            return self._deal(action)
        if isinstance(action, Choose):
            return self._choose(action)
        if isinstance(action, Remove):
            return self._remove(action)
        mover = self.current
        if isinstance(action, Move):
            events = self._move(action)
        else:
            assert isinstance(action, Pickup)
            events = self._pickup(action)
        self.turn += 1
        if self.is_sorted(mover):
            events.append(self._finish([mover], f"player {mover + 1} has one group in each of their colours"))
            return events
        self.current = 1 - mover
        repeated = self._count_position()
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
        events = [Event(str(deal), "deal", data, detail=True)]
        if self.dealt == NUM_CELLS:
            self.phase = "choose"
            self.current = 1
            events.append(Event("The board is set; player 2 chooses a colour set or the first move", "phase"))
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
                else f"Player {seat + 1} lets player {self.first + 1} move first"
            )
        events = [Event(text, "choose", {"seat": seat, "choice": choice})]
        if self.first is None or self.sets[0] is None:
            self.current = 0
            return events
        self.phase = "remove"
        self.current = 1 - self.first
        events.append(Event(f"Player {self.current + 1} removes one piece of each side", "phase"))
        return events

    def _remove(self, remove: Remove) -> list[Event]:
        colour = self.colour_at(remove.cell)
        assert colour is not None
        self.board[colour] ^= BITS[remove.cell]
        self._groups[colour] = self._index[colour] = None
        self.removed.append(0 if colour in SET_COLOURS[0] else 1)
        events = [Event(f"Player {self.current + 1} removes {COLOURS[colour]} from {NAMES[remove.cell]}", "remove")]
        if len(self.removed) < 2:
            return events
        assert self.first is not None
        self.phase = "play"
        self.current = self.first
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
        colour = self.colour_at(move.source)
        assert colour is not None
        before = self.group_at(colour, move.source).bit_count()
        self.board[colour] ^= BITS[move.source] | BITS[move.target]
        self._groups[colour] = self._index[colour] = None
        after = flood(BITS[move.target], self.board[colour]).bit_count()
        text = (f"Player {self.current + 1} moves the {COLOURS[colour]} nut from {NAMES[move.source]}"
                f" to {NAMES[move.target]} (its group grows from {before} to {after})")
        return [Event(text, "move", {"colour": COLOURS[colour], "before": before, "after": after})]

    def _pickup(self, pickup: Pickup) -> list[Event]:
        colour = self.colour_at(pickup.cell)
        assert colour is not None
        group = self.group_at(colour, pickup.cell)
        self.board[colour] ^= group
        self._groups[colour] = self._index[colour] = None
        self.seen.clear()  # fewer pieces now: no earlier position can come back
        size = group.bit_count()
        text = f"Player {self.current + 1} picks up the {COLOURS[colour]} group at {NAMES[pickup.cell]} ({size})"
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
        result = " and ".join(f"player {w + 1}" for w in winners) + " wins" if winners else "a draw"
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
        return state


# For one colour: each piece's (group, size); for each k up to its piece count, the pieces in groups of
# size <= k; and the first cell of each group (its pickup's name), in reading order.
ColourIndex = tuple[Mapping[int, tuple[int, int]], tuple[int, ...], tuple[int, ...]]  # read only: clones share it


def _index(groups: tuple[int, ...]) -> ColourIndex:
    owner: dict[int, tuple[int, int]] = {}
    by_size = [0] * (sum(group.bit_count() for group in groups) + 1)
    for group in groups:
        size = group.bit_count()
        by_size[size] |= group
        for bit in bits_of(group):
            owner[bit] = (group, size)
    up_to = tuple(itertools.accumulate(by_size, operator.or_))
    return owner, up_to, tuple(first_cell(group) for group in groups)


def _joined(touching: int, owner: Mapping[int, tuple[int, int]]) -> int:
    """The union of the groups that own the pieces of `touching`."""
    joined = 0
    while touching:
        group = owner[touching & -touching][0]
        joined |= group
        touching &= ~group
    return joined


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
