"""The In the Nuts! guide (guide.py) and the options' words for people.

Every example is replayed from a new game as the rules page replays it, and drawn; the prose is checked for
notation, which the page shows separately.
"""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET

import pytest

from nutbox.core import Example, describe
from nutbox.games.in_the_nuts import InTheNuts, NutsOptions
from nutbox.registry import face, make

FACE = face(InTheNuts.id)
GUIDE = FACE.guide
assert GUIDE is not None
EXAMPLES = [example for section in GUIDE.sections for example in section.examples]
# every action text of more than one word ("place 8", "store W 3"): single words (stop, roll) are plain English
NOTATION = sorted({str(action) for action in InTheNuts.encoding.actions if " " in str(action)}, key=len, reverse=True)



@pytest.mark.parametrize("example", EXAMPLES, ids=[f"example-{n}" for n in range(len(EXAMPLES))])
def test_example_is_reached_and_drawn(example: Example) -> None:
    game = make(InTheNuts.id, example.options)
    state = example.position(game)  # raises if a decision does not fit the seeded deal
    assert not state.is_terminal()
    legal = [str(action) for action in state.legal_actions()]
    assert FACE.draws_svg
    picture = FACE.svg(state.view(example.seat), legal if example.targets else [])
    assert picture is not None
    root = ET.fromstring(picture)
    assert root.tag.endswith("svg")
    if example.targets:
        # the page marks targets only when the example is seen by the seat that decides
        assert state.to_move() == example.seat
        assert any("target" in element.get("class", "").split() for element in root.iter())


def test_examples_count_and_captions() -> None:
    assert 3 <= len(EXAMPLES) <= 6
    assert all(example.caption.strip() for example in EXAMPLES)


def test_sections_in_learning_order() -> None:
    titles = [section.title for section in GUIDE.sections]
    assert titles[0] == "The goal"
    assert titles[-1] == "The end of the game"
    learning = ["The goal", "What is in the box", "Setting up", "A turn: rolling and placing", "Collecting nuts",
                "Scoring", "The end of the game"]
    assert [title for title in titles if title in learning] == learning
    assert GUIDE.summary.strip()
    for section in GUIDE.sections:
        assert section.paragraphs, section.title
        assert all(text.strip() for text in (*section.paragraphs, *section.items)), section.title


def test_prose_has_no_notation() -> None:
    assert "place 8" in NOTATION and "store W 3" in NOTATION  # the check below has something to find
    for text in GUIDE.texts():
        for notation in NOTATION:
            assert not re.search(rf"(?<!\w){re.escape(notation)}(?!\w)", text), (notation, text)
        assert "<" not in text and "**" not in text and "`" not in text, text  # no HTML, no markdown


def test_every_option_and_choice_has_words_for_people() -> None:
    metadata = {field.name: field.metadata for field in dataclasses.fields(NutsOptions)}
    for info in describe(NutsOptions):
        assert "label" in metadata[info.name] and info.label.strip(), info.name
        assert info.help[0].isupper() and info.help.endswith(".") and info.help.count(". ") == 0, info.help
        if info.kind == "choice":
            assert set(info.choice_labels) == {str(choice) for choice in info.choices}, info.name
            assert all(label.strip() for label in info.choice_labels.values())
