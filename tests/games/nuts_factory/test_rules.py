"""Scenario tests of the Nuts! rules (rulebooks/nuts-factory.txt, docs/rules-decisions.md).

Each rulebook example is rebuilt explicitly (positions.py): the rulebook shows its boards only in pictures,
so each position is one that agrees with everything its text says.
"""

from __future__ import annotations

import pytest

from nutbox.core import CHANCE, TERMINAL, IllegalAction, NotationError, OptionsError
from nutbox.games.nuts_factory import FactoryState
from nutbox.games.nuts_factory.components import COMPONENTS
from nutbox.games.nuts_factory.rules import BONUS_RULE, BUILD_RULE, CLEANUP_RULE, SHIP_RULE, top_of

from .positions import CODES, game, path_summary, play, position


def texts(actions: list) -> list[str]:
    return [str(action) for action in actions]


def refused(state: FactoryState, text: str) -> str:
    """Apply `text`, expect IllegalAction, check that nothing changed, and return the rule given."""
    before = [state.view(seat) for seat in range(state.n)]
    with pytest.raises(IllegalAction) as caught:
        state.apply(state.game.parse(text))
    assert [state.view(seat) for seat in range(state.n)] == before
    return caught.value.rule


def top(state: FactoryState, column: int) -> str:
    return CODES[top_of(state.holders[column - 1], state.turns[column - 1])]


# --- Connecting Paths --------------------------------------------------------------------------------------
def test_marys_build_and_clear_create_three_connecting_paths() -> None:
    """A Cross built in row 1 over columns 2-3, and the Cross below the Squirrel over columns 5-6 cleared:
    the Peanut from column 3, the Almond from column 5 and the Peanut from column 7 now connect."""
    state = position(
        tops=("C", "Pe", "A", "A", "A", "Pe", "Pi", "C"),
        tiles={"r5c6": "cross", "r7c5": "cross"},
        actions_left=3,
    )
    assert path_summary(state) == []
    play(state, "build cross r1c2", "clear r7c5")
    assert path_summary(state) == [(3, 2, "Pe", 1), (5, 5, "A", 1), (7, 6, "Pe", 1)]
    assert state.supply["cross"] == COMPONENTS.supply["cross"] - 2  # two on the floor: one built, one cleared


def test_alexs_slide_and_spin_make_four_connecting_paths() -> None:
    state = position(
        tops=("A", "C", "Pe", "C", "A", "Pe", "Pi", "A"),
        tiles={"r4c5": "cross", "r10c7": "cross"},
        actions_left=3,
    )
    state.turns[6] -= 1  # the Pistachio box is one quarter turn away from the top
    state._changed()
    assert top(state, 7) != "Pi" and len(path_summary(state)) == 3
    play(state, "slide r4c5 left", "spin c7")
    assert top(state, 7) == "Pi"
    assert path_summary(state) == [(1, 1, "A", 1), (2, 2, "C", 1), (3, 3, "Pe", 1), (8, 7, "Pi", 1)]


def test_theas_three_paths_into_one_box_count_three_times() -> None:
    """Peanuts from column 7 split and join again under the Squirrel; the peanut from column 3 reaches the
    same box past him. Fed, he lets all three through; hungry, he eats two."""
    tiles = {"r1c7": "split-right", "r2c7": "join-left", "r4c6": "cross", "r1c3": "cross", "r2c4": "cross",
             "r7c5": "join-right"}
    tops = ("C", "A", "A", "C", "C", "Pe", "A", "A")
    for fed, collected, eaten in ((True, 3, 0), (False, 1, 2)):
        state = position(tops=tops, tiles=tiles, squirrel=6, actions_left=1)
        assert path_summary(state) == [(3, 6, "Pe", 1), (7, 6, "Pe", 2)]
        events = play(state, "feed") if fed else play(state, "done")
        assert state.warehouse(0) == [0, 0, collected, 0]
        assert sum(e.data.get("count", 0) for e in events if e.kind == "eaten") == eaten
        assert top(state, 6) == "Pi"  # the Box Holder turned once, however many paths ended there
        assert sum(state.turns) == sum(position(tops=tops).turns) + 1


