"""Nuts! in words (words.py, through the face) on positions built explicitly: the prompt of each phase from each
viewer, the labels of building, shipping and bonus cards, the panels after known moves with the bonus cards only
in their holder's own view, the final table, and the pictures' data-state that marks what changed."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

from nutbox.core import Card, random_action
from nutbox.games.nuts_factory import FactoryState
from nutbox.games.nuts_factory.components import COMPONENTS
from nutbox.games.nuts_factory.face import FACE
from nutbox.registry import make

from .positions import play, position
from .test_render import render_svg

ACTIONS = "build, clear, slide, spin, move a machine or feed the squirrel"
PLACES = ("data-row", "data-tile", "data-spot", "data-machine", "data-holder", "data-squirrel", "data-truck")


def prompts(state: FactoryState) -> list[str]:
    """The decision as the seat to move, the other seats and the spectator read it, in that order."""
    seat = state.to_move()
    assert isinstance(seat, int)
    others = [other for other in range(state.n) if other != seat]
    return [FACE.decision(state.view(viewer)) for viewer in [seat, *others, None]]


def labels(state: FactoryState) -> dict[str, str]:
    """Each legal action's notation -> its label, from the deciding seat's view."""
    seat = state.to_move()
    assert isinstance(seat, int)
    view = state.view(seat)
    return {str(action): FACE.label(action, view) for action in state.legal_actions()}


def option_texts(card: int) -> tuple[str, str]:
    first, second = COMPONENTS.bonus_cards[card - 1].options
    return first.text, second.text


# --- prompts ---------------------------------------------------------------------------------------------
def test_the_configuration_prompt_names_the_actions_and_whose_they_are() -> None:
    state = position(3)
    your, their = f"take one of your 2 actions: {ACTIONS}", f"take one of their 2 actions: {ACTIONS}"
    assert prompts(state) == [your, their, their, their]
    play(state, "spin c1")
    assert prompts(state)[:2] == [f"take your last action: {ACTIONS}", f"take their last action: {ACTIONS}"]
    holding = position(hands=[(5,)])
    assert prompts(holding)[0] == f"take one of your 2 actions: {ACTIONS}; or play a bonus card"
    play(holding, "spin c1", "spin c1")  # no Action left, but a card to play
    assert prompts(holding) == ["play a bonus card or end the configuration"] * 3


def test_the_prompts_of_the_squirrel_shipping_and_cleanup() -> None:
    hunt = position(tops=("C", "C", "A", "Pi", "C", "A", "A", "A"), squirrel=3, actions_left=1)
    play(hunt, "done", "roll hunt")
    assert prompts(hunt) == ["choose which way the squirrel hunts: two Connecting Paths are equally close"] * 3
    shipping = position(phase="shipping", warehouses=[{"Pe": 5, "A": 1}])
    assert prompts(shipping) == ["ship one truck or pass"] * 3
    cleanup = position(phase="shipping", warehouses=[{"A": 3, "C": 3, "Pe": 2}], hands=[(13, 17, 21, 25, 9)])
    play(cleanup, "done")
    assert prompts(cleanup) == [
        "discard 2 Boxed Nuts from your Warehouse (down to 6) and play or discard 2 bonus cards (down to 3)",
        "discard 2 Boxed Nuts from their Warehouse (down to 6) and play or discard 2 bonus cards (down to 3)",
        "discard 2 Boxed Nuts from their Warehouse (down to 6) and play or discard 2 bonus cards (down to 3)",
    ]


def test_between_two_draws_the_prompt_says_why_a_card_may_be_played_now() -> None:
    """The deck's last card drawn with one more owed: the owner may play a card before the discards become
    the new deck (decision 5), or draw on."""
    state = position(tops=("C", "C", "A", "A", "C", "C", "A", "A"), salters=(2, 6), roasters=(2, 6),
                     deck=(5,), discards=(1,), actions_left=1)
    play(state, "feed", "bonus 5")
    assert prompts(state) == ["play a bonus card before the discards are shuffled into a new deck, or draw the "
                              "next card"] * 3  # the owner, the other seat, the spectator
    assert labels(state) == {"play 5 second": f"Play bonus card 5: {option_texts(5)[1]}",
                             "done": "Draw the next bonus card"}


def test_a_bonus_effect_waiting_for_its_target_says_what_to_choose() -> None:
    state = position(hands=[(13,)])
    play(state, "play 13 first")
    assert prompts(state)[0] == "choose where the Squirrel goes, up to 2 columns along his row"
    assert labels(state) == {f"squirrel c{c}": f"Move the Squirrel to column {c}" for c in (2, 3, 5, 6)}


# --- labels ----------------------------------------------------------------------------------------------
def test_build_clear_slide_and_spin_labels() -> None:
    state = position(tiles={"r7c2": "cross"})
    said = labels(state)
    assert said["build cross r4c5"] == "Build a Cross tile at row 4, columns 5 and 6"
    assert said["clear r7c2"] == "Clear the Cross tile at row 7, columns 2 and 3"
    assert said["move r7c2 r7c1"] == "Slide the Cross tile at row 7, columns 2 and 3 one column to the left"
    top = COMPONENTS.nut_names[COMPONENTS.nut_codes.index(state.view(0)["holders"][6]["boxes"][3])]
    assert said["spin c7"] == f"Spin the Box Holder in column 7: {top} on top"
    assert said["machine r3c2 c1"] == "Slide the Salter in row 3 from column 2 to column 1"
    assert said["done"] == "End the configuration (2 actions unused)"
    play(state, "spin c7")
    assert COMPONENTS.nut_names[COMPONENTS.nut_codes.index(state.view(0)["holders"][6]["top"])] == top
    assert labels(state)["done"] == "End the configuration (1 action unused)"


def test_a_splitter_label_says_what_it_does_with_the_nuts() -> None:
    state = position(hands=[(1,)])  # card 1: a Build may place a Splitter/Joiner
    play(state, "play 1 first")
    assert prompts(state)[0] == ("take one of your 2 actions: build (a Splitter/Joiner too), clear, slide, spin, "
                                 "move a machine or feed the squirrel")
    said = labels(state)
    assert said["build split-right r1c3"] == "Build a Splitter at row 1, columns 3 and 4 (column 3 forks into both; " \
                                             "column 4 is closed)"
    assert said["build join-left r1c3"] == "Build a Joiner at row 1, columns 3 and 4 (both merge into column 3)"


def test_ship_labels_give_the_truck_its_points_and_its_load() -> None:
    state = position(phase="shipping", warehouses=[{"Pe": 5, "A": 1, "Pi": 1}])
    said = labels(state)
    assert said["ship 13"] == "Ship truck 13 for 13 points: 1 almond and 4 peanuts"
    assert said["ship 1"] == "Ship truck 1 for 4 points: 1 almond and 1 peanut"
    assert said["done"] == "Ship nothing this turn"


def test_bonus_card_labels_name_the_card_and_the_chosen_effect() -> None:
    state = position(hands=[(27,)])  # card 27: move a machine, or one more truck
    said = labels(state)
    assert said["play 27 first"] == "Play bonus card 27: Move a Salter or Roaster to any empty space in its row (free)"
    assert said["play 27 second"] == "Play bonus card 27: You may ship one additional Truck this turn"
    cleanup = position(phase="shipping", hands=[(13, 17, 21, 25)])
    play(cleanup, "done")
    first, second = option_texts(25)
    assert labels(cleanup)["discard card 25"] == (f"Discard bonus card 25 (first choice: {first}; "
                                                  f"second choice: {second})")


def test_labels_are_unique_and_never_the_notation_in_a_crowded_configuration() -> None:
    state = position(hands=[(1, 21, 27)], tiles={"r4c5": "cross", "r8c1": "split-right"})
    play(state, "play 1 first")
    said = labels(state)
    assert len(said) > 70
    assert len(set(said.values())) == len(said) and not any(text == label for text, label in said.items())


# --- panels ----------------------------------------------------------------------------------------------
def test_a_panel_shows_points_and_warehouse_after_a_shipment() -> None:
    state = position(phase="shipping", warehouses=[{"Pe": 5, "A": 1, "Pi": 1}, {"C": 2}])
    play(state, "ship 13")
    assert state.current == 1  # the turn passed: nothing to clean up
    first, second = FACE.panels(state.view(None))
    assert (first.name, first.score, first.holds) == (
        "Player 1", "13", (("Warehouse", "1 peanut and 1 pistachio"), ("Bonus cards", "0")))
    assert (second.name, second.score, second.holds) == (
        "Player 2", "0", (("Warehouse", "2 cashews"), ("Bonus cards", "0")))
    assert first.colour and second.colour and first.colour != second.colour


def test_bonus_cards_show_as_cards_only_in_their_holders_own_panel() -> None:
    state = position(3, hands=[(3, 17), (21,)])
    expected = {0: (3, 17), 1: (21,), 2: ()}
    for viewer in (None, 0, 1, 2):
        for panel in FACE.panels(state.view(viewer)):
            assert ("Bonus cards", str(len(expected[panel.seat]))) in panel.holds
            if panel.seat == viewer:
                assert panel.cards == tuple(
                    Card(f"Bonus card {card}", "first choice: {}; second choice: {}".format(*option_texts(card)))
                    for card in expected[panel.seat])
            else:
                assert panel.cards == ()


# --- the end ---------------------------------------------------------------------------------------------
def test_the_score_table_gives_points_and_the_tie_break() -> None:
    """The rulebook's end: Mary (seat 0) reaches 56 first, Thea (seat 2) ties her later; Mary wins."""
    state = position(3, phase="shipping", points=[43, 46, 40], warehouses=[{"Pe": 4, "A": 1}, {}, {"Pe": 3, "C": 3}])
    play(state, "ship 13")
    assert FACE.score_table(state.view(None)) is None
    play(state, "feed", "done", "done", "feed", "done", "ship 17", "feed", "done", "done")
    view = state.view(None)
    table = FACE.score_table(view)
    assert table is not None
    assert [row[0] for row in table.rows] == [f"{score:g}" for score in view["scores"]] == ["56", "46", "56"]
    assert table.columns == ("Points", "Reached on")
    assert table.rows[0][1] == "turn 1" and table.rows[2][1] == "turn 3"
    assert table.winners == tuple(view["winners"]) == (0,)
    assert table.note == "Player 1 and Player 3 tie on 56 points; Player 1 reached it first (turn 1) and wins"


