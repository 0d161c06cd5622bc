"""Tests of the Nuts! rules page (guide.py) and the options' labels: every picture is a real position of the
real rules, drawn by the game's renderer; the prose is plain words, in the order a player learns them."""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET

import pytest

from nutbox.core import Example, State, describe, parse_options
from nutbox.games.nuts_factory import FactoryOptions, NutsFactory
from nutbox.games.nuts_factory.components import DIE_FACES, EFFECTS, TILE_KINDS
from nutbox.games.nuts_factory.guide import GUIDE
from nutbox.registry import face, make

EXAMPLES = [example for section in GUIDE.sections for example in section.examples]
PROSE = [GUIDE.summary] + [text for section in GUIDE.sections
                           for text in (*section.paragraphs, *section.items, *(e.caption for e in section.examples))]
# The engine's own spellings: die faces, tile kinds and bonus effects written with hyphens (hunt-and-roll)
CODES = [code for code in (*DIE_FACES, *TILE_KINDS, *EFFECTS) if "-" in code]
# What notation looks like: a place (r4c5), a column (c7), a nut code, a Build's text, or one of those codes
NOTATION = re.compile(r"\br\d+c\d+\b|\bc\d\b|\bP[ei]\b|\bbuild (?:cross|split|join)|"
                      + "|".join(rf"\b{re.escape(code)}\b" for code in CODES))


def position_of(example: Example) -> State:
    return example.position(make(NutsFactory.id, example.options))


def test_the_game_names_its_guide() -> None:
    assert face(NutsFactory.id).guide is GUIDE


@pytest.mark.parametrize("example", EXAMPLES, ids=range(len(EXAMPLES)))
def test_every_example_is_reached_by_play_and_drawn(example: Example) -> None:
    state = position_of(example)
    legal = [str(action) for action in state.legal_actions()] if example.targets else []
    svg = face(NutsFactory.id).svg(state.view(example.seat), legal)
    assert svg is not None
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    if example.targets:  # the page marks targets only for the seat to move
        assert state.to_move() == example.seat and 'class="target"' in svg


def test_the_examples_show_what_their_captions_say() -> None:
    """The story the captions tell: a first path, a tied Hunt, the squirrel's meal, three paths with an Extra
    Delicious one, and a truck to load."""
    first, tied, eaten, three, ship = (position_of(example).view(None) for example in EXAMPLES[1:])
    assert [(p["from"], p["to"], p["roasted"], p["salted"]) for p in first["paths"]] == [(4, 3, True, False)]
    assert tied["phase"] == "hunt" and sorted(p["squirrel_column"] for p in tied["paths"]) == [3, 5]
    assert eaten["paths"] == [] and eaten["squirrel"] == 5 and eaten["warehouses"][0]["Pi"] == 1
    assert three["phase"] == "hunt" and len(three["paths"]) == 3
    assert any(p["salted"] and p["roasted"] for p in three["paths"])
    assert ship["phase"] == "shipping" and ship["hand_sizes"][1] == 1
    assert "ship 2" in [str(action) for action in position_of(EXAMPLES[-1]).legal_actions()]


def test_there_are_three_to_six_examples_each_with_a_caption() -> None:
    assert 3 <= len(EXAMPLES) <= 6
    assert all(example.caption.strip() for example in EXAMPLES)


def test_sections_come_in_the_order_a_player_learns_them() -> None:
    titles = [section.title for section in GUIDE.sections]
    assert titles[0] == "The goal" and titles[-1] == "The end of the game"
    learning = ["The goal", "What is in the box", "Setting up", "A turn: Configuration", "A turn: the Squirrel moves",
                "A turn: Production", "A turn: Cleanup", "The end of the game"]
    assert [title for title in titles if title in learning] == learning
    assert len(set(titles)) == len(titles)


def test_every_section_has_text_and_nothing_is_empty() -> None:
    assert GUIDE.summary.strip()
    for section in GUIDE.sections:
        assert section.paragraphs, section.title
        assert all(text.strip() for text in (*section.paragraphs, *section.items)), section.title


@pytest.mark.parametrize("text", PROSE, ids=range(len(PROSE)))
def test_the_prose_is_plain_words(text: str) -> None:
    assert not NOTATION.search(text), f"notation in {text!r}"
    assert not re.search(r"[<>*`_#]", text), f"markup in {text!r}"


def test_the_notation_check_would_catch_notation() -> None:
    for text in ("build cross r4c5", "spin c7", "3 Pe", "the die shows hunt-and-roll", "a split-right tile"):
        assert NOTATION.search(text), text


def test_every_option_and_choice_has_a_name_for_people() -> None:
    fields = {f.name: f for f in dataclasses.fields(FactoryOptions)}
    for info in describe(FactoryOptions):
        assert "label" in fields[info.name].metadata and info.label.strip(), info.name
        assert info.help.endswith(".") and info.help[0].isupper() and info.help.count(". ") == 0, info.name
        assert "_" not in info.help, info.name  # no option names in it
        assert set(info.choice_labels) == {str(choice) for choice in info.choices}, info.name
        assert all(label.strip() for label in info.choice_labels.values()), info.name


def test_the_die_offers_named_presets_starting_with_the_default() -> None:
    (die,) = [info for info in describe(FactoryOptions) if info.name == "die"]
    assert len(die.presets) >= 2 and next(iter(die.presets.values())) == die.default
    for name, faces in die.presets.items():
        assert len(faces.split(",")) == 6, name
        parse_options(FactoryOptions, {"die": faces})  # a preset is a legal value


def test_defaults_not_read_from_the_rulebook_say_so() -> None:
    ours = {info.name for info in describe(FactoryOptions) if not info.rulebook}
    assert ours == {"die", "unused_end"}
