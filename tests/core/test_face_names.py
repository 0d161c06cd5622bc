"""A face fills the seats' names into its pictures (core/face.py): escaped, piece by piece, and a named piece that
comes back in a later picture is the very piece it was (the table's updates send a page only new pieces)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nutbox.core import Face, seat_name
from nutbox.core.svg import Picture, afresh, document


class Tiny(Face[Any]):
    """Two pieces: whose turn it is (named), and the turn's number (no name)."""

    def _text(self, view: Any, names: Any) -> str:
        return ""

    def _svg(self, view: Any, legal: Sequence[str]) -> str:
        return document(10, 10, "t", "", [f"<text>{seat_name(view['to_move'])} to move</text>",
                                          f"<text>turn {view['turn']}</text>"])


def drawn(turn: int, names: list[str]) -> Picture:
    picture = Tiny().svg({"to_move": 0, "turn": turn}, (), names)
    assert isinstance(picture, Picture)
    return picture


def test_names_are_filled_in_escaped_and_a_named_piece_drawn_again_is_the_same_piece() -> None:
    names = ["Ann <b>", "Bea"]
    first, later = drawn(1, names), drawn(2, names)
    assert "Ann &lt;b&gt; to move" in first and "turn 2" in later
    assert later.parts[1] is first.parts[1]  # the named piece, kept
    assert later.parts[2] != first.parts[2]
    renamed = drawn(2, ["Cy", "Bea"])
    assert "Cy to move" in renamed and "Ann" not in renamed
    with afresh():  # drawn afresh, nothing kept: the same text, a new piece
        again = drawn(2, names)
    assert again == later and again.parts[1] is not later.parts[1]
