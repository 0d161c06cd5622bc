"""The OpenSpiel adapter against OpenSpiel's own random_sim_test (serialisation included), its CFR and
exploitability code, its Python MCTS and ISMCTS bots (and evaluate_bots, as docs/interop.md shows), and what
the adapter promises: JSON records, observations from the encoding, perfect-recall information states,
resampling."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest
from open_spiel.python import policy as policy_lib  # type: ignore[import-untyped]
from open_spiel.python.algorithms import cfr, exploitability, ismcts, mcts  # type: ignore[import-untyped]

from nutbox.agents import make_agent
from nutbox.core import NutboxError, RecordError
from nutbox.games.nuts_sorting.board import NAMES
from nutbox.interop.encoding import Encoder
from nutbox.interop.openspiel import GAMES, NutboxState, short_name
from nutbox.registry import ENTRIES

DOCS = Path(__file__).resolve().parents[2] / "docs" / "interop.md"


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


def test_observations_are_the_encoding_of_the_seats_view_and_the_view() -> None:
    game = load("nuts-factory", players=3)
    state = game.new_initial_state()
    play_chance(state, np.random.RandomState(2))
    encoder = Encoder(game.nutbox)
    for seat in range(3):
        assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), encoder.encode(state.view(seat)))
        assert json.loads(state.observation_string(seat)) == state.view(seat)
        information = json.loads(state.information_state_string(seat))
        assert information["view"] == state.view(seat)
        assert information["actions"] == list(state.recall(seat).actions) == []  # no seat has decided yet
    public = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False,
                                                               private_info=pyspiel.PrivateInfoType.NONE))
    assert json.loads(public.string_from(state, 1)) == state.view(None)
    public.set_from(state, 1)
    assert np.array_equal(public.tensor, encoder.encode(state.view(None)))
    with pytest.raises(ValueError, match="not every seat's"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False,
                                                         private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_the_information_state_has_no_tensor_and_no_public_perfect_recall() -> None:
    """A perfect-recall history has no length bound, so no fixed-size tensor: the game says so, and asking
    anyway is answered; a perfect-recall observer of the public view alone is refused."""
    game = load("nut-hunt", players=2)
    assert not game.get_type().provides_information_state_tensor
    assert game.get_type().provides_information_state_string
    information = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert information.tensor is None
    with pytest.raises(NutboxError, match="no tensor"):
        game.new_initial_state().information_state_tensor(0)
    with pytest.raises(ValueError, match="not for the public view"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True,
                                                         private_info=pyspiel.PrivateInfoType.NONE))


# A Nuts Sorting deal, drawn as docs/games/nuts-sorting.md draws the board (row i on top, row a at the
# bottom): r red, b blue, y yellow, k black, w white, g gray, . the blank. Red at c4 and blue at a2 are
# groups of their own (the first cells of their groups), black at e1 too, and each colour has other groups.
DEAL = """
    w k r k w
   r k w g w g
  y . r k y y g
 g r r g y y b g
g k b y y w w r y
 w b r y w k b g
  r b b r g g b
   y b b k k k
    w b r k w
"""
COLOUR = {"r": "red", "b": "blue", "y": "yellow", "k": "black", "w": "white", "g": "gray", ".": "empty"}
# Seat 1 takes black, white and gray, which leaves seat 0 red, blue and yellow and the first move; seat 1,
# the second player, removes one piece of each side (rulebook, Setup).
SETUP = ("choose bwg", "remove i9", "remove i7")


def sorting_after(*moves: str) -> NutboxState:
    """Nuts Sorting through OpenSpiel: DEAL dealt cell by cell in reading order, SETUP, then `moves`."""
    game = load("nuts-sorting")
    state = game.new_initial_state()
    tokens = [token for line in reversed(DEAL.strip().splitlines()) for token in line.split()]
    deals = [f"deal {name} {COLOUR[token]}" for name, token in zip(NAMES, tokens, strict=True)]
    for text in (*deals, *SETUP, *moves):
        state.apply_action(game.nutbox.action_index(game.nutbox.parse(text)))
    return state


def test_the_information_state_remembers_the_order_of_the_seats_own_decisions() -> None:
    """Seat 0 picks up c4 then a2, or a2 then c4, around seat 1 picking up e1: the board ends the same, so
    both seats observe the same, but neither is in the same information state. Seat 0 decided in another
    order, and seat 1 decided on another board (after c4 or after a2 was taken): perfect recall keeps both."""
    one = sorting_after("x c4", "x e1", "x a2")
    other = sorting_after("x a2", "x e1", "x c4")
    assert one.current_player() == other.current_player() == 1
    for seat in (0, 1):
        assert one.observation_string(seat) == other.observation_string(seat)
        assert one.observation_tensor(seat) == other.observation_tensor(seat)
        assert one.information_state_string(seat) != other.information_state_string(seat)
    assert json.loads(one.information_state_string(0))["actions"] == ["x c4", "x a2"]
    assert json.loads(other.information_state_string(0))["actions"] == ["x a2", "x c4"]
    seat1 = [json.loads(state.information_state_string(1)) for state in (one, other)]
    assert seat1[0]["actions"] == seat1[1]["actions"] == ["choose bwg", "remove i9", "remove i7", "x e1"]
    assert seat1[0]["shown"] != seat1[1]["shown"], "seat 1 took x e1 on a board without c4, or without a2"


def test_the_information_state_is_the_same_kept_move_by_move_replayed_or_cloned() -> None:
    """The history kept move by move, the one worked out from a record, and a clone's are the same."""
    played = sorting_after("x c4")
    played.information_state_string(0)  # from here on the history is kept as the moves are made
    for text in ("x e1", "x a2"):
        played.apply_action(played.get_game().nutbox.action_index(played.get_game().nutbox.parse(text)))
    replayed = played.get_game().deserialize_state(played.serialize())
    cloned = played.clone()
    for seat in (0, 1):
        expected = played.information_state_string(seat)
        assert replayed.information_state_string(seat) == cloned.information_state_string(seat) == expected
    assert played.information_state_string(0) == sorting_after("x c4", "x e1", "x a2").information_state_string(0)