# --- what changed, in the picture -------------------------------------------------------------------------
def states(svg: str) -> dict[tuple[str, str], str]:
    """Every place of a picture that carries data-state, by its data-<name> and value."""
    found = {}
    for element in ET.fromstring(svg).iter():
        places = [(name, value) for name, value in element.attrib.items() if name in PLACES]
        if places:
            state = element.get("data-state")
            assert state is not None, places
            found[places[0]] = state
    return found


def spectator(state: FactoryState) -> dict[tuple[str, str], str]:
    return states(render_svg(state.view(None), []))


def changed(before: dict[tuple[str, str], str], after: dict[tuple[str, str], str]) -> dict[tuple[str, str], str]:
    """The places of `after` that were in `before` with another state: what a table marks."""
    return {place: state for place, state in after.items() if place in before and before[place] != state}


def test_a_rows_state_changes_when_a_tile_is_built_there_and_nothing_else_does() -> None:
    state = position(actions_left=5, tiles={"r7c2": "cross"})  # Actions enough that the factory stays still
    mover = states(render_svg(state.view(0), [str(action) for action in state.legal_actions()]))
    assert mover[("data-spot", "r4c5")] == "free" and mover[("data-tile", "r7c2")] == "cross"
    before = spectator(state)
    assert before[("data-row", "4")] == "empty" and before[("data-row", "7")] == "cross c2-c3"
    assert ("data-tile", "r4c5") not in before
    play(state, "build cross r4c5")
    after = spectator(state)
    assert changed(before, after) == {("data-row", "4"): "cross c5-c6"}
    assert after.pop(("data-tile", "r4c5")) == "cross" and after.keys() == before.keys()
    play(state, "spin c7")
    spun = spectator(state)
    boxes = state.view(None)["holders"][6]["boxes"]
    assert changed(after, spun) == {("data-holder", "7"): "holder 7: " + " ".join(boxes)}
    play(state, "machine r3c2 c1", "feed")
    assert changed(spun, spectator(state)) == {
        ("data-row", "3"): "salter c1; salter c6", ("data-row", "6"): "squirrel c4 napping",
        ("data-squirrel", "4"): "napping",
    }


