"""Running a study: the missing games in chunks on a backend, each chunk journaled as it finishes, then the
results file, the summary (summary.json) and the report. A sweep runs one study per option value.
"""

from __future__ import annotations

import dataclasses
import json
from collections import deque
from pathlib import Path
from typing import Protocol

from nutbox.sim.backends import Backend
from nutbox.sim.figures import Arm, Comparison, Row, Summary
from nutbox.sim.play import Chunk
from nutbox.sim.report import write_study_report, write_sweep_report
from nutbox.sim.results import MIRROR, SUMMARY_FILE, StudyStore
from nutbox.sim.stats import compare, summarize
from nutbox.sim.study import Plan
from nutbox.sim.text import setting_words

# A chunk lasts about this long: long enough that handing it to a worker costs little beside it, short
# enough that progress moves and an interruption loses little.
CHUNK_SECONDS = 0.5
MAX_CHUNK = 500


class Watcher(Protocol):
    """Told how a study goes (a progress bar, a test)."""

    def start(self, label: str, total: int, done: int) -> None: ...

    def advance(self, games: int, failed: int) -> None: ...


class Chunker:
    """Cuts the games to play into chunks sized by how long games have taken so far."""

    def __init__(self, todo: list[int], workers: int) -> None:
        self.todo = deque(todo)
        self.workers = workers
        self.games = 0
        self.seconds = 0.0

    def __bool__(self) -> bool:
        return bool(self.todo)

    def next(self) -> list[int]:
        size = 1
        if self.games and self.seconds > 0:
            size = round(CHUNK_SECONDS * self.games / self.seconds)
        # near the end, smaller chunks keep every worker busy until the last game
        size = max(1, min(size, MAX_CHUNK, -(-len(self.todo) // (2 * self.workers))))
        return [self.todo.popleft() for _ in range(min(size, len(self.todo)))]

    def observe(self, chunk: Chunk) -> None:
        self.games += len(chunk.rows)
        self.seconds += chunk.seconds


def play_missing(store: StudyStore, backend: Backend, watcher: Watcher | None = None) -> None:
    """Play the games the study's journal lacks, journaling each chunk as it finishes."""
    chunker = Chunker(store.missing(), backend.workers)
    running = 0
    while chunker or running:
        while chunker and running < 2 * backend.workers:  # a chunk queued behind each one being played
            backend.submit(store.plan, chunker.next())
            running += 1
        chunk = backend.next_done()
        running -= 1
        chunker.observe(chunk)
        store.append(chunk)
        if watcher is not None:
            watcher.advance(len(chunk.rows), sum(row["error"] is not None for row in chunk.rows))


@dataclasses.dataclass
class StudyResult:
    directory: Path
    rows: list[Row]
    summary: Summary
    results: Path
    report: Path


def run_study(plan: Plan, directory: Path, backend: Backend, fmt: str = "parquet", watcher: Watcher | None = None,
              label: str = "", mirror: Plan | None = None) -> StudyResult:
    """Play (or finish) the study in `directory` and write its results, summary and report there; `mirror`:
    mirror matches to play too (in DIR/mirror), whose first seat's edge the summary and the report give."""
    store = StudyStore.open(directory, plan)
    if watcher is not None:
        watcher.start(label or plan.game, plan.games, plan.games - len(store.missing()))
    play_missing(store, backend, watcher)
    mirrored = None
    if mirror is not None:
        mirrored = run_study(mirror, directory / MIRROR, backend, fmt, watcher, f"{label or plan.game}, {MIRROR}")
    results = store.write(fmt)
    rows = store.rows()
    summary = summarize(plan, rows)
    if mirrored is not None:
        summary["mirror"] = {"agent": mirror.seats[0] if mirror else "", "games": mirrored.summary["games"],
                             "fair_share": mirrored.summary["fair_share"],
                             "first_player": mirrored.summary["first_player"]}
    (directory / SUMMARY_FILE).write_text(json.dumps(summary, indent=1) + "\n")
    report = write_study_report(directory, summary, rows)
    return StudyResult(directory, rows, summary, results, report)


@dataclasses.dataclass
class SweepResult:
    option: str
    arms: list[StudyResult]
    comparison: list[Arm]
    report: Path


def run_sweep(option: str, plans: list[tuple[str, Plan]], directory: Path, backend: Backend, fmt: str = "parquet",
              watcher: Watcher | None = None) -> SweepResult:
    """One study per value of `option` (each in DIR/OPTION=VALUE), or per variant (`option` "variants", each in
    DIR/NAME), all from the same seeds; then their comparison in DIR (summary.json and report.html)."""
    arms = [run_study(plan, directory / label, backend, fmt, watcher, label) for label, plan in plans]
    comparison = compare([(label, arm.summary) for (label, _), arm in zip(plans, arms, strict=True)])
    first = plans[0][1].to_json()
    for line, (_, plan) in zip(comparison[1:], plans[1:], strict=True):
        line["setting"] = setting_words(plan.to_json(), first)
    compared: Comparison = {"option": option, "arms": comparison}
    (directory / SUMMARY_FILE).write_text(json.dumps(compared, indent=1) + "\n")
    return SweepResult(option, arms, comparison, write_sweep_report(directory, option, comparison))
