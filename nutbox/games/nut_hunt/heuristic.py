"""Game knowledge for the bots: how good a Nut Hunt position looks for one seat.

The score if the game ended now moves only when a nest is built or an objective completes, which leaves a
one-ply bot blind to progress. So each owner's position is valued as its current score plus the promise of
what it is building, read the way the rulebook's strategy reads it:
- each open objective is planned as its cheapest route (`plan`): the recruits it still needs, counting the
  tiles not yet held and, unless a nest already stands on or beside the route, the squirrels that would turn
  one of its tiles into a nest; its swing (base points and distance bonus instead of the -2 penalty) is
  credited by its chance of completion, measured in games: lower with every recruit still needed, and with
  every recruit fewer left before someone's last nest ends the game (`horizon`). So a squirrel on the route
  is worth more than one off it, overlapping objectives share their tiles, a long route is a good bet early
  and a bad one late, and ending the game strikes at everyone's unfinished routes;
- a tile holding two squirrels is one recruit from a nest, and a nest's 2 points;
- nuts are worth what they recruit next: the most of a wanted tile's cost (a tile the plan still lacks) they
  already cover, so a forage that completes the next recruit beats one that does not.
The Automa (solo) is valued by the same measure, so what breaks up its routes (the fox, hassled onto its
squirrels) shows up as its promise falling.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nutbox.core import lead_as_return
from nutbox.games.nut_hunt.components import COMPONENTS, FROG_POND, NEST_SIZE, NESTS_TO_END, NUTS, TILES, Layout, T
from nutbox.games.nut_hunt.scoring import FAILED_PENALTY, distance_bonus

if TYPE_CHECKING:
    from nutbox.games.nut_hunt.state import HuntState

SQUIRREL_VALUE = 0.25  # any squirrel: it may yet scatter somewhere useful, and it breaks tied scores
NEAR_NEST_VALUE = 0.6  # a tile one recruit short of a nest (2 points, and it scatters the other squirrels)
NUT_VALUE = 0.08  # a nut as such (three make any one nut by exchange)
NEXT_RECRUIT_VALUE = 0.6  # being able to pay for the next wanted recruit, credited by the share of its cost held
# The chance that an open objective is complete at the end, as a logistic function of the recruits its
# route still needs and of the recruits left before someone's last nest ends the game (`horizon`): fitted by
# `python bench/objectives.py` to 101,000 objectives held in bots' games of 1 to 5 seats.
CHANCE_AT = -1.00  # log-odds with nothing left to recruit and no time left
CHANCE_PER_NEEDED = -0.56  # each recruit the route still needs
CHANCE_PER_HORIZON = 0.27  # each recruit left before the end
SCALE = 8.0  # a lead of this many points counts as most of a win
NEVER = 99  # a cost no plan reaches
BARRENS_ENTRY = 3  # squirrels reach the Pine Barrens only by scattering: rarely a planned step


@dataclass(frozen=True, slots=True)
class Plan:
    needed: int  # recruits still needed (NEVER if no route)
    missing: tuple[int, ...]  # tiles of the route not yet held
    nest_tile: int | None  # the tile the plan would build its nest on (None: a nest already serves it)


def held_tiles(state: HuntState, owner: int) -> tuple[set[int], set[int]]:
    """The tiles the owner holds (squirrel or nest), and those of them in a run of tiles that has a nest."""
    base = owner * T
    squirrels, nests = state.squirrels, state.nests
    held = {t for t in range(T) if squirrels[base + t] or nests[base + t]}
    nested: set[int] = set()
    assert state.layout is not None
    neighbours = state.layout.neighbours
    for tile in held:
        if nests[base + tile] and tile not in nested:
            frontier = [tile]
            nested.add(tile)
            while frontier:
                for other in neighbours[frontier.pop()]:
                    if other in held and other not in nested:
                        nested.add(other)
                        frontier.append(other)
    return held, nested


def reach(layout: Layout, entry: list[int], a: int) -> tuple[list[int], list[int]]:
    """Recruits to hold a run of tiles from a to each tile (entering a tile costs `entry[tile]`, the Frog Pond
    is never entered), and each tile's predecessor on its cheapest run (-1 at a). Dijkstra on 19 tiles."""
    cost = [NEVER] * T
    before = [-1] * T
    cost[a] = entry[a]
    queue = [(cost[a], a)]
    neighbours = layout.neighbours
    while queue:
        spent, tile = heapq.heappop(queue)
        if spent > cost[tile]:
            continue
        for other in neighbours[tile]:
            new = spent + entry[other]
            if new < cost[other]:
                cost[other] = new
                before[other] = tile
                heapq.heappush(queue, (new, other))
    return cost, before


