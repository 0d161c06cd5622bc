"""End-of-game scoring (rulebook, "Scoring"): nests, completed objectives with their distance bonus, and
the penalty for failed ones. Pure functions of the board, so the rules, the views and the bots share them.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress

from nutbox.games.nut_hunt.components import COMPONENTS, Layout

TILE_RANGE = range(len(COMPONENTS.tiles))
NEST_POINTS = 2
FAILED_PENALTY = -2


@dataclass(frozen=True, slots=True)
class ObjectiveResult:
    card: int
    complete: bool
    points: int  # base + distance bonus when complete, the penalty when not


@dataclass(frozen=True, slots=True)
class Breakdown:
    nests: int
    squirrels: int
    objectives: tuple[ObjectiveResult, ...]

    @property
    def total(self) -> int:
        return NEST_POINTS * self.nests + sum(result.points for result in self.objectives)

    def parts(self) -> dict[str, float]:
        """`total` by the rulebook's four scoring steps (its "Scoring": nests, the base points of completed
        objectives, their distance bonus, failed objectives), so that a study can say which of them a score
        leans on."""
        base = bonus = failed = 0
        for result in self.objectives:
            if result.complete:
                printed = COMPONENTS.objectives[result.card - 1].points
                base += printed
                bonus += result.points - printed
            else:
                failed += result.points
        return {"nests": float(NEST_POINTS * self.nests), "completed objectives": float(base),
                "distance bonus": float(bonus), "failed objectives": float(failed)}


def territory(layout: Layout, held: set[int], start: int) -> set[int]:
    """The contiguous run of `held` tiles that contains `start` (empty if `start` is not held)."""
    if start not in held:
        return set()
    seen = {start}
    frontier = [start]
    neighbours = layout.neighbours
    while frontier:
        for other in neighbours[frontier.pop()]:
            if other in held and other not in seen:
                seen.add(other)
                frontier.append(other)
    return seen


def distance_bonus(layout: Layout, a: int, b: int) -> int:
    """By the intervening tiles of the shortest route (which may cross the Frog Pond)."""
    table = COMPONENTS.distance_bonus
    return table[min(layout.steps(a, b) - 1, len(table) - 1)]


def objective_result(layout: Layout, held: set[int], nested: set[int], card: int) -> ObjectiveResult:
    """Complete: a squirrel or nest on both ends and on a contiguous run joining them, with a nest on it."""
    objective = COMPONENTS.objectives[card - 1]
    a, b = objective.ends
    run = territory(layout, held, a)
    if b in run and run & nested:
        return ObjectiveResult(card, True, objective.points + distance_bonus(layout, a, b))
    return ObjectiveResult(card, False, FAILED_PENALTY)


def breakdown(layout: Layout, squirrels: list[int], nests: list[int], cards: tuple[int, ...]) -> Breakdown:
    """One owner's score; `squirrels` and `nests` are that owner's counts per tile."""
    nested = set(compress(TILE_RANGE, nests))  # (the tiles whose count is not 0)
    held = nested.union(compress(TILE_RANGE, squirrels))
    results = tuple([objective_result(layout, held, nested, card) for card in cards])
    return Breakdown(sum(nests), sum(squirrels), results)
