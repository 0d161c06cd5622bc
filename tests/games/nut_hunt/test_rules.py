"""Scenario tests of the Nut Hunt rules (rulebooks/nut-hunt.txt, docs/rules-decisions.md).

Every position is built explicitly on the fixed forest of positions.py, never taken from what a seed deals.
"""

from __future__ import annotations

import random

import pytest

from nutbox.core import CHANCE, TERMINAL, IllegalAction, NotationError
from nutbox.games.nut_hunt import HuntState
from nutbox.games.nut_hunt.actions import Trade
from nutbox.games.nut_hunt.components import COMPONENTS, NUM_CELLS, layout
from nutbox.games.nut_hunt.refusals import (
    FORAGE_RULE,
    HASSLE_RULE,
    RECRUIT_RULE,
    SCATTER_RULE,
    SCOUT_RULE,
    SETUP,
    TRADE_RULE,
)

from .positions import FOREST, NUTS, game, on, play, position, tile


def texts(actions: list) -> list[str]:
    return [str(action) for action in actions]


def refused(state: HuntState, text: str) -> str:
    """Apply `text`, expect IllegalAction, check that nothing changed, and return the rule given."""
    before = [state.view(seat) for seat in range(state.n)], state.view(None)
    with pytest.raises(IllegalAction) as caught:
        state.apply(state.game.parse(text))
    assert ([state.view(seat) for seat in range(state.n)], state.view(None)) == before
    return caught.value.rule


# --- scoring ---------------------------------------------------------------------------------------------
def test_the_rulebook_scoring_example_totals_16() -> None:
    """Mouse Meadow to Hickory Haunt 4 + 2, Heart of the Wood to Pine Barrens 6 + 0, Mouse Meadow to The
    Tangle failed -2, three nests 6: 16 points."""
    state = position(
        hands=[(1, 13, 2)],
        squirrels={"MM": [1], "BH": [1], "HH": [1], "PB": [1]},
        nests={"WW": [1], "HW": [1], "MB": [1]},
    )
    parts = state.breakdown(0)
    results = {result.card: (result.complete, result.points) for result in parts.objectives}
    assert results == {1: (True, 4 + 2), 13: (True, 6 + 0), 2: (False, -2)}
    assert parts.nests == 3
    assert parts.total == 16


def test_the_rulebook_scoring_example_by_its_parts_once_the_game_is_over() -> None:
    """The same 16 points by the rulebook's four scoring steps: three nests 6, the base points of the two
    completed objectives 4 + 6, their distance bonus 2 + 0, the failed one -2; the other seat scores one nest
    and a failed objective. Nothing before the end."""
    pieces = {
        "hands": [(1, 13, 2), (3,)],
        "squirrels": {"MM": [1, 0], "BH": [1, 0], "HH": [1, 0], "PB": [1, 0]},
        "nests": {"WW": [1, 0], "HW": [1, 0], "MB": [1, 1]},
    }
    assert position(**pieces).score_parts() is None
    state = position(**pieces, phase="over")
    assert state.score_parts() == [
        {"nests": 6.0, "completed objectives": 10.0, "distance bonus": 2.0, "failed objectives": -2.0},
        {"nests": 2.0, "completed objectives": 0.0, "distance bonus": 0.0, "failed objectives": -2.0},
    ]
    assert state.scores() == [16.0, 0.0]


def test_solo_score_parts_are_the_players_only() -> None:
    """The Automa is part of the rules, not a seat: its points (a nest, Heart of the Wood to Pine Barrens: 8)
    decide the game but get no parts of their own. The player: a nest, Willow Wallow to Muckville Marsh (2, no
    distance bonus between neighbours)."""
    state = position(1, hands=[(19,)], automa_hand=(13,), squirrels={"WW": [1, 0], "MU": [1, 0], "HW": [0, 1]},
                     nests={"RP": [1, 0], "PB": [0, 1]}, phase="over")
    assert state.score_parts() == [
        {"nests": 2.0, "completed objectives": 2.0, "distance bonus": 0.0, "failed objectives": 0.0},
    ]
    assert state.scores() == [4.0] and state.breakdown(1).total == 2 + 6


