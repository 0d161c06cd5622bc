"""The designers' workbench behind /studies: balance studies asked for in the browser, run one at a time by
`nutbox simulate` in a process of its own, cancelled and resumed, and taken up again after a restart.

Each study is a directory of the workbench's root (the operator's --studies-dir):

    ROOT/ID/request.json   what was asked: game, options, agents, games, seed, the option varied and its values
    ROOT/ID/state.json     queued, running, finished, cancelled or failed (with the reason), and when
    ROOT/ID/run.log        what `nutbox simulate` printed
    ROOT/ID/changes.toml   the changes to the game's component data, when there are any (--data)
    ROOT/ID/variants.toml  the named variants compared, when there are any (--variants)
    ROOT/ID/out/           the study's own files (nutbox.sim.results), one directory per value of a sweep

The games themselves are the study's journal: `nutbox simulate` plays only those missing from it, so a study
cancelled, or cut off by a restart of the server, goes on where it stopped, losing no finished game and
playing none twice. The study runs at a lower CPU priority than the tables, so people at a table never wait
for a designer's study.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import os
import secrets
import signal
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypedDict

from nutbox.core import NutboxError
from nutbox.sim.results import JOURNAL_FILE, MIRROR
from nutbox.sim.study import Plan, StudyError, make_plan, mirror_plan, sweep_plans
from nutbox.sim.variants import parse_variants, variant_plans

log = logging.getLogger("nutbox.studies")

Status = Literal["queued", "running", "finished", "cancelled", "failed"]
REQUEST, STATE, LOG, OUT = "request.json", "state.json", "run.log", "out"
CHANGES, VARIANTS = "changes.toml", "variants.toml"
MAX_CHANGES = 20_000  # characters of the changes to the components
MAX_GAMES = 100_000  # games of one study (each value of a sweep plays them)
MAX_VALUES = 8  # values of one sweep
NICENESS = 10  # how far below the tables' CPU priority a study runs, unless the operator says otherwise
STOP_WAIT = 15.0  # seconds a study is given to stop after Ctrl-C (SIGINT) before it is killed
# The study's process: it asks to be stopped when the server dies (web/bots.py), then runs `nutbox simulate`
CHILD = ("import sys; from nutbox.web.bots import die_with_server; die_with_server(); "
         "from nutbox.cli.main import app; app(sys.argv[1:], prog_name='nutbox')")


class Arm(TypedDict):
    label: str  # "" for a study that varies nothing, else OPTION=VALUE or a variant's name
    games: int  # the games it plays (rounded up to whole rotations of the seats)


@dataclass(frozen=True)
class StudyRequest:
    """What a designer asks for: the study of `nutbox simulate`, as its command line would say it."""

    game: str
    seats: tuple[str, ...]
    games: int
    seed: int
    options: dict[str, str]
    vary: str | None = None  # the option a sweep varies
    values: tuple[str, ...] = ()
    mirror: str | None = None  # an agent whose mirror matches read the first seat's edge (--mirror)
    changes: str = ""  # changes to the game's component data, as TOML (--data)
    variants: str = ""  # named variants to compare, as TOML (--variants)

    @property
    def data(self) -> dict[str, Any]:
        """The changes as a patch; StudyError if they are not TOML."""
        try:
            return tomllib.loads(self.changes)
        except tomllib.TOMLDecodeError as error:
            raise StudyError(f"the changes to the components are not TOML: {error}") from None

    def plans(self) -> list[tuple[str, Plan]]:
        """The checked plans, one per value of a sweep; StudyError (or the game's own error) says what is wrong."""
        if not 1 <= self.games <= MAX_GAMES:
            raise StudyError(f"a study plays 1 to {MAX_GAMES:,} games, not {self.games}")
        data = self.data
        if self.variants.strip():
            if self.vary is not None or self.mirror is not None:
                raise StudyError("compare one thing at a time: variants, the values of an option, or mirror matches")
            return variant_plans(parse_variants(self.variants), self.game, self.options, list(self.seats),
                                 self.games, self.seed, data=data)
        if self.vary is None:
            plans = [("", make_plan(self.game, self.options, list(self.seats), self.games, self.seed, data=data))]
            if self.mirror is not None:
                plans.append((MIRROR, mirror_plan(self.mirror, self.game, self.options, list(self.seats),
                                                  self.games, self.seed, data=data)))
            return plans
        if self.mirror is not None:
            raise StudyError("mirror matches beside a comparison of values: not yet; ask for them in a study of "
                             "their own")
        if not 2 <= len(self.values) <= MAX_VALUES:
            raise StudyError(f"compare 2 to {MAX_VALUES} values of {self.vary}, not {len(self.values)}")
        if len(set(self.values)) != len(self.values):
            raise StudyError(f"a value of {self.vary} is listed twice")
        return sweep_plans(self.vary, list(self.values), self.game, self.options, list(self.seats), self.games,
                           self.seed, data=data)

    def arguments(self, directory: Path, workers: int, ray: str | None = None) -> list[str]:
        """`nutbox simulate`'s arguments for this study, whose files are in `directory` (OUT, CHANGES), played by
        `workers` processes here or on the Ray cluster at `ray` (then by every CPU it has)."""
        words = ["simulate", self.game, "--out", str(directory / OUT), "--seats", ",".join(self.seats), "--games",
                 str(self.games), "--seed", str(self.seed), "--format", "csv"]
        words += ["--backend", "ray", "--address", ray] if ray is not None else ["--workers", str(workers)]
        for name, value in self.options.items():
            words += ["--option", f"{name}={value}"]
        if self.vary is not None:
            words += ["--sweep", f"{self.vary}={','.join(self.values)}"]
        if self.mirror is not None:
            words += ["--mirror", self.mirror]
        if self.changes.strip():
            words += ["--data", str(directory / CHANGES)]
        if self.variants.strip():
            words += ["--variants", str(directory / VARIANTS)]
        return words

    def to_json(self) -> dict[str, object]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, object]) -> StudyRequest:
        return cls(game=str(data["game"]), seats=tuple(map(str, data["seats"])),  # type: ignore[call-overload]
                   games=int(data["games"]), seed=int(data["seed"]),  # type: ignore[call-overload]
                   options={str(k): str(v) for k, v in dict(data["options"]).items()},  # type: ignore[call-overload]
                   vary=None if data.get("vary") is None else str(data["vary"]),
                   values=tuple(map(str, data.get("values") or ())),  # type: ignore[call-overload]
                   mirror=None if data.get("mirror") is None else str(data["mirror"]),
                   changes=str(data.get("changes") or ""), variants=str(data.get("variants") or ""))


