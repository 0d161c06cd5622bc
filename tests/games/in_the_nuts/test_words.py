"""In the Nuts! in words (words.py, through the face) and the picture's data-state, on positions played to
(positions.py).

Seats as in test_rules.py: Marlene 0 (red), Christine 1 (blue), Anna 2 (white).
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

from render_checks import place_states, text_of

from nutbox.core import random_action
from nutbox.core.names import unnamed
from nutbox.games.in_the_nuts import InTheNuts, NutsOptions, NutsState
from nutbox.games.in_the_nuts.actions import KEEP
from nutbox.games.in_the_nuts.render_svg import PLAYER_FILL
from nutbox.registry import face

from .positions import game, play, position

FACE = face("in-the-nuts")

MARLENE, CHRISTINE, ANNA = 0, 1, 2


def prompt(state: NutsState, seat: int | None) -> str:
    return FACE.decision(state.view(seat))


def labels(state: NutsState) -> dict[str, str]:
    """Each legal action's notation -> its label, from the deciding seat's view."""
    who = state.to_move()
    assert isinstance(who, int)
    view = state.view(who)
    return {str(action): FACE.label(action, view) for action in state.legal_actions()}


def places(state: NutsState) -> dict[str, str]:
    """Each place's data-state in the desktop picture the seat to move (a spectator at a chance node) sees."""
    who = state.to_move()
    picture = FACE.svg(state.view(who if isinstance(who, int) else None))
    assert picture is not None
    return place_states(ET.fromstring(picture))


def changed(before: dict[str, str], after: dict[str, str]) -> set[str]:
    assert before.keys() == after.keys()
    return {key for key in before if before[key] != after[key]}


# --- the decision and its actions ---------------------------------------------------------------------------
def test_annas_roll_asks_for_space_3_or_8_then_to_stop_or_roll() -> None:
    state = position(4, current=ANNA)
    play(state, "dice 2 1 6")
    assert prompt(state, ANNA) == "place a squirrel on space 3 or 8"
    assert prompt(state, None) == prompt(state, MARLENE) == "place a squirrel on space 3 or 8"
    assert labels(state) == {"place 3": "Place a squirrel on space 3", "place 8": "Place a squirrel on space 8"}
    play(state, "place 8")
    assert prompt(state, ANNA) == "stop and push your squirrel up, or roll again"
    assert prompt(state, None) == prompt(state, CHRISTINE) == "stop and push their squirrel up, or roll again"
    assert labels(state) == {"stop": "Stop and push your squirrels up", "roll": "Roll the dice again"}


def test_the_stop_prompt_counts_the_squirrels_on_the_track() -> None:
    state = position(track={3: MARLENE, 10: MARLENE})
    play(state, "dice 2 1 6")  # 3 is taken: the squirrel goes to 8 at once
    assert prompt(state, MARLENE) == "stop and push your 3 squirrels up, or roll again"


def test_the_raccoon_field_asks_for_any_nut_then_a_card_then_a_theft() -> None:
    state = position(3, track={7: 0}, area2={"7": [1, 0, 0]}, david=1, faceup=("W", "H", "B", "A"),
                     storage={1: {3: ("H", 2)}, 2: {3: ("A", 1), 4: ("W", 2)}}, phase="decide")
    play(state, "stop")
    assert prompt(state, MARLENE) == ("take any face-up nut for your two squirrels on the raccoon field of the "
                                      "2-squirrel area (a theft follows)")
    assert labels(state)["take 3"] == "Take face-up nut 3: the beechnut"
    play(state, "take 3")
    assert prompt(state, MARLENE) == "choose one of your storage cards for the beechnut"
    assert prompt(state, ANNA) == "choose one of their storage cards for the beechnut"
    assert labels(state)["store B 3"] == "Store the beechnut on storage card 3 (empty, holds 3)"
    play(state, "store B 1", "draw W")
    assert prompt(state, MARLENE) == "choose a nut to steal from another player's storage card (David guards Player 2)"
    assert labels(state) == {"steal 3 3": "Steal an acorn from Player 3's storage card 3",
                             "steal 3 4": "Steal a walnut from Player 3's storage card 4"}


