"""The actions of Nuts! and their notation (the package docstring has the table).

Places are written r<row>c<column>: rows numbered from 0 (the dispensers) down to the Box Holders, as in
the component data; columns from 1 on the left, as the rulebook numbers them. A conveyor tile is named by
the place of its left half. Nuts are A, C, Pe, Pi; objectives, trucks and bonus cards by their numbers.
Every action the rules can allow is built once here; the rules hand out these objects (the tile Actions a
conveyor row offers are looked up by where its tiles lie, in tables built once at the end). Places and tiles
are also said in words here, for the events, the labels and the pictures: "a Joiner in row 2, columns 4 and 5".

Tiles and machines may be named where the rules forbid them: off the board ("slide r4c1 left", "machine
r3c1 c0") or outside their rows. The rulebook has rules for exactly those attempts ("It must fit completely
on the board", "The space moved into must exist"), so such text reads as an action (places and a machine's
target column are read wherever they are) and the rules refuse it citing them. These actions are never
legal, so they have no place in the encoding and are made as they are read.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from nutbox.core import Action, ActionSpace, Field, Form, Named, Notation, Number, Word
from nutbox.games.nuts_factory.components import COMPONENTS, DIE_FACES, TILE_KINDS

COLUMNS = COMPONENTS.columns
NUT_CODES = COMPONENTS.nut_codes
ROWS = len(COMPONENTS.rows)
SPOTS = tuple((row, col) for row in COMPONENTS.conveyor_rows for col in range(COLUMNS - 1))  # tile places
MACHINE_ROWS = tuple(row for row, kind in enumerate(COMPONENTS.rows) if kind in ("salter", "roaster"))
OPTION_NAMES = ("first", "second")


def place(row: int, col: int) -> str:
    return f"r{row}c{col + 1}"


_PLACE = re.compile(r"r(\d+)c(\d+)")
_COLUMN = re.compile(r"c?(\d+)")


class BoardPlace(Field[tuple[int, int]]):
    """A place r<row>c<column> as (row, 0-based column), on the board or not (c0 is left of column 1)."""

    hint = "rRcC"

    def read(self, word: str) -> tuple[int, int]:
        match = _PLACE.fullmatch(word)
        if not match:
            raise ValueError(f"{word!r} is not a place: r<row 0-{ROWS - 1}>c<column 1-{COLUMNS}>, like r4c5")
        return int(match.group(1)), int(match.group(2)) - 1

    def write(self, value: tuple[int, int]) -> str:
        return place(*value)


class Column(Field[int]):
    """A column, 0-based, read as c<N> or N; `prefix` is how it is written ("c5", or "5" for the d8).
    `on_board=False` reads any number (a machine moved off the board, which the rules refuse)."""

    def __init__(self, prefix: str = "c", on_board: bool = True) -> None:
        self.prefix, self.on_board = prefix, on_board
        self.hint = f"{prefix}N"

    def read(self, word: str) -> int:
        match = _COLUMN.fullmatch(word)
        if not match or (self.on_board and not 1 <= int(match.group(1)) <= COLUMNS):
            raise ValueError(f"{word!r} is not a column (c1 to c{COLUMNS})")
        return int(match.group(1)) - 1

    def write(self, value: int) -> str:
        return f"{self.prefix}{value + 1}"


AT = BoardPlace()
COLUMN = Column()
SIDE = Named("side", {"left": -1, "right": 1}, hint="left|right")
NUT = Named("nut", {code: index for index, code in enumerate(NUT_CODES)})
CARD = Number("bonus card", 1, len(COMPONENTS.bonus_cards))
TILE = ("row", "col")
TO_TILE = ("to_row", "to_col")


def _slid(row: int, col: int, side: int) -> MoveTile:
    return MoveTile(row, col, row, col + side)


def _machine_slid(row: int, col: int, side: int) -> MoveMachine:
    return MoveMachine(row, col, col + side)


@dataclass(frozen=True, slots=True)
class Holder(Action):
    """Chance, setup: the next column (left to right) gets this Box Holder, turned this many quarter turns."""

    holder: int  # 0-based
    turns: int
    forms = (Form("holder {holder} turned {turns}", {
        "holder": Number("Box Holder", 1, COLUMNS, shift=1),
        "turns": Number("number of quarter turns", 0, 3)}, chance=True),)


@dataclass(frozen=True, slots=True)
class Build(Action):
    kind: str
    row: int
    col: int
    forms = (Form("build {kind} {at}", {"kind": Named("tile", {kind: kind for kind in TILE_KINDS}, hint="KIND"),
                                         "at": AT}, spans={"at": TILE}),)


@dataclass(frozen=True, slots=True)
class Clear(Action):
    row: int
    col: int
    forms = (Form("clear {at}", {"at": AT}, spans={"at": TILE}),)


@dataclass(frozen=True, slots=True)
class MoveTile(Action):
    """Slide a conveyor tile (one space along its row), or move it further with a bonus card. Written with
    its target place; "slide" reads as "move", and either reads a side (left, right) for the place next to it."""

    row: int
    col: int
    to_row: int
    to_col: int
    forms = (
        Form("move {at} {to}", {"at": AT, "to": AT}, spans={"at": TILE, "to": TO_TILE}),
        Form("slide {at} {side}", {"at": AT, "side": SIDE}, spans={"at": TILE}, make=_slid, writes=False),
        Form("move {at} {side}", {"at": AT, "side": SIDE}, spans={"at": TILE}, make=_slid, writes=False),
        Form("slide {at} {to}", {"at": AT, "to": AT}, spans={"at": TILE, "to": TO_TILE}, writes=False),
    )


@dataclass(frozen=True, slots=True)
class Spin(Action):
    """A quarter turn clockwise of the Box Holder in this column."""

    col: int
    forms = (Form("spin {col}", {"col": COLUMN}),)


@dataclass(frozen=True, slots=True)
class SpinBack(Action):
    """Bonus: a quarter turn counter-clockwise."""

    col: int
    forms = (Form("spin-back {col}", {"col": COLUMN}),)


@dataclass(frozen=True, slots=True)
class MoveMachine(Action):
    """Slide Machine (one space), or further with a bonus card: the Salter or Roaster at (row, col). Its
    target column reads wherever it is ("c0": off the board), or as a side."""

    row: int
    col: int
    to_col: int
    forms = (
        Form("machine {at} {to_col}", {"at": AT, "to_col": Column(on_board=False)}, spans={"at": TILE}),
        Form("machine {at} {side}", {"at": AT, "side": SIDE}, spans={"at": TILE}, make=_machine_slid, writes=False),
    )


@dataclass(frozen=True, slots=True)
class Hunt(Action):
    """A Hunt with two Connecting Paths equally close: the active player sends the squirrel this way."""

    direction: str  # left or right
    forms = (Form("hunt {direction}", {"direction": Named("direction", {"left": "left", "right": "right"},
                                                          hint="left|right")}),)


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: int
    option: int  # 0: the first (configuration) choice, 1: the second (warehouse) choice
    forms = (Form("play {card} {option}", {"card": CARD, "option": Named(
        "choice", {name: index for index, name in enumerate(OPTION_NAMES)}, hint="first|second")}),)


@dataclass(frozen=True, slots=True)
class SquirrelTo(Action):
    col: int
    forms = (Form("squirrel {col}", {"col": COLUMN}),)


@dataclass(frozen=True, slots=True)
class Take(Action):
    nut: int
    forms = (Form("take {nut}", {"nut": NUT}),)


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    give: int
    get: int  # the same type as give reads too: the card's rule refuses it
    forms = (Form("exchange {give} {get}", {"give": NUT, "get": NUT}),)


@dataclass(frozen=True, slots=True)
class Ship(Action):
    truck: int
    forms = (Form("ship {truck}", {"truck": Number("truck", 1, len(COMPONENTS.trucks))}),)


@dataclass(frozen=True, slots=True)
class DiscardNut(Action):
    nut: int
    forms = (Form("discard {nut}", {"nut": NUT}),)


@dataclass(frozen=True, slots=True)
class DiscardCard(Action):
    card: int
    forms = (Form("discard card {card}", {"card": CARD}),)


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance: the squirrel die shows this face."""

    face: str
    forms = (Form("roll {face}", {"face": Named("die face", {face: face for face in DIE_FACES}, hint="FACE")},
                  chance=True),)


