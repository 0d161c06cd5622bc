"""The shipped Nuts! data agree with every number in the rulebook, and broken data are refused saying where."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from nutbox.core import ComponentError
from nutbox.games.nuts_factory import components
from nutbox.games.nuts_factory.components import COMPONENTS, parse


def raw() -> dict[str, Any]:
    text = resources.files(components.__package__).joinpath("data/components.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def test_the_shipped_data_fit_the_rulebook() -> None:
    codes = COMPONENTS.nut_codes
    assert COMPONENTS.columns == 8 and len(COMPONENTS.box_holders) == 8
    assert [codes[d] for d in COMPONENTS.dispensers][2:5] == ["Pe", "Pi", "A"]  # columns 3, 4, 5
    assert codes[COMPONENTS.dispensers[6]] == "Pe"  # column 7
    assert sorted(COMPONENTS.dispensers) == [0, 0, 1, 1, 2, 2, 3, 3]  # two of each
    assert sum(COMPONENTS.supply.values()) == 24 + 16 and COMPONENTS.supply["cross"] == 24
    assert len(COMPONENTS.trucks) == 18 and len(COMPONENTS.bonus_cards) == 28
    mary = COMPONENTS.trucks[12]
    assert mary.nuts == (1, 0, 4, 0) and mary.points == 13  # 4 peanuts and an almond: 13 points
    assert COMPONENTS.bonus_cards[0].options[0].effect == "build-splitter"
    assert sorted(m.kind for m in COMPONENTS.machines) == ["roaster", "roaster", "salter", "salter"]
    assert (COMPONENTS.limits.actions, COMPONENTS.limits.warehouse, COMPONENTS.limits.bonus_hand,
            COMPONENTS.limits.end_score) == (2, 6, 3, 50)


@pytest.mark.parametrize(
    ("break_it", "message"),
    [
        (lambda d: d["dispensers"].pop(), "expected one per column"),
        (lambda d: d["rows"].insert(0, "conveyor"), "dispensers come first"),
        (lambda d: d["machines"].append({"kind": "salter", "column": 2}), "two machines on one space"),
        (lambda d: d["machines"][0].update(kind="toaster"), "kind must be one of"),
        (lambda d: d["box_holders"][3].pop(), "four boxes"),
        (lambda d: d["tiles"]["cross"].update(belts=[[2], [0]]), r"exits 0 \(left\) and 1 \(right\)"),
        (lambda d: d["squirrel_die"].append("dance"), "faces must be among"),
        (lambda d: d["trucks"][4].update(nuts=["Pe", "Xx"]), "'Xx' is not a nut code"),
        (lambda d: d["bonus_options"]["C1"].update(effect="teleport"), "is not an effect nutbox knows"),
        (lambda d: d["bonus_cards"][2].update(second="W9"), "must name bonus_options"),
    ],
)
def test_broken_data_are_refused_saying_where(break_it: Any, message: str) -> None:
    data = copy.deepcopy(raw())
    break_it(data)
    with pytest.raises(ComponentError, match=message) as caught:
        parse(data)
    assert str(caught.value).startswith("nuts-factory components, ")
