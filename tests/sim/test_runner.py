"""Running studies: the same rows for any number of workers, resuming after an interruption, failed games
recorded without stopping the study, and the files a study leaves."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from nutbox import agents as agents_module
from nutbox.agents import Agent, make_agent
from nutbox.core import Action
from nutbox.play import agent_seed, run_match
from nutbox.registry import make
from nutbox.sim.backends import InProcess, ProcessPool, local
from nutbox.sim.play import play_game
from nutbox.sim.results import JOURNAL_FILE, StudyStore, read_rows
from nutbox.sim.runner import run_study
from nutbox.sim.study import Plan, StudyError, make_plan


def small_plan(games: int = 24, **kwargs: Any) -> Plan:
    """Nut Hunt for two: quick with random bots, and it keeps a running score (leads are followed)."""
    return make_plan("nut-hunt", {}, ["random", "random"], games, 7, **kwargs)


def test_a_game_row_is_the_game_run_match_plays() -> None:
    plan = make_plan("nut-hunt", {}, ["easy", "random"], 2, 3, records=True)
    row, record = play_game(plan, 1)
    seating = plan.seating(1)
    game = make("nut-hunt")
    agents = [make_agent(name, game, seat, agent_seed(seating.seed, seat)) for seat, name in
              enumerate(seating.agents)]
    match = run_match(game, agents, seating.seed)
    assert record == match.record.to_json()
    assert row["scores"] == match.state.scores() and row["winners"] == match.state.winners()
    assert row["agents"] == ["random", "easy"] and row["agent_settings"] == ["random", "greedy"]
    assert row["actions"] == len(match.record.actions) and 0 < row["decisions"] < row["actions"]
    assert row["lead_changes"] is not None and row["error"] is None


def test_rows_are_the_same_for_one_worker_and_two(tmp_path: Path) -> None:
    plan = make_plan("in-the-nuts", {}, ["easy", "random"], 24, 7)  # the greedy bot's own draws included
    one = run_study(plan, tmp_path / "one", local(1), "csv")
    with local(2) as pool:
        assert isinstance(pool, ProcessPool)
        two = run_study(plan, tmp_path / "two", pool, "parquet")
    assert one.rows == two.rows
    assert read_rows(one.results) == read_rows(two.results) == one.rows  # CSV and Parquet read back alike
    assert [row["index"] for row in one.rows] == list(range(plan.games))
    assert len({json.dumps(row["scores"]) for row in one.rows}) > 1  # the games really differ


class Interrupt:
    """A watcher that presses Ctrl-C once `after` games have finished, counting what it sees."""

    def __init__(self, after: int | None = None) -> None:
        self.after = after
        self.played = 0
        self.done_at_start = -1

    def start(self, label: str, total: int, done: int) -> None:
        self.done_at_start = done

    def advance(self, games: int, failed: int) -> None:
        self.played += games
        if self.after is not None and self.played >= self.after:
            raise KeyboardInterrupt


def test_an_interrupted_study_resumes_without_replaying_finished_games(tmp_path: Path) -> None:
    plan = small_plan()
    whole = run_study(plan, tmp_path / "whole", InProcess())
    first = Interrupt(after=5)
    with pytest.raises(KeyboardInterrupt), InProcess() as backend:
        run_study(plan, tmp_path / "cut", backend, watcher=first)
    kept = len((tmp_path / "cut" / JOURNAL_FILE).read_text().splitlines())
    assert 5 <= kept < plan.games and not (tmp_path / "cut" / "results.parquet").exists()
    with open(tmp_path / "cut" / JOURNAL_FILE, "a") as journal:
        journal.write('{"row": {"index": 3')  # a line cut short by a crash: dropped, its game played again
    second = Interrupt()
    resumed = run_study(plan, tmp_path / "cut", InProcess(), watcher=second)
    assert second.done_at_start == kept and second.played == plan.games - kept
    assert resumed.rows == whole.rows


def test_a_study_can_grow_but_not_change(tmp_path: Path) -> None:
    run_study(small_plan(games=8), tmp_path, InProcess())
    watcher = Interrupt()
    grown = run_study(small_plan(games=12), tmp_path, InProcess(), watcher=watcher)
    assert watcher.played == 4 and len(grown.rows) == 12
    with pytest.raises(StudyError, match=r"holds another study \(.*seed 7 there, 8 here"):
        StudyStore.open(tmp_path, make_plan("nut-hunt", {}, ["random", "random"], 8, 8))
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / JOURNAL_FILE).write_text("{}\n")
    with pytest.raises(StudyError, match=r"without study\.json"):
        StudyStore.open(tmp_path / "junk", small_plan())


class FaultyAgent(Agent):
    """Plays at random, but raises at its first decision in about a third of its games."""

    name = "faulty"
    description = "breaks now and then"

    def act(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if view.get("turn", 0) <= 1 and self.rng.random() < 0.2:
            raise RuntimeError("the faulty bot broke")
        return self.rng.choice(legal)


def test_a_failing_game_is_recorded_and_the_study_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(agents_module.AGENTS, "faulty", FaultyAgent)
    plan = make_plan("nut-hunt", {}, ["faulty", "random"], 20, 2, records=True)
    study = run_study(plan, tmp_path, InProcess())
    failed = [row for row in study.rows if row["error"] is not None]
    assert 0 < len(failed) < plan.games
    assert study.summary["failed"] == len(failed) and study.summary["played"] == plan.games - len(failed)
    for row in failed:
        assert row["error"].startswith("RuntimeError: the faulty bot broke (at nutbox/")
        assert row["scores"] is None and row["seed"] == plan.seating(row["index"]).seed
        assert play_game(plan, row["index"])[0] == row  # the failure replays from its seed
    assert {f["index"] for f in study.summary["failures"]} == {row["index"] for row in failed}
    records = [json.loads(line) for line in (tmp_path / "records.jsonl").read_text().splitlines()]
    assert len(records) == plan.games  # a failed game's record holds the actions up to the failure
    report = study.report.read_text()
    assert f"{len(failed)} failed" in report and "the faulty bot broke" in report
    assert (tmp_path / "overview.png").stat().st_size > 10_000
