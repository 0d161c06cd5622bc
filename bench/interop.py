"""The RL adapters' speed, and nutbox's search against OpenSpiel's through the adapter.

    python bench/interop.py [--seconds S] [--game ID] [--only speed|search] [--positions K] [--sims N]
                            [--games G] [--move-time T] [--nutbox-settings depth=10,...]

Prints:
- speed: random play through each adapter against the native protocol, per game at its default player
  count: decisions per second (a seat's decision: listing its legal actions and applying one; through
  PettingZoo also the observation and mask of the seat, which is how an agent gets the mask; through
  OpenSpiel, with `+obs`, also the observation tensor of the seat) and whole games per second (chance
  included; for Gymnasium, one learner at seat 0 and `random` bots at the others, so its games are the
  same random games), each beside its share of the native figure; and the time a PettingZoo snapshot and
  restore take mid-game;
- search, on Nuts Sorting through the OpenSpiel adapter: simulations per second of nutbox's `mcts`
  (MctsAgent, by default with its default settings: UCT c=1.4, 40 random rollout decisions, then the
  heuristic; `--nutbox-settings` changes them, as in `mcts:depth=10`) and of
  OpenSpiel's Python MCTSBot (uct_c=2, one random rollout to the end), on the same K positions from random
  games; then G games between them at equal time per move (nutbox: a time cap of T seconds; OpenSpiel,
  which has no time cap, gets the simulations its measured rate fits in T, re-estimated after every move),
  seats rotated, with nutbox's score (a draw counts half) and its 95% Wilson interval, and the mean time
  per move each actually took.

Machines here are shared and noisy: compare figures within one run.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped]

from nutbox.agents import MctsAgent, SearchSettings
from nutbox.core import Game, Record, draw_chance, random_action
from nutbox.interop import gymnasium as nutbox_gymnasium
from nutbox.interop import openspiel as nutbox_openspiel
from nutbox.interop.pettingzoo import env as pettingzoo_env
from nutbox.play import agent_seed
from nutbox.registry import GAMES, make
from nutbox.sim.stats import wilson

SEARCH_GAME = "nuts-sorting"
OPENSPIEL_UCT_C = 2.0


# --- speed --------------------------------------------------------------------------------------------
def for_seconds(seconds: float, play_one: Callable[[], int]) -> tuple[float, float]:
    """Play whole games with `play_one` (which returns its decisions) for about `seconds`: decisions and
    games per second."""
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        decisions += play_one()
        games += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, games / elapsed


def native(game: Game, rng: random.Random) -> Callable[[], int]:
    def play_one() -> int:
        state, decisions = game.new_state(), 0
        while not state.is_terminal():
            if state.is_chance():
                state.apply(draw_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions

    return play_one


def through_pettingzoo(game: Game, rng: random.Random) -> Callable[[], int]:
    aec = pettingzoo_env(game.id, players=game.num_players)

    def play_one() -> int:
        aec.reset(seed=rng.randrange(2**31))
        decisions = 0
        for _ in aec.agent_iter():
            observation, _, terminated, _, _ = aec.last()
            if terminated:
                aec.step(None)
                continue
            aec.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            decisions += 1
        return decisions

    return play_one


def through_openspiel(game: Game, rng: random.Random, observe: bool) -> Callable[[], int]:
    spiel = pyspiel.load_game(nutbox_openspiel.short_name(game.id), {"players": game.num_players})

    def play_one() -> int:
        state, decisions = spiel.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        return decisions

    return play_one


def through_gymnasium(game: Game, rng: random.Random) -> Callable[[], int]:
    env = gymnasium.make(nutbox_gymnasium.env_id(game.id), opponents="random", players=game.num_players)

    def play_one() -> int:
        _, info = env.reset(seed=rng.randrange(2**31))
        steps, over = 0, False
        while not over:
            _, _, over, _, info = env.step(rng.choice(np.flatnonzero(info["action_mask"]).tolist()))
            steps += 1
        return steps

    return play_one


def speed(seconds: float, only_game: str | None) -> None:
    print(f"Random play through each adapter, {seconds:g} s each (decisions/s; games/s; share of native)")
    print(f"{'game':<14} {'players':>7} {'adapter':<14} {'decisions/s':>12} {'':>6} {'games/s':>9} {'':>6}")
    for game_id in GAMES:
        if only_game and game_id != only_game:
            continue
        game = make(game_id)
        rng = random.Random(0)
        base_decisions, base_games = for_seconds(seconds, native(game, rng))
        rows: list[tuple[str, float | None, float]] = [("native", base_decisions, base_games)]
        rows.append(("pettingzoo", *for_seconds(seconds, through_pettingzoo(game, rng))))
        rows.append(("openspiel", *for_seconds(seconds, through_openspiel(game, rng, observe=False))))
        rows.append(("openspiel+obs", *for_seconds(seconds, through_openspiel(game, rng, observe=True))))
        _, gym_games = for_seconds(seconds, through_gymnasium(game, rng))
        rows.append(("gymnasium", None, gym_games))  # its steps are the learner's only: games compare
        for name, decisions, games in rows:
            per_s = f"{decisions:>12,.0f} {decisions / base_decisions:>6.0%}" if decisions else f"{'':>12} {'':>6}"
            print(f"{game_id:<14} {game.num_players:>7} {name:<14} {per_s} {games:>9,.2f} {games / base_games:>6.0%}")
        print(f"{game_id:<14} {game.num_players:>7} PettingZoo snapshot + restore: {snapshot_cost(game, rng):.0f} µs")


def snapshot_cost(game: Game, rng: random.Random, rounds: int = 2000) -> float:
    """Microseconds for a PettingZoo snapshot and a restore, some way into a random game."""
    aec = pettingzoo_env(game.id, players=game.num_players)
    aec.reset(seed=1)
    for _ in range(30):
        observation, _, terminated, _, _ = aec.last()
        if terminated:
            break
        aec.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    start = time.perf_counter()
    for _ in range(rounds):
        aec.restore(aec.snapshot())
    return (time.perf_counter() - start) / rounds * 1e6


# --- search -------------------------------------------------------------------------------------------
def search_positions(count: int, seed: int) -> list[Record]:
    """`count` records of Nuts Sorting games stopped at a move with a choice and no outright win."""
    game = make(SEARCH_GAME)
    rng = random.Random(seed)
    found: list[Record] = []
    while len(found) < count:
        state, record = game.new_state(), Record.start(game)
        stop = rng.randrange(4, 30)
        decisions = 0
        while not state.is_terminal():
            if not state.is_chance():
                legal = state.legal_actions()
                seat = state.to_move()
                wins = any(state.child(a).winners() == [seat] for a in legal)
                if decisions >= stop and len(legal) > 1 and not wins:
                    found.append(record)
                    break
                decisions += 1
            action = random_action(state, rng)
            state.apply(action)
            record.actions.append(str(action))
    return found


def openspiel_bot(spiel: Any, sims: int, seed: int) -> Any:
    rng = np.random.RandomState(seed)
    return mcts.MCTSBot(spiel, OPENSPIEL_UCT_C, sims, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)


def simulation_rates(positions: list[Record], sims: int, settings: SearchSettings) -> tuple[float, float, float]:
    """Simulations per second of nutbox's mcts and OpenSpiel's MCTSBot over the same positions, and the median
    over the positions of how many times faster nutbox's search was there (the two take turns position by
    position, so a change in the machine's load hits both)."""
    spiel = pyspiel.load_game(nutbox_openspiel.short_name(SEARCH_GAME))
    nutbox_time = openspiel_time = 0.0
    ratios = []
    for index, record in enumerate(positions):
        state = spiel.deserialize_state(json.dumps(record.to_json()))
        seat = state.current_player()
        nutbox = MctsAgent(spiel.nutbox, seat, index, dataclasses.replace(settings, sims=sims))
        start = time.perf_counter()
        nutbox.act(state.view(seat), state.position.state.legal_actions())
        ours = time.perf_counter() - start
        bot = openspiel_bot(spiel, sims, index)
        start = time.perf_counter()
        bot.step(state)
        theirs = time.perf_counter() - start
        nutbox_time += ours
        openspiel_time += theirs
        ratios.append(theirs / ours)
    total = sims * len(positions)
    return total / nutbox_time, total / openspiel_time, statistics.median(ratios)


