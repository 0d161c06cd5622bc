"""Study throughput: games per second for each game with random and easy bots, at 1 and 2 workers: this
machine's processes, and a Ray cluster of 1 and 2 nodes reached by address; the scaling efficiency from 1 to 2.

    python bench/simulate.py [--seconds S] [--game ID] [--agent NAME] [--backend local|ray]

Each game plays at its default player count, every seat the same bot. A configuration first plays one game
per worker (start-up: worker processes importing nutbox, Ray shipping nutbox to each node), then the timed
part: about S seconds of games per worker, journaled as a real study is (the final report is left out).
Scaling efficiency is games/s at 2 workers over twice games/s at 1 (100%: perfect). Beside it, the worker CPU
per game at 2 workers over that at 1 (1.00: no parallel overhead) and the load average: on a shared machine,
other work lowers the first but not the second, and the machine's own efficiency for plain arithmetic (no
nutbox) is printed as a yardstick.

For Ray a worker is a node: a cluster of that many raylets of one CPU each is started on this machine (Ray's
`ray.cluster_utils.Cluster`, as tests/sim/test_ray_cluster.py does), this process joins it by address as
`nutbox simulate --address` does, and the cluster is shut down after. Everything stays on the loopback address.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import socket
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from nutbox.registry import GAMES
from nutbox.sim.backends import Backend, RayBackend, local
from nutbox.sim.play import Chunk, play_chunk
from nutbox.sim.results import StudyStore
from nutbox.sim.runner import play_missing
from nutbox.sim.study import Plan, make_plan

WORKERS = (1, 2)


def games_per_second_here(plan: Plan, seconds: float) -> float:
    """A quick in-process estimate, to size the timed runs."""
    start, index = time.perf_counter(), 0
    while time.perf_counter() - start < seconds or index < 2:
        play_chunk(plan, [index])
        index += 1
    return index / (time.perf_counter() - start)


class Metered(Backend):
    """A backend that adds up the CPU time its chunks took in the workers."""

    def __init__(self, inner: Backend) -> None:
        self.inner = inner
        self.workers = inner.workers
        self.cpu_seconds = 0.0

    def submit(self, plan: Plan, indices: list[int]) -> None:
        self.inner.submit(plan, indices)

    def next_done(self) -> Chunk:
        chunk = self.inner.next_done()
        self.cpu_seconds += chunk.cpu_seconds
        return chunk

    def close(self, abort: bool = False) -> None:
        self.inner.close(abort)


@dataclasses.dataclass
class Figures:
    games_per_second: float
    cpu_per_game: float  # seconds of worker CPU: grows with parallel overhead, not with other load
    load: float  # the machine's load average over the last minute, at the end


def timed(plan: Plan, backend: Backend, games: int, scratch: Path) -> Figures:
    warm = dataclasses.replace(plan, games=backend.workers)
    play_missing(StudyStore.open(scratch / "warm", warm), backend)
    store = StudyStore.open(scratch / "timed", dataclasses.replace(plan, seed=plan.seed + 1, games=games))
    metered = Metered(backend)
    start = time.perf_counter()
    play_missing(store, metered)
    elapsed = time.perf_counter() - start
    return Figures(games / elapsed, metered.cpu_seconds / games, os.getloadavg()[0])


def spin(steps: int) -> float:
    start, total = time.perf_counter(), 0
    for step in range(steps):
        total += step * step
    return time.perf_counter() - start


def machine_efficiency(steps: int = 10_000_000) -> float:
    """The same scaling figure for plain arithmetic, no nutbox at all: what the machine itself allows now."""
    import multiprocessing

    one = spin(steps)
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        pool.map(spin, [1000, 1000])  # started before timing
        start = time.perf_counter()
        pool.map(spin, [steps, steps])
        two = time.perf_counter() - start
    return one / two


def loopback_only() -> None:
    """Keep Ray on 127.0.0.1 (set before Ray is imported): no swapping 127.0.0.1 for this machine's network
    address, no usage statistics, and the head's cloud probe (169.254.169.254) sent to a closed loopback port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}"
    os.environ.update({"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_USAGE_STATS_ENABLED": "0"})
    os.environ.update(dict.fromkeys(["http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY"], closed))
    os.environ.update(dict.fromkeys(["no_proxy", "NO_PROXY"], "127.0.0.1,localhost,::1"))
    os.environ.pop("RAY_ADDRESS", None)


