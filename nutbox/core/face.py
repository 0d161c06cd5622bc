"""A game's face: everything people see of it, kept apart from its rules.

The rules (a `Game` and its `State`) are all a bot, a study or a learner needs; they never import a word or a
picture. The face turns a view into what a person reads: what the seat to move must decide, each action as a
phrase, every seat's panel, the final score table, the terminal and browser pictures, the rules guide and the
tutorial. A game names its face in `Game.face` ("module:attribute"), loaded only when something shows it.

A game writes its face's hooks (the methods starting with an underscore) naming seats by `seat_name(seat)`, a
placeholder; the public methods fill in the names the table gives its seats. Everything is read from a view,
never a state, so a face can tell nobody more than their view does.
"""

from __future__ import annotations

import html
import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from nutbox.core.names import OPEN, SeatNames, seat_name, unnamed, with_names
from nutbox.core.state import View
from nutbox.core.words import Card, Panel, ScoreTable

if TYPE_CHECKING:
    from rich.console import RenderableType

    from nutbox.core.action import Action
    from nutbox.core.guide import Guide
    from nutbox.core.svg import Kept

V = TypeVar("V", bound=View)
Names = Sequence[str] | None  # each seat's name in seat order; None (or "" for a seat): "Player N"


def _escape(name: str) -> str:
    return html.escape(name, quote=True)


def _named(picture: str, names: Names) -> str:
    """A picture with the seats' names, escaped; one joined from pieces (svg.Picture) stays so, piece by piece, so
    that its unchanged pieces stay the very objects they were, named pieces too (kept in `_NAMED`)."""
    from nutbox.core.svg import Kept, Picture, joined  # (here: what plays without pictures never loads core.svg)

    global _NAMED
    if not isinstance(picture, Picture):
        return with_names(picture, names, _escape)
    if not unnamed(picture):
        return picture
    kept = _NAMED = _NAMED or Kept()
    given = tuple(names) if names is not None else None
    return joined([kept.get((part, given), partial(with_names, part, given, _escape)) if OPEN in part else part
                   for part in picture.parts])


# Pieces of pictures with the seats' names filled in, by piece and names: a table draws every seat's picture after
# each move, and most of its named pieces (a tile showing whose squirrels are there) are the pieces it was before.
_NAMED: Kept | None = None


class Face(ABC, Generic[V]):
    """What people see of one game, each part drawn from a view (the game's own view type, V)."""

    guide: ClassVar[Guide | None] = None  # the rules for players (core/guide.py)
    tutorial: ClassVar[str | None] = None  # "package:file.toml": the game taught step by step (core/tutorial.py)
    draws_svg: ClassVar[bool] = False  # whether the game has a browser picture (`_svg`)
    # How much one decision can matter in this game, for players reading a review of it (a sentence, or None):
    # where no move can throw much away, few marks are the game's doing, not the players'.
    stakes: ClassVar[str | None] = None
    # Whether a picture with nothing to click shows only what everyone sees (no seat's secrets, no "you"): then the
    # table draws the spectator's picture once per position for every seat not deciding, rather than one each. The
    # conformance suite holds a game that says so to it (each seat's picture is the spectator's, both layouts).
    public_pictures: ClassVar[bool] = False

    # --- what a game writes, seats named by placeholders ---------------------------------------------
    def _decision(self, view: V) -> str:
        """What the seat to move must decide, as a phrase to follow "Your turn: " (or "Waiting for Player 2 to
        "): "choose which 2 of your 3 objectives to keep". Written from the view's seat (words.possessive)."""
        return "make a move"

    def _label(self, action: Action, view: V) -> str:
        """`action` in plain words for the seat to move: "Move the red nut from c3 to e5". Unique among the
        legal actions of one decision, and never just the notation."""
        return str(action)

    def _labels(self, actions: Sequence[Action], view: V) -> list[str]:
        """Every action of one decision labelled (`_label` of each), for a game to share what its labels all read
        off the view."""
        return [self._label(action, view) for action in actions]

    def _panels(self, view: V) -> list[Panel]:
        """Every seat as the view's seat may see it: score, visible holdings, and its own secret cards."""
        common: View = view
        scores = common.get("scores")
        seats = len(scores) if scores is not None else 0
        return [Panel(seat, seat_name(seat), score=None if scores is None else f"{scores[seat]:g}")
                for seat in range(seats)]

    def _score_table(self, view: V) -> ScoreTable | None:
        """Once the game is over, the score broken down by the game's parts; None before."""
        common: View = view
        scores = common.get("scores")
        if scores is None:
            return None
        return ScoreTable(("Score",), tuple((f"{score:g}",) for score in scores), winners=tuple(common["winners"]))

    @abstractmethod
    def _text(self, view: V, names: SeatNames) -> RenderableType:
        """The terminal picture (plain text or any rich renderable), each seat called by `names[seat]`."""

    def _svg(self, view: V, legal: Sequence[str]) -> str | None:
        """The browser picture: an SVG document whose clickable parts carry data-action (one of `legal`)."""
        return None

    def _phone(self, view: V, legal: Sequence[str]) -> str | None:
        """The picture drawn for a phone (< 600 px wide), legible without zooming and with finger-sized
        targets; without one a phone shows the `_svg` picture."""
        return self._svg(view, legal)

    # --- what the tables ask, with the seats' names ---------------------------------------------------
    def decision(self, view: V, names: Names = None) -> str:
        return with_names(self._decision(view), names)

    def label(self, action: Action, view: V, names: Names = None) -> str:
        return with_names(self._label(action, view), names)

    def labels(self, actions: Sequence[Action], view: V, names: Names = None) -> list[str]:
        return [with_names(label, names) for label in self._labels(actions, view)]

    def panels(self, view: V, names: Names = None) -> list[Panel]:
        def named(text: str) -> str:
            return with_names(text, names)

        return [replace(panel, name=named(panel.name), score=None if panel.score is None else named(panel.score),
                        holds=tuple((named(what), named(much)) for what, much in panel.holds),
                        cards=tuple(Card(named(card.title), named(card.text)) for card in panel.cards))
                for panel in self._panels(view)]

    def score_table(self, view: V, names: Names = None) -> ScoreTable | None:
        table = self._score_table(view)
        if table is None:
            return None
        return replace(table, columns=tuple(with_names(column, names) for column in table.columns),
                       rows=tuple(tuple(with_names(cell, names) for cell in row) for row in table.rows),
                       note=with_names(table.note, names))

    def text(self, view: V, names: Names = None) -> RenderableType:
        return self._text(view, SeatNames(names))

    def svg(self, view: V, legal: Sequence[str] = (), names: Names = None) -> str | None:
        picture = self._svg(view, legal)
        return None if picture is None else _named(picture, names)

    def phone(self, view: V, legal: Sequence[str] = (), names: Names = None) -> str | None:
        picture = self._phone(view, legal)
        return None if picture is None else _named(picture, names)

    def rules_section(self, view: V) -> int | None:
        """The guide's section that explains the decision at hand (the table links to it), if the guide says."""
        phase = view.get("phase")
        return self.guide.section_for(phase) if self.guide is not None and isinstance(phase, str) else None


class PlainFace(Face[Any]):
    """The face of a game that brings none: its notation for labels, bare scores, the view as text."""

    def _text(self, view: Any, names: SeatNames) -> RenderableType:
        return json.dumps(view, indent=1, sort_keys=True)


PLAIN = PlainFace()