def test_willow_wallow_to_muckville_marsh_is_completed_through_a_connected_nest() -> None:
    """Squirrels on both ends, a nest connected to the territory (not on an end), others' pieces in it."""
    state = position(hands=[(19,)], squirrels={"WW": [1, 2], "MU": [1, 0]}, nests={"RP": [1, 1]})
    (result,) = state.breakdown(0).objectives
    assert result.complete and result.points == 2  # base 1 + 1, neighbours: no distance bonus


def test_mouse_meadow_to_hickory_haunt_fails_without_a_nest_on_the_territory() -> None:
    squirrels = {"MM": [1], "BH": [1], "WW": [1], "HH": [1]}
    state = position(hands=[(1,)], squirrels=squirrels, nests={"TT": [1]})  # a nest, but not connected
    (result,) = state.breakdown(0).objectives
    assert not result.complete and result.points == -2
    connected = position(hands=[(1,)], squirrels=squirrels, nests={"MU": [1]})  # Muckville Marsh touches WW
    assert connected.breakdown(0).objectives[0].points == 4 + 2


def test_the_distance_bonus_counts_the_shortest_route_not_the_long_way_around() -> None:
    """Heart of the Wood to Willow Wallow held the long way (via Cedar Creek and Bramble Hollow): the
    shortest route has one intervening tile (it may cross the Frog Pond), so the bonus is 1."""
    state = position(hands=[(14,)], squirrels={"HW": [1], "CC": [1], "WW": [1]}, nests={"BH": [1]})
    assert state.layout is not None and state.layout.distance[tile("HW")][tile("WW")] == 2
    (result,) = state.breakdown(0).objectives
    assert result.complete and result.points == 4 + 1


# --- the fox -----------------------------------------------------------------------------------------------
def test_the_fox_bounces_off_the_edge() -> None:
    """The rulebook's example: a 3 (south-east) from the bottom edge sends the fox back onto Muckville Marsh."""
    state = position(fox="TT", phase="roll")
    events = play(state, "roll 3")
    assert state.fox == tile("MU")
    assert any(event.kind == "fox" and event.data["bounced"] for event in events)
    plain = position(fox="TT", phase="roll")
    play(plain, "roll 5")  # west: still on the board
    assert plain.fox == tile("BG")


def test_squirrels_scatter_from_the_fox_but_not_onto_the_tile_it_left_and_the_mover_forages() -> None:
    state = position(fox="CH", phase="roll", squirrels={"HH": [0, 1]})
    play(state, "roll 5")  # west from Chestnut Hill onto Hickory Haunt
    assert state.to_move() == 1
    rule = refused(state, "scatter CH")
    assert rule.startswith(SCATTER_RULE) and "vacated" in rule
    assert "scatter FP" not in texts(state.legal_actions())
    assert "scatter HH" not in texts(state.legal_actions())
    play(state, "scatter MG")
    assert on(state, "MG")[0] == [0, 1] and on(state, "HH")[0] == [0, 0]
    # Hickory Haunt forages only walnuts: the active player's 2 nuts need no choice
    assert state.nuts[:4] == [0, 0, 2, 0] and state.phase == "action" and state.to_move() == 0


def test_nests_stay_when_the_fox_arrives() -> None:
    state = position(fox="CH", phase="roll", nests={"HH": [1, 1]})
    play(state, "roll 5")
    assert on(state, "HH")[1] == [1, 1] and not state.frames


def test_the_frog_pond_forages_any_two_nuts() -> None:
    state = position(fox="CC", phase="roll")
    play(state, "roll 2")  # east onto the Frog Pond
    assert state.fox == tile("FP") and state.phase == "forage"
    assert len([a for a in texts(state.legal_actions()) if a.startswith("forage")]) == 10