def test_an_unused_splitter_entrance_blocks_unless_the_option_lets_it_fall() -> None:
    tops = ("C", "A", "A", "C", "C", "A", "A", "Pi")
    blocked = position(tops=tops, tiles={"r1c7": "split-right"})
    assert path_summary(blocked) == []  # the pistachio from column 8 meets the unused entrance
    falling = position(tops=tops, tiles={"r1c7": "split-right"}, unused_end="fall")
    assert path_summary(falling) == [(8, 8, "Pi", 1)]


# --- the Squirrel ------------------------------------------------------------------------------------------
def hunting_position(**extra: object) -> FactoryState:
    """Connecting Paths in columns 2 and 4, the Squirrel between them in column 3."""
    return position(tops=("C", "C", "A", "Pi", "C", "A", "A", "A"), squirrel=3, actions_left=1, **extra)


def test_marys_hunt_tie_lets_the_active_player_choose() -> None:
    state = hunting_position()
    play(state, "done")
    assert state.to_move() is CHANCE and state.phase == "squirrel"
    play(state, "roll hunt")
    assert state.to_move() == 0 and texts(state.legal_actions()) == ["hunt left", "hunt right"]
    play(state, "hunt left")
    assert state.squirrel == 1  # column 2, on the cashew's path: he eats it, the pistachio is collected
    assert state.warehouse(0) == [0, 0, 0, 1]


def test_the_squirrel_stays_when_fed_or_already_on_a_path() -> None:
    fed = hunting_position()
    play(fed, "feed")
    assert fed.phase == "shipping" and fed.squirrel == 2  # no die rolled at all
    sitting = position(tops=("C", "C", "A", "Pi", "C", "A", "A", "A"), squirrel=2, actions_left=1)
    play(sitting, "done")
    assert sitting.phase == "shipping" and sitting.warehouse(0) == [0, 0, 0, 1]


def test_hunt_moves_toward_the_nearest_path_and_hunt_and_roll_rolls_again_off_it() -> None:
    state = position(tops=("C", "A", "A", "A", "C", "A", "A", "Pi"), squirrel=5, actions_left=1)
    play(state, "done", "roll hunt-and-roll")
    assert state.squirrel == 5 and state.phase == "squirrel"  # one step right, not yet on the path: roll again
    play(state, "roll hunt")
    assert state.squirrel == 6 and state.phase == "shipping"
    play(state, "done")
    nothing = position(squirrel=5, actions_left=1)  # no Connecting Path at all: a Hunt does not move him
    play(nothing, "done", "roll hunt")
    assert nothing.squirrel == 4


def test_scamper_rolls_the_d8_for_his_column() -> None:
    state = position(tops=("C", "A", "A", "A", "C", "A", "A", "Pi"), squirrel=1, actions_left=1)
    play(state, "done", "roll scamper")
    assert state.phase == "scamper" and len(state.chance_outcomes()) == 8
    play(state, "d8 8")
    assert state.squirrel == 7 and state.warehouse(0) == [0, 0, 0, 0]  # he ate the pistachio


