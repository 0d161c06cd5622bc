"""The shapes a game's words take (core/face.py): a seat's panel, the final score table, a card, and the small
helpers every game's words use.

Everything a face says is built from a view, never from a state, so the words can tell nobody more than their
view already does: a seat's panel of secret cards is filled only in that seat's own view.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Card:
    """A card or tile a seat holds, as a person reads it: "Objective #14: Heart of the Wood", "scores 3 ..."."""

    title: str
    text: str = ""

    def to_json(self) -> dict[str, str]:
        return {"title": self.title, "text": self.text}


@dataclass(frozen=True)
class Panel:
    """One seat as everyone sees it (its own secret cards only in its own view).

    `score` is the score as it may be shown now ("12", "12 + 2 secret objectives"), or None where the rules
    keep it hidden until the end; `holds` lists what the seat visibly holds, each as (what, how much) in
    words ("Nuts", "2 acorns, 1 hazelnut"); `cards` are the cards it holds, face up for the viewer.
    """

    seat: int
    name: str
    colour: str = ""  # a CSS colour for the seat's marker, as the board draws its pieces
    score: str | None = None
    holds: tuple[tuple[str, str], ...] = ()
    cards: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "name": self.name, "colour": self.colour, "score": self.score,
            "holds": [list(item) for item in self.holds], "cards": [card.to_json() for card in self.cards],
        }


@dataclass(frozen=True)
class ScoreTable:
    """The end of a game in a table: a column per part of the score, a row per seat in seat order."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""  # how the winner was decided when the totals alone do not say ("the tie goes to ...")
    winners: tuple[int, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {"columns": list(self.columns), "rows": [list(row) for row in self.rows], "note": self.note,
                "winners": list(self.winners)}


def possessive(view: Mapping[str, Any]) -> str:
    """"your" when the view is the deciding seat's own, else "their": for `decision` phrases."""
    return "your" if view.get("seat") is not None and view.get("seat") == view.get("to_move") else "their"


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """"1 acorn", "2 acorns" (or the given plural)."""
    return f"{count} {noun if count == 1 else (nouns or noun + 's')}"


def with_article(noun: str) -> str:
    """The noun with its indefinite article: "a walnut", "an acorn"."""
    return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun}"


def listing(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"; "nothing" for none."""
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
