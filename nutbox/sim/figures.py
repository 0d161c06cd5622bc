"""The shapes of what a study writes and reads: a game's row, the plan as stored, the summary of a study and
the comparison of a sweep's arms.

They are TypedDicts, so the JSON written (study.json, journal.jsonl, summary.json, the results files) is
these very dicts, key for key and in the order each is built, while mypy checks every key read by the
statistics, the report and the terminal tables. Untyped data enters only where a file is read (the journal,
study.json, a results file); past that point, rows and figures have these shapes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NotRequired, TypedDict

from typing_extensions import ReadOnly

OptionValue = bool | int | float | str
RecordJson = dict[str, object]  # a game's record as nutbox.core writes it (Record.to_json): kept, never read here


class Row(TypedDict):
    """One game of a study, as journaled and as a line of the results file (nutbox.sim.results.COLUMNS).
    A failed game has its error and None for every figure of its result."""

    index: int
    block: int
    rotation: int
    seed: int
    game: str
    options: str  # the plan's options as sorted JSON text
    agents: list[str]  # by seat
    agent_settings: list[str]  # by seat
    scores: list[float] | None
    winners: list[int] | None
    decisions: int | None
    actions: int | None
    lead_changes: int | None  # None also for a game that keeps no running score, or a solo game
    halfway_leader: int | None  # None also when the lead was tied at half time
    score_parts: str | None  # JSON: each seat's score by its parts (State.score_parts); None: the game keeps none
    error: str | None
    rules_version: str
    nutbox_version: str


@dataclass(frozen=True)
class Played:
    """A game that was played to its end: its row's figures, none of them missing."""

    agents: list[str]
    agent_settings: list[str]
    scores: list[float]
    winners: list[int]
    decisions: int
    actions: int
    lead_changes: int | None
    halfway_leader: int | None
    score_parts: list[dict[str, float]] | None = None

    @classmethod
    def of(cls, row: Row) -> Played | None:
        """The game of `row`; None for a failed game."""
        if row["error"] is not None:
            return None
        scores, winners, decisions, actions = row["scores"], row["winners"], row["decisions"], row["actions"]
        if scores is None or winners is None or decisions is None or actions is None:
            raise ValueError(f"game {row['index']} has neither an error nor a result")
        text = row.get("score_parts")
        parts = json.loads(text) if text else None
        return cls(row["agents"], row["agent_settings"], scores, winners, decisions, actions, row["lead_changes"],
                   row["halfway_leader"], parts)


def played(rows: Iterable[Row]) -> list[Played]:
    """The games of `rows` that were played to the end, in order."""
    return [game for row in rows if (game := Played.of(row)) is not None]


class JournalEntry(TypedDict, total=False):
    """A line of journal.jsonl: a finished game's row, and its record when the plan keeps records."""

    row: Row
    record: RecordJson


class PlanIdentity(TypedDict):
    """What a stored study must share with a plan to be resumed by it: the plan but its number of games."""

    game: str
    options: dict[str, OptionValue]
    seats: list[str]
    seed: int
    rules_version: str
    nutbox_version: str
    agent_settings: dict[str, str]
    records: bool
    data: dict[str, object]  # changes to the game's components ({}: as printed)


class PlanJson(PlanIdentity):
    """A plan as study.json and a summary's `study` hold it."""

    games: int


class Interval(TypedDict):
    """Anything with a rate and its 95% interval (a proportion, a seat's or an agent's figures, player 1's)."""

    rate: ReadOnly[float | None]
    low: ReadOnly[float]
    high: ReadOnly[float]


class Proportion(TypedDict):
    """`count` of `of`, its rate (None of nothing) and its Wilson interval."""

    count: int
    of: int
    rate: float | None
    low: float
    high: float


class Distribution(TypedDict):
    mean: float
    sd: float
    min: float
    q1: float
    median: float
    q3: float
    max: float


class SeatFigures(Proportion):
    """A seat's wins (a proportion of the games played) and its final scores."""

    seat: int
    score: Distribution | None


class AgentFigures(Proportion):
    """An agent's wins over every seat it took, and its final scores."""

    agent: str
    settings: str
    score: Distribution | None


class FirstPlayer(TypedDict):
    """Seat 0's win rate against the fair share; `significant` when the interval leaves the fair share out.
    `readable` is False when the pairing is lopsided (one agent won nearly every game wherever it sat, so
    rotating the seats hides their effect), and `why` then says so in words (nutbox.sim.stats._unreadable)."""

    rate: float
    low: float
    high: float
    fair: float
    edge: float
    edge_low: float
    edge_high: float
    significant: bool
    readable: bool
    why: str | None


class Failure(TypedDict):
    index: int
    seed: int
    agents: list[str]
    error: str


class Outcomes(TypedDict):
    sole_wins: Proportion
    shared_wins: Proportion
    draws: Proportion
    top_score_tied: Proportion


class Length(TypedDict):
    decisions: Distribution | None
    actions: Distribution | None


class Lead(TypedDict):
    games: int  # games with a running score
    lead_changes: Distribution | None
    no_lead_changes: Proportion
    halfway_leader_wins: Proportion
    halfway_tied: int


class Mirror(TypedDict):
    """The first seat's edge read from mirror matches (`agent` in every seat), played beside a study whose own
    pairing may not show it (nutbox.sim.runner, --mirror)."""

    agent: str
    games: int
    fair_share: float | None
    first_player: FirstPlayer | None


class PartFigures(TypedDict):
    """A part of the score (State.score_parts): its mean points per game, for each agent over the seats it
    took, and for each seat."""

    part: str
    agents: dict[str, float]
    seats: list[float]


class Summary(TypedDict):
    """Everything the report shows about one study: summary.json."""

    study: PlanJson
    games: int
    played: int
    failed: int
    failures: list[Failure]  # the first 20
    seats: list[SeatFigures]
    fair_share: float | None
    first_player: FirstPlayer | None
    agents: list[AgentFigures]
    outcomes: Outcomes
    length: Length
    lead: Lead | None
    score_parts: NotRequired[list[PartFigures]]  # for a game that keeps them (absent in older files)
    mirror: NotRequired[Mirror]  # with --mirror only


class AgentRate(TypedDict):
    agent: str
    rate: float | None
    low: float
    high: float
    score: NotRequired[Distribution | None]  # its points a game (absent in older files)


class Difference(TypedDict):
    """How a rate of one arm differs from the same rate of the sweep's first arm (this arm's minus the first's),
    with its 95% interval; `beyond_chance` when the interval leaves 0 out (nutbox.sim.stats.difference)."""

    what: str  # the rate compared, in words: "player 1 wins", "easy wins"
    difference: float
    low: float
    high: float
    beyond_chance: bool


class Arm(TypedDict):
    """One arm of a sweep: the figures a designer compares across option values."""

    arm: str  # OPTION=VALUE, or a variant's name
    setting: NotRequired[str]  # what it sets unlike the first arm, in words (absent in old files)
    games: int
    failed: int
    first_player: FirstPlayer | None
    fair_share: float | None
    decisions: Distribution | None
    draws: Proportion
    halfway_leader_wins: Proportion | None
    agents: list[AgentRate]
    differences: NotRequired[list[Difference]]  # against the first arm (none in the first; absent in old files)


class Comparison(TypedDict):
    """A sweep's summary.json."""

    option: str
    arms: list[Arm]
