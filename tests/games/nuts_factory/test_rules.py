"""Scenario tests of the Nuts! rules (rulebooks/nuts-factory.txt, docs/rules-decisions.md).

Each rulebook example is rebuilt explicitly (positions.py): the rulebook shows its boards only in pictures,
so each position is one that agrees with everything its text says.
"""

from __future__ import annotations

import random

import pytest

from nutbox.agents import make_agent
from nutbox.core import CHANCE, TERMINAL, IllegalAction, NotationError, OptionsError
from nutbox.games.nuts_factory import FactoryState
from nutbox.games.nuts_factory.actions import D8, DrawBonus, Holder, Roll
from nutbox.games.nuts_factory.components import BONUS_RULE, BUILD_RULE, CLEANUP_RULE, COMPONENTS, SHIP_RULE, top_of
from nutbox.games.nuts_factory.face import FACE

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


def test_a_box_holder_fed_by_a_joiner_turns_until_it_is_no_longer_a_connecting_path() -> None:
    """"Turn the Box Holder at the end of each Connecting Path one quarter turn to the right so that it is no
    longer a Connecting Path." A join-right in row 1 brings the almond from column 1 and the cashew from
    column 2 into the Box Holder of column 2 (almond, cashew, pistachio, peanut clockwise from the top), cashew
    on top. A quarter turn brings up its almond box, which the almond's path matches: it turns on to peanut."""
    state = position(tops=("C", "C", "A", "A", "C", "A", "A", "A"), tiles={"r1c1": "join-right"}, actions_left=1)
    assert path_summary(state) == [(2, 2, "C", 1)]  # the almond reaches the same box, but does not match it
    events = play(state, "feed")
    assert state.warehouse(0) == [0, 1, 0, 0]
    assert top(state, 2) == "Pe" and path_summary(state) == []  # not almond: the next player gets no free path
    assert "Box Holders turn two quarters in column 2" in [e.text for e in events]
    play(state, "done")  # nothing to ship
    assert state.current == 1 and state.phase == "config" and path_summary(state) == []


def test_a_box_holder_every_nut_reaches_turns_a_single_quarter() -> None:
    """Three joiners bring all four nuts (columns 1 to 4) into the Box Holder of column 3: whichever box is on
    top, it is a Connecting Path. It turns one quarter turn, as printed, and stays one (decision 13)."""
    tiles = {"r1c1": "join-right", "r1c3": "join-right", "r2c2": "join-right", "r4c3": "join-left"}
    state = position(tops=("C", "C", "A", "A", "C", "A", "A", "A"), tiles=tiles, actions_left=1)
    assert path_summary(state) == [(1, 3, "A", 1)]
    events = play(state, "feed")
    assert state.warehouse(0) == [1, 0, 0, 0]
    assert top(state, 3) == "Pi" and path_summary(state) == [(4, 3, "Pi", 1)]
    said = [e.text for e in events]
    assert "Box Holders turn a quarter in column 3" in said
    assert any("still a Connecting Path" in text for text in said)


def test_bonus_cards_run_through_the_reshuffled_discards_one_per_extra_delicious_nut() -> None:
    """"A player may acquire multiple Bonus Cards in a single turn: one for each Salted Roasted Boxed Nut
    collected", and the discards become a new deck when it runs out (decision 6). Two cashews pass a Salter
    and a Roaster with one card left in the deck and three discarded: the last card, then one of the three."""
    state = position(tops=("C", "C", "A", "A", "C", "C", "A", "A"), salters=(2, 6), roasters=(2, 6),
                     deck=(7,), discards=(1, 2, 3), actions_left=1)
    play(state, "feed")
    assert state.warehouse(0) == [0, 2, 0, 0]
    assert state.phase == "draw" and texts([a for a, _ in state.chance_outcomes()]) == ["bonus 7"]
    play(state, "bonus 7")
    assert state.phase == "between-draws" and state.to_move() == 0  # a card may be played first (decision 5)
    events = play(state, "done")
    assert any(e.kind == "deck" for e in events)  # the deck ran out with a card still owed
    assert state.phase == "draw" and state.to_move() is CHANCE
    assert sorted((str(a), p) for a, p in state.chance_outcomes()) == [
        ("bonus 1", pytest.approx(1 / 3)), ("bonus 2", pytest.approx(1 / 3)), ("bonus 3", pytest.approx(1 / 3))
    ]
    play(state, "bonus 2")
    assert state.hands[0] == (7, 2) and sorted(state.pool) == [1, 3] and state.discards == ()
    assert state.phase == "shipping" and state.view(0)["deck"] == 2


