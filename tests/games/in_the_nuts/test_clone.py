"""Clones of In the Nuts! states are safe by construction: every field is either shared (and then holds
nothing mutable) or copied, and changing every list of a clone leaves the original as it was."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from nutbox.core import random_action
from nutbox.core.state import ListedState
from nutbox.games.in_the_nuts.state import COPIED, SHARED, NutsState

from .positions import game


def positions(players: int, seed: int, every: int = 7) -> Iterator[NutsState]:
    """Every `every`-th position of a random playout, the end included."""
    state, rng = game(players), random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        state.apply(random_action(state, rng))
        step += 1
    yield state


def snapshot(state: NutsState) -> dict[str, str]:
    return {name: repr(getattr(state, name)) for name in NutsState.__slots__}


def test_every_field_is_either_shared_or_copied() -> None:
    assert not set(SHARED) & set(COPIED)
    assert sorted(SHARED + COPIED) == sorted(NutsState.__slots__)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_a_clone_equals_its_original_and_shares_nothing_mutable(players: int, seed: int) -> None:
    for state in positions(players, seed):
        # only the core's caches of the position (ListedState) may live outside __slots__: clone drops them
        assert set(vars(state)) <= set(ListedState.CACHES), "a field outside __slots__ would escape the clone"
        twin = state.clone()
        assert snapshot(twin) == snapshot(state)
        for name in SHARED:
            if name not in ("game", "options"):  # the game and its options are shared by every state of a game
                hash(getattr(state, name))  # a shared field holds only immutable values (a list would not hash)
        before = snapshot(state)
        for name in COPIED:
            values = getattr(twin, name)
            assert values is not getattr(state, name), f"{name} is shared with the clone"
            for index in range(len(values)):
                values[index] = 99
            values.append(99)
        assert snapshot(state) == before
