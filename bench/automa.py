"""Is the engine's Automa the rulebook's? Solo Nut Hunt games replayed through an independent simulator.

    python bench/automa.py [--games G] [--policies random,easy,scout] [--levels standard,advanced,expert]
    python bench/automa.py --readings [--games G]

For each difficulty and player policy, G engine games are played (seeds 0 to G-1; the player's side by
the policy: `random`, `easy` or any nutbox bot name, or `scout`, which scouts every turn to run through
the deck), and each is replayed through tests/games/nut_hunt/automa_reference.py, a simulator written from
the rulebook that shares only the component data with the engine. It is fed the engine's chance outcomes
(layout, objective draws, die rolls) and the player's decisions, and plays the Automa itself.

Prints per row: games; the Automa's mean final score from the engine and from the simulator, with their
relative difference (the issue asks for 2% at most) and the engine mean's standard error (the sampling
noise a distribution check would face); the share of games whose Automa score, nests, completed objectives,
player score and winners all match exactly, whose final forests (the fox, every tile's squirrels and
nests) are the same, and whose every chance step offered the outcomes the simulator's rules allow,
equally likely (each with a 95% Wilson interval); then how often the replays
went through each rule, and the first disagreements, if any.

With --readings, the simulator alone (seeded chance, a player who only passes) gives the Automa's mean score
as nutbox reads the rulebook and under two other readings of it, to show what those choices weigh.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from nutbox.sim.stats import wilson

# the simulator is test code, kept with the Nut Hunt tests; its package is found through this path
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "games"))
from nut_hunt.automa_reference import AUTOMA, CARDS, PINE_BARRENS, Compared, Dice, SoloGame, compare

LEVELS = ("standard", "advanced", "expert")


def interval(successes: int, trials: int) -> str:
    low, high = wilson(successes, trials)
    return f"{successes / trials:.1%} [{low:.1%}, {high:.1%}]"


def row(level: str, policy: str, games: int) -> tuple[list[Compared], float]:
    start = time.perf_counter()
    results = [compare(level, seed, policy) for seed in range(games)]
    return results, time.perf_counter() - start


def report(level: str, policy: str, results: list[Compared], seconds: float) -> None:
    n = len(results)
    engine = [r.engine["automa"] for r in results]
    ours = [r.reference["automa"] if r.reference else 0 for r in results]
    mean_engine, mean_ours = statistics.mean(engine), statistics.mean(ours)
    error = statistics.stdev(engine) / n**0.5 if n > 1 else 0.0
    relative = abs(mean_ours - mean_engine) / abs(mean_engine) if mean_engine else 0.0
    print(f"{level:9} {policy:7} games {n:5}  Automa mean: engine {mean_engine:6.3f} (± {error:.3f} s.e.), "
          f"simulator {mean_ours:6.3f}, difference {relative:.2%}  ({seconds:.0f} s)")
    for key in ("automa_nests", "automa_completed", "player"):
        print(f"{'':18}{key:17} engine {statistics.mean(r.engine[key] for r in results):7.3f}  simulator "
              f"{statistics.mean(r.reference[key] if r.reference else 0 for r in results):7.3f}")
    print(f"{'':18}scores matching exactly {interval(sum(r.reference == r.engine for r in results), n)}; "
          f"final forests {interval(sum(r.board_agrees for r in results), n)}; "
          f"chance steps {interval(sum(r.chance_agrees for r in results), n)}")
    seen = sum((r.seen for r in results), Counter())
    print(f"{'':18}went through: " + ", ".join(f"{rule} {count}" for rule, count in sorted(seen.items())))
    for r in [r for r in results if not r.match][:3]:
        print(f"{'':18}seed {r.seed}: {r.problem}")


class NeverOnPineBarrens(SoloGame):
    """Reading: "Scattering is the only way to move Squirrels onto the Pine Barrens" binds the Automa too."""

    def _automa_place(self, tile: int) -> None:
        if tile != PINE_BARRENS:
            super()._automa_place(tile)


class BothEndsThenNests(SoloGame):
    """Reading: the Automa places both squirrels of its card, then resolves nests (rules-decisions 14: one
    end after the other)."""

    def _automa_turn(self) -> None:
        card = self._top()
        if card is None:
            return
        placed = [end for end in CARDS[card].ends if end != self.fox]
        for end in placed:
            self.squirrels[AUTOMA][end] += 1
        for end in placed:
            self._nest_check(AUTOMA, end, active=AUTOMA)
        self._stop_if_over()
        self.revealed.append(card)


def readings(games: int, levels: list[str]) -> None:
    """The Automa alone (a player who only passes), as nutbox reads the rules and as it might be read instead."""
    for level in levels:
        base = None
        for name, kind in (("as nutbox reads it", SoloGame), ("never on the Pine Barrens", NeverOnPineBarrens),
                           ("both ends, then nests", BothEndsThenNests)):
            scores = [kind(level, Dice(seed)).score(AUTOMA).total for seed in range(games)]
            mean, error = statistics.mean(scores), statistics.stdev(scores) / games**0.5
            base = base if base is not None else mean
            print(f"{level:9} {name:26} Automa mean {mean:6.3f} (± {error:.3f} s.e.)  {mean / base - 1:+.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--policies", default="random,easy,scout")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--readings", action="store_true",
                        help="instead: the Automa alone under other readings of the rulebook (simulator only)")
    args = parser.parse_args()
    if args.readings:
        readings(args.games, args.levels.split(","))
        return
    for level in args.levels.split(","):
        for policy in args.policies.split(","):
            report(level, policy, *row(level, policy, args.games))
        print()


if __name__ == "__main__":
    main()
