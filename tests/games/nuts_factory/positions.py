"""Explicit Nuts! positions for the scenario tests: the factory floor built from what the examples name.

Places are as in the notation: rows counted from 0 (the dispensers) down to 12 (the Box Holders); columns
1 to 8 as the rulebook numbers them. The dispensers are A C Pe Pi A C Pe Pi. Box Holder tops are given
per column by nut code; each column gets the holder of its own number, turned to show that nut.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nutbox.games.nuts_factory import FactoryOptions, FactoryState, NutsFactory
from nutbox.games.nuts_factory.components import COMPONENTS, top_of

CODES = COMPONENTS.nut_codes


def game(players: int = 2, **options: Any) -> NutsFactory:
    return NutsFactory(FactoryOptions(players=players, **options))


def position(
    players: int = 2,
    *,
    tops: Sequence[str] = ("C", "A", "A", "A", "C", "A", "A", "A"),
    tiles: Mapping[str, str] = {},
    salters: Sequence[int] = (2, 6),
    roasters: Sequence[int] = (3, 7),
    squirrel: int = 4,
    warehouses: Sequence[Mapping[str, int]] = (),
    hands: Sequence[Sequence[int]] = (),
    points: Sequence[int] = (),
    deck: Sequence[int] | None = None,
    discards: Sequence[int] = (),
    current: int = 0,
    phase: str = "config",
    actions_left: int = 2,
    **options: Any,
) -> FactoryState:
    """A position mid-game. `tiles` maps a place ("r4c5", the tile's left half) to a tile kind; `salters`
    and `roasters` give columns; bonus cards in no hand and not among `discards` are in the deck, unless
    `deck` names its cards."""
    state = game(players, **options).new_state()
    state.holders = tuple(range(len(tops)))
    state.turns = [next(t for t in range(4) if CODES[top_of(h, t)] == code) for h, code in enumerate(tops)]
    state.tiles = {}
    for text, kind in tiles.items():
        row, col = text[1:].split("c")
        state.tiles[(int(row), int(col) - 1)] = kind
        state.supply[COMPONENTS.tiles[kind].layout] -= 1
    salter_row, roaster_row = COMPONENTS.rows.index("salter"), COMPONENTS.rows.index("roaster")
    state.machines = {(salter_row, c - 1): "salter" for c in salters}
    state.machines |= {(roaster_row, c - 1): "roaster" for c in roasters}
    state.squirrel = squirrel - 1
    for seat, stock in enumerate(warehouses):
        for code, count in stock.items():
            state.warehouses[seat * len(CODES) + CODES.index(code)] = count
    state.hands = [tuple(hand) for hand in hands] + [()] * (players - len(hands))
    held = {card for hand in state.hands for card in hand} | set(discards)
    state.pool = tuple(card for card in state.pool if card not in held) if deck is None else tuple(deck)
    state.discards = tuple(discards)
    state.points = list(points) + [0] * (players - len(points))
    state.phase = phase  # type: ignore[assignment]
    state.current = current
    state.turn = 1
    state.actions_left = actions_left
    state._changed()
    return state


def play(state: FactoryState, *moves: str) -> list[Any]:
    events = []
    for text in moves:
        events.extend(state.apply(state.game.parse(text)))
    return events


def path_summary(state: FactoryState) -> list[tuple[int, int, str, int]]:
    """The Connecting Paths as (from column, to column, nut, count), 1-based, sorted."""
    return sorted((r.source + 1, r.end + 1, CODES[COMPONENTS.dispensers[r.source]], r.count) for r in state.paths())
