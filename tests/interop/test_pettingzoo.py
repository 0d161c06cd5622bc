"""The PettingZoo adapter against PettingZoo's own api_test, seed_test and render_test, wrapped as PettingZoo's
classic games are, and what it adds: rewards from the game's returns, records, snapshots, refusals, render
modes."""

from __future__ import annotations

import functools
import logging
import random
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers import (  # type: ignore[import-untyped]
    AssertOutOfBoundsWrapper,
    OrderEnforcingWrapper,
    TerminateIllegalWrapper,
)

from nutbox.core import IllegalAction, NutboxError, OptionsError, final_state
from nutbox.interop.pettingzoo import NutboxEnv, env, raw_env
from nutbox.registry import GAMES, face, make

# PettingZoo warns about any environment whose observation is a dict of observation and action mask unless
# it is one of its own board games (chess, connect four, ...), which it exempts by name; the dict is the
# same convention those games use.
EXPECTED_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}


def play_randomly(aec: Any, rng: random.Random, steps: int) -> list[np.ndarray]:
    """Up to `steps` legal actions drawn from the masks; the observations seen on the way."""
    seen = []
    for _ in range(steps):
        observation, _, terminated, _, _ = aec.last()
        if terminated:
            break
        seen.append(observation["observation"])
        aec.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return seen


def test_api_test_seed_test_and_render_test_pass(case: tuple[str, int]) -> None:
    game_id, players = case
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_id, players=players), num_cycles=40)
        seed_test(lambda: env(game_id, players=players), num_cycles=40)
        render_test(functools.partial(env, game_id, players=players))  # every mode the game offers, human first
    unexpected = {str(warning.message) for warning in caught} - EXPECTED_WARNINGS
    assert not unexpected


def test_env_is_wrapped_as_pettingzoos_classic_games_and_raw_env_is_bare() -> None:
    aec = env("nut-hunt", players=3)
    assert isinstance(aec, OrderEnforcingWrapper)
    assert isinstance(aec.env, AssertOutOfBoundsWrapper)
    assert isinstance(aec.env.env, TerminateIllegalWrapper)
    assert type(aec.unwrapped) is NutboxEnv and aec.unwrapped is aec.env.env.env
    assert type(raw_env("nut-hunt", players=3)) is NutboxEnv


def test_step_before_reset_gets_the_wrappers_error() -> None:
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before step"):
        env("nuts-sorting").step(0)
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        env("nuts-sorting").agent_selection  # noqa: B018 - the access is what is refused


def test_an_index_outside_the_action_space_is_refused_and_changes_nothing() -> None:
    aec = env("nuts-sorting")
    aec.reset(seed=1)
    before, selected = aec.game_state.view(None), aec.agent_selection
    for outside in (10**6, -1, aec.game.num_actions):
        with pytest.raises(AssertionError, match="action is not in action space"):
            aec.step(outside)
    assert aec.game_state.view(None) == before and aec.agent_selection == selected
    assert not any(aec.terminations.values())


def test_an_action_the_mask_excludes_ends_the_game_with_minus_one_to_the_offender(
    caplog: pytest.LogCaptureFixture,
) -> None:
    aec = env("nut-hunt", players=3)
    aec.reset(seed=4)
    play_randomly(aec, random.Random(4), 10)
    observation, *_ = aec.last()
    offender = aec.agent_selection
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[-1])
    with caplog.at_level(logging.WARNING):
        aec.step(illegal)
    assert "Illegal move made, game terminating with current player losing" in caplog.text
    assert all(aec.terminations.values())
    assert aec.rewards == {agent: -1.0 if agent == offender else 0.0 for agent in aec.possible_agents}
    paid = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():  # every agent collects its reward, then is done
        _, reward, terminated, _, _ = aec.last()
        assert terminated
        paid[agent] += reward
        aec.step(None)
    assert paid == {agent: -1.0 if agent == offender else 0.0 for agent in aec.possible_agents}
    assert not aec.agents


def test_a_restore_through_the_wrappers_judges_by_the_restored_mask() -> None:
    aec = env("nuts-sorting")
    aec.reset(seed=6)
    play_randomly(aec, random.Random(6), 8)  # into play, where the legal moves change from move to move
    snapshot = aec.snapshot()
    then = aec.last()[0]["action_mask"]
    play_randomly(aec, random.Random(7), 1)
    now = aec.last()[0]["action_mask"]  # the wrapper notes this mask
    legal_then_only = np.flatnonzero((then == 1) & (now == 0))
    assert len(legal_then_only), "the two positions have different legal actions"
    aec.restore(snapshot)
    aec.step(int(legal_then_only[0]))  # legal in the restored position, though not under the mask noted last
    assert not any(aec.terminations.values())


def test_a_whole_game_pays_the_returns_once_at_the_end(short_case: tuple[str, int]) -> None:
    game_id, players = short_case
    aec = env(game_id, players=players)
    aec.reset(seed=3)
    rng = random.Random(3)
    paid = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, terminated, _, _ = aec.last()
        paid[agent] += reward
        if not terminated:
            assert reward == 0.0
            assert observation["action_mask"].any()
            aec.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        else:
            assert not observation["action_mask"].any()
            aec.step(None)
    replayed = final_state(aec.record(), aec.game)
    assert replayed.is_terminal()
    assert list(paid.values()) == pytest.approx(replayed.returns())


