"""The RL adapters' speed, and nutbox's search against OpenSpiel's through the adapter.

    python bench/interop.py [--seconds S] [--game ID] [--only speed|search|ismcts] [--positions K] [--sims N]
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
  OpenSpiel's Python MCTSBot (uct_c=2, one random rollout to the end), on the same K positions (default 12,
  N=200 simulations each) from random games; then G games (default 30) between them at equal time per move
  (nutbox: a time cap of T seconds; OpenSpiel, which has no time cap, gets the simulations its measured rate
  fits in T, re-estimated after every move), seats rotated, with nutbox's score (a draw counts half) and its
  95% Wilson interval, and the mean time per move with a choice each actually took;
- ismcts, the same for the games with secrets at two players (Nut Hunt and Nuts!, or the one `--game`
  names): nutbox's `hard` level (ISMCTS with the game's `bot_search` settings and its hard budget of
  simulations, capped at T seconds a move) against OpenSpiel's Python ISMCTSBot (uct_c=2, one random
  rollout to the end, nodes keyed by observation), rates on K=6 positions of N=20 simulations, then G=40
  games by default.

Machines here are shared and noisy: compare figures within one run.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

from nutbox.agents import Agent, MctsAgent, SearchSettings, make_agent
from nutbox.core import Game, Record, draw_chance, random_action
from nutbox.interop import gymnasium as nutbox_gymnasium
from nutbox.interop import openspiel as nutbox_openspiel
from nutbox.interop.pettingzoo import env as pettingzoo_env
from nutbox.play import agent_seed
from nutbox.registry import GAMES, make
from nutbox.sim.stats import wilson

SEARCH_GAME = "nuts-sorting"
HIDDEN_GAMES = ("nut-hunt", "nuts-factory")  # the games with secrets, where `hard` meets ISMCTSBot
OPENSPIEL_UCT_C = 2.0
MIN_OPENSPIEL_SIMS = 2  # ISMCTSBot's first simulation only expands its root: with one it has no move to pick


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
# A nutbox search bot for a seat: (game, seat, seed, simulations or None for its own budget, a time cap or None).
NutboxSide = Callable[[Game, int, int | str, int | None, float | None], Agent]
# An OpenSpiel bot that runs `simulations` per move, drawing from `rng`: (game, simulations, rng).
OpenSpielSide = Callable[[Any, int, np.random.RandomState], Any]


@dataclasses.dataclass(frozen=True)
class Pairing:
    """One game and the two searches that meet in it through the OpenSpiel adapter."""

    game_id: str
    nutbox_name: str  # as the results name it
    nutbox_detail: str  # its settings, for the rates
    nutbox: NutboxSide
    openspiel_name: str
    openspiel: OpenSpielSide

    def load(self) -> Any:
        return pyspiel.load_game(nutbox_openspiel.short_name(self.game_id), {"players": 2})


def mcts_pairing(settings: SearchSettings) -> Pairing:
    """nutbox's `mcts` with `settings` against OpenSpiel's MCTSBot (uct_c=2, one random rollout to the end),
    on Nuts Sorting."""

    def nutbox(game: Game, seat: int, seed: int | str, sims: int | None, cap: float | None) -> Agent:
        return MctsAgent(game, seat, seed, dataclasses.replace(settings, sims=sims or 10**9, time=cap or 0.0))

    def openspiel(spiel: Any, sims: int, rng: np.random.RandomState) -> Any:
        return mcts.MCTSBot(spiel, OPENSPIEL_UCT_C, sims, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)

    return Pairing(SEARCH_GAME, "mcts", str(settings), nutbox, "MCTSBot", openspiel)


def hard_pairing(game_id: str) -> Pairing:
    """nutbox's `hard` level (ISMCTS with the game's `bot_search` settings and its hard budget, capped per
    move) against OpenSpiel's ISMCTSBot with a random-rollout evaluator, as OpenSpiel's examples set it up
    (uct_c=2, one random rollout to the end), keying its nodes by observation (docs/interop.md)."""

    def nutbox(game: Game, seat: int, seed: int | str, sims: int | None, cap: float | None) -> Agent:
        if sims is None:
            return make_agent("hard", game, seat, seed, time_cap=cap)
        return make_agent(f"ismcts:{game.bot_search},sims={sims}", game, seat, seed, time_cap=cap)

    def openspiel(spiel: Any, sims: int, rng: np.random.RandomState) -> Any:
        return ismcts.ISMCTSBot(spiel, mcts.RandomRolloutEvaluator(1, rng), OPENSPIEL_UCT_C, sims,
                                random_state=rng, use_observation_string=True)

    game = make(game_id, {"players": 2})
    hard = game.bot_sims[1]
    return Pairing(game_id, "hard", f"ismcts:{game.bot_search},sims={hard}", nutbox, "ISMCTSBot", openspiel)


def search_positions(game_id: str, count: int, seed: int) -> list[Record]:
    """`count` records of two-player games of `game_id` stopped at a decision with a choice and no outright
    win."""
    game = make(game_id, {"players": 2})
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


def simulation_rates(pairing: Pairing, positions: list[Record], sims: int) -> tuple[float, float, float]:
    """Simulations per second of the nutbox and the OpenSpiel search over the same positions, and the median
    over the positions of how many times faster nutbox's search was there (the two take turns position by
    position, so a change in the machine's load hits both)."""
    spiel = pairing.load()
    nutbox_time = openspiel_time = 0.0
    ratios = []
    for index, record in enumerate(positions):
        state = spiel.deserialize_state(json.dumps(record.to_json()))
        seat = state.current_player()
        nutbox = pairing.nutbox(spiel.nutbox, seat, index, sims, None)
        start = time.perf_counter()
        nutbox.act(state.view(seat), state.position.state.legal_actions())
        ours = time.perf_counter() - start
        bot = pairing.openspiel(spiel, sims, np.random.RandomState(index))
        start = time.perf_counter()
        bot.step(state)
        theirs = time.perf_counter() - start
        nutbox_time += ours
        openspiel_time += theirs
        ratios.append(theirs / ours)
    total = sims * len(positions)
    return total / nutbox_time, total / openspiel_time, statistics.median(ratios)


