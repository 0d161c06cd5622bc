"""Gymnasium: one seat of a nutbox game for a single learner, the other seats played by nutbox bots.

    import gymnasium
    import nutbox.interop.gymnasium  # registers nutbox/<game>-v0 for every game

    env = gymnasium.make("nutbox/nut-hunt-v0", players=3, opponents="medium")
    observation, info = env.reset(seed=7)
    observation, reward, terminated, truncated, info = env.step(info["action_mask"].argmax())

- Keyword arguments: `seat` (the learner's, default 0), `opponents` (a bot name or level for every other
  seat, or a list with one per other seat in seat order: `random`, `easy`, `medium`, `hard`,
  `mcts:sims=200`, ... as in docs/bots.md; default `easy`), `render_mode` (`human`, which prints the table
  after every reset and step, `ansi`, `rgb_array`), and the game's options by name (`players=3`,
  `automa="advanced"`).
- The observation is the game's encoding of the learner's view (float32 in [0, 1]; each game's
  observation.py documents it). The legal actions come as `info["action_mask"]` (int8) and from
  `action_masks()`, the method maskable learners call.
- A step is one decision of the learner; the bots' decisions and chance (from the environment's
  generator, seeded by `reset(seed=...)`, which also seeds each bot) follow until the learner decides
  again or the game ends. The reward is the learner's return at the end (zero-sum: +1 for a sole win), 0
  before.
- An illegal action is refused: nothing changes, the reward is 0, and `info["illegal"]` says which rule
  forbids it. Stepping a finished game raises.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any, SupportsFloat

from nutbox.interop import rl_extra

with rl_extra(__name__):
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from numpy.typing import NDArray

from nutbox.agents import Agent, make_agent
from nutbox.core import Game, IllegalAction, NutboxError, OptionsError, State, draw_chance
from nutbox.interop import render
from nutbox.interop.encoding import Encoder, legal_mask
from nutbox.play.match import agent_seed
from nutbox.registry import ENTRIES, make


def env_id(game_id: str) -> str:
    """The Gymnasium id of a nutbox game: `nutbox/nut-hunt-v0`."""
    return f"nutbox/{game_id}-v0"


class SeatEnv(gymnasium.Env[NDArray[np.float32], np.int64]):
    """One seat of a nutbox game against nutbox bots (see the module docstring)."""

    # every mode any game may offer, for gymnasium.make's check; each instance lists its game's own
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi", "rgb_array"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: str | Sequence[str] = "easy",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game: Game = make(game, options)
        render.check_mode(self.game, render_mode)
        players = self.game.num_players
        if not 0 <= seat < players:
            raise OptionsError(f"seat {seat} is not a seat of {self.game.title} for {players} (0 to {players - 1})")
        others = [other for other in range(players) if other != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise OptionsError(f"{len(names)} opponents named for {len(others)} other seats ({', '.join(names)})")
        for other, name in zip(others, names, strict=True):
            make_agent(name, self.game, other)  # an unknown bot name is refused now, not at the first reset
        self.seat = seat
        self.opponents = dict(zip(others, names, strict=True))
        self.render_mode = render_mode
        self.metadata = {"render_modes": render.modes(self.game), "render_fps": 4}
        self.encoder = Encoder(self.game)
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.game.num_actions)
        self.game_state: State = self.game.new_state()
        self._chance: random.Random | None = None
        self._bots: dict[int, Agent] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """A new game. The game's options are fixed when the environment is made, so `options` is unused."""
        super().reset(seed=seed)
        if seed is not None or self._chance is None:
            match_seed = seed if seed is not None else secrets.randbits(63)
            self._chance = random.Random(match_seed)
            self._bots = {other: make_agent(name, self.game, other, agent_seed(match_seed, other))
                          for other, name in self.opponents.items()}
        self.game_state = self.game.new_state()
        self._play_others()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        state = self.game_state
        if state.is_terminal():
            raise NutboxError("the game is over: call reset() to start another")
        try:
            state.apply(self.game.action_from_index(int(action)))
        except (IllegalAction, IndexError) as error:
            return self._observation(), 0.0, False, False, {**self._info(), "illegal": str(error)}
        self._play_others()
        over = state.is_terminal()
        reward = state.returns()[self.seat] if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, over, False, self._info()

    def action_masks(self) -> NDArray[np.int8]:
        """The learner's legal actions as 0/1 over the action encoding (all 0 once the game is over)."""
        state = self.game_state
        return legal_mask(self.game, state.legal_actions() if state.to_move() == self.seat else [])

    def render(self) -> str | NDArray[np.uint8] | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: make the environment with "
                                  "render_mode='human', 'ansi' or 'rgb_array'")
            return None
        return render.picture(self.game, self.game_state.view(None), self.render_mode)

    def _play_others(self) -> None:
        """Chance and the bots, until the learner decides or the game ends."""
        assert self._chance is not None
        state = self.game_state
        while True:
            who = state.to_move()
            if state.is_chance():
                state.apply(draw_chance(state, self._chance))
            elif isinstance(who, int) and who != self.seat:
                state.apply(self._bots[who].act(state.view(who), state.legal_actions()))
            else:
                return

    def _observation(self) -> NDArray[np.float32]:
        return self.encoder.encode(self.game_state.view(self.seat))

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}


def register() -> list[str]:
    """Register `nutbox/<game>-v0` with Gymnasium for every game (once); the ids."""
    ids = []
    for game_id in ENTRIES:
        ids.append(env_id(game_id))
        if ids[-1] not in gymnasium.registry:
            gymnasium.register(id=ids[-1], entry_point=f"{__name__}:SeatEnv", kwargs={"game": game_id})
    return ids


ENV_IDS = register()
