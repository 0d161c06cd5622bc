"""`nutbox simulate --backend ray --address HOST:PORT` against a real Ray cluster of two nodes on this machine.

Each test starts its own cluster with Ray's test harness (`ray.cluster_utils.Cluster`: a head node and, for a
study, one added node, each a raylet with one CPU and a small object store) and shuts down exactly the nodes it
started. A study runs as a user runs it: `python -m nutbox.cli.main simulate ... --address HOST:PORT`, in a
process of its own.

Every connection stays on the loopback address. The nodes are started on 127.0.0.1, and
RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0 keeps Ray from swapping 127.0.0.1 for this machine's network address when the
study connects. The head's usage-statistics process asks the cloud metadata address (169.254.169.254) which cloud
it runs on and may report to Ray's usage server, whether or not statistics are enabled; usage statistics are
turned off and HTTP proxies point at a closed loopback port, so those requests fail without leaving the machine.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import ray
from ray._private import ray_constants
from ray.cluster_utils import Cluster
from ray.core.generated import common_pb2
from typer.testing import CliRunner

from nutbox.cli.main import app
from nutbox.sim.backends import make_backend
from nutbox.sim.results import JOURNAL_FILE, read_rows

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="Ray runs multi-node clusters on Linux only")

NODE: dict[str, Any] = {"node_ip_address": "127.0.0.1", "num_cpus": 1, "object_store_memory": 100 * 2**20,
                         "include_dashboard": False}
STUDY_SECONDS = 120  # a study that takes longer than this is stuck
TASK_STATES, ERRORS = common_pb2.TaskStatus, common_pb2.ErrorType  # type: ignore[attr-defined]


@contextlib.contextmanager
def running(nodes: int) -> Iterator[Any]:
    """A head node and `nodes - 1` more, all on 127.0.0.1; this process does not join the cluster (a study does).
    Ray leaves its cluster harness untyped, hence `Any` for it below."""
    cluster: Any = Cluster(initialize_head=True, head_node_args=NODE)
    try:
        for _ in range(nodes - 1):
            cluster.add_node(**NODE)
        cluster.wait_for_nodes()
        yield cluster
    finally:
        cluster.shutdown()  # every node it started (Ray checks that none of their processes is left)


@pytest.fixture
def cluster(loopback_only: None) -> Iterator[Any]:
    with running(nodes=2) as cluster:
        yield cluster


@pytest.fixture
def simulate(cluster: Any) -> Iterator[Callable[..., subprocess.Popen[str]]]:
    """Starts `nutbox simulate STUDY... --backend ray --address HOST:PORT --out OUT` as a process of its own; stops
    it after the test if it is still running."""
    started: list[subprocess.Popen[str]] = []

    def start(out: Path, *study: str) -> subprocess.Popen[str]:
        command = [sys.executable, "-m", "nutbox.cli.main", "simulate", *study, "--backend", "ray",
                   "--address", cluster.address, "--out", str(out)]
        started.append(subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        return started[-1]

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
            process.communicate()


def finish(study: subprocess.Popen[str]) -> str:
    """The study's messages (stderr), once it has finished well."""
    out, err = study.communicate(timeout=STUDY_SECONDS)
    assert study.returncode == 0, out + err
    return err


def rows_here(tmp_path: Path, *study: str) -> list[dict[str, Any]]:
    """The rows this machine plays for the same study, in this process."""
    here = CliRunner().invoke(app, ["simulate", *study, "--workers", "1", "--out", str(tmp_path / "here")])
    assert here.exit_code == 0, here.output
    return read_rows(tmp_path / "here" / "results.csv")


@dataclasses.dataclass
class Attempt:
    """One attempt at a Ray task, from Ray's task events."""

    name: str = ""
    node: str = ""  # the id of the node it ran on, in hex
    states: dict[str, float] = dataclasses.field(default_factory=dict)  # state: when it was reached, Unix seconds
    error: str = ""


def attempts(cluster: Any) -> dict[tuple[bytes, int], Attempt]:
    """Every attempt at every task the cluster ran, by task id and attempt number: Ray's task events, what `ray
    list tasks` shows. The dashboard that serves them is left out here, so they are read from the head's store."""
    found: dict[tuple[bytes, int], Attempt] = collections.defaultdict(Attempt)
    for event in cluster.global_state._get_all_task_events():  # one attempt's events come in several parts
        attempt = found[event.task_id, event.attempt_number]
        attempt.name = event.task_info.name or attempt.name
        attempt.node = event.state_updates.node_id.hex() or attempt.node
        for state, nanoseconds in event.state_updates.state_ts_ns.items():
            attempt.states[TASK_STATES.Name(state)] = nanoseconds / 1e9
        if event.state_updates.HasField("error_info"):
            attempt.error = ERRORS.Name(event.state_updates.error_info.error_type)
    return dict(found)


def test_a_cluster_by_address_plays_the_rows_this_machine_plays(
    cluster: Any, simulate: Callable[..., subprocess.Popen[str]], tmp_path: Path
) -> None:
    study = ["nuts-sorting", "--seats", "random,easy", "--games", "40", "--seed", "22", "--format", "csv"]
    messages = finish(simulate(tmp_path / "ray", *study))
    assert f"Ray: connecting to {cluster.address}" in messages

    rows = read_rows(tmp_path / "ray" / "results.csv")
    assert rows == rows_here(tmp_path, *study) and len(rows) == 40
    nodes = {node["NodeID"]: node["NodeManagerAddress"] for node in cluster.global_state.node_table()}
    assert set(nodes.values()) == {"127.0.0.1"} and len(nodes) == 2
    played = [attempt for attempt in attempts(cluster).values() if attempt.name == "play_chunk"]
    assert {attempt.node for attempt in played} == set(nodes)  # both nodes played
    assert all(attempt.states.keys() >= {"FINISHED"} and not attempt.error for attempt in played)



