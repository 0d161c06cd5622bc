"""What is in the Nuts Sorting box: sixty nuts, ten of each of six colours, in two colour sets of three. The
board, 61 cells, has a module of its own (board.py: its cell names, lines, neighbours and bitboards)."""

from __future__ import annotations

from typing import Literal

SetCode = Literal["rby", "bwg"]

COLOURS = ("red", "blue", "yellow", "black", "white", "gray")
PIECES_PER_COLOUR = 10
SETS: tuple[SetCode, SetCode] = ("rby", "bwg")  # set 0: red, blue, yellow; set 1: black, white, gray
SET_COLOURS = ((0, 1, 2), (3, 4, 5))  # each set's colours, as indices into COLOURS
EMPTY = len(COLOURS)  # the "colour" the deal gives the one cell left empty


def colour_name(colour: int) -> str:
    """A colour by its index, EMPTY as "empty" (the deal's blank)."""
    return "empty" if colour == EMPTY else COLOURS[colour]


def set_name(chosen: int) -> str:
    """A colour set by its index, in words: "red, blue and yellow"."""
    return "red, blue and yellow" if chosen == 0 else "black, white and gray"