def match(
    seed: int, nutbox_seat: int, move_time: float, openspiel_rate: float, settings: SearchSettings
) -> tuple[float, list[float], list[float]]:
    """One game at equal time per move: nutbox's score (1, 0.5, 0) and each side's seconds per move."""
    spiel = pyspiel.load_game(nutbox_openspiel.short_name(SEARCH_GAME))
    rng = random.Random(seed)
    timed = dataclasses.replace(settings, sims=10**9, time=move_time)
    nutbox = MctsAgent(spiel.nutbox, nutbox_seat, agent_seed(seed, nutbox_seat), timed)
    bot = openspiel_bot(spiel, 1, seed)
    state = spiel.new_initial_state()
    nutbox_times: list[float] = []
    openspiel_times: list[float] = []
    while not state.is_terminal():
        inner = state.position.state
        if inner.is_chance():
            state.apply_action(spiel.nutbox.action_index(draw_chance(inner, rng)))
            continue
        start = time.perf_counter()
        if state.current_player() == nutbox_seat:
            action = nutbox.act(state.view(nutbox_seat), inner.legal_actions())
            state.apply_action(spiel.nutbox.action_index(action))
            nutbox_times.append(time.perf_counter() - start)
        else:
            bot.max_simulations = sims = max(1, round(openspiel_rate * move_time))
            state.apply_action(bot.step(state))
            took = time.perf_counter() - start
            openspiel_times.append(took)
            if len(inner.legal_actions()) > 1 and took > 0:
                openspiel_rate = 0.5 * openspiel_rate + 0.5 * sims / took
    returns = state.returns()
    return (returns[nutbox_seat] + 1) / 2, nutbox_times, openspiel_times


