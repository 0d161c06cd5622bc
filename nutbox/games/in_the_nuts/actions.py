"""The actions of In the Nuts! and their notation (the package docstring has the table).

Nuts are W walnut, H hazelnut, B beechnut, A acorn; a joker is written by its two letters (WH), and a kept
joker stored as one of its nuts by both ("store WH H 1": the kept walnut/hazelnut joker as a hazelnut on
storage card 1). Players and storage cards are numbered from 1; face-up nuts from 1 (under 2-4) to 4
(under 10-12); sections of the 2-squirrel area by their spaces (2-4, 5-6, 7, 8-9, 10-12).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from nutbox.core import Action, ActionSpace, Field, Form, Named, Notation, Number, Word
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


class Kind(Field[int]):
    """A nut card's kind: a nut's letter, or a joker's two letters (only a joker's with `jokers`)."""

    def __init__(self, jokers: bool = False) -> None:
        self.jokers = jokers
        self.hint = "JOKER" if jokers else "NUT"

    def read(self, word: str) -> int:
        if self.jokers and (word not in _KIND_OF_TEXT or len(word) != 2):
            raise ValueError(f"{word!r} is not a joker (a joker is written by its two nut letters, such as WH)")
        if word not in _KIND_OF_TEXT:
            raise ValueError(f"{word!r} is not a nut card (a nut letter, or a joker's two letters)")
        return _KIND_OF_TEXT[word]

    def write(self, value: int) -> str:
        return kind_code(value)


_KIND_OF_TEXT = {kind_code(k).lower(): k for k in range(len(COMPONENTS.kinds))}
DIE = Number("die face", 1, 6, hint="D")
STORAGE_CARD = Number("storage card", 1, CARDS, shift=1, hint="CARD")
NUT = Named("nut", {code: n for n, code in enumerate(CODES)})


def _dice(green: int, low: int, high: int) -> Dice:
    return Dice(green, min(low, high), max(low, high))  # the white dice are written in either order


@dataclass(frozen=True, slots=True)
class Dice(Action):
    """Chance: the green die and the two white dice (smaller first)."""

    green: int
    low: int
    high: int
    forms = (Form("dice {green} {low} {high}", {"green": DIE, "low": DIE, "high": DIE}, make=_dice, chance=True),)


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: the top card of the nut deck is of this kind."""

    kind: int
    forms = (Form("draw {kind}", {"kind": Kind()}, chance=True),)


@dataclass(frozen=True, slots=True)
class Place(Action):
    space: int
    forms = (Form("place {space}", {"space": Number("starting space", SPACES[0], SPACES[-1])}),)


@dataclass(frozen=True, slots=True)
class Preplace(Action):
    section: int
    forms = (Form("preplace {section}", {"section": Named(
        "section", {section_label(s): s for s in range(len(COMPONENTS.area2))}, hint="5-6")}),)


@dataclass(frozen=True, slots=True)
class Take(Action):
    slot: int
    forms = (Form("take {slot}", {"slot": Number("face-up nut", 1, COMPONENTS.slots, shift=1)}),)


@dataclass(frozen=True, slots=True)
class Steal(Action):
    victim: int
    card: int
    forms = (Form("steal {victim} {card}", {"victim": Number("player", 1, PLAYERS, shift=1, hint="PLAYER"),
                                             "card": STORAGE_CARD}),)


@dataclass(frozen=True, slots=True)
class Store(Action):
    nut: int
    card: int
    forms = (Form("store {nut} {card}", {"nut": NUT, "card": STORAGE_CARD}),)


def _store_kept(kind: int, nut: int, card: int) -> StoreKept:
    if nut not in COMPONENTS.kinds[kind]:
        first, second = (CODES[n] for n in COMPONENTS.kinds[kind])
        raise ValueError(f"the joker {kind_code(kind)} is either {first} or {second}, not {CODES[nut]}")
    return StoreKept(kind, nut, card)


@dataclass(frozen=True, slots=True)
class StoreKept(Action):
    """A joker kept for later, stored as one of its nuts on a storage card (before the nut its owner stores)."""

    kind: int
    nut: int
    card: int
    forms = (Form("store {kind} {nut} {card}", {"kind": Kind(jokers=True), "nut": NUT, "card": STORAGE_CARD},
                  make=_store_kept),)


STOP, ROLL, KEEP = Word("stop"), Word("roll"), Word("keep")
DICE = {(g, a, b): Dice(g, a, b) for g in range(1, 7) for a in range(1, 7) for b in range(a, 7)}
DRAWS = tuple(Draw(k) for k in range(len(COMPONENTS.kinds)))
PLACES = {space: Place(space) for space in SPACES}
PREPLACES = tuple(Preplace(s) for s in range(len(COMPONENTS.area2)))
TAKES = tuple(Take(s) for s in range(COMPONENTS.slots))
STEALS = {(v, c): Steal(v, c) for v in range(PLAYERS) for c in range(CARDS)}
STORES = {(n, c): Store(n, c) for n in range(len(CODES)) for c in range(CARDS)}
# a kept joker stored: (joker kind, nut, card), each joker with its own two nuts only
STORES_KEPT = {(k, n, c): StoreKept(k, n, c) for k, nuts in enumerate(COMPONENTS.kinds) if len(nuts) == 2
               for n in nuts for c in range(CARDS)}
# the kept jokers' stores came with rules version 2: last, so every earlier index keeps its meaning
ENCODING = ActionSpace(
    itertools.chain(DICE.values(), DRAWS, PLACES.values(), (STOP, ROLL, KEEP), PREPLACES, TAKES, STEALS.values(),
                    STORES.values(), STORES_KEPT.values()),
    "In the Nuts!",
)


NOTATION = Notation((Place, Take, Steal, Store, StoreKept, Preplace, Dice, Draw), (STOP, ROLL, KEEP))