@dataclasses.dataclass
class Tally:
    """What a series of games at equal time per move adds up to (seconds and simulations: decisions with a
    choice only, where both searches think)."""

    score: float = 0.0
    games: int = 0
    nutbox_seconds: list[float] = dataclasses.field(default_factory=list)
    openspiel_seconds: list[float] = dataclasses.field(default_factory=list)
    openspiel_sims: list[int] = dataclasses.field(default_factory=list)


def match(pairing: Pairing, seed: int, nutbox_seat: int, move_time: float, openspiel_rate: float,
          tally: Tally) -> None:
    """One game at equal time per move, added to `tally`: nutbox gets a time cap of `move_time`, OpenSpiel's bot
    (which has none) the simulations its rate fits in it: `openspiel_rate` at first, re-estimated after each of
    its moves. Each game starts afresh from the rate measured on early positions, since simulations get cheaper
    as a game nears its end. Chance is drawn from a generator of its own (seeded by `seed`)."""
    spiel = pairing.load()
    rng = random.Random(seed)
    nutbox = pairing.nutbox(spiel.nutbox, nutbox_seat, agent_seed(seed, nutbox_seat), None, move_time)
    bot_rng = np.random.RandomState(seed)
    state = spiel.new_initial_state()
    while not state.is_terminal():
        inner = state.position.state  # the nutbox state, which the move below changes in place
        if inner.is_chance():
            state.apply_action(spiel.nutbox.action_index(draw_chance(inner, rng)))
            continue
        legal = inner.legal_actions()
        start = time.perf_counter()
        if state.current_player() == nutbox_seat:
            state.apply_action(spiel.nutbox.action_index(nutbox.act(state.view(nutbox_seat), legal)))
            if len(legal) > 1:
                tally.nutbox_seconds.append(time.perf_counter() - start)
        else:
            sims = max(MIN_OPENSPIEL_SIMS, round(openspiel_rate * move_time))
            state.apply_action(pairing.openspiel(spiel, sims, bot_rng).step(state))
            took = time.perf_counter() - start
            if len(legal) > 1:  # a forced move is answered without searching
                tally.openspiel_seconds.append(took)
                tally.openspiel_sims.append(sims)
                # A search far quicker than its rate predicts stopped early (MCTSBot stops once it has solved
                # the root): it says nothing of the rate, and counting it would blow the next moves' budget up.
                if took > 0.25 * sims / openspiel_rate:
                    openspiel_rate = 0.5 * openspiel_rate + 0.5 * sims / took
    tally.score += (state.returns()[nutbox_seat] + 1) / 2
    tally.games += 1