def process(pid: int) -> tuple[int, str, bytes] | None:
    """A process's parent, state and title (its command line, which Ray sets to `ray::TASK` while a worker plays
    TASK); None once it has ended, or while it waits to be reaped."""
    try:
        state, parent = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[:2]
        title = Path(f"/proc/{pid}/cmdline").read_bytes()
    except (OSError, ValueError):  # not a process, or one that just ended
        return None
    return None if state == "Z" else (int(parent), state, title)


def busy_worker(raylet: int) -> int | None:
    """A worker process of this raylet that is playing a chunk now."""
    for entry in Path("/proc").iterdir():
        found = process(int(entry.name)) if entry.name.isdigit() else None
        if found is not None and found[0] == raylet and found[2].startswith(b"ray::play_chunk"):
            return int(entry.name)
    return None


def kill_while_playing(cluster: Any, study: subprocess.Popen[str], journal: Path, after: int) -> float:
    """Once `after` games are journaled, kill the second node in the middle of a chunk, as a crash would (no time
    to shut down gracefully); returns when, in Unix seconds. The busy worker is frozen first, so that the chunk
    cannot finish in the instant between seeing it busy and killing its node."""
    (node,) = cluster.worker_nodes
    raylet = node.all_processes[ray_constants.PROCESS_TYPE_RAYLET][0].process.pid
    deadline = time.monotonic() + STUDY_SECONDS
    while study.poll() is None and time.monotonic() < deadline:
        journaled = journal.read_bytes().count(b"\n") if journal.exists() else 0
        worker = busy_worker(raylet) if journaled >= after else None
        if worker is not None:
            signal_worker(worker, signal.SIGSTOP)
            if busy_worker(raylet) == worker:
                killed = time.time()
                cluster.remove_node(node, allow_graceful=False)
                signal_worker(worker, signal.SIGKILL)  # the whole node dies; frozen, it would not see its raylet go
                for _ in range(500):
                    if process(worker) is None:
                        return killed
                    time.sleep(0.01)
                pytest.fail(f"worker {worker} outlived SIGKILL: {process(worker)}")
            signal_worker(worker, signal.SIGCONT)  # it finished its chunk just then: wait for the next one
        time.sleep(0.005)
    pytest.fail(f"the study ended before {after} games were journaled and the second node was playing")


def signal_worker(pid: int, number: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError):  # it has ended already
        os.kill(pid, number)


def test_a_node_lost_mid_study_costs_no_game(
    cluster: Any, simulate: Callable[..., subprocess.Popen[str]], tmp_path: Path
) -> None:
    # enough games that the second node plays several half-second chunks after the first ones are journaled: with
    # 80, a loaded machine once finished the study before the second node was seen playing past the 16th game
    games = 200
    study = ["nuts-sorting", "--seats", "easy", "--games", str(games), "--seed", "23", "--format", "csv"]
    running = simulate(tmp_path / "ray", *study)
    killed = kill_while_playing(cluster, running, tmp_path / "ray" / JOURNAL_FILE, after=games // 10)
    finish(running)
    ended = time.time()

    lines = (tmp_path / "ray" / JOURNAL_FILE).read_text().splitlines()
    journaled = [json.loads(line)["row"]["index"] for line in lines]
    assert collections.Counter(journaled) == dict.fromkeys(range(games), 1)  # every game exactly once
    assert read_rows(tmp_path / "ray" / "results.csv") == rows_here(tmp_path, *study)

    # Ray played the chunk the node was playing again, on the node that was left
    history = attempts(cluster)
    lost = [(task, number) for (task, number), attempt in history.items()
            if attempt.name == "play_chunk" and attempt.error == "NODE_DIED"]
    assert lost, history
    for task, number in lost:
        failed, retry = history[task, number], history.get((task, number + 1), Attempt())
        assert retry.node == cluster.head_node.node_id and "FINISHED" in retry.states and not retry.error, history
        # times the study's process recorded (a worker's own, such as RUNNING, may die with it), from the kill
        failing, queued, started, back = (attempt.states[state] - killed for attempt, state in [
            (failed, "FAILED"), (retry, "PENDING_ARGS_AVAIL"), (retry, "SUBMITTED_TO_WORKER"), (retry, "FINISHED")])
        print(f"\nrecovery: Ray failed the lost chunk {failing:.2f} s after the kill and queued it again at "
              f"{queued:.2f} s; the head started it at {started:.2f} s and had it back at {back:.2f} s; the study's "
              f"process ended at {ended - killed:.2f} s")


def test_without_an_address_ray_starts_its_own_instance_beside_a_cluster(loopback_only: None) -> None:
    # `ray.init()` alone would join the cluster this machine started last (and refuse a number of CPUs)
    with running(nodes=1) as cluster:
        try:
            with make_backend("ray", workers=2):
                assert ray.get_runtime_context().get_node_id() != cluster.head_node.node_id
        finally:
            if ray.is_initialized():
                ray.shutdown()
