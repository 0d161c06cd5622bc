"""Nuts Sorting in words (words.py) and the data-state of its picture, on positions reached by play: the
setup decisions from a dealt board, the turn from explicit positions (positions.py), the end of real games.
"""

from __future__ import annotations

import io
import json
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from rich.console import Console

from nutbox.core import Panel, random_action
from nutbox.core.names import unnamed
from nutbox.games.nuts_sorting import SortingState
from nutbox.games.nuts_sorting.face import FACE
from nutbox.games.nuts_sorting.scoring import sorted_reason

from .positions import make_game, position
from .test_rules import BLOCKS, CYCLIC, FIG3, ONE_SORTED, dealt, play


def svg(view: Any, legal: list[str]) -> str:
    picture = FACE.svg(view, legal)
    assert picture is not None
    return picture


SETS_IN_WORDS = "red, blue and yellow, or black, white and gray"
# FIG3 with a second gray group: black-white-gray (seat 1, to move) is not one move from the win
NEARLY = dict(FIG3) | {"i9": "gray"}


def labels(state: SortingState, view: dict[str, Any] | None = None) -> dict[str, str]:
    """Each legal action's notation and its label, from the mover's view unless another is given."""
    seat = state.to_move()
    assert isinstance(seat, int)
    view = state.view(seat) if view is None else view
    return {str(action): FACE.label(action, view) for action in state.legal_actions()}


def decisions(state: SortingState) -> dict[int | None, str]:
    return {seat: FACE.decision(state.view(seat)) for seat in (None, 0, 1)}


# --- the setup ---------------------------------------------------------------------------------------
def test_the_first_decision_is_a_colour_set_or_the_first_move() -> None:
    state = dealt(CYCLIC)
    assert decisions(state) == {
        1: f"choose your colours ({SETS_IN_WORDS}) or take the first move",
        0: f"choose their colours ({SETS_IN_WORDS}) or take the first move",
        None: f"choose their colours ({SETS_IN_WORDS}) or take the first move",
    }
    assert labels(state) == {"choose rby": "Take red, blue and yellow", "choose bwg": "Take black, white and gray",
                             "choose first": "Take the first move"}


def test_after_a_colour_set_the_chooser_removes_own_and_opponents() -> None:
    """Rulebook, Setup 2: "The player who did not place the pieces chooses either the set of his/her color or
    takes the first move (if he/she takes the first move, the player who placed the pieces chooses the set of
    his/her color)." A colour set taken leaves player 1 the first move, so player 2 goes on to remove."""
    state = dealt(CYCLIC)
    play(state, "choose bwg")
    assert decisions(state) == {1: "remove one of your nuts and one of your opponent's",
                                0: "remove one of their nuts and one of their opponent's",
                                None: "remove one of their nuts and one of their opponent's"}
    removals = labels(state)
    assert removals["remove a4"] == "Remove the black nut from a4 (yours)"
    assert removals["remove a2"] == "Remove the blue nut from a2 (Player 1's)"
    assert "i9" not in " ".join(removals.values())  # the blank has nothing to remove
    spectator = labels(state, state.view(None))
    assert spectator["remove a4"] == "Remove the black nut from a4 (Player 2's)"
    play(state, "remove a4")
    assert decisions(state)[1] == "remove one of your opponent's nuts"


def test_with_the_option_the_placer_says_who_moves_first_after_a_colour_set() -> None:
    state = dealt(CYCLIC, placer_chooses_order=True)
    play(state, "choose bwg")
    assert decisions(state)[0] == "decide who moves first"
    assert labels(state) == {"choose first": "Move first", "choose second": "Let Player 2 move first"}
    play(state, "choose second")  # player 2 moves first, so player 1 removes
    assert decisions(state)[0] == "remove one of your nuts and one of your opponent's"
    assert labels(state)["remove a2"] == "Remove the blue nut from a2 (yours)"


