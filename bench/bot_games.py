"""The game loop the benches that watch bots' positions share: `bot` in every seat, chance drawn by a seeded rng."""

from __future__ import annotations

import random
from collections.abc import Iterator

from nutbox.agents import make_agent
from nutbox.core import Game, State, draw_chance


def decisions(game: Game, bot: str, seed: int) -> Iterator[tuple[State, int, int]]:
    """Plays game `seed`, yielding (state, seat to move, decisions so far) before each decision. The state is
    the game's own, so the caller only looks at it; once the loop ends it holds the final position."""
    rng = random.Random(seed)
    state = game.new_state()
    agents = [make_agent(bot, game, seat, seed=100 * seed + seat) for seat in range(game.num_players)]
    made = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(draw_chance(state, rng))
            continue
        seat = state.to_move()
        assert isinstance(seat, int)
        yield state, seat, made
        made += 1
        state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
