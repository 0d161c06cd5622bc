"""A finished game reviewed: at each decision of the reviewed seats, the chance of winning after the move made
and after the best move found, both judged from that seat's view at that moment, and the drop marked.

Marks (the drop in the chance of winning, in points of 100):

- an **inaccuracy** loses at least 7 points, a **mistake** at least 15, a **blunder** at least 30 (lichess marks
  chess moves by the winning chance they lose at 10/20/30; these games are longer and luckier, so a move rarely
  swings as much, and a smaller loss is already worth showing);
- and only a drop the playouts are sure of: at least twice its standard error (paired over the shared playouts),
  so the noise of a few dozen playouts is never called a mistake;
- and only a drop that stands when the move made and the best one are played out again (`Budget.recheck` times
  as many fresh playouts each, judged on those alone): the best of several moves is the one whose playouts
  happened to come out highest, so its first chance overstates it, and a decision is marked where the move made
  happened to come out low, so its first chance understates it. Fresh playouts chose neither, so the mark and
  the two chances a marked decision shows come from them (on bots' games, most marks the first playouts alone
  gave did not stand, and the seats won after those nearly as often as after unmarked decisions: docs/bots.md).

An unmarked decision shows the best move's chance **held out**: the move that did best on half the first
playouts, judged on the other half, both ways round and averaged. The best of several moves judged on the
playouts that chose it is overstated, and summed over every decision that overstatement would lower each
seat's accuracy by drops no move made.

Decisions with a single legal move, and chance, are skipped. Everything is seeded from the record (its seed,
the step, the seat), so reviewing the same record twice gives the same review, in any process.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Collection, Hashable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from statistics import fmean as mean
from typing import Any, TypeVar

from nutbox.core import Action, Game, Record, State, final_state, replay
from nutbox.review.calibration import IDENTITY, Scale, scale_for
from nutbox.review.estimate import Outcome, candidates, outcomes, paired_error

MARKS = (("blunder", 0.30), ("mistake", 0.15), ("inaccuracy", 0.07))
SURE = 2.0  # standard errors a drop must exceed to be marked
Move = TypeVar("Move", bound=Hashable)  # a move compared (an Action; anything a dict can key, in a test)


@dataclass(frozen=True)
class Budget:
    """How hard the review looks: playouts per move compared, and moves compared besides the one made."""

    playouts: int = 24
    candidates: int = 3
    calibrated: bool = True  # chances through the game's fitted map (calibration.py); False: the playouts' raw
    # fresh playouts, in multiples of `playouts`, for the move made and the best one when the first would mark it
    recheck: int = 3
    held_out: bool = True  # an unmarked decision's best chance judged on playouts that did not choose the move

    def __post_init__(self) -> None:
        if not (4 <= self.playouts <= 400 and 1 <= self.candidates <= 10 and 0 <= self.recheck <= 10):
            raise ValueError("a review's budget: 4 to 400 playouts, 1 to 10 candidate moves, a recheck of 0 to 10 "
                             "times the playouts")


@dataclass(frozen=True)
class Judged:
    """One reviewed decision."""

    step: int  # its index in the record's actions
    seat: int
    turn: int  # the seat's how-many-th decision with a choice, from 1 (what the review calls "decision N")
    made: str  # the move made, and the best move found, in the game's notation
    best: str
    made_chance: float  # the seat's chance of winning after each (0 to 1)
    best_chance: float
    made_place: float  # the mean place after each (1 is first)
    best_place: float
    mark: str | None  # "inaccuracy", "mistake", "blunder", or None

    @property
    def drop(self) -> float:
        return max(0.0, self.best_chance - self.made_chance)


@dataclass
class SeatSummary:
    seat: int
    decisions: int = 0
    accuracy: float = 100.0  # 100 minus the mean drop in points: 100 is every move as good as the best found
    marks: dict[str, int] = field(default_factory=lambda: {name: 0 for name, _ in MARKS})


@dataclass
class Review:
    game: str
    seats: list[int]
    budget: Budget
    decisions: list[Judged]

    def summary(self) -> list[SeatSummary]:
        found = {seat: SeatSummary(seat) for seat in self.seats}
        drops: dict[int, list[float]] = {seat: [] for seat in self.seats}
        for judged in self.decisions:
            drops[judged.seat].append(judged.drop)
            if judged.mark:
                found[judged.seat].marks[judged.mark] += 1
        for seat, summary in found.items():
            summary.decisions = len(drops[seat])
            if drops[seat]:
                summary.accuracy = round(100 - 100 * sum(drops[seat]) / len(drops[seat]), 1)
        return list(found.values())

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seats": self.seats, "budget": asdict(self.budget),
                "decisions": [asdict(judged) for judged in self.decisions]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        # (a review stored before chances were calibrated says nothing of it, and gave the raw ones)
        # (and one stored before marks were rechecked, rechecked none; nor did one stored before held-out chances)
        stored = {"calibrated": False, "recheck": 0, "held_out": False, **data["budget"]}
        judged = [Judged(**one) for one in data["decisions"]]
        return cls(data["game"], list(data["seats"]), Budget(**stored), judged)


def mark_of(drop: float, error: float, shown: float | None = None) -> str | None:
    """The mark of a drop in the raw chance with its standard error: none unless the playouts are sure of it, else
    by its size as shown (`shown`: the drop in the calibrated chances, when they are shown)."""
    if drop < SURE * error:
        return None
    size = drop if shown is None else shown
    return next((name for name, threshold in MARKS if size >= threshold), None)


@dataclass(frozen=True)
class Decision:
    """A decision to review: everything the judgement needs, and nothing the seat did not know."""

    game_id: str
    options: dict[str, Any]
    step: int
    seat: int
    turn: int
    view: dict[str, Any]
    legal: list[str]
    made: str
    seed: str


# spreads judgements: given `one` (a judgement) and the decisions, yields their judgements in any order
Mapper = Callable[[Callable[[Decision], Judged], list[Decision]], Iterator[Judged]]


def decisions(record: Record, game: Game, seats: Sequence[int], steps: Collection[int] | None = None
              ) -> Iterator[Decision]:
    """The decisions of `seats` in the record that had more than one legal move, each with the seat's view then
    (only those at `steps`, if given; they keep the numbers they have in the whole game)."""
    base = review_seed(record)
    turns = dict.fromkeys(seats, 0)
    state: State | None = None
    for step, (state, _) in enumerate(replay(record, game)):
        if step >= len(record.actions):
            break
        who = state.to_move()
        if not isinstance(who, int) or who not in turns:
            continue
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        turns[who] += 1
        if steps is not None and step not in steps:
            continue
        yield Decision(game.id, dict(record.options), step, who, turns[who], state.view(who),
                       [str(action) for action in legal], record.actions[step], f"{base}:{step}:{who}")


def review_seed(record: Record) -> str:
    """The review's seed: the record's own (or, without one, its moves), so one record gives one review."""
    if record.seed is not None:
        return str(record.seed)
    return hashlib.sha256(json.dumps(record.actions).encode()).hexdigest()[:16]


def judge(decision: Decision, game: Game, budget: Budget) -> Judged:
    """One decision judged from the seat's view at that moment: the move made against the best candidates."""
    legal = [game.parse(text) for text in decision.legal]
    made = game.parse(decision.made)
    view: Any = decision.view
    rng = random.Random(f"{decision.seed}:rank")
    moves = candidates(game, view, legal, decision.seat, budget.candidates, rng)
    if made not in moves:
        moves.append(made)
    found: Mapping[Action, Outcome] = outcomes(game, view, decision.seat, moves, budget.playouts, decision.seed)
    best = max(moves, key=ranking(found, made))
    scale = scale_for(game.id, game.num_players) if budget.calibrated else IDENTITY
    mark = marked(found, best, made, scale, budget.playouts)
    if mark is not None and budget.recheck:
        # The first playouts chose both the best move (the one whose playouts came out highest, so they overstate
        # it) and the mark (given where the move made came out low): a mark, and the chances it shows, stand on
        # fresh playouts of the two moves alone, which chose nothing.
        found = outcomes(game, view, decision.seat, [best, made], budget.recheck * budget.playouts,
                         f"{decision.seed}:recheck")
        if found[made].chance >= found[best].chance:  # on them the move made is as good: it is the best found
            best = made
        mark = marked(found, best, made, scale, budget.playouts)
    elif mark is None and budget.held_out:
        best, found = held_out(found, best, made)
    made_chance, best_chance = (scale(found[move].chance, budget.playouts) for move in (made, best))
    return Judged(decision.step, decision.seat, decision.turn, decision.made, str(best), made_chance, best_chance,
                  found[made].place, found[best].place, mark)


