"""Engine speed: random playouts through the protocol, for every registered game, on one core.

    python bench/engine.py [--seconds S] [--game ID]

Prints, per game and player count: decisions per second (a seat's legal_actions + apply), all actions
per second (chance outcomes included), and whole games per second (setup deal included), each the median
of several rounds, with the best round's decisions per second beside it. Every later optimisation is
measured against these figures; compare them within one run, as machines here are shared and noisy.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from nutbox.core import draw_chance
from nutbox.registry import GAMES, make


def measure(game_id: str, players: int, seconds: float, seed: int) -> dict[str, float]:
    game = make(game_id, {"players": players})
    rng = random.Random(seed)  # each round plays new games: a cache kept across games must not meet old ones
    decisions = actions = games = 0
    decision_time = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state()
        while not state.is_terminal():
            if state.is_chance():
                state.apply(draw_chance(state, rng))
            else:
                t = time.perf_counter()
                state.apply(rng.choice(state.legal_actions()))
                decision_time += time.perf_counter() - t
                decisions += 1
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "decisions_per_s": decisions / decision_time,
        "actions_per_s": actions / elapsed,
        "games_per_s": games / elapsed,
        "decisions_per_game": decisions / games,
        "games": games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per game and player count")
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    args = parser.parse_args()
    header = f"{'game':<14} {'players':>7} {'decisions/s':>12} {'(best)':>8} {'actions/s':>10} {'games/s':>8}"
    print(f"{header} {'decisions/game':>15}")
    for game_id, cls in GAMES.items():
        if args.game and game_id != args.game:
            continue
        for players in range(cls.min_players, cls.max_players + 1):
            rounds = [measure(game_id, players, args.seconds, seed) for seed in range(args.rounds)]

            def median(key: str, rounds: list[dict[str, float]] = rounds) -> float:
                return statistics.median(r[key] for r in rounds)

            best = max(r["decisions_per_s"] for r in rounds)
            print(
                f"{game_id:<14} {players:>7} {median('decisions_per_s'):>12,.0f} {best:>8,.0f} "
                f"{median('actions_per_s'):>10,.0f} {median('games_per_s'):>8,.1f} "
                f"{median('decisions_per_game'):>15,.1f}"
            )


if __name__ == "__main__":
    main()
