"""What people see of Take Away (nutbox.core.face): its words and its terminal picture. It draws no browser
picture, so the browser table shows the decision and the choices in words only."""

from __future__ import annotations

from nutbox.core import Action, Face, Panel, ScoreTable, SeatNames
from take_away import render_text, words
from take_away.view import TakeAwayView


class TakeAwayFace(Face[TakeAwayView]):
    def _decision(self, view: TakeAwayView) -> str:
        return words.decision(view)

    def _label(self, action: Action, view: TakeAwayView) -> str:
        return words.label(action, view)

    def _panels(self, view: TakeAwayView) -> list[Panel]:
        return words.panels(view)

    def _score_table(self, view: TakeAwayView) -> ScoreTable | None:
        return words.score_table(view)

    def _text(self, view: TakeAwayView, names: SeatNames) -> str:
        return render_text.render(view, names)


FACE = TakeAwayFace()
