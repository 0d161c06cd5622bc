"""A study's directory: its plan, the journal of finished games, and the results as Parquet or CSV.

    DIR/study.json       the plan; a study is resumed only by a plan with the same identity
    DIR/journal.jsonl    one line per finished game, appended and flushed as games finish (any order)
    DIR/results.parquet  (or results.csv) one row per game, sorted by index, written from the journal
    DIR/records.jsonl    every game's record, one a line by index (when the plan keeps records)

A study that is interrupted keeps its journal; the same command reads it back and plays only the games
that are missing. A line cut short by a crash is dropped and its game played again.
"""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, cast

from nutbox.sim.figures import JournalEntry, RecordJson, Row
from nutbox.sim.play import Chunk
from nutbox.sim.study import Plan, StudyError

# Every column of a row (nutbox.sim.figures.Row), in order, with its kind; lists are stored natively in Parquet and
# as JSON in CSV.
COLUMNS: dict[str, str] = {
    "index": "int",
    "block": "int",
    "rotation": "int",
    "seed": "int",
    "game": "str",
    "options": "str",
    "agents": "str list",
    "agent_settings": "str list",
    "scores": "float list",
    "winners": "int list",
    "decisions": "int",
    "actions": "int",
    "lead_changes": "int",
    "halfway_leader": "int",
    "score_parts": "str",
    "error": "str",
    "rules_version": "str",
    "nutbox_version": "str",
}
FORMATS = ("parquet", "csv")
PLAN_FILE, JOURNAL_FILE, RECORDS_FILE = "study.json", "journal.jsonl", "records.jsonl"
SUMMARY_FILE = "summary.json"  # the figures (runner.py writes it, report.py links it)
MIRROR = "mirror"  # a study's mirror matches (--mirror): a study directory of their own inside the study's


def results_file(directory: Path, fmt: str) -> Path:
    return directory / f"results.{fmt}"


class StudyStore:
    """The files of one study; `open` checks that the directory holds this study (or nothing yet)."""

    def __init__(self, directory: Path, plan: Plan, finished: dict[int, Row],
                 records: dict[int, RecordJson]) -> None:
        self.directory = directory
        self.plan = plan
        self.finished = finished
        self.records = records

    @classmethod
    def open(cls, directory: Path, plan: Plan) -> StudyStore:
        directory.mkdir(parents=True, exist_ok=True)
        plan_path, journal = directory / PLAN_FILE, directory / JOURNAL_FILE
        if plan_path.exists():
            _check_same_study(plan_path, plan)
        elif journal.exists():
            raise StudyError(f"{journal} exists without {PLAN_FILE}: not a study this nutbox wrote; use another --out")
        _write_atomically(plan_path, json.dumps(plan.to_json(), indent=1) + "\n")
        finished, records = _read_journal(journal)
        return cls(directory, plan, finished, records)

    def missing(self) -> list[int]:
        return [index for index in range(self.plan.games) if index not in self.finished]

    def append(self, chunk: Chunk) -> None:
        """Journal finished games at once, so that an interruption loses none of them."""
        with open(self.directory / JOURNAL_FILE, "a") as journal:
            for row in chunk.rows:
                entry: JournalEntry = {"row": row}
                if row["index"] in chunk.records:
                    entry["record"] = chunk.records[row["index"]]
                    self.records[row["index"]] = entry["record"]
                journal.write(json.dumps(entry) + "\n")
                journal.flush()
                self.finished[row["index"]] = row

    def rows(self) -> list[Row]:
        """The rows of the plan's games, by index (the journal may hold more if the plan shrank)."""
        return [self.finished[index] for index in sorted(self.finished) if index < self.plan.games]

    def write(self, fmt: str) -> Path:
        """The final results file (and the records), written from the journal."""
        rows = self.rows()
        path = results_file(self.directory, fmt)
        write_rows(rows, path)
        if self.plan.records:
            lines = (json.dumps(self.records[row["index"]]) for row in rows if row["index"] in self.records)
            _write_atomically(self.directory / RECORDS_FILE, "".join(line + "\n" for line in lines))
        return path


def _check_same_study(plan_path: Path, plan: Plan) -> None:
    try:
        stored = Plan.from_json(json.loads(plan_path.read_text()))
    except (json.JSONDecodeError, StudyError) as error:
        raise StudyError(f"{plan_path}: cannot read the stored study ({error}); use another --out") from None
    mine, theirs = dict(plan.identity()), dict(stored.identity())
    differ = [key for key in mine if mine[key] != theirs.get(key)]
    if differ:
        shown = "; ".join(f"{key} {theirs.get(key)!r} there, {mine[key]!r} here" for key in differ)
        raise StudyError(f"{plan_path.parent} holds another study ({shown}): use another --out, or delete it "
                         "to start over")


