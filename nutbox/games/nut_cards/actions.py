"""The actions of Nut and their notation (the package docstring has the table).

A placement names a column and a band of the player's layout (`place 2 -1`); cards stand upright in even
columns and upside down in odd ones, and the text adds `up` or `down` only for a placement against that
(which the rules refuse). Bands are whole numbers: lines must line up with lines or card edges.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from nutbox.core import Action, ActionSpace, Field, Form, Notation, NotationError, Number
from nutbox.games.nut_cards.components import COMPONENTS
from nutbox.games.nut_cards.layout import spot, upside_down

CARD = Number("card number", 1, len(COMPONENTS.cards), hint="CARD")
_WHOLE = re.compile(r"-?\d+")
_FRACTION = re.compile(r"-?\d*\.\d+")


class Coordinate(Field[int]):
    """A column or a band of a layout: a whole number, negative to the left of and above the first card."""

    def __init__(self, hint: str) -> None:
        self.hint = hint

    def read(self, word: str) -> int:
        if _WHOLE.fullmatch(word):
            return int(word)
        if _FRACTION.fullmatch(word):
            raise ValueError("lines on the cards must line up with another line or with the top/bottom edge of a "
                             "card: positions are whole bands")
        raise ValueError(f"{word!r} is not a whole number (place COLUMN BAND, like place 1 -2)")

    def write(self, value: int) -> str:
        return str(value)


class Way(Field[bool]):
    """How a card stands, written only against its column's way: `up` (upright) or `down` (upside down)."""

    hint = "up/down"

    def read(self, word: str) -> bool:
        if word not in ("up", "down"):
            raise ValueError(f"a card stands 'up' or 'down', not {word!r}")
        return word == "down"

    def write(self, value: bool) -> str:
        return "down" if value else "up"


COLUMN, BAND = Coordinate("COLUMN"), Coordinate("BAND")


def _as_the_column_stands(x: int, y: int) -> Place:
    return Place(x, y, upside_down(x))


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: the top card of the deck, dealt into the next empty place of the columns."""

    card: int
    forms = (Form("draw {card}", {"card": CARD}, chance=True),)


@dataclass(frozen=True, slots=True)
class Take(Action):
    card: int
    forms = (Form("take {card}", {"card": CARD}),)


@dataclass(frozen=True, slots=True)
class Place(Action):
    x: int
    y: int
    upside_down: bool
    forms = (
        # the usual text: the card stands as its column has it
        Form("place {x} {y}", {"x": COLUMN, "y": BAND}, make=_as_the_column_stands,
             when=lambda place: place.upside_down == upside_down(place.x)),
        Form("place {x} {y} {upside_down}", {"x": COLUMN, "y": BAND, "upside_down": Way()}),
    )


NOTATION = Notation((Take, Place, Draw))


class Space:
    """The fixed integer encoding for a game whose players each place at most `picks` cards."""

    def __init__(self, cards: int, picks: int) -> None:
        self.cards = cards
        self.reach = picks  # a layout spreads at most this many columns and 3 * picks bands from the start
        self.draws = tuple(Draw(c) for c in range(1, cards + 1))
        self.takes = tuple(Take(c) for c in range(1, cards + 1))
        self.places = {
            (x, y, down): Place(x, y, down)
            for x in range(-self.reach, self.reach + 1)
            for y in range(-3 * self.reach, 3 * self.reach + 1)
            for down in (False, True)
        }
        # each place by its number (layout.spot), the card standing as its column has it: what a card may do
        self.at_spot = {spot(x, y): place for (x, y, down), place in self.places.items() if down == upside_down(x)}
        self.encoding = ActionSpace((*self.draws, *self.takes, *self.places.values()), "Nut")

    def parse(self, text: str) -> Action:
        """The action `text` names (NOTATION), refusing a place further than a layout of this game can reach."""
        action = NOTATION.parse(text)
        if isinstance(action, Place) and (action.x, action.y, action.upside_down) not in self.places:
            raise NotationError(text, f"({action.x}, {action.y}) is further from the first card than a layout can "
                                "reach")
        return action


@functools.cache
def space_for(players: int) -> Space:
    """The encoding of a game for `players`: each places every n-th card, so a layout can spread no further than
    that many cards (one Space per player count, shared by every game and state)."""
    cards = len(COMPONENTS.cards)
    return Space(cards, -(-cards // players))
