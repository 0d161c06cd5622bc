"""How good and how fast the bots are, per game and player count.

    python bench/agents.py [--game ID] [--players N] [--games G] [--workers W] [--bot hard]
                           [--against random,easy] [--positions K] [--only speed|wins|solo]

Prints, for each game and player count:
- speed: simulations per second of the search, and the median, 95th percentile and slowest decision time of
  each level (`easy`, `medium`, `hard`) over K positions taken from random games;
- wins: the win rate of `--bot` (default `hard`) against each weaker bot, with the bot's seat rotated
  over the games and a 95% Wilson interval; a shared win counts as a fraction (1/k of a win among k);
- solo (Nut Hunt for one): the score `--bot` reaches against the Automa at each difficulty, with its win rate.

Win rates depend on simulation budgets, not on the machine; decision times do, so compare them within one
run. Games run in a process pool (`--workers`).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from nutbox.agents import IsmctsAgent, make_agent
from nutbox.core import Game, describe, draw_chance
from nutbox.play import agent_seed, run_match
from nutbox.registry import GAMES, make
from nutbox.sim.stats import Z95 as Z
from nutbox.sim.stats import wilson

LEVELS = ("easy", "medium", "hard")


def positions(game: Game, count: int, seed: int) -> Iterator[Any]:
    """`count` decision points (state, seat) spread over random games."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        trail = []
        state = game.new_state()
        while not state.is_terminal():
            if state.is_chance():
                state.apply(draw_chance(state, rng))
                continue
            if len(state.legal_actions()) > 1:
                trail.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        for state in rng.sample(trail, min(len(trail), count - found, 5)):
            found += 1
            yield state


def speed(game_id: str, options: dict[str, Any], count: int) -> dict[str, Any]:
    game = make(game_id, options)
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    sims = sim_time = 0.0
    for i, state in enumerate(positions(game, count, seed=7)):
        seat = state.to_move()
        view, legal = state.view(seat), state.legal_actions()
        for level in LEVELS:
            agent = make_agent(level, game, seat, seed=i)
            start = time.perf_counter()
            agent.act(view, legal)
            elapsed = time.perf_counter() - start
            times[level].append(elapsed)
            if isinstance(agent, IsmctsAgent) and level == "hard":
                sims += agent.settings.sims
                sim_time += elapsed
    return {
        "sims_per_s": sims / sim_time if sim_time else math.nan,
        "times": {level: (statistics.median(t), percentile(t, 95), max(t)) for level, t in times.items()},
    }


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1)]


FIRST_SEED = 1000


@dataclass(frozen=True)
class Task:
    game_id: str
    options: dict[str, Any]
    bots: tuple[str, ...]  # one per seat
    seed: int
    seat: int  # the seat of the bot under test


def play(task: Task) -> tuple[float, float]:
    """One game: the tested seat's share of the win and its score."""
    game = make(task.game_id, task.options)
    agents = [make_agent(bot, game, seat, agent_seed(task.seed, seat)) for seat, bot in enumerate(task.bots)]
    state = run_match(game, agents, task.seed).state
    winners = state.winners()
    share = 1 / len(winners) if task.seat in winners else 0.0
    return share, state.scores()[task.seat]


def matchup(game_id: str, options: dict[str, Any], bot: str, other: str, games: int, first: int,
            pool: Any) -> list[Any]:
    players = options["players"]
    tasks = []
    for i in range(first, first + games):
        seat = (i - FIRST_SEED) % players  # the rotation goes on across runs that start where another ended
        bots = tuple(bot if s == seat else other for s in range(players))
        tasks.append(Task(game_id, options, bots, seed=i, seat=seat))
    return list(pool.map(play, tasks))


def wins_line(results: list[tuple[float, float]]) -> str:
    won = sum(share for share, _ in results)
    low, high = wilson(won, len(results))
    return f"{won / len(results):6.1%} [{low:5.1%}, {high:5.1%}] of {len(results)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--games", type=int, default=100, help="games per match-up")
    parser.add_argument("--first-seed", type=int, default=FIRST_SEED,
                        help="the first game's seed (games are seeded in turn): a later run adds new games")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bot", default="hard", help="the bot under test")
    parser.add_argument("--against", default="random,easy", help="its opponents, comma-separated")
    parser.add_argument("--positions", type=int, default=10, help="positions timed per level")
    parser.add_argument("--only", choices=("speed", "wins", "solo"))
    parser.add_argument("--automa", help="solo: only these difficulties, comma-separated (default: each)")
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        for game_id, cls in GAMES.items():
            if args.game and game_id != args.game:
                continue
            for players in range(cls.min_players, cls.max_players + 1):
                if args.players and players != args.players:
                    continue
                options = {"players": players}
                if players == 1:
                    if args.only in (None, "solo"):
                        solo(game_id, args, pool)
                    continue
                if args.only in (None, "speed"):
                    figures = speed(game_id, options, args.positions)
                    times = "  ".join(
                        f"{level} {median:.2f}/{p95:.2f}/{slowest:.2f}s"
                        for level, (median, p95, slowest) in figures["times"].items()
                    )
                    print(f"{game_id} {players}p speed: {figures['sims_per_s']:,.0f} sims/s  {times}", flush=True)
                if args.only in (None, "wins"):
                    for other in args.against.split(","):
                        results = matchup(game_id, options, args.bot, other, args.games, args.first_seed, pool)
                        print(f"{game_id} {players}p {args.bot} vs {other}: {wins_line(results)}", flush=True)


def solo(game_id: str, args: argparse.Namespace, pool: Any) -> None:
    """A solo game against the rules: the score reached at each difficulty of the game's `automa` option."""
    automa = next(info for info in describe(GAMES[game_id].options_type) if info.name == "automa")
    for level in automa.choices:
        if args.automa and level not in args.automa.split(","):
            continue
        options = {"players": 1, "automa": level}
        tasks = [Task(game_id, options, (args.bot,), seed=i, seat=0)
                 for i in range(args.first_seed, args.first_seed + args.games)]
        results = list(pool.map(play, tasks))
        scores = [score for _, score in results]
        half = Z * statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else math.nan
        print(
            f"{game_id} solo vs {level} automa, {args.bot}: score {statistics.mean(scores):.1f} ± {half:.1f}, "
            f"wins {wins_line(results)}",
            flush=True,
        )


if __name__ == "__main__":
    main()
