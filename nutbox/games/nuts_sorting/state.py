"""The Nuts Sorting state: its fields and how clones share them, what follows from the board, who is to move,
and the phase that answers the rest (setup.py: the deal, the choice and the removals; turn.py: a turn;
scoring.py: the end). The package docstring summarises the rules (rulebooks/nuts-sorting.txt)."""

from __future__ import annotations

from collections.abc import Mapping
from operator import getitem
from typing import Any, ClassVar, Self

from nutbox.core import CHANCE, TERMINAL, Action, Event, Game, ToMove
from nutbox.core.phases import Phase, PhasedState
from nutbox.core.state import among
from nutbox.games.nuts_sorting import scoring, setup, turn
from nutbox.games.nuts_sorting.actions import PICK, PLAY_TABLE, Deal, Move, Pickup
from nutbox.games.nuts_sorting.board import BITS
from nutbox.games.nuts_sorting.board import groups as find_groups
from nutbox.games.nuts_sorting.colour_index import ColourIndex, indexed, size_after
from nutbox.games.nuts_sorting.components import COLOURS, EMPTY, PIECES_PER_COLOUR, SET_COLOURS
from nutbox.games.nuts_sorting.options import SortingOptions
from nutbox.games.nuts_sorting.view import PhaseName, SortingFields, SortingView, build


