"""What people see of Nut Hunt (core/face.py): the game in words (words.py), the terminal picture
(render_text.py), the browser pictures (render_svg.py, render_phone.py), the guide (guide.py) and the tutorial
(tutorial.toml), each drawn from a view. Seats are named by placeholders the face fills with the table's names;
the terminal picture, which rich measures, is drawn with the names themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from nutbox.core import Action, Face, Panel, ScoreTable, SeatNames
from nutbox.games.nut_hunt import render_phone, render_svg, words
from nutbox.games.nut_hunt.guide import GUIDE
from nutbox.games.nut_hunt.view import HuntView

if TYPE_CHECKING:
    from rich.console import RenderableType


class HuntFace(Face[HuntView]):
    guide = GUIDE
    tutorial = "nutbox.games.nut_hunt:tutorial.toml"
    draws_svg = True
    public_pictures = True  # a seat's hand and objectives are in its panel, never in the pictures
    # measured in docs/bots.md, "A seventh look" (bench/move_spread.py)
    stakes = ("In Nut Hunt one decision seldom decides the game: in the games measured, about 2 decisions in 100 "
              "offered a move that lost 30 points of chance against the best one, so blunders are rare here.")

    def _decision(self, view: HuntView) -> str:
        return words.decision(view)

    def _label(self, action: Action, view: HuntView) -> str:
        return words.label(action, view)

    def _panels(self, view: HuntView) -> list[Panel]:
        return words.panels(view)

    def _score_table(self, view: HuntView) -> ScoreTable | None:
        return words.score_table(view)

    def _text(self, view: HuntView, names: SeatNames) -> RenderableType:
        from nutbox.games.nut_hunt import render_text  # (rich: loaded only where a terminal picture is drawn)

        return render_text.render(view, names)

    def _svg(self, view: HuntView, legal: Sequence[str]) -> str | None:
        return render_svg.render(view, legal)

    def _phone(self, view: HuntView, legal: Sequence[str]) -> str | None:
        return render_phone.render(view, legal)


FACE = HuntFace()
