"""What the Nut Hunt heuristic knows (nutbox/games/nut_hunt/heuristic.py), on explicit positions.

The forest (tests/games/nut_hunt/positions.py): objective 1 joins Mouse Meadow and Hickory Haunt, whose
cheapest route runs MM - BH - WW - HH along the middle row.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from nutbox.games.nut_hunt import HuntState
from nutbox.games.nut_hunt.components import T
from nutbox.games.nut_hunt.heuristic import (
    completion_chance,
    evaluate,
    held_tiles,
    horizon,
    nest_costs,
    plan,
    promise,
    reach,
    recruits_to_end,
    route_entries,
)

from .positions import position, tile

MM_HH = 1  # objective 1: Mouse Meadow to Hickory Haunt


def seat0(squirrels: Mapping[str, int], nests: Sequence[str] = (), nuts: str = "") -> HuntState:
    """Two seats; seat 0 holds objective 1 and the pieces given, seat 1 has nothing on the board."""
    return position(
        2,
        squirrels={code: (count, 0) for code, count in squirrels.items()},
        nests={code: (1, 0) for code in nests},
        nuts=(nuts, ""),
        hands=((MM_HH,), ()),
    )


def route(state: HuntState, owner: int = 0, a: str = "MM", b: str = "HH") -> tuple[int, set[int], int | None]:
    """The plan for a to b: recruits needed, tiles missing, the tile a nest is still to be built on."""
    assert state.layout is not None
    held, nested = held_tiles(state, owner)
    entry = route_entries(held)
    counts = state.squirrels[owner * T : owner * T + T]
    found = plan(
        reach(state.layout, entry, tile(a)), reach(state.layout, entry, tile(b)), entry, nest_costs(counts, nested)
    )
    return found.needed, set(found.missing), found.nest_tile


def test_a_nest_on_the_route_needs_no_more_squirrels_for_one() -> None:
    with_nest = seat0({"MM": 1, "BH": 1}, nests=["WW"])
    assert route(with_nest) == (1, {tile("HH")}, None)  # only Hickory Haunt; no "+1, the nest is to come"
    with_squirrel = seat0({"MM": 1, "BH": 1, "WW": 1})
    needed, missing, nest_tile = route(with_squirrel)
    assert (needed, missing) == (3, {tile("HH")}) and nest_tile is not None  # HH, and two more for a nest
    assert promise(with_nest, 0) > promise(with_squirrel, 0)


def test_a_nest_beside_the_held_run_serves_it() -> None:
    # a nest on Corner Copse touches Mouse Meadow, so the run MM-BH-WW is already served
    assert route(seat0({"MM": 1, "BH": 1, "WW": 1}, nests=["CC"]))[0] == 1


def test_a_tile_two_squirrels_strong_is_the_cheaper_nest() -> None:
    assert route(seat0({"MM": 1, "BH": 1, "WW": 2}))[0] == 2  # HH, and one more on WW
    assert route(seat0({"MM": 1, "BH": 1, "WW": 1}))[0] == 3


def test_a_squirrel_on_the_planned_route_is_worth_more_than_one_off_it() -> None:
    on_route = seat0({"MM": 1, "HH": 1, "BH": 1})
    off_route = seat0({"MM": 1, "HH": 1, "TT": 1})
    assert promise(on_route, 0) > promise(off_route, 0)
    assert evaluate(on_route, 0) > evaluate(off_route, 0)
    assert evaluate(on_route, 1) < evaluate(off_route, 1)  # and the other seat sees the threat


def test_nuts_are_worth_what_they_recruit_next() -> None:
    # Hickory Haunt (A, P, P) is the route's missing tile: a third nut P pays for it, an H does not
    pays = seat0({"MM": 1, "BH": 1, "WW": 2}, nuts="APP")
    does_not = seat0({"MM": 1, "BH": 1, "WW": 2}, nuts="APH")
    assert promise(pays, 0) > promise(does_not, 0)


def test_breaking_the_automas_route_is_worth_more_than_scattering_elsewhere() -> None:
    def solo(automa: Mapping[str, int]) -> HuntState:
        return position(
            1,
            squirrels={code: (0, count) for code, count in automa.items()},
            hands=((),),
            automa_hand=(MM_HH,),
        )

    whole = {"MM": 1, "BH": 1, "WW": 2, "HH": 1, "TT": 1}
    broken = solo({**whole, "BH": 0})  # a squirrel gone from its route
    elsewhere = solo({**whole, "TT": 0})  # one gone from a tile it does not need
    assert evaluate(broken, 0) > evaluate(elsewhere, 0) > evaluate(solo(whole), 0)


def test_with_three_or_more_seats_no_position_in_play_looks_worse_than_losing_at_once() -> None:
    """A loss returns -1/(seats-1); the judgement of a position still in play is put on that scale, so a bot far
    behind does not prefer to end the game (a lead alone, squashed into (-1, 1), would fall below it)."""
    far_behind = {"MM": (0, 1), "BH": (0, 1), "HH": (0, 1)}
    for players in (3, 4, 5):
        state = position(players, squirrels=far_behind, nests={"WW": (0, 3), "TT": (0, 1)}, hands=((), (MM_HH,)))
        loss = -1 / (players - 1)
        assert loss < evaluate(state, 0) < loss + 0.1  # far behind: close to a loss, never below it
        assert evaluate(state, 1) > 0.8
    two = position(2, squirrels=far_behind, nests={"WW": (0, 3), "TT": (0, 1)}, hands=((), (MM_HH,)))
    assert -1 < evaluate(two, 0) < -0.8  # with two seats a loss is -1, and the lead alone is on that scale


def test_recruits_to_the_end_count_the_fullest_tiles_first() -> None:
    state = position(4, squirrels={"MM": (2, 0), "BH": (1, 0), "HH": (0, 1)}, nests={"WW": (2, 0)})
    assert recruits_to_end(state, 0) == 1 + 2  # two nests left: one more on MM, two more on BH
    assert recruits_to_end(state, 1) == 2 + 3 + 3 + 3  # four left: two more on HH, then three empty tiles
    state.nests[tile("WW")] = 4
    assert recruits_to_end(state, 0) == 0


def test_an_objective_is_credited_by_its_chance_of_completion_in_the_time_left() -> None:
    """The same route three recruits from done counts for less when another seat is one recruit from its fourth
    nest (the game ends at once when it is placed) than when nobody has built anything."""

    def four(racer_nests: int) -> HuntState:
        return position(
            4,
            squirrels={"MM": (1, 0), "BH": (1, 0), "WW": (1, 0), "TT": (0, 2)},
            nests={"AR": (0, racer_nests)},
            hands=((MM_HH,), ()),
        )

    early, late = four(0), four(3)
    assert (horizon(early), horizon(late)) == (2 + 2 + 2 + 3, 1)  # seat 0 is nearest its last nest, then seat 1
    assert promise(late, 0) < promise(early, 0)
    assert evaluate(late, 0) < evaluate(early, 0)
    assert completion_chance(3, 1) < completion_chance(3, 10) < completion_chance(1, 10) < 1
