"""The Nut game object: metadata, notation, encoding, determinization and the heuristic (what people see of
it is its face, face.py)."""

from __future__ import annotations

import random
from typing import ClassVar

from nutbox.core import Action, Game
from nutbox.games.nut_cards import heuristic
from nutbox.games.nut_cards.actions import space_for
from nutbox.games.nut_cards.determinize import from_view
from nutbox.games.nut_cards.options import CardsOptions
from nutbox.games.nut_cards.state import CardsState
from nutbox.games.nut_cards.view import CardsView


class NutCards(Game[CardsOptions, CardsState, CardsView]):
    id = "nut-cards"
    title = "Nut"
    min_players = 2
    max_players = 3
    rules_version = "2"  # 2: only the largest cluster of a colour counts (the option cluster=best for the old way)
    bot_sims = (150, 700)  # medium, hard (docs/bots.md)
    # Nodes of the first three levels seed their moves with the heuristic: a take is judged by the places the
    # card can go and the cards it leaves the next players, not by the average of random places.
    bot_search = "depth=0,c=0.5,prior=5,seeded=3"
    # a review's playouts weigh every placement: among a few sampled ones they rarely find the later card that
    # mends a bad placement, as players do, and so overstated what a move cost (docs/bots.md, "A sixth look")
    playout_breadth = None
    options_type: ClassVar[type[CardsOptions]] = CardsOptions
    perfect_information = True  # columns and layouts face up; the deck is face down for everyone
    face = "nutbox.games.nut_cards.face:FACE"

    def __init__(self, options: CardsOptions | None = None) -> None:
        super().__init__(options)
        # each player places every n-th card: the layout can spread no further than that many cards
        self.space = space_for(self.num_players)
        self.encoding = self.space.encoding

    def new_state(self) -> CardsState:
        return CardsState(self)

    def parse(self, text: str) -> Action:
        return self.space.parse(text)  # the notation, and a layout's reach in this game

    def determinize(self, view: CardsView, rng: random.Random) -> CardsState:
        return from_view(self, view)  # nothing is hidden: the view is the state

    def heuristic(self, state: CardsState, seat: int) -> float:
        return heuristic.evaluate(state, seat)