class SortingState(PhasedState[SortingView]):
    """Seat 0 is the player who placed the pieces (the deal is chance); seat 1 chooses first."""

    # Every field is in exactly one of these (they make the slots): what apply changes in place is copied by
    # clone (each a list or dict of immutable values, so one level deep is enough), everything else is shared
    # (plain values, the game and its frozen options, and the listed actions, which nothing changes: legal_actions
    # hands out copies). tests/games/nuts_sorting/test_clone.py checks clone against them, and that what is shared
    # is not changed, on positions from playouts.
    SHARED = ("game", "options", "dealt", "phase", "first", "current", "turn", "end", "_legal", "_numbers", "_empty")
    COPIED = ("board", "pool", "sets", "removed", "seen", "winner_seats", "_groups", "_index", "_moves")
    __slots__ = SHARED + COPIED
    # the fields a view shows as they are (view.py builds the rest from the board)
    SHOWN: ClassVar[tuple[str, ...]] = ("phase", "first", "turn", "end")
    # "over" lists nothing and is never asked more: the core refuses every action once the game is over
    PHASES: ClassVar[Mapping[str, Phase[Any]]] = {
        "deal": setup.DEAL, "choose": setup.CHOOSE, "remove": setup.REMOVE, "play": turn.PLAY, "over": scoring.OVER,
    }
    phase: PhaseName

    def __init__(self, game: Game[SortingOptions, Any, Any]) -> None:
        self.game = game
        self.options: SortingOptions = game.options
        self.board = [0] * len(COLOURS)  # one bitmask of cells per colour
        self.dealt = 0  # cells dealt so far, in reading order
        self.pool = [PIECES_PER_COLOUR] * len(COLOURS) + [1]  # what the deal has left, the blank last
        self.phase = "deal"
        self.sets: list[int | None] = [None, None]  # each seat's colour set: 0 rby, 1 bwg
        self.first: int | None = None
        self.removed: list[int] = []  # the colour sets the second player has removed a piece of
        self.current = 1
        self.turn = 0  # moves and pickups made
        self.seen: dict[tuple[int, ...], int] = {}  # positions since the last pickup, for repetition
        self.winner_seats: list[int] = []
        self.end: str | None = None  # why the game ended, once it has (as the view says it: scoring.py)
        self._groups: list[tuple[int, ...] | None] = [None] * len(COLOURS)
        self._index: list[ColourIndex | None] = [None] * len(COLOURS)
        # The legal actions, listed once per position (apply forgets them; ListedState), and in the play phase the
        # same as numbers to look an action up by (turn.Numbers: the moves, source << 6 | target, then the pickups,
        # actions.PICK + cell), so that apply accepts a listed action without checking the rules again. Read only,
        # so clones share them.
        self._legal: list[Action] | None = None
        self._numbers: turn.Numbers | None = None
        # The empty cells, once the play phase has listed moves: kept up to date by moves and pickups, rather
        # than found from the six colours for every listing.
        self._empty: int | None = None
        # Per colour, its moves as last listed (turn.Listed).
        self._moves: list[turn.Listed | None] = [None] * len(COLOURS)

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
        other._numbers = self._numbers
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
        if cached is None:  # from the index if there is one, else just the groups: the index costs more
            index = self._index[colour]
            cached = self._groups[colour] = find_groups(self.board[colour]) if index is None else index.groups
        return cached

    def index_of(self, colour: int) -> ColourIndex:
        """The colour's groups indexed for move generation (cached until the colour changes)."""
        cached = self._index[colour]
        if cached is None:
            cached = self._index[colour] = indexed(self.board[colour])
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
        return sum(group for group, _, near, _ in index.records if near & bit)

    def group_size_after_move(self, colour: int, source: int, target: int) -> int:
        """Size of the group the piece at `source` belongs to once it stands on the empty `target`."""
        return size_after(self.group_at(colour, source), BITS[source], target, self.reach(colour, target))

    def group_at(self, colour: int, cell: int) -> int:
        """The group of `colour` that holds the piece on `cell` (0 if there is none)."""
        bit = BITS[cell]
        for group in self.groups_of(colour):
            if group & bit:
                return group
        return 0

    # --- the protocol: the phases answer (PHASES), but for the play phase's short cuts ------------------
    def to_move(self) -> ToMove:
        if self.phase == "deal":
            return CHANCE
        if self.phase == "over":
            return TERMINAL
        return self.current

    # The core's answers from to_move(), read off the phase at once: whoever drives a game asks both every step.
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance(self) -> bool:
        return self.phase == "deal"

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        # Listed at each call rather than kept as ListedState keeps them: the deal is the only chance, a game lists
        # its outcomes once per cell, and apply deals the outcome drawn without listing them again. (Deal_outcomes
        # written out: a call more per cell is a tenth of the listing.)
        if self.phase != "deal":
            return []
        return [*filter(None, map(getitem, setup.OUTCOMES_AT[self.dealt], self.pool))]

    def _is_outcome(self, action: Action) -> bool:
        return among(action, self.chance_outcomes())

    def legal_actions(self) -> list[Action]:
        # ListedState's, but for the play phase's listing called at once rather than through PHASES: this is the
        # engine's most frequent call (docs/architecture.md, engine speed)
        legal = self._legal
        if legal is None:
            legal = self._legal = turn.list_play(self) if self.phase == "play" else self._list_legal()
        return legal[:]

    def _why_illegal(self, action: Action) -> str | None:
        if isinstance(action, Deal):
            return setup.DEALT
        if self.phase == "play":
            numbers = self._numbers
            if numbers is None:  # nothing listed for this position: the rules checked in full, not listed first
                return turn.problem(self, action)
            return None if turn.listed(numbers, action) else self._reason(action)
        return super()._why_illegal(action)

    def _not_an_outcome(self, action: Action) -> str:
        # A player's decision tried during the deal names setup step 1 (the deal phase's reason), not "not a
        # possible outcome of the chance event" (the core's answer, kept for a deal that is not the next one).
        return super()._not_an_outcome(action) if isinstance(action, Deal) else self._reason(action)

    def apply(self, action: Action) -> list[Event]:
        # The path search and playouts take: an action listed for this position is legal, so it is played at
        # once; anything else goes through the core's check (and is refused there with the rule it breaks).
        numbers = self._numbers
        if numbers is not None:  # the very objects listed, by their numbers (see turn.Numbers): any other goes on
            if type(action) is Move:
                code = action.source << 6 | action.target
            else:
                code = PICK + action.cell if type(action) is Pickup else -1
            if code in numbers and PLAY_TABLE[code] is action:
                self._legal = self._numbers = None
                return turn.play(self, action)
        elif type(action) is Deal and self.phase == "deal":  # the very object listed for an outcome (as drawn)?
            colour, dealt = action.colour, self.dealt
            if type(colour) is int and 0 <= colour <= EMPTY and setup.DEALS_AT[dealt][colour] is action and \
                    self.pool[colour]:
                self._legal = None  # (the deal lists no decisions; the last deal starts the choice)
                return setup.place(self, dealt, colour)
        return super().apply(action)

    def _forget(self) -> None:
        super()._forget()
        self._numbers = None

    def scores(self) -> list[float]:
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return list(self.winner_seats)

    # --- views: everything is public ---------------------------------------------------------------
    def _view(self, seat: int | None) -> SortingFields:
        return build(self)
