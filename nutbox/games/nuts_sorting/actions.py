"""The actions of Nuts Sorting and their notation (see the package docstring for the full table)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from nutbox.core import Action, NotationError
from nutbox.games.nuts_sorting.board import CELL_OF_NAME, NAMES, NUM_CELLS

COLOURS = ("red", "blue", "yellow", "black", "white", "gray")
SETS = ("rby", "bwg")  # set 0: red, blue, yellow; set 1: black, white, gray
SET_COLOURS = ((0, 1, 2), (3, 4, 5))
CHOICES = ("rby", "bwg", "first", "second")
EMPTY = len(COLOURS)  # the "colour" a deal gives the one cell left empty


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the next cell in reading order gets a piece of `colour` (EMPTY for the blank cell)."""

    cell: int
    colour: int

    def __str__(self) -> str:
        what = "empty" if self.colour == EMPTY else COLOURS[self.colour]
        return f"deal {NAMES[self.cell]} {what}"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Setup step 2: take a colour set (rby, bwg) or say who moves first (first: me, second: the other)."""

    choice: str

    def __str__(self) -> str:
        return f"choose {self.choice}"


@dataclass(frozen=True, slots=True)
class Remove(Action):
    """Setup step 3: the second player removes one piece of each side."""

    cell: int

    def __str__(self) -> str:
        return f"remove {NAMES[self.cell]}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    source: int
    target: int

    def __str__(self) -> str:
        return f"{NAMES[self.source]}-{NAMES[self.target]}"


@dataclass(frozen=True, slots=True)
class Pickup(Action):
    """Remove the group whose first cell (in reading order a1, a2, ..., i9) is `cell`."""

    cell: int

    def __str__(self) -> str:
        return f"x {NAMES[self.cell]}"


# Every move (indexed by source << 6 | target) and pickup, built once: move generation looks them up.
MOVE_TABLE = tuple(Move(pair >> 6, pair & 63) for pair in range(NUM_CELLS << 6))
PICKUPS = tuple(Pickup(cell) for cell in range(NUM_CELLS))
DEALS = tuple(Deal(cell, colour) for cell in range(NUM_CELLS) for colour in range(EMPTY + 1))
_MOVE = re.compile(r"^([a-z]\d+)\s*-\s*([a-z]\d+)$")
_WORDS = re.compile(r"\s+")


def _cell(text: str, name: str) -> int:
    cell = CELL_OF_NAME.get(name)
    if cell is None:
        raise NotationError(text, f"{name!r} is not a cell (rows a-i, numbered as on the board: a1-a5 ... i5-i9)")
    return cell


def parse(text: str) -> Action:
    clean = _WORDS.sub(" ", text.strip().lower())
    if not clean:
        raise NotationError(text, "it is empty")
    move = _MOVE.match(clean)
    if move:
        return Move(_cell(text, move.group(1)), _cell(text, move.group(2)))
    word, _, rest = clean.partition(" ")
    if word == "x" or word == "pickup":
        return Pickup(_cell(text, rest))
    if word == "remove":
        return Remove(_cell(text, rest))
    if word == "choose":
        if rest not in CHOICES:
            raise NotationError(text, f"choose takes one of {', '.join(CHOICES)}, not {rest!r}")
        return Choose(rest)
    if word == "deal":
        name, _, what = rest.partition(" ")
        cell = _cell(text, name)
        if what == "empty":
            return Deal(cell, EMPTY)
        if what not in COLOURS:
            raise NotationError(text, f"deal gives a colour ({', '.join(COLOURS)}) or empty, not {what!r}")
        return Deal(cell, COLOURS.index(what))
    if word.startswith("x") and word[1:] in CELL_OF_NAME:  # "xc3" is a common shorthand for "x c3"
        return Pickup(CELL_OF_NAME[word[1:]])
    raise NotationError(
        text, "expected a move like 'c3-e5', a pickup like 'x c3', or 'choose ...', 'remove ...', 'deal ...'"
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
