"""Engine speed against a yardstick: random playouts through the protocol, for every registered game, on one core.

    python bench/engine.py [--seconds S] [--rounds R] [--game ID]

For each game and player count, R rounds, each a run of the yardstick and then one of the engine, S seconds
each. The engine's side plays random games through the protocol (a new state, then legal_actions, a seeded
random choice and apply for a seat, a drawn outcome and apply for chance, until the game ends), timed over its
whole loop; round k seeds its games with k, so two runs of this script play the same games. The yardstick is a
fixed pure-Python workload of the same kind (`Toy`: list and dict operations, small method calls, a seeded
random choice), timed over its whole loop too. Because the two alternate, a busy machine slows both alike, and
their ratio, the engine's decisions/s over the yardstick's units/s, holds where absolute figures do not.

Printed per game and player count: that ratio, the median of the rounds with their range (min-max); whether the
median is over the bar; and, as absolute figures of this run only (noisy on a shared machine), the engine's
decisions/s, all actions/s (chance outcomes included), games/s and decisions per game, each the median of the
rounds.

The bar: an engine's decisions/s at least 0.065 times the yardstick's units/s, about 50,000 decisions/s on a
quiet machine. The unit was calibrated on the development machine (2 vCPUs of an AMD EPYC under KVM, CPython
3.11.7) with nothing else running: 18 runs of the yardstick (5 rounds of 2 seconds, as here), whose medians
ranged from 231,000 to 340,000 Toy turns/s (the host is shared) around a median of 305,000. UNITS_PER_TURN is
770,000 / 305,000, so that a quiet run does about 770,000 units/s, and 0.065 of that is 50,000 decisions/s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from nutbox.core import draw_chance
from nutbox.registry import GAMES, make, package_of

BAR = 0.065  # the ratio every game and player count must reach (module docstring)
UNITS_PER_TURN = 2.52  # a Toy turn in yardstick units: calibrated as the module docstring says


class Toy:
    """The yardstick's game: six piles of counters; a turn moves the top counter of one pile onto another, and
    the game ends after 40 turns. The work of an engine in small: lists, a dict, method calls, a random choice."""

    __slots__ = ("moved", "piles", "turn")

    def __init__(self) -> None:
        self.piles = [list(range(pile * 4, pile * 4 + 4)) for pile in range(6)]
        self.moved: dict[int, int] = {}  # how often each counter has moved
        self.turn = 0

    def is_over(self) -> bool:
        return self.turn >= 40

    def legal_actions(self) -> list[tuple[int, int]]:
        return [(source, target) for source, pile in enumerate(self.piles) if pile for target in range(6)
                if target != source]

    def apply(self, action: tuple[int, int]) -> None:
        source, target = action
        counter = self.piles[source].pop()
        self.piles[target].append(counter)
        self.moved[counter] = self.moved.get(counter, 0) + 1
        self.turn += 1


def yardstick(seconds: float) -> float:
    """The yardstick's rate: units per second of Toy games played at random for `seconds`, always the same games."""
    rng = random.Random(0)
    turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        toy = Toy()
        while not toy.is_over():
            toy.apply(rng.choice(toy.legal_actions()))
            turns += 1
    return turns * UNITS_PER_TURN / (time.perf_counter() - start)


def measure(game_id: str, players: int, seconds: float, seed: int) -> dict[str, float]:
    """The engine's rates over `seconds` of random games, its whole loop timed (setup, chance and decisions)."""
    game = make(game_id, {"players": players})
    rng = random.Random(seed)  # each round plays new games: a cache kept across games must not meet old ones
    decisions = actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state()
        while not state.is_terminal():
            if state.is_chance():
                state.apply(draw_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
                decisions += 1
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "decisions_per_s": decisions / elapsed,
        "actions_per_s": actions / elapsed,
        "games_per_s": games / elapsed,
        "decisions_per_game": decisions / games,
    }


def compiled_modules(game_id: str) -> str:
    """The game's modules in use compiled (nutbox/compiled.py), as the figures depend on them: "" for none."""
    package = sys.modules[package_of(game_id)]
    if Path(package.__path__[0]) == Path(package.__file__ or "").parent:  # its sources come first: none is
        return ""
    return ", ".join(getattr(package, "COMPILED", ()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per side of a round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per game and player count")
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    args = parser.parse_args()
    print(f"{'game':<14} {'players':>7} {'ratio':>7} {'(range)':>15} {'bar':>5} {'decisions/s':>12} "
          f"{'actions/s':>10} {'games/s':>8} {'decisions/game':>15}")
    for game_id, cls in GAMES.items():
        if args.game and game_id != args.game:
            continue
        for players in range(cls.min_players, cls.max_players + 1):
            rounds, ratios = [], []
            for seed in range(args.rounds):  # yardstick then engine, round by round
                units_per_s = yardstick(args.seconds)
                rounds.append(measure(game_id, players, args.seconds, seed))
                ratios.append(rounds[-1]["decisions_per_s"] / units_per_s)

            def median(key: str, rounds: list[dict[str, float]] = rounds) -> float:
                return statistics.median(r[key] for r in rounds)

            ratio = statistics.median(ratios)
            spread = f"{min(ratios):.4f}-{max(ratios):.4f}"
            print(f"{game_id:<14} {players:>7} {ratio:>7.4f} {spread:>15} {'over' if ratio >= BAR else 'UNDER':>5} "
                  f"{median('decisions_per_s'):>12,.0f} {median('actions_per_s'):>10,.0f} "
                  f"{median('games_per_s'):>8,.1f} {median('decisions_per_game'):>15,.1f}", flush=True)
        if compiled := compiled_modules(game_id):
            print(f"{'':<14} (compiled with mypyc: {compiled}; NUTBOX_PURE=1 measures the sources)", flush=True)


if __name__ == "__main__":
    main()