@contextlib.contextmanager
def ray_cluster(nodes: int) -> Iterator[Any]:
    """A cluster of `nodes` raylets of one CPU each on this machine, shut down after."""
    from ray.cluster_utils import Cluster

    node: dict[str, Any] = {"node_ip_address": "127.0.0.1", "num_cpus": 1, "object_store_memory": 100 * 2**20,
                            "include_dashboard": False}
    cluster: Any = Cluster(initialize_head=True, head_node_args=node)  # Ray leaves it untyped
    try:
        for _ in range(nodes - 1):
            cluster.add_node(**node)
        cluster.wait_for_nodes()
        yield cluster
    finally:
        cluster.shutdown()


@contextlib.contextmanager
def backend_for(kind: str, workers: int) -> Iterator[Backend]:
    """`workers` local processes, or a Ray cluster of `workers` nodes joined by its address."""
    if kind == "ray":
        with ray_cluster(workers) as cluster, RayBackend(address=cluster.address) as backend:
            yield backend
    else:
        with local(workers) as backend:
            yield backend


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="timed seconds of play per worker")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games")
    parser.add_argument("--agent", action="append", help="bots to measure (default: random and easy)")
    parser.add_argument("--backend", choices=("local", "ray"), action="append", help="only these backends")
    args = parser.parse_args()
    kinds = args.backend or ["local", "ray"]
    if "ray" in kinds:
        loopback_only()
    plans = {(game_id, agent): make_plan(game_id, {}, [agent], 1, 1)
             for game_id in args.game or GAMES for agent in args.agent or ["random", "easy"]}
    sizing = {key: games_per_second_here(plan, 1.0) for key, plan in plans.items()}
    figures: dict[tuple[str, str, str, int], Figures] = {}
    if "ray" in kinds:
        print("(ray: a worker is a node of one CPU, all on this machine)")
    print(f"{'backend':<8} {'workers':>7} {'game':<14} {'agent':<8} {'games':>6} {'games/s':>9} {'CPU ms/game':>12} "
          f"{'load':>5}", flush=True)
    for kind in kinds:
        for workers in WORKERS:
            with backend_for(kind, workers) as backend, tempfile.TemporaryDirectory() as scratch:
                for (game_id, agent), plan in plans.items():
                    games = max(2 * workers, round(sizing[game_id, agent] * args.seconds * workers))
                    games = -(-games // plan.players) * plan.players
                    got = figures[kind, game_id, agent, workers] = timed(plan, backend, games,
                                                                         Path(scratch) / f"{game_id}-{agent}")
                    print(f"{kind:<8} {workers:>7} {game_id:<14} {agent:<8} {games:>6} {got.games_per_second:>9.2f} "
                          f"{1000 * got.cpu_per_game:>12.1f} {got.load:>5.1f}", flush=True)
    print(f"\n{'backend':<8} {'game':<14} {'agent':<8} {'1 worker':>9} {'2 workers':>10} {'efficiency':>11} "
          f"{'CPU/game 2:1':>13}")
    print(f"(the machine's own efficiency for plain arithmetic, 1 process to 2, right now: {machine_efficiency():.0%})")
    for kind in kinds:
        for game_id, agent in plans:
            one, two = figures[kind, game_id, agent, 1], figures[kind, game_id, agent, 2]
            print(f"{kind:<8} {game_id:<14} {agent:<8} {one.games_per_second:>9.2f} {two.games_per_second:>10.2f} "
                  f"{two.games_per_second / (2 * one.games_per_second):>10.0%} "
                  f"{two.cpu_per_game / one.cpu_per_game:>13.2f}")

if __name__ == "__main__":
    main()
