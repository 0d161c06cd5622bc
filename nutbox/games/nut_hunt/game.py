"""The Nut Hunt game object: metadata, notation, encoding, determinization, heuristic, the game in words."""

from __future__ import annotations

import random
from typing import ClassVar

from nutbox.core import Action, Game, Guide, State, Words
from nutbox.games.nut_hunt import actions, belief, heuristic, words
from nutbox.games.nut_hunt.guide import GUIDE
from nutbox.games.nut_hunt.rules import ALL_CARDS, HuntOptions, HuntState
from nutbox.games.nut_hunt.view import HuntView


def shown_cards(view: HuntView) -> set[int]:
    """The objectives whose place a view shows; a determinization deals out the rest."""
    shown = set(view.get("hand", [])) | set(view.get("looking", [])) | set(view["automa_hand"]) | set(view["revealed"])
    return shown | {entry["card"] for entry in view["deck"]["bottom"] if entry["card"] is not None}


class NutHunt(Game):
    id = "nut-hunt"
    title = "Nut Hunt"
    min_players = 1
    max_players = 5
    rules_version = "2"  # 2: the forage after hassling the fox may be declined ("forage none")
    words: ClassVar[Words] = words  # the game in words for people
    guide: ClassVar[Guide] = GUIDE  # the rules for players, with pictures
    # Every node of the first four levels seeds its moves with the heuristic (seeded=4): a forage is judged by the
    # best action it pays for, not by random ones. A simulation then costs a heuristic call per move of its new
    # node, so the budgets are smaller than a root-only search's (docs/bots.md: hard about half a second at two seats).
    # baseline=1: the others' hidden objectives swing a judgement far more than the choice of move does, so each
    # simulation is scored against its own draw's start.
    bot_sims = (80, 500)  # medium, hard
    bot_search = "depth=0,c=0.5,prior=5,seeded=4,baseline=1"
    encoding = actions.ENCODING
    options_type: ClassVar[type[HuntOptions]] = HuntOptions
    options: HuntOptions

    def __init__(self, options: HuntOptions | None = None) -> None:
        super().__init__(options)
        # Solo, the player knows where every objective is (the deck's order is chance, not a secret).
        self.perfect_information = self.num_players == 1

    def new_state(self) -> HuntState:
        return HuntState(self)

    def parse(self, text: str) -> Action:
        return actions.NOTATION.parse(text)

    def determinize(self, view: HuntView, rng: random.Random) -> HuntState:
        """Everything on the table is as the view shows; the objectives it does not place are shuffled
        and dealt to the places it hides (others' hands, the unseen deck, cards others put under it), the
        others' hands favouring the objectives their territory fits (belief.py: what a player infers)."""
        shown = shown_cards(view)
        hidden = [card for card in ALL_CARDS if card not in shown]
        rng.shuffle(hidden)
        return HuntState.from_view(self, view, belief.deal_order(self, view, hidden, rng))

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, HuntState)
        return heuristic.evaluate(state, seat)

