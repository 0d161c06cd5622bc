"""The actions of Nuts Sorting and their notation (see the package docstring for the full table), each
declared once as forms (core/notation.py). Moves, pickups and deals are also tables built once: move
generation looks its actions up, and str() looks up their texts, written from the forms at import."""

from __future__ import annotations

import re
from dataclasses import dataclass

from nutbox.core import Action, Field, Form, Notation, NotationError
from nutbox.core.notation import write
from nutbox.games.nuts_sorting.board import CELL_OF_NAME, NAMES, NUM_CELLS
from nutbox.games.nuts_sorting.components import COLOURS, EMPTY

CHOICES = ("rby", "bwg", "first", "second")


def _not_a_cell(word: str) -> str:
    return f"{word!r} is not a cell (rows a-i, numbered as on the board: a1-a5 ... i5-i9)"


class Cell(Field[int]):
    """A cell by its name (c3), held as its index in reading order."""

    def __init__(self, hint: str = "c3") -> None:
        self.hint = hint

    def read(self, word: str) -> int:
        cell = CELL_OF_NAME.get(word)
        if cell is None:
            raise ValueError(_not_a_cell(word))
        return cell

    def write(self, value: int) -> str:
        return NAMES[value]


class Choice(Field[str]):
    """What `choose` takes: a colour set, or the first move (`second` only with the option placer_chooses_order)."""

    hint = "rby|bwg|first|second"

    def read(self, word: str) -> str:
        if word not in CHOICES:
            raise ValueError(f"choose takes one of {', '.join(CHOICES)}, not {word!r}")
        return word

    def write(self, value: str) -> str:
        return value


class Dealt(Field[int]):
    """What a deal puts on its cell: a colour, or `empty` for the blank."""

    hint = "COLOUR"

    def read(self, word: str) -> int:
        if word not in _DEALT:
            raise ValueError(f"deal gives a colour ({', '.join(COLOURS)}) or empty, not {word!r}")
        return _DEALT[word]

    def write(self, value: int) -> str:
        return "empty" if value == EMPTY else COLOURS[value]


_DEALT = {**{colour: index for index, colour in enumerate(COLOURS)}, "empty": EMPTY}
CELL = Cell()


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the next cell in reading order gets a piece of `colour` (EMPTY for the blank cell)."""

    cell: int
    colour: int
    forms = (Form("deal {cell} {colour}", {"cell": CELL, "colour": Dealt()}, chance=True),)

    def __str__(self) -> str:  # the form's text, written once per deal (DEAL_TEXT below): every deal logs it
        return DEAL_TEXT[self.cell * (EMPTY + 1) + self.colour]


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Setup step 2: take a colour set (rby, bwg) or the first move (first). With the option placer_chooses_order,
    the placer answers a colour set by saying who moves first (first: me, second: the other player)."""

    choice: str
    forms = (Form("choose {choice}", {"choice": Choice()}),)


@dataclass(frozen=True, slots=True)
class Remove(Action):
    """Setup step 3: the second player removes one piece of each side."""

    cell: int
    forms = (Form("remove {cell}", {"cell": CELL}),)


@dataclass(frozen=True, slots=True)
class Move(Action):
    """A piece from `source` to `target`: "c3-e5" (read also with spaces around the dash, see NOTATION)."""

    source: int
    target: int
    forms = (Form("{source}-{target}", {"source": CELL, "target": Cell("e5")}),)

    def __str__(self) -> str:  # the form's text, written once per move (MOVE_TEXT below): records and logs ask often
        return MOVE_TEXT[self.source << 6 | self.target] or write(self)


@dataclass(frozen=True, slots=True)
class Pickup(Action):
    """Remove the group whose first cell (in reading order a1, a2, ..., i9) is `cell`."""

    cell: int
    forms = (
        Form("x {cell}", {"cell": CELL}),
        Form("pickup {cell}", {"cell": CELL}, writes=False),
        Form("x{cell}", {"cell": CELL}, writes=False),  # "xc3" is a common shorthand for "x c3"
    )

    def __str__(self) -> str:  # the form's text, written once per pickup (PICKUP_TEXT below)
        return PICKUP_TEXT[self.cell]


# Every move (indexed by source << 6 | target), pickup, removal and choice, built once: move generation
# looks them up; and the text of each move, pickup and deal, written once from its form, as str() looks them up.
MOVE_TABLE = tuple(Move(pair >> 6, pair & 63) for pair in range(NUM_CELLS << 6))
PICKUPS = tuple(Pickup(cell) for cell in range(NUM_CELLS))
REMOVES = tuple(Remove(cell) for cell in range(NUM_CELLS))
CHOOSES = {choice: Choose(choice) for choice in CHOICES}
DEALS = tuple(Deal(cell, colour) for cell in range(NUM_CELLS) for colour in range(EMPTY + 1))
# The play phase's actions by one number each, as its listing sorts them (turn.py): the moves (source << 6 | target)
# in reading order, then the pickups (PICK + cell).
PICK = NUM_CELLS << 6
PLAY_TABLE = (*MOVE_TABLE, *PICKUPS)
MOVE_TEXT = tuple(write(move) if move.target < NUM_CELLS else "" for move in MOVE_TABLE)  # "": off the board
PICKUP_TEXT = tuple(write(pickup) for pickup in PICKUPS)
DEAL_TEXT = tuple(write(deal) for deal in DEALS)
_DASH = re.compile(r"\s*-\s*")


class _Notation(Notation):
    """The core's notation with a message kept from the hand-written parser: a bare `x` (or `remove`,
    `pickup`) says the cell is missing."""

    def parse(self, text: str) -> Action:
        try:
            return super().parse(text)
        except NotationError as error:
            if text.strip().lower() in ("x", "pickup", "remove"):
                raise NotationError(text, f"{_not_a_cell('')}; {error.problem}") from None
            raise


NOTATION = _Notation(
    (Move, Pickup, Remove, Choose, Deal), clean=lambda text: _DASH.sub("-", text),
    shapes="expected a move like 'c3-e5', a pickup like 'x c3', or 'choose ...', 'remove ...', 'deal ...'",
)


# The fixed integer encoding: blocks of deals, choices, removals, moves and pickups.
_DEALS = NUM_CELLS * (EMPTY + 1)
_CHOOSE = _DEALS
_REMOVE = _CHOOSE + len(CHOICES)
_MOVES = _REMOVE + NUM_CELLS
_PICKUP = _MOVES + NUM_CELLS * NUM_CELLS
NUM_ACTIONS = _PICKUP + NUM_CELLS


def action_index(action: Action) -> int:
    if isinstance(action, Deal):
        return action.cell * (EMPTY + 1) + action.colour
    if isinstance(action, Choose):
        return _CHOOSE + CHOICES.index(action.choice)
    if isinstance(action, Remove):
        return _REMOVE + action.cell
    if isinstance(action, Move):
        return _MOVES + action.source * NUM_CELLS + action.target
    if isinstance(action, Pickup):
        return _PICKUP + action.cell
    raise TypeError(f"{action!r} is not a Nuts Sorting action")


def action_from_index(index: int) -> Action:
    if not 0 <= index < NUM_ACTIONS:
        raise IndexError(f"action index {index} is outside 0..{NUM_ACTIONS - 1}")
    if index < _CHOOSE:
        return Deal(*divmod(index, EMPTY + 1))
    if index < _REMOVE:
        return Choose(CHOICES[index - _CHOOSE])
    if index < _MOVES:
        return Remove(index - _REMOVE)
    if index < _PICKUP:
        return Move(*divmod(index - _MOVES, NUM_CELLS))
    return Pickup(index - _PICKUP)