@dataclass
class Study:
    """One study of the workbench, as its files say."""

    id: str
    request: StudyRequest
    arms: list[Arm]
    status: Status
    created: float
    reason: str | None = None  # why a study failed
    ended: float | None = None

    def played(self, root: Path) -> list[int]:
        """Games finished so far, per arm: the lines of each journal (a line cut short by a crash is not one)."""
        return [count_lines(study_out(root, self.id, arm["label"]) / JOURNAL_FILE) for arm in self.arms]

    def state_json(self) -> dict[str, object]:
        return {"status": self.status, "created": self.created, "reason": self.reason, "ended": self.ended}


def count_lines(path: Path) -> int:
    try:
        with path.open("rb") as journal:
            return sum(chunk.count(b"\n") for chunk in iter(lambda: journal.read(1 << 16), b""))
    except FileNotFoundError:
        return 0


def study_out(root: Path, study_id: str, label: str = "") -> Path:
    """Where a study's (or one sweep value's) own files are."""
    out = root / study_id / OUT
    return out / label if label else out


def write_json(path: Path, data: object) -> None:
    """Written whole or not at all (a crash mid-write leaves the old file)."""
    part = path.with_suffix(".part")
    part.write_text(json.dumps(data, indent=1) + "\n")
    part.replace(path)


