"""The actions of In the Nuts! and their notation (the package docstring has the table).

Nuts are W walnut, H hazelnut, B beechnut, A acorn; a joker is written by its two letters (WH). Players
and storage cards are numbered from 1; face-up nuts from 1 (under 2-4) to 4 (under 10-12); sections of
the 2-squirrel area by their spaces (2-4, 5-6, 7, 8-9, 10-12).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from nutbox.core import Action, ActionSpace, NotationError, Word
from nutbox.games.in_the_nuts.components import COMPONENTS

CODES = COMPONENTS.nut_codes
SPACES = range(COMPONENTS.first_space, COMPONENTS.last_space + 1)
PLAYERS = 4
CARDS = len(COMPONENTS.storage)


def kind_code(kind: int) -> str:
    return "".join(CODES[nut] for nut in COMPONENTS.kinds[kind])


def section_label(section: int) -> str:
    spaces = COMPONENTS.area2[section].spaces
    return str(spaces[0]) if len(spaces) == 1 else f"{spaces[0]}-{spaces[-1]}"


@dataclass(frozen=True, slots=True)
class Dice(Action):
    """Chance: the green die and the two white dice (smaller first)."""

    green: int
    low: int
    high: int

    def __str__(self) -> str:
        return f"dice {self.green} {self.low} {self.high}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: the top card of the nut deck is of this kind."""

    kind: int

    def __str__(self) -> str:
        return f"draw {kind_code(self.kind)}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    space: int

    def __str__(self) -> str:
        return f"place {self.space}"


@dataclass(frozen=True, slots=True)
class Preplace(Action):
    section: int

    def __str__(self) -> str:
        return f"preplace {section_label(self.section)}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    slot: int

    def __str__(self) -> str:
        return f"take {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Steal(Action):
    victim: int
    card: int

    def __str__(self) -> str:
        return f"steal {self.victim + 1} {self.card + 1}"


@dataclass(frozen=True, slots=True)
class Store(Action):
    nut: int
    card: int

    def __str__(self) -> str:
        return f"store {CODES[self.nut]} {self.card + 1}"


STOP, ROLL, KEEP = Word("stop"), Word("roll"), Word("keep")
DICE = {(g, a, b): Dice(g, a, b) for g in range(1, 7) for a in range(1, 7) for b in range(a, 7)}
DRAWS = tuple(Draw(k) for k in range(len(COMPONENTS.kinds)))
PLACES = {space: Place(space) for space in SPACES}
PREPLACES = tuple(Preplace(s) for s in range(len(COMPONENTS.area2)))
TAKES = tuple(Take(s) for s in range(COMPONENTS.slots))
STEALS = {(v, c): Steal(v, c) for v in range(PLAYERS) for c in range(CARDS)}
STORES = {(n, c): Store(n, c) for n in range(len(CODES)) for c in range(CARDS)}
ENCODING = ActionSpace(
    itertools.chain(DICE.values(), DRAWS, PLACES.values(), (STOP, ROLL, KEEP), PREPLACES, TAKES, STEALS.values(),
                    STORES.values()),
    "In the Nuts!",
)


_WORDS = re.compile(r"\s+")
_KIND_OF_TEXT = {kind_code(k).lower(): k for k in range(len(COMPONENTS.kinds))}
_SECTION_OF_TEXT = {section_label(s): s for s in range(len(COMPONENTS.area2))}


def _number(text: str, word: str, what: str, top: int) -> int:
    if not word.isdigit() or not 1 <= int(word) <= top:
        raise NotationError(text, f"{word!r} is not a {what} (1 to {top})")
    return int(word) - 1


def _nut(text: str, word: str) -> int:
    kind = _KIND_OF_TEXT.get(word)
    if kind is None or len(COMPONENTS.kinds[kind]) != 1:
        raise NotationError(text, f"{word!r} is not a nut ({', '.join(CODES)})")
    return kind


def parse(text: str) -> Action:
    clean = _WORDS.sub(" ", text.strip().lower())
    if not clean:
        raise NotationError(text, "it is empty")
    word, *args = clean.split(" ")
    if word in ("stop", "roll", "keep") and not args:
        return {"stop": STOP, "roll": ROLL, "keep": KEEP}[word]
    if word == "place" and len(args) == 1:
        if not args[0].isdigit() or int(args[0]) not in PLACES:
            raise NotationError(text, f"{args[0]!r} is not a starting space ({SPACES[0]} to {SPACES[-1]})")
        return PLACES[int(args[0])]
    if word == "preplace" and len(args) == 1:
        if args[0] not in _SECTION_OF_TEXT:
            raise NotationError(text, f"{args[0]!r} is not a section ({', '.join(_SECTION_OF_TEXT)})")
        return PREPLACES[_SECTION_OF_TEXT[args[0]]]
    if word == "take" and len(args) == 1:
        return TAKES[_number(text, args[0], "face-up nut", COMPONENTS.slots)]
    if word == "steal" and len(args) == 2:
        return STEALS[(_number(text, args[0], "player", PLAYERS), _number(text, args[1], "storage card", CARDS))]
    if word == "store" and len(args) == 2:
        return STORES[(_nut(text, args[0]), _number(text, args[1], "storage card", CARDS))]
    if word == "draw" and len(args) == 1:
        if args[0] not in _KIND_OF_TEXT:
            raise NotationError(text, f"{args[0]!r} is not a nut card (a nut letter, or a joker's two letters)")
        return DRAWS[_KIND_OF_TEXT[args[0]]]
    if word == "dice" and len(args) == 3 and all(a in "123456" and len(a) == 1 for a in args):
        green, one, two = (int(a) for a in args)
        return DICE[(green, min(one, two), max(one, two))]
    raise NotationError(
        text, "expected one of: place N, stop, roll, take N, steal PLAYER CARD, store NUT CARD, keep, "
        "preplace 5-6 (and the chance steps dice G W W, draw NUT)",
    )