def test_bonus_cards_stop_when_deck_and_discards_are_both_empty() -> None:
    state = position(tops=("C", "C", "A", "A", "C", "C", "A", "A"), salters=(2, 6), roasters=(2, 6),
                     deck=(7,), actions_left=1)
    play(state, "feed", "bonus 7")
    assert state.phase == "between-draws"  # card 7 may still be played, and be shuffled in (decision 5)
    play(state, "done")
    assert state.hands[0] == (7,) and state.phase == "shipping" and state.draws_left == 0


TWO_EXTRA_DELICIOUS = {"tops": ("C", "C", "A", "A", "C", "C", "A", "A"), "salters": (2, 6), "roasters": (2, 6)}


def test_a_card_acquired_in_production_is_played_there_when_it_can_still_change_the_draws() -> None:
    """"Bonus Cards may be played as soon as they are acquired (during the Production Phase)." Once the
    first card is drawn, the nuts have landed and the Box Holders have turned: what is left of Production is
    the other draws. No option acts on a draw, but a card played goes among the discards, and the discards
    become the new deck when it runs out with a card still owed (decision 6). Here two Extra Delicious
    cashews are owed two cards with card 5 the deck's last: played at once (its second option: a Boxed Nut
    from the reserve), it is shuffled into the new deck and can come back with the second draw; played from
    Shipping on, as it used to be, it could not (decision 5)."""
    def first_card_drawn() -> FactoryState:
        state = position(**TWO_EXTRA_DELICIOUS, deck=(5,), discards=(1, 2, 3), actions_left=1)
        play(state, "feed")  # no card in hand: the factory runs at once
        assert state.warehouse(0) == [0, 2, 0, 0] and state.phase == "draw" and state.draws_left == 2
        play(state, "bonus 5")
        return state

    now = first_card_drawn()
    # the card's owner decides right after drawing it, before the second draw: not later
    assert now.phase == "between-draws" and now.to_move() == 0 and now.hands[0] == (5,) and now.draws_left == 1
    assert texts(now.legal_actions()) == ["play 5 second", "done"]
    assert FACE.decision(now.view(0)) == ("play a bonus card before the discards are shuffled into a new "
                                              "deck, or draw the next card")
    play(now, "play 5 second", "take A")
    assert now.warehouse(0) == [1, 2, 0, 0] and now.phase == "draw"  # nothing else to play: the drawing goes on
    assert sorted(texts([a for a, _ in now.chance_outcomes()])) == ["bonus 1", "bonus 2", "bonus 3", "bonus 5"]
    play(now, "bonus 5")  # the same card again
    assert now.hands[0] == (5,) and now.phase == "shipping" and sorted(now.pool) == [1, 2, 3]

    later = first_card_drawn()
    play(later, "done")
    assert sorted(texts([a for a, _ in later.chance_outcomes()])) == ["bonus 1", "bonus 2", "bonus 3"]
    play(later, "bonus 1", "play 5 second", "take A")  # in Shipping: the same nut, but card 5 stays discarded
    assert later.warehouse(0) == [1, 2, 0, 0] and later.discards == (5,) and sorted(later.pool) == [2, 3]


def test_a_card_played_between_draws_is_the_only_way_an_owed_card_comes_when_nothing_is_left() -> None:
    """The deck's last card drawn, none discarded and one more owed: played at once, it is drawn again."""
    state = position(**TWO_EXTRA_DELICIOUS, deck=(13,), actions_left=1)
    play(state, "feed", "bonus 13")
    assert state.phase == "between-draws"
    play(state, "play 13 second", "take Pe")
    assert texts([a for a, _ in state.chance_outcomes()]) == ["bonus 13"]
    play(state, "bonus 13")
    assert state.hands[0] == (13,) and state.warehouse(0) == [0, 2, 1, 0] and state.phase == "shipping"


