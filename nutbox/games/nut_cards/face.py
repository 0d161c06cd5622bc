"""What people see of Nut (core/face.py): the decision, the actions, the panels and the score table in words
(words.py), the terminal, browser and phone pictures (render_text.py, render_svg.py, render_phone.py), the
guide (guide.py) and the tutorial (tutorial.toml), each drawn from a view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from nutbox.core import Action, Guide, Panel, ScoreTable
from nutbox.core.face import Face
from nutbox.core.names import SeatNames
from nutbox.games.nut_cards import render_phone, render_svg, words
from nutbox.games.nut_cards.guide import GUIDE
from nutbox.games.nut_cards.view import CardsView

if TYPE_CHECKING:
    from rich.console import RenderableType


class CardsFace(Face[CardsView]):
    guide: ClassVar[Guide | None] = GUIDE
    tutorial: ClassVar[str | None] = "nutbox.games.nut_cards:tutorial.toml"
    draws_svg: ClassVar[bool] = True
    # measured in docs/bots.md, "A seventh look" (bench/move_spread.py)
    stakes = ("In Nut a placement can matter a lot: in the games measured, about 1 decision in 8 offered a move "
              "that lost 30 points of chance against the best one.")

    def _decision(self, view: CardsView) -> str:
        return words.decision(view)

    def _label(self, action: Action, view: CardsView) -> str:
        return words.label(action, view)

    def _panels(self, view: CardsView) -> list[Panel]:
        return words.panels(view)

    def _score_table(self, view: CardsView) -> ScoreTable | None:
        return words.score_table(view)

    def _text(self, view: CardsView, names: SeatNames) -> RenderableType:
        from nutbox.games.nut_cards import render_text  # rich, only where the terminal picture is drawn

        return render_text.render(view, names)

    def _svg(self, view: CardsView, legal: Sequence[str]) -> str | None:
        return render_svg.render(view, legal)

    def _phone(self, view: CardsView, legal: Sequence[str]) -> str | None:
        return render_phone.render(view, legal)


FACE = CardsFace()