def test_a_joker_may_be_kept_until_the_end_and_then_must_be_stored() -> None:
    state = position(track={2: 0, 3: 0}, faceup=("WH", "H", "B", "A"), storage={0: {1: ("H", 1)}},
                     phase="decide", pile=1)
    play(state, "stop")
    assert prompt(state, MARLENE) == ("choose one of your storage cards for the joker (walnut or hazelnut), "
                                      "or keep it for later")
    words = labels(state)
    assert words["keep"] == "Keep the joker (walnut or hazelnut) for later"
    assert words["store H 1"] == "Store the joker as a hazelnut on storage card 1 (fills it: 5 points)"
    assert words["store W 2"] == "Store the joker as a walnut on storage card 2 (empty, holds 2)"
    play(state, "keep", "draw A")  # the pile runs out: the final picks, then the kept joker
    assert prompt(state, MARLENE) == "choose one of your storage cards for the joker (walnut or hazelnut)"
    assert "keep" not in labels(state) and KEEP not in state.legal_actions()


def test_a_kept_joker_is_offered_with_the_next_nut_stored_and_the_first_nut_is_never_kept() -> None:
    state = position(track={5: MARLENE}, area2={"5-6": [1, 0]}, kept={MARLENE: ["WH"]},
                     storage={MARLENE: {1: ("H", 1)}}, phase="decide")
    play(state, "stop")  # the hazelnut under 5-6, and a kept joker that may go on a card first
    assert prompt(state, MARLENE) == ("choose one of your storage cards for the hazelnut; your kept joker may go on "
                                      "a card first")
    assert prompt(state, CHRISTINE) == ("choose one of their storage cards for the hazelnut; their kept joker may go "
                                        "on a card first")
    words = labels(state)
    assert words["store WH H 1"] == "Store a kept joker (walnut or hazelnut) as a hazelnut on storage card 1 (fills " \
                                    "it: 5 points)"
    assert words["store WH W 2"] == "Store a kept joker (walnut or hazelnut) as a walnut on storage card 2 (empty, " \
                                    "holds 2)"
    assert words["store H 1"] == "Store the hazelnut on storage card 1 (fills it: 5 points)"
    play(state, "store WH H 1")
    assert prompt(state, MARLENE) == "choose one of your storage cards for the hazelnut"
    first = position(phase="deal")
    first.step = 0
    play(first, "draw WH")
    assert prompt(first, MARLENE) == "choose one of your storage cards for the joker (walnut or hazelnut)"
    assert "keep" not in labels(first)
    kept = position(phase="deal", first_joker="keep")
    kept.step = 0
    play(kept, "draw WH")
    assert prompt(kept, MARLENE) == ("choose one of your storage cards for the joker (walnut or hazelnut), or keep it "
                                     "for later")


def test_the_second_of_three_players_preplaces_two_squirrels() -> None:
    state = position(3, phase="preplace", current=1)
    state.step = 0
    assert prompt(state, 1) == "put one of your squirrels into a section of the 2-squirrel area"
    play(state, "preplace 5-6")
    assert state.current == 2
    assert prompt(state, 2) == "put one of your squirrels into a section of the 2-squirrel area (squirrel 1 of 2)"
    assert labels(state)["preplace 10-12"] == "Put a squirrel into section 10-12"


