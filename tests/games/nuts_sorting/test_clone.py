"""Clone safety: `SortingState.clone` against its declaration (`SHARED` and `COPIED` in state.py).

Every field is declared once, as shared (immutable, so clones may hold the same object) or copied (a list or
dict that apply changes in place, of immutable values, so a one-level copy is enough). On positions from a few
playouts, in every phase: the declaration covers every field, the clone keeps to it, what is shared is really
immutable, and changing any copied container of a clone, or playing on from it, leaves the original as it was.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest

from nutbox.core import Game, random_action
from nutbox.games.nuts_sorting.state import SortingState

from .positions import make_game

PLAIN = (type(None), bool, int, float, str, Game)  # the game: shared by every state of it, by design
# shared, though a list: the legal actions listed for the position (core ListedState), which nothing changes in
# place (legal_actions hands out copies; apply drops the list); the tests below check that clones leave it alone
READ_ONLY = ("_legal",)


def immutable(value: Any) -> bool:
    """Plain values, tuples of immutable values, frozen dataclasses (the options) and the game itself."""
    if isinstance(value, PLAIN):
        return True
    if isinstance(value, tuple):
        return all(immutable(item) for item in value)
    return dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]


def shared_inside(name: str, item: Any) -> bool:
    """What a copied container may hold (and clones therefore share): immutable values, and in `_index` the
    cached group index, whose one dict is read only (typed Mapping in colour_index.ColourIndex)."""
    if name == "_index" and isinstance(item, tuple) and len(item) == 3 and isinstance(item[0], dict):
        owner, up_to, firsts = item
        return all(immutable(pair) for pair in owner.items()) and immutable(up_to) and immutable(firsts)
    return immutable(item)


def fields(state: SortingState) -> dict[str, Any]:
    return {name: copy.deepcopy(getattr(state, name)) for name in SortingState.__slots__ if name != "game"}


def positions() -> list[SortingState]:
    """Every fourth position of three playouts (one with the repetition safeguard on, so `seen` is used),
    and the first of each phase, with the group caches filled as search leaves them."""
    found: list[SortingState] = []
    for seed, options in ((0, {}), (1, {"repetition_draw": True}), (2, {})):
        state = make_game(**options).new_state()
        rng = random.Random(seed)
        for step in range(10_000):
            state.legal_actions()
            if step % 4 == 0 or state.phase != found[-1].phase:
                found.append(state.clone())
            if state.is_terminal():
                break
            state.apply(random_action(state, rng))
    return found


POSITIONS = positions()


def test_every_field_is_declared_once() -> None:
    shared, copied = set(SortingState.SHARED), set(SortingState.COPIED)
    assert not shared & copied
    assert set(SortingState.__slots__) == shared | copied
    assert {state.phase for state in POSITIONS} == {"deal", "choose", "remove", "play", "over"}


@pytest.mark.parametrize("index", range(0, len(POSITIONS), 3))
def test_a_clone_shares_only_what_is_immutable_and_copies_the_rest(index: int) -> None:
    state = POSITIONS[index]
    assert not vars(state), "a field outside the declaration"
    other = state.clone()
    for name in SortingState.SHARED:
        value = getattr(state, name)
        assert getattr(other, name) is value, name
        if name in READ_ONLY:
            assert value is None or (isinstance(value, list) and all(immutable(item) for item in value)), name
        else:
            assert immutable(value), f"{name} is shared by clones but can change: declare it in COPIED"
    for name in SortingState.COPIED:
        value, copied = getattr(state, name), getattr(other, name)
        assert type(copied) is type(value) and copied == value, name
        assert copied is not value, f"{name} is declared COPIED, but the clone holds the same object"
        assert isinstance(value, list | dict), name
        items = value.items() if isinstance(value, dict) else value
        assert all(shared_inside(name, item) for item in items), f"{name} holds something mutable"


@pytest.mark.parametrize("index", range(1, len(POSITIONS), 3))
def test_changing_a_clone_leaves_the_original_as_it_was(index: int) -> None:
    state = POSITIONS[index]
    before = fields(state)
    other = state.clone()
    for name in SortingState.COPIED:
        container = getattr(other, name)
        if isinstance(container, dict):
            container[("changed",)] = 1
        else:
            container.append("changed")
            container[0] = "changed"
    assert fields(state) == before
    other = state.clone()
    rng = random.Random(index)
    while not other.is_terminal():
        other.apply(random_action(other, rng))
    assert fields(state) == before