def search(pairing: Pairing, positions: int, sims: int, games: int, move_time: float) -> None:
    """The two searches' simulation rates on `positions` positions, then `games` games at equal time per move,
    seats rotated (each seed is played from both seats, so both see the same first deal)."""
    title = make(pairing.game_id).title
    records = search_positions(pairing.game_id, positions, seed=1)
    nutbox_rate, openspiel_rate, ratio = simulation_rates(pairing, records, sims)
    print(f"\n{title} (2 players) through the OpenSpiel adapter: nutbox {pairing.nutbox_name} against OpenSpiel's "
          f"{pairing.openspiel_name} ({positions} positions, {sims} simulations each)")
    print(f"  nutbox {pairing.nutbox_name:<12} {nutbox_rate:>9,.0f} simulations/s  ({pairing.nutbox_detail})")
    print(f"  OpenSpiel {pairing.openspiel_name:<9} {openspiel_rate:>9,.0f} simulations/s")
    print(f"  nutbox is {nutbox_rate / openspiel_rate:.1f} times faster per simulation overall, "
          f"{ratio:.1f} times at the median position")
    tally = Tally()
    for index in range(games):
        match(pairing, 1000 + index // 2, index % 2, move_time, openspiel_rate, tally)
        print(f"  game {index + 1} of {games}: nutbox so far {tally.score:g} of {tally.games}", file=sys.stderr,
              flush=True)  # progress, for runs of the better part of an hour
    low, high = wilson(tally.score, games)
    print(f"\n{games} games at {move_time:g} s per move, seats rotated:")
    print(f"  nutbox {pairing.nutbox_name} scores {tally.score:g} of {games} = {tally.score / games:.0%} "
          f"(95% interval {low:.0%} to {high:.0%}; a draw counts half)")
    print(f"  seconds per move with a choice: nutbox {statistics.mean(tally.nutbox_seconds):.3f}, "
          f"OpenSpiel {statistics.mean(tally.openspiel_seconds):.3f} "
          f"({statistics.mean(tally.openspiel_sims):.1f} simulations a move on average)")
    floor = sum(sims == MIN_OPENSPIEL_SIMS for sims in tally.openspiel_sims) / len(tally.openspiel_sims)
    if floor:  # then its moves take longer than the others: the time is not equal, in OpenSpiel's favour
        print(f"  OpenSpiel's bot ran its minimum of {MIN_OPENSPIEL_SIMS} simulations on {floor:.0%} of its moves, "
              f"whatever they took (raise --move-time for equal time)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=4.0, help="time per adapter and game (speed)")
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game (speed; ismcts: one of its two games)")
    parser.add_argument("--only", choices=("speed", "search", "ismcts"), help="only one of the three parts")
    parser.add_argument("--positions", type=int, default=None, help="positions for the simulation rates (12; ismcts 6)")
    parser.add_argument("--sims", type=int, default=None, help="simulations a position for the rates (200; ismcts 20)")
    parser.add_argument("--games", type=int, default=None, help="games at equal time per move (search 30; ismcts 40)")
    parser.add_argument("--move-time", type=float, default=0.2, help="seconds per move in those games")
    parser.add_argument("--nutbox-settings", default="", help="nutbox mcts settings, as after mcts: (depth=10)")
    args = parser.parse_args()
    if args.only is None or args.only == "speed":
        speed(args.seconds, args.game)
    if args.only is None or args.only == "search":
        pairing = mcts_pairing(SearchSettings.parse(args.nutbox_settings))
        search(pairing, args.positions or 12, args.sims or 200, args.games or 30, args.move_time)
    if args.only is None or args.only == "ismcts":
        if args.game and args.game not in HIDDEN_GAMES:
            parser.error(f"the ismcts part plays the games with secrets: {', '.join(HIDDEN_GAMES)}")
        for game_id in [args.game] if args.game else HIDDEN_GAMES:
            search(hard_pairing(game_id), args.positions or 6, args.sims or 20, args.games or 40, args.move_time)


if __name__ == "__main__":
    main()
