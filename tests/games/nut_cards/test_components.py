"""The shipped Nut cards agree with the rulebook's counts, and broken data are refused saying where."""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from nutbox.core import ComponentError
from nutbox.games.nut_cards import components
from nutbox.games.nut_cards.components import COMPONENTS, parse


def raw() -> dict[str, Any]:
    text = resources.files(components.__package__).joinpath("data/cards.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def test_the_shipped_cards_fit_the_rulebook() -> None:
    cards = COMPONENTS.cards
    assert len(cards) == 30
    assert sum(card.squirrel for card in cards) == 6
    assert sum("W" in card.cells for card in cards) == 4
    nuts = Counter(cell for card in cards for cell in card.cells if cell in COMPONENTS.colour_codes)
    assert len(nuts) == 4 and set(nuts.values()) == {15}  # 20 standard cards of three nuts, evenly coloured


@pytest.mark.parametrize(
    ("break_it", "message"),
    [
        (lambda d: d["cards"][0].update(cells=["R", "R"]), "a card has 3 cells"),
        (lambda d: d["cards"][1].update(cells=["R", "Q", "R"]), "is not a colour code"),
        (lambda d: d["cards"][2].update(id=9), "ids run 1, 2, 3"),
        (lambda d: d["colours"][0].update(code="W"), "not W, S or ."),
    ],
)
def test_broken_data_are_refused_saying_where(break_it: Any, message: str) -> None:
    data = copy.deepcopy(raw())
    break_it(data)
    with pytest.raises(ComponentError, match=message) as caught:
        parse(data)
    assert str(caught.value).startswith("nut-cards components, ")
