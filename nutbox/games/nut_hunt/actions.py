"""The actions of Nut Hunt and their notation (the package docstring has the table).

Tiles are named by their codes (WW for Willow Wallow; full names are read too), objectives by their
numbers, nuts by their letters (A acorn, H hazelnut, W walnut, P pine nut, from the component data).
Every action is built once here; the rules hand out these objects rather than making new ones.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from nutbox.core import Action, ActionSpace, NotationError
from nutbox.games.nut_hunt.components import COMPONENTS

TILES = COMPONENTS.tiles
NUM_TILES = len(TILES)
NUM_OBJECTIVES = len(COMPONENTS.objectives)
NUTS = COMPONENTS.nut_codes


def tile_code(tile: int) -> str:
    return TILES[tile].code


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """Chance: the next cell of the layout (row by row from the top) gets this tile."""

    tile: int

    def __str__(self) -> str:
        return f"tile {tile_code(self.tile)}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: the top objective of the deck is this card."""

    card: int

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance: the fox die shows this face (moving the fox, or scattering an Automa squirrel)."""

    face: int

    def __str__(self) -> str:
        return f"roll {self.face}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Setup: of the three objectives dealt, this one goes face down under the deck."""

    card: int

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Setup: a squirrel onto this starting tile."""

    tile: int

    def __str__(self) -> str:
        return f"place {tile_code(self.tile)}"


@dataclass(frozen=True, slots=True)
class Forage(Action):
    """Take these nuts (types in order) from the tile being foraged; none: decline the forage after a hassle."""

    nuts: tuple[int, ...]

    def __str__(self) -> str:
        return "forage " + ("".join(NUTS[nut] for nut in self.nuts) or "none")


@dataclass(frozen=True, slots=True)
class Scatter(Action):
    """Move one of your squirrels from the tile scattering now onto this adjacent tile."""

    tile: int

    def __str__(self) -> str:
        return f"scatter {tile_code(self.tile)}"


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    tile: int

    def __str__(self) -> str:
        return f"recruit {tile_code(self.tile)}"


@dataclass(frozen=True, slots=True)
class Hassle(Action):
    """Pull the fox onto this adjacent tile, where you have a squirrel or a nest."""

    tile: int

    def __str__(self) -> str:
        return f"hassle {tile_code(self.tile)}"


@dataclass(frozen=True, slots=True)
class Scout(Action):
    def __str__(self) -> str:
        return "scout"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """After scouting: keep this card (0: keep none); the rest go under the deck."""

    card: int

    def __str__(self) -> str:
        return f"keep {self.card}" if self.card else "keep none"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Trade(Action):
    """The free exchange: three nuts of `give` for one of `get`."""

    give: int
    get: int

    def __str__(self) -> str:
        return f"trade {NUTS[self.give] * 3} {NUTS[self.get]}"


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
_WORDS = re.compile(r"\s+")
_TILE_OF_TEXT = {tile.code.lower(): tile.id for tile in TILES} | {
    re.sub(r"[^a-z]", "", tile.name.lower()): tile.id for tile in TILES
}
_NUT_OF_TEXT = {code.lower(): index for index, code in enumerate(NUTS)}


def _tile(text: str, word: str) -> int:
    tile = _TILE_OF_TEXT.get(re.sub(r"[^a-z]", "", word))
    if tile is None:
        codes = ", ".join(tile.code for tile in TILES)
        raise NotationError(text, f"{word!r} is not a tile (codes: {codes}; full names work too)")
    return tile


def _card(text: str, word: str) -> int:
    if not word.isdigit() or not 1 <= int(word) <= NUM_OBJECTIVES:
        raise NotationError(text, f"{word!r} is not an objective number (1 to {NUM_OBJECTIVES})")
    return int(word)


def _nuts(text: str, word: str) -> list[int]:
    nuts = [_NUT_OF_TEXT.get(letter) for letter in word]
    if not word or None in nuts:
        raise NotationError(text, f"{word!r} is not a list of nut letters ({', '.join(NUTS)})")
    return sorted(nut for nut in nuts if nut is not None)


def parse(text: str) -> Action:  # noqa: C901 - a hand-written parser, to be replaced by declarative notation (issue 19)
    clean = _WORDS.sub(" ", text.strip().lower())
    if not clean:
        raise NotationError(text, "it is empty")
    word, _, rest = clean.partition(" ")
    if word in ("scout", "pass"):
        if rest:
            raise NotationError(text, f"{word} takes nothing after it")
        return SCOUT if word == "scout" else PASS
    if not rest:
        raise NotationError(text, f"{word!r} needs something after it (see 'help' for the notation)")
    if word in ("tile", "place", "scatter", "recruit", "hassle"):
        tile = _tile(text, rest)
        table = {"tile": PLACE_TILES, "place": PLACES, "scatter": SCATTERS, "recruit": RECRUITS, "hassle": HASSLES}
        return table[word][tile]
    if word == "draw":
        return DRAWS[_card(text, rest) - 1]
    if word == "discard":
        return DISCARDS[_card(text, rest) - 1]
    if word == "keep":
        return KEEPS[0] if rest == "none" else KEEPS[_card(text, rest)]
    if word == "roll":
        if rest not in ("1", "2", "3", "4", "5", "6"):
            raise NotationError(text, f"a die roll is 1 to 6, not {rest!r}")
        return ROLLS[int(rest) - 1]
    if word == "forage":
        if rest == "none":
            return FORAGE_NONE
        nuts = _nuts(text, rest.replace(" ", ""))
        if len(nuts) > 2:
            raise NotationError(text, "one forages 1 or 2 nuts at a time")
        return FORAGE_OF[tuple(nuts)]
    if word == "trade":
        give_text, _, get_text = rest.replace(" for ", " ").partition(" ")
        give = _nuts(text, give_text)
        get = _nuts(text, get_text)
        if len(set(give)) != 1 or len(give) not in (1, 3) or len(get) != 1:
            raise NotationError(text, "a trade gives three nuts of one type for one nut: 'trade AAA W'")
        if give[0] == get[0]:
            raise NotationError(text, "a trade gets a nut of another type than it gives")
        return TRADE_OF[(give[0], get[0])]
    raise NotationError(
        text,
        "expected one of: recruit T, hassle T, scout, pass, keep N|none, scatter T, forage AB|none, trade AAA W, "
        "place T, discard N (and the chance steps tile T, draw N, roll N)",
    )