# --- production ---------------------------------------------------------------------------------------------
def test_alexs_production_one_eaten_two_collected_one_bonus_three_holders_turned() -> None:
    state = position(
        tops=("C", "Pe", "A", "C", "Pi", "A", "A", "Pe"),
        tiles={"r1c2": "cross", "r2c4": "cross", "r10c7": "cross"},
        salters=(5, 8),
        roasters=(5, 1),
        squirrel=2,
        actions_left=1,
    )
    paths = {(r.source + 1, r.end + 1): (r.salted, r.roasted) for r in state.paths()}
    assert paths == {(3, 2): (False, False), (4, 5): (True, True), (7, 8): (False, False)}
    turns = state.turns[:]
    events = play(state, "done")  # the Squirrel sits on the peanut's path from column 3: no movement
    assert [e.data["count"] for e in events if e.kind == "eaten"] == [1]
    assert state.warehouse(0) == [0, 0, 1, 1]  # a peanut and a pistachio
    assert [c + 1 for c in range(8) if state.turns[c] != turns[c]] == [2, 5, 8]
    assert state.phase == "draw" and state.to_move() is CHANCE  # one bonus card for the Extra Delicious nut
    play(state, "bonus 5")
    assert state.hands[0] == (5,) and state.phase == "shipping"
    assert state.view(1)["hand"] == [] and state.view(1)["hand_sizes"] == [1, 0]


# --- shipping and cleanup -----------------------------------------------------------------------------------
def test_marys_truck_of_four_peanuts_and_an_almond_scores_13() -> None:
    state = position(phase="shipping", warehouses=[{"Pe": 5, "A": 1, "Pi": 1}], hands=[(1,)])
    assert COMPONENTS.trucks[12].points == 13
    assert "ship 13" in texts(state.legal_actions())
    play(state, "ship 13")
    assert state.points[0] == 13 and state.warehouse(0) == [0, 0, 1, 1] and 13 not in state.trucks
    assert SHIP_RULE in refused(state, "ship 1")  # one Truck card per turn
    assert "one Truck card per turn" in refused(state, "ship 4")


def test_a_truck_needs_every_nut_it_shows() -> None:
    state = position(phase="shipping", warehouses=[{"Pe": 3, "A": 1}], hands=[(1,)])
    assert "needs 1 almond, 4 peanut" in refused(state, "ship 13")


def test_cleanup_discards_down_to_six_nuts_and_three_cards_as_the_player_chooses() -> None:
    state = position(phase="shipping", warehouses=[{"A": 3, "C": 3, "Pe": 2}], hands=[(13, 17, 21, 25, 9)])
    play(state, "done")
    assert state.phase == "cleanup" and state.to_move() == 0
    legal = texts(state.legal_actions())
    assert {"discard A", "discard C", "discard Pe", "discard card 13"} <= set(legal) and "discard Pi" not in legal
    play(state, "discard A", "discard C", "discard card 13")
    assert CLEANUP_RULE in refused(state, "discard A")  # 6 nuts is within the limit
    play(state, "discard card 17")
    assert state.current == 1 and state.phase == "config"
    assert state.warehouse(0) == [2, 2, 2, 0] and state.hands[0] == (21, 25, 9)


def test_the_warehouse_bonus_raises_the_limit_to_nine() -> None:
    state = position(phase="shipping", warehouses=[{"A": 4, "C": 4}], hands=[(4,)])  # card 4: Splitter or W4
    play(state, "play 4 second", "done")
    assert state.current == 1 and state.warehouse(0) == [4, 4, 0, 0]


# --- configuration rules ------------------------------------------------------------------------------------
def test_a_splitter_needs_a_bonus_card_and_tiles_may_not_overlap() -> None:
    state = position(hands=[(1,)], tiles={"r4c5": "cross"})
    assert BUILD_RULE in refused(state, "build split-right r1c3")
    assert "overlap" in refused(state, "build cross r4c4")
    play(state, "play 1 first")
    assert state.splitters == 1
    play(state, "build split-right r1c3")
    assert state.tiles[(1, 2)] == "split-right" and state.supply["fork-right"] == COMPONENTS.supply["fork-right"] - 1
    assert "build join-left r2c3" not in texts(state.legal_actions())  # one Splitter/Joiner per card


def test_tiles_go_only_in_conveyor_rows_and_fully_on_the_board() -> None:
    parse = game().parse
    with pytest.raises(NotationError, match="not a conveyor place"):
        parse("build cross r3c2")  # the Salters' row
    with pytest.raises(NotationError, match="not a conveyor place"):
        parse("build cross r4c8")  # would stick out past column 8


