"""The shape of a Nuts Sorting view (`SortingState.view`), for mypy: every key the words, pictures,
observations and the determinization read is checked against these.

Nothing is hidden in this game, so every seat (and the spectator) gets the same fields.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from nutbox.core import View

Phase = Literal["deal", "choose", "remove", "play", "over"]
SetCode = Literal["rby", "bwg"]


class SortingFields(TypedDict):
    """What `SortingState._view` returns."""

    phase: Phase
    cells: dict[str, str | None]  # each dealt cell's name: the colour on it, None when empty
    pool: dict[str, int] | None  # while dealing: pieces of each colour (and "empty") left to deal
    colour_sets: list[SetCode | None]  # each seat's colour set, None until chosen
    first: int | None  # the seat that moves first, None until chosen
    removed_from: list[SetCode]  # the colour sets the second player has removed a piece of, in order
    turn: int  # moves and pickups made
    groups: dict[str, int]  # each colour: how many groups it forms
    repetitions: dict[str, int]  # positions since the last pickup (rules._position_text): times seen
    end: str | None  # why the game ended, once it has


class SortingView(View, SortingFields):
    """A whole Nuts Sorting view: the fields every view shares and the game's own."""
