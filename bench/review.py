"""Whether a review's chances of winning mean something (issue 35): predictions against how the games went.

    python bench/review.py [--games nuts-sorting,nut-hunt,...] [--players N] [--positions 300] [--per-game 10]
                           [--playouts 24] [--candidates 3] [--recheck 3] [--workers 2] [--seed 1000]
                           [--resamples 2000] [--err P] [--worst Q] [--save FILE] [--raw] [--diagnose N]
    python bench/review.py --load FILE [FILE ...]
    python bench/review.py --fit FILE [FILE ...]

The review's chances are calibrated by a map fitted per game and seat count (nutbox/review/calibration.py).
`--raw` reviews with the playouts' raw chances instead; `--fit` fits the maps from decisions saved by `--raw
--save` and writes nutbox/review/calibration.json, printing per game the fit, the calibration gap before and
after (in the sample, and cross-validated: fitted on four fifths of the games, judged on the fifth left out) and
the gap a calibrated predictor as noisy would show. The honest figure is a run without `--raw` on games the fit
never saw (another `--seed`).

For each game, plays games of `easy` bots in every seat (nutbox.play.run_match: game `s` is seeded `s`, chance
drawn from its seeded generator, the bots seeded by agent_seed), or with `--err P` of erring players: each an
easy bot that at each decision with a choice plays, with probability P, a uniformly random legal move instead
(easy bots alone make too few decisions worth marking for the marks to be tested), and with `--worst Q`, with
probability Q, the legal move its heuristic likes least; and reviews a sample of
each game's decisions with more than one legal move: every k-th of them (k so that about `--per-game` are
taken, from a seeded offset), every seat, with `nutbox.review.review(..., steps=...)` spread over `--workers`
processes as `nutbox review` does. Games are played until at least `--positions` decisions are reviewed. Each
reviewed decision gives the review's chance of winning after the move made, for the seat that made it, and
that seat's actual result in its game: its win share (1/k of a win shared by k; alone, beating the rules'
opponent), as the review counts one.

Prints per game:
- calibration: the decisions grouped by predicted chance (0-20%, ..., 80-100%), with each group's count, games,
  mean prediction and observed win rate with a 95% interval, and the mean absolute gap weighted by counts,
  beside the gap a perfectly calibrated predictor as noisy would show (simulated: each prediction taken as the
  truth, estimated again from as many playouts, and an outcome drawn from it; positions independent); and the
  mean prediction less the observed win rate (a bias that every bin shares);
- marks: the observed win rate after decisions marked blunder, mistake or worse, and any mark, against after
  unmarked decisions, the difference with its 95% interval, and each group's mean predicted chance after the
  best move found and after the move made. A mark is likelier where much is at stake, so the win rates alone
  mix the mark with the position; the last column compares how far each group's results fell below the chance
  the best move offered: if the marks are right, by about the drop they claim more than unmarked decisions; and,
  over every decision, marked or not, how many points of results a point of claimed drop (best found less made)
  came to, the best move's chance held fixed (least squares; -1 if the drops are right, 0 if they mean nothing);
- the marks again as the review's first playouts alone give them, before the recheck (nutbox/review/
  game_review.py: a decision marked on its first playouts is judged again on `--recheck` times as many fresh
  playouts of the move made and the best one, alone); the bench reviews with no recheck, then again the
  decisions so marked;
- with erring players, their slips (random moves, worst moves) against the bot's own: the mean chance lost by
  each as the review says (best found less made, as shown), how often each is marked, how often the seat won
  after each, and the differences of each kind of slip less the bot's with their intervals (the same again as the
  first playouts mark them);
- the Brier score of the predictions against a constant predictor of the sample's own win rate;
- the wall time;
- with `--diagnose N`, for N of the decisions (a seeded sample), what moves the prediction away from the truth:
  the chance after the move made from the true state (the hidden parts as they were) with the review's own
  playouts, and with `easy` bots playing on instead (as many games as playouts, fresh chance): by predicted
  chance, the mean of each beside the observed rate. Review against true-state playouts is what seeing only the
  seat's view does; true-state playouts against easy bots is what the playout policy does; easy bots against
  the outcome is noise (they are the players).

At the end, with more than one game, the marks tables again over all the games' decisions together.
`--load` reviews nothing and prints the same from decisions saved by `--save` (several runs' together: their
games must differ, as runs with other `--seed`s).

Decisions from one game share its outcome, so they are not independent: every interval here is a percentile
bootstrap over games (whole games resampled with their decisions, `--resamples` times), not over decisions.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shlex
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, replace
from functools import partial
from itertools import chain, pairwise
from operator import attrgetter
from pathlib import Path

import numpy as np

from nutbox.agents import Agent, GreedyAgent, make_agent
from nutbox.core import Action, Game, Record, View, draw_chance, final_state, replay
from nutbox.play import agent_seed, run_match
from nutbox.registry import BUILT_IN, make
from nutbox.review import Budget, Decision, Judged, Mapper, judge_anywhere, review
from nutbox.review.calibration import FITTED
from nutbox.review.calibration import fit as fit_map
from nutbox.review.estimate import play_out, result_for
from nutbox.review.game_review import decisions

PLAYERS = {"nuts-sorting": 2, "nut-hunt": 3, "nuts-factory": 2, "nut-cards": 2, "in-the-nuts": 2}
BINS = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)
FEWEST = 5  # games a group of decisions must come from to be given an interval
NOISE_RUNS = 200  # simulated runs of a calibrated predictor, for the gap noise alone makes


@dataclass(frozen=True)
class Position:
    """One reviewed decision: what the review said, and how the game went for the seat that decided."""

    game: str
    seed: int  # the game's
    step: int
    seat: int
    predicted: float  # chance of winning after the move made
    best: float  # after the best move found
    mark: str | None
    won: float  # the seat's win share in the end
    calibrated: bool  # whether `predicted` and `best` went through the game's fitted map
    playouts: int
    random: bool = False  # the move made was drawn uniformly from the legal ones (an erring player's slip)
    worst: bool = False  # the move made was the one the heuristic liked least (an erring player's other slip)
    first: tuple[str | None, float, float] | None = None  # (mark, predicted, best) before a recheck changed them


def before_recheck(position: Position) -> Position:
    """The position as the review judged it on its first playouts alone."""
    if position.first is None:
        return position
    mark, predicted, best = position.first
    return replace(position, mark=mark, predicted=predicted, best=best, first=None)


Slip = str | None  # how an erring player's decision went: "random", "worst", or None (the bot's own move)


class Erring(Agent):
    """An easy bot that, at each decision with a choice, plays with probability `rate` a uniformly random legal
    move instead, and with probability `worst` the move the heuristic likes least (ties drawn at random): a
    player who sometimes errs, so that the games hold decisions worth marking (easy bots alone make few). Keeps,
    per decision with a choice, how it went (Slip)."""

    name = "erring"
    description = "an easy bot that sometimes plays a random move, or its worst"

    def __init__(self, game: Game, seat: int, seed: str, rate: float, worst: float = 0.0) -> None:
        super().__init__(game, seat, seed)
        self.bot = GreedyAgent(game, seat, f"{seed}/bot")
        self.rate, self.worst = rate, worst
        self.erred: list[Slip] = []

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) < 2:
            return legal[0]
        draw = self.rng.random()
        slip = "random" if draw < self.rate else "worst" if draw < self.rate + self.worst else None
        self.erred.append(slip)
        if slip == "random":
            return self.rng.choice(legal)
        if slip == "worst":
            values = self.bot.values(view, legal)
            least = min(values)
            return self.rng.choice([action for action, value in zip(legal, values, strict=True) if value == least])
        return self.bot.act(view, legal)


def play(game_id: str, options: dict[str, object], rate: float, worst: float, seed: int
         ) -> tuple[Record, dict[int, str]]:
    """One game, whole: `easy` bots in every seat, or erring ones (`rate` or `worst` > 0); and the steps of
    their slips, with each slip's kind."""
    game = make(game_id, options)
    if not rate and not worst:
        agents = [make_agent("easy", game, seat, agent_seed(seed, seat)) for seat in range(game.num_players)]
        return run_match(game, agents, seed).record, {}
    erring = [Erring(game, seat, agent_seed(seed, seat), rate, worst) for seat in range(game.num_players)]
    record = run_match(game, erring, seed).record
    # the i-th choice of a seat's agent is the i-th decision with a choice of that seat in the record
    slips: list[list[Slip]] = [list(reversed(agent.erred)) for agent in erring]
    steps = {decision.step: slip for decision in decisions(record, game, range(game.num_players))
             if (slip := slips[decision.seat].pop()) is not None}
    assert not any(slips), "an agent chose more often than the record has decisions"
    return record, steps


