"""Nut's card data (data/cards.json), loaded and checked once at import.

A card is three cells top to bottom as printed: a nut colour, W (a wild nut), S (a squirrel) or . (no
nut). Standard cards carry three nuts; squirrel and wild cards one special cell between two empty ones.
The faces are reconstructed (docs/games/nut-cards.md); `parse` refuses a file that breaks what the rules
rely on, saying what and where.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nutbox.core.data import DataReader, read_json

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


_check = DataReader("nut-cards components")
_fail = _check.fail


def parse(data: dict[str, Any]) -> Components:
    colours = data.get("colours")
    if not isinstance(colours, list) or not colours:
        _fail("colours", "expected a list of colours")
    codes = tuple(str(c.get("code")) for c in colours)
    names = tuple(str(c.get("name")) for c in colours)
    if len(set(codes)) != len(codes) or any(len(c) != 1 or c in (WILD, SQUIRREL, BLANK) for c in codes):
        _fail("colours", f"codes must be single letters, different, and not W, S or .: {codes}")
    size = data.get("cells_per_card")
    if not isinstance(size, int) or size < 1:
        _fail("cells_per_card", f"expected a whole number, got {size!r}")
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        _fail("cards", "expected a list of cards")
    cards = []
    for index, raw in enumerate(raw_cards):
        where = f"cards[{index}]"
        if not isinstance(raw, dict) or raw.get("id") != index + 1:
            _fail(where, f"ids run 1, 2, 3, ...; expected {index + 1}")
        cells = raw.get("cells")
        if not isinstance(cells, list) or len(cells) != size:
            _fail(where, f"a card has {size} cells, top to bottom")
        for cell in cells:
            if cell not in (*codes, WILD, SQUIRREL, BLANK):
                _fail(where, f"{cell!r} is not a colour code, W, S or .")
        cards.append(Card(index + 1, tuple(cells)))
    return Components(codes, names, size, tuple(cards))


def load() -> Components:
    return parse(read_json(__package__, "data/cards.json"))


COMPONENTS = load()
