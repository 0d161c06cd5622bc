"""The declarative notation (core/notation.py) on a small made-up game: one declaration per action gives its
text, its reading and the messages for text that is not quite right."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from nutbox.core import Action, Field, Form, Named, Notation, NotationError, Number, Word


class Square(Field[tuple[int, int]]):
    """A board square written a1..c3, standing for (row, column)."""

    hint = "SQUARE"

    def read(self, word: str) -> tuple[int, int]:
        if len(word) != 2 or word[0] not in "abc" or word[1] not in "123":
            raise ValueError(f"{word!r} is not a square (a1 to c3)")
        return "abc".index(word[0]), int(word[1]) - 1

    def write(self, value: tuple[int, int]) -> str:
        return f"{'abc'[value[0]]}{value[1] + 1}"


SQUARE = Square()
COLOUR = Named("colour", {"Red": 0, "Blue": 1})


@dataclass(frozen=True, slots=True)
class Put(Action):
    colour: int
    row: int
    col: int
    forms = (Form("put {colour} {at}", {"colour": COLOUR, "at": SQUARE}, spans={"at": ("row", "col")}),)


def _step(row: int, col: int, way: int) -> Slide:
    return Slide(row, col, col + way)


@dataclass(frozen=True, slots=True)
class Slide(Action):
    row: int
    col: int
    to_col: int
    forms = (
        Form("{at}-{to_col}", {"at": SQUARE, "to_col": Number("column", 1, 3, shift=1)},
             spans={"at": ("row", "col")}, when=lambda slide: slide.to_col != slide.col),
        Form("slide {at} {way}", {"at": SQUARE, "way": Named("side", {"left": -1, "right": 1})},
             spans={"at": ("row", "col")}, make=_step, writes=False),
    )


@dataclass(frozen=True, slots=True)
class Roll(Action):
    face: int
    forms = (Form("roll {face}", {"face": Number("die face", 1, 6)}, chance=True),)


PASS = Word("pass")
NOTATION = Notation((Put, Slide, Roll), (PASS,))


def test_each_action_is_written_by_its_first_form_that_writes_it_and_reads_back() -> None:
    actions = [Put(1, 2, 0), Slide(0, 0, 2), Roll(4), PASS]
    assert [str(a) for a in actions] == ["put Blue c1", "a1-3", "roll 4", "pass"]
    assert NOTATION.parse("slide b2 right") == Slide(1, 1, 2)  # a form that only reads
    with pytest.raises(TypeError, match="declares no form that writes"):
        str(Slide(1, 1, 1))  # no form writes a slide that goes nowhere
    for action in [*actions, Slide(1, 1, 2), Slide(1, 1, 0)]:
        assert NOTATION.parse(str(action)) == action


def test_reading_ignores_case_and_spacing_and_accepts_every_form() -> None:
    assert NOTATION.parse("  PUT   red  B3 ") == Put(0, 1, 2)
    assert NOTATION.parse("slide b2 left") == Slide(1, 1, 0)
    assert NOTATION.parse("b2-1") == Slide(1, 1, 0)


@pytest.mark.parametrize(("text", "problem"), [
    ("", "it is empty"),
    ("put green a1", "'green' is not a colour (Red, Blue)"),
    ("put red d4", "'d4' is not a square (a1 to c3)"),
    ("roll 7", "'7' is not a die face (1 to 6)"),
    ("roll x", "'x' is not a die face (1 to 6)"),
    ("slide a1 up", "'up' is not a side (left, right)"),
    ("put red", "expected put COLOUR SQUARE"),
    ("pass now", "expected pass"),
    ("jump a1", "expected one of: put COLOUR SQUARE, SQUARE-N, slide SQUARE SIDE, pass (and the chance steps roll N)"),
])
def test_text_that_is_not_an_action_is_refused_with_the_word_at_fault_or_the_shapes_expected(
        text: str, problem: str) -> None:
    with pytest.raises(NotationError) as caught:
        NOTATION.parse(text)
    assert caught.value.problem == problem
    assert caught.value.text == text


def test_a_form_must_give_a_field_for_each_placeholder_and_an_action_without_forms_has_no_text() -> None:
    with pytest.raises(ValueError, match="no field for where"):
        Form("go {where}", {})

    @dataclass(frozen=True, slots=True)
    class Silent(Action):
        n: int

    with pytest.raises(TypeError, match="declares no form"):
        str(Silent(1))
    with pytest.raises(TypeError, match="declares no form"):
        Notation((Silent,))


def test_a_game_may_say_in_its_own_words_what_a_text_of_no_known_shape_should_have_been() -> None:
    notation = Notation((Put, Roll), (PASS,), shapes="expected a put like 'put red a1', a roll, or pass")
    with pytest.raises(NotationError) as caught:
        notation.parse("jump a1")
    assert caught.value.problem == "expected a put like 'put red a1', a roll, or pass"
    with pytest.raises(NotationError) as caught:
        notation.parse("put red")  # a known keyword still gets that keyword's shapes
    assert caught.value.problem == "expected put COLOUR SQUARE"
