"""Nut's card data (data/cards.json), loaded and checked once at import, and the table's fixed shape: three
columns on offer.

A card is three cells top to bottom as printed: a nut colour, W (a wild nut), S (a squirrel) or . (no
nut). Standard cards carry three nuts; squirrel and wild cards one special cell between two empty ones.
The faces are reconstructed (docs/games/nut-cards.md); `parse` refuses a file that breaks what the rules
rely on, saying what and where.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field, ValidationInfo, field_validator

from nutbox.core import read_json
from nutbox.core.schema import Schema, validated

WILD, SQUIRREL, BLANK = "W", "S", "."


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    cells: tuple[str, ...]  # top to bottom, upright

    @property
    def squirrel(self) -> bool:
        return SQUIRREL in self.cells


@dataclass(frozen=True, slots=True)
class Components:
    colour_codes: tuple[str, ...]
    colour_names: tuple[str, ...]
    cells_per_card: int
    cards: tuple[Card, ...]


# --- the file's shape (data/cards.json) -----------------------------------------------------------------------
class ColourData(Schema):
    code: str  # one letter, as a card's cells write it
    name: str


class CardData(Schema):
    id: int
    cells: list[str]  # top to bottom, upright


class ComponentsData(Schema):
    """data/cards.json as written; the checks across fields are its validators, in field order."""

    about: str = ""
    colours: Annotated[list[ColourData], Field(min_length=1)]
    cells_per_card: Annotated[int, Field(ge=1)]
    cards: Annotated[list[CardData], Field(min_length=1)]

    @field_validator("colours")
    @classmethod
    def _single_letters(cls, colours: list[ColourData]) -> list[ColourData]:
        codes = tuple(colour.code for colour in colours)
        if len(set(codes)) != len(codes) or any(len(c) != 1 or c in (WILD, SQUIRREL, BLANK) for c in codes):
            raise ValueError(f"codes must be single letters, different, and not W, S or .: {codes}")
        return colours

    @field_validator("cards")
    @classmethod
    def _numbered_cards_of_known_cells(cls, cards: list[CardData], info: ValidationInfo) -> list[CardData]:
        size = info.data.get("cells_per_card")
        cells = {*(colour.code for colour in info.data.get("colours", [])), WILD, SQUIRREL, BLANK}
        for index, card in enumerate(cards):
            if card.id != index + 1:
                raise ValueError(f"ids run 1, 2, 3, ...; cards[{index}] has {card.id}, expected {index + 1}")
            if size is not None and len(card.cells) != size:
                raise ValueError(f"a card has {size} cells, top to bottom; cards[{index}] has {len(card.cells)}")
            for cell in card.cells:
                if cell not in cells:
                    raise ValueError(f"cards[{index}] shows {cell!r}, which is not a colour code, W, S or .")
        return cards

    def components(self) -> Components:
        """The rules' immutable tables."""
        return Components(tuple(colour.code for colour in self.colours), tuple(colour.name for colour in self.colours),
                          self.cells_per_card, tuple(Card(card.id, tuple(card.cells)) for card in self.cards))


def parse(data: Any) -> Components:
    return validated(ComponentsData, data, "nut-cards components").components()


def load() -> Components:
    return parse(read_json(__package__, "data/cards.json"))


COMPONENTS = load()
ALL_CARDS = tuple(card.id for card in COMPONENTS.cards)  # the deck, by the cards' printed numbers
COLUMNS = 3  # the face-up columns the cards are drafted from, each holding one card per player
