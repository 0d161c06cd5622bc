"""The Nut game object: metadata, notation, encoding, determinization, heuristic, and the game in words."""

from __future__ import annotations

import random
from typing import ClassVar

from nutbox.core import Action, Game, Guide, State, Words
from nutbox.games.nut_cards import actions, heuristic, words
from nutbox.games.nut_cards.guide import GUIDE
from nutbox.games.nut_cards.rules import ALL_CARDS, CardsOptions, CardsState
from nutbox.games.nut_cards.view import CardsView


class NutCards(Game):
    id = "nut-cards"
    title = "Nut"
    min_players = 2
    max_players = 3
    rules_version = "2"  # 2: only the largest cluster of a colour counts (the option cluster=best for the old way)
    words: ClassVar[Words] = words  # the game in words for people
    guide: ClassVar[Guide] = GUIDE  # the rules for players, with example positions
    bot_sims = (150, 700)  # medium, hard (docs/bots.md)
    # Nodes of the first three levels seed their moves with the heuristic: a take is judged by the places the
    # card can go and the cards it leaves the next players, not by the average of random places.
    bot_search = "depth=0,c=0.5,prior=5,seeded=3"
    options_type: ClassVar[type[CardsOptions]] = CardsOptions
    perfect_information = True  # columns and layouts face up; the deck is face down for everyone
    options: CardsOptions

    def __init__(self, options: CardsOptions | None = None) -> None:
        super().__init__(options)
        # each player places every n-th card: the layout can spread no further than that many cards
        self.space = actions.Space(len(ALL_CARDS), -(-len(ALL_CARDS) // self.num_players))
        self.encoding = self.space.encoding

    def new_state(self) -> CardsState:
        return CardsState(self)

    def parse(self, text: str) -> Action:
        return self.space.parse(text)  # the notation, and a layout's reach in this game

    def determinize(self, view: CardsView, rng: random.Random) -> CardsState:
        return CardsState.from_view(self, view)  # nothing is hidden: the view is the state

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, CardsState)
        return heuristic.evaluate(state, seat)

    # --- the game in words (words.py) ------------------------------------------------------------------
