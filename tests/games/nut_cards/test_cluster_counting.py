"""Clusters are counted on numbered cells (layout.py, for speed): the same clusters, points and tie-break as the
rule read plainly on (x, y) cells, written out here, over the layouts of random games and every scoring rule."""

from __future__ import annotations

import random

import pytest

from nutbox.core import random_action
from nutbox.games.nut_cards import CardsOptions, NutCards, layout
from nutbox.games.nut_cards.components import SQUIRREL, WILD
from nutbox.games.nut_cards.layout import Cluster, Placement


def plain_clusters(grid: dict[tuple[int, int], str], double_each: bool, largest: bool) -> list[Cluster]:
    """Each colour's counted cluster, as the rulebook says it: adjacent cells of the colour, wilds and squirrels;
    the largest (or best-scoring) one of a colour counts; of equals, the first found by column, then band."""
    found = []
    for colour in layout.COLOURS:
        members = {cell for cell, what in grid.items() if what in (colour, WILD, SQUIRREL)}
        counted, seen = None, set()
        for start in sorted(members):
            if start in seen or grid[start] != colour:
                continue
            component, seen = [start], seen | {start}
            for x, y in component:
                for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if near in members and near not in seen:
                        seen.add(near)
                        component.append(near)
            nuts = sum(grid[cell] in (colour, WILD) for cell in component)
            squirrels = sum(grid[cell] == SQUIRREL for cell in component)
            factor = 2**squirrels if double_each else (2 if squirrels else 1)
            cluster = Cluster(colour, nuts, squirrels, nuts * factor, tuple(sorted(component)))
            order = (nuts, cluster.points) if largest else (cluster.points, nuts)
            if counted is None or order > ((counted.nuts, counted.points) if largest else (counted.points,
                                                                                           counted.nuts)):
                counted = cluster
        if counted is not None:
            found.append(counted)
    return found


def layouts(players: int, games: int) -> list[tuple[Placement, ...]]:
    """Every layout of every seat after every decision of random games."""
    game, rng, found = NutCards(CardsOptions(players=players)), random.Random(players), []
    for _ in range(games):
        state = game.new_state()
        while not state.is_terminal():
            state.apply(random_action(state, rng))
            found.extend(state.layouts)
    return list(dict.fromkeys(found))


@pytest.mark.parametrize("players", [2, 3])
def test_numbered_cells_count_the_clusters_the_rule_counts(players: int) -> None:
    checked = 0
    for placed in layouts(players, 4):
        grid = layout.visible(placed)
        for double_each in (True, False):
            for largest in (True, False):
                plain = plain_clusters(grid, double_each, largest)
                assert layout.counted_clusters(grid, double_each, largest) == plain, placed
                points = sum(cluster.points for cluster in plain)
                assert layout.score(placed, double_each, largest) == (
                    points, max((cluster.nuts for cluster in plain), default=0)), placed
                checked += 1
    assert checked > 200  # (full layouts with squirrels and wilds among them: see the rule tests' examples)
