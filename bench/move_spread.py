"""How much can one decision matter? The room a game leaves for a blunder (issue 35), measured from bot games.

    python bench/move_spread.py [--games in-the-nuts,nut-hunt,...] [--players N] [--positions 100] [--per-game 4]
                                [--playouts 48] [--max-moves 40] [--workers 2] [--seed 40000]

A review marks a blunder where the move made lost 30 points of 100 of the chance of winning against the best move
it found (nutbox/review). Where no legal move loses that much against another, no player can blunder, and the
claim that blunders lose more often has nothing to be shown on. This measures it: from games of `easy` bots in
every seat (bench/review.py's `play`, game `s` seeded `s`), a sample of decisions with a choice (bench/review.py's
`sampled`), and for each, every legal move (at most `--max-moves` of them, drawn at random where there are more; the
count left out is printed) played out from states drawn from the deciding seat's view, as the review plays them
(nutbox.review.estimate.outcomes: each move from the same drawn states with the same random numbers).

The spread of a decision is the best move's chance less the worst move's. Chosen on the same playouts that measure
them, the best would be the luckiest move and the worst the unluckiest, so the spread is held out as the review
holds out its best move: the best and worst moves are chosen on the even-numbered playouts and their spread
measured on the odd-numbered ones, then the other way round, and the two averaged. (Held out, noise no longer
widens the spread; it can narrow it, where the half that chose picked a move the other half does not rate.)

Prints per game: decisions and legal moves; the spread's median, 90th percentile and largest; and the share of
decisions whose spread reaches 30 points (room for a blunder), 15 (a mistake) and 7 (an inaccuracy), each with a
95% interval by bootstrap over games.
"""

from __future__ import annotations

import argparse
import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np
from review import PLAYERS, games, sampled  # bench/review.py

from nutbox.core import Action, Game
from nutbox.registry import BUILT_IN, make
from nutbox.review.estimate import Outcome, outcomes
from nutbox.review.game_review import Decision, decisions

THRESHOLDS = (30, 15, 7)  # a blunder's, a mistake's and an inaccuracy's points (nutbox/review)


@dataclass(frozen=True)
class Spread:
    game: int  # the game's seed
    moves: int  # legal moves
    weighed: int  # of them, played out
    points: float  # the best move's chance less the worst's, held out, in points of 100


def held_out_spread(found: dict[Action, Outcome]) -> float:
    """The best move's chance less the worst's, each chosen on one half of the playouts and measured on the other
    (both ways round, averaged), in points."""
    def half(wins: tuple[float, ...], parity: int) -> float:
        picked = wins[parity::2]
        return sum(picked) / len(picked)

    spreads = []
    for choose, measure in ((0, 1), (1, 0)):
        ranked = sorted(found.values(), key=lambda outcome: half(outcome.wins, choose))
        spreads.append(half(ranked[-1].wins, measure) - half(ranked[0].wins, measure))
    return 100 * sum(spreads) / 2


def spread_of(decision: Decision, playouts: int, max_moves: int) -> tuple[int, int, float]:
    game = make(decision.game_id, decision.options)
    legal = [game.parse(text) for text in decision.legal]
    weighed = legal if len(legal) <= max_moves else random.Random(f"{decision.seed}:moves").sample(legal, max_moves)
    view: Any = decision.view  # (the view as JSON, as the review reads it)
    found = outcomes(game, view, decision.seat, weighed, playouts, f"{decision.seed}:spread")
    return len(legal), len(weighed), held_out_spread(found)


def collect(game_id: str, options: dict[str, object], args: argparse.Namespace,
            pool: ProcessPoolExecutor) -> list[Spread]:
    game: Game = make(game_id, options)
    rng = random.Random(f"{args.seed}:{game_id}:spread")
    found: list[Spread] = []
    for played in games(game_id, options, 0.0, 0.0, args.seed, pool, args.workers):
        for number, record, _ in played:
            steps = set(sampled(record, game_id, args.per_game, rng))
            todo = decisions(record, game, range(game.num_players), steps)
            judged = pool.map(partial(spread_of, playouts=args.playouts, max_moves=args.max_moves), todo)
            found += [Spread(number, moves, weighed, points) for moves, weighed, points in judged]
        if len(found) >= args.positions:  # (whole batches of games, as the figures in docs/bots.md were taken)
            break
    return found


def share_with_interval(spreads: list[Spread], threshold: float, resamples: int, rng: np.random.Generator
                        ) -> tuple[float, float, float]:
    """The share of decisions whose spread reaches `threshold`, with a 95% interval by bootstrap over games."""
    by_game: dict[int, list[bool]] = {}
    for spread in spreads:
        by_game.setdefault(spread.game, []).append(spread.points >= threshold)
    games = list(by_game.values())
    hits = np.array([sum(one) for one in games], dtype=float)
    counts = np.array([len(one) for one in games], dtype=float)
    picks = rng.integers(0, len(games), size=(resamples, len(games)))
    shares = hits[picks].sum(axis=1) / counts[picks].sum(axis=1)
    low, high = np.percentile(shares, [2.5, 97.5])
    return float(hits.sum() / counts.sum()), float(low), float(high)


def report(game_id: str, players: int, spreads: list[Spread]) -> None:
    points = sorted(spread.points for spread in spreads)
    moves = [spread.moves for spread in spreads]
    left = sum(spread.moves - spread.weighed for spread in spreads)
    print(f"{game_id}, {players} seats: {len(spreads)} decisions from {len({s.game for s in spreads})} games; "
          f"legal moves median {statistics.median(moves):g}, most {max(moves)}"
          + (f" ({left} moves past --max-moves not played out)" if left else ""))
    print(f"  spread (best less worst, held out): median {statistics.median(points):.1f} points, "
          f"90th percentile {points[int(0.9 * (len(points) - 1))]:.1f}, largest {points[-1]:.1f}")
    rng = np.random.default_rng(0)
    for threshold in THRESHOLDS:
        share, low, high = share_with_interval(spreads, threshold, 2000, rng)
        print(f"  spread of {threshold} points or more: {100 * share:.1f}% [{100 * low:.1f}%, {100 * high:.1f}%]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(BUILT_IN))
    parser.add_argument("--players", type=int, default=None, help="seats (bench/review.py's count by default)")
    parser.add_argument("--positions", type=int, default=100, help="decisions per game, at least")
    parser.add_argument("--per-game", type=int, default=4, help="decisions sampled from each game played")
    parser.add_argument("--playouts", type=int, default=48, help="playouts of each legal move (an even number)")
    parser.add_argument("--max-moves", type=int, default=40, help="legal moves played out per decision, at most")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=40000)
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        for game_id in args.games.split(","):
            players = args.players or PLAYERS[game_id]
            report(game_id, players, collect(game_id, {"players": players}, args, pool))


if __name__ == "__main__":
    main()