def ranking(found: Mapping[Move, Outcome], made: Move, playouts: slice | None = None
            ) -> Callable[[Move], tuple[float, float, bool]]:
    """The order of the moves by their playouts (those at `playouts` only, if given): the higher chance, then the
    better place, then the move made."""
    def key(move: Move) -> tuple[float, float, bool]:
        outcome = found[move]
        if playouts is None:
            return outcome.chance, -outcome.place, move == made
        return mean(outcome.wins[playouts]), -mean(outcome.places[playouts]), move == made
    return key


def held_out(found: Mapping[Move, Outcome], best: Move, made: Move) -> tuple[Move, Mapping[Move, Outcome]]:
    """The best move found, with its chance and place held out: the move best on the even-numbered playouts
    judged on the odd ones, and the other way round, averaged. Where that is no better than the move made, the
    move made is the best found."""
    halves = (slice(0, None, 2), slice(1, None, 2))
    chance = place = own = 0.0  # own: the move made, judged on the same halves (so it is like for like)
    for choosing, judging in (halves, halves[::-1]):
        chosen = found[max(found, key=ranking(found, made, choosing))]
        chance += mean(chosen.wins[judging]) / 2
        place += mean(chosen.places[judging]) / 2
        own += mean(found[made].wins[judging]) / 2
    if best == made or chance <= own:
        return made, found
    return best, {**found, best: replace(found[best], chance=chance, place=place)}


