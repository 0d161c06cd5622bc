"""The match runner and the two free bots, through the protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from nutbox.agents import AGENTS, Agent, make_agent
from nutbox.core import Action, OptionsError, final_state
from nutbox.play import Match, agent_seed, run_match
from nutbox.registry import GAMES, make


class SpyAgent(Agent):
    """Random play that remembers what it was handed."""

    name = "spy"
    description = "records its inputs"

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.handed: list[tuple[Any, Any]] = []

    def act(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        self.handed.append((view, legal))
        return self.rng.choice(legal)


def bots(game_id: str, names: list[str], seed: int) -> tuple[Any, list[Agent]]:
    game = make(game_id)
    return game, [make_agent(name, game, seat, agent_seed(seed, seat)) for seat, name in enumerate(names)]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_same_seed_gives_the_same_game(game_id: str) -> None:
    records = []
    for _ in range(2):
        game, agents = bots(game_id, ["random"] * make(game_id).num_players, seed=11)
        records.append(run_match(game, agents, seed=11).record.to_json())
    assert records[0] == records[1]
    game, agents = bots(game_id, ["random"] * make(game_id).num_players, seed=12)
    assert run_match(game, agents, seed=12).record.actions != records[0]["actions"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_match_record_replays_to_its_final_state(game_id: str) -> None:
    seats = ["greedy"] + ["random"] * (make(game_id).num_players - 1)  # one searching bot keeps it quick
    game, agents = bots(game_id, seats, seed=3)
    match = run_match(game, agents, seed=3)
    assert match.state.is_terminal()
    assert final_state(match.record, game).view(None) == match.state.view(None)
    assert match.record.seats == seats


def test_agents_are_handed_their_own_view_and_the_legal_actions_only() -> None:
    game = make("nuts-sorting")
    spies = [SpyAgent(game, seat, seat) for seat in range(2)]
    match = run_match(game, spies, seed=5)
    assert match.state.is_terminal()
    for seat, spy in enumerate(spies):
        assert spy.handed, "every seat decides at least once in Nuts Sorting"
        for view, legal in spy.handed:
            assert isinstance(view, dict) and view["seat"] == seat
            assert legal and all(isinstance(action, Action) for action in legal)


def test_resuming_a_saved_match_continues_from_its_record() -> None:
    game, agents = bots("nuts-sorting", ["random", "random"], seed=8)
    match = run_match(game, agents, seed=8)
    half = match.record.to_json()
    half["actions"] = half["actions"][:70]
    from nutbox.core import Record

    resumed = Match.resume(game, Record.from_json(half))
    assert resumed.record.actions == match.record.actions[:70]
    assert resumed.state.view(None) == final_state(Record.from_json(half), game).view(None)


def test_greedy_beats_random_at_nuts_sorting() -> None:
    """One ply of the heuristic is far better than chance (measured: 40 of 40 games)."""
    game = make("nuts-sorting")
    greedy_wins = 0
    for seed in range(20):
        seat = seed % 2
        agents: list[Agent] = [make_agent("random", game, s, agent_seed(seed, s)) for s in range(2)]
        agents[seat] = make_agent("greedy", game, seat, agent_seed(seed, seat))
        greedy_wins += seat in run_match(game, agents, seed=seed).state.winners()
    assert greedy_wins >= 17


def test_unknown_bot_is_refused_with_the_known_ones() -> None:
    with pytest.raises(OptionsError, match="random"):
        make_agent("deep-blue", make("nuts-sorting"), 0)
    assert set(AGENTS) >= {"random", "greedy"}


def test_run_match_needs_one_agent_per_seat() -> None:
    game = make("nuts-sorting")
    with pytest.raises(ValueError, match="needs 2 agents"):
        run_match(game, [make_agent("random", game, 0)], seed=1)
