"""The actions of Nut Hunt and their notation (the package docstring has the table).

Tiles are named by their codes (WW for Willow Wallow; full names are read too), objectives by their
numbers, nuts by their letters (A acorn, H hazelnut, W walnut, P pine nut, from the component data).
Every action is built once here; the rules hand out these objects rather than making new ones.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from nutbox.core import Action, ActionSpace, Field, Form, Notation, Number
from nutbox.games.nut_hunt.components import COMPONENTS, FORAGE_FOX, FORAGE_HASSLE

TILES = COMPONENTS.tiles
NUM_TILES = len(TILES)
NUM_OBJECTIVES = len(COMPONENTS.objectives)
NUTS = COMPONENTS.nut_codes


def tile_code(tile: int) -> str:
    return TILES[tile].code


def _letters(text: str) -> str:
    return re.sub(r"[^a-z]", "", text)


_TILE_OF_TEXT = {tile.code.lower(): tile.id for tile in TILES} | {
    _letters(tile.name.lower()): tile.id for tile in TILES
}
_NUT_OF_TEXT = {code.lower(): index for index, code in enumerate(NUTS)}
_JOIN = "_"  # stands for the spaces of a tile's full name while the notation reads it as one word


class Tile(Field[int]):
    """A tile: its code (WW) or its full name (Willow Wallow), read without regard to case or punctuation."""

    hint = "T"

    def read(self, word: str) -> int:
        tile = _TILE_OF_TEXT.get(_letters(word))
        if tile is None:
            codes = ", ".join(tile.code for tile in TILES)
            raise ValueError(f"{word.replace(_JOIN, ' ')!r} is not a tile (codes: {codes}; full names work too)")
        return tile

    def write(self, value: int) -> str:
        return TILES[value].code


class Objective(Field[int]):
    """An objective by its number; with `none`, also the word "none" (held as 0)."""

    def __init__(self, none: bool = False) -> None:
        self.none = none
        self.hint = "N|none" if none else "N"

    def read(self, word: str) -> int:
        if self.none and word == "none":
            return 0
        if not word.isdigit() or not 1 <= int(word) <= NUM_OBJECTIVES:
            raise ValueError(f"{word!r} is not an objective number (1 to {NUM_OBJECTIVES})")
        return int(word)

    def write(self, value: int) -> str:
        return str(value) if value or not self.none else "none"


def _nuts(word: str) -> tuple[int, ...]:
    """Nut letters in any order ("ha"), as nut types in order; ValueError for anything else."""
    nuts = [_NUT_OF_TEXT.get(letter) for letter in word]
    if not word or None in nuts:
        raise ValueError(f"{word!r} is not a list of nut letters ({', '.join(NUTS)})")
    return tuple(sorted(nut for nut in nuts if nut is not None))


class Foraged(Field[tuple[int, ...]]):
    """The nuts of a forage: 1 or 2 letters in any order ("AW"), or "none"."""

    hint = "AB|none"

    def read(self, word: str) -> tuple[int, ...]:
        if word == "none":
            return ()
        nuts = _nuts(word)
        if len(nuts) > 2:
            raise ValueError("one forages 1 or 2 nuts at a time")
        return nuts

    def write(self, value: tuple[int, ...]) -> str:
        return "".join(NUTS[nut] for nut in value) or "none"


_TRADE_SHAPE = "a trade gives three nuts of one type for one nut: 'trade AAA W'"


class Given(Field[int]):
    """What a trade gives: three letters of one nut (AAA; one letter is read too)."""

    hint = "AAA"

    def read(self, word: str) -> int:
        nuts = _nuts(word)
        if len(set(nuts)) != 1 or len(nuts) not in (1, 3):
            raise ValueError(_TRADE_SHAPE)
        return nuts[0]

    def write(self, value: int) -> str:
        return NUTS[value] * 3


class Got(Field[int]):
    """What a trade gets: one nut's letter."""

    hint = "W"

    def read(self, word: str) -> int:
        nuts = _nuts(word)
        if len(nuts) != 1:
            raise ValueError(_TRADE_SHAPE)
        return nuts[0]

    def write(self, value: int) -> str:
        return NUTS[value]


TILE = Tile()
CARD = Objective()


def _trade(give: int, get: int) -> Trade:
    if give == get:
        raise ValueError("a trade gets a nut of another type than it gives")
    return TRADE_OF[(give, get)]


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """Chance: the next cell of the layout (row by row from the top) gets this tile."""

    tile: int
    forms = (Form("tile {tile}", {"tile": TILE}, chance=True),)


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: the top objective of the deck is this card."""

    card: int
    forms = (Form("draw {card}", {"card": CARD}, chance=True),)


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance: the fox die shows this face (moving the fox, or scattering an Automa squirrel)."""

    face: int
    forms = (Form("roll {face}", {"face": Number("die roll", 1, 6)}, chance=True),)


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Setup: of the three objectives dealt, this one goes face down under the deck."""

    card: int
    forms = (Form("discard {card}", {"card": CARD}),)


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Setup: a squirrel onto this starting tile."""

    tile: int
    forms = (Form("place {tile}", {"tile": TILE}),)