def marked(found: Mapping[Action, Outcome], best: Action, made: Action, scale: Scale, playouts: int) -> str | None:
    """The mark the playouts give the move made against the best (the map's smoothing stays the one it was fitted
    with, `playouts`, whatever their number)."""
    if best == made:
        return None
    raw_drop = max(0.0, found[best].chance - found[made].chance)
    shown_drop = max(0.0, scale(found[best].chance, playouts) - scale(found[made].chance, playouts))
    return mark_of(raw_drop, paired_error(found[best], found[made]), shown_drop)


def review(record: Record, game: Game, seats: Sequence[int] | None = None, budget: Budget | None = None,
           progress: Callable[[int, int], None] | None = None, mapper: Mapper | None = None,
           steps: Collection[int] | None = None) -> Review:
    """Review a finished game for `seats` (all by default; at `steps` only, if given). `mapper` may spread the
    judgements over processes (each judgement needs only its Decision); `progress(done, total)` is told as
    they come in."""
    budget = budget or Budget()
    chosen = sorted(set(range(game.num_players) if seats is None else seats))
    if any(seat not in range(game.num_players) for seat in chosen):
        raise ValueError(f"seats are 0 to {game.num_players - 1}")
    if not final_state(record, game).is_terminal():
        raise ValueError("only a finished game can be reviewed")
    todo = list(decisions(record, game, chosen, steps))

    def one(decision: Decision) -> Judged:
        return judge(decision, game, budget)

    done: list[Judged] = []
    for judged in (mapper or _serial)(one, todo):
        done.append(judged)
        if progress:
            progress(len(done), len(todo))
    done.sort(key=lambda judged: judged.step)
    return Review(game.id, chosen, budget, done)


def judge_anywhere(decision: Decision, budget: Budget) -> Judged:
    """`judge` for another process: the game is made again from its id and options (a Decision pickles small)."""
    from nutbox.registry import make

    return judge(decision, make(decision.game_id, decision.options), budget)


def _serial(one: Callable[[Decision], Judged], todo: list[Decision]) -> Iterator[Judged]:
    return map(one, todo)
