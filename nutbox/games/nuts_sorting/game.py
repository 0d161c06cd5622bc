"""The Nuts Sorting game object: metadata, notation, encoding, determinization and the heuristic. What people
see of it is its face (face.py), which only `face` names."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from nutbox.core import Action, Game
from nutbox.games.nuts_sorting import actions, heuristic
from nutbox.games.nuts_sorting.determinize import from_view
from nutbox.games.nuts_sorting.options import SortingOptions
from nutbox.games.nuts_sorting.state import SortingState
from nutbox.games.nuts_sorting.view import SortingView


class NutsSorting(Game[SortingOptions, SortingState, SortingView]):
    id = "nuts-sorting"
    title = "Nuts Sorting"
    min_players = 2
    max_players = 2
    # 2: player 2 taking a colour set leaves player 1 the first move (option placer_chooses_order: the old way)
    rules_version = "2"
    earlier_rules: ClassVar[Mapping[str, Mapping[str, Any]]] = {"1": {"placer_chooses_order": True}}
    options_type: ClassVar[type[SortingOptions]] = SortingOptions
    face = "nutbox.games.nuts_sorting.face:FACE"
    notation = actions.NOTATION
    perfect_information = True

    def new_state(self) -> SortingState:
        return SortingState(self)

    @property
    def num_actions(self) -> int:
        return actions.NUM_ACTIONS

    def action_index(self, action: Action) -> int:
        return actions.action_index(action)

    def action_from_index(self, index: int) -> Action:
        return actions.action_from_index(index)

    def determinize(self, view: SortingView, rng: random.Random) -> SortingState:
        return from_view(self, view)  # nothing is hidden: the view is the state

    def heuristic(self, state: SortingState, seat: int) -> float:
        return heuristic.evaluate(state, seat)