# --- the panels ---------------------------------------------------------------------------------------------
def test_panels_show_supply_board_cards_and_points_after_a_filled_card() -> None:
    state = position(track={5: 0}, area2={"5-6": [1, 0], "8-9": [0, 1]}, faceup=("W", "W", "B", "A"),
                     storage={0: {1: ("W", 1), 2: ("B", 1)}}, phase="decide")
    play(state, "stop", "store W 1")  # two squirrels in 5-6 take the walnut; card 1 is filled
    for viewer in (None, 0, 1):  # nothing is secret: every view shows the same panels
        first, second = FACE.panels(state.view(viewer))
        assert (first.name, first.colour, first.score) == ("Player 1", PLAYER_FILL[0][0], "6")
        assert first.holds == (("Squirrels in the supply", "15"), ("Squirrels on the board", "0"),
                               ("Filled storage cards", "card 1: 2 walnuts, 5 points"),
                               ("Storage cards being filled", "card 2: 1 of 2 beechnuts"))
        assert (second.name, second.score, second.cards) == ("Player 2", "0", ())
        assert dict(second.holds)["Squirrels in the supply"] == "14"
        assert dict(second.holds)["Squirrels on the board"] == "1"
        assert dict(second.holds)["Storage cards being filled"] == "none"


def test_panels_show_kept_jokers_and_whom_david_guards() -> None:
    state = position(3, kept={1: ["BA", "BA"]}, david=1)
    panels = FACE.panels(state.view(None))
    assert dict(panels[1].holds)["Jokers kept"] == "2 jokers (beechnut or acorn)"
    assert dict(panels[1].holds)["David the raccoon"] == "guards them: no one may steal from them"
    assert "Jokers kept" not in dict(panels[0].holds) and "David the raccoon" not in dict(panels[2].holds)


# --- the end ------------------------------------------------------------------------------------------------
def test_no_score_table_before_the_end() -> None:
    state = position()
    assert FACE.score_table(state.view(None)) is None


def test_a_tie_on_points_goes_to_the_most_valuable_filled_card_and_the_note_says_so() -> None:
    state = position(track={5: 0, 6: 0}, storage={0: {3: ("B", 3)}, 1: {1: ("W", 2), 7: ("A", 4), 8: ("H", 2)}},
                     phase="decide", pile=1, faceup=("W", "H", "B", "A"))
    play(state, "stop", "store H 5", "draw W")
    view = state.view(None)
    table = FACE.score_table(view)
    assert table is not None and view["scores"] == [11.0, 11.0]
    assert table.columns == ("Filled cards (points)", "Nuts on unfilled cards (a point each)", "Total points",
                             "Best filled card (points)")
    assert table.rows == (("10", "1", "11", "10"), ("5", "6", "11", "5"))
    assert table.winners == (0,) == tuple(view["winners"])
    assert table.note == ("Player 1 and Player 2 tie on 11 points; Player 1 wins with the most valuable filled "
                          "card (10 points)")


def test_a_tie_with_no_filled_card_is_shared() -> None:
    state = position(3, track={5: 0, 6: 0}, area2={"8-9": [0, 1, 1]}, area3={"right": [0, 2, 3], "left": [2, 0, 0]},
                     area4=[1, 1, 1], phase="decide", pile=1, faceup=("W", "H", "B", "A"))
    play(state, "stop", "store H 1", "draw W", "take 3", "store B 1", "draw A", "take 1", "store W 1", "draw A")
    table = FACE.score_table(state.view(None))
    assert table is not None and table.winners == (0, 1, 2)
    assert table.rows == (("none", "1", "1", "none"),) * 3
    assert table.note == ("Player 1, Player 2 and Player 3 tie on 1 point and none of them has filled a card: they "
                          "share the win")


def test_the_score_table_totals_are_the_scores_of_random_games() -> None:
    for players, seed in ((2, 0), (3, 1), (4, 2)):
        game = InTheNuts(NutsOptions(players=players))
        state, rng = game.new_state(), random.Random(seed)
        while not state.is_terminal():
            state.apply(random_action(state, rng))
        view = state.view(None)
        table = FACE.score_table(view)
        assert table is not None and table.winners == tuple(view["winners"])
        assert [float(row[2]) for row in table.rows] == view["scores"]
        assert bool(table.note) == (sorted(view["scores"])[-2:] == [max(view["scores"])] * 2)


