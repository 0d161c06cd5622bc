"""What people see of Nuts! (core/face.py): its words (words.py), its pictures (render_text.py, render_svg.py,
render_phone.py), the rules for players (guide.py) and the tutorial, each drawn from a view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from nutbox.core import Action, Face, Panel, ScoreTable, SeatNames
from nutbox.games.nuts_factory import render_phone, render_svg, words
from nutbox.games.nuts_factory.guide import GUIDE
from nutbox.games.nuts_factory.view import FactoryView

if TYPE_CHECKING:
    from rich.console import RenderableType


class FactoryFace(Face[FactoryView]):
    guide = GUIDE
    tutorial = "nutbox.games.nuts_factory:tutorial.toml"
    draws_svg = True
    public_pictures = True  # a seat's hand is in its panel, never in the pictures
    # measured in docs/bots.md, "A seventh look" (bench/move_spread.py)
    stakes = ("In Nuts! one decision seldom decides the game: in the games measured, about 2 decisions in 100 "
              "offered a move that lost 30 points of chance against the best one, so blunders are rare here.")

    def _decision(self, view: FactoryView) -> str:
        return words.decision(view)

    def _label(self, action: Action, view: FactoryView) -> str:
        return words.label(action, view)

    def _panels(self, view: FactoryView) -> list[Panel]:
        return words.panels(view)

    def _score_table(self, view: FactoryView) -> ScoreTable | None:
        return words.score_table(view)

    def _text(self, view: FactoryView, names: SeatNames) -> RenderableType:
        from nutbox.games.nuts_factory import render_text  # rich, loaded only where a terminal draws

        return render_text.render(view, names)

    def _svg(self, view: FactoryView, legal: Sequence[str]) -> str:
        return render_svg.render(view, legal)

    def _phone(self, view: FactoryView, legal: Sequence[str]) -> str:
        return render_phone.render(view, legal)


FACE = FactoryFace()
