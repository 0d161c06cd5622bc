"""The actions of Nut and their notation (the package docstring has the table).

A placement names a column and a band of the player's layout (`place 2 -1`); cards stand upright in even
columns and upside down in odd ones, and the text adds `up` or `down` only for a placement against that
(which the rules refuse). Bands are whole numbers: lines must line up with lines or card edges.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nutbox.core import Action, ActionSpace, NotationError

CARDS = range(1, 31)


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: the top card of the deck, dealt into the next empty place of the columns."""

    card: int

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    card: int

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    x: int
    y: int
    upside_down: bool

    def __str__(self) -> str:
        text = f"place {self.x} {self.y}"
        if self.upside_down != (self.x % 2 == 1):
            text += " down" if self.upside_down else " up"
        return text


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
        self.encoding = ActionSpace((*self.draws, *self.takes, *self.places.values()), "Nut")


_WORDS = re.compile(r"\s+")
_INT = re.compile(r"^-?\d+$")


def parse(text: str, space: Space) -> Action:
    clean = _WORDS.sub(" ", text.strip().lower())
    if not clean:
        raise NotationError(text, "it is empty")
    word, *args = clean.split(" ")
    if word in ("draw", "take") and len(args) == 1:
        if not args[0].isdigit() or not 1 <= int(args[0]) <= space.cards:
            raise NotationError(text, f"{args[0]!r} is not a card number (1 to {space.cards})")
        return (space.draws if word == "draw" else space.takes)[int(args[0]) - 1]
    if word == "place" and len(args) in (2, 3):
        for arg in args[:2]:
            if not _INT.match(arg):
                if re.match(r"^-?\d*\.\d+$", arg):
                    raise NotationError(text, "lines on the cards must line up with another line or with the "
                                        "top/bottom edge of a card: positions are whole bands")
                raise NotationError(text, f"{arg!r} is not a whole number (place COLUMN BAND, like place 1 -2)")
        x, y = int(args[0]), int(args[1])
        if len(args) == 3 and args[2] not in ("up", "down"):
            raise NotationError(text, f"a card stands 'up' or 'down', not {args[2]!r}")
        down = (x % 2 == 1) if len(args) == 2 else args[2] == "down"
        action = space.places.get((x, y, down))
        if action is None:
            raise NotationError(text, f"({x}, {y}) is further from the first card than a layout can reach")
        return action
    raise NotationError(text, "expected 'take CARD' or 'place COLUMN BAND' (and the chance step 'draw CARD')")
