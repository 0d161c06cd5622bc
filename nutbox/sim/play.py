"""Playing a study's games, one row each: what every worker runs, on this machine or on a Ray node.

A row is a function of the plan and the game's index only. A game that raises becomes a row with the error
and where it arose, so one broken game never stops a study.
"""

from __future__ import annotations

import functools
import json
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

import nutbox
from nutbox.agents import make_agent
from nutbox.core import Game
from nutbox.play import Match, agent_seed
from nutbox.registry import make, use_data_changes
from nutbox.sim.figures import RecordJson, Row
from nutbox.sim.study import Plan, Seating

PACKAGE = Path(nutbox.__file__).parent


@dataclass
class Chunk:
    """Rows of some games of a study, their records if the plan keeps them, and the time they took."""

    rows: list[Row]
    records: dict[int, RecordJson]
    seconds: float  # wall-clock
    cpu_seconds: float  # of the process that played them


@functools.lru_cache(maxsize=16)
def _game(game_id: str, options_text: str, data_text: str) -> Game:
    """The study's game, in a process that plays it with the study's changes to its components (or refuses)."""
    use_data_changes(game_id, json.loads(data_text))
    return make(game_id, json.loads(options_text))


def play_chunk(plan: Plan, indices: list[int]) -> Chunk:
    start, cpu = time.perf_counter(), time.process_time()
    rows: list[Row] = []
    records: dict[int, RecordJson] = {}
    for index in indices:
        row, record = play_game(plan, index)
        rows.append(row)
        if record is not None:
            records[index] = record
    return Chunk(rows, records, time.perf_counter() - start, time.process_time() - cpu)


def play_game(plan: Plan, index: int) -> tuple[Row, RecordJson | None]:
    """Game `index` of the study: its row, and its record if the plan keeps records (a failed game's record
    holds the actions up to the failure)."""
    seating = plan.seating(index)
    row = _row_start(plan, seating)
    match = None
    try:
        game = _game(plan.game, plan.options_text(), plan.data_text())
        agents = [make_agent(name, game, seat, agent_seed(seating.seed, seat)) for seat, name in
                  enumerate(seating.agents)]
        # run_match's loop, driven here because the lead is read from the state after every decision
        # (run_match hands its callback the events only); tests/sim checks both give the same record.
        match = Match(game, seating.seed, [agent.name for agent in agents])
        decisions = 0
        leaders: list[int | None] | None = []  # the sole leader after each decision; None: no running score
        while not match.state.is_terminal():
            if match.state.is_chance():
                match.run_chance()
                continue
            seat = match.state.to_move()
            assert isinstance(seat, int)
            match.play(match.ask(agents[seat]))
            decisions += 1
            if leaders is not None:
                running = match.state.running_scores()
                if running is None:
                    leaders = None
                else:
                    leaders.append(_sole_leader(running))
        state = match.state
        row["scores"] = state.scores()
        row["winners"] = state.winners()
        parts = state.score_parts()
        row["score_parts"] = None if parts is None else json.dumps(parts)
        row["decisions"] = decisions
        row["actions"] = len(match.record.actions)
        if leaders is not None and plan.players > 1:
            row["lead_changes"] = _lead_changes(leaders)
            row["halfway_leader"] = leaders[len(leaders) // 2 - 1] if len(leaders) >= 2 else None
    except Exception as error:  # a broken game is a finding of the study, not the end of it
        row["error"] = _describe(error)
    return row, match.record.to_json() if match is not None and plan.records else None


def _row_start(plan: Plan, seating: Seating) -> Row:
    return {
        "index": seating.index,
        "block": seating.block,
        "rotation": seating.rotation,
        "seed": seating.seed,
        "game": plan.game,
        "options": plan.row_options(),
        "agents": list(seating.agents),
        "agent_settings": [plan.agent_settings[name] for name in seating.agents],
        "scores": None,
        "winners": None,
        "decisions": None,
        "actions": None,
        "lead_changes": None,
        "halfway_leader": None,
        "score_parts": None,
        "error": None,
        "rules_version": plan.rules_version,
        "nutbox_version": plan.nutbox_version,
    }


def _sole_leader(scores: list[float]) -> int | None:
    best = max(scores)
    leaders = [seat for seat, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else None


def _lead_changes(leaders: list[int | None]) -> int:
    """How often the sole leader became another seat (a tie for the lead changes nothing)."""
    changes, current = 0, None
    for leader in leaders:
        if leader is not None:
            changes += current is not None and leader != current
            current = leader
    return changes


def _describe(error: Exception) -> str:
    """The error and the line of nutbox it came from."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [frame for frame in frames if Path(frame.filename).is_relative_to(PACKAGE)] or frames
    if not ours:
        return f"{type(error).__name__}: {error}"
    last = ours[-1]
    where = Path(last.filename)
    shown = where.relative_to(PACKAGE.parent) if where.is_relative_to(PACKAGE) else where
    return f"{type(error).__name__}: {error} (at {shown}:{last.lineno} in {last.name})"
