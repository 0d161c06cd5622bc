"""Clone safety by construction: every field of a state is either shared (and then immutable) or copied (a
list), so that a clone and its original can never change each other, checked on positions from playouts."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from nutbox.core import Game, random_action
from nutbox.games.nut_hunt import HuntState
from nutbox.games.nut_hunt.components import Layout

from .positions import game


def immutable(value: Any) -> bool:
    """Whether nothing reachable from `value` can change (a tuple of tuples of ints, a frozen dataclass...)."""
    if value is None or isinstance(value, (bool, int, float, str, frozenset)):
        return True
    if isinstance(value, tuple):
        return all(immutable(item) for item in value)
    if isinstance(value, Layout):  # shared by every state of a forest: only tuples inside
        return all(immutable(getattr(value, name)) for name in Layout.__slots__)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        frozen: bool = value.__dataclass_params__.frozen  # type: ignore[attr-defined]
        return frozen and all(immutable(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


def positions(players: int, seed: int) -> list[HuntState]:
    """Every position of one random game."""
    rng = random.Random(seed)
    state = game(players).new_state()
    seen = [state.clone()]
    while not state.is_terminal():
        state.apply(random_action(state, rng))
        seen.append(state.clone())
    return seen


def test_every_field_is_shared_or_copied_exactly_once() -> None:
    assert set(HuntState.SHARED).isdisjoint(HuntState.COPIED)
    assert set(HuntState.__slots__) == set(HuntState.SHARED) | set(HuntState.COPIED)
    state = game(2).new_state()
    assert all(hasattr(state, name) for name in HuntState.__slots__), "every field is set at construction"


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 5), (5, 7)])
def test_shared_fields_are_immutable_and_copied_ones_independent(players: int, seed: int) -> None:
    for state in positions(players, seed)[::7]:
        for name in HuntState.SHARED:
            if name != "game":  # the game object: options and metadata, shared by every state of it
                assert immutable(getattr(state, name)), f"{name} is shared by clone() but can change"
        assert isinstance(state.game, Game)
        other = state.clone()
        before = state.view(None), [state.view(seat) for seat in range(state.n)]
        for name in HuntState.COPIED:
            mine, theirs = getattr(state, name), getattr(other, name)
            assert isinstance(theirs, list) and mine is not theirs and theirs == mine
            theirs.append(theirs[0] if theirs else 0)  # change the clone's list ...
            if mine:
                theirs[0] = (99,) if isinstance(theirs[0], tuple) else theirs[0] + 99
        assert (state.view(None), [state.view(seat) for seat in range(state.n)]) == before  # ... never the original
