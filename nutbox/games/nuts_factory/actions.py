"""The actions of Nuts! and their notation (the package docstring has the table).

Places are written r<row>c<column>: rows numbered from 0 (the dispensers) down to the Box Holders, as in
the component data; columns from 1 on the left, as the rulebook numbers them. A conveyor tile is named by
the place of its left half. Nuts are A, C, Pe, Pi; objectives, trucks and bonus cards by their numbers.
Every action the rules can allow is built once here; the rules hand out these objects.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Container
from dataclasses import dataclass

from nutbox.core import Action, ActionSpace, NotationError, Word
from nutbox.games.nuts_factory.components import COMPONENTS, DIE_FACES, TILE_KINDS

COLUMNS = COMPONENTS.columns
NUT_CODES = COMPONENTS.nut_codes
ROWS = len(COMPONENTS.rows)
SPOTS = tuple((row, col) for row in COMPONENTS.conveyor_rows for col in range(COLUMNS - 1))  # tile places
MACHINE_ROWS = tuple(row for row, kind in enumerate(COMPONENTS.rows) if kind in ("salter", "roaster"))
OPTION_NAMES = ("first", "second")


def place(row: int, col: int) -> str:
    return f"r{row}c{col + 1}"


@dataclass(frozen=True, slots=True)
class Holder(Action):
    """Chance, setup: the next column (left to right) gets this Box Holder, turned this many quarter turns."""

    holder: int  # 0-based
    turns: int

    def __str__(self) -> str:
        return f"holder {self.holder + 1} turned {self.turns}"


@dataclass(frozen=True, slots=True)
class Build(Action):
    kind: str
    row: int
    col: int

    def __str__(self) -> str:
        return f"build {self.kind} {place(self.row, self.col)}"


@dataclass(frozen=True, slots=True)
class Clear(Action):
    row: int
    col: int

    def __str__(self) -> str:
        return f"clear {place(self.row, self.col)}"


@dataclass(frozen=True, slots=True)
class MoveTile(Action):
    """Slide a conveyor tile (one space along its row), or move it further with a bonus card."""

    row: int
    col: int
    to_row: int
    to_col: int

    def __str__(self) -> str:
        return f"move {place(self.row, self.col)} {place(self.to_row, self.to_col)}"


@dataclass(frozen=True, slots=True)
class Spin(Action):
    """A quarter turn clockwise of the Box Holder in this column."""

    col: int

    def __str__(self) -> str:
        return f"spin c{self.col + 1}"


@dataclass(frozen=True, slots=True)
class SpinBack(Action):
    """Bonus: a quarter turn counter-clockwise."""

    col: int

    def __str__(self) -> str:
        return f"spin-back c{self.col + 1}"


@dataclass(frozen=True, slots=True)
class MoveMachine(Action):
    """Slide Machine (one space), or further with a bonus card: the Salter or Roaster at (row, col)."""

    row: int
    col: int
    to_col: int

    def __str__(self) -> str:
        return f"machine {place(self.row, self.col)} c{self.to_col + 1}"


@dataclass(frozen=True, slots=True)
class Hunt(Action):
    """A Hunt with two Connecting Paths equally close: the active player sends the squirrel this way."""

    direction: str  # left or right

    def __str__(self) -> str:
        return f"hunt {self.direction}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: int
    option: int  # 0: the first (configuration) choice, 1: the second (warehouse) choice

    def __str__(self) -> str:
        return f"play {self.card} {OPTION_NAMES[self.option]}"


@dataclass(frozen=True, slots=True)
class SquirrelTo(Action):
    col: int

    def __str__(self) -> str:
        return f"squirrel c{self.col + 1}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    nut: int

    def __str__(self) -> str:
        return f"take {NUT_CODES[self.nut]}"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    give: int
    get: int

    def __str__(self) -> str:
        return f"exchange {NUT_CODES[self.give]} {NUT_CODES[self.get]}"


@dataclass(frozen=True, slots=True)
class Ship(Action):
    truck: int

    def __str__(self) -> str:
        return f"ship {self.truck}"


@dataclass(frozen=True, slots=True)
class DiscardNut(Action):
    nut: int

    def __str__(self) -> str:
        return f"discard {NUT_CODES[self.nut]}"


@dataclass(frozen=True, slots=True)
class DiscardCard(Action):
    card: int

    def __str__(self) -> str:
        return f"discard card {self.card}"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance: the squirrel die shows this face."""

    face: str

    def __str__(self) -> str:
        return f"roll {self.face}"


@dataclass(frozen=True, slots=True)
class D8(Action):
    """Chance: the d8 sends the scampering squirrel to this column."""

    col: int

    def __str__(self) -> str:
        return f"d8 {self.col + 1}"


@dataclass(frozen=True, slots=True)
class DrawBonus(Action):
    """Chance: the top bonus card is this one."""

    card: int

    def __str__(self) -> str:
        return f"bonus {self.card}"


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


# --- reading notation ---------------------------------------------------------------------------------
# Tiles and machines may be named where the rules forbid them: off the board ("slide r4c1 left", "machine
# r3c1 c0") or outside their rows. The rulebook has rules for exactly those attempts ("It must fit
# completely on the board", "The space moved into must exist"), so such text reads as an action and the
# rules refuse it citing them. These actions are never legal, so they have no place in the encoding and
# are made as they are read.
_WORDS = re.compile(r"\s+")
_PLACE = re.compile(r"^r(\d+)c(\d+)$")
_COLUMN = re.compile(r"^c?(\d+)$")
_NUT_OF_TEXT = {code.lower(): index for index, code in enumerate(NUT_CODES)}