def test_the_bots_decide_between_draws_and_the_search_bot_plays_the_card_where_it_pays() -> None:
    """Every level of bot takes the decision as any other; the medium one (a search) sees that card 13 played
    now comes back as the card owed, with a Boxed Nut besides."""
    state = position(**TWO_EXTRA_DELICIOUS, deck=(13,), actions_left=1)
    play(state, "feed", "bonus 13")
    view, legal = state.view(0), state.legal_actions()
    for level in ("random", "easy", "medium", "hard"):
        assert make_agent(level, state.game, 0, 1).act(view, legal) in legal, level
    assert str(make_agent("medium", state.game, 0, 1).act(view, legal)) == "play 13 second"


def test_with_the_deck_holding_every_card_owed_a_card_drawn_waits_for_shipping() -> None:
    """No reshuffle is to come, so no card played during the draws would change one; nor could any option act
    on the rest of Production (decision 5): the card is offered at the next decision, Shipping."""
    state = position(**TWO_EXTRA_DELICIOUS, deck=(5, 6), discards=(1, 2, 3), actions_left=1)
    play(state, "feed", "bonus 5")
    assert state.phase == "draw" and state.to_move() is CHANCE
    play(state, "bonus 6")
    assert state.phase == "shipping" and state.to_move() == 0
    assert {"play 5 second", "play 6 second"} <= set(texts(state.legal_actions()))


def test_between_draws_only_the_warehouse_options_are_played() -> None:
    """Cards 4 to 28 in hand at the decision between two draws: all eleven options are among them. The four
    Warehouse options are offered. The seven configuration options are not, each refused with its rule: Build
    a Splitter/Joiner, the extra Action and the two tile moves need an Action, and Actions belong to
    Configuration, which is over; turning a Box Holder back, moving the Squirrel or a machine change the
    factory, and are played before it runs (decision 5)."""
    held = tuple(card for card in range(4, 29) if card != 5)  # card 5 is the one drawn
    state = position(**TWO_EXTRA_DELICIOUS, hands=[held], deck=(5,), discards=(1, 2, 3), actions_left=1)
    play(state, "feed", "done", "produce", "bonus 5")
    assert state.phase == "between-draws"
    assert texts(state.legal_actions()) == [f"play {card} second" for card in range(4, 29)] + ["done"]
    for card in range(4, 29):
        first = COMPONENTS.bonus_cards[card - 1].options[0]
        rule = refused(state, f"play {card} first")
        if first.effect in ("spin-back", "move-squirrel", "move-machine"):
            assert rule == f"{BONUS_RULE}: '{first.text}' changes the factory, so it is played before Production"
        else:
            assert rule == f"{BONUS_RULE}: '{first.text}' is played during Configuration"
    assert refused(state, "produce").startswith("Phase 3: Production: the factory has already run")
    assert refused(state, "ship 1").startswith(SHIP_RULE)


# --- shipping and cleanup -----------------------------------------------------------------------------------
def test_marys_truck_of_four_peanuts_and_an_almond_scores_13() -> None:
    state = position(phase="shipping", warehouses=[{"Pe": 5, "A": 1, "Pi": 1}], hands=[(1,)])
    assert COMPONENTS.trucks[12].points == 13
    assert "ship 13" in texts(state.legal_actions())
    play(state, "ship 13")
    assert state.points[0] == 13 and state.warehouse(0) == [0, 0, 1, 1] and 13 not in state.trucks
    assert SHIP_RULE in refused(state, "ship 1")  # one Truck card per turn
    assert "one Truck card per turn" in refused(state, "ship 4")


