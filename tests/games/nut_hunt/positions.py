"""Explicit Nut Hunt positions for the scenario tests: a fixed forest and pieces placed by tile code.

The forest, cell by cell (row by row from the top; pointy-top hexes, so each row is offset by half a hex):

          HW  PB  CF
        CC  FP  MG  SK
      MM  BH  WW  HH  CH
        FG  RP  MU  AR
          MB  BG  TT

Willow Wallow (a green starting tile) is in the centre. Mouse Meadow and Hickory Haunt are three steps
apart (two tiles between them), Heart of the Wood and Pine Barrens are neighbours, and the Tangle sits on
the bottom edge, so a fox there rolling south-east bounces back north-west onto Muckville Marsh.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nutbox.games.nut_hunt import HuntOptions, HuntState, NutHunt
from nutbox.games.nut_hunt.components import COMPONENTS, layout

FOREST = [
    *("HW", "PB", "CF"),
    *("CC", "FP", "MG", "SK"),
    *("MM", "BH", "WW", "HH", "CH"),
    *("FG", "RP", "MU", "AR"),
    *("MB", "BG", "TT"),
]
CODE = COMPONENTS.tile_of_code
NUTS = COMPONENTS.nut_codes


def tile(code: str) -> int:
    return CODE[code]


def game(players: int = 2, **options: Any) -> NutHunt:
    return NutHunt(HuntOptions(players=players, **options))


def position(
    players: int = 2,
    *,
    fox: str = "CH",
    squirrels: Mapping[str, Sequence[int]] = {},
    nests: Mapping[str, Sequence[int]] = {},
    nuts: Sequence[str] = (),
    hands: Sequence[Sequence[int]] = (),
    automa_hand: Sequence[int] = (),
    current: int = 0,
    phase: str = "action",
    forest: Sequence[str] = FOREST,
    **options: Any,
) -> HuntState:
    """A position after setup: `squirrels` and `nests` give counts per owner on a tile code; `nuts` gives each
    seat's nuts as letters ("AAHW"); the deck holds every objective not in a hand."""
    state = game(players, **options).new_state()
    state.tile_at = tuple(tile(code) for code in forest)
    state.layout = layout(state.tile_at)
    state.fox = tile(fox)
    for counts, target in ((squirrels, state.squirrels), (nests, state.nests)):
        for code, per_owner in counts.items():
            for owner, count in enumerate(per_owner):
                target[owner * len(FOREST) + tile(code)] = count
    for seat, letters in enumerate(nuts):
        for letter in letters:
            state.nuts[seat * len(NUTS) + NUTS.index(letter)] += 1
    state.hands = [tuple(hand) for hand in hands] + [()] * (players - len(hands))
    state.automa_hand = tuple(automa_hand)
    held = {card for hand in state.hands for card in hand} | set(automa_hand)
    state.pool = tuple(card for card in state.pool if card not in held)
    state.phase = phase  # type: ignore[assignment]
    state.current = current
    state.turn = 1
    return state


def on(state: HuntState, code: str) -> tuple[list[int], list[int]]:
    """(squirrels, nests) per owner on a tile."""
    t = tile(code)
    return (
        [state.squirrels[o * len(FOREST) + t] for o in range(state.owners)],
        [state.nests[o * len(FOREST) + t] for o in range(state.owners)],
    )


def play(state: HuntState, *moves: str) -> list[Any]:
    events = []
    for text in moves:
        events.extend(state.apply(state.game.parse(text)))
    return events