@dataclass(frozen=True, slots=True)
class Forage(Action):
    """Take these nuts (types in order) from the tile being foraged; none: decline the forage after a hassle."""

    nuts: tuple[int, ...]
    forms = (Form("forage {nuts}", {"nuts": Foraged()}),)


@dataclass(frozen=True, slots=True)
class Scatter(Action):
    """Move one of your squirrels from the tile scattering now onto this adjacent tile."""

    tile: int
    forms = (Form("scatter {tile}", {"tile": TILE}),)


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    tile: int
    forms = (Form("recruit {tile}", {"tile": TILE}),)


@dataclass(frozen=True, slots=True)
class Hassle(Action):
    """Pull the fox onto this adjacent tile, where you have a squirrel or a nest."""

    tile: int
    forms = (Form("hassle {tile}", {"tile": TILE}),)


@dataclass(frozen=True, slots=True)
class Scout(Action):
    forms = (Form("scout"),)


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """After scouting: keep this card (0: keep none); the rest go under the deck."""

    card: int
    forms = (Form("keep {card}", {"card": Objective(none=True)}),)


@dataclass(frozen=True, slots=True)
class Pass(Action):
    forms = (Form("pass"),)


@dataclass(frozen=True, slots=True)
class Trade(Action):
    """The free exchange: three nuts of `give` for one of `get`."""

    give: int
    get: int
    forms = (Form("trade {give} {get}", {"give": Given(), "get": Got()}, make=_trade),)


TILE_RANGE = range(NUM_TILES)
CARD_RANGE = range(1, NUM_OBJECTIVES + 1)
PLACE_TILES = tuple(PlaceTile(t) for t in TILE_RANGE)
DRAWS = tuple(Draw(c) for c in CARD_RANGE)  # DRAWS[card - 1]
ROLLS = tuple(Roll(f) for f in range(1, 7))  # ROLLS[face - 1]
DISCARDS = tuple(Discard(c) for c in CARD_RANGE)  # DISCARDS[card - 1]
PLACES = tuple(Place(t) for t in TILE_RANGE)
FORAGES = tuple(
    Forage(nuts)
    for size in (1, 2)
    for nuts in itertools.combinations_with_replacement(range(len(NUTS)), size)
)
FORAGE_NONE = Forage(())  # the hassle's forage is a "may": forage nothing
FORAGE_OF = {forage.nuts: forage for forage in (*FORAGES, FORAGE_NONE)}
SCATTERS = tuple(Scatter(t) for t in TILE_RANGE)
RECRUITS = tuple(Recruit(t) for t in TILE_RANGE)
HASSLES = tuple(Hassle(t) for t in TILE_RANGE)
SCOUT = Scout()
KEEPS = tuple(Keep(c) for c in range(NUM_OBJECTIVES + 1))  # KEEPS[0] keeps none
PASS = Pass()
# FORAGE_OPTIONS[count][tile]: the forages open on that tile (the hassle's 1 nut, the fox's and the setup's 2)
FORAGE_OPTIONS = {
    count: tuple(
        tuple(FORAGE_OF[nuts] for nuts in itertools.combinations_with_replacement(tile.forage, count)) for tile in TILES
    )
    for count in (FORAGE_HASSLE, FORAGE_FOX)
}
TRADES = tuple(Trade(give, get) for give in range(len(NUTS)) for get in range(len(NUTS)) if give != get)
TRADE_OF = {(trade.give, trade.get): trade for trade in TRADES}

# The fixed integer encoding: the blocks below, in this order.
_BLOCKS: tuple[tuple[Action, ...], ...] = (
    PLACE_TILES,
    DRAWS,
    ROLLS,
    DISCARDS,
    PLACES,
    FORAGES,
    SCATTERS,
    RECRUITS,
    HASSLES,
    (SCOUT,),
    KEEPS,
    (PASS,),
    TRADES,
    (FORAGE_NONE,),  # added last (rules version 2), so that every earlier index keeps its meaning
)
ENCODING = ActionSpace(itertools.chain.from_iterable(_BLOCKS), "Nut Hunt")


# --- reading notation ---------------------------------------------------------------------------------
_TILE_VERBS = frozenset(form.keyword for cls in (PlaceTile, Place, Scatter, Recruit, Hassle) for form in cls.forms)


def _tidy(clean: str) -> str:
    """What the forms cannot say alone: a tile's full name is several words ("recruit willow wallow"), a
    forage's letters may be spaced ("forage a w"), and a trade may say "for" ("trade aaa for w")."""
    word, _, rest = clean.partition(" ")
    if word in _TILE_VERBS:
        return f"{word} {rest.replace(' ', _JOIN)}"
    if word == "forage":
        return f"{word} {rest.replace(' ', '')}"
    if word == "trade":
        return f"{word} {rest.replace(' for ', ' ')}"
    return clean


# the decisions in the order the rules offer them, then the chance steps (a message lists them so)
NOTATION = Notation(
    (Recruit, Hassle, Scout, Pass, Keep, Scatter, Forage, Trade, Place, Discard, PlaceTile, Draw, Roll), clean=_tidy
)