def in_pool(pool: ProcessPoolExecutor, budget: Budget) -> Mapper:
    """nutbox review's mapper, one decision at a time (a game's sample is small: big chunks would idle a worker)."""

    def mapper(_: Callable[[Decision], Judged], todo: list[Decision]) -> Iterator[Judged]:
        return pool.map(partial(judge_anywhere, budget=budget), todo, chunksize=1)

    return mapper


def sampled(record: Record, game_id: str, per_game: int, rng: random.Random) -> list[int]:
    """Every k-th step that was a decision with a choice (any seat), from a random offset below k."""
    game = make(game_id, record.options)
    steps = [decision.step for decision in decisions(record, game, range(game.num_players))]
    every = max(1, math.ceil(len(steps) / per_game))
    return steps[rng.randrange(every)::every]


def collect(game_id: str, options: dict[str, object], args: argparse.Namespace,
            pool: ProcessPoolExecutor, records: dict[int, Record]) -> list[Position]:
    """Reviewed decisions from games seeded args.seed, args.seed + 1, ... until there are enough (the games'
    records are put in `records`, by seed)."""
    game = make(game_id, options)
    budget = Budget(args.playouts, args.candidates, calibrated=not args.raw, recheck=0)
    rechecked = replace(budget, recheck=args.recheck)
    rng = random.Random(f"{args.seed}:{game_id}:sample")
    found: list[Position] = []
    for number, record, slips in chain.from_iterable(
            games(game_id, options, args.err, args.worst, args.seed, pool, args.workers)):
        steps = sampled(record, game_id, args.per_game, rng)
        first = review(record, game, None, budget, mapper=in_pool(pool, budget), steps=steps).decisions
        final = {one.step: one for one in first}
        marked = {one.step for one in first if one.mark}
        if args.recheck and marked:
            # the recheck starts from the same first playouts (seeded alike): only marked decisions need it
            again = review(record, game, None, rechecked, mapper=in_pool(pool, rechecked), steps=marked)
            final.update((one.step, one) for one in again.decisions)
        end = final_state(record, game)
        records[number] = record
        for one in first:
            last = final[one.step]
            found.append(Position(
                game_id, number, one.step, one.seat, last.made_chance, last.best_chance, last.mark,
                result_for(end, one.seat)[0], budget.calibrated, budget.playouts,
                slips.get(one.step) == "random", slips.get(one.step) == "worst",
                (one.mark, one.made_chance, one.best_chance) if last is not one else None))
        if len(found) >= args.positions:
            break
    return found