# --- nests and chains ---------------------------------------------------------------------------------------
def test_the_faq_chain_yellow_then_blue_then_white() -> None:
    """Yellow nests on Willow Wallow; blue's squirrel scatters onto Rabbit Patch and completes a nest; white's
    squirrel scatters from Rabbit Patch back onto Willow Wallow, completing a nest there before white's own
    squirrels on Willow Wallow had to scatter."""
    state = position(
        players=3,
        squirrels={"WW": [2, 1, 2], "RP": [0, 2, 1]},
        nuts=["WP"],
    )
    play(state, "recruit WW")
    assert on(state, "WW") == ([0, 1, 2], [1, 0, 0])
    assert state.to_move() == 1  # turn order from the active player: blue first
    play(state, "scatter RP")
    assert on(state, "RP") == ([0, 0, 1], [0, 1, 0])
    assert state.to_move() == 2  # the new nest's scatter comes first
    assert "scatter WW" in texts(state.legal_actions())  # onto a tile whose scattering is unresolved
    play(state, "scatter WW")
    assert on(state, "WW") == ([0, 0, 0], [1, 0, 1])
    assert on(state, "RP") == ([0, 0, 0], [0, 1, 0])
    assert not state.frames and state.phase == "roll" and state.current == 1


def test_a_nest_scatters_only_opposing_squirrels_and_they_may_go_where_the_fox_was() -> None:
    state = position(fox="CH", phase="roll", squirrels={"SK": [2, 1]}, nuts=["WP"])
    play(state, "roll 5")  # the fox leaves Chestnut Hill for Hickory Haunt
    assert state.phase == "action"
    state.nuts[0:4] = [0, 0, 1, 1]  # Sycamore Knoll costs a walnut and a pine nut
    play(state, "recruit SK")
    assert state.to_move() == 1
    legal = texts(state.legal_actions())
    assert "scatter CH" in legal  # the tile the fox vacated earlier this turn
    assert "scatter HH" not in legal and refused(state, "scatter HH").endswith("(FAQ)")
    play(state, "scatter CH")
    assert on(state, "CH")[0] == [0, 1] and on(state, "SK") == ([0, 0], [1, 0])


def test_competitive_variant_removes_one_squirrel_of_each_other_player_first() -> None:
    state = position(players=3, competitive=True, squirrels={"WW": [2, 2, 1]}, nuts=["WP"])
    events = play(state, "recruit WW")
    assert sum(event.kind == "remove" for event in events) == 2
    assert on(state, "WW") == ([0, 1, 0], [1, 0, 0])
    assert state.to_move() == 1  # blue's remaining squirrel scatters; white's is gone
    classic = position(players=3, squirrels={"WW": [2, 2, 1]}, nuts=["WP"])
    play(classic, "recruit WW")
    assert on(classic, "WW") == ([0, 2, 1], [1, 0, 0])


def test_a_squirrel_always_has_somewhere_to_scatter() -> None:
    """The rulebook never says what happens when no adjacent tile is allowed; on this board it cannot
    happen: a tile has at least 3 neighbours and at most 2 are forbidden (the Frog Pond and one fox tile)."""
    rng = random.Random(7)
    frog = COMPONENTS.frog_pond
    for _ in range(30):
        tiles = list(range(NUM_CELLS))
        rng.shuffle(tiles)
        forest = layout(tuple(tiles))
        for t in range(NUM_CELLS):
            assert len(forest.neighbours[t]) >= 3
            for fox in range(NUM_CELLS):  # a nest's scatter: not the fox's tile, not the pond
                assert [n for n in forest.neighbours[t] if n not in (fox, frog)]
            for vacated in forest.neighbours[t]:  # the fox's scatter: not where it came from, not the pond
                assert [n for n in forest.neighbours[t] if n not in (vacated, frog)]


# --- the end -----------------------------------------------------------------------------------------------
def test_a_4th_nest_ends_the_game_mid_turn_after_the_scatters_even_with_a_5th_nest() -> None:
    state = position(
        fox="CH",
        phase="roll",
        squirrels={"HH": [2, 0], "WW": [2, 1], "MG": [2, 0]},
        nests={"HW": [1, 0], "PB": [1, 0], "CF": [1, 0]},
        hands=[(), ()],
    )
    play(state, "roll 5")  # onto Hickory Haunt: both of seat 0's squirrels there must scatter
    play(state, "scatter WW")
    assert state.ending and state.nest_count(0) == 4
    assert state.to_move() == 1  # the 4th nest's scatter is mandatory: seat 1 leaves Willow Wallow first
    play(state, "scatter RP")
    assert state.to_move() == 0
    play(state, "scatter MG")  # the second squirrel leaving Hickory Haunt builds a 5th nest
    assert state.to_move() is TERMINAL
    assert state.nest_count(0) == 5 and state.nuts[:4] == [0, 0, 0, 0]  # no forage: the turn stops
    assert state.scores() == [10.0, 0.0] and state.winners() == [0] and state.returns() == [1.0, -1.0]
    rule = refused(state, "pass")
    assert "over" in rule