def test_slide_machine_moves_one_space_into_an_empty_space() -> None:
    state = position(salters=(2, 3), actions_left=3)
    assert "must be empty" in refused(state, "machine r3c2 c3")
    assert "one space" in refused(state, "machine r3c2 c5")
    play(state, "machine r3c2 c1")
    assert state.machines[(3, 0)] == "salter"
    with pytest.raises(NotationError):
        game().parse("machine r3c1 c0")


def test_actions_do_not_carry_over_and_a_bonus_action_adds_one() -> None:
    state = position(hands=[(5,)])  # card 5: an extra Action, or a nut from the reserve
    play(state, "play 5 first")
    assert state.actions_left == 3
    play(state, "spin c1", "spin c1", "done")
    assert state.actions_left == 0 and state.phase != "config"


def test_bonus_effects_with_a_target_wait_for_it() -> None:
    state = position(hands=[(13, 2)])  # card 13: the Squirrel up to 2 columns; card 2: exchange a nut
    play(state, "play 13 first")
    assert state.pending == "move-squirrel"
    assert texts(state.legal_actions()) == ["squirrel c2", "squirrel c3", "squirrel c5", "squirrel c6"]
    assert BONUS_RULE in refused(state, "spin c1")
    play(state, "squirrel c6")
    assert state.squirrel == 5 and state.actions_left == 2
    assert "play 2 second" not in texts(state.legal_actions())  # nothing in the warehouse to exchange


# --- setup and the end --------------------------------------------------------------------------------------
def test_setup_turns_the_holders_so_no_path_exists_and_every_nut_shows() -> None:
    state = game().new_state()
    for column in range(8):
        assert state.to_move() is CHANCE and len(state.chance_outcomes()) == 4 * (8 - column)
        play(state, f"holder {column + 1} turned 0")  # every holder starts with an almond on top
    tops = [top(state, c) for c in range(1, 9)]
    assert set(tops) == set(CODES)
    assert all(tops[c] != CODES[COMPONENTS.dispensers[c]] for c in range(8))
    assert path_summary(state) == [] and state.phase == "config" and state.to_move() == 0
    assert state.trucks == tuple(sorted(state.trucks, key=lambda t: COMPONENTS.trucks[t - 1].points))


def test_the_end_game_of_alex_mary_and_thea_goes_to_mary_on_the_tie() -> None:
    """Mary ends her turn on 56 and triggers the end; Alex, Thea and Mary play one more turn each. Thea
    reaches 56 in her last turn, Mary had 56 first: Mary wins."""
    mary, alex, thea = 0, 1, 2
    state = position(3, phase="shipping", points=[43, 46, 40],
                     warehouses=[{"Pe": 4, "A": 1}, {}, {"Pe": 3, "C": 3}])
    play(state, "ship 13")
    assert state.points[mary] == 56 and state.end_turns == 3 and state.current == alex
    play(state, "feed", "done", "done")  # Alex: nothing to ship
    assert state.current == thea
    play(state, "feed", "done", "ship 17")
    assert state.points[thea] == 56 and state.current == mary
    play(state, "feed", "done", "done")
    assert state.to_move() is TERMINAL
    assert state.scores() == [56.0, 46.0, 56.0] and state.winners() == [mary]
    assert state.returns() == [1.0, -0.5, -0.5]


def test_the_end_score_and_die_are_options() -> None:
    state = position(phase="shipping", warehouses=[{"Pe": 4, "A": 1}], end_score=10)
    play(state, "ship 13")
    assert state.end_turns == 2
    loaded = position(die="hunt,hunt,hunt,hunt,hunt,stop", actions_left=1)
    play(loaded, "done")
    assert sorted((str(a), p) for a, p in loaded.chance_outcomes()) == [
        ("roll hunt", pytest.approx(5 / 6)), ("roll stop", pytest.approx(1 / 6))
    ]
    with pytest.raises(OptionsError, match="die faces"):
        game(die="stop,jump")