# --- what the picture marks as changed ----------------------------------------------------------------------
def test_placing_a_squirrel_changes_its_space_and_its_players_supply_and_nothing_else() -> None:
    state = position(4, current=ANNA)
    play(state, "dice 2 1 6")
    before = places(state)
    assert before["data-space=8"] == before["data-space=3"] == "free"
    assert before["data-dice=1"] == "2 1 6"
    play(state, "place 8")
    after = places(state)
    assert after["data-space=8"] == "white"
    assert changed(before, after) == {"data-space=8", "data-player=3"}


def test_stopping_and_collecting_changes_the_track_the_section_the_card_and_the_nut() -> None:
    state = position(track={5: 0}, area2={"5-6": [1, 0]}, faceup=("W", "H", "B", "A"), phase="decide")
    before = places(state)
    play(state, "stop", "store H 1", "draw A")
    after = places(state)
    assert after["data-card=1-1"] == "H 1+0j" and after["data-slot=2"] == "A"
    assert changed(before, after) == {"data-space=5", "data-section=5-6", "data-card=1-1", "data-slot=2",
                                      "data-player=1", "data-deck=1"}


def test_the_raccoon_state_follows_whom_he_guards() -> None:
    state = position(track={7: 0}, area2={"7": [1, 0]}, storage={1: {3: ("H", 2)}}, phase="decide")
    assert places(state)["data-raccoon=David"] == "guards no one"
    play(state, "stop", "take 3", "store B 1", "draw W")
    assert places(state)["data-raccoon=David"] == "guards Player 2"


# --- the seats' names -----------------------------------------------------------------------------------------
NAMES = ["Marlene", "Christine", "Anna"]


def test_no_view_holds_a_seat_placeholder_but_the_events_name_seats_by_theirs() -> None:
    """Views go to bots and learners: every text naming a seat is the face's, never the view's."""
    for players, seed in ((2, 3), (4, 4)):
        state, rng = game(players), random.Random(seed)
        named = 0
        while not state.is_terminal():
            assert not any(unnamed(json.dumps(state.view(viewer))) for viewer in (*range(players), None))
            events = state.apply(random_action(state, rng))
            named += sum(unnamed(event.said) for event in events)
            assert not any(unnamed(event.text) for event in events)
        assert named and not unnamed(json.dumps(state.view(None)))


def test_the_face_calls_each_seat_by_the_name_the_table_gives() -> None:
    state = position(3, track={7: 0}, area2={"7": [1, 0, 0]}, david=1, faceup=("W", "H", "B", "A"),
                     storage={1: {3: ("H", 2)}, 2: {3: ("A", 1), 4: ("W", 2)}}, phase="decide")
    events = play(state, "stop", "take 3", "store B 1", "draw W")
    assert events[1].text == "Player 1 collects with 2 squirrels on the raccoon field of the 2-squirrel area"
    assert events[1].told(NAMES) == "Marlene collects with 2 squirrels on the raccoon field of the 2-squirrel area"
    view = state.view(MARLENE)
    assert FACE.decision(view, NAMES) == ("choose a nut to steal from another player's storage card (David guards "
                                          "Christine)")
    assert FACE.label(state.legal_actions()[0], view, NAMES) == "Steal an acorn from Anna's storage card 3"
    assert [panel.name for panel in FACE.panels(view, NAMES)] == NAMES
    picture = FACE.svg(view, [], NAMES)
    assert picture is not None and "guards Christine" in picture and not unnamed(picture)
    text = text_of(lambda shown: FACE.text(shown, NAMES), view)
    assert "David the raccoon guards Christine" in text and "Marlene to move" in text and not unnamed(text)
    events = play(state, "steal 3 3")
    assert events[0].told(NAMES) == "Marlene steals an acorn from Anna; David moves to Anna"