def route_entries(held: set[int]) -> list[int]:
    """What entering each tile costs the owner in recruits: 0 if held, 1 if not, more for the Pine Barrens
    (only a scatter reaches it), and never the Frog Pond."""
    entry = [0 if t in held else 1 for t in range(T)]
    for tile in range(T):
        if tile == FROG_POND:
            entry[tile] = NEVER
        elif TILES[tile].pine_barrens and tile not in held:
            entry[tile] = BARRENS_ENTRY
    return entry


def nest_costs(counts: list[int], nested: set[int]) -> list[int]:
    """The recruits that would make each tile serve a route as its nest: none where a run with a nest already
    reaches, else the squirrels the tile lacks for one (never on the Pine Barrens: no recruiting there)."""
    costs = []
    for tile in range(T):
        if tile in nested:
            costs.append(0)
        elif TILES[tile].pine_barrens or tile == FROG_POND:
            costs.append(NEVER)
        else:
            costs.append(NEST_SIZE - max(counts[tile], 1))
    return costs


def plan(
    from_a: tuple[list[int], list[int]], from_b: tuple[list[int], list[int]], entry: list[int], nests: list[int]
) -> Plan:
    """The cheapest way to complete an objective, in recruits: a run of held tiles from a to b through some
    tile n that serves as its nest (`reach` from each end, then the best n: a to n, n to b, n's nest)."""
    cost_a, before_a = from_a
    cost_b, before_b = from_b
    needed, via = NEVER, -1
    for tile in range(T):
        total = cost_a[tile] + cost_b[tile] - entry[tile] + nests[tile]
        if total < needed:
            needed, via = total, tile
    if needed >= NEVER:
        return Plan(NEVER, (), None)
    missing = []
    for before in (before_a, before_b):
        tile = via
        while tile != -1:
            if entry[tile] and tile not in missing:
                missing.append(tile)
            tile = before[tile]
    return Plan(needed, tuple(missing), via if nests[via] else None)


def shortfall(nuts: list[int], cost: tuple[int, ...]) -> int:
    """The nuts still lacking to pay `cost`, after exchanging three spare nuts of a kind for each missing one."""
    lacking = 0
    spare = 0
    for nut in range(NUTS):
        need = cost.count(nut)
        lacking += max(0, need - nuts[nut])
        spare += max(0, nuts[nut] - need) // 3
    return max(0, lacking - spare)


# Memos of pure functions: a search judges thousands of positions that differ in one owner's pieces only, so
# the other owners' promise, and the runs from objective ends over an unchanged set of held tiles, repeat.
MEMO_SIZE = 50_000  # entries kept before a memo is emptied (bounds the memory)
_promises: dict[tuple[object, ...], float] = {}
_runs: dict[tuple[object, ...], tuple[list[int], list[int]]] = {}


def route_plans(
    state: HuntState, held: set[int], nested: set[int], counts: list[int], cards: tuple[int, ...]
) -> dict[int, Plan]:
    """Per objective card, its cheapest route (`plan`) for an owner holding `held`, with nests serving `nested`
    and `counts` squirrels a tile."""
    layout = state.layout
    assert layout is not None
    entry = route_entries(held)
    nests = nest_costs(counts, nested)
    held_key = sum(1 << tile for tile in held)
    plans = {}
    for card in cards:
        runs = []
        for end in COMPONENTS.objectives[card - 1].ends:
            key = (layout, held_key, end)
            run = _runs.get(key)
            if run is None:
                if len(_runs) >= MEMO_SIZE:
                    _runs.clear()
                run = _runs[key] = reach(layout, entry, end)
            runs.append(run)
        plans[card] = plan(runs[0], runs[1], entry, nests)
    return plans


