"""What people see of Nuts Sorting (core/face.py): the game in words (words.py), the rules guide (guide.py), the
tutorial (tutorial.toml), and the terminal, browser and phone pictures (render_text.py, render_svg.py,
render_phone.py), each drawn from a view. The rules (game.py) name it and never import it."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType

from nutbox.core import Action, Face, Panel, ScoreTable, SeatNames
from nutbox.games.nuts_sorting import render_phone, render_svg, render_text, words
from nutbox.games.nuts_sorting.guide import GUIDE
from nutbox.games.nuts_sorting.view import SortingView


class SortingFace(Face[SortingView]):
    guide = GUIDE
    tutorial = "nutbox.games.nuts_sorting:tutorial.toml"
    draws_svg = True
    # measured in docs/bots.md, "A seventh look" (bench/move_spread.py)
    stakes = ("In Nuts Sorting one move can decide the game: in the games measured, about 1 decision in 5 offered a "
              "move that lost 30 points of chance against the best one.")

    def _decision(self, view: SortingView) -> str:
        return words.decision(view)

    def _label(self, action: Action, view: SortingView) -> str:
        return words.label(action, view)

    def _labels(self, actions: Sequence[Action], view: SortingView) -> list[str]:
        return words.labels(actions, view)

    def _panels(self, view: SortingView) -> list[Panel]:
        return words.panels(view)

    def _score_table(self, view: SortingView) -> ScoreTable | None:
        return words.score_table(view)

    def _text(self, view: SortingView, names: SeatNames) -> RenderableType:
        return render_text.render(view, names)

    def _svg(self, view: SortingView, legal: Sequence[str]) -> str:
        return render_svg.render(view, legal)

    def _phone(self, view: SortingView, legal: Sequence[str]) -> str:
        return render_phone.render(view, legal)


FACE = SortingFace()