@dataclass(frozen=True, slots=True)
class D8(Action):
    """Chance: the d8 sends the scampering squirrel to this column."""

    col: int
    forms = (Form("d8 {col}", {"col": Column(prefix="")}, chance=True),)


@dataclass(frozen=True, slots=True)
class DrawBonus(Action):
    """Chance: the top bonus card is this one."""

    card: int
    forms = (Form("bonus {card}", {"card": CARD}, chance=True),)


NUTS = range(len(NUT_CODES))
CARDS = range(1, len(COMPONENTS.bonus_cards) + 1)
FEED, DONE, PRODUCE = Word("feed"), Word("done"), Word("produce")
HOLDERS = tuple(Holder(h, t) for h in range(COLUMNS) for t in range(4))
BUILDS = {(kind, row, col): Build(kind, row, col) for kind in TILE_KINDS for row, col in SPOTS}
CLEARS = {spot: Clear(*spot) for spot in SPOTS}
MOVES = {(a, b): MoveTile(*a, *b) for a in SPOTS for b in SPOTS if a != b}
SPINS = tuple(Spin(c) for c in range(COLUMNS))
SPIN_BACKS = tuple(SpinBack(c) for c in range(COLUMNS))
MACHINE_MOVES = {(r, c, t): MoveMachine(r, c, t) for r in MACHINE_ROWS for c in range(COLUMNS)
                 for t in range(COLUMNS) if c != t}
