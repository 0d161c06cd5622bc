"""Explicit In the Nuts! positions for the scenario tests.

Sections of the 2-squirrel area are named by their spaces ("2-4", "5-6", "7", "8-9", "10-12"), of the
3-squirrel area "left", "raccoon", "right". Nuts are W, H, B, A; jokers two letters ("WH").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from nutbox.core import IllegalAction
from nutbox.games.in_the_nuts import InTheNuts, NutsOptions, NutsState
from nutbox.games.in_the_nuts.actions import kind_code, section_label
from nutbox.games.in_the_nuts.components import CARDS, COMPONENTS, FIRST

KIND = {kind_code(k): k for k in range(len(COMPONENTS.kinds))}
SECTION2 = {section_label(s): s for s in range(len(COMPONENTS.area2))}
SECTION3 = {"left": 0, "raccoon": 1, "right": 2}


def game(players: int = 2, **options: Any) -> NutsState:
    return InTheNuts(NutsOptions(players=players, **options)).new_state()


def position(
    players: int = 2,
    *,
    faceup: Sequence[str] = ("W", "H", "B", "A"),
    track: Mapping[int, int] = {},
    area2: Mapping[str, Sequence[int]] = {},
    area3: Mapping[str, Sequence[int]] = {},
    area4: Sequence[int] = (),
    storage: Mapping[int, Mapping[int, tuple[str, int]]] = {},
    kept: Mapping[int, Sequence[str]] = {},
    david: int | None = None,
    current: int = 0,
    phase: str = "dice",
    pile: int = 20,
    **options: Any,
) -> NutsState:
    """A position mid-game. `storage` maps player -> card number (1-based) -> (nut, how many)."""
    state = game(players, **options)
    n = players
    state.faceup = [KIND[code] for code in faceup]
    for kind in state.faceup:
        state.unseen[kind] -= 1
    for space, owner in track.items():
        state.track[space - FIRST] = owner
        state.supply[owner] -= 1
    for table, names, counts in ((state.area2, SECTION2, area2), (state.area3, SECTION3, area3)):
        for name, per_player in counts.items():
            for player, count in enumerate(per_player):
                table[names[name] * n + player] = count
                state.supply[player] -= count
    for player, count in enumerate(area4):
        state.area4[player] = count
        state.supply[player] -= count
    for player, cards in storage.items():
        for card, (nut, count) in cards.items():
            i = player * CARDS + card - 1
            state.card_type[i] = COMPONENTS.nut_codes.index(nut)
            state.card_plain[i] = count
    for player, jokers in kept.items():
        for code in jokers:
            state.kept[player * len(COMPONENTS.kinds) + KIND[code]] += 1
    state.david = david
    state.current = current
    state.phase = phase  # type: ignore[assignment]
    state.pile = pile
    return state


def play(state: NutsState, *moves: str) -> list[Any]:
    events = []
    for text in moves:
        events.extend(state.apply(state.game.parse(text)))
    return events


def card(state: NutsState, player: int, number: int) -> tuple[str | None, int, int]:
    """(nut, plain nuts, jokers) on a player's storage card (1-based)."""
    i = player * CARDS + number - 1
    nut = COMPONENTS.nut_codes[state.card_type[i]] if state.card_type[i] is not None else None
    return nut, state.card_plain[i], state.card_jokers[i]


def refused(state: NutsState, text: str) -> str:
    """The rule that refuses an action here, each seat called "Player N"; the state is left as it was."""
    before = state.view(None)
    with pytest.raises(IllegalAction) as caught:
        state.apply(state.game.parse(text))
    assert state.view(None) == before
    return caught.value.told(None)
