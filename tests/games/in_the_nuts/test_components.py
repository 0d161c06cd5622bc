"""The shipped In the Nuts! data agree with the rulebook and the reviews, and broken data are refused."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from nutbox.core import ComponentError
from nutbox.games.in_the_nuts import components
from nutbox.games.in_the_nuts.components import COMPONENTS, parse


def raw() -> dict[str, Any]:
    text = resources.files(components.__package__).joinpath("data/components.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def test_the_shipped_data_fit_the_rulebook_and_the_reviews() -> None:
    plain = [c for kind, c in zip(COMPONENTS.kinds, COMPONENTS.counts, strict=True) if len(kind) == 1]
    jokers = [c for kind, c in zip(COMPONENTS.kinds, COMPONENTS.counts, strict=True) if len(kind) == 2]
    assert plain == [12, 12, 12, 12] and sum(jokers) == 12 and len(jokers) == 6
    assert COMPONENTS.removed == {2: 2, 3: 1, 4: 0}
    assert [s.spaces for s in COMPONENTS.area2] == [(2, 3, 4), (5, 6), (7,), (8, 9), (10, 11, 12)]
    assert [s.raccoon for s in COMPONENTS.area2] == [False, False, True, False, False]
    assert [s.raccoon for s in COMPONENTS.area3] == [False, True, False]
    values = {s.capacity: s.points for s in COMPONENTS.storage}
    assert values[2] == 5 and values[3] == 10 and values[4] == 15 and values[6] == 30
    assert COMPONENTS.need == (2, 3, 4) and COMPONENTS.reserve == 8 and COMPONENTS.squirrels == 15


@pytest.mark.parametrize(
    ("break_it", "message"),
    [
        (lambda d: d["area2"][1]["spaces"].remove(6), "must cover spaces 2-12 once"),
        (lambda d: d["area3"][0]["below"].remove(2), "exactly one section"),
        (lambda d: d["jokers"][0].update(pair=["W", "W"]), "two different nut codes"),
        (lambda d: d["jokers"][1].update(pair=["W", "H"]), "each pair of nuts is listed once"),
        (lambda d: d["storage"][0].update(capacity=0), r"storage\[0\]\.capacity: .* greater than or equal to 1"),
        (lambda d: d["area2"][0].update(slot=9), "slot must be 1 to 4"),
    ],
)
def test_broken_data_are_refused_saying_where(break_it: Any, message: str) -> None:
    data = copy.deepcopy(raw())
    break_it(data)
    with pytest.raises(ComponentError, match=message) as caught:
        parse(data)
    assert str(caught.value).startswith("in-the-nuts components, ")