def test_ties_go_to_more_nests() -> None:
    # Seat 0 reaches 4 nests (8); seat 1 has 3 nests and a completed objective (6 + 2).
    state = position(squirrels={"MG": [2, 0], "WW": [0, 1], "MU": [0, 1]}, nests={"HW": [1, 0], "PB": [1, 0],
                     "CF": [1, 0], "RP": [0, 3]}, hands=[(), (19,)], nuts=["AH"])
    play(state, "recruit MG")
    assert state.is_terminal() and state.scores() == [8.0, 8.0] and state.winners() == [0]


def test_ties_on_points_and_nests_go_to_more_squirrels_then_are_shared() -> None:
    def ending(extra_squirrels: int) -> HuntState:
        # Seat 0's 4th nest on Maple Glade scatters seat 1's squirrel onto Sycamore Knoll: its 4th nest too.
        state = position(
            squirrels={"MG": [2, 1], "SK": [0, 2], "TT": [extra_squirrels, 0]},
            nests={"HW": [1, 1], "PB": [1, 1], "CF": [1, 1]},
            hands=[(), ()],
            nuts=["AH"],
        )
        play(state, "recruit MG", "scatter SK")
        assert state.is_terminal() and state.scores() == [8.0, 8.0]
        return state

    assert ending(1).winners() == [0]
    shared = ending(0)
    assert shared.winners() == [0, 1] and shared.returns() == [0.0, 0.0]


# --- optional actions ---------------------------------------------------------------------------------------
def test_recruiting_follows_the_cost_and_the_forbidden_tiles() -> None:
    state = position(fox="WW", nuts=["AAHHWWPP"], squirrels={"RP": [0, 2]})
    assert refused(state, "recruit PB") == f"{RECRUIT_RULE}: no squirrel may be recruited onto Pine Barrens"
    assert refused(state, "recruit FP").startswith(f"{RECRUIT_RULE}: no squirrel may be recruited onto Frog Pond")
    assert "occupied by the fox" in refused(state, "recruit WW")
    poor = position(nuts=["A"])
    assert "costs" in refused(poor, "recruit MM")
    play(state, "recruit RP")  # onto a tile with opposing squirrels: allowed
    assert on(state, "RP")[0] == [1, 2]
    assert state.nuts[:4] == [2, 1, 2, 1]  # Rabbit Patch costs a hazelnut and a pine nut
    assert state.phase == "roll" and state.current == 1  # one recruit a turn: the turn is over


def test_hassling_the_fox_pulls_it_next_door_scatters_there_and_forages_one() -> None:
    state = position(fox="CH", squirrels={"HH": [1, 1]})
    assert HASSLE_RULE in refused(state, "hassle SK")  # no squirrel of seat 0 there
    assert "not next to" in refused(state, "hassle WW")
    play(state, "hassle HH")
    assert state.fox == tile("HH") and state.to_move() == 0  # seat 0's own squirrel scatters first
    assert "scatter CH" not in texts(state.legal_actions())
    play(state, "scatter SK")
    assert state.to_move() == 1
    play(state, "scatter MG")
    assert state.to_move() == 0 and texts(state.legal_actions()) == ["forage W", "forage none"]
    play(state, "forage W")
    assert state.nuts[:4] == [0, 0, 1, 0]  # one walnut from Hickory Haunt
    assert state.phase == "roll" and state.current == 1