def games(game_id: str, options: dict[str, object], err: float, worst: float, seed: int, pool: ProcessPoolExecutor,
          workers: int) -> Iterator[list[tuple[int, Record, dict[int, str]]]]:
    """Games (`play`) seeded `seed`, `seed` + 1, ..., played `workers` at a time on the pool, for as long as they are
    asked for: each time, those `workers` games' seeds, records and slips."""
    while True:
        seeds = list(range(seed, seed + workers))
        seed += workers
        played = pool.map(partial(play, game_id, options, err, worst), seeds)
        yield [(number, record, slips) for number, (record, slips) in zip(seeds, played, strict=True)]


@dataclass(frozen=True)
class Probe:
    """A reviewed decision to judge again from the true state."""

    game_id: str
    options: dict[str, object]
    record: Record
    step: int
    seat: int
    count: int  # playouts, and games of easy bots


def probe(task: Probe) -> tuple[float, float]:
    """The seat's chance after the move made, from the true state: by the review's playouts, by easy bots."""
    game = make(task.game_id, task.options)
    for step, (state, _) in enumerate(replay(task.record, game)):
        if step == task.step:
            after = state.child(game.parse(task.record.actions[step]))
            break
    key = f"{task.record.seed}:{task.step}:{task.seat}"
    peek = sum(result_for(play_out(game, after.clone(), random.Random(f"{key}:peek:{i}")), task.seat)[0]
               for i in range(task.count))
    easy = 0.0
    for i in range(task.count):
        state = after.clone()
        chance = random.Random(f"{key}:easy:{i}")
        agents = [make_agent("easy", game, seat, f"{key}:easy:{i}:{seat}") for seat in range(game.num_players)]
        while not state.is_terminal():
            if state.is_chance():
                state.apply(draw_chance(state, chance))
                continue
            seat = state.to_move()
            assert isinstance(seat, int)
            state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
        easy += result_for(state, task.seat)[0]
    return peek / task.count, easy / task.count


