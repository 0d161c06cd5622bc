"""Nut in words (words.py and terms.py, through the face) and the places its picture marks as changed
(render_svg.py's data-state), on positions reached by playing: the deals are dictated as chance actions, so the
columns are known.

Cards by number (data/cards.json): 1 RRR, 2 YYY, 3 GGG, 5 RRY, 11 GRR, 13 RYG, 21 and 22 squirrels (. S .),
27 a wild nut (. W .). Columns alternate upright (even) and upside down (odd); bands are thirds of a card.
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET

from nutbox.core import random_action
from nutbox.core.names import unnamed
from nutbox.games.nut_cards import CardsOptions, CardsState, NutCards
from nutbox.games.nut_cards.face import FACE
from nutbox.games.nut_cards.terms import where_words
from nutbox.games.nut_cards.view import PlacedCard

# the first deal of a two-player game: column 1 holds 5 and 13, column 2 holds 21 and 27, column 3 holds 1 and 2
FIRST_DEAL = ("draw 5", "draw 13", "draw 21", "draw 27", "draw 1", "draw 2")
# round 1: each seat takes from column 1; the deck passes to seat 1, who refills column 1 with 11 and 3 and takes
# 3, leaving 11 for seat 0
TO_SEAT_0_HOLDING_11 = ("take 5", "place 0 0", "take 13", "place 0 0", "draw 11", "draw 3", "take 3", "place 0 3",
                        "take 11")
# seat 0 lays 11 right of 5; round 3: seat 0 refills column 1, takes the squirrel and lays it right of 11 (the
# rules' worked example, 10 points); seat 1 takes the wild nut and lays it exactly over its card 13
TO_THE_THIRD_DEAL = ("place 1 1", "draw 22", "draw 4", "take 21", "place 2 1", "take 27", "place 0 0")


def opening() -> CardsState:
    state = NutCards(CardsOptions(players=2)).new_state()
    play(state, *FIRST_DEAL)
    return state


def play(state: CardsState, *moves: str) -> None:
    for text in moves:
        state.apply(state.game.parse(text))


def labels(state: CardsState) -> dict[str, str]:
    """Each legal action's notation -> its label, as the seat to move reads it."""
    view = state.view(state.current)
    return {str(action): FACE.label(action, view) for action in state.legal_actions()}


def prompt(state: CardsState, seat: int | None) -> str:
    return FACE.decision(state.view(seat))


def holds(state: CardsState, viewer: int | None, seat: int) -> dict[str, str]:
    panel = FACE.panels(state.view(viewer))[seat]
    return dict(panel.holds)


def pieces(state: CardsState) -> dict[str, str]:
    """What the table compares in the picture everyone sees: each element with data-state by its first other
    data attribute (as nutbox/web/static/table.js names a place), each named once."""
    root = ET.fromstring(FACE.svg(state.view(None)) or "")
    found = {}
    for element in root.iter():
        if "data-state" in element.attrib:
            name = next(f"{key}={value}" for key, value in element.attrib.items()
                        if key.startswith("data-") and key not in ("data-state", "data-action", "data-actions"))
            assert name not in found, name
            found[name] = element.get("data-state", "")
    return found


# --- prompts and labels ---------------------------------------------------------------------------------
def test_the_first_take_is_from_any_column_and_each_take_names_its_card_and_column() -> None:
    state = opening()
    assert prompt(state, 0) == prompt(state, 1) == prompt(state, None) == "take a card from any column"
    assert labels(state) == {
        "take 5": "Take card 5 (2 red nuts and a gold nut) from column 1",
        "take 13": "Take card 13 (a red nut, a gold nut and a green nut) from column 1",
        "take 21": "Take card 21 (a squirrel) from column 2",
        "take 27": "Take card 27 (a wild nut) from column 2",
        "take 1": "Take card 1 (3 red nuts) from column 3",
        "take 2": "Take card 2 (3 gold nuts) from column 3",
    }


def test_placing_names_the_card_in_the_deciders_layout_and_the_next_take_keeps_to_the_drafted_column() -> None:
    state = opening()
    play(state, "take 5")
    assert prompt(state, 0) == "place card 5 (2 red nuts and a gold nut) in your layout"
    assert prompt(state, 1) == prompt(state, None) == "place card 5 (2 red nuts and a gold nut) in their layout"
    assert labels(state) == {"place 0 0": "Place card 5 upright to start your layout",
                             "place 1 0": "Place card 5 upside down to start your layout"}
    play(state, "place 0 0")
    assert prompt(state, 1) == "take one of the cards left in column 1"
    assert labels(state) == {"take 13": "Take card 13 (a red nut, a gold nut and a green nut) from column 1"}