def test_the_forage_after_hassling_the_fox_may_be_declined() -> None:
    """"After moving the Fox, the active player may Forage for 1 Nut": a choice even on a tile of one kind of
    nut, where "forage none" takes nothing. The forage when the fox moves, and at setup, is not optional."""
    state = position(fox="CH", nests={"HH": [1, 0]})
    play(state, "hassle HH")  # a nest does not scatter: straight to the forage
    assert state.phase == "forage" and state.to_move() == 0
    assert texts(state.legal_actions()) == ["forage W", "forage none"]
    play(state, "forage none")
    assert state.nuts[:4] == [0, 0, 0, 0] and state.phase == "roll" and state.current == 1
    moved = position(fox="CC", phase="roll")
    play(moved, "roll 2")  # east onto the Frog Pond: any 2 nuts, but 2
    assert moved.phase == "forage" and "forage none" not in texts(moved.legal_actions())
    assert refused(moved, "forage none").startswith(FORAGE_RULE)
    setup = position(phase="place", fox="WW")
    setup.step = 0
    play(setup, "place MG")  # Maple Glade forages walnuts and pine nuts
    assert setup.phase == "forage" and "forage none" not in texts(setup.legal_actions())
    assert refused(setup, "forage none").startswith(f"{SETUP} 3")


def test_scouting_keeps_up_to_one_and_the_rest_go_under_the_deck_known_only_to_the_scout() -> None:
    state = position(hands=[(1, 2), (3, 4)])
    play(state, "scout", "draw 5", "draw 7")
    assert state.phase == "keep" and state.view(0)["looking"] == [5, 7] and state.view(1)["looking"] == []
    assert texts(state.legal_actions()) == ["keep 5", "keep 7", "keep none"]
    assert SCOUT_RULE in refused(state, "keep 9")
    play(state, "keep 7")
    assert state.hands[0] == (1, 2, 7)
    assert state.view(0)["deck"]["bottom"][-1] == {"placer": 0, "card": 5}
    assert state.view(1)["deck"]["bottom"][-1] == {"placer": 0, "card": None}
    assert state.view(1)["hand_sizes"] == [3, 2] and "hand" in state.view(1) and 7 not in state.view(1)["hand"]


def test_the_deck_bottom_is_drawn_in_order_once_the_shuffled_part_is_gone() -> None:
    state = position(hands=[(1, 2), (3, 4)])
    state.pool, state.bottom = (9,), ((6, 1), (8, 0))
    play(state, "scout", "draw 9")
    assert state.chance_outcomes() == [(state.game.parse("draw 6"), 1.0)]
    play(state, "draw 6", "keep none")
    assert state.bottom == ((8, 0), (9, 0), (6, 0))  # seat 0 now knows both it put back


def test_the_free_exchange_is_open_at_any_decision_and_needs_three_alike() -> None:
    state = position(fox="CH", phase="roll", squirrels={"HH": [0, 1]}, nuts=["", "AAAH"])
    play(state, "roll 5")
    assert state.to_move() == 1 and "trade AAA W" in texts(state.legal_actions())
    assert TRADE_RULE in refused(state, "trade HHH W")
    play(state, "trade AAA W")
    assert state.nuts[4:8] == [0, 1, 1, 0] and state.to_move() == 1  # still seat 1's scatter to make


def test_a_trade_gets_a_nut_of_another_kind() -> None:
    """"Exchange three of any one kind of nut for one nut of another kind": three walnuts for a walnut is no
    exchange, and is refused with that rule (not with a count of walnuts the player does have)."""
    walnut = NUTS.index("W")
    state = position(nuts=["WWWW"])
    with pytest.raises(IllegalAction) as caught:
        state.apply(Trade(give=walnut, get=walnut))
    assert caught.value.rule.startswith(TRADE_RULE) and "another kind" in caught.value.rule
    assert state.nuts[:4] == [0, 0, 4, 0]


# --- refusals that cite the rule ------------------------------------------------------------------------------
def test_only_one_squirrel_is_recruited_a_turn() -> None:
    """"You can only Recruit 1 Squirrel per turn, even if you have the Nuts to pay for more." The turn passes on
    at once (to the next player's fox die, or to the Automa), and a second recruit cites that rule."""
    state = position(fox="WW", nuts=["AAHHWWPP"])
    play(state, "recruit RP")
    assert state.to_move() is CHANCE
    rule = refused(state, "recruit MM")
    assert rule.startswith(RECRUIT_RULE) and "You can only Recruit 1 Squirrel per turn" in rule
    solo = position(1, fox="WW", nuts=["AAHHWWPP"], hands=[(1, 2)], automa_hand=(3, 4))
    play(solo, "recruit RP")
    assert solo.phase == "automa-draw"
    assert "You can only Recruit 1 Squirrel per turn" in refused(solo, "recruit MM")