def test_the_first_move_taken_leaves_the_colour_set_and_removal_order_is_free() -> None:
    state = dealt(CYCLIC)
    play(state, "choose first")
    assert decisions(state)[0] == f"choose your colours: {SETS_IN_WORDS}"
    assert labels(state) == {"choose rby": "Take red, blue and yellow", "choose bwg": "Take black, white and gray"}
    play(state, "choose bwg", "remove a1")  # player 1 removes, and red is player 2's
    assert decisions(state)[0] == "remove one of your own nuts"


def test_the_panels_follow_the_setup() -> None:
    state = dealt(CYCLIC)
    assert FACE.panels(state.view(1)) == [Panel(0, "Player 1", score="no colours yet"),
                                                Panel(1, "Player 2", score="no colours yet")]
    play(state, "choose bwg")
    first, second = FACE.panels(state.view(None))
    assert (first.colour, second.colour) == ("#d9302c", "#212529")  # the board's red and black nuts
    assert first.holds[-1] == ("Turn order", "moves first") and second.holds[-1] == ("Turn order", "moves second")


# --- the turn ----------------------------------------------------------------------------------------
def test_the_turn_moves_a_nut_to_grow_its_group_or_picks_up_a_group() -> None:
    state = position(NEARLY, to_move=1)
    assert decisions(state) == {
        1: "move one of your black, white or gray nuts so that its group grows, or pick up one of your groups",
        0: "move one of their black, white or gray nuts so that its group grows, or pick up one of their groups",
        None: "move one of their black, white or gray nuts so that its group grows, or pick up one of their groups",
    }
    words = labels(state)
    assert words["a1-d4"] == "Move the black nut from a1 to d4 (its group grows from 1 to 3)"
    assert words["x a1"] == "Pick up the lone black nut at a1"
    assert words["x e5"] == "Pick up the group of 2 black nuts at e5"
    assert len(set(words.values())) == len(words)


def test_a_panel_shows_each_colours_nuts_and_groups_before_and_after_a_move() -> None:
    state = position(NEARLY, to_move=1)
    before = FACE.panels(state.view(1))
    assert before[0] == Panel(0, "Player 1", "#d9302c", "2 of 3 colours sorted", (
        ("Red", "2 nuts in 2 groups"), ("Blue", "1 nut in 1 group, sorted"), ("Yellow", "1 nut in 1 group, sorted"),
        ("Turn order", "moves first")))
    assert before[1].score == "1 of 3 colours sorted"
    assert before[1].holds[0] == ("Black", "3 nuts in 2 groups")
    play(state, "a1-d4")
    assert not state.is_terminal()
    for viewer in (None, 0, 1):  # nothing is secret: every seat sees the same panels
        after = FACE.panels(state.view(viewer))
        assert after[0] == before[0]
        assert after[1] == Panel(1, "Player 2", "#212529", "2 of 3 colours sorted", (
            ("Black", "3 nuts in 1 group, sorted"), ("White", "2 nuts in 1 group, sorted"),
            ("Gray", "2 nuts in 2 groups"), ("Turn order", "moves second")))


# --- the end -----------------------------------------------------------------------------------------
def test_the_score_table_says_who_sorted_and_how() -> None:
    state = position(FIG3, to_move=1)
    assert FACE.score_table(state.view(None)) is None
    play(state, "a1-d4")
    view = state.view(0)
    table = FACE.score_table(view)
    assert table is not None
    assert table.columns == ("Result", "Colours", "Sorted", "How")
    assert table.rows == (
        ("Lost", "red, blue and yellow", "2 of 3 colours sorted", "still split: red in 2 groups"),
        ("Won", "black, white and gray", "3 of 3 colours sorted", "one group of each colour by turn 1"),
    )
    assert list(table.winners) == view["winners"] == [1]
    assert [row[0] == "Won" for row in table.rows] == [score == 1.0 for score in view["scores"]]
    assert table.note == ""


