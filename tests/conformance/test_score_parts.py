"""Where the points come from (State.score_parts), for every game that gives them: nothing before the end, then
per seat the same named parts, adding up to the seat's score, over random games."""

from __future__ import annotations

import random

from nutbox.core import Game, random_action


def test_score_parts_add_up_to_the_scores_once_the_game_is_over(game: Game) -> None:
    rng = random.Random(7)
    for _ in range(6):
        state = game.new_state()
        while not state.is_terminal():
            assert state.score_parts() is None
            state.apply(random_action(state, rng))
        parts = state.score_parts()
        if parts is None:  # (a game without them: a win without points)
            continue
        scores = state.scores()
        assert len(parts) == len(scores)
        assert len({tuple(seat) for seat in parts}) == 1, parts  # the same parts for every seat, in one order
        for seat, score in zip(parts, scores, strict=True):
            assert sum(seat.values()) == score, (seat, score)
