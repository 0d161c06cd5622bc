"""Scenario tests of Nut Hunt in words (words.py, through the face) and of the tiles' data-state in the SVG
(render_svg.py).

Every position is played to on the fixed forest of positions.py; the expected words are written out here.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

from nutbox.core import random_action
from nutbox.games.nut_hunt import HuntOptions, HuntState, NutHunt
from nutbox.registry import face

from .positions import FOREST, game, play, position

FACE = face("nut-hunt")


def labels(state: HuntState) -> dict[str, str]:
    """The label of every legal action by its notation, from the deciding seat's view."""
    view = state.view(state.current)
    return {str(action): FACE.label(action, view) for action in state.legal_actions()}


def prompts(state: HuntState) -> list[str]:
    """The decision from every seat's view, then the spectator's."""
    return [FACE.decision(state.view(seat)) for seat in [*range(state.n), None]]


def tile_states(state: HuntState) -> dict[str, str]:
    picture = FACE.svg(state.view(None))
    assert picture is not None
    root = ET.fromstring(picture)
    return {element.get("data-tile", ""): element.get("data-state", "") for element in root.iter()
            if "data-tile" in element.attrib}


# --- decisions and labels ------------------------------------------------------------------------------------
def test_the_objective_choice_asks_which_two_to_keep_and_names_the_card_put_away() -> None:
    state = game(2).new_state()
    play(state, *(f"tile {code}" for code in FOREST), "draw 1", "draw 13", "draw 2", "draw 5", "draw 14", "draw 15")
    assert prompts(state) == ["choose which 2 of your 3 objectives to keep"] + [
        "choose which 2 of their 3 objectives to keep"] * 2
    assert labels(state) == {
        "discard 1": "Put objective #1 (Mouse Meadow to Hickory Haunt, 4 points + 2 for distance) under the deck; "
                     "keep #13 and #2",
        "discard 2": "Put objective #2 (Mouse Meadow to The Tangle, 3 points + 3 for distance) under the deck; "
                     "keep #1 and #13",
        "discard 13": "Put objective #13 (Heart of the Wood to Pine Barrens, 6 points) under the deck; keep #1 and #2",
    }


def test_scouting_asks_which_to_keep_and_each_keep_names_its_objective() -> None:
    state = position(hands=[(2,), (3,)])
    assert prompts(state)[0] == "recruit a squirrel, hassle the fox, scout an objective or pass"
    play(state, "scout", "draw 14", "draw 1")
    assert prompts(state) == ["choose which of your 2 scouted objectives to keep, if any"] + [
        "choose which of their 2 scouted objectives to keep, if any"] * 2
    assert labels(state) == {
        "keep 1": "Keep objective #1 (Mouse Meadow to Hickory Haunt, 4 points + 2 for distance)",
        "keep 14": "Keep objective #14 (Heart of the Wood to Willow Wallow, 4 points + 1 for distance)",
        "keep none": "Keep none: both scouted objectives go under the deck",
    }


def test_trades_recruits_and_scatters_read_as_what_they_do() -> None:
    state = position(fox="CH", phase="roll", squirrels={"HH": [1, 0], "MU": [2, 0]}, nuts=["AAAWP"])
    play(state, "roll 5")  # the fox goes west onto Hickory Haunt, where Player 1's squirrel must scatter
    assert prompts(state)[:2] == ["choose where to scatter one of your squirrels from Hickory Haunt",
                                  "choose where to scatter one of their squirrels from Hickory Haunt"]
    read = labels(state)
    assert read["trade AAA H"] == "Trade 3 acorns for 1 hazelnut"
    assert read["scatter MU"] == "Scatter a squirrel from Hickory Haunt to Muckville Marsh, building a nest"
    assert read["scatter WW"] == "Scatter a squirrel from Hickory Haunt to Willow Wallow"
    assert "scatter CH" not in read  # the tile the fox came from
    play(state, "scatter WW")  # then 2 walnuts from Hickory Haunt, the only forage there
    read = labels(state)
    assert read["recruit MU"] == "Recruit a squirrel at Muckville Marsh for 1 acorn and 1 pine nut, building a nest"
    assert read["hassle WW"] == ("Hassle the fox onto Willow Wallow and forage up to 1 of its acorns or "
                                 "hazelnuts; 1 squirrel there scatter")
    assert read["pass"] == "Pass: end the turn without an optional action"
    assert len(set(read.values())) == len(read)


