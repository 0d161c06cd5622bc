"""Where the points come from (State.score_parts), for every game that gives them: nothing before the end, then
per seat the same named parts, adding up to the seat's score, over random games at every player count (the
`game` fixture). A game that fills the hook must give its parts at the end of every game it plays: None there
would drop it from a study's report without a word."""

from __future__ import annotations

import random

from nutbox.core import Game, State, random_action


def test_score_parts_add_up_to_the_scores_once_the_game_is_over(game: Game) -> None:
    rng = random.Random(7)
    for _ in range(6):
        state = game.new_state()
        while not state.is_terminal():
            assert state.score_parts() is None
            state.apply(random_action(state, rng))
        parts = state.score_parts()
        if type(state).score_parts is State.score_parts:  # (a game without them: a win without points)
            assert parts is None
            continue
        assert parts is not None, f"{game.id} fills score_parts, yet gives none at the end of a game"
        scores = state.scores()
        assert len(parts) == len(scores) == game.num_players
        assert len({tuple(seat) for seat in parts}) == 1, parts  # the same parts for every seat, in one order
        for seat, score in zip(parts, scores, strict=True):
            assert all(isinstance(name, str) and name for name in seat), seat
            assert all(type(points) is float for points in seat.values()), seat
            assert sum(seat.values()) == score, (seat, score)