def test_score_parts_are_the_points_of_the_trucks_shipped_by_their_values() -> None:
    """A game to 10 points: Player 1 ships the 13-point truck (the end is triggered), Player 2 a 4-point one, and
    Player 1 another 4-point one on the last turn: 17 points, 4 from a small truck and 13 from a big one. A state
    rebuilt from a view cannot tell who shipped which truck, so it gives no parts."""
    state = position(phase="shipping", warehouses=[{"Pe": 5, "A": 2}, {"Pe": 1, "Pi": 1}], end_score=10)
    play(state, "ship 13")
    assert state.score_parts() is None  # not before the end
    for truck in (4, 1):  # (each next turn taken up at its shipping)
        state.phase, state.shipped = "shipping", 0
        play(state, f"ship {truck}")
    assert state.is_terminal() and state.scores() == [17.0, 4.0]
    nothing = {"4-point trucks": 0.0, "7-point trucks": 0.0, "10-point trucks": 0.0, "13-point trucks": 0.0,
               "16-point trucks": 0.0}
    assert state.score_parts() == [{**nothing, "4-point trucks": 4.0, "13-point trucks": 13.0},
                                   {**nothing, "4-point trucks": 4.0}]
    assert state.game.determinize(state.view(0), random.Random(0)).score_parts() is None


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
    """Build: "It must fit completely on the board" and "It may not be in the rows set aside for Dispensers,
    Salters, Roasters, the Squirrel, or Box Holders"; Slide: "The final position of the Tile must be legal
    (i.e. fully on the board ...)". Such attempts read as actions and are refused with these rules."""
    state = position(tiles={"r4c1": "cross", "r5c7": "cross"})
    assert "rows set aside" in refused(state, "build cross r3c2")  # the Salters' row
    assert "fit completely on the board" in refused(state, "build cross r4c8")  # would stick out past column 8
    assert "fit completely on the board" in refused(state, "slide r4c1 left")
    assert "fit completely on the board" in refused(state, "slide r5c7 right")
    assert "Configuration, Slide" in refused(state, "move r4c1 r3c2")  # one space along its row
    assert "no Conveyor Tile at r3c2" in refused(state, "clear r3c2")
    assert game().parse("slide r4c1 left") == game().parse(str(game().parse("slide r4c1 left")))
    with pytest.raises(NotationError):
        game().parse("build cross 4,8")


def test_slide_machine_moves_one_space_into_an_empty_space() -> None:
    state = position(salters=(2, 3), actions_left=3)
    assert "must be empty" in refused(state, "machine r3c2 c3")
    assert "one space" in refused(state, "machine r3c2 c5")
    play(state, "machine r3c2 c1")
    assert state.machines[(3, 0)] == "salter"


def test_slide_machine_off_the_board_reads_and_is_refused_by_the_rule() -> None:
    """"The space moved into must exist (no moving off the board)": the Salter in column 1 cannot slide left,
    nor the Roaster in column 8 right, however the attempt is written."""
    state = position(salters=(1, 6), roasters=(3, 8))
    for text in ("machine r3c1 c0", "machine r3c1 left", "machine r9c8 c9", "machine r9c8 right"):
        rule = refused(state, text)
        assert rule.startswith("Configuration, Slide Machine") and "the space moved into must exist" in rule, text
    assert str(game().parse("machine r3c1 left")) == "machine r3c1 c0"
    assert "no Salter or Roaster at r4c2" in refused(state, "machine r4c2 c3")  # not a machine's row at all


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


# --- refusals -----------------------------------------------------------------------------------------------
RULE_HEADINGS = ("Game Setup: ", "Phase 1. Configuration: ", "Configuration, Build: ", "Configuration, Clear: ",
                 "Configuration, Slide: ", "Configuration, Slide Machine: ", "Phase 2: Squirrel Movement: ",
                 "Phase 3: Production: ", "Phase 4: Shipping: ", "Phase 5: Cleanup: ", "Bonus Cards: ")
CHANCE_KINDS = (Holder, Roll, D8, DrawBonus)