def test_the_forage_after_a_hassle_reads_as_a_choice_that_may_take_nothing() -> None:
    state = position(fox="CH", nests={"HH": [1, 0]})
    play(state, "hassle HH")
    assert prompts(state)[:2] == ["choose a nut to forage from Hickory Haunt, or none",
                                  "choose a nut to forage from Hickory Haunt, or none"]
    assert labels(state) == {"forage W": "Forage 1 walnut", "forage none": "Forage nothing: leave the nut"}


def test_setup_placing_and_foraging_prompts() -> None:
    state = game(2).new_state()
    play(state, *(f"tile {code}" for code in FOREST), *(f"draw {card}" for card in range(1, 7)), "discard 1",
         "discard 4")
    assert prompts(state)[:2] == ["choose a starting tile for your next squirrel, then forage 2 nuts there",
                                  "choose a starting tile for their next squirrel, then forage 2 nuts there"]
    assert labels(state)["place RP"] == "Place a squirrel on Rabbit Patch (it forages acorns or walnuts)"
    play(state, "place RP")
    assert prompts(state)[0] == "choose 2 nuts to forage from Rabbit Patch"
    assert labels(state) == {"forage AA": "Forage 2 acorns", "forage AW": "Forage 1 acorn and 1 walnut",
                             "forage WW": "Forage 2 walnuts"}


# --- panels ---------------------------------------------------------------------------------------------------
def test_panels_show_nuts_pieces_and_the_public_score_after_a_recruit_builds_a_nest() -> None:
    state = position(squirrels={"WW": [2, 0], "RP": [1, 1]}, nests={"TT": [1, 0]}, nuts=["AWP", "HH"],
                     hands=[(1, 13), (2,)])
    play(state, "recruit WW")  # pays a walnut and a pine nut; the third squirrel there makes a nest
    first, second = FACE.panels(state.view(1))
    assert (first.name, first.colour, first.score) == ("Player 1", "#fcc419", "4 + 2 secret objectives")
    assert first.holds == (("Nuts", "1 acorn"), ("Squirrels on the board", "1"), ("Nests", "2"),
                           ("Objectives in hand", "2"))
    assert (second.name, second.colour, second.score) == ("Player 2", "#1c7ed6", "0 + 1 secret objective")
    assert second.holds[0] == ("Nuts", "2 hazelnuts")


def test_a_seats_objectives_are_cards_in_its_own_panels_only() -> None:
    state = position(hands=[(1, 13), (2,)])
    mine = FACE.panels(state.view(0))
    assert [card.title for card in mine[0].cards] == ["Objective #1: Mouse Meadow to Hickory Haunt",
                                                     "Objective #13: Heart of the Wood to Pine Barrens"]
    assert mine[0].cards[0].text == ("Join Mouse Meadow and Hickory Haunt with a chain of your squirrels or nests "
                                     "with a nest on it: 4 points + 2 for distance; -2 if not done at the end")
    assert mine[1].cards == ()
    theirs = FACE.panels(state.view(1))
    assert theirs[0].cards == ()
    assert [card.title for card in theirs[1].cards] == ["Objective #2: Mouse Meadow to The Tangle"]
    assert all(panel.cards == () for panel in FACE.panels(state.view(None)))


def test_solo_panels_show_the_automa_on_the_players_panel_and_no_seat_for_it() -> None:
    state = position(1, fox="CH", squirrels={"MM": [1, 2]}, nests={"HW": [0, 1]}, automa_hand=(1,), hands=[(14,)])
    (panel,) = FACE.panels(state.view(0))
    assert panel.holds[-2:] == (
        ("The Automa on the board", "2 squirrels and 1 nest"),
        ("The Automa's objectives", "#1 (Mouse Meadow to Hickory Haunt, 4 points + 2 for distance)"),
    )


# --- the end --------------------------------------------------------------------------------------------------
def test_the_score_table_breaks_down_the_rulebook_example_with_a_fourth_nest() -> None:
    """The rulebook's 16 points (positions of test_rules), plus a fourth nest recruited on Rabbit Patch."""
    state = position(
        hands=[(1, 13, 2), (5,)],
        squirrels={"MM": [1, 0], "BH": [1, 0], "HH": [1, 0], "PB": [1, 0], "RP": [2, 0]},
        nests={"WW": [1, 0], "HW": [1, 0], "MB": [1, 0]},
        nuts=["HP"],
    )
    assert FACE.score_table(state.view(None)) is None
    play(state, "recruit RP")
    view = state.view(None)
    table = FACE.score_table(view)
    assert table is not None
    assert table.columns == ("Nests", "Objectives", "Distance bonus", "Failed objectives", "Total")
    assert table.rows == (  # a row per seat, in seat order (the page and the terminal put the names in front)
        ("8 (4 nests)", "10 (#1, #13)", "2", "-2 (#2)", "18"),
        ("0 (0 nests)", "0", "0", "-2 (#5)", "-2"),
    )
    assert [float(row[-1]) for row in table.rows] == view["scores"]
    assert table.winners == (0,) == tuple(view["winners"]) and table.note == ""
    assert [panel.score for panel in FACE.panels(view)] == ["18", "-2"]