def _place(text: str, word: str) -> tuple[int, int]:
    """Any place r<row>c<column>, on the board or not (c0 is the space left of column 1)."""
    match = _PLACE.match(word)
    if not match:
        raise NotationError(text, f"{word!r} is not a place: r<row 0-{ROWS - 1}>c<column 1-{COLUMNS}>, like r4c5")
    return int(match.group(1)), int(match.group(2)) - 1


def _column(text: str, word: str) -> int:
    match = _COLUMN.match(word)
    if not match or not 1 <= int(match.group(1)) <= COLUMNS:
        raise NotationError(text, f"{word!r} is not a column (c1 to c{COLUMNS})")
    return int(match.group(1)) - 1


def _any_column(text: str, word: str) -> int:
    """A column a machine is moved to, on the board or not."""
    match = _COLUMN.match(word)
    if not match:
        raise NotationError(text, f"{word!r} is not a column (c1 to c{COLUMNS})")
    return int(match.group(1)) - 1


def _nut(text: str, word: str) -> int:
    if word not in _NUT_OF_TEXT:
        raise NotationError(text, f"{word!r} is not a nut ({', '.join(NUT_CODES)})")
    return _NUT_OF_TEXT[word]


def _number(text: str, word: str, what: str, known: Container[int]) -> int:
    if not word.isdigit() or int(word) not in known:
        raise NotationError(text, f"{word!r} is not a {what} number")
    return int(word)


def _side(start: int, word: str) -> int | None:
    """The column one space left or right of `start`, or None if `word` is neither."""
    return {"left": start - 1, "right": start + 1}.get(word)


def parse(text: str) -> Action:  # noqa: C901 - a hand-written parser, to be replaced by declarative notation (issue 19)
    clean = _WORDS.sub(" ", text.strip().lower())
    if not clean:
        raise NotationError(text, "it is empty")
    words = clean.split(" ")
    word, args = words[0], words[1:]
    if word in ("feed", "done", "produce") and not args:
        return {"feed": FEED, "done": DONE, "produce": PRODUCE}[word]
    if word == "build" and len(args) == 2:
        if args[0] not in TILE_KINDS:
            raise NotationError(text, f"a tile is one of {', '.join(TILE_KINDS)}, not {args[0]!r}")
        row, col = _place(text, args[1])
        return BUILDS.get((args[0], row, col)) or Build(args[0], row, col)
    if word == "clear" and len(args) == 1:
        spot = _place(text, args[0])
        return CLEARS.get(spot) or Clear(*spot)
    if word in ("move", "slide") and len(args) == 2:
        start = _place(text, args[0])
        side = _side(start[1], args[1])
        target = (start[0], side) if side is not None else _place(text, args[1])
        return MOVES.get((start, target)) or MoveTile(*start, *target)
    if word in ("spin", "spin-back") and len(args) == 1:
        return (SPINS if word == "spin" else SPIN_BACKS)[_column(text, args[0])]
    if word == "machine" and len(args) == 2:
        row, col = _place(text, args[0])
        side = _side(col, args[1])
        to = side if side is not None else _any_column(text, args[1])
        return MACHINE_MOVES.get((row, col, to)) or MoveMachine(row, col, to)
    if word == "hunt" and len(args) == 1 and args[0] in HUNTS:
        return HUNTS[args[0]]
    if word == "play" and len(args) == 2 and args[1] in OPTION_NAMES:
        card = _number(text, args[0], "bonus card", CARDS)
        return PLAYS[(card, OPTION_NAMES.index(args[1]))]
    if word == "squirrel" and len(args) == 1:
        return SQUIRREL_TO[_column(text, args[0])]
    if word == "take" and len(args) == 1:
        return TAKES[_nut(text, args[0])]
    if word == "exchange" and len(args) == 2:
        give, get = _nut(text, args[0]), _nut(text, args[1])
        return EXCHANGES.get((give, get)) or Exchange(give, get)  # the same type: the card's rule refuses it
    if word == "ship" and len(args) == 1:
        return SHIPS[_number(text, args[0], "truck", SHIPS)]
    if word == "discard" and len(args) == 2 and args[0] == "card":
        return DISCARD_CARDS[_number(text, args[1], "bonus card", CARDS)]
    if word == "discard" and len(args) == 1:
        return DISCARD_NUTS[_nut(text, args[0])]
    if word == "holder" and len(args) == 3 and args[1] == "turned":
        holder = _number(text, args[0], "Box Holder", range(1, COLUMNS + 1))
        if args[2] not in ("0", "1", "2", "3"):
            raise NotationError(text, "a Box Holder is turned 0 to 3 quarter turns")
        return HOLDERS[(holder - 1) * 4 + int(args[2])]
    if word == "roll" and len(args) == 1:
        if args[0] not in ROLLS:
            raise NotationError(text, f"the squirrel die shows {', '.join(DIE_FACES)}, not {args[0]!r}")
        return ROLLS[args[0]]
    if word == "d8" and len(args) == 1:
        return D8S[_column(text, args[0])]
    if word == "bonus" and len(args) == 1:
        return DRAWS[_number(text, args[0], "bonus card", CARDS)]
    raise NotationError(
        text,
        "expected one of: build KIND rRcC, clear rRcC, move rRcC rRcC (or slide rRcC left|right), spin cN, "
        "machine rRcC cN, feed, done, hunt left|right, play N first|second, produce, ship N, discard NUT, "
        "discard card N, squirrel cN, spin-back cN, take NUT, exchange NUT NUT",
    )