def test_the_record_replays_to_the_environments_state() -> None:
    aec = env("nut-hunt", players=3)
    aec.reset(seed=11)
    play_randomly(aec, random.Random(11), 60)
    record = aec.record()
    assert record.seed == 11 and record.seats == ["player_0", "player_1", "player_2"]
    assert final_state(record, aec.game).view(None) == aec.game_state.view(None)


def test_a_snapshot_restores_state_chance_and_bookkeeping() -> None:
    aec = env("in-the-nuts", players=3)
    aec.reset(seed=5)
    play_randomly(aec, random.Random(5), 20)
    snapshot = aec.snapshot()
    first = play_randomly(aec, random.Random(99), 40)
    after_first = aec.game_state.view(None)
    aec.restore(snapshot)
    assert aec.game_state.view(None) != after_first
    second = play_randomly(aec, random.Random(99), 40)
    assert len(first) == len(second) and all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))
    aec.restore(snapshot)  # a snapshot serves any number of restores
    third = play_randomly(aec, random.Random(99), 40)
    assert all(np.array_equal(a, b) for a, b in zip(first, third, strict=True))
    with pytest.raises(ValueError, match="another environment"):
        env("in-the-nuts", players=3).restore(snapshot)
    with pytest.raises(NutboxError, match=r"reset\(\) the environment before taking a snapshot"):
        env("in-the-nuts").snapshot()


def test_an_illegal_action_to_the_raw_env_raises_naming_the_rule_and_changes_nothing() -> None:
    aec = raw_env("nuts-sorting")
    aec.reset(seed=1)
    observation, *_ = aec.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[-1])
    before, selected = aec.game_state.view(None), aec.agent_selection
    with pytest.raises(IllegalAction, match="illegal: "):
        aec.step(illegal)
    with pytest.raises(IndexError, match=r"outside 0\.\.4273"):
        aec.step(10**6)
    with pytest.raises(ValueError, match="None is the action only of an agent whose game is over"):
        aec.step(None)
    assert aec.game_state.view(None) == before and aec.agent_selection == selected


def test_observations_are_the_encoding_with_a_mask_only_for_the_seat_to_move() -> None:
    aec = env("nut-hunt", players=2)
    aec.reset(seed=2)
    to_move = aec.agent_selection
    other = next(agent for agent in aec.agents if agent != to_move)
    assert aec.observe(to_move)["action_mask"].sum() == len(aec.game_state.legal_actions())
    assert not aec.observe(other)["action_mask"].any()
    seat = aec.possible_agents.index(other)
    assert np.array_equal(aec.observe(other)["observation"], aec.encoder.encode(aec.game_state.view(seat)))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_render_modes(game_id: str) -> None:
    text = env(game_id, render_mode="ansi")
    text.reset(seed=1)
    picture = text.render()
    assert isinstance(picture, str) and "\x1b[" in picture
    view = text.game_state.view(None)
    assert f"to decide: {face(game_id).decision(view)}" in picture  # the decision in words under the picture
    if not face(game_id).draws_svg:
        return
    image = env(game_id, render_mode="rgb_array")
    image.reset(seed=1)
    pixels = image.render()
    assert isinstance(pixels, np.ndarray) and pixels.dtype == np.uint8
    assert pixels.ndim == 3 and pixels.shape[2] == 3 and pixels.shape[0] > 100
    assert len(np.unique(pixels.reshape(-1, 3), axis=0)) > 5, "the picture is more than a blank"


def test_human_prints_the_table_after_every_reset_and_step(capsys: pytest.CaptureFixture[str]) -> None:
    aec = env("nut-hunt", players=2, render_mode="human")
    aec.reset(seed=1)
    shown = capsys.readouterr().out
    assert f"to decide: {face('nut-hunt').decision(aec.game_state.view(None))}" in shown
    assert "\x1b[" not in shown, "no colour escapes when stdout is not a terminal"
    play_randomly(aec, random.Random(1), 1)
    assert f"to decide: {face('nut-hunt').decision(aec.game_state.view(None))}" in capsys.readouterr().out
    assert aec.render() is None
    assert "to decide: " in capsys.readouterr().out


def test_rgb_array_is_refused_clearly_for_a_game_without_an_svg_renderer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(face("nut-cards"), "draws_svg", False)  # a game that brings no SVG picture
    with pytest.raises(OptionsError, match="Nut has no SVG renderer yet, so render_mode='rgb_array' is not available"):
        env("nut-cards", render_mode="rgb_array")
    assert env("nut-cards").metadata["render_modes"] == ["human", "ansi"]
    with pytest.raises(OptionsError, match="render_mode 'rgb' is not one of human, ansi"):
        env("nut-cards", render_mode="rgb")


def test_options_reach_the_game_and_bad_ones_are_refused() -> None:
    assert env("nut-hunt", players=1, automa="expert").game.options == make("nut-hunt", {"players": 1,
                                                                                        "automa": "expert"}).options
    assert env("nut-hunt", players=1).possible_agents == ["player_0"]
    with pytest.raises(OptionsError, match="unknown option colour"):
        env("nut-hunt", colour="red")
    with pytest.raises(OptionsError, match="no game called 'chess'"):
        env("chess")
