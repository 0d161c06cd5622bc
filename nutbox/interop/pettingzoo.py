"""PettingZoo AEC environments: every nutbox game at every player count, seats taking turns.

    from nutbox.interop.pettingzoo import env

    aec = env("nut-hunt", players=3)
    aec.reset(seed=7)
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, info = aec.last()
        action = None if terminated else policy(observation["observation"], observation["action_mask"])
        aec.step(action)

- Agents are `player_0` ... `player_{n-1}`, one per seat (solo Nut Hunt has one: the Automa is part of the
  rules). The agent selected is always the seat to decide: chance (deals, dice, draws, the Automa's rolls)
  is resolved inside, from the environment's generator, seeded by `reset(seed=...)`; `reset()` without a
  seed carries on with the same generator, as Gymnasium does.
- An observation is `{"observation": float32 vector in [0, 1], "action_mask": int8 vector}`: the game's
  encoding of that seat's view (each game's observation.py documents its layout) and its legal actions in
  the game's action encoding (`game.action_index`); the mask is all zeros when it is not that seat's turn.
- Rewards come once, at the end: the game's returns (zero-sum: a sole winner +1, the others share -1;
  solo Nut Hunt: +1 or -1 against the Automa). No game is truncated.
- `env()` wraps the environment as PettingZoo's classic games are: an action the mask excludes ends the
  game with -1 for the agent that took it and 0 for the others (TerminateIllegalWrapper), an action outside
  the action space fails an assertion (AssertOutOfBoundsWrapper), and calls out of order, such as `step()`
  before `reset()`, are refused (OrderEnforcingWrapper). `raw_env()` is the bare environment, on which an
  illegal action raises IllegalAction naming the rule and changes nothing; `env(...).unwrapped` is it too.
- `snapshot()` and `restore()` copy the whole environment (the true state, the generator, the
  bookkeeping) in microseconds, for planning; a snapshot holds what the seats cannot see, so a fair
  planner searches determinizations of a view instead (`game.determinize`).
- `record()` is the game so far as a nutbox record, for `nutbox replay`.
- render_mode `human` prints the terminal table's picture of the spectator's view after every reset and
  step (and on `render()`), `ansi` returns it as text, `rgb_array` returns the browser table's (games with
  an SVG renderer).
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from dataclasses import dataclass
from typing import Any

from nutbox.interop import rl_extra

with rl_extra(__name__):
    import numpy as np
    from gymnasium import logger, spaces
    from numpy.typing import NDArray
    from pettingzoo import AECEnv  # type: ignore[import-untyped]  # pettingzoo ships no type hints
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from nutbox.core import Action, Game, NutboxError, Record, State, draw_chance
from nutbox.interop import render
from nutbox.interop.encoding import Encoder, legal_mask
from nutbox.registry import make

ObservationDict = dict[str, NDArray[Any]]


ILLEGAL_REWARD = -1  # what PettingZoo's classic games give an agent that takes an action its mask excludes


def env(game: str, render_mode: str | None = None, **options: Any) -> AECEnv:
    """The AEC environment of `game` (a registered id) with its options by name, `env("nut-hunt", players=3)`,
    wrapped as PettingZoo's classic environments are (see the module docstring)."""
    wrapped = TerminateIllegal(raw_env(game, render_mode, **options), illegal_reward=ILLEGAL_REWARD)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def raw_env(game: str, render_mode: str | None = None, **options: Any) -> NutboxEnv:
    """The bare AEC environment of `game`, without the wrappers `env` adds."""
    return NutboxEnv(make(game, options), render_mode)


class TerminateIllegal(wrappers.TerminateIllegalWrapper):  # type: ignore[misc]  # the wrapper is untyped
    """PettingZoo's TerminateIllegalWrapper, which also forgets what it noted before a `restore`: it judges an
    action by the mask it last observed, and a restored environment has other masks."""

    def restore(self, snapshot: Snapshot) -> None:
        self.env.restore(snapshot)
        self._prev_obs = self._prev_info = None
        self._terminated = False


def agent_name(seat: int) -> str:
    return f"player_{seat}"


@dataclass(frozen=True)
class Snapshot:
    """Everything a NutboxEnv holds, copied: `restore` brings the environment back to it (any number of times)."""

    state: State
    chance: tuple[Any, ...]
    actions: tuple[str, ...]
    seed: int | None
    agents: tuple[str, ...]
    agent_selection: str
    rewards: dict[str, float]
    cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]