HUNTS = {"left": Hunt("left"), "right": Hunt("right")}
PLAYS = {(card, option): Play(card, option) for card in CARDS for option in (0, 1)}
SQUIRREL_TO = tuple(SquirrelTo(c) for c in range(COLUMNS))
TAKES = tuple(Take(n) for n in NUTS)
EXCHANGES = {(g, n): Exchange(g, n) for g in NUTS for n in NUTS if g != n}
SHIPS = {truck.id: Ship(truck.id) for truck in COMPONENTS.trucks}
DISCARD_NUTS = tuple(DiscardNut(n) for n in NUTS)
DISCARD_CARDS = {card: DiscardCard(card) for card in CARDS}
ROLLS = {face: Roll(face) for face in DIE_FACES}
D8S = tuple(D8(c) for c in range(COLUMNS))
DRAWS = {card: DrawBonus(card) for card in CARDS}

ENCODING = ActionSpace(
    itertools.chain(
        HOLDERS, BUILDS.values(), CLEARS.values(), MOVES.values(), SPINS, SPIN_BACKS, MACHINE_MOVES.values(),
        (FEED, DONE, PRODUCE), HUNTS.values(), PLAYS.values(), SQUIRREL_TO, TAKES, EXCHANGES.values(),
        SHIPS.values(), DISCARD_NUTS, DISCARD_CARDS.values(), ROLLS.values(), D8S, DRAWS.values(),
    ),
    "Nuts!",
)


NOTATION = Notation(
    (Build, Clear, MoveTile, Spin, MoveMachine, Hunt, Play, Ship, DiscardNut, DiscardCard, SquirrelTo, SpinBack,
     Take, Exchange, Holder, Roll, D8, DrawBonus),
    (FEED, DONE, PRODUCE),
)


# --- the tile Actions a conveyor row offers, by where its tiles lie (turn.configurations looks them up) -------
CONVEYOR_ROWS = tuple(sorted(COMPONENTS.conveyor_rows))
ROW_INDEX = {row: index for index, row in enumerate(CONVEYOR_ROWS)}
MASKS = range(1 << (COLUMNS - 1))  # every set of left columns a row's tiles can have


def _covered(mask: int) -> int:
    """The columns that tiles with these left columns cover, as bits."""
    return mask | mask << 1


def build_tables(kinds: tuple[str, ...]) -> list[list[tuple[Action, ...]]]:
    """By conveyor row, then by its tiles' mask: a Build of each kind at every place no tile covers, by place."""
    return [[tuple(BUILDS[(kind, row, col)] for col in range(COLUMNS - 1) if not _covered(mask) >> col & 3
                   for kind in kinds) for mask in MASKS] for row in CONVEYOR_ROWS]


def _tile_moves(row: int, mask: int) -> tuple[Action, ...]:
    """For each tile of the row, left to right: clear it, and slide it left, then right, where that is free."""
    covered = _covered(mask)
    listed: list[Action] = []
    for col in range(COLUMNS - 1):
        if mask >> col & 1:
            spot = (row, col)
            listed.append(CLEARS[spot])
            if col > 0 and not covered >> (col - 1) & 1:
                listed.append(MOVES[(spot, (row, col - 1))])
            if col < COLUMNS - 2 and not covered >> (col + 2) & 1:
                listed.append(MOVES[(spot, (row, col + 1))])
    return tuple(listed)


TILE_MOVES = [[_tile_moves(row, mask) for mask in MASKS] for row in CONVEYOR_ROWS]  # by row, then mask


# --- places and tiles in words (the rules' events, the labels in words.py, the pictures' tooltips) -------------
def columns(col: int) -> str:
    """The two columns a tile whose left half is in 0-based column `col` spans."""
    return f"columns {col + 1} and {col + 2}"


def tile_place(row: int, col: int) -> str:
    """Where a tile whose left half is at (row, 0-based col) lies: "row 4, columns 5 and 6"."""
    return f"row {row}, {columns(col)}"


def tile_words(kind: str, row: int, col: int) -> str:
    """A tile of this kind at (row, 0-based col), with what a Splitter or Joiner does there: "a Cross tile in
    row 4, columns 5 and 6", "a Joiner in row 2, columns 4 and 5 (both merge into column 5)"."""
    name = tile_name(kind)
    does = "" if name == "Cross tile" else f" ({tile_does(kind, col)})"
    return f"a {name} in {tile_place(row, col)}{does}"


def tile_name(kind: str) -> str:
    """A tile kind as the rulebook names it, read from its belts: a Cross, or a Splitter/Joiner used as a
    Splitter (one entrance forks into both columns) or as a Joiner (both entrances lead to one column)."""
    left, right = COMPONENTS.tiles[kind].belts
    if 2 in (len(left), len(right)):
        return "Splitter"
    if left == right:
        return "Joiner"
    return "Cross tile"


def tile_does(kind: str, col: int) -> str:
    """What a Splitter or Joiner placed at 0-based column `col` does with the nuts of its two columns."""
    left, right = COMPONENTS.tiles[kind].belts
    if left == right:
        return f"both merge into column {col + left[0] + 1}"
    parts = []
    for side, exits in enumerate((left, right)):
        if len(exits) == 2:
            parts.append(f"column {col + side + 1} forks into both")
        elif not exits:
            parts.append(f"column {col + side + 1} is closed")
        else:
            parts.append(f"column {col + side + 1} goes to column {col + exits[0] + 1}")
    return "; ".join(parts)
