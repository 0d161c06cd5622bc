"""Scenario tests of the In the Nuts! rules (rulebooks/in-the-nuts.txt, docs/rules-decisions.md).

Each rulebook example is rebuilt explicitly (positions.py). Seats in the examples: Marlene 0 (red),
Christine 1 (blue), Anna 2 (white), Uwe 3 (black).
"""

from __future__ import annotations

import pytest

from nutbox.core import CHANCE, TERMINAL, NotationError, OptionsError
from nutbox.games.in_the_nuts import NutsOptions, NutsState
from nutbox.games.in_the_nuts.rulebook import COLLECT_RULE, PLAY_RULE, RACCOON_RULE, SETUP, STORAGE_RULE
from nutbox.registry import make

from .positions import KIND, card, game, play, position, refused

MARLENE, CHRISTINE, ANNA, UWE = 0, 1, 2, 3


def texts(state: NutsState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


# --- rolling and placing --------------------------------------------------------------------------------------
def test_annas_roll_green_2_whites_1_and_6_offers_spaces_3_and_8() -> None:
    state = position(4, current=ANNA)
    play(state, "dice 2 1 6")
    assert state.to_move() == ANNA and texts(state) == ["place 3", "place 8"]
    assert PLAY_RULE in refused(state, "place 7")
    play(state, "place 8")
    assert state.track[8 - 2] == ANNA and texts(state) == ["stop", "roll"]


def test_marlenes_bad_roll_sends_her_starting_squirrels_back() -> None:
    state = position(4, track={9: MARLENE, 10: MARLENE, 3: MARLENE})
    assert state.supply[MARLENE] == 12
    events = play(state, "dice 4 5 6")
    assert any(event.kind == "bad-roll" for event in events)
    assert all(owner is None for owner in state.track) and state.supply[MARLENE] == 15
    assert state.current == CHRISTINE and state.to_move() is CHANCE


def test_a_space_holds_one_squirrel_and_a_single_open_space_is_taken_at_once() -> None:
    state = position(track={3: 1})
    play(state, "dice 2 1 6")
    assert state.track[8 - 2] == 0 and state.phase == "decide"  # 3 was taken: 8 was the only place


# --- collecting -------------------------------------------------------------------------------------------------
def test_marlenes_successful_turn_and_the_pushes_that_follow() -> None:
    state = position(
        4,
        faceup=("A", "W", "H", "B"),
        track={2: MARLENE, 3: MARLENE},
        area2={"2-4": [1, 1, 0, 0]},
        area3={"left": [1, 2, 1, 1]},
        area4=[0, 0, 3, 0],
        phase="decide",
    )
    play(state, "stop")
    # Marlene had three in 2-4: two go home, Christine's squirrel is pushed up, her third stays; she gets the acorn
    assert state.area2[0 * 4 : 0 * 4 + 4] == [1, 0, 0, 0]
    assert state.area3[0:4] == [1, 3, 1, 1]
    assert state.to_move() == MARLENE and state.tasks[0] == ("store", MARLENE, KIND["A"])
    play(state, "store A 1", "draw H")
    # Christine's three in the left 3-squirrel section: home; everyone else's up; she chooses under 2-4 or 5-6
    assert state.to_move() == CHRISTINE and texts(state) == ["take 1", "take 2"]
    assert state.area3[0:4] == [0, 0, 0, 0] and state.area4 == [1, 0, 4, 1]
    play(state, "take 2", "store W 1", "draw B")
    # Anna now has four in the 4-squirrel area: any face-up nut; nobody else is pushed
    assert state.to_move() == ANNA and texts(state) == ["take 1", "take 2", "take 3", "take 4"]
    play(state, "take 3", "store H 1", "draw A")
    assert state.area4 == [1, 0, 0, 1]
    assert card(state, MARLENE, 1) == ("A", 1, 0) and card(state, CHRISTINE, 1) == ("W", 1, 0)
    assert state.supply[MARLENE] == 15 - 1 - 1 and state.supply[CHRISTINE] == 15 and state.supply[ANNA] == 15
    assert state.current == CHRISTINE and state.phase == "dice"


def test_four_squirrels_in_2_4_take_the_nut_and_then_its_replacement() -> None:
    state = position(track={2: 0, 3: 0, 4: 0}, area2={"2-4": [1, 0]}, faceup=("W", "H", "B", "A"), phase="decide")
    play(state, "stop", "store W 1", "draw H", "store H 2", "draw A")
    assert state.area2[0:2] == [0, 0] and card(state, 0, 1) == ("W", 1, 0) and card(state, 0, 2) == ("H", 1, 0)


def test_several_players_in_one_section_take_turns_from_the_next_player_or_the_active_one() -> None:
    for first_pick, expected in (("next", [1, 2, 0]), ("active", [0, 1, 2])):
        state = position(3, area3={"left": [3, 3, 3]}, track={5: 0}, phase="decide", first_pick=first_pick)
        play(state, "stop")
        order = []
        while state.phase == "collect":
            who = state.to_move()
            if state.tasks and state.tasks[0][0] == "take":
                order.append(who)
            action = state.chance_outcomes()[0][0] if who is CHANCE else state.legal_actions()[0]
            state.apply(action)
        assert order == expected
        assert state.area3[0:3] == [0, 0, 0]  # a player with three is never pushed by another's collection


# --- the raccoon ------------------------------------------------------------------------------------------------
def test_the_raccoon_field_gives_any_face_up_nut_and_a_stolen_one_and_david_moves() -> None:
    state = position(track={7: 0}, area2={"7": [1, 0]}, storage={1: {3: ("H", 2)}}, phase="decide")
    play(state, "stop")
    assert texts(state) == ["take 1", "take 2", "take 3", "take 4"]
    play(state, "take 3", "store B 1", "draw W")
    # the only nut to steal is taken at once; the thief stores it
    assert card(state, 1, 3) == ("H", 1, 0) and state.david == 1
    play(state, "store H 2")
    assert card(state, 0, 2) == ("H", 1, 0) and state.current == 1


def test_david_guards_the_last_player_robbed_and_jokers_and_full_cards_are_safe() -> None:
    guarded = position(3, track={7: 0}, area2={"7": [1, 0, 0]}, david=1,
                       storage={1: {3: ("H", 2)}, 2: {3: ("A", 1)}}, phase="decide")
    play(guarded, "stop", "take 1", "store W 1", "draw W")
    # player 2 is guarded: the steal can only be player 3's acorn, and that card is empty again after it
    assert guarded.david == 2 and card(guarded, 2, 3) == (None, 0, 0) and card(guarded, 1, 3) == ("H", 2, 0)
    assert guarded.tasks[0] == ("store", 0, KIND["A"])
    safe = position(track={7: 0}, area2={"7": [1, 0]}, storage={1: {1: ("H", 2)}}, phase="decide")
    safe.card_plain[8], safe.card_jokers[8] = 0, 1  # player 2's card 1: one joker
    safe.card_plain[8 + 1], safe.card_type[8 + 1] = 2, 0  # card 2: two walnuts, full
    play(safe, "stop", "take 1", "store W 1", "draw W")
    assert safe.david is None and safe.current == 1  # nothing could be stolen


def test_steal_refusals_name_the_rule() -> None:
    state = position(3, track={7: 0}, area2={"7": [1, 0, 0]}, david=1,
                     storage={1: {3: ("H", 2)}, 2: {3: ("A", 1), 4: ("W", 2)}}, phase="decide")
    play(state, "stop", "take 1", "store W 1", "draw W")
    assert texts(state) == ["steal 3 3", "steal 3 4"]
    assert "David guards" in refused(state, "steal 2 1")
    assert RACCOON_RULE in refused(state, "steal 1 1")


# --- storage ----------------------------------------------------------------------------------------------------
def test_storage_takes_one_nut_type_per_card_and_a_filled_card_turns_over() -> None:
    state = position(track={5: 0}, area2={"5-6": [1, 0]}, storage={0: {1: ("W", 1), 2: ("B", 1)}}, phase="decide",
                     faceup=("W", "W", "B", "A"))
    play(state, "stop")
    legal = texts(state)
    assert "store W 1" in legal and "store W 2" not in legal and "store W 3" in legal
    assert "one type" in refused(state, "store W 2")
    events = play(state, "store W 1")
    assert state.filled(0, 0) and "fills it" in events[-1].text


def test_a_joker_kept_to_the_end_counts_as_either_of_its_nuts() -> None:
    state = position(track={2: 0, 3: 0}, faceup=("WH", "H", "B", "A"), storage={0: {1: ("H", 1)}},
                     phase="decide", pile=1)
    play(state, "stop")
    assert texts(state)[-1] == "keep" and "store W 3" in texts(state) and "store H 1" in texts(state)
    play(state, "keep", "draw A")  # the last card of the draw pile: the game ends after this collecting
    assert state.ending and state.phase == "final" and state.tasks == (("store", 0, KIND["WH"]),)
    assert state.to_move() == 0 and texts(state)[:1] == ["store W 2"]
    assert "keep" not in texts(state)
    play(state, "store H 1")
    assert state.to_move() is TERMINAL and card(state, 0, 1) == ("H", 1, 1) and state.filled(0, 0)
    assert state.scores() == [5.0, 0.0] and state.winners() == [0]


def test_uwes_final_score_is_33() -> None:
    state = position(4, storage={UWE: {1: ("W", 2), 3: ("H", 3), 5: ("B", 4), 7: ("A", 2), 8: ("H", 1)}})
    assert state.score(UWE) == 5 + 10 + 15 + 2 + 1 == 33
    assert state.best_card(UWE) == 15


def test_the_end_pushes_everything_up_and_each_four_take_a_nut_from_the_next_player_on() -> None:
    state = position(3, track={5: 0, 6: 0}, area2={"8-9": [0, 1, 1]}, area3={"right": [0, 2, 3], "left": [2, 0, 0]},
                     area4=[1, 1, 1], phase="decide", pile=1, faceup=("W", "H", "B", "A"))
    play(state, "stop", "store H 1", "draw W")  # player 0 takes the 5-6 nut; the pile runs out
    assert state.ending
    # right section: player 2 has three; player 1's two are pushed to the 4-squirrel area
    play(state, "take 3", "store B 1", "draw A")
    assert state.phase == "final"
    # the final push: player 1 has 1 + 2 + 1 = 4, player 2 has 1 + 1 = 2, player 0 has 1 + 2 = 3
    assert state.to_move() == 1 and len(texts(state)) == 4
    play(state, "take 1", "store W 1", "draw A")
    assert state.to_move() is TERMINAL and state.scores() == [1.0, 1.0, 1.0]
    assert state.winners() == [0, 1, 2]


def test_ties_go_to_the_most_valuable_filled_card() -> None:
    state = position(track={5: 0, 6: 0}, storage={0: {3: ("B", 3)}, 1: {1: ("W", 2), 7: ("A", 4), 8: ("H", 2)}},
                     phase="decide", pile=1, faceup=("W", "H", "B", "A"))
    play(state, "stop", "store H 5", "draw W")  # 11 points each, and the game ends
    assert state.to_move() is TERMINAL and state.scores() == [11.0, 11.0]
    assert state.best_card(0) == 10 and state.best_card(1) == 5 and state.winners() == [0]


# --- setup ------------------------------------------------------------------------------------------------------
def test_setup_for_two_removes_two_of_each_nut_and_the_second_player_preplaces_one() -> None:
    state = game(2)
    assert sum(state.unseen) == 60 - 8 and state.unseen[KIND["W"]] == 10 and state.unseen[KIND["WH"]] == 2
    play(state, "draw W", "draw H", "draw B", "draw A")
    assert state.phase == "deal" and state.to_move() is CHANCE
    play(state, "draw WH")
    assert state.to_move() == 0 and "keep" not in texts(state)  # the first nut is stored at once, a joker too
    play(state, "store W 8", "draw A", "store A 1")
    assert state.pile == 52 - 6 - 8 and state.to_move() == 1 and state.phase == "preplace"
    assert SETUP in refused(state, "preplace 7")
    play(state, "preplace 5-6")
    assert state.current == 0 and state.phase == "dice"


def test_four_players_preplace_one_two_and_three_in_different_sections() -> None:
    state = position(4, phase="preplace", current=1)
    state.step = 0
    play(state, "preplace 2-4")
    assert state.current == 2
    play(state, "preplace 2-4")
    assert "more than one" in refused(state, "preplace 2-4")
    play(state, "preplace 10-12", "preplace 5-6", "preplace 8-9", "preplace 10-12")
    assert state.current == 0 and state.phase == "dice"
    assert state.supply == [15, 14, 13, 12]


def test_store_refusals_name_the_rule() -> None:
    state = position(track={5: 0}, area2={"5-6": [1, 0]}, phase="decide")
    play(state, "stop")
    assert STORAGE_RULE in refused(state, "store W 1")  # it is a hazelnut
    assert "only jokers" in refused(state, "keep")


def test_an_acorn_is_an_acorn_in_the_log_and_in_refusals() -> None:
    """The nut names take their article: "steals an acorn", "stores the joker (walnut or acorn) as an
    acorn", "this is an acorn", "An acorn replaces face-up nut 1"; a plain nut is stored without "as"."""
    state = position(track={7: 0}, area2={"7": [1, 0]}, storage={1: {3: ("A", 2)}}, phase="decide")
    play(state, "stop", "take 1", "store W 1")
    texts_seen = [event.text for event in play(state, "draw A")]  # the refill, then the only steal there is
    assert "An acorn replaces face-up nut 1" in texts_seen
    assert any("steals an acorn from Player 2" in text for text in texts_seen)
    assert refused(state, "store W 3") == f"{STORAGE_RULE}: this is an acorn, not a walnut"
    assert "Player 1 stores the acorn on storage card 2" in [event.text for event in play(state, "store A 2")]
    joker = position(track={2: 0, 3: 0}, faceup=("WA", "H", "B", "A"), phase="decide")
    events = play(joker, "stop", "store A 1")
    assert any("stores the joker (walnut or acorn) as an acorn" in event.text for event in events)


def test_a_decision_out_of_its_time_names_the_rule_for_its_time() -> None:
    """At the dice (a chance step) a player's "stop" or "take 1" cites when the rulebook has it happen."""
    state = position(phase="dice")
    assert state.to_move() is CHANCE
    assert refused(state, "stop").startswith(PLAY_RULE)
    assert refused(state, "take 1").startswith(COLLECT_RULE)
    assert refused(state, "store W 1").startswith(STORAGE_RULE)
    play(state, "dice 2 1 6")
    assert refused(state, "roll").startswith(PLAY_RULE)  # place first
    assert refused(state, "steal 2 1").startswith(RACCOON_RULE)


def test_the_3_squirrel_area_takes_one_of_the_two_nuts_below_its_section() -> None:
    """"Take one of the two nuts below the starting spaces of the section": the left section's are face-up
    nuts 1 and 2, and face-up nut 3 is refused with that rule."""
    state = position(track={12: 0}, area3={"left": [3, 0]}, phase="decide")
    play(state, "stop")
    assert texts(state) == ["take 1", "take 2"]
    rule = refused(state, "take 3")
    assert rule.startswith("Checking the 3-Squirrel-Area") and "face-up nut 1 or 2" in rule


def test_a_joker_no_card_can_hold_may_still_be_kept() -> None:
    full = {card: (nut, count) for card, nut, count in ((1, "A", 1), (2, "A", 1), (3, "B", 1), (4, "B", 1),
                                                       (5, "A", 1), (6, "B", 1), (7, "A", 1), (8, "B", 1))}
    state = position(track={2: 0, 3: 0}, faceup=("WH", "H", "B", "A"), storage={0: full}, phase="decide")
    events = play(state, "stop")
    # no card takes a walnut or a hazelnut, but the joker can wait: keeping it is the only choice, made at once
    assert state.kept[KIND["WH"]] == 1 and not any(event.kind == "lost" for event in events)


# --- kept jokers and the first nut (docs/rules-decisions.md, In the Nuts! 7 and 11) ----------------------------
def test_a_kept_joker_is_stored_with_a_later_nut_and_fills_a_card_david_cannot_rob() -> None:
    """Jokers: "Unlike other nuts, jokers don't have to be stored immediately. You can keep them until the end of
    the game." That lets a joker wait; it does not stop its owner storing it sooner. A kept joker may be
    stored whenever its owner stores a nut, before that nut: here on the hazelnut card it fills. The Raccoon
    Fields: "You can only steal nuts from storage cards that haven't been filled completely", so the card it
    filled is safe from the next theft."""
    state = position(track={2: MARLENE, 3: MARLENE, 5: MARLENE, 6: MARLENE}, faceup=("WH", "W", "B", "A"),
                     area2={"7": [0, 1]}, storage={MARLENE: {1: ("H", 1), 3: ("A", 1)}}, phase="decide")
    play(state, "stop")  # two squirrels in 2-4 take the joker under it
    assert texts(state)[-1] == "keep" and not any(text.startswith("store WH") for text in texts(state))
    play(state, "keep", "draw B")  # two in 5-6 take the walnut: a nut to store, and the kept joker may go first
    assert state.tasks[0] == ("store", MARLENE, KIND["W"]) and state.kept[KIND["WH"]] == 1
    legal = texts(state)
    assert "store W 2" in legal and "store WH H 1" in legal and "store WH W 2" in legal
    assert "store WH H 3" not in legal  # card 3 holds an acorn
    assert refused(state, "roll").endswith("now you are to store the walnut on a storage card, or a kept joker "
                                           "first (Putting Nuts in Storage)")  # as the refusals say it
    events = play(state, "store WH H 1")
    assert "Player 1 stores a kept joker (walnut or hazelnut) as a hazelnut on storage card 1 and fills it" in [
        event.text for event in events]
    assert card(state, MARLENE, 1) == ("H", 1, 1) and state.filled(MARLENE, 0) and state.kept[KIND["WH"]] == 0
    # the walnut is still to be stored, and the joker is no longer there to store
    assert state.tasks[0] == ("store", MARLENE, KIND["W"]) and not any("WH" in text for text in texts(state))
    play(state, "store W 2", "draw A")
    assert state.current == CHRISTINE and card(state, MARLENE, 2) == ("W", 1, 0)
    # Christine collects on the raccoon field: she may rob Marlene's walnut or acorn, not the filled card
    play(state, "dice 3 2 4", "place 7", "stop", "take 3", "store B 1", "draw W")
    assert texts(state) == ["steal 1 2", "steal 1 3"]
    assert refused(state, "steal 1 1") == f"{RACCOON_RULE}: you can only steal nuts (never jokers) from cards not " \
                                          "filled completely"
    assert state.score(MARLENE) == 5 + 1 + 1


def test_a_kept_joker_is_stored_only_when_its_owner_stores_a_nut() -> None:
    """A kept joker goes on a card with a nut its owner stores (a taken, stolen or final nut), not at any time:
    tried at another decision, or by a player keeping none, it is refused with the rule."""
    state = position(track={2: MARLENE}, kept={MARLENE: ["WH"]}, storage={MARLENE: {1: ("H", 1)}}, phase="decide")
    rule = refused(state, "store WH H 1")
    assert rule.startswith(STORAGE_RULE) and "a kept joker is stored when you store a nut" in rule
    assert "now you are to stop" in rule
    play(state, "stop")  # one squirrel in 2-4: nothing to collect
    state = position(track={5: MARLENE}, area2={"5-6": [1, 0]}, kept={CHRISTINE: ["WH"]}, phase="decide")
    play(state, "stop")  # Marlene stores the hazelnut under 5-6, and keeps no joker
    assert not any(text.startswith("store WH") for text in texts(state))
    assert refused(state, "store WH H 1") == f"{STORAGE_RULE}: you have no joker (walnut or hazelnut) kept for later"


def test_a_stored_nut_with_a_single_card_waits_while_a_kept_joker_could_go_first() -> None:
    """Only a real choice waits for the player: a nut with one card left is stored at once, unless a kept
    joker could go on a card first."""
    one_card = {card: ("A", 1) for card in range(2, 9)}
    state = position(track={5: MARLENE}, area2={"5-6": [1, 0]}, storage={MARLENE: one_card}, phase="decide")
    play(state, "stop")  # the hazelnut fits only card 1: stored at once
    assert card(state, MARLENE, 1) == ("H", 1, 0) and state.to_move() is CHANCE
    state = position(track={5: MARLENE}, area2={"5-6": [1, 0]}, storage={MARLENE: one_card}, phase="decide",
                     kept={MARLENE: ["BA"]})
    play(state, "stop")
    assert texts(state)[0] == "store H 1" and "store BA A 2" in texts(state)


def test_the_first_nut_is_stored_at_once_even_a_joker() -> None:
    """Preparation: "Take one nut each. This card immediately goes on a storage card of your choice." The
    sentence is about this card: a joker drawn as the first nut is stored at once too, and keeping it is
    refused with that rule."""
    state = game(2)
    play(state, "draw W", "draw H", "draw B", "draw A", "draw WH")
    assert state.to_move() == 0 and "keep" not in texts(state) and len(texts(state)) == 16  # W or H, any card
    assert refused(state, "keep") == f"{SETUP}: the nut each player takes at the start immediately goes on a " \
                                     "storage card of their choice, a joker too, so it can't be kept"
    events = play(state, "store H 4")
    assert "Player 1 stores the joker (walnut or hazelnut) as a hazelnut on storage card 4" in [e.text for e in events]
    assert card(state, 0, 4) == ("H", 0, 1) and not any(state.kept)


def test_option_first_joker_keep_lets_a_first_joker_be_kept_and_stored_with_a_later_nut() -> None:
    """Option first_joker=keep: the joker paragraph ("jokers don't have to be stored immediately") read as
    covering the first nut too. The first joker may then be kept, and, kept, it is stored like any other."""
    state = game(2, first_joker="keep")
    play(state, "draw W", "draw H", "draw B", "draw A", "draw WH")
    assert texts(state)[-1] == "keep"
    play(state, "keep", "draw A")
    assert state.kept[KIND["WH"]] == 1 and not any(state.card_type[:8])
    assert "keep" not in texts(state)  # the option is about jokers: an acorn is still stored at once
    play(state, "store A 1", "preplace 2-4", "dice 1 1 3", "place 4", "roll", "dice 1 1 2", "place 2", "stop")
    # Player 1's two squirrels in 2-4 take the walnut under it (face-up nut 1): the kept joker may go first
    assert state.tasks[0] == ("store", 0, KIND["W"]) and "store WH W 1" in texts(state)
    play(state, "store WH W 2", "store W 2")
    assert card(state, 0, 2) == ("W", 1, 1) and state.filled(0, 1)


def test_the_option_first_joker_is_validated_like_the_others() -> None:
    """Option first_joker, a choice like first_pick: "store" (the default, the setup's sentence) or "keep"."""
    assert game(2).options.first_joker == "store"
    assert make("in-the-nuts", {"players": 2, "first_joker": "keep"}).options == NutsOptions(2, first_joker="keep")
    with pytest.raises(OptionsError, match="first_joker: 'sometimes' is not one of store, keep"):
        make("in-the-nuts", {"players": 2, "first_joker": "sometimes"})


def test_a_kept_joker_is_written_store_joker_nut_card() -> None:
    parse = game(2).game.parse
    assert str(parse("store wh h 1")) == "store WH H 1"
    with pytest.raises(NotationError, match="the joker WH is either W or H, not B"):
        parse("store WH B 1")
    with pytest.raises(NotationError, match="'w' is not a joker"):
        parse("store W W 1")