class NutboxEnv(AECEnv):  # type: ignore[misc]  # AECEnv is untyped
    """One nutbox game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        render.check_mode(game, render_mode)
        self.game = game
        self.render_mode = render_mode
        self.encoder = Encoder(game)
        self.metadata = {
            "name": f"nutbox_{game.id.replace('-', '_')}_v0",
            "render_modes": render.modes(game),
            "is_parallelizable": False,
        }
        self.possible_agents = [agent_name(seat) for seat in range(game.num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (game.num_actions,), np.int8),
            })
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(game.num_actions) for agent in self.possible_agents}
        self._chance: random.Random | None = None
        self._seed: int | None = None
        self.game_state: State = game.new_state()
        self._actions: list[str] = []
        self.agents: list[str] = []

    # --- the PettingZoo API --------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. The game's options are fixed when the environment is made, so `options` is unused."""
        if seed is not None or self._chance is None:
            self._chance = random.Random(seed if seed is not None else secrets.randbits(64))
        self._seed = seed
        self.game_state = self.game.new_state()
        self._actions = []
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._run_chance()
        self.agent_selection = self._agent_to_move(previous=0)
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> ObservationDict:
        seat = self._seat[agent]
        state = self.game_state
        legal = state.legal_actions() if state.to_move() == seat else []
        return {"observation": self.encoder.encode(state.view(seat)), "action_mask": legal_mask(self.game, legal)}

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to decide: None is the action only of an agent whose game is over")
        chosen = self.game.action_from_index(int(action))
        self.game_state.apply(chosen)  # an illegal action raises IllegalAction here and changes nothing
        self._actions.append(str(chosen))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._run_chance()
        if self.game_state.is_terminal():
            for other, value in zip(self.possible_agents, self.game_state.returns(), strict=True):
                self.rewards[other] = value
                self.terminations[other] = True
        self.agent_selection = self._agent_to_move(previous=self._seat[agent])
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | NDArray[np.uint8] | None:
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode: pass render_mode='human', 'ansi' or "
                        "'rgb_array' to env()")
            return None
        return render.picture(self.game, self.game_state.view(None), self.render_mode)

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""

    # --- beyond PettingZoo ---------------------------------------------------------------------------
    def snapshot(self) -> Snapshot:
        """A copy of the whole environment, true state included, for planning (see `restore`)."""
        if self._chance is None:
            raise NutboxError("reset() the environment before taking a snapshot: no game has started")
        return Snapshot(
            self.game_state.clone(), self._chance.getstate(), tuple(self._actions), self._seed, tuple(self.agents),
            self.agent_selection, dict(self.rewards), dict(self._cumulative_rewards), dict(self.terminations),
            dict(self.truncations),
        )

    def restore(self, snapshot: Snapshot) -> None:
        """Bring the environment back to `snapshot` (which stays valid for further restores)."""
        if snapshot.state.game is not self.game:
            raise ValueError(f"this snapshot is of another environment ({snapshot.state.game!r}), not of {self.game!r}")
        self.game_state = snapshot.state.clone()
        if self._chance is None:
            self._chance = random.Random()
        self._chance.setstate(snapshot.chance)
        self._actions = list(snapshot.actions)
        self._seed = snapshot.seed
        self.agents = list(snapshot.agents)
        self.agent_selection = snapshot.agent_selection
        self.rewards = dict(snapshot.rewards)
        self._cumulative_rewards = dict(snapshot.cumulative_rewards)
        self.terminations = dict(snapshot.terminations)
        self.truncations = dict(snapshot.truncations)
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None

    def record(self) -> Record:
        """The game so far (chance outcomes included) as a nutbox record."""
        return dataclasses.replace(Record.start(self.game, self._seed, list(self.possible_agents)),
                                   actions=list(self._actions))

    # --- inside --------------------------------------------------------------------------------------
    def _run_chance(self) -> None:
        assert self._chance is not None
        state = self.game_state
        while state.is_chance():
            outcome: Action = draw_chance(state, self._chance)
            state.apply(outcome)
            self._actions.append(str(outcome))

    def _agent_to_move(self, previous: int) -> str:
        """The seat to decide; once the game is over, the seat after the last to act (all are terminated)."""
        who = self.game_state.to_move()
        if isinstance(who, int):
            return agent_name(who)
        return agent_name((previous + 1) % self.game.num_players)