def test_a_setup_that_sorts_one_player_ends_the_game_in_the_table() -> None:
    state = dealt(ONE_SORTED)
    play(state, "choose bwg", "remove a1", "remove i8")
    table = FACE.score_table(state.view(None))
    assert table is not None and table.winners == (0,)
    assert table.rows[0] == ("Won", "red, blue and yellow", "3 of 3 colours sorted",
                             "one group of each colour as setup ended")
    assert table.rows[1][0] == "Lost" and table.rows[1][3].startswith("still split: black in ")


@pytest.mark.parametrize(("rule", "results", "note"), [
    ("draw", ("Draw", "Draw"), "Both players are sorted as setup ends"),
    ("first", ("Won", "Lost"), "Both players are sorted as setup ends: this table gives the win to Player 1"),
    ("second", ("Lost", "Won"), "Both players are sorted as setup ends: this table gives the win to Player 2"),
])
def test_when_setup_sorts_both_the_note_explains_the_result(rule: str, results: tuple[str, str], note: str) -> None:
    state = dealt(BLOCKS, both_sorted=rule)
    play(state, "choose rby", "remove a1", "remove i8")
    view = state.view(None)
    table = FACE.score_table(view)
    assert table is not None
    assert tuple(row[0] for row in table.rows) == results
    assert all(row[2] == "3 of 3 colours sorted" for row in table.rows)
    assert table.note == note and list(table.winners) == view["winners"]


# --- what changed, in the picture --------------------------------------------------------------------
def states_in_picture(state: SortingState, attribute: str) -> dict[str, str]:
    seat = state.to_move()
    view = state.view(seat if isinstance(seat, int) else None)
    root = ET.fromstring(svg(view, [str(action) for action in state.legal_actions()]))
    return {element.get(attribute, ""): element.get("data-state", "") for element in root.iter()
            if attribute in element.attrib and "data-state" in element.attrib}


def test_the_data_state_of_a_cell_changes_when_its_nut_moves_and_only_then() -> None:
    state = position(NEARLY, to_move=1)
    cells, plaques = states_in_picture(state, "data-cell"), states_in_picture(state, "data-set")
    assert len(cells) == 61 and (cells["a1"], cells["d4"], cells["e5"]) == ("black", "empty", "black")
    play(state, "a1-d4")
    moved, plaques_now = states_in_picture(state, "data-cell"), states_in_picture(state, "data-set")
    assert {name: (cells[name], moved[name]) for name in cells if cells[name] != moved[name]} == {
        "a1": ("black", "empty"), "d4": ("empty", "black")}
    assert plaques_now["rby"] == plaques["rby"]  # red, blue and yellow did not change
    assert plaques["bwg"] == "player 2, second; black 2/3; white 1/2; gray 2/2"
    assert plaques_now["bwg"] == "player 2, second; black 1/3; white 1/2; gray 2/2"


def test_the_data_state_of_a_cell_shows_the_deal() -> None:
    state = dealt(CYCLIC)
    game = state.game
    fresh = game.new_state()
    before = states_in_picture(fresh, "data-cell")
    assert set(before.values()) == {"not dealt"}
    fresh.apply(game.parse("deal a1 red"))
    after = states_in_picture(fresh, "data-cell")
    assert after["a1"] == "red" and after["a2"] == "not dealt"
    assert states_in_picture(state, "data-cell")["i9"] == "empty"  # the blank