def recruits_to_end(state: HuntState, owner: int) -> int:
    """The fewest recruits that give the owner its last nest (the game ends at once when it is placed): its
    fullest tiles first, then empty ones."""
    base = owner * T
    left = NESTS_TO_END - sum(state.nests[base : base + T])
    if left <= 0:
        return 0
    costs = sorted(
        max(0, NEST_SIZE - count)
        for tile, count in enumerate(state.squirrels[base : base + T])
        if count and not TILES[tile].pine_barrens
    )
    costs += [NEST_SIZE] * left
    return sum(costs[:left])


def horizon(state: HuntState) -> int:
    """The recruits left before the game can end: the fewest any owner needs for its last nest."""
    return min(recruits_to_end(state, owner) for owner in range(state.owners))


def completion_chance(needed: int, left: int) -> float:
    """The chance that an objective whose route needs `needed` more recruits is complete at the end, `left`
    recruits before it (see CHANCE_AT)."""
    return 1 / (1 + math.exp(-(CHANCE_AT + CHANCE_PER_NEEDED * needed + CHANCE_PER_HORIZON * left)))


def promise(state: HuntState, owner: int, left: int | None = None) -> float:
    """The owner's score now, plus each open objective's swing times its chance of completion (`left`: the
    state's horizon, given when the caller has it)."""
    if left is None:
        left = horizon(state)
    base = owner * T
    seat = owner < state.n
    key = (
        state.layout,
        state.fox if seat else None,
        tuple(state.squirrels[base : base + T]),
        tuple(state.nests[base : base + T]),
        state.objectives_of(owner),
        tuple(state.nuts[owner * NUTS : owner * NUTS + NUTS]) if seat else None,
        left,
    )
    value = _promises.get(key)
    if value is None:
        if len(_promises) >= MEMO_SIZE:
            _promises.clear()
        value = _promises[key] = _promise(state, owner, left)
    return value


def _promise(state: HuntState, owner: int, left: int) -> float:
    layout = state.layout
    assert layout is not None
    parts = state.breakdown(owner)
    base = owner * T
    counts = state.squirrels[base : base + T]
    value = float(parts.total) + SQUIRREL_VALUE * parts.squirrels
    value += NEAR_NEST_VALUE * sum(1 for count in counts if count == NEST_SIZE - 1)
    held, nested = held_tiles(state, owner)
    open_cards = tuple(result.card for result in parts.objectives if not result.complete)
    wanted: set[int] = set()
    for card, route in route_plans(state, held, nested, counts, open_cards).items():
        a, b = COMPONENTS.objectives[card - 1].ends
        swing = COMPONENTS.objectives[card - 1].points + distance_bonus(layout, a, b) - FAILED_PENALTY
        if route.needed < NEVER:
            value += swing * completion_chance(route.needed, left)
        wanted.update(route.missing)
        if route.nest_tile is not None:
            wanted.add(route.nest_tile)
    if owner < state.n:  # a seat's nuts (the Automa has none)
        nuts = state.nuts[owner * NUTS : owner * NUTS + NUTS]
        value += NUT_VALUE * sum(nuts)
        costs = [TILES[t].cost for t in wanted if TILES[t].cost and t != state.fox]
        if costs:
            value += NEXT_RECRUIT_VALUE * max(1 - shortfall(nuts, cost) / len(cost) for cost in costs)
    return value


def evaluate(state: HuntState, seat: int) -> float:
    """The seat's promise against the best other owner's, squashed into (-1, 1) and put on the scale of returns."""
    if state.layout is None:
        return 0.0
    if state.is_terminal():
        return state.returns()[seat]
    left = horizon(state)
    mine = promise(state, seat, left)
    others = [promise(state, owner, left) for owner in range(state.owners) if owner != seat]
    return lead_as_return(math.tanh((mine - max(others)) / SCALE), state.n) if others else 0.0
