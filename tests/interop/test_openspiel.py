"""The OpenSpiel adapter against OpenSpiel's own random_sim_test (serialisation included), its Python MCTS
and ISMCTS bots, and what the adapter promises: JSON records, tensors from the encoding, resampling."""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

from nutbox.core import RecordError
from nutbox.interop.encoding import Encoder
from nutbox.interop.openspiel import GAMES, NutboxState, short_name
from nutbox.registry import ENTRIES


def load(game_id: str, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(short_name(game_id), params)


def play_chance(state: NutboxState, rng: np.random.RandomState) -> None:
    while state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probabilities)))


def test_every_game_is_registered() -> None:
    assert sorted(GAMES) == sorted(short_name(game_id) for game_id in ENTRIES)
    assert set(GAMES) <= set(pyspiel.registered_names())
    assert short_name("nut-hunt") == "python_nutbox_nut_hunt"


def test_random_sim_test_passes_with_serialisation(short_case: tuple[str, int]) -> None:
    game_id, players = short_case
    pyspiel.random_sim_test(load(game_id, players=players), num_sims=1, serialize=True, verbose=False)


def test_the_game_type_follows_the_options() -> None:
    Information, Utility = pyspiel.GameType.Information, pyspiel.GameType.Utility
    assert load("nut-hunt", players=3).get_type().information == Information.IMPERFECT_INFORMATION
    solo = load("nut-hunt", players=1)
    assert solo.get_type().information == Information.PERFECT_INFORMATION
    assert solo.get_type().utility == Utility.GENERAL_SUM and solo.num_players() == 1
    sorting = load("nuts-sorting")
    assert sorting.get_type().information == Information.PERFECT_INFORMATION
    assert sorting.get_type().utility == Utility.ZERO_SUM
    assert sorting.num_distinct_actions() == sorting.max_chance_outcomes() == 4274


def test_a_text_option_with_commas_survives_the_game_string() -> None:
    game = load("nuts-factory", players=3, die="stop;scamper;hunt;hunt;hunt;hunt-and-roll")
    assert game.nutbox.options.die == "stop,scamper,hunt,hunt,hunt,hunt-and-roll"
    again = pyspiel.load_game(str(game))
    assert again.nutbox.options == game.nutbox.options


def test_serialise_is_the_json_record_and_replays() -> None:
    game = load("nut-hunt", players=3)
    state = game.new_initial_state()
    rng = np.random.RandomState(7)
    for _ in range(80):
        play_chance(state, rng)
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = state.serialize()
    record = json.loads(text)
    assert record["game"] == "nut-hunt" and record["options"]["players"] == 3
    assert all(isinstance(action, str) for action in record["actions"]) and len(record["actions"]) == len(
        state.history())
    again = game.deserialize_state(text)
    assert str(again) == str(state) and again.legal_actions() == state.legal_actions()
    with pytest.raises(RecordError, match="not JSON"):
        game.deserialize_state("history=1:2")
    with pytest.raises(RecordError, match="not of this game"):
        load("nut-hunt", players=2).deserialize_state(text)
    broken = dict(record, actions=[*record["actions"][:-1], "recruit XX"])
    with pytest.raises(RecordError, match=r"actions\[\d+\] 'recruit XX'"):
        game.deserialize_state(json.dumps(broken))


def test_tensors_are_the_encoding_of_the_seats_view_and_strings_the_view() -> None:
    game = load("nuts-factory", players=3)
    state = game.new_initial_state()
    play_chance(state, np.random.RandomState(2))
    encoder = Encoder(game.nutbox)
    for seat in range(3):
        expected = encoder.encode(state.view(seat))
        assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), expected)
        assert np.array_equal(np.array(state.information_state_tensor(seat), np.float32), expected)
        assert json.loads(state.information_state_string(seat)) == state.view(seat)
    public = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False,
                                                               private_info=pyspiel.PrivateInfoType.NONE))
    assert json.loads(public.string_from(state, 1)) == state.view(None)
    public.set_from(state, 1)
    assert np.array_equal(public.tensor, encoder.encode(state.view(None)))
    with pytest.raises(ValueError, match="not every seat's"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False,
                                                         private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_resampling_keeps_the_seats_information_state_and_varies_the_rest() -> None:
    game = load("nut-hunt", players=3)
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    while state.is_chance_node() or state.current_player() != 1:
        play_chance(state, rng)
        if state.current_player() != 1:
            state.apply_action(int(rng.choice(state.legal_actions())))
    draws = random.Random(0)
    hands = set()
    for _ in range(12):
        drawn = state.resample_from_infostate(1, draws.random)
        assert drawn.information_state_string(1) == state.information_state_string(1)
        hands.add(tuple(drawn.position.state.hands[0]))
    assert len(hands) > 1, "the other seats' hidden objectives are drawn anew"
    with pytest.raises(Exception, match="no record leads to it"):
        drawn.serialize()


@pytest.mark.parametrize("game_id", sorted(ENTRIES))
def test_openspiel_mcts_plays_every_game(game_id: str) -> None:
    game = load(game_id)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rng, max_length=10), random_state=rng)
    state = game.new_initial_state()
    for _ in range(3):
        play_chance(state, rng)
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.parametrize("game_id", ["nut-hunt", "nuts-factory"])
def test_openspiel_ismcts_plays_the_games_with_secrets(game_id: str) -> None:
    game = load(game_id, players=3)
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng, max_length=10), 2.0, 8, random_state=rng)
    state = game.new_initial_state()
    for _ in range(3):
        play_chance(state, rng)
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
