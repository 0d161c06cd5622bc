"""A game's rules for players, as a player learns them: the goal, the components, a turn, scoring, the end,
with pictures of example positions drawn by the game's own renderer.

A game writes its guide in its own words (never the rulebook's text) as a `Guide` in
`nutbox/games/<game>/guide.py` and names it in `Game.guide`; the browser table's rules page lays it out,
adds the options (from the options' labels and help) and ends with the notation from the package docstring.
An example position is reached by playing: chance drawn from a fixed seed, the decisions given as notation,
so every picture is a real position of the real rules (the tests replay each one).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nutbox.core.state import draw_chance

if TYPE_CHECKING:
    from nutbox.core.game import Game
    from nutbox.core.state import State


@dataclass(frozen=True)
class Example:
    """A position to picture: from a new game with `options`, chance drawn from `seed`, these decisions made
    in order (each when a seat must decide), drawn as `seat` sees it (None: a spectator), with the legal
    targets of its decision marked when `targets`."""

    caption: str
    decisions: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 1
    seat: int | None = None
    targets: bool = False

    def position(self, game: Game) -> State:
        """The position (IllegalAction or NotationError if a decision does not fit it)."""
        rng = random.Random(self.seed)
        state: State = game.new_state()
        for text in self.decisions:
            while state.is_chance():
                state.apply(draw_chance(state, rng))
            state.apply(game.parse(text))
        while state.is_chance():
            state.apply(draw_chance(state, rng))
        return state


@dataclass(frozen=True)
class Section:
    """One part of the rules: a title, paragraphs of plain text, an optional list, and pictures."""

    title: str
    paragraphs: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    examples: tuple[Example, ...] = ()


@dataclass(frozen=True)
class Guide:
    """The rules for players: a line about the game, then the sections in the order a player learns them."""

    summary: str
    sections: tuple[Section, ...]
    # the section that explains each phase's decision, by title ("Show me the rules for this decision")
    for_phase: dict[str, str] = field(default_factory=dict)

    def section_for(self, phase: str) -> int | None:
        """The number of the section explaining a decision taken in `phase`, if the guide names one."""
        title = self.for_phase.get(phase)
        return next((number for number, section in enumerate(self.sections) if section.title == title), None)

    def texts(self) -> list[str]:
        """Every text of the guide a player reads, in order."""
        texts = [self.summary]
        for section in self.sections:
            texts += [section.title, *section.paragraphs, *section.items]
            texts += [example.caption for example in section.examples]
        return texts
