"""`nutbox review` as a user meets it, run as its own process: the summary table of a finished game, one seat's
review, every decision listed, and a plain one-line refusal of a record it cannot review.

The game reviewed is the planted Nuts Sorting game of tests/review/planted.py (five decisions, two blunders); the
command's figures must be the library's own for the same record and budget (a review is deterministic)."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest
from review.planted import Planted, nuts_sorting

from nutbox.review import Budget, review
from nutbox.review.game_review import decisions

SUMMARY_COLUMNS = ["seat", "decisions", "accuracy", "inaccuracy", "mistake", "blunder"]


def nutbox_review(*args: str) -> subprocess.CompletedProcess[str]:
    # 80 columns: what rich assumes when the output is not a terminal (a pipe, a log, CI), set here so that no
    # terminal the tests happen to run in changes it
    env = {**os.environ, "COLUMNS": "80"}
    return subprocess.run([sys.executable, "-m", "nutbox.cli.main", "review", *args], capture_output=True,
                          text=True, timeout=120, env=env)


def table(text: str, title: str) -> tuple[list[str], list[list[str]]]:
    """The header and the rows (cells of a row's first line; a cell's wrapped lines are left out) of the rich table
    with this title."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == title)
    header: list[str] = []
    rows: list[list[str]] = []
    for line in lines[start + 1:]:
        if line.startswith("└"):
            break
        if line.startswith("┃"):
            header = [cell.strip() for cell in line.strip()[1:-1].split("┃")]
        elif line.startswith("│"):
            cells = [cell.strip() for cell in line.strip()[1:-1].split("│")]
            if cells[0]:  # (a row's wrapped lines leave its first cell empty)
                rows.append(cells)
    return header, rows


@pytest.fixture(scope="module")
def planted() -> Planted:
    return nuts_sorting()


@pytest.fixture
def saved(planted: Planted, tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    planted.record.save(path)
    return path


def summary_rows(planted: Planted, seats: list[int] | None = None) -> list[list[str]]:
    """The summary rows the command should print: the library's review of the same record, 4 playouts."""
    expected = review(planted.record, planted.game, seats, Budget(playouts=4))
    return [[f"Player {s.seat + 1}", str(s.decisions), f"{s.accuracy:.1f}",
             *(str(s.marks[mark]) for mark in SUMMARY_COLUMNS[3:])] for s in expected.summary()]


def test_review_prints_each_players_summary_and_the_marked_decisions(planted: Planted, saved: Path) -> None:
    done = nutbox_review(str(saved), "--playouts", "4", "--workers", "1")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    header, rows = table(done.stdout, "Review")
    assert header == SUMMARY_COLUMNS
    assert rows == summary_rows(planted)
    assert [row[0] for row in rows] == ["Player 1", "Player 2"]
    marked = [judged.step for judged in review(planted.record, planted.game, budget=Budget(playouts=4)).decisions
              if judged.mark]
    assert planted.step in marked
    header, rows = table(done.stdout, "Marked decisions")
    assert header == ["step", "mark", "decision"]
    assert [int(row[0]) for row in rows] == marked
    assert rows[marked.index(planted.step)][1] == "blunder"
    said = " ".join(done.stdout.split())
    assert "Chances from 4 playouts per move" in said
    assert "In Nuts Sorting one move can decide the game" in said  # how much one decision can matter here


def test_review_of_one_seat_shows_only_that_player(planted: Planted, saved: Path) -> None:
    done = nutbox_review(str(saved), "--seat", "1", "--playouts", "4", "--workers", "1")
    assert done.returncode == 0, done.stderr
    _, rows = table(done.stdout, "Review")
    assert [row[0] for row in rows] == ["Player 2"]
    assert rows == summary_rows(planted, [1])


def test_every_lists_every_decision_with_a_choice(planted: Planted, saved: Path) -> None:
    done = nutbox_review(str(saved), "--every", "--playouts", "4", "--workers", "1")
    assert done.returncode == 0, done.stderr
    _, rows = table(done.stdout, "Decisions")
    every = [decision.step for decision in decisions(planted.record, planted.game, [0, 1])]
    assert len(every) == 5
    assert [int(row[0]) for row in rows] == every
    assert all(row[2].startswith("Decision ") for row in rows)


def refusal(done: subprocess.CompletedProcess[str]) -> str:
    """The one line a refused review prints: exit status 2, nothing on stdout, no traceback."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
    said = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(said) == 1, f"the reason takes {len(said)} lines: {said}"
    assert said[0].startswith("error: ")
    return said[0]


def test_an_unfinished_game_is_refused_in_one_line(planted: Planted, tmp_path: Path) -> None:
    path = tmp_path / "unfinished.json"
    dataclasses.replace(planted.record, actions=planted.record.actions[:-1]).save(path)
    assert "only a finished game can be reviewed" in refusal(nutbox_review(str(path), "--playouts", "4"))


def test_a_missing_file_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "saved-games" / "the-game-that-was-never-saved.json"
    assert refusal(nutbox_review(str(path), "--playouts", "4")) == f"error: {path}: no such file"
