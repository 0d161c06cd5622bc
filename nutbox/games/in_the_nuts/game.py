"""The In the Nuts! game object: metadata, notation, encoding, determinization, heuristic, the game in words."""

from __future__ import annotations

import random
from typing import ClassVar

from nutbox.core import Action, Game, Guide, State, Words
from nutbox.games.in_the_nuts import actions, heuristic, words
from nutbox.games.in_the_nuts.guide import GUIDE
from nutbox.games.in_the_nuts.rules import NutsOptions, NutsState
from nutbox.games.in_the_nuts.view import NutsView


class InTheNuts(Game):
    id = "in-the-nuts"
    title = "In the Nuts!"
    min_players = 2
    max_players = 4
    rules_version = "2"  # 2: a kept joker may be stored with any nut; a first joker is stored at once
    words: ClassVar[Words] = words  # the game in words for people
    guide: ClassVar[Guide] = GUIDE  # the rules for players, with example positions
    bot_sims = (300, 1200)  # medium, hard: about 1,400 simulations a second (docs/bots.md)
    encoding = actions.ENCODING
    options_type: ClassVar[type[NutsOptions]] = NutsOptions
    perfect_information = True  # the deck is face down for everyone: its order is chance, not a secret
    options: NutsOptions

    def new_state(self) -> NutsState:
        return NutsState(self)

    def parse(self, text: str) -> Action:
        return actions.NOTATION.parse(text)

    def determinize(self, view: NutsView, rng: random.Random) -> NutsState:
        return NutsState.from_view(self, view)  # nothing is hidden: the view is the state

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, NutsState)
        return heuristic.evaluate(state, seat)