def test_a_decision_out_of_its_time_names_the_rule_for_its_time() -> None:
    """Each kind of decision tried when it is not due says when the rulebook has it happen."""
    state = position(fox="CH", phase="roll")
    assert refused(state, "pass").startswith("Optional Action")  # the fox moves first
    assert refused(state, "scatter HH").startswith(SCATTER_RULE)
    assert refused(state, "keep 5").startswith(SCOUT_RULE)
    assert refused(state, "forage W").startswith(FORAGE_RULE)
    play(state, "roll 5")  # onto Hickory Haunt: 2 walnuts, no choice
    assert state.phase == "action"
    assert refused(state, "roll 3").startswith("Fox Movement")
    assert refused(state, "place RP").startswith("Game Setup 3")


# --- setup -------------------------------------------------------------------------------------------------
def test_setup_deals_three_keeps_two_and_places_in_snake_order() -> None:
    state = game(3).new_state()
    play(state, *(f"tile {code}" for code in FOREST))
    assert state.fox == tile("WW")  # the centre tile
    play(state, *(f"draw {card}" for card in range(1, 10)))
    assert state.hands == [(1, 2, 3), (4, 5, 6), (7, 8, 9)]
    assert state.view(1)["hand"] == [4, 5, 6] and "hand" not in state.view(None)
    play(state, "discard 2", "discard 6", "discard 7")
    assert state.hands == [(1, 3), (4, 5), (8, 9)]
    assert [(entry["placer"], entry["card"]) for entry in state.view(0)["deck"]["bottom"]] == [
        (0, 2), (1, None), (2, None)
    ]
    order = []
    for code in ("RP", "BG", "MU", "TT", "MG", "SK"):
        order.append(state.to_move())
        assert "place WW" not in texts(state.legal_actions())  # the fox's tile is not free
        play(state, f"place {code}")
        if state.phase == "forage":
            play(state, str(state.legal_actions()[0]))
        assert sum(state.nuts[order[-1] * 4 : order[-1] * 4 + 4]) == 2 * order.count(order[-1])
    assert order == [0, 1, 2, 2, 1, 0]
    assert state.phase == "roll" and state.current == 0 and state.to_move() is CHANCE


def test_a_placed_squirrel_needs_an_unoccupied_green_tile() -> None:
    state = position(phase="place", fox="WW", squirrels={"RP": [0, 1]})
    state.step = 0
    assert "not one" in refused(state, "place HW")
    assert "already occupied" in refused(state, "place RP")
    assert "fox" in refused(state, "place WW")


def _placements(players: int, forest: list[str]) -> tuple[list[int], HuntState]:
    state = position(players, phase="place", fox=forest[9], forest=forest, hands=[()] * players)
    state.step, state.current = 0, 0
    order = []
    while state.phase in ("place", "forage"):
        if state.phase == "forage":
            play(state, str(state.legal_actions()[0]))
            continue
        order.append(state.to_move())
        assert isinstance(order[-1], int)
        if len(order) == 2 * players and players == 5 and forest[9] == "WW":
            break
        play(state, str(state.legal_actions()[0]))
    return order, state


def test_five_players_with_a_green_centre_place_in_the_special_order() -> None:
    order, state = _placements(5, FOREST)
    assert order == [0, 1, 2, 3, 4, 3, 2, 1, 0, 4]
    occupied = {code for code in ("RP", "BG", "MU", "TT", "MG", "SK", "MB", "CC", "CF")}
    places = {text.split()[1] for text in texts(state.legal_actions()) if text.startswith("place")}
    assert places == occupied  # every starting tile is taken: player 5 may join one, never the fox's
    play(state, f"place {sorted(places)[0]}")
    while state.phase == "forage":
        play(state, str(state.legal_actions()[0]))
    assert state.phase == "roll"


def test_five_players_with_another_centre_place_in_plain_snake_order() -> None:
    forest = list(FOREST)
    forest[0], forest[9] = forest[9], forest[0]  # Heart of the Wood in the centre
    order, state = _placements(5, forest)
    assert order == [0, 1, 2, 3, 4, 4, 3, 2, 1, 0]
    assert state.phase == "roll"


