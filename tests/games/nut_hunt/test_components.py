"""The shipped component data agrees with every number in the rulebook, and broken data is refused
with what is wrong and where."""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from nutbox.core import ComponentError
from nutbox.games.nut_hunt import components
from nutbox.games.nut_hunt.components import COMPONENTS, parse


def raw() -> dict[str, Any]:
    text = resources.files(components.__package__).joinpath("data/components.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def test_the_shipped_data_fits_the_rulebook() -> None:
    tiles = COMPONENTS.tiles
    assert len(tiles) == 19 and sum(tile.green for tile in tiles) == 10  # inferred from the 5-player case
    assert all(len(tile.cost) == 2 for tile in tiles if tile.green)
    names = {tile.name for tile in tiles if tile.known_name}
    assert names == {"Frog Pond", "Pine Barrens", "Heart of the Wood", "Mouse Meadow", "Hickory Haunt",
                     "Willow Wallow", "Rabbit Patch", "Birch Grove", "Muckville Marsh", "The Tangle"}
    by_pair = {frozenset(tiles[t].name for t in card.ends): card.points for card in COMPONENTS.objectives}
    assert len(COMPONENTS.objectives) == 45
    assert by_pair[frozenset({"Mouse Meadow", "Hickory Haunt"})] == 4  # the scoring example
    assert by_pair[frozenset({"Heart of the Wood", "Pine Barrens"})] == 6
    assert frozenset({"Mouse Meadow", "The Tangle"}) in by_pair
    assert frozenset({"Willow Wallow", "Muckville Marsh"}) in by_pair
    ends = Counter(t for card in COMPONENTS.objectives for t in card.ends)
    assert set(ends.values()) == {5} and COMPONENTS.frog_pond not in ends
    assert COMPONENTS.distance_bonus == (0, 1, 2, 3)


@pytest.mark.parametrize(
    ("break_it", "message"),
    [
        (lambda d: d["tiles"].pop(), "expected 19 tiles"),
        (lambda d: d["tiles"][9].update(cost="WWP"), "green tiles are exactly those that cost 2 nuts"),
        (lambda d: d["tiles"][3].update(forage="AX"), "'X' is not a nut code"),
        (lambda d: d["tiles"][1].update(code="FP"), "tile codes must be different"),
        (lambda d: d["objectives"][4].update(ends=["MM", "FP"]), "the Frog Pond cannot be an endpoint"),
        (lambda d: d["objectives"][4].update(ends=["MM", "ZZ"]), "ends must be two tile codes"),
        (lambda d: d["objectives"][7].update(id=3), "ids run 1, 2, 3"),
        (lambda d: d["compass"]["faces"].update({"6": "NE"}), "each of NE, E, SE, SW, W, NW exactly once"),
        (lambda d: d.update(tiles="none"), "tiles: Input should be a valid list"),
    ],
)
def test_broken_data_is_refused_saying_where(break_it: Any, message: str) -> None:
    data = copy.deepcopy(raw())
    break_it(data)
    with pytest.raises(ComponentError, match=message) as caught:
        parse(data)
    assert str(caught.value).startswith("nut-hunt components, ")