def diagnosis(game_id: str, options: dict[str, object], positions: list[Position], records: dict[int, Record],
              args: argparse.Namespace, pool: ProcessPoolExecutor) -> None:
    rng = random.Random(f"{args.seed}:{game_id}:diagnose")
    chosen = sorted(rng.sample(positions, min(args.diagnose, len(positions))), key=lambda p: (p.seed, p.step))
    tasks = [Probe(game_id, options, records[p.seed], p.step, p.seat, args.playouts) for p in chosen]
    found = list(zip(chosen, pool.map(probe, tasks, chunksize=1), strict=True))
    print(f"  diagnosis of {len(found)} decisions: the chance after the move made, {args.playouts} games each")
    print(f"  {'predicted':<10} {'count':>5} {'review':>7} {'true-state playouts':>19} {'easy bots':>9} "
          f"{'observed':>8}")
    rows = [(f"{100 * low:.0f}-{100 * high:.0f}%", in_bin(low, high)) for low, high in pairwise(BINS)]
    for label, test in [*rows, ("all", lambda _: True)]:
        group = [(p, peek, easy) for p, (peek, easy) in found if test(p)]
        if not group:
            print(f"  {label:<10} {0:>5}")
            continue
        columns = [mean([p.predicted for p, _, _ in group]), mean([peek for _, peek, _ in group]),
                   mean([easy for _, _, easy in group]), mean([p.won for p, _, _ in group])]
        print(f"  {label:<10} {len(group):>5} {percent(columns[0]):>7} {percent(columns[1]):>19} "
              f"{percent(columns[2]):>9} {percent(columns[3]):>8}")
    review_off = mean([abs(p.predicted - easy) for p, (_, easy) in found]) or 0.0
    peek_off = mean([abs(peek - easy) for _, (peek, easy) in found]) or 0.0
    print(f"  mean absolute difference from the easy bots' chance: review {100 * review_off:.1f} points, "
          f"true-state playouts {100 * peek_off:.1f} (both carry the noise of {args.playouts} games a side)")


Statistic = Callable[[Sequence[Position]], float | None]


def bootstrap(by_game: list[list[Position]], statistic: Statistic, resamples: int,
              rng: random.Random) -> tuple[float, float]:
    """The percentile 95% interval of `statistic` over resamples of whole games (resamples where it is undefined,
    as an empty group, are left out)."""
    values = []
    for _ in range(resamples):
        picked = [position for _ in by_game for position in rng.choice(by_game)]
        value = statistic(picked)
        if value is not None:
            values.append(value)
    if not values:
        return math.nan, math.nan
    values.sort()
    return values[int(0.025 * (len(values) - 1))], values[math.ceil(0.975 * (len(values) - 1))]


def mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def in_bin(low: float, high: float) -> Callable[[Position], bool]:
    return lambda position: low <= position.predicted < high or (high == 1.0 and position.predicted == 1.0)


def won(position: Position) -> float:
    return position.won


def predicted(position: Position) -> float:
    return position.predicted


def short(position: Position) -> float:
    """How far the result fell below the chance the best move found offered (negative: it fell short)."""
    return position.won - position.best


def rate(test: Callable[[Position], bool], value: Callable[[Position], float] = won) -> Statistic:
    return lambda positions: mean([value(p) for p in positions if test(p)])


def difference(first: Callable[[Position], bool], second: Callable[[Position], bool],
               value: Callable[[Position], float] = won) -> Statistic:
    def statistic(positions: Sequence[Position]) -> float | None:
        a, b = rate(first, value)(positions), rate(second, value)(positions)
        return None if a is None or b is None else a - b

    return statistic


def percent(value: float | None) -> str:
    return "   -  " if value is None or math.isnan(value) else f"{100 * value:5.1f}%"


def interval(bounds: tuple[float, float]) -> str:
    return f"[{percent(bounds[0]).strip()}, {percent(bounds[1]).strip()}]"