def test_a_place_reads_as_the_cards_it_covers_or_touches_without_coordinates() -> None:
    state = opening()
    play(state, *TO_SEAT_0_HOLDING_11)
    assert prompt(state, 0) == "place card 11 (a green nut and 2 red nuts) in your layout"
    said = labels(state)
    assert len(set(said.values())) == len(said)
    assert not any(re.search(r"(column|band) -?\d", words) for words in said.values())
    assert said["place 1 1"] == "Place card 11 upside down, right of card 5 (a band lower)"
    assert said["place -1 -2"] == "Place card 11 upside down, left of card 5 (2 bands higher)"
    assert said["place 0 0"] == "Place card 11 upright, on top of card 5"
    assert said["place 0 -1"] == "Place card 11 upright, over the top two thirds of card 5"
    assert said["place 0 2"] == "Place card 11 upright, over the bottom third of card 5"
    assert said["place 0 3"] == "Place card 11 upright, below card 5"
    play(state, "place 1 1", "draw 22", "draw 4", "take 21")
    assert labels(state)["place 2 1"] == "Place card 21 upright, right of card 11"
    play(state, "place 2 1", "take 27")
    # seat 1 has 13 at 0 0 and 3 at 0 3: covering comes first
    assert labels(state)["place 0 0"] == "Place card 27 upright, on top of card 13 and above card 3"


def test_a_place_next_to_a_card_covered_entirely_names_the_card_on_top() -> None:
    state = opening()
    play(state, *TO_SEAT_0_HOLDING_11, *TO_THE_THIRD_DEAL)  # seat 1: 27 lies exactly on 13
    play(state, "draw 6", "draw 7", "take 6")
    assert state.current == 1
    said = labels(state)
    assert said["place 1 0"] == "Place card 6 upside down, right of card 27"
    assert not any("card 13" in words for words in said.values())


def test_the_log_names_cards_by_what_they_carry_and_places_by_the_cards_they_meet() -> None:
    state = NutCards(CardsOptions(players=2)).new_state()
    said = [event.text for move in FIRST_DEAL[:4] for event in state.apply(state.game.parse(move))]
    assert said[-1] == "Card 27 (a wild nut) is dealt to column 2"
    play(state, *FIRST_DEAL[4:])
    said = [event.text for move in (*TO_SEAT_0_HOLDING_11, "place 1 1")
            for event in state.apply(state.game.parse(move)) if not event.detail]
    assert said[:2] == ["Player 1 takes card 5 (2 red nuts and a gold nut) from column 1",
                        "Player 1 places card 5 upright to start the layout"]
    assert said[-2:] == ["Player 1 takes card 11 (a green nut and 2 red nuts) from column 1",
                         "Player 1 places card 11 upside down, right of card 5 (a band lower)"]
    assert "Player 2 places card 3 upright, below card 13" in said
    for text in said:
        assert not re.search(r"\((?:[RYGBWS.]{3})\)|band -?\d|column -?\d+, band", text), text


def test_the_log_calls_each_seat_by_its_name_and_no_view_holds_a_seats_placeholder() -> None:
    """Views go to bots and learners: seats in them are numbers, never texts to fill in. The log is told with the
    names the table gives, "Player N" where it gives none."""
    state = NutCards(CardsOptions(players=3)).new_state()
    rng, names, told = random.Random(3), ["Ann", "Bo", "Cy"], []
    while not state.is_terminal():
        for seat in (None, 0, 1, 2):
            assert not unnamed(json.dumps(state.view(seat), ensure_ascii=False))
        told += [(event.text, event.told(names)) for event in state.apply(random_action(state, rng))]
    assert not unnamed(json.dumps(state.view(None), ensure_ascii=False))
    taken = [(text, named) for text, named in told if " takes card " in text]
    assert {text.split(" takes")[0] for text, _ in taken} == {"Player 1", "Player 2", "Player 3"}
    assert {named.split(" takes")[0] for _, named in taken} == set(names)
    assert all(not unnamed(named) for _, named in told)


def test_a_place_meeting_only_covered_cards_is_told_from_the_first_card() -> None:
    placed: list[PlacedCard] = [{"card": 5, "x": 0, "y": 0}, {"card": 1, "x": 0, "y": 0}]  # 1 covers 5
    assert where_words(2, -1, placed) == "2 columns right of card 5, a band higher"
    assert where_words(0, 4, placed) == "in the column of card 5, 4 bands lower"
    assert where_words(1, 1, placed) == "right of card 1 (a band lower)"


# --- panels -----------------------------------------------------------------------------------------------
def test_panels_score_the_worked_example_and_list_what_each_seat_holds() -> None:
    state = opening()
    play(state, *TO_SEAT_0_HOLDING_11, "place 1 1", "draw 22", "draw 4", "take 21")
    seat_0 = holds(state, 1, 0)
    assert seat_0["In hand"] == "card 21 (a squirrel)"
    assert seat_0["Deck"] == "holds it this round: 20 cards left"
    assert "In hand" not in holds(state, 1, 1) and "Deck" not in holds(state, 1, 1)
    play(state, "place 2 1", "take 27", "place 0 0")
    for viewer in (None, 0, 1):  # everything is public: every view shows the same panels
        panels = FACE.panels(state.view(viewer))
        assert [(panel.seat, panel.name, panel.colour, panel.cards) for panel in panels] == [
            (0, "Player 1", "", ()), (1, "Player 2", "", ())]
        assert [panel.score for panel in panels] == ["10", "3"] == [str(p) for p in state.view(viewer)["points"]]
    assert holds(state, None, 0) == {
        "Layout": "3 cards",
        "Red cluster": "4 nuts ×2 (1 squirrel) = 8 points",
        "Gold cluster": "1 nut = 1 point",
        "Green cluster": "1 nut = 1 point",
        "Brown cluster": "none",
        "Largest cluster": "4 nuts",
        "Squirrels showing": "1",
        "Wild nuts showing": "0",
    }
    seat_1 = holds(state, None, 1)  # 13 is covered by the wild nut; 3 shows three green nuts
    assert seat_1["Layout"] == "3 cards" and seat_1["Green cluster"] == "3 nuts = 3 points"
    assert seat_1["Red cluster"] == seat_1["Gold cluster"] == "none"
    assert seat_1["Wild nuts showing"] == "1" and seat_1["Deck"] == "holds it this round: 20 cards left"