# --- what the log says ---------------------------------------------------------------------------------
def test_the_log_says_each_step_in_words() -> None:
    """The events a table prints: no notation, nuts named by colour and cell, counts with their unit."""
    fresh = make_game().new_state()
    (deal,) = play(fresh, "deal a1 red")
    assert deal.text == "a1 gets a red nut" and deal.detail
    state = dealt(CYCLIC)
    assert [event.text for event in play(state, "choose bwg")] == [
        "Player 2 takes black, white and gray", "Player 1, who placed the nuts, gets the first move",
        "Player 2 removes one nut of their own colours and one of their opponent's"]
    assert [event.text for event in play(state, "remove a2")] == ["Player 2 removes the blue nut from a2"]
    state = dealt(CYCLIC)
    assert [event.text for event in play(state, "choose first", "choose bwg")] == [
        "Player 2 takes the first move", "Player 1 takes black, white and gray",
        "Player 1 removes one nut of their own colours and one of their opponent's"]
    state = dealt(CYCLIC, placer_chooses_order=True)
    assert [event.text for event in play(state, "choose bwg", "choose second")] == [
        "Player 2 takes black, white and gray", "Player 1 lets Player 2 move first",
        "Player 1 removes one nut of their own colours and one of their opponent's"]
    state = position(NEARLY, to_move=1)
    assert [event.text for event in play(state, "x a1")] == ["Player 2 picks up the lone black nut at a1"]


# --- the seats' names --------------------------------------------------------------------------------
NAMES = ["Ana & Co", "Bo"]


def test_the_face_calls_each_seat_by_the_name_the_table_gives_it() -> None:
    """The rules and words name a seat by its placeholder; the face fills in the table's names (escaped in the
    pictures), and "Player N" where none is given. The view itself never holds a name or a placeholder."""
    state = dealt(CYCLIC, placer_chooses_order=True)
    events = play(state, "choose bwg")
    assert [event.told(NAMES) for event in events] == ["Bo takes black, white and gray"]
    view = state.view(1)
    assert FACE.label(state.game.parse("choose second"), state.view(0), NAMES) == "Let Bo move first"
    assert [panel.name for panel in FACE.panels(view, NAMES)] == NAMES
    assert [panel.name for panel in FACE.panels(view)] == ["Player 1", "Player 2"]
    legal = [str(action) for action in state.legal_actions()]
    picture = FACE.svg(state.view(0), legal, NAMES)
    assert picture is not None and not unnamed(picture) and "Player" not in picture
    assert "Setup: Ana &amp; Co (you) to choose" in picture and "Bo took black, white, gray" in picture
    phone = FACE.phone(state.view(0), legal, NAMES)
    assert phone is not None and not unnamed(phone) and "Ana &amp; Co (you)" in phone
    assert "Ana & Co:" in as_text(state.view(None), NAMES) and "Player 1" not in as_text(state.view(None), NAMES)


def test_the_end_names_the_winner_as_the_table_does_while_the_view_keeps_its_own_words() -> None:
    """The view's reason for the end (kept as every record's final view has it) names the winner "Player 2"; the
    log, the score table and the pictures call them by their name."""
    state = position(FIG3, to_move=1)
    events = play(state, "a1-d4")
    view = state.view(None)
    assert view["end"] == sorted_reason(1) == "Player 2 has one group in each of their colours"
    assert events[-1].told(NAMES) == "Game over: Bo wins (Bo has one group in each of their colours)"
    assert events[-1].text == "Game over: Player 2 wins (Player 2 has one group in each of their colours)"
    picture = FACE.svg(view, [], NAMES)
    assert picture is not None and "Bo has one group in each of their colours (after 1 turns)" in picture
    assert "Bo wins: Bo has one group in each of their colours" in as_text(view, NAMES)
    table = FACE.score_table(state.view(None), NAMES)
    assert table is not None and table.note == ""  # the one sorted player won: nothing to explain


def test_no_view_holds_a_placeholder() -> None:
    """Views go to bots and learners: every text in them is plain (core.names.unnamed)."""
    seen = 0
    for seed, options in ((0, {}), (1, {"placer_chooses_order": True}), (2, {"both_sorted": "first"})):
        state = make_game(**options).new_state()
        rng = random.Random(seed)
        while True:
            for seat in (None, 0, 1):
                assert not unnamed(json.dumps(state.view(seat)))
                seen += 1
            if state.is_terminal():
                break
            state.apply(random_action(state, rng))
    assert seen > 300


def as_text(view: Any, names: list[str]) -> str:
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(FACE.text(view, names))
    return console.file.getvalue()