def random_endgame(game_id: str, players: int, most: int, wanted: Callable[[NutboxState], bool]) -> NutboxState:
    """A position near the end of a random game, from which the rest of the game tree has at most `most`
    nodes, and which is `wanted`: the first found, going back from the end of each of a series of games."""
    game = load(game_id, players=players)
    for seed in range(20):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        actions = state.history()
        for back in range(1, len(actions)):
            start = game.new_initial_state()
            for action in actions[:-back]:
                start.apply_action(action)
            if tree_size(start, most) > most:
                break
            if wanted(start):
                return start
    raise AssertionError(f"none of 20 random games of {game_id} has such an endgame")


def tree_size(state: NutboxState, most: int) -> int:
    """The number of nodes in the game tree below `state` (itself included), or more than `most`."""
    size = 1
    if not state.is_terminal():
        chance = state.is_chance_node()
        for action in [action for action, _ in state.chance_outcomes()] if chance else state.legal_actions():
            size += tree_size(state.child(action), most - size)
            if size > most:
                break
    return size


def assert_perfect_recall(root: NutboxState) -> dict[str, int]:
    """Walk the whole tree below `root`: at every decision, the deciding seat's information state must name
    one sequence of that seat's earlier (information state, action) pairs and one set of legal actions (the
    definition of perfect recall). The number of decisions in each information state."""
    seen: dict[str, tuple[tuple[Any, ...], tuple[int, ...]]] = {}
    decisions: dict[str, int] = {}

    def walk(state: NutboxState, paths: tuple[tuple[tuple[str, int], ...], ...]) -> None:
        if state.is_terminal():
            return
        if state.is_chance_node():
            for action, _ in state.chance_outcomes():
                walk(state.child(action), paths)
            return
        seat = state.current_player()
        key = state.information_state_string(seat)
        legal = tuple(state.legal_actions())
        assert seen.setdefault(key, (paths[seat], legal)) == (paths[seat], legal), (
            f"seat {seat} reaches one information state by two different histories of its own")
        decisions[key] = decisions.get(key, 0) + 1
        for action in legal:
            extended = list(paths)
            extended[seat] = (*paths[seat], (key, action))
            walk(state.child(action), tuple(extended))

    walk(root, ((),) * root.get_game().num_players())
    return decisions


def test_perfect_recall_holds_over_whole_endgames() -> None:
    """Every endgame looked at is checked whole (`wanted` runs the check), up to one of the kind wanted."""

    def hidden_draws(root: NutboxState) -> bool:  # seats decide not knowing what chance drew
        decisions = assert_perfect_recall(root)
        return len(decisions) > 20 and max(decisions.values()) > 1

    def many_decisions(root: NutboxState) -> bool:
        return len(assert_perfect_recall(root)) > 20

    assert hidden_draws(random_endgame("nut-hunt", 2, most=3000, wanted=hidden_draws))
    assert many_decisions(random_endgame("nuts-sorting", 2, most=400, wanted=many_decisions))


class Endgame:
    """A game as OpenSpiel's tabular algorithms see it, starting from `root`: they enumerate the whole tree
    from the initial state(s), which a game of thousands of decisions does not allow."""

    def __init__(self, root: NutboxState) -> None:
        self.root = root
        self.game = root.get_game()

    def new_initial_state(self) -> NutboxState:
        return self.root.clone()

    def new_initial_states(self) -> list[NutboxState]:
        return [self.root.clone()]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


