"""What people see of In the Nuts! (core/face.py): the game in words (words.py), the rules for players
(guide.py), the tutorial (tutorial.toml), and the terminal, browser and phone pictures (render_text.py,
render_svg.py, render_phone.py), each drawn from a view. Seats are named by placeholders that the table fills
with their names; the terminal picture writes the names themselves. The rules (game.py) name the face and
never import it."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType

from nutbox.core import Action, Face, Panel, ScoreTable, SeatNames
from nutbox.games.in_the_nuts import render_phone, render_svg, render_text, words
from nutbox.games.in_the_nuts.guide import GUIDE
from nutbox.games.in_the_nuts.view import NutsView


class InTheNutsFace(Face[NutsView]):
    guide = GUIDE
    tutorial = "nutbox.games.in_the_nuts:tutorial.toml"
    draws_svg = True
    public_pictures = True  # every seat sees the whole game
    # measured in docs/bots.md, "A seventh look" (bench/move_spread.py)
    stakes = ("In the Nuts! is long and lucky, and one decision seldom decides it: in the games measured, no move "
              "lost 30 points of chance against the best one, so a blunder is all but unknown here and a mistake "
              "is rare.")

    def _decision(self, view: NutsView) -> str:
        return words.decision(view)

    def _label(self, action: Action, view: NutsView) -> str:
        return words.label(action, view)

    def _panels(self, view: NutsView) -> list[Panel]:
        return words.panels(view)

    def _score_table(self, view: NutsView) -> ScoreTable | None:
        return words.score_table(view)

    def _text(self, view: NutsView, names: SeatNames) -> RenderableType:
        return render_text.render(view, names)

    def _svg(self, view: NutsView, legal: Sequence[str]) -> str:
        return render_svg.render(view, legal)

    def _phone(self, view: NutsView, legal: Sequence[str]) -> str:
        return render_phone.render(view, legal)


FACE = InTheNutsFace()
