"""Clones are independent by construction: `FactoryState.clone` copies the fields named in COPIED_FIELDS and
shares every other one, so no other field may hold a mutable container, and the copied ones hold only
immutable items (a shallow copy suffices). Checked on positions from a few random playouts, together with
what it guarantees: changing every container of a clone leaves the original as it was."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from nutbox.core import random_action
from nutbox.games.nuts_factory.state import COPIED_FIELDS, FactoryState

from .positions import game

MUTABLE = (list, dict, set, bytearray)
SHARED_OBJECTS = ("game", "options")  # the game and its frozen options: the same for every state of a game


def sample(players: int, seed: int, every: int = 23) -> list[FactoryState]:
    rng = random.Random(seed)
    state = game(players).new_state()
    found = [state.clone()]
    steps = 0
    while not state.is_terminal():
        state.apply(random_action(state, rng))
        steps += 1
        if steps % every == 0:
            state.paths()  # fill the cache, so that it is checked too
            found.append(state.clone())
    return [*found, state]


SAMPLES = [state for players, seed in ((2, 1), (3, 2), (4, 3)) for state in sample(players, seed)]


def snapshot(state: FactoryState) -> dict[str, Any]:
    return {name: copy.deepcopy(getattr(state, name)) for name in FactoryState.__slots__ if name not in SHARED_OBJECTS}


def items(value: Any) -> list[Any]:
    return [*value.keys(), *value.values()] if isinstance(value, dict) else list(value)


@pytest.mark.parametrize("index", range(0, len(SAMPLES), 3))
def test_only_the_copied_fields_hold_mutable_containers(index: int) -> None:
    state = SAMPLES[index]
    for name in FactoryState.__slots__:
        value = getattr(state, name)
        if name in COPIED_FIELDS:
            assert isinstance(value, (list, dict)), name
            assert not any(isinstance(item, MUTABLE) for item in items(value)), f"{name} holds a mutable item"
        else:
            assert not isinstance(value, MUTABLE), f"{name} is mutable but clone shares it: add it to COPIED_FIELDS"
            if isinstance(value, tuple):
                assert not any(isinstance(item, MUTABLE) for item in value), f"{name} holds a mutable item"


@pytest.mark.parametrize("index", range(len(SAMPLES)))
def test_changing_every_container_of_a_clone_leaves_the_original_unchanged(index: int) -> None:
    state = SAMPLES[index]
    before = snapshot(state)
    clone = state.clone()
    for name in FactoryState.__slots__:
        value = getattr(clone, name)
        if isinstance(value, list):
            value.append(("changed",))
            if value[:-1]:
                value[0] = ("changed",)
        elif isinstance(value, dict):
            value[("changed",)] = "changed"
            value.pop(next(iter(value)))
    assert snapshot(state) == before
