"""Ratings from results: winners above losers, one leaderboard per game setup and version."""

from __future__ import annotations

from pathlib import Path

import pytest

from nutbox.sim.figures import Played, Row
from nutbox.sim.ratings import leaderboards, ranks, results_paths
from nutbox.sim.results import JOURNAL_FILE, write_rows
from nutbox.sim.study import StudyError


def row(index: int, agents: list[str], scores: list[float] | None, winners: list[int] | None,
        rules_version: str = "1", error: str | None = None) -> Row:
    return {
        "index": index, "block": index, "rotation": 0, "seed": index, "game": "nut-hunt",
        "options": f'{{"players": {len(agents)}}}', "agents": agents, "agent_settings": agents,
        "scores": scores, "winners": winners, "decisions": 1, "actions": 2, "lead_changes": None,
        "halfway_leader": None, "score_parts": None,
        "error": error, "rules_version": rules_version, "nutbox_version": "0.1.0",
    }


def played(row: Row) -> Played:
    game = Played.of(row)
    assert game is not None
    return game


def test_ranks_put_winners_first_then_scores() -> None:
    assert ranks(played(row(0, ["a", "b", "c"], [5, 9, 5], [0]))) == [0, 1, 2]  # a won the tie-break over c
    assert ranks(played(row(0, ["a", "b", "c"], [5, 9, 5], []))) == [1, 0, 1]  # a draw: by score, ties share
    assert ranks(played(row(0, ["a", "b"], [3, 3], [0, 1]))) == [0, 0]
    assert Played.of(row(0, ["a", "b"], None, None, error="RuntimeError: boom")) is None


def test_a_leaderboard_per_rules_version(tmp_path: Path) -> None:
    new = [row(i, ["strong", "weak"] if i % 2 else ["weak", "strong"], [1, 0] if i % 2 else [0, 1],
               [0] if i % 2 else [1]) for i in range(20)]
    new.append(row(20, ["strong", "weak"], None, None, error="RuntimeError: boom"))
    old = [row(i, ["strong", "weak"], [0, 1], [1], rules_version="0") for i in range(5)]
    solo = [{**row(i, ["strong"], [3], [0]), "options": '{"players": 1}'} for i in range(3)]
    (tmp_path / "a").mkdir()
    write_rows(new, tmp_path / "a" / "results.csv")
    write_rows(old + solo, tmp_path / "results.parquet")
    boards, left_out = leaderboards(results_paths([tmp_path]))
    assert left_out == 3
    by_version = {(board.rules_version, board.options): board for board in boards}
    current = by_version[("1", '{"players": 2}')]
    assert [s.agent for s in current.standings] == ["strong", "weak"]
    assert current.games == 20 and current.failed == 1
    strong, weak = current.standings
    assert strong.mu > 25 > weak.mu and strong.wins == 20 and strong.seats == 20 and weak.wins == 0
    outdated = by_version[("0", '{"players": 2}')]
    assert [s.agent for s in outdated.standings] == ["weak", "strong"] and outdated.games == 5


def test_rating_an_unfinished_or_empty_directory_says_so(tmp_path: Path) -> None:
    with pytest.raises(StudyError, match="no such file"):
        results_paths([tmp_path / "nowhere"])
    with pytest.raises(StudyError, match=r"no results\.parquet or results\.csv"):
        results_paths([tmp_path])
    (tmp_path / JOURNAL_FILE).write_text("")
    with pytest.raises(StudyError, match="unfinished"):
        results_paths([tmp_path])
