"""Cloning a Nut state is safe by construction: every field holds an immutable value, so a clone shares them
all (CardsState.clone copies no field by hand, so none can be forgotten). Checked on every position of a few
random playouts, for two and three players."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from nutbox.core import random_action
from nutbox.games.nut_cards import CardsOptions, CardsState, NutCards

# fields that may hold something mutable, each for a reason: the game object and its options and encoding are
# shared by every state of a game; the view cache is built whole, never changed, and deep-copied into each view
SHARED = {"game", "options", "space", "_layouts_view"}


def positions(players: int, seeds: range) -> Iterator[CardsState]:
    for seed in seeds:
        rng = random.Random(seed)
        state = NutCards(CardsOptions(players=players)).new_state()
        yield state.clone()
        while not state.is_terminal():
            state.apply(random_action(state, rng))
            yield state.clone()


@pytest.mark.parametrize("players", [2, 3])
def test_every_field_but_the_shared_ones_holds_an_immutable_value(players: int) -> None:
    for state in positions(players, range(3)):
        for name in CardsState.__slots__:
            if name not in SHARED:
                hash(getattr(state, name))  # a list, dict or set anywhere inside refuses to hash


@pytest.mark.parametrize("players", [2, 3])
def test_playing_on_from_a_clone_leaves_the_original_as_it_was(players: int) -> None:
    rng = random.Random(players)
    for state in positions(players, range(2)):
        if state.is_terminal():
            continue
        view = state.view(None)
        before = {name: getattr(state, name) for name in CardsState.__slots__}
        other = state.clone()
        while not other.is_terminal():
            other.apply(random_action(other, rng))
        assert {name: getattr(state, name) for name in CardsState.__slots__} == before
        assert state.view(None) == view