def search(positions: int, sims: int, games: int, move_time: float, settings: SearchSettings) -> None:
    records = search_positions(positions, seed=1)
    nutbox_rate, openspiel_rate, ratio = simulation_rates(records, sims, settings)
    print(f"\nSearch on Nuts Sorting through the OpenSpiel adapter ({positions} positions, {sims} simulations each)")
    print(f"  nutbox mcts:         {nutbox_rate:>9,.0f} simulations/s  ({settings})")
    print(f"  OpenSpiel MCTSBot:   {openspiel_rate:>9,.0f} simulations/s")
    print(f"  nutbox is {nutbox_rate / openspiel_rate:.1f} times faster per simulation overall, "
          f"{ratio:.1f} times at the median position")
    score = 0.0
    nutbox_times: list[float] = []
    openspiel_times: list[float] = []
    for index in range(games):
        result, ours, theirs = match(1000 + index, index % 2, move_time, openspiel_rate, settings)
        score += result
        nutbox_times += ours
        openspiel_times += theirs
    low, high = wilson(score, games)
    print(f"\n{games} games at {move_time:g} s per move, seats rotated:")
    print(f"  nutbox mcts scores {score:g} of {games} = {score / games:.0%} (95% interval {low:.0%} to {high:.0%})")
    print(f"  seconds per move: nutbox {statistics.mean(nutbox_times):.3f}, "
          f"OpenSpiel {statistics.mean(openspiel_times):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=4.0, help="time per adapter and game (speed)")
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game (speed)")
    parser.add_argument("--only", choices=("speed", "search"), help="only one of the two parts")
    parser.add_argument("--positions", type=int, default=12, help="positions for the simulation rates")
    parser.add_argument("--sims", type=int, default=200, help="simulations per position for the rates")
    parser.add_argument("--games", type=int, default=30, help="games at equal time per move")
    parser.add_argument("--move-time", type=float, default=0.2, help="seconds per move in those games")
    parser.add_argument("--nutbox-settings", default="", help="nutbox mcts settings, as after mcts: (depth=10)")
    args = parser.parse_args()
    if args.only != "search":
        speed(args.seconds, args.game)
    if args.only != "speed":
        settings = SearchSettings.parse(args.nutbox_settings)
        search(args.positions, args.sims, args.games, args.move_time, settings)


if __name__ == "__main__":
    main()
