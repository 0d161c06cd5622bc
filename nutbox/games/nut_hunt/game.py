"""The Nut Hunt game object: metadata, notation, encoding, determinization and the heuristic."""

from __future__ import annotations

import random
from typing import ClassVar

from nutbox.core import Game
from nutbox.games.nut_hunt import actions, determinize, heuristic
from nutbox.games.nut_hunt.components import MAX_SEATS
from nutbox.games.nut_hunt.options import HuntOptions
from nutbox.games.nut_hunt.state import HuntState
from nutbox.games.nut_hunt.view import HuntView


class NutHunt(Game[HuntOptions, HuntState, HuntView]):
    id = "nut-hunt"
    title = "Nut Hunt"
    min_players = 1
    max_players = MAX_SEATS
    rules_version = "2"  # 2: the forage after hassling the fox may be declined ("forage none")
    face = "nutbox.games.nut_hunt.face:FACE"  # what people see of the game
    notation = actions.NOTATION
    # Every node of the first four levels seeds its moves with the heuristic (seeded=4): a forage is judged by the
    # best action it pays for, not by random ones. A simulation then costs a heuristic call per move of its new
    # node, so the budgets are smaller than a root-only search's (docs/bots.md: hard about half a second at two seats).
    # baseline=1: the others' hidden objectives swing a judgement far more than the choice of move does, so each
    # simulation is scored against its own draw's start.
    bot_sims = (80, 500)  # medium, hard
    bot_search = "depth=0,c=0.5,prior=5,seeded=4,baseline=1"
    encoding = actions.ENCODING
    options_type: ClassVar[type[HuntOptions]] = HuntOptions

    def __init__(self, options: HuntOptions | None = None) -> None:
        super().__init__(options)
        # Solo, the player knows where every objective is (the deck's order is chance, not a secret).
        self.perfect_information = self.num_players == 1

    def new_state(self) -> HuntState:
        return HuntState(self)

    def determinize(self, view: HuntView, rng: random.Random) -> HuntState:
        """Everything on the table is as the view shows; the objectives it does not place are shuffled
        and dealt to the places it hides (others' hands, the unseen deck, cards others put under it), the
        others' hands favouring the objectives their territory fits (determinize.py: what a player infers)."""
        return determinize.determinize(self, view, rng)

    def heuristic(self, state: HuntState, seat: int) -> float:
        return heuristic.evaluate(state, seat)