def uniform_nash_conv(root: NutboxState) -> float:
    endgame = Endgame(root)
    return float(exploitability.nash_conv(endgame, policy_lib.UniformRandomPolicy(endgame)))


def test_openspiel_cfr_solves_an_endgame_by_information_states() -> None:
    def contested(root: NutboxState) -> bool:  # a real choice for both: random play is far from an equilibrium
        return tree_size(root, 400) > 100 and uniform_nash_conv(root) > 0.5

    root = random_endgame("nuts-sorting", 2, most=400, wanted=contested)
    endgame = Endgame(root)
    solver = cfr.CFRSolver(endgame)
    for _ in range(10):
        solver.evaluate_and_update_policy()
    solved = exploitability.nash_conv(endgame, solver.average_policy())
    assert -1e-9 <= solved < uniform_nash_conv(root) / 2


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
    with pytest.raises(NutboxError, match="seat 0's history in it, and its information state, are unknown"):
        drawn.information_state_string(0)
    with pytest.raises(Exception, match="no record leads to it"):
        drawn.serialize()


@pytest.mark.parametrize("game_id", ["nut-hunt", "nuts-factory"])
def test_resampling_sees_only_the_seats_view(game_id: str) -> None:
    """Two states that one seat cannot tell apart (the second drawn from the first for that seat, so the
    other seat's secrets differ) resample alike for that seat, draw for draw: nothing hidden leaks into what
    ISMCTS searches."""
    game = load(game_id, players=2)
    state = game.new_initial_state()
    rng = np.random.RandomState(5)
    twin = None
    while twin is None:  # play on until the other seat holds a secret (Nuts!: once it holds a bonus card)
        play_chance(state, rng)
        state.apply_action(int(rng.choice(state.legal_actions())))
        play_chance(state, rng)
        seat, other = state.current_player(), 1 - state.current_player()
        draws = (state.resample_from_infostate(seat, random.Random(n).random) for n in range(20))
        twin = next((drawn for drawn in draws if drawn.view(other) != state.view(other)), None)
    assert twin.view(seat) == state.view(seat)
    for n in range(8):
        ours, theirs = (s.resample_from_infostate(seat, random.Random(n).random) for s in (state, twin))
        assert str(ours) == str(theirs)  # every seat's view of the drawn states: the whole state


@pytest.mark.parametrize("game_id", ["nut-hunt", "nuts-factory"])
def test_openspiel_ismcts_plays_a_whole_game_against_hard(game_id: str) -> None:
    """The match bench/interop.py times, in miniature: OpenSpiel's ISMCTSBot and nutbox's `hard` level (its
    budget cut short) take turns through the adapter to the end of a two-player game."""
    game = load(game_id, players=2)
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng, max_length=10), 2.0, 3, random_state=rng,
                           use_observation_string=True)
    hard = make_agent(f"ismcts:{game.nutbox.bot_search},sims=5", game.nutbox, 0, 2)
    state = game.new_initial_state()
    while not state.is_terminal():
        play_chance(state, rng)
        if state.is_terminal():
            break
        if state.current_player() == 0:
            action = game.nutbox.action_index(hard.act(state.view(0), state.position.state.legal_actions()))
        else:
            action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == 0 and max(state.returns()) > 0


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
    evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=10)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng, use_observation_string=True)
    state = game.new_initial_state()
    for _ in range(3):
        play_chance(state, rng)
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    # keyed by information states, ISMCTS would need the other seats' histories in a drawn state: unknown
    keyed_by_history = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng)
    with pytest.raises(NutboxError, match=r"use_observation_string=True"):
        for _ in range(30):
            play_chance(state, rng)
            state.apply_action(keyed_by_history.step(state))


def test_the_documented_ismcts_workaround_plays_nut_hunt_in_evaluate_bots() -> None:
    """docs/interop.md's example, run as written: OpenSpiel's evaluate_bots calls restart_at, which its
    ISMCTSBot lacks (the error it gives is the one the page quotes)."""
    code = re.search(r"<!-- tested -->\n```python\n(.*?)```", DOCS.read_text(), re.DOTALL)
    assert code, "docs/interop.md marks its ISMCTS example with <!-- tested -->"
    game = load("nut-hunt", players=2)
    rng = np.random.RandomState(0)
    plain = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 4, random_state=rng,
                             use_observation_string=True)
    with pytest.raises(pyspiel.SpielError, match=r"RestartAt\(state\) not implemented"):
        plain.restart_at(game.new_initial_state())
    namespace: dict[str, Any] = {}
    exec(code.group(1), namespace)  # the documentation's own example, as written
    returns = namespace["returns"]
    assert len(returns) == 2 and sum(returns) == 0 and set(returns) <= {-1.0, 0.0, 1.0}