def calibration(positions: list[Position], by_game: list[list[Position]], args: argparse.Namespace,
                rng: random.Random) -> None:
    print(f"  {'predicted':<10} {'count':>5} {'games':>5} {'mean pred':>9} {'observed':>8}  95% (bootstrap over games)")
    gap = 0.0
    for low, high in pairwise(BINS):
        test = in_bin(low, high)
        group = [p for p in positions if test(p)]
        label = f"{100 * low:.0f}-{100 * high:.0f}%"
        if not group:
            print(f"  {label:<10} {0:>5}")
            continue
        predicted = sum(p.predicted for p in group) / len(group)
        observed = sum(p.won for p in group) / len(group)
        gap += len(group) * abs(predicted - observed)
        games = len({(p.game, p.seed) for p in group})
        print(f"  {label:<10} {len(group):>5} {games:>5} {percent(predicted):>9} {percent(observed):>8}  "
              f"{interval(bootstrap(by_game, rate(test), args.resamples, rng))}")
    floor = sorted(noise_gap(positions, args.playouts, rng) for _ in range(NOISE_RUNS))
    print(f"  mean absolute calibration gap (weighted by count): {100 * gap / len(positions):.1f} points; a "
          f"calibrated predictor as noisy: {100 * sum(floor) / len(floor):.1f} (95% of runs below "
          f"{100 * floor[int(0.95 * len(floor))]:.1f})")
    low, high = bootstrap(by_game, bias, args.resamples, rng)
    print(f"  mean prediction - observed win rate: {100 * (bias(positions) or 0.0):+.1f} points "
          f"[{100 * low:+.1f}, {100 * high:+.1f}]")


def bias(positions: Sequence[Position]) -> float | None:
    return mean([p.predicted - p.won for p in positions])


def gap_of(pairs: Sequence[tuple[float, float]]) -> float:
    """The mean absolute gap between mean prediction and mean outcome over the bins, weighted by count."""
    total = 0.0
    for low, high in pairwise(BINS):
        group = [(p, o) for p, o in pairs if low <= p < high or (high == 1.0 and p == 1.0)]
        if group:
            total += abs(sum(p for p, _ in group) - sum(o for _, o in group))
    return total / len(pairs)


def noise_gap(positions: Sequence[Position], playouts: int, rng: random.Random) -> float:
    """One run of a calibrated predictor as noisy as the review: each prediction taken as the truth, estimated
    again from `playouts` playouts, and the outcome drawn from the truth."""
    pairs = []
    for position in positions:
        truth = position.predicted
        estimate = sum(rng.random() < truth for _ in range(playouts)) / playouts
        pairs.append((estimate, 1.0 if rng.random() < truth else 0.0))
    return gap_of(pairs)


MARKED: tuple[tuple[str, Callable[[Position], bool]], ...] = (
    ("blunder", lambda p: p.mark == "blunder"),
    ("mistake or blunder", lambda p: p.mark in ("mistake", "blunder")),
    ("any mark", lambda p: p.mark is not None),
)


def marks(positions: list[Position], by_game: list[list[Position]], args: argparse.Namespace,
          rng: random.Random) -> None:
    """Win rates after marked and unmarked decisions; and, as a mark is likelier where much is at stake, how far
    each fell below the chance the best move offered (if the marks are right, by about the drop)."""

    def unmarked(p: Position) -> bool:
        return p.mark is None

    print(f"  {'after':<19} {'count':>5} {'games':>5} {'pred. best':>10} {'pred. made':>10} {'observed':>8}  "
          f"{'observed - unmarked':<29} {'(observed - pred. best) - unmarked':<36} claimed")
    rows: list[tuple[str, Callable[[Position], bool]]] = [("unmarked", unmarked), *MARKED]
    base, base_short = rate(unmarked)(positions), rate(unmarked, short)(positions)
    base_claim = mean([p.predicted - p.best for p in positions if unmarked(p)])
    for name, test in rows:
        group = [p for p in positions if test(p)]
        games = len({(p.game, p.seed) for p in group})
        if not group:
            print(f"  {name:<19} {0:>5} {0:>5}")
            continue
        best, made, observed = mean([p.best for p in group]), mean([p.predicted for p in group]), rate(test)(group)
        line = (f"  {name:<19} {len(group):>5} {games:>5} {percent(best):>10} {percent(made):>10} "
                f"{percent(observed):>8}")
        if name != "unmarked" and base is not None and base_short is not None and base_claim is not None:
            for value, reference, width in ((won, base, 29), (short, base_short, 36)):
                found = rate(test, value)(group)
                assert found is not None
                column = f"{100 * (found - reference):+5.1f} points"
                if games >= FEWEST:
                    low, high = bootstrap(by_game, difference(test, unmarked, value), args.resamples, rng)
                    column += f" [{100 * low:+.1f}, {100 * high:+.1f}]"
                line += f"  {column:<{width}}"
            claimed = (mean([p.predicted - p.best for p in group]) or 0.0) - base_claim
            line += f" {100 * claimed:+.1f} points"
        print(line)
    print(f"  (no interval for a group from fewer than {FEWEST} games; claimed: the group's mean predicted drop "
          f"less the unmarked's)")
    found = drop_slope(positions)
    if found is not None:
        low, high = bootstrap(by_game, drop_slope, args.resamples, rng)
        print(f"  a point of chance the review says was lost shows as {found:+.2f} points of results [{low:+.2f}, "
              f"{high:+.2f}] (fitted over every decision, the best move's chance held fixed; -1 if the drops "
              f"say exactly what was lost, 0 if nothing)")