def every_kind_of_position() -> dict[str, FactoryState]:
    """A position in each phase, and waiting for the target of each bonus power."""
    found = {"setup": game().new_state()}
    found["config"] = position(hands=[(1, 17)], tiles={"r4c5": "cross", "r1c1": "cross"})
    found["no Actions left"] = position(actions_left=0, hands=[(5,)])
    for card, option in ((9, "first"), (13, "first"), (17, "first"), (21, "first"), (25, "first"), (1, "second"),
                         (2, "second")):
        state = position(hands=[(card,)], tiles={"r4c5": "cross"}, warehouses=[{"A": 1}])
        play(state, f"play {card} {option}")
        found[state.pending] = state
    found["squirrel"] = position(actions_left=1)
    play(found["squirrel"], "done")
    found["scamper"] = position(actions_left=1)
    play(found["scamper"], "done", "roll scamper")
    found["hunt"] = hunting_position()
    play(found["hunt"], "done", "roll hunt")
    found["before-production"] = position(hands=[(9,)], actions_left=1)
    play(found["before-production"], "feed", "done")
    found["draw"] = position(tops=("C", "C", "A", "A", "C", "C", "A", "A"), salters=(2, 6), roasters=(2, 6),
                             actions_left=1)
    play(found["draw"], "feed")
    found["between-draws"] = position(**TWO_EXTRA_DELICIOUS, hands=[(9, 17)], deck=(5,), actions_left=1)
    play(found["between-draws"], "feed", "done", "produce", "bonus 5")
    found["shipping"] = position(phase="shipping", warehouses=[{"Pe": 5, "A": 1}], hands=[(1,)])
    found["cleanup"] = position(phase="shipping", warehouses=[{"A": 4, "C": 4}], hands=[(13, 17, 21, 25, 9)])
    play(found["cleanup"], "done")
    return found


def test_every_refusal_cites_the_rulebook_section_that_forbids_it() -> None:
    """Every action that is well formed but illegal, in every phase, whether a player or chance is to act,
    is refused with the rule that forbids it: a rulebook section first, never a generic "not now". (A chance
    outcome tried at a chance node is the core's: no player decides it.)"""
    nuts = game()
    off_the_board = [nuts.parse(text) for text in ("slide r4c1 left", "machine r3c2 c0", "build cross r3c2",
                                                   "exchange A A", "move r4c5 r13c5", "clear r12c3")]
    every = [nuts.action_from_index(i) for i in range(nuts.num_actions)] + off_the_board
    states = every_kind_of_position()
    assert {"config", "spin-back", "move-squirrel", "slide-far", "move-tile", "move-machine", "take-nut",
            "exchange-nut", "hunt", "before-production", "draw", "between-draws", "shipping", "cleanup"} <= {
        state.pending or state.phase for state in states.values()}
    for name, state in states.items():
        allowed = set(state.legal_actions()) | {outcome for outcome, _ in state.chance_outcomes()}
        for action in every:
            if action in allowed or (state.is_chance() and isinstance(action, CHANCE_KINDS)):
                continue
            rule = state.why_illegal(action)
            assert rule is not None and rule.startswith(RULE_HEADINGS), f"{name}: {action} -> {rule!r}"
            assert "not now" not in rule and "not possible" not in rule, f"{name}: {action} -> {rule!r}"


def test_a_decision_tried_while_chance_acts_cites_what_happens_instead() -> None:
    state = position(actions_left=1)
    play(state, "done")  # no Connecting Path, no food: the Squirrel Die is rolled
    assert state.to_move() is CHANCE
    assert refused(state, "spin c1").startswith("Phase 2: Squirrel Movement: the Squirrel Die is being rolled")
    assert "not a possible outcome" in refused(state, "d8 3")  # a chance outcome of another chance event


def test_refusals_name_the_rule_broken() -> None:
    state = position(hands=[(13,)], warehouses=[{"A": 1}])
    assert refused(state, "produce").startswith("Phase 1. Configuration: the factory runs after Configuration")
    assert "play the card first" in refused(state, "take A")
    assert "not in your hand" in refused(state, "play 1 first")
    play(state, "play 13 first")
    assert "is not 1 or 2 columns from the Squirrel" in refused(state, "squirrel c8")
    exchanging = position(hands=[(2,)], warehouses=[{"A": 1}])
    play(exchanging, "play 2 second")
    assert "of another type" in refused(exchanging, "exchange A A")
    assert "no boxed cashew" in refused(exchanging, "exchange C A")
    assert "no Boxed Nut to exchange" in refused(position(hands=[(2,)]), "play 2 second")


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
