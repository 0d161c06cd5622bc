"""Nut Hunt's face (face.py): seats named by the table's names everywhere people read them, the Automa by its own,
and views (which go to bots and learners) holding no name to fill in."""

from __future__ import annotations

import json
import random

from render_checks import text_of

from nutbox.core import random_action
from nutbox.core.names import unnamed
from nutbox.games.nut_hunt import HuntOptions, NutHunt
from nutbox.games.nut_hunt.face import FACE
from nutbox.games.nut_hunt.guide import GUIDE

from .positions import play, position

NAMES = ["Ann", "Ben"]


def test_no_view_holds_a_placeholder_and_every_event_names_its_seats_by_them() -> None:
    named = 0
    for players, seed in ((1, 0), (2, 1), (5, 2)):
        state = NutHunt(HuntOptions(players=players)).new_state()
        rng = random.Random(seed)
        while True:
            for seat in [*range(players), None]:
                assert not unnamed(json.dumps(state.view(seat))), (players, seed, seat)
            if state.is_terminal():
                break
            for event in state.apply(random_action(state, rng)):
                assert not unnamed(event.text)
                if unnamed(event.said):
                    named += 1
                    assert "Player " in event.text and "Ann" in event.told(["Ann"] * players)
    assert named


def test_panels_scores_and_pictures_call_each_seat_by_its_name() -> None:
    state = position(squirrels={"WW": [2, 0], "RP": [1, 1]}, nuts=["AWP", "HH"], hands=[(1,), (2,)])
    view = state.view(0)
    assert [panel.name for panel in FACE.panels(view, NAMES)] == NAMES
    svg, phone = FACE.svg(view, names=NAMES), FACE.phone(view, names=NAMES)
    assert svg is not None and phone is not None
    assert all("Ann" in picture and "Ben" in picture and not unnamed(picture) for picture in (svg, phone))
    text = text_of(lambda seen: FACE.text(seen, NAMES), dict(view))
    assert "Ann" in text and "Ben" in text and "Player 1" not in text
    told = [event.told(NAMES) for event in play(state, "recruit WW")]
    assert told[:2] == ["Ann recruits a squirrel onto Willow Wallow",
                        "Ann builds a nest on Willow Wallow (their 1st nest)"]


def test_the_score_table_and_its_note_use_the_names_and_the_automa_keeps_its_own() -> None:
    state = position(squirrels={"MG": [2, 0], "RP": [1, 0]}, nests={"HW": [1, 0], "PB": [1, 0], "CF": [1, 0],
                                                                     "TT": [0, 4]}, nuts=["AH"], hands=[(), ()])
    play(state, "recruit MG")
    table = FACE.score_table(state.view(0), NAMES)
    assert table is not None and not any(name in cell for row in table.rows for cell in row for name in NAMES)
    assert table.note == "Ann and Ben tie on 8 points; Ann wins with the most squirrels on the board (1 to 0)."
    solo = position(1, squirrels={"MG": [2, 0]}, nests={"HW": [1, 0], "PB": [1, 0], "CF": [1, 0]}, nuts=["AH"],
                    automa_hand=(5,))
    play(solo, "recruit MG")
    table = FACE.score_table(solo.view(0), ["Ann"])
    assert table is not None
    assert table.note == "The Automa scored -2: 0 nests, objectives completed: none. Ann wins on points."


def test_the_pictures_say_whose_turn_it_is_and_leave_the_decision_to_the_table() -> None:
    state = position(hands=[(2,), (3,)])
    view = state.view(0)
    decision = FACE.decision(view, NAMES)
    assert decision == "recruit a squirrel, hassle the fox, scout an objective or pass"
    text = text_of(lambda seen: FACE.text(seen, NAMES), dict(view))
    assert text.rstrip().splitlines()[-1].strip() == "Ann  to move"
    assert decision not in text
    assert FACE.rules_section(view) == GUIDE.section_for("action") is not None