def drop_slope(positions: Sequence[Position]) -> float | None:
    """c of the least-squares fit won = a + b * best + c * (best - predicted): how the result moved with the drop
    the review claimed, among decisions whose best move offered the same chance (which the marks alone mix in)."""
    if len(positions) < 4:
        return None
    design = np.array([(1.0, p.best, p.best - p.predicted) for p in positions])
    fitted, _, rank, _ = np.linalg.lstsq(design, np.array([p.won for p in positions]), rcond=None)
    return float(fitted[2]) if rank == 3 else None  # (rank below 3: the drops or the chances do not vary)


def slips(positions: list[Position], by_game: list[list[Position]], args: argparse.Namespace,
          rng: random.Random) -> None:
    """The erring players' slips (random moves, and the moves the heuristic liked least) against the bot's own:
    the chance the review says each lost, how often it marks each, and how often the seat won after each (a check
    of the population as much as of the review)."""

    def lost(p: Position) -> float:
        return max(0.0, p.best - p.predicted)

    def chosen(p: Position) -> bool:
        return not p.random and not p.worst

    kinds: list[tuple[str, Callable[[Position], bool]]] = [
        (name, test) for name, test in (("random", attrgetter("random")), ("worst", attrgetter("worst")))
        if any(test(p) for p in positions)
    ]
    print(f"  {'move made':<19} {'count':>5} {'chance lost':>11} {'blunder':>7} {'mistake+':>8} {'any mark':>8} "
          f"{'pred. made':>10} {'observed':>8}")
    for name, test in (*kinds, ("the bot's", chosen)):
        group = [p for p in positions if test(p)]
        if not group:
            print(f"  {name:<19} {0:>5}")
            continue
        shares = [sum(1 for p in group if check(p)) / len(group) for _, check in MARKED]
        print(f"  {name:<19} {len(group):>5} {100 * (mean([lost(p) for p in group]) or 0.0):>6.1f} pts "
              f"{percent(shares[0]):>7} {percent(shares[1]):>8} {percent(shares[2]):>8} "
              f"{percent(mean([p.predicted for p in group])):>10} {percent(rate(test)(group)):>8}")
    if not any(chosen(p) for p in positions):
        return
    # a slip is a coin's, whatever the position, so the observed difference is what such a move costs
    for name, test in kinds:
        for label, value in (("chance lost", lost), ("predicted after the move made", predicted),
                             ("observed win rate", won)):
            found = difference(test, chosen, value)(positions) or 0.0
            low, high = bootstrap(by_game, difference(test, chosen, value), args.resamples, rng)
            print(f"  {name} - the bot's, {label}: {100 * found:+.1f} points [{100 * low:+.1f}, {100 * high:+.1f}]")


