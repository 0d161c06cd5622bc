"""The Nuts! game object: metadata, notation, encoding, determinization, heuristic, the game in words."""

from __future__ import annotations

import random
from typing import ClassVar

from nutbox.core import Action, Game, Guide, State, Words
from nutbox.games.nuts_factory import actions, heuristic, words
from nutbox.games.nuts_factory.guide import GUIDE
from nutbox.games.nuts_factory.rules import ALL_CARDS, FactoryOptions, FactoryState
from nutbox.games.nuts_factory.view import FactoryView


class NutsFactory(Game):
    id = "nuts-factory"
    title = "Nuts!"
    min_players = 2
    max_players = 4
    # 2: Box Holders turn until no longer a Connecting Path; the bonus deck reshuffles mid-draw. 3: a card may be
    # played between two draws when the deck is to be reshuffled before the last (decision 5)
    rules_version = "3"
    words: ClassVar[Words] = words  # the game in words for people
    guide: ClassVar[Guide] = GUIDE  # the rules for players
    bot_sims = (120, 500)  # medium, hard: about 270 (4 seats) to 750 (2 seats) simulations a second (docs/bots.md)
    encoding = actions.ENCODING
    options_type: ClassVar[type[FactoryOptions]] = FactoryOptions
    options: FactoryOptions

    def new_state(self) -> FactoryState:
        return FactoryState(self)

    def parse(self, text: str) -> Action:
        return actions.NOTATION.parse(text)

    def determinize(self, view: FactoryView, rng: random.Random) -> FactoryState:
        """The floor, the warehouses and the discards are as the view shows; the bonus cards it does not
        place are shuffled and dealt to the other players' hands and the face-down deck."""
        shown = set(view.get("hand", [])) | set(view["discards"])
        hidden = [card for card in ALL_CARDS if card not in shown]
        rng.shuffle(hidden)
        return FactoryState.from_view(self, view, hidden)

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, FactoryState)
        return heuristic.evaluate(state, seat)

