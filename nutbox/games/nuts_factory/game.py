"""The Nuts! game object: metadata, options, notation, encoding, determinization and the bots' heuristic."""

from __future__ import annotations

import random
from typing import ClassVar

from nutbox.core import Game
from nutbox.games.nuts_factory import actions, determinize, heuristic
from nutbox.games.nuts_factory.options import FactoryOptions
from nutbox.games.nuts_factory.state import FactoryState
from nutbox.games.nuts_factory.view import FactoryView


class NutsFactory(Game[FactoryOptions, FactoryState, FactoryView]):
    id = "nuts-factory"
    title = "Nuts!"
    min_players = 2
    max_players = 4
    # 2: Box Holders turn until no longer a Connecting Path; the bonus deck reshuffles mid-draw. 3: a card may be
    # played between two draws when the deck is to be reshuffled before the last (decision 5)
    rules_version = "3"
    face = "nutbox.games.nuts_factory.face:FACE"  # what people see of it: words, pictures, guide, tutorial
    notation = actions.NOTATION
    bot_sims = (120, 500)  # medium, hard: about 270 (4 seats) to 750 (2 seats) simulations a second (docs/bots.md)
    encoding = actions.ENCODING
    options_type: ClassVar[type[FactoryOptions]] = FactoryOptions

    def new_state(self) -> FactoryState:
        return FactoryState(self)

    def determinize(self, view: FactoryView, rng: random.Random) -> FactoryState:
        """The floor, the warehouses and the discards are as the view shows; the bonus cards it does not
        place are shuffled and dealt to the other players' hands and the face-down deck."""
        return determinize.determinize(self, view, rng)

    def heuristic(self, state: FactoryState, seat: int) -> float:
        return heuristic.evaluate(state, seat)
