"""Nut's rules for players (guide.py) and its option labels: every example position is replayed from its seed
and drawn, the captions' facts are checked against the engine, and the prose is kept free of notation."""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET

import pytest
from render_checks import SVG

from nutbox.core import Example, describe
from nutbox.games.nut_cards import CardsOptions, CardsState, NutCards
from nutbox.games.nut_cards.guide import GUIDE
from nutbox.registry import face, make

EXAMPLES = [(section.title, example) for section in GUIDE.sections for example in section.examples]
PROSE = [GUIDE.summary] + [
    text
    for section in GUIDE.sections
    for text in (*section.paragraphs, *section.items, *(example.caption for example in section.examples))
]


def position(example: Example) -> CardsState:
    state = example.position(make("nut-cards", example.options))
    assert isinstance(state, CardsState)
    return state


def test_the_game_names_its_guide() -> None:
    assert face("nut-cards").guide is GUIDE


@pytest.mark.parametrize(("title", "example"), EXAMPLES, ids=[title for title, _ in EXAMPLES])
def test_each_example_is_reached_and_drawn(title: str, example: Example) -> None:
    state = position(example)
    # the page marks targets only in the picture of the seat to move
    assert not example.targets or state.to_move() == example.seat
    legal = [str(action) for action in state.legal_actions()] if example.targets else []
    drawn = face("nut-cards").svg(state.view(example.seat), legal)  # what the rules page draws with
    assert drawn is not None
    picture = ET.fromstring(drawn)
    assert picture.tag == f"{SVG}svg"
    marked = [element for element in picture.iter() if "data-action" in element.attrib]
    assert bool(marked) == example.targets  # a picture with targets shows them; one without shows none


def test_the_captions_say_what_the_positions_show() -> None:
    setup, drafting, placing, scoring, end = (position(example) for _, example in EXAMPLES)
    assert len(setup.legal_actions()) == 6 and len(setup.pool) == 24
    assert [str(action) for action in drafting.legal_actions()] == ["take 15", "take 14"]
    assert placing.holding == 1 and "place 1 -2" in [str(action) for action in placing.legal_actions()]
    assert scoring.score(0) == (16, 6)
    red = next(c for c in scoring.view(None)["clusters"][0] if c["colour"] == "R")
    assert (red["nuts"], red["squirrels"], red["points"]) == (6, 1, 12)
    assert end.is_terminal() and end.scores() == [114.0, 59.0] and end.winners() == [0]


def test_three_to_six_examples_with_captions() -> None:
    assert 3 <= len(EXAMPLES) <= 6
    assert all(example.caption.strip() for _, example in EXAMPLES)


def test_sections_come_in_learning_order() -> None:
    titles = [section.title for section in GUIDE.sections]
    assert titles == ["The goal", "What is in the box", "Setting up", "A round: drafting", "Placing a card",
                      "Scoring", "The end of the game"]
    assert all(section.paragraphs and all(p.strip() for p in section.paragraphs) for section in GUIDE.sections)


def test_the_prose_holds_no_notation_or_code_ids() -> None:
    actions = NutCards(CardsOptions()).space.encoding.actions
    verbs = sorted({str(action).split()[0] for action in actions})
    notation = re.compile(rf"\b({'|'.join(verbs)})\s+-?\d", re.IGNORECASE)  # "take 17", "place 2 -1"
    assert all(notation.match(str(action)) for action in actions)  # the check would catch any action text
    # the choices that read as code ("double-once"); "largest" and "best" are plain words the prose needs
    ids = {str(choice) for info in describe(CardsOptions) for choice in info.choices if "-" in str(choice)}
    assert ids
    for text in PROSE:
        assert not notation.search(text), text
        assert not any(code in text for code in ids), text
        assert not re.search(r"[<>*`#_]", text), text  # plain text: no markup


def test_every_option_and_choice_has_a_label_for_people() -> None:
    metadata = {field.name: field.metadata for field in dataclasses.fields(CardsOptions)}
    for info in describe(CardsOptions):
        assert metadata[info.name].get("label") == info.label and info.label, info.name
        assert info.help[0].isupper() and info.help.endswith("."), info.name  # a sentence
        assert set(info.choice_labels) == {str(choice) for choice in info.choices}, info.name
        assert all(label.strip() for label in info.choice_labels.values()), info.name
        assert info.presets == {}, info.name  # Nut has no free-text option to offer values for


def test_the_squirrel_default_is_marked_as_our_decision_and_the_cluster_default_as_the_rulebook() -> None:
    metadata = {field.name: field.metadata for field in dataclasses.fields(CardsOptions)}
    assert CardsOptions().squirrels == "double-each" and metadata["squirrels"]["rulebook"] is False
    assert CardsOptions().cluster == "largest" and metadata["cluster"]["rulebook"] is True