# --- the end ----------------------------------------------------------------------------------------------
def leading_number(cell: str) -> int:
    found = re.match(r"\d+", cell)
    assert found, cell
    return int(found.group())


def test_the_score_table_breaks_the_final_scores_down_by_colour() -> None:
    for players, seed in ((2, 1), (3, 2), (2, 3)):
        state = NutCards(CardsOptions(players=players)).new_state()
        assert FACE.score_table(state.view(None)) is None
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(random_action(state, rng))
            if not state.is_terminal():
                assert FACE.score_table(state.view(None)) is None
        view = state.view(None)
        table = FACE.score_table(view)
        assert table is not None
        assert table.columns == ("Red", "Gold", "Green", "Brown", "Total", "Largest cluster")
        assert [row[4] for row in table.rows] == [f"{score:g}" for score in view["scores"]]
        for row, clusters in zip(table.rows, view["clusters"], strict=True):
            assert sum(leading_number(cell) for cell in row[:4]) == leading_number(row[4])
            squirrelled = {c["colour"] for c in clusters if c["squirrels"]}
            assert [("×" in cell) for cell in row[:4]] == [c in squirrelled for c in "RYGB"]
        assert table.winners == tuple(view["winners"])


def last_card(card: int) -> CardsState:
    """The last card of a two-player game: seat 0 has RRR (3 points, 3 in one cluster); seat 1 places `card`
    into an empty layout (as test_rules builds a game's end)."""
    state = NutCards(CardsOptions(players=2)).new_state()
    state.layouts = (((1, 0, 0),), ())
    state.pool, state.columns = (), ((), (), ())
    state.phase, state.holding, state.current, state.taken, state.column = "place", card, 1, 1, 0
    return state


def test_the_note_explains_a_tie_on_points_broken_by_the_largest_cluster() -> None:
    state = last_card(5)  # RRY: 2 red + 1 gold = 3 points, its largest cluster only 2
    play(state, "place 0 0")
    table = FACE.score_table(state.view(None))
    assert table is not None and table.winners == (0,)
    assert [row[4:] for row in table.rows] == [("3", "3 nuts"), ("3", "2 nuts")]
    assert table.note == ("Player 1 and Player 2 tie on 3 points; the largest cluster decides: Player 1 wins with "
                          "3 nuts in one cluster.")


def test_the_note_says_when_players_tied_on_both_share_the_win() -> None:
    state = last_card(2)  # YYY: 3 points in one cluster, like seat 0's RRR
    play(state, "place 1 0")
    table = FACE.score_table(state.view(None))
    assert table is not None and table.winners == (0, 1)
    assert table.note == ("Player 1 and Player 2 tie on 3 points and on the largest cluster (3 nuts): they share "
                          "the win.")


def test_no_note_when_the_points_decide() -> None:
    state = last_card(21)  # a squirrel alone scores nothing
    play(state, "place 0 0")
    table = FACE.score_table(state.view(None))
    assert table is not None and table.winners == (0,) and table.note == ""


# --- what the picture marks as changed --------------------------------------------------------------------
def test_a_cards_state_changes_when_it_is_taken_or_placed_and_stays_otherwise() -> None:
    state = opening()
    dealt = pieces(state)
    assert dealt == {"data-piece=card 5": "column 1", "data-piece=card 13": "column 1",
                     "data-piece=card 21": "column 2", "data-piece=card 27": "column 2",
                     "data-piece=card 1": "column 3", "data-piece=card 2": "column 3"}
    play(state, "take 5")
    assert pieces(state) == {**dealt, "data-piece=card 5": "hand"}  # 13 moves up its column, still on offer
    play(state, "place 0 0")
    assert pieces(state) == {**dealt, "data-piece=card 5": "layout 0 at 0,0"}
    play(state, "take 13", "place 0 0", "draw 11", "draw 3", "take 3", "place 0 3", "take 11", "place 1 1",
         "draw 22", "draw 4", "take 21", "place 2 1", "take 27")
    before = pieces(state)
    assert before["data-piece=card 27"] == "hand" and before["data-piece=card 13"] == "layout 1 at 0,0"
    play(state, "place 0 0")  # the wild nut exactly over 13, which stays where it lies, drawn under it
    assert pieces(state) == {**before, "data-piece=card 27": "layout 1 at 0,0"}
