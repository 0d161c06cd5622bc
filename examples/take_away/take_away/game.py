"""The game: metadata, options, notation, encoding, and the state a view stands for. Rules only: what people see
is the face (face.py), which `face` names and nothing here imports."""

from __future__ import annotations

import random
from typing import ClassVar

from nutbox.core import ActionSpace, Game, Options, OptionsError
from take_away.actions import NOTATION, Take
from take_away.options import TakeAwayOptions
from take_away.state import TakeAwayState
from take_away.view import TakeAwayView


class TakeAway(Game[TakeAwayOptions, TakeAwayState, TakeAwayView]):
    id = "take-away"
    title = "Take Away"
    min_players = 2
    max_players = 3
    rules_version = "1"
    options_type: ClassVar[type[Options]] = TakeAwayOptions
    face = "take_away.face:FACE"
    notation = NOTATION
    perfect_information = True

    def __init__(self, options: TakeAwayOptions | None = None) -> None:
        super().__init__(options)
        if not 1 <= self.options.pile <= 1000:
            raise OptionsError("the pile holds 1 to 1000 nuts")
        # every take the notation can name for this pile; the rules allow at most 3 at once
        self.encoding = ActionSpace([Take(n) for n in range(1, self.options.pile + 1)], "Take Away")

    def new_state(self) -> TakeAwayState:
        return TakeAwayState(self, self.options, self.options.pile)

    def determinize(self, view: TakeAwayView, rng: random.Random) -> TakeAwayState:
        state = self.new_state()
        state.take_shown(view)  # nothing is hidden: the view is the state
        return state
