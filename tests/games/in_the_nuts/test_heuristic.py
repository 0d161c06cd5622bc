"""The bots and the choices about jokers (heuristic.py): a kept joker goes on a card where it fills it, before
the nut being stored; a joker that would fill no card is kept; and every bot plays whole games with both
readings of the first joker (option first_joker).
"""

from __future__ import annotations

import pytest

from nutbox.agents import make_agent
from nutbox.core import Action
from nutbox.games.in_the_nuts import NutsState
from nutbox.play import agent_seed, run_match
from nutbox.registry import make

from .positions import play, position

MARLENE = 0


def greedy_choice(state: NutsState) -> str:
    seat = state.to_move()
    assert isinstance(seat, int)
    legal: list[Action] = state.legal_actions()
    return str(make_agent("greedy", state.game, seat, 1).act(state.view(seat), legal))


def test_the_greedy_bot_stores_a_kept_joker_where_it_fills_a_card_before_the_nut() -> None:
    state = position(track={5: MARLENE}, area2={"5-6": [1, 0]}, kept={MARLENE: ["WH"]}, faceup=("B", "W", "B", "A"),
                     storage={MARLENE: {1: ("H", 1), 3: ("A", 1)}}, phase="decide")
    play(state, "stop")  # the walnut under 5-6: it fills no card, the kept joker fills card 1
    assert greedy_choice(state) == "store WH H 1"
    play(state, "store WH H 1")
    assert greedy_choice(state).startswith("store W ")


def test_the_greedy_bot_keeps_a_kept_joker_that_would_fill_no_card() -> None:
    state = position(track={5: MARLENE}, area2={"5-6": [1, 0]}, kept={MARLENE: ["WH"]}, faceup=("B", "W", "B", "A"),
                     storage={MARLENE: {3: ("H", 1), 4: ("A", 1)}}, phase="decide")
    play(state, "stop")
    assert greedy_choice(state).startswith("store W ")


def test_the_greedy_bot_keeps_a_joker_unless_it_fills_a_card() -> None:
    keeps = position(track={2: MARLENE, 3: MARLENE}, faceup=("WH", "H", "B", "A"), storage={MARLENE: {3: ("H", 1)}},
                     phase="decide")
    play(keeps, "stop")
    assert greedy_choice(keeps) == "keep"
    stores = position(track={2: MARLENE, 3: MARLENE}, faceup=("WH", "H", "B", "A"), storage={MARLENE: {1: ("H", 1)}},
                      phase="decide")
    play(stores, "stop")
    assert greedy_choice(stores) == "store H 1"


@pytest.mark.parametrize("first_joker", ["store", "keep"])
@pytest.mark.parametrize("players", [2, 4])
def test_every_kind_of_bot_plays_whole_games(players: int, first_joker: str) -> None:
    game = make("in-the-nuts", {"players": players, "first_joker": first_joker})
    kinds = ["greedy", "random", "mcts:sims=8,depth=4", "ismcts:sims=8,depth=4"][:players]
    for seed in range(2):
        agents = [make_agent(kind, game, seat, agent_seed(seed, seat)) for seat, kind in enumerate(kinds)]
        record = run_match(game, agents, seed=seed).record
        state = game.new_state()
        for text in record.actions:
            state.apply(game.parse(text))
        assert state.is_terminal()
