"""Where a study's games are played: in this process, on this machine's cores, or on a Ray cluster.

A backend takes chunks of game indices and hands back finished chunks in whatever order they finish; the
rows themselves depend only on the plan and the indices (nutbox.sim.play), never on the backend.
"""

from __future__ import annotations

import importlib
import json
import logging
import multiprocessing
import os
import queue
import signal
from abc import ABC, abstractmethod
from collections import deque
from types import ModuleType, TracebackType
from typing import Self

from nutbox.core.data import CHANGES_VARIABLE
from nutbox.registry import package_of
from nutbox.sim.play import Chunk, play_chunk
from nutbox.sim.study import Plan, StudyError

BACKENDS = ("local", "ray")


class Backend(ABC):
    workers: int  # how many chunks are played at once

    @abstractmethod
    def submit(self, plan: Plan, indices: list[int]) -> None:
        """Start playing these games."""

    @abstractmethod
    def next_done(self) -> Chunk:
        """Wait for a submitted chunk to finish and return it."""

    @abstractmethod
    def close(self, abort: bool = False) -> None:
        """Release the workers; `abort` stops the games still being played."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close(abort=error is not None)


class InProcess(Backend):
    """One worker: the games are played here, one chunk per `next_done`."""

    workers = 1

    def __init__(self) -> None:
        self.pending: deque[tuple[Plan, list[int]]] = deque()

    def submit(self, plan: Plan, indices: list[int]) -> None:
        self.pending.append((plan, indices))

    def next_done(self) -> Chunk:
        return play_chunk(*self.pending.popleft())

    def close(self, abort: bool = False) -> None:
        self.pending.clear()


def _ignore_interrupt() -> None:
    # Ctrl-C reaches every process of the terminal's group; the parent alone decides what to do about it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class ProcessPool(Backend):
    """Worker processes on this machine. They are forked from a clean server process (not from this one,
    which may run threads such as the progress bar's), with nutbox already imported.

    A process reads a game's components once (core/data.py), so the workers play one set of changes to them:
    a plan with other changes (a study's variants, nutbox.sim.variants) gets workers of its own, once the
    chunks of the last one are done."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        methods = multiprocessing.get_all_start_methods()
        self.context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        if "forkserver" in methods:
            self.context.set_forkserver_preload(["nutbox.sim.play"])
        self.done: queue.SimpleQueue[Chunk | BaseException] = queue.SimpleQueue()
        self.pool = self.context.Pool(workers, initializer=_ignore_interrupt)
        self.data: str | None = None  # the changes the workers play, once they have played a chunk
        self.running = 0

    def submit(self, plan: Plan, indices: list[int]) -> None:
        data = plan.data_text()
        if self.data is not None and data != self.data:
            if self.running:
                raise StudyError("plans with other changes to the components are played one after the other")
            self.pool.close()
            self.pool.join()
            self.pool = self.context.Pool(self.workers, initializer=_ignore_interrupt)
        self.data = data
        self.running += 1
        self.pool.apply_async(play_chunk, (plan, indices), callback=self.done.put, error_callback=self.done.put)

    def next_done(self) -> Chunk:
        result = self.done.get()
        self.running -= 1
        if isinstance(result, BaseException):
            raise result
        return result

    def close(self, abort: bool = False) -> None:
        if abort:
            self.pool.terminate()
        else:
            self.pool.close()
        self.pool.join()


def local(workers: int | None = None, own_processes: bool = False) -> Backend:
    """This machine: every core unless told otherwise; one worker plays in this process, unless the games need
    processes of their own (`own_processes`: plans with different changes to the components)."""
    count = workers if workers is not None else os.cpu_count() or 1
    if count < 1:
        raise StudyError(f"--workers {count}: a study needs at least one worker")
    return InProcess() if count == 1 and not own_processes else ProcessPool(count)


def import_ray() -> ModuleType:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise StudyError("the ray backend needs Ray, an optional extra: pip install 'nutbox[ray]'") from None


class RayBackend(Backend):
    """Tasks on a Ray cluster: the one at `address`, the one this process already joined, or a local one
    started here (with `workers` CPUs) and stopped again on close."""

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        ray = self.ray = import_ray()
        self.started = not ray.is_initialized()
        if self.started:
            if address is not None:
                import nutbox  # the cluster's nodes run this very nutbox, so results match this machine's

                ray.init(address=address, runtime_env={"py_modules": [nutbox]}, log_to_driver=False,
                         logging_level=logging.ERROR)
            else:
                # "local": a new instance even when this machine runs a cluster (`ray start`), which Ray would join
                ray.init(address="local", num_cpus=workers, include_dashboard=False, log_to_driver=False,
                         logging_level=logging.ERROR)
        self.workers = workers if workers is not None else max(1, int(ray.cluster_resources().get("CPU", 1)))
        self.task = ray.remote(play_chunk)
        self.pending: list[object] = []  # Ray's ObjectRefs

    def submit(self, plan: Plan, indices: list[int]) -> None:
        task = self.task
        if plan.data:
            # A worker reads a game's components once: tasks with changes to them run in workers whose
            # environment names the changes, which Ray keeps apart from those of other changes
            changes = {CHANGES_VARIABLE: json.dumps({package_of(plan.game): plan.data}, sort_keys=True)}
            task = task.options(runtime_env={"env_vars": changes})
        self.pending.append(task.remote(plan, indices))

    def next_done(self) -> Chunk:
        ready, self.pending = self.ray.wait(self.pending, num_returns=1)
        chunk: Chunk = self.ray.get(ready[0])
        return chunk

    def close(self, abort: bool = False) -> None:
        if abort:
            for ref in self.pending:
                self.ray.cancel(ref, force=True)
        self.pending = []
        if self.started:
            self.ray.shutdown()


def make_backend(name: str, workers: int | None = None, address: str | None = None,
                 own_processes: bool = False) -> Backend:
    if name == "local":
        if address is not None:
            raise StudyError("--address names a Ray cluster: use it with --backend ray")
        return local(workers, own_processes)
    if name == "ray":
        if workers is not None and workers < 1:
            raise StudyError(f"--workers {workers}: a study needs at least one worker")
        return RayBackend(address, workers)
    raise StudyError(f"--backend {name!r}: choose {' or '.join(BACKENDS)}")