def test_a_tie_on_points_is_explained_by_the_tie_break() -> None:
    state = position(squirrels={"MG": [2, 0], "RP": [1, 0]}, nests={"HW": [1, 0], "PB": [1, 0], "CF": [1, 0],
                                                                     "TT": [0, 4]}, nuts=["AH"], hands=[(), ()])
    play(state, "recruit MG")
    table = FACE.score_table(state.view(0))
    assert table is not None and [row[-1] for row in table.rows] == ["8", "8"] and table.winners == (0,)
    assert table.note == ("Player 1 and Player 2 tie on 8 points; Player 1 wins with the most squirrels on the "
                          "board (1 to 0).")


def test_solo_the_note_names_the_automas_score() -> None:
    state = position(1, squirrels={"MG": [2, 0]}, nests={"HW": [1, 0], "PB": [1, 0], "CF": [1, 0]}, nuts=["AH"],
                     automa_hand=(5,))
    assert FACE.decision(state.view(0)) == "recruit a squirrel, hassle the fox, scout an objective or pass"
    play(state, "recruit MG")
    table = FACE.score_table(state.view(0))
    assert table is not None and table.rows == (("8 (4 nests)", "0", "0", "0", "8"),)
    assert table.note == "The Automa scored -2: 0 nests, objectives completed: none. Player 1 wins on points."


def test_solo_the_automas_scatter_is_a_die_roll_in_words() -> None:
    state = position(1, fox="CH", phase="roll", squirrels={"HH": [0, 1]})
    play(state, "roll 5")
    assert state.is_chance()
    assert FACE.decision(state.view(0)) == "roll the fox die to scatter the Automa's squirrel from Hickory Haunt"


# --- what changed on the board -----------------------------------------------------------------------------------
def test_a_tiles_data_state_changes_when_the_fox_or_a_squirrel_moves_there_and_only_then() -> None:
    state = position(fox="CH", phase="roll", squirrels={"HH": [1, 0], "RP": [0, 1]}, nests={"RP": [0, 1]})
    before = tile_states(state)
    assert before["CH"] == "fox" and before["HH"] == "yellow 1 squirrel"
    assert before["RP"] == "blue 1 squirrel; blue 1 nest" and before["MU"] == "empty"
    play(state, "roll 5", "scatter MU")  # the fox goes west onto Hickory Haunt; the squirrel runs to Muckville
    after = tile_states(state)
    changed = {code for code in before if before[code] != after[code]}
    assert changed == {"CH", "HH", "MU"}
    assert (after["CH"], after["HH"], after["MU"]) == ("empty", "fox", "yellow 1 squirrel")
    play(state, "pass", "roll 4")  # Player 2's fox goes north-west from Hickory Haunt onto Maple Glade
    assert {code for code in after if after[code] != tile_states(state)[code]} == {"HH", "MG"}


# --- the log ---------------------------------------------------------------------------------------------------
def test_the_log_counts_nuts_and_names_directions_cards_and_points_in_words() -> None:
    """No engine code in the log: nuts counted ("2 pine nuts", not "pine nut pine nut"), compass directions
    spelled out, an objective by its number and route, a score with its unit, a nest by its ordinal."""
    texts: list[str] = []
    for players, seed in ((2, 0), (3, 1), (1, 2)):
        state = NutHunt(HuntOptions(players=players)).new_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            texts += [event.text for event in state.apply(random_action(state, rng))]
    forages = [text for text in texts if " forages " in text]
    assert forages and all(re.search(r"forages (nothing|\d \w[\w ]*( and \d \w[\w ]*)?) from ", t) for t in forages)
    assert not [text for text in texts if re.search(r"(acorn|hazelnut|walnut|pine nut) (acorn|hazelnut|walnut|pine)",
                                                     text)]
    assert not [text for text in texts if re.search(r"\((N|E|S|W|NE|SE|SW|NW)\)|goes [NESW]{1,2} ", text)]
    assert any("(north-" in text or "(south-" in text for text in texts)
    assert all(re.search(r"scores -?\d+ points?$", text) for text in texts if " scores " in text)
    assert not [text for text in texts if re.search(r"objective \d", text)]
    assert any(re.search(r"builds a nest on .* \((their|its) \d(st|nd|rd|th) nest\)", text) for text in texts)
    assert not [text for text in texts if " 1 go " in text]
