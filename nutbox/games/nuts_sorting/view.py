"""The shape of a Nuts Sorting view (`SortingState.view`), for mypy: every key the words, pictures,
observations and the determinization read is checked against these; and the view built from a state.

Nothing is hidden in this game, so every seat (and the spectator) gets the same fields, and the view is the
whole state (determinize.py reads it back).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Literal, TypedDict, cast

from nutbox.core import View
from nutbox.games.nuts_sorting.board import BITS, CELL_OF_BIT, NAMES, NUM_CELLS, bits_of, cells_of
from nutbox.games.nuts_sorting.components import COLOURS, SETS, SetCode, colour_name

if TYPE_CHECKING:
    from nutbox.games.nuts_sorting.state import SortingState

PhaseName = Literal["deal", "choose", "remove", "play", "over"]


class SortingFields(TypedDict):
    """What `SortingState._view` returns."""

    phase: PhaseName
    cells: dict[str, str | None]  # each dealt cell's name: the colour on it, None when empty
    pool: dict[str, int] | None  # while dealing: pieces of each colour (and "empty") left to deal
    colour_sets: list[SetCode | None]  # each seat's colour set, None until chosen
    first: int | None  # the seat that moves first, None until chosen
    removed_from: list[SetCode]  # the colour sets the second player has removed a piece of, in order
    turn: int  # moves and pickups made
    groups: dict[str, int]  # each colour: how many groups it forms
    repetitions: dict[str, int]  # positions since the last pickup (position_text): times seen
    end: str | None  # why the game ended, once it has (scoring.py: a seat by its default name, "Player 1")


class SortingView(View, SortingFields):
    """A whole Nuts Sorting view: the fields every view shares and the game's own."""


def build(state: SortingState) -> SortingFields:
    """The view's own fields: those the state holds as they are (`SHOWN`), and the rest read off the board."""
    held: list[str | None] = [None] * state.dealt  # (every piece stands on a dealt cell)
    for colour, mask in enumerate(state.board):
        for cell in cells_of(mask):
            held[cell] = COLOURS[colour]
    cells = dict(zip(NAMES[:state.dealt], held, strict=True))  # the dealt cells, in reading order
    return cast(SortingFields, {
        **state.shown(),  # phase, first, turn, end
        "cells": cells,
        "pool": {colour_name(c): n for c, n in enumerate(state.pool)} if state.phase == "deal" else None,
        "colour_sets": [SETS[s] if s is not None else None for s in state.sets],
        "removed_from": [SETS[s] for s in state.removed],
        "groups": {COLOURS[c]: len(state.groups_of(c)) for c in range(len(COLOURS))},
        "repetitions": {position_text(key): n for key, n in state.seen.items()},
    })


_LETTERS = "rbykwg"


@lru_cache(maxsize=4096)  # a table's views repeat the positions seen since the last pickup at every move
def position_text(key: tuple[int, ...]) -> str:
    """A position (the six colours' bitmasks and the seat to move) as 61 letters in reading order ('.' empty) and
    the seat: 'rbb.y...k:0'."""
    letters = ["."] * NUM_CELLS
    for colour, mask in enumerate(key[:-1]):
        for bit in bits_of(mask):
            letters[CELL_OF_BIT[bit]] = _LETTERS[colour]
    return "".join(letters) + f":{key[-1]}"


def position_key(text: str) -> tuple[int, ...]:
    """The inverse of position_text."""
    letters, _, seat = text.partition(":")
    board = [0] * len(COLOURS)
    for cell, letter in enumerate(letters):
        if letter != ".":
            board[_LETTERS.index(letter)] |= BITS[cell]
    return (*board, int(seat))