# --- the log ---------------------------------------------------------------------------------------------
def test_the_log_names_places_tiles_and_machines_in_words() -> None:
    state = position(actions_left=5, tiles={"r7c2": "cross"})
    said = [event.text for event in play(state, "build cross r4c5", "move r7c2 r7c1", "machine r3c2 c1",
                                         "clear r4c5")]
    assert said == [
        "Player 1 builds a Cross tile in row 4, columns 5 and 6",
        "Player 1 moves the Cross tile in row 7 from columns 2 and 3 to columns 1 and 2",
        "Player 1 moves the Salter in row 3 from column 2 to column 1",
        "Player 1 clears the Cross tile in row 4, columns 5 and 6",
    ]
    splitter = position(hands=[(1,)])
    said = [event.text for event in play(splitter, "play 1 first", "build split-right r1c7")]
    assert said[-1] == ("Player 1 builds a Splitter in row 1, columns 7 and 8 (column 7 forks into both; "
                        "column 8 is closed)")


def test_a_whole_games_log_has_no_codes_of_the_notation() -> None:
    """No place written r4c5, no nut by its code, no die face or tile kind as the component data spell them."""
    rng = random.Random(4)
    state = make("nuts-factory", {"players": 3}).new_state()
    said: list[str] = []
    while not state.is_terminal():
        said += [event.text for event in state.apply(random_action(state, rng))]
    codes = re.compile(r"\br\d+c\d+\b|\b(?:A|C|Pe|Pi)\b|\bd8\b|hunt-and-roll|split-|join-|\b(?:stop|scamper)\b")
    assert len(said) > 200
    assert [text for text in said if codes.search(text)] == []
    tops = next(text for text in said if text.startswith("The Box Holders are turned"))
    assert re.fullmatch(r"The Box Holders are turned so that no Connecting Path exists; on top from column 1 to 8: "
                        r"(?:(?:almond|cashew|peanut|pistachio)(?:, |$)){8}", tops)
    assert any(re.fullmatch(r"The squirrel die shows (?:Stop|Scamper|Hunt|Hunt and Roll)", text) for text in said)
    assert any(re.fullmatch(r"Player \d ships truck \d+ for \d+ points \(now \d+ points\)", text) for text in said)
