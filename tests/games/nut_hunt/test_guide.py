"""The Nut Hunt guide (guide.py) and the option labels: every example position is replayed and drawn, the
pictures show what their captions say, the text is plain and free of notation, the sections come in
learning order, and every option and choice has a name for people.
"""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET

import pytest
from guide_checks import check_option_words

from nutbox import registry
from nutbox.core import Example, describe
from nutbox.games.nut_hunt import HuntOptions, HuntState, NutHunt
from nutbox.games.nut_hunt.components import COMPONENTS
from nutbox.games.nut_hunt.face import FACE
from nutbox.games.nut_hunt.guide import GUIDE

EXAMPLES = [example for section in GUIDE.sections for example in section.examples]
CODES = [tile.code for tile in COMPONENTS.tiles]
VERBS = "recruit|hassle|scatter|place|forage|discard|keep|draw|roll|tile|trade"
# the shape of notation: an action word (any case) followed by a tile code or nut letters (capitals) or a number
NOTATION = re.compile(rf"\b(?i:{VERBS})s? +(?:[A-Z]{{1,4}}|\d+)\b")
CODE_WORD = re.compile(rf"\b(?:{'|'.join(CODES)})\b")  # a tile's two-letter code, as a word, in capitals


def position(example: Example) -> HuntState:
    state = example.position(registry.make(NutHunt.id, example.options))
    assert isinstance(state, HuntState)
    return state


def legal_texts(state: HuntState) -> list[str]:
    return [str(action) for action in state.legal_actions()]



def tile_targets(state: HuntState, verb: str) -> set[str]:
    """The tile codes the legal actions starting with `verb` act on."""
    return {text.split()[1] for text in legal_texts(state) if text.startswith(verb + " ")}


def test_the_game_names_its_guide() -> None:
    assert FACE.guide is GUIDE and registry.face(NutHunt.id) is FACE
    assert 3 <= len(EXAMPLES) <= 6


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"example-{n}" for n in range(1, len(EXAMPLES) + 1)])
def test_each_example_is_reached_by_play_and_drawn(example: Example) -> None:
    state = position(example)
    legal = legal_texts(state) if example.targets else []
    if example.targets:
        assert state.to_move() == example.seat, "a picture with its targets marked shows its seat's decision"
    drawn = FACE.svg(state.view(example.seat), legal)
    assert drawn is not None
    picture = ET.fromstring(drawn)
    assert picture.tag.endswith("svg")
    marked = {text for element in picture.iter() for text in element.get("data-actions", "").split("|") if text}
    on_tiles = {text for text in legal if text.split()[0] in ("place", "scatter", "recruit", "hassle")}
    assert on_tiles <= marked, sorted(on_tiles - marked)
    assert bool(on_tiles) == example.targets


def test_the_pictures_show_what_their_captions_say() -> None:
    setup, bounce, action, nest, solo = (position(example) for example in EXAMPLES)
    code = COMPONENTS.tile_of_code

    assert setup.phase == "place" and setup.current == 0 and setup.fox == COMPONENTS.frog_pond
    assert len(tile_targets(setup, "place")) == 10

    assert bounce.current == 1 and (bounce.fox_from, bounce.fox) == (code["FG"], code["MU"])
    assert tile_targets(bounce, "scatter") == {"CC", "CH", "TT"}
    assert bounce.nests[0 * 19 + code["CF"]] == 1

    assert action.phase == "action" and action.fox == code["RP"]
    assert action.nuts[0:4] == [2, 0, 3, 1]  # acorns, hazelnuts, walnuts, pine nuts
    assert len(tile_targets(action, "recruit")) == 7 and tile_targets(action, "hassle") == {"CF"}
    assert "MG" not in tile_targets(action, "recruit")

    assert nest.current == 1 and nest.scatterer == 0 and nest.nests[1 * 19 + code["TT"]] == 1
    assert tile_targets(nest, "scatter") == {"MU", "CH", "MB"}

    automa = {tile.code for tile in COMPONENTS.tiles if solo.squirrels[1 * 19 + tile.id]}
    assert solo.solo and solo.turn == 3 and solo.fox == code["MU"]
    assert automa == {"AR", "FG", "PB", "CF", "WW", "RP"} and solo.squirrels[0 * 19 + code["RP"]] == 1


def test_the_text_is_plain_and_never_empty() -> None:
    assert GUIDE.summary.strip()
    for section in GUIDE.sections:
        assert section.title.strip() and (section.paragraphs or section.items)
    for text in GUIDE.texts():
        assert text and text.strip() == text, repr(text)
        assert not re.search(r"[<>*`#_\[\]{}|]", text), f"markup or code in: {text}"


def test_the_sections_come_in_learning_order() -> None:
    titles = [section.title.lower() for section in GUIDE.sections]
    steps = ["goal", "in the box", "setting up", "a turn", "nests", "scoring", "automa", "end of the game"]
    places = [next(i for i, title in enumerate(titles) if step in title) for step in steps]
    assert places == sorted(places)
    assert places[0] == 0 and places[-1] == len(titles) - 1


def test_no_text_holds_notation() -> None:
    # Texts of two words or more ("recruit CF"); one-word texts ("pass", "scout") are plain English too.
    seen: set[str] = set()
    for example in EXAMPLES:
        seen.update(example.decisions)
        seen.update(legal_texts(position(example)))
    texts = {text for text in seen if " " in text}
    assert texts
    for text in GUIDE.texts():
        assert not NOTATION.search(text), text
        assert not CODE_WORD.search(text), text
        for token in texts:
            assert token.lower() not in text.lower(), (token, text)


def test_the_notation_check_would_catch_notation() -> None:
    assert NOTATION.search("then recruit WW") and NOTATION.search("Discard 17 first")
    assert CODE_WORD.search("the fox on FP") and not CODE_WORD.search("Frog Pond")


def test_every_option_has_a_label_and_one_plain_sentence() -> None:
    infos = describe(HuntOptions)
    names = [info.name for info in infos] + [str(choice) for info in infos for choice in info.choices]
    code_ids = [name for name in names if "_" in name or "-" in name]  # "solo_deal", "keep-2-of-3"
    assert code_ids
    check_option_words(HuntOptions, code_ids)
    assert not any(info.presets for info in infos)  # no option here is free text


def test_only_our_own_decisions_are_marked_as_not_the_rulebook() -> None:
    ours = {field.name for field in dataclasses.fields(HuntOptions) if field.metadata.get("rulebook") is False}
    # solo_deal: Nut Hunt 20; automa_pine: Nut Hunt 21 (the rulebook is silent, docs/rules-decisions.md)
    assert ours == {"solo_deal", "automa_pine"}
