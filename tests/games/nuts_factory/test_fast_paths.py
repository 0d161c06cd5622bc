"""The engine's fast paths agree with plain reference versions of the same rules: the routes (packed flows, and
the one-route-per-dispenser walk) with the route-by-route traces, the Actions looked up by row mask with a
straight listing, the cached Connecting Paths with paths worked out afresh, and the field-by-field clone with
COPIED_FIELDS. Positions come from seeded random floors and random playouts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from nutbox.core import Action, random_action
from nutbox.games.nuts_factory import bonus, production, turn
from nutbox.games.nuts_factory.actions import BUILDS, CLEARS, FEED, MACHINE_MOVES, MOVES, SPINS, SPOTS
from nutbox.games.nuts_factory.components import COLUMNS, COMPONENTS, TILE_KINDS
from nutbox.games.nuts_factory.state import COPIED_FIELDS, FactoryState

from .positions import game

Floor = tuple[dict[tuple[int, int], str], dict[tuple[int, int], str]]


def random_floor(rng: random.Random, kinds: tuple[str, ...]) -> Floor:
    tiles: dict[tuple[int, int], str] = {}
    for _ in range(rng.randrange(25)):
        row, col = rng.choice(SPOTS)
        if not any((row, left) in tiles for left in (col - 1, col, col + 1)):
            tiles[(row, col)] = rng.choice(kinds)
    machines: dict[tuple[int, int], str] = {}
    for machine in COMPONENTS.machines:
        free = [c for c in range(COLUMNS) if (machine.row, c) not in machines]
        machines[(machine.row, rng.choice(free))] = machine.kind
    return tiles, machines


def traced(tiles: dict[tuple[int, int], str], machines: dict[tuple[int, int], str], fall: bool) -> list[Any]:
    """The routes counted from the traces, one route at a time, in the order each first appears."""
    counts: dict[tuple[int, int, bool, bool, int], int] = {}
    for trace in production.traces(tiles, machines, fall):
        key = (trace.columns[0], trace.columns[-1], trace.salted, trace.roasted,
               trace.columns[COMPONENTS.squirrel_row])
        counts[key] = counts.get(key, 0) + 1
    return [(*key, count) for key, count in counts.items()]


@pytest.mark.parametrize("fall", [False, True])
@pytest.mark.parametrize("kinds", [("cross", "join-left", "join-right"), TILE_KINDS], ids=["no-splitter", "any"])
def test_routes_are_the_traces_counted(fall: bool, kinds: tuple[str, ...]) -> None:
    rng = random.Random(23)
    for _ in range(150):
        tiles, machines = random_floor(rng, kinds)
        found = [(r.source, r.end, r.salted, r.roasted, r.squirrel_column, r.count)
                 for r in production.routes(tiles, machines, fall)]
        assert found == traced(tiles, machines, fall), (tiles, machines)


def plain_configurations(state: FactoryState) -> list[Action]:
    """Configuration's Actions listed tile by tile and place by place, as the rules read."""
    listed: list[Action] = []
    kinds = ["cross"] if state.supply["cross"] else []
    if state.splitters:
        kinds += [kind for kind in TILE_KINDS[1:] if state.supply[COMPONENTS.tiles[kind].layout]]
    covered = {(row, c) for row, left in state.tiles for c in (left, left + 1)}
    for row, col in SPOTS:
        if (row, col) not in covered and (row, col + 1) not in covered:
            listed += [BUILDS[(kind, row, col)] for kind in kinds]
    for spot in sorted(state.tiles):
        listed.append(CLEARS[spot])
        row, col = spot
        if col > 0 and (row, col - 1) not in covered:
            listed.append(MOVES[(spot, (row, col - 1))])
        if col < COLUMNS - 2 and (row, col + 2) not in covered:
            listed.append(MOVES[(spot, (row, col + 1))])
    listed += SPINS
    for row, col in sorted(state.machines):
        for to in (col - 1, col + 1):
            if 0 <= to < COLUMNS and (row, to) not in state.machines:
                listed.append(MACHINE_MOVES[(row, col, to)])
    return [*listed, FEED]


def plain_tile_targets(state: FactoryState, same_row: bool) -> list[Action]:
    def fits(row: int, col: int, lifted: tuple[int, int]) -> bool:
        return not any((row, left) in state.tiles and (row, left) != lifted for left in (col - 1, col, col + 1))

    return [MOVES[(spot, to)] for spot in sorted(state.tiles) for to in SPOTS
            if to != spot and (not same_row or to[0] == spot[0]) and fits(*to, spot)]


def playouts(players: int, seed: int, every: int = 7) -> Iterator[FactoryState]:
    """Every `every`-th position of a random game, and the last."""
    rng = random.Random(seed)
    state = game(players).new_state()
    steps = 0
    while not state.is_terminal():
        state.apply(random_action(state, rng))
        steps += 1
        if steps % every == 0:
            yield state
    yield state


POSITIONS = [state.clone() for players, seed in ((2, 4), (3, 5), (4, 6)) for state in playouts(players, seed)]


def test_the_actions_looked_up_by_row_are_the_actions_listed_plainly() -> None:
    checked = 0
    for state in POSITIONS:
        for splitters in (0, 1):
            state = state.clone()
            state.splitters = splitters
            assert turn.configurations(state) == plain_configurations(state)
            for same_row in (False, True):
                assert list(bonus.tile_targets(state, same_row)) == plain_tile_targets(state, same_row)
            checked += 1
    assert checked > 100


def test_cached_connecting_paths_are_those_worked_out_afresh() -> None:
    """Along random games, the paths a state keeps (shared with its clones, kept while only Box Holders turn)
    are always those of the floor as it stands."""
    for players, seed in ((2, 8), (3, 9)):
        for state in playouts(players, seed, every=1):
            if len(state.holders) < COLUMNS:
                continue
            fresh = production.routes(state.tiles, state.machines, state.options.unused_end == "fall")
            assert list(state.routes()) == fresh
            assert list(state.paths()) == production.connecting(fresh, state.tops())


@pytest.mark.parametrize("index", range(0, len(POSITIONS), 5))
def test_a_clone_copies_the_fields_that_change_and_shares_the_others(index: int) -> None:
    state = POSITIONS[index]
    state.legal_actions()  # fill the cache the clone shares
    clone = state.clone()
    for name in FactoryState.__slots__:
        mine, its = getattr(state, name), getattr(clone, name)
        if name in COPIED_FIELDS:
            assert its == mine and its is not mine, name
        else:
            assert its is mine, name
    if not state.is_terminal():
        listed = state.legal_actions()
        assert clone.legal_actions() == listed
        clone.apply(random_action(clone, random.Random(index)))
        assert state.legal_actions() == listed  # the original's list is untouched


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_floor_code_kept_as_tiles_and_machines_move_equals_one_worked_out_afresh(players: int) -> None:
    from nutbox.games.nuts_factory import floor

    rng = random.Random(players)
    checked = 0
    for _ in range(4):
        state = game(players).new_state()
        while not state.is_terminal():
            state.apply(random_action(state, rng))
            assert isinstance(state, FactoryState)
            assert state.floor() == floor.code(state.tiles, state.machines)
            checked += 1
    assert checked > 100