def _read_journal(journal: Path) -> tuple[dict[int, Row], dict[int, RecordJson]]:
    finished: dict[int, Row] = {}
    records: dict[int, RecordJson] = {}
    if not journal.exists():
        return finished, records
    data = journal.read_bytes()
    complete = data[: data.rfind(b"\n") + 1]
    if len(complete) < len(data):  # the last line was being written when the study stopped
        with open(journal, "r+b") as file:
            file.truncate(len(complete))
    for number, line in enumerate(complete.decode().splitlines(), 1):
        try:
            entry = json.loads(line)
            row = entry["row"]
            index = row["index"]
        except (json.JSONDecodeError, KeyError, TypeError):
            raise StudyError(f"{journal}, line {number}: not a journal entry; the study cannot be resumed "
                             "(move the file away to start over)") from None
        finished[index] = row
        if "record" in entry:
            records[index] = entry["record"]
    return finished, records


def write_rows(rows: list[Row], path: Path) -> None:
    """Rows as Parquet or CSV, by the file's suffix."""
    for row in rows[:1]:
        if list(row) != list(COLUMNS):
            raise ValueError(f"a row's columns {list(row)} are not the results columns {list(COLUMNS)}")
    partial = path.with_name(path.name + ".partial")
    if path.suffix == ".parquet":
        import pyarrow as pa  # type: ignore[import-untyped]
        import pyarrow.parquet as pq  # type: ignore[import-untyped]

        pq.write_table(pa.Table.from_pylist(rows, schema=_arrow_schema()), partial)
    elif path.suffix == ".csv":
        with open(partial, "w", newline="") as file:
            writer = csv.writer(file)
            writer.writerow(COLUMNS)
            for row in rows:
                cells: dict[str, object] = dict(row)
                writer.writerow(_csv_cell(cells[name], kind) for name, kind in COLUMNS.items())
    else:
        raise StudyError(f"{path}: results are written as .parquet or .csv")
    os.replace(partial, path)


def read_rows(path: Path) -> list[Row]:
    """Rows from a results file (Parquet or CSV) that `write_rows` wrote. Its columns are checked, and taken to
    hold what a Row's do (the cast below: where untyped data becomes rows)."""
    if path.suffix == ".parquet":
        import pyarrow.parquet as pq

        try:
            table = pq.read_table(path)
        except Exception as error:  # pyarrow's errors share no useful base class
            raise StudyError(f"{path}: not a Parquet file ({error})") from None
        _check_columns(path, table.column_names)
        return [cast(Row, {name: row[name] for name in COLUMNS}) for row in table.to_pylist()]
    if path.suffix == ".csv":
        with open(path, newline="") as file:
            reader = csv.DictReader(file)
            _check_columns(path, reader.fieldnames or [])
            return [
                cast(Row, {name: _from_csv(path, number, name, kind, row[name]) for name, kind in COLUMNS.items()})
                for number, row in enumerate(reader, 2)
            ]
    raise StudyError(f"{path}: results files are .parquet or .csv")


def find_results(directory: Path) -> Iterator[Path]:
    """Every results file under `directory` (a sweep keeps one per value)."""
    for path in sorted(directory.rglob("results.*")):
        if path.suffix in (".parquet", ".csv"):
            yield path


def _check_columns(path: Path, names: Sequence[str]) -> None:
    missing = [name for name in COLUMNS if name not in names]
    if missing:
        raise StudyError(f"{path}: not a nutbox results file (no column {', '.join(missing)})")


def _arrow_schema() -> Any:
    import pyarrow as pa

    kinds = {"int": pa.int64(), "float": pa.float64(), "str": pa.string()}
    return pa.schema(
        [(name, pa.list_(kinds[kind.split()[0]]) if kind.endswith(" list") else kinds[kind])
         for name, kind in COLUMNS.items()]
    )


def _csv_cell(value: object, kind: str) -> str:
    if value is None:
        return ""
    return json.dumps(value) if kind.endswith(" list") else str(value)


def _from_csv(path: Path, line: int, name: str, kind: str, text: str | None) -> object:
    if text is None or text == "":
        return None
    try:
        if kind.endswith(" list"):
            values = json.loads(text)
            if not isinstance(values, list):
                raise ValueError(text)
            convert = {"int": int, "float": float, "str": str}[kind.split()[0]]
            return [convert(value) for value in values]
        return {"int": int, "float": float, "str": str}[kind](text)
    except (ValueError, TypeError, json.JSONDecodeError):
        raise StudyError(f"{path}, line {line}, column {name}: {text!r} is not a {kind}") from None


def _write_atomically(path: Path, text: str) -> None:
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text)
    os.replace(partial, path)
