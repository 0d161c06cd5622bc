"""The Nuts Sorting guide (guide.py) and the option labels: every example position is replayed and drawn,
the text is plain and free of notation, the sections come in learning order, every option has its labels.
"""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET

import pytest
from guide_checks import check_option_words

from nutbox import registry
from nutbox.core import Example, describe
from nutbox.games.nuts_sorting import NutsSorting, SortingOptions, SortingState
from nutbox.games.nuts_sorting.actions import Move, Pickup
from nutbox.games.nuts_sorting.board import CELL_OF_NAME
from nutbox.games.nuts_sorting.components import SETS
from nutbox.games.nuts_sorting.face import FACE
from nutbox.games.nuts_sorting.guide import GUIDE

EXAMPLES = [example for section in GUIDE.sections for example in section.examples]
# the shapes of move and pickup notation, for texts no example position happens to offer
NOTATION = re.compile(r"\b[a-i][1-9]-[a-i][1-9]\b|\bx [a-i][1-9]\b")


def position(example: Example) -> SortingState:
    state = example.position(registry.make(NutsSorting.id, example.options))
    assert isinstance(state, SortingState)
    return state



def test_the_game_names_its_guide() -> None:
    assert registry.face(NutsSorting.id) is FACE and FACE.guide is GUIDE
    assert 3 <= len(EXAMPLES) <= 6


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"example-{n}" for n in range(1, len(EXAMPLES) + 1)])
def test_each_example_is_reached_by_play_and_drawn(example: Example) -> None:
    state = position(example)
    legal = [str(action) for action in state.legal_actions()] if example.targets else []
    if example.targets:  # the page marks targets only for the seat that decides, and there must be some
        assert state.to_move() == example.seat and legal
    picture_text = FACE.svg(state.view(example.seat), legal)
    assert picture_text is not None
    picture = ET.fromstring(picture_text)
    assert picture.tag.endswith("svg")
    for text in legal:
        assert picture.find(f".//*[@data-action='{text}']") is not None, text


def test_the_pictures_show_what_their_captions_say() -> None:
    deal, removing, moving, picking_up, end = (position(example) for example in EXAMPLES)
    assert deal.phase == "choose" and deal.current == 1
    assert removing.phase == "remove" and len(removing.removed) == 1
    e2, e6 = CELL_OF_NAME["e2"], CELL_OF_NAME["e6"]
    assert Move(e2, e6) in moving.legal_actions() and moving.group_size_after_move(1, e2, e6) == 6
    blue = picking_up.board[1]
    assert len(picking_up.groups_of(1)) == 1 and blue.bit_count() == 9
    pickups = [action for action in picking_up.legal_actions() if isinstance(action, Pickup)]
    assert pickups and all(picking_up.colour_at(action.cell) != 1 for action in pickups)
    assert end.is_terminal() and end.winners() == [0] and end.turn == 23


def test_the_text_is_plain_and_never_empty() -> None:
    assert GUIDE.summary.strip()
    for section in GUIDE.sections:
        assert section.title.strip() and (section.paragraphs or section.items)
    for text in GUIDE.texts():
        assert text.strip() == text and text, repr(text)
        assert not re.search(r"[<>*`#_]", text), f"markup or a code id in: {text}"


def test_the_sections_come_in_learning_order() -> None:
    titles = [section.title.lower() for section in GUIDE.sections]
    steps = ["goal", "box", "setting up", "a turn", "end of the game"]
    places = [next(i for i, title in enumerate(titles) if step in title) for step in steps]
    assert places == sorted(places)
    assert places[0] == 0 and places[-1] == len(titles) - 1


def test_no_text_holds_notation() -> None:
    tokens = set(SETS)
    for example in EXAMPLES:
        tokens.update(example.decisions)
        tokens.update(str(action) for action in position(example).legal_actions())
    for text in GUIDE.texts():
        assert not NOTATION.search(text), text
        for token in tokens:
            assert not re.search(rf"(?<![\w-]){re.escape(token)}(?![\w-])", text), (token, text)


def test_every_option_has_a_label_and_one_plain_sentence() -> None:
    code_ids = [info.name for info in describe(SortingOptions) if "_" in info.name]
    check_option_words(SortingOptions, code_ids)
    assert not any(info.presets for info in describe(SortingOptions))  # no option here is free text


def test_only_our_own_decisions_are_marked_as_not_the_rulebook() -> None:
    ours = {field.name for field in dataclasses.fields(SortingOptions) if field.metadata.get("rulebook") is False}
    assert ours == {"both_sorted"}


def test_the_setup_choice_is_told_as_the_rulebook_gives_it() -> None:
    """Rulebook, Setup 2: "The player who did not place the pieces chooses either the set of his/her color or
    takes the first move (if he/she takes the first move, the player who placed the pieces chooses the set of
    his/her color)." Player 2 chooses one of two things and player 1 gets the other; player 1 choosing who
    moves first is told only as the option it is."""
    (setting_up,) = [section for section in GUIDE.sections if section.title == "Setting up"]
    chooser, placer = setting_up.items[:2]
    assert chooser == "Player 2 chooses either one of the two colour sets or the first move."
    assert "If player 2 took a colour set, player 1 has the other set and the first move." in placer
    assert "If player 2 took the first move, player 1 chooses a colour set" in placer
    assert "A table option, off unless chosen, lets player 1 answer a colour set by deciding who moves first" in placer