class Workbench:
    """The studies under `root`, run one at a time in the order they were asked for, each by `nutbox simulate`
    with `workers` processes, `nice` below this process's CPU priority, or on the Ray cluster at `ray` (HOST:PORT).
    `waiting`: studies queued at once (more are refused, so nobody crowds the workbench out)."""

    def __init__(self, root: Path, workers: int, nice: int = NICENESS, ray: str | None = None,
                 waiting: int = 10) -> None:
        self.root = root
        self.workers = workers
        self.nice = nice
        self.ray = ray
        self.waiting = waiting
        self.root.mkdir(parents=True, exist_ok=True)
        self.studies: dict[str, Study] = {}
        for directory in sorted(path for path in root.iterdir() if (path / REQUEST).is_file()):
            study = self._load(directory)
            if study.status == "running":  # cut off by the server's stop: it goes on from its journal
                study.status = "queued"
            self.studies[study.id] = study
        self.wake = asyncio.Event()
        self.process: asyncio.subprocess.Process | None = None
        self.running: Study | None = None
        self.cancelling = False
        self.closing = False
        self.task: asyncio.Task[None] | None = None

    def _load(self, directory: Path) -> Study:
        request = StudyRequest.from_json(json.loads((directory / REQUEST).read_text()))
        stored = json.loads((directory / REQUEST).read_text())
        state = json.loads((directory / STATE).read_text())
        return Study(directory.name, request, list(stored["arms"]), state["status"], state["created"],
                     state.get("reason"), state.get("ended"))

    def _save(self, study: Study) -> None:
        write_json(self.root / study.id / STATE, study.state_json())

    # --- what the pages ask --------------------------------------------------------------------------------
    def listed(self) -> list[Study]:
        """Every study, newest first."""
        return sorted(self.studies.values(), key=lambda study: -study.created)

    def get(self, study_id: str) -> Study | None:
        return self.studies.get(study_id)

    def ask(self, request: StudyRequest) -> Study:
        """Queue a new study; StudyError or the game's error (NutboxError) says why one cannot be."""
        waiting = sum(study.status in ("queued", "running") for study in self.studies.values())
        if waiting >= self.waiting:
            raise StudyError(f"{waiting} studies are waiting or running already: ask again once one has finished")
        plans = request.plans()
        study = Study(secrets.token_hex(6), request, [{"label": label, "games": plan.games} for label, plan in plans],
                      "queued", time.time())
        (self.root / study.id).mkdir()
        write_json(self.root / study.id / REQUEST, {**request.to_json(), "arms": study.arms})
        if request.changes.strip():
            (self.root / study.id / CHANGES).write_text(request.changes)
        if request.variants.strip():
            (self.root / study.id / VARIANTS).write_text(request.variants)
        self._save(study)
        self.studies[study.id] = study
        self.wake.set()
        return study

    async def cancel(self, study: Study) -> None:
        """Stop a study that is waiting or running; the games it finished stay in its journal."""
        if study.status not in ("queued", "running"):
            raise StudyError(f"this study is {study.status}: only a waiting or running study can be cancelled")
        if study is self.running:
            self.cancelling = True
            await self._stop()
        else:
            self._end(study, "cancelled")

    def resume(self, study: Study) -> None:
        """Queue a cancelled or failed study again: it plays only the games its journal lacks."""
        if study.status not in ("cancelled", "failed"):
            raise StudyError(f"this study is {study.status}: only a cancelled or failed study can be resumed")
        study.status, study.reason, study.ended = "queued", None, None
        self._save(study)
        self.wake.set()

    def _end(self, study: Study, status: Status, reason: str | None = None) -> None:
        study.status, study.reason, study.ended = status, reason, time.time()
        self._save(study)

    # --- running ---------------------------------------------------------------------------------------------
    def start(self) -> None:
        self.task = asyncio.create_task(self._run_forever())

    async def close(self) -> None:
        """Stop the study under way as a server stop does: it stays `running` on disk, so the next start resumes it."""
        self.closing = True
        await self._stop()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def _run_forever(self) -> None:
        while not self.closing:
            queued = sorted((s for s in self.studies.values() if s.status == "queued"), key=lambda s: s.created)
            if not queued:
                self.wake.clear()
                await self.wake.wait()
                continue
            try:
                await self._run(queued[0])
            except Exception as error:  # a fault of ours ends that study, never the workbench
                log.exception("study %s could not run", queued[0].id)
                self._end(queued[0], "failed", f"the server could not run it: {error}")

    async def _run(self, study: Study) -> None:
        study.status = "running"
        self._save(study)
        self.running, self.cancelling = study, False
        directory = self.root / study.id
        with (directory / LOG).open("ab") as output:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-c", CHILD, *study.request.arguments(directory, self.workers, self.ray),
                stdin=asyncio.subprocess.DEVNULL, stdout=output, stderr=output)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.setpriority(os.PRIO_PROCESS, self.process.pid, os.getpriority(os.PRIO_PROCESS, 0) + self.nice)
            # (its workers, started later, inherit it)
        code = await self.process.wait()
        self.process, self.running = None, None
        if self.closing:
            return  # (left `running` on disk: resumed at the next start)
        if self.cancelling:
            self._end(study, "cancelled")
        elif code == 0:
            self._end(study, "finished")
        else:
            self._end(study, "failed", last_line(directory / LOG) or f"nutbox simulate exited with {code}")

    async def _stop(self) -> None:
        """Ctrl-C for the study under way (it keeps its journal and exits), then a kill if it does not stop."""
        process = self.process
        if process is None or process.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(process.wait(), STOP_WAIT)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()


def last_line(path: Path) -> str | None:
    """The last line `nutbox simulate` printed: on a failure, its error."""
    with contextlib.suppress(OSError):
        lines = [line.strip() for line in path.read_text(errors="replace").splitlines() if line.strip()]
        return lines[-1][:300] if lines else None
    return None


__all__ = ["MAX_GAMES", "MAX_VALUES", "NutboxError", "Study", "StudyError", "StudyRequest", "Workbench"]