def brier(positions: list[Position]) -> None:
    base = sum(p.won for p in positions) / len(positions)
    score = sum((p.predicted - p.won) ** 2 for p in positions) / len(positions)
    constant = sum((base - p.won) ** 2 for p in positions) / len(positions)
    skill = 1 - score / constant if constant else math.nan
    print(f"  Brier score {score:.3f}; a constant {percent(base).strip()} (the sample's win rate) scores "
          f"{constant:.3f}; skill {skill:+.2f} (1 is perfect, 0 no better than the constant)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(BUILT_IN), help="games, comma-separated (default: all five)")
    parser.add_argument("--players", type=int, help=f"seats in every game (default: {PLAYERS})")
    parser.add_argument("--positions", type=int, default=300, help="reviewed decisions per game, at least")
    parser.add_argument("--per-game", type=int, default=10, help="about this many reviewed decisions per game")
    parser.add_argument("--playouts", type=int, default=Budget.playouts, help="the review's playouts per move")
    parser.add_argument("--candidates", type=int, default=Budget.candidates, help="the review's candidate moves")
    parser.add_argument("--recheck", type=int, default=Budget.recheck,
                        help="the review's fresh playouts for a decision it would mark, in multiples of "
                             "--playouts (0: none)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1000, help="the first game's seed (games are seeded in turn)")
    parser.add_argument("--resamples", type=int, default=2000, help="bootstrap resamples")
    parser.add_argument("--save", type=Path, help="also write every reviewed decision here (JSON lines)")
    parser.add_argument("--diagnose", type=int, default=0, metavar="N",
                        help="also judge N decisions a game from the true state, by playouts and by easy bots")
    parser.add_argument("--err", type=float, default=0.0, metavar="P",
                        help="players: easy bots that play a uniformly random legal move with probability P at "
                             "each decision with a choice (default 0: easy bots)")
    parser.add_argument("--worst", type=float, default=0.0, metavar="Q",
                        help="players: easy bots that play the legal move the heuristic likes least with "
                             "probability Q at each decision with a choice (default 0; with --err, both)")
    parser.add_argument("--raw", action="store_true", help="the playouts' raw chances, not calibrated ones")
    parser.add_argument("--load", type=Path, nargs="+", metavar="FILE",
                        help="review nothing: the figures from decisions saved with --save")
    parser.add_argument("--fit", type=Path, nargs="+", metavar="FILE",
                        help="fit the calibration from decisions saved with --raw --save, and write it")
    args = parser.parse_args()
    print("$ python " + shlex.join(["bench/review.py", *sys.argv[1:]]), flush=True)
    if args.fit:
        fit_calibration(args.fit, args.resamples)
        return
    if args.load:
        analyse(args.load, args)
        return
    every: list[Position] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for game_id in args.games.split(","):
            players = args.players or PLAYERS[game_id]
            start = time.perf_counter()
            records: dict[int, Record] = {}
            positions = collect(game_id, {"players": players}, args, pool, records)
            games = len(records)
            elapsed = time.perf_counter() - start
            every += positions
            who = (f"erring easy bots (random moves {100 * args.err:.0f}%, worst {100 * args.worst:.0f}%)"
                   if args.err or args.worst else "easy bots")
            print(f"\n{game_id}, {players} seats of {who}: {len(positions)} decisions reviewed from {games} games "
                  f"(seeds {args.seed}-{args.seed + games - 1}), {args.playouts} playouts, "
                  f"{args.candidates} candidates, recheck {args.recheck}x; {elapsed:.0f} s wall")
            if args.save:
                with args.save.open("a") as out:
                    out.writelines(json.dumps({"players": players, **asdict(p)}) + "\n"
                                   for p in positions)
            report(positions, args, random.Random(f"{args.seed}:{game_id}:bootstrap"))
            if args.diagnose:
                start = time.perf_counter()
                diagnosis(game_id, {"players": players}, positions, records, args, pool)
                print(f"  ({time.perf_counter() - start:.0f} s wall)")
            sys.stdout.flush()
    together(every, args)


def report(positions: list[Position], args: argparse.Namespace, rng: random.Random) -> None:
    """One game's figures: calibration, marks (and before any recheck), random moves, Brier score."""
    calibration(positions, clusters(positions), args, rng)
    judged_marks(positions, args, rng)
    brier(positions)


def judged_marks(positions: list[Position], args: argparse.Namespace, rng: random.Random) -> None:
    marks(positions, clusters(positions), args, rng)
    earlier = [before_recheck(p) for p in positions]
    if any(p.first is not None for p in positions):
        print("  marks on the first playouts alone (no recheck):")
        marks(earlier, clusters(earlier), args, rng)
    if any(p.random or p.worst for p in positions):
        slips(positions, clusters(positions), args, rng)
        if any(p.first is not None for p in positions):
            print("  the same, marked on the first playouts alone (no recheck):")
            slips(earlier, clusters(earlier), args, rng)


def together(every: list[Position], args: argparse.Namespace) -> None:
    if len({p.game for p in every}) > 1:
        print(f"\nmarks, all {len({p.game for p in every})} games together (bootstrap over games):")
        judged_marks(every, args, random.Random(f"{args.seed}:all:bootstrap"))


def analyse(files: Sequence[Path], args: argparse.Namespace) -> None:
    """The figures again from decisions saved by --save (several runs' together, if their games differ)."""
    groups: dict[tuple[str, int], list[Position]] = {}
    for path in files:
        for line in filter(str.strip, path.read_text().splitlines()):
            row = json.loads(line)
            players = row.pop("players")
            first = row.pop("first", None)
            position = Position(**row, first=None if first is None else (first[0], first[1], first[2]))
            groups.setdefault((position.game, players), []).append(position)
    every: list[Position] = []
    for (game_id, players), positions in groups.items():
        if len({(p.seed, p.step) for p in positions}) < len(positions):
            sys.exit(f"{game_id}: a decision saved twice (runs with overlapping seeds?)")
        print(f"\n{game_id}, {players} seats: {len(positions)} decisions from {len(clusters(positions))} games "
              f"(seeds {spans(sorted({p.seed for p in positions}))}); {sum(p.random for p in positions)} random "
              f"moves, {sum(p.worst for p in positions)} worst")
        report(positions, args, random.Random(f"{game_id}:bootstrap"))
        every += positions
    together(every, args)


FOLDS = 5  # cross-validation of a fit: games in five groups, each judged by the fit on the other four


def fit_calibration(files: Sequence[Path], runs: int) -> None:
    """Fit each game and seat count's map from saved raw decisions; print how calibrated each comes out; write
    calibration.json."""
    rows = [json.loads(line) for path in files for line in path.read_text().splitlines() if line.strip()]
    if any(row.get("calibrated") for row in rows):
        sys.exit("--fit takes decisions reviewed with --raw only")
    groups: dict[str, list[Position]] = {}
    for row in rows:
        row = {"calibrated": False, "playouts": Budget.playouts, **row}  # (rows saved before either was)
        players = row.pop("players")
        position = Position(**row)
        groups.setdefault(f"{position.game}/{players}", []).append(position)
    fits: dict[str, dict[str, object]] = {}
    rng = random.Random("fit")
    print(f"  {'game/seats':<16} {'count':>5} {'games':>5} {'a':>6} {'b':>6} {'gap raw':>8} {'fitted':>7} "
          f"{'cross-validated':>15} {'noise alone':>11} {'Brier raw':>9} {'cross-val.':>10}  kept")
    for key, positions in sorted(groups.items()):
        playouts = positions[0].playouts
        if any(p.playouts != playouts for p in positions):
            sys.exit(f"{key}: decisions reviewed with different numbers of playouts")
        scale = fit_map([(p.predicted, p.won) for p in positions], playouts)
        seeds = sorted({p.seed for p in positions})
        held_out = []
        for fold in range(FOLDS):
            left = {seed for i, seed in enumerate(seeds) if i % FOLDS == fold}
            partial_fit = fit_map([(p.predicted, p.won) for p in positions if p.seed not in left], playouts)
            held_out += [(partial_fit(p.predicted, playouts), p.won) for p in positions if p.seed in left]
        raw = [(p.predicted, p.won) for p in positions]
        fitted_gap = gap_of([(scale(p.predicted, playouts), p.won) for p in positions])
        noise = sum(noise_gap(positions, playouts, rng) for _ in range(runs // 10)) / (runs // 10)
        # a map is kept only where it predicts games it was not fitted on better than the raw chances do
        kept = brier_of(held_out) < brier_of(raw)
        print(f"  {key:<16} {len(positions):>5} {len(seeds):>5} {scale.a:>6.2f} {scale.b:>+6.2f} "
              f"{100 * gap_of(raw):>7.1f}  {100 * fitted_gap:>6.1f}  {100 * gap_of(held_out):>14.1f}  "
              f"{100 * noise:>10.1f}  {brier_of(raw):>8.4f}  {brier_of(held_out):>9.4f}  {'yes' if kept else 'no'}")
        if kept:
            fits[key] = {"a": scale.a, "b": scale.b, "decisions": len(positions), "games": len(seeds),
                         "seeds": spans(seeds), "playouts": playouts}
    FITTED.write_text(json.dumps({
        "about": "The review's calibration maps (nutbox/review/calibration.py), fitted by bench/review.py --fit "
                 "on easy bots' games; a game and seat count not here keep the raw chances. docs/bots.md.",
        "fits": fits}, indent=1) + "\n")
    print(f"  written: {FITTED}")


def brier_of(pairs: Sequence[tuple[float, float]]) -> float:
    return sum((p - o) ** 2 for p, o in pairs) / len(pairs)


def spans(seeds: Sequence[int]) -> str:
    """Sorted seeds as runs: "1000-1033, 5000-5034"."""
    runs: list[list[int]] = []
    for seed in seeds:
        if runs and seed == runs[-1][1] + 1:
            runs[-1][1] = seed
        else:
            runs.append([seed, seed])
    return ", ".join(f"{low}-{high}" if low != high else str(low) for low, high in runs)


def clusters(positions: list[Position]) -> list[list[Position]]:
    """The positions by the game they come from."""
    found: dict[tuple[str, int], list[Position]] = {}
    for position in positions:
        found.setdefault((position.game, position.seed), []).append(position)
    return list(found.values())


if __name__ == "__main__":
    main()
