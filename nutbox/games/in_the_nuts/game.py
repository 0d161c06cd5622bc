"""The In the Nuts! game object: metadata, notation, encoding, determinization and the heuristic. What people
see of it is its face (face.py), which the game names and never imports."""

from __future__ import annotations

import random
from typing import ClassVar

from nutbox.core import Game
from nutbox.games.in_the_nuts import actions, heuristic
from nutbox.games.in_the_nuts.determinize import from_view
from nutbox.games.in_the_nuts.options import NutsOptions
from nutbox.games.in_the_nuts.state import NutsState
from nutbox.games.in_the_nuts.view import NutsView


class InTheNuts(Game[NutsOptions, NutsState, NutsView]):
    id = "in-the-nuts"
    title = "In the Nuts!"
    min_players = 2
    max_players = 4
    rules_version = "2"  # 2: a kept joker may be stored with any nut; a first joker is stored at once
    face = "nutbox.games.in_the_nuts.face:FACE"  # what people see of the game
    notation = actions.NOTATION
    bot_sims = (300, 1200)  # medium, hard: about 1,400 simulations a second (docs/bots.md)
    encoding = actions.ENCODING
    options_type: ClassVar[type[NutsOptions]] = NutsOptions
    perfect_information = True  # the deck is face down for everyone: its order is chance, not a secret

    def new_state(self) -> NutsState:
        return NutsState(self)

    def determinize(self, view: NutsView, rng: random.Random) -> NutsState:
        return from_view(self, view)  # nothing is hidden: the view is the state

    def heuristic(self, state: NutsState, seat: int) -> float:
        return heuristic.evaluate(state, seat)
