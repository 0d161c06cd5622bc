"""The running score a study follows the lead with: absent throughout, or one number per seat at every
decision that ends as the final score. Checked on every registered game through the protocol."""

from __future__ import annotations

import random

import pytest

from nutbox.core import random_action
from nutbox.registry import GAMES, make


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_running_score_is_kept_throughout_and_ends_as_the_score(game_id: str) -> None:
    game = make(game_id, {"players": max(2, GAMES[game_id].min_players)})
    state, rng = game.new_state(), random.Random(5)
    seen = []
    while not state.is_terminal():
        if not state.is_chance():
            seen.append(state.running_scores())
        state.apply(random_action(state, rng))
    final = state.running_scores()
    if final is None:
        assert seen and all(scores is None for scores in seen)
    else:
        assert all(scores is not None and len(scores) == game.num_players for scores in seen)
        assert final == state.scores()
        assert len({tuple(scores) for scores in seen if scores is not None}) > 1  # it moves during the game