# --- solo ---------------------------------------------------------------------------------------------------
def test_the_automa_places_no_squirrel_on_the_fox_and_the_fox_stays() -> None:
    state = position(1, fox="BG", phase="automa-draw", current=1, automa_hand=(1, 2))
    events = play(state, "draw 25")  # Rabbit Patch to Birch Grove
    assert on(state, "RP")[0] == [0, 1] and on(state, "BG")[0] == [0, 0]
    assert any("the fox is there" in event.text for event in events)
    assert state.fox == tile("BG") and state.phase == "roll" and state.current == 0
    assert state.revealed == (25,) and state.automa_hand == (1, 2)  # not added to its scoring hand


def test_automa_squirrels_scatter_by_the_die_rerolling_illegal_directions_and_bouncing() -> None:
    # The player's nest on The Tangle scatters the Automa's squirrel; the fox is on Muckville Marsh.
    state = position(1, fox="MU", squirrels={"TT": [2, 1]}, nuts=["AW"])
    play(state, "recruit TT")
    assert state.to_move() is CHANCE
    outcomes = state.chance_outcomes()
    # 1 NE: Acorn Ridge; 2 E: off the board, bounces west to Birch Grove; 3 SE bounces onto the fox and
    # 4 NW is the fox: both rolled again; 5 W: Birch Grove; 6 SW bounces north-east to Acorn Ridge.
    assert [str(action) for action, _ in outcomes] == ["roll 1", "roll 2", "roll 5", "roll 6"]
    assert all(p == pytest.approx(0.25) for _, p in outcomes)
    play(state, "roll 2")
    assert on(state, "BG")[0] == [0, 1]


def test_solo_setup_puts_automa_squirrels_on_its_objectives_and_it_scores_its_starting_hand() -> None:
    state = game(1, automa="advanced").new_state()
    play(state, *(f"tile {code}" for code in FOREST), "draw 40", "draw 41", "draw 42", "discard 42")
    play(state, "place RP")
    if state.phase == "forage":
        play(state, str(state.legal_actions()[0]))
    play(state, "place BG")
    if state.phase == "forage":
        play(state, str(state.legal_actions()[0]))
    assert state.phase == "automa-deal"
    play(state, "draw 19", "draw 20", "draw 23")  # WW-MU, WW-RP, MU-BG: WW is the fox's tile
    assert state.automa_hand == (19, 20, 23)
    assert on(state, "MU")[0] == [0, 2] and on(state, "RP")[0] == [1, 1] and on(state, "BG")[0] == [1, 1]
    assert on(state, "WW")[0] == [0, 0]
    assert state.phase == "roll" and state.current == 0
    assert [r.card for r in state.breakdown(1).objectives] == [19, 20, 23]


def test_solo_returns_are_a_win_or_a_loss_against_the_automa() -> None:
    state = position(1, squirrels={"MG": [2, 0]}, nests={"HW": [1, 0], "PB": [1, 0], "CF": [1, 0]}, nuts=["AH"])
    play(state, "recruit MG")
    assert state.is_terminal() and state.winners() == [0] and state.returns() == [1.0]
    assert state.view(0)["breakdown"][1]["total"] == 0


# --- notation -------------------------------------------------------------------------------------------------
def test_notation_reads_codes_names_and_says_what_is_wrong() -> None:
    parse = game().parse
    assert str(parse("Recruit willow wallow")) == "recruit WW"
    assert str(parse("trade aaa for w")) == "trade AAA W"
    assert str(parse("forage ha")) == "forage AH"
    assert str(parse("Forage None")) == "forage none"
    with pytest.raises(NotationError, match="not a tile"):
        parse("recruit ZZ")
    with pytest.raises(NotationError, match="objective number"):
        parse("keep 99")
    with pytest.raises(NotationError, match="three nuts of one type"):
        parse("trade AH W")


def test_solo_deal_option_draws_two_objectives_without_a_choice() -> None:
    state = game(1, solo_deal="draw-2").new_state()
    play(state, *(f"tile {code}" for code in FOREST), "draw 40", "draw 41")
    assert state.hands == [(40, 41)] and state.phase == "place" and state.to_move() == 0
