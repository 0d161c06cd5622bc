"""The Gymnasium adapter against Gymnasium's own check_env, and the seat it gives a learner: bots at the other
seats, refusals that change nothing, the return at the end."""

from __future__ import annotations

import random
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from nutbox.core import NutboxError, OptionsError
from nutbox.interop.gymnasium import ENV_IDS, SeatEnv, env_id
from nutbox.registry import ENTRIES, face


def test_every_game_is_registered() -> None:
    assert sorted(ENV_IDS) == sorted(env_id(game_id) for game_id in ENTRIES)
    assert env_id("nut-hunt") == "nutbox/nut-hunt-v0"


@pytest.mark.parametrize(("game_id", "players"), [(game_id, 2) for game_id in sorted(ENTRIES)] + [("nut-hunt", 1)])
def test_check_env_passes_without_warnings(game_id: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        made = gymnasium.make(env_id(game_id), players=players, opponents="random")
        check_env(made.unwrapped)
    assert not [str(warning.message) for warning in caught]


def play_to_the_end(env: SeatEnv, seed: int) -> tuple[list[float], dict[str, Any]]:
    rng = random.Random(seed)
    _, info = env.reset(seed=seed)
    rewards = []
    while True:
        assert env.game_state.to_move() == env.seat, "the learner is asked only when it is to decide"
        legal = np.flatnonzero(info["action_mask"]).tolist()
        _, reward, terminated, truncated, info = env.step(rng.choice(legal))
        rewards.append(float(reward))
        assert not truncated
        if terminated:
            return rewards, info


def test_the_reward_is_the_learners_return_at_the_end() -> None:
    env = SeatEnv("nut-hunt", seat=2, opponents=["random", "easy"], players=3)
    rewards, info = play_to_the_end(env, 4)
    assert env.game_state.is_terminal()
    assert rewards[:-1] == [0.0] * (len(rewards) - 1)
    assert rewards[-1] == env.game_state.returns()[2] != 0.0
    assert not info["action_mask"].any()
    with pytest.raises(NutboxError, match="the game is over"):
        env.step(0)


def test_a_seed_replays_the_bots_and_chance() -> None:
    first = SeatEnv("in-the-nuts", opponents="easy", players=3)
    second = SeatEnv("in-the-nuts", opponents="easy", players=3)
    assert play_to_the_end(first, 9)[0] == play_to_the_end(second, 9)[0]
    assert first.game_state.view(None) == second.game_state.view(None)


def test_an_illegal_action_is_refused_with_its_rule_and_changes_nothing() -> None:
    env = SeatEnv("nuts-sorting", opponents="random")
    observation, info = env.reset(seed=1)
    before = env.game_state.view(None)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[-1])
    again, reward, terminated, truncated, info = env.step(illegal)
    assert "is illegal: " in info["illegal"] and reward == 0.0 and not terminated and not truncated
    assert np.array_equal(again, observation) and env.game_state.view(None) == before
    _, _, _, _, info = env.step(10**6)
    assert "outside 0..4273" in info["illegal"]


def test_the_seats_and_bots_are_checked_when_the_environment_is_made() -> None:
    with pytest.raises(OptionsError, match="seat 3 is not a seat of Nut Hunt for 3"):
        SeatEnv("nut-hunt", seat=3, players=3)
    with pytest.raises(OptionsError, match="1 opponents named for 2 other seats"):
        SeatEnv("nut-hunt", opponents=["easy"], players=3)
    with pytest.raises(OptionsError, match="no bot called 'genius'"):
        SeatEnv("nut-hunt", opponents="genius")
    solo = SeatEnv("nut-hunt", players=1)
    assert solo.opponents == {}
    _, info = solo.reset(seed=2)
    assert info["action_mask"].any()


def test_human_prints_the_table_after_every_reset_and_step(capsys: pytest.CaptureFixture[str]) -> None:
    env = SeatEnv("nut-hunt", opponents="random", render_mode="human", players=2)
    assert env.metadata["render_modes"] == ["human", "ansi", "rgb_array"]
    _, info = env.reset(seed=3)
    assert f"to decide: {face('nut-hunt').decision(env.game_state.view(None))}" in capsys.readouterr().out
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert "Player " in capsys.readouterr().out
    assert env.render() is None
    assert "Player " in capsys.readouterr().out
