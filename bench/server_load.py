"""Load test of the browser table on loopback: many concurrent games (Nuts Sorting unless --game says) played by
scripted clients.

    python bench/server_load.py [--game ID] [--phone] [--tables N] [--bot-tables K] [--seconds S] [--think T]
                                [--warmup W] [--rounds R] [--yardstick Y] [--profile FILE] [--db sqlite|postgresql]
                                [--processes 1,2]

The server runs as a subprocess (uvicorn, one bot worker) on a free loopback port with a fresh temporary
SQLite database. N tables are made through the HTTP form with two human seats, K more with one human seat
against a `random` bot. Each table has three WebSocket connections: both seats and a spectator (with --phone,
each asks for the board drawn for a phone). The seat to move sends a random legal action after a think time (T
seconds, uniformly jittered by +-50%); that action's latency is the time from sending it until all three of the
table's connections have received a position with a newer version. A finished game is replaced by a new table,
as people would start another.

After W seconds of warm-up the next S seconds are measured, in R rounds of S/R seconds; before each round the
clients stop acting, wait for every action sent to be answered, and bench/engine.py's plain-Python yardstick
(`Toy`) runs for Y seconds in this process while the server idles. Each round gives the server's CPU per applied
action, and that cost in yardstick units (the CPU seconds per action times the yardstick's units per second just
before): the median ratio and its range hold on a busy machine where absolute figures do not. Measured over the
rounds' play alone: actions per second, the latency percentiles
(two-human tables; bot tables are reported apart, as the issue asks), refusals, the CPU used by the server,
by its bot worker and by this client, and how busy the whole machine was (it is shared with other work, so
read the figures with that in mind; the server's CPU time per applied action depends on it much less). A few
hub and store methods are wrapped with timers, to show where an action's time goes. --profile FILE runs the
server under cProfile (main thread only: the database writes, in worker threads, do not show) and prints its
top costs.

--db postgresql starts a throwaway PostgreSQL cluster (tests/pgcluster.py) and --processes 1,2 measures one
server process, then two on one database, each run on a fresh database, and prints the ratio. With several
processes, table i is made on process i mod N and its spectator watches through the next process, so every
measured action also crosses processes (LISTEN/NOTIFY) before it counts as seen.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))  # the test harness: a free port of this machine
sys.path.insert(0, str(Path(__file__).parent))  # bench/engine.py's yardstick
from engine import yardstick
from launch import free_port
from pgcluster import postgres_cluster

HOST = "127.0.0.1"
ACK_TIMEOUT = 30.0  # seconds an action may take to reach all three connections before it counts as lost
SETTLE_TIMEOUT = 5.0  # seconds the clients wait, between rounds, for the answers to what they sent
SETUP_CONCURRENCY = 16  # tables being made at once at the start, so the start-up burst does not time out

# The server process: uvicorn around the app, optionally under cProfile. uvicorn returns from run() on SIGINT
# after a graceful shutdown, so the profile and the timings are written at the end. The timings wrap a few hub
# and store methods (no change to what they do) to split an action's time between waiting for the table, the
# database write (in a worker thread: invisible to cProfile) and building and sending the updates.
SERVER = """
import inspect, json, sys, time, uvicorn
from nutbox.web.app import create_app
from nutbox.web.hub import Hub
from nutbox.web.limits import Limits

db, port, profile, timing = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
timings = []  # (what, wall-clock start, seconds); list.append is atomic, so worker threads may add too

def timed(cls, name):
    original = getattr(cls, name)
    if inspect.iscoroutinefunction(original):
        async def wrapper(*args, **kwargs):
            start, began = time.time(), time.perf_counter()
            try:
                return await original(*args, **kwargs)
            finally:
                timings.append((name, start, time.perf_counter() - began))
    else:
        def wrapper(*args, **kwargs):
            start, began = time.time(), time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                timings.append((name, start, time.perf_counter() - began))
    setattr(cls, name, wrapper)

for cls, name in ((Hub, "act"), (Hub, "apply"), (Hub, "outbox"), (Hub, "deliver")):
    timed(cls, name)
# every table comes from this one client address: the operator's limit on tables per address is raised, as an
# operator load-testing their own server would
app = create_app(db, bot_workers=1, limits=Limits(tables_per_address=10**6))
profiler = None
if profile:
    import cProfile
    profiler = cProfile.Profile()
    profiler.enable()
try:
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_per_message_deflate=False)
finally:
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(profile)
    with open(timing, "w") as out:
        json.dump(timings, out)
"""


# --- the server process -----------------------------------------------------------------------------------------
def start_server(db: str, port: int, profile: str, timing: str) -> subprocess.Popen[bytes]:
    server = subprocess.Popen([sys.executable, "-c", SERVER, db, str(port), profile, timing])
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited at start-up with code {server.returncode}")
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/", timeout=2) as response:
                if response.status == 200:
                    return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not answer within 60 s")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    server.send_signal(signal.SIGINT)  # a graceful stop, so a profile gets written
    try:
        server.wait(timeout=60)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process, from /proc (fields 14 and 15 of stat, in clock ticks)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = text.rsplit(")", 1)[1].split()  # after the command name, which may hold spaces
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The direct children of a process (the bot worker, and multiprocessing's resource tracker)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def machine_busy() -> tuple[float, float]:
    """Busy and total CPU time of the whole machine, from the first line of /proc/stat."""
    numbers = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = numbers[3] + numbers[4]  # idle and iowait
    total = sum(numbers[:8])  # guest time is already counted in user
    return total - idle, total


def run_queue_wait(pid: int) -> float:
    """Seconds the process's main thread (the event loop) spent ready to run but waiting for a core: the
    second field of /proc/PID/schedstat, in nanoseconds. High when other work on the machine crowds it out."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError):
        return 0.0


def readings(servers: list[int]) -> dict[str, float]:
    """Clocks and CPU counters at one edge of the measured window (the servers' added up)."""
    busy, total = machine_busy()
    return {
        "perf": time.perf_counter(), "wall": time.time(), "server": sum(cpu_seconds(s) for s in servers),
        "workers": sum(cpu_seconds(child) for s in servers for child in children(s)), "client": time.process_time(),
        "waited": sum(run_queue_wait(s) for s in servers), "busy": busy, "total": total,
    }


def rss_mib(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


# --- the scripted clients -----------------------------------------------------------------------------------------
@dataclass
class Stats:
    """What every table reports into; only actions sent inside a measured window (a round's play) count."""

    windows: list[tuple[float, float]] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    bot_latencies: list[float] = field(default_factory=list)
    refusals: int = 0
    lost: int = 0
    games: int = 0
    tables_made: int = 0
    received: int = 0  # bytes of the positions the clients received in the measured windows
    over: bool = False  # the rounds are done: every table stops playing

    def counts(self, sent: float) -> bool:
        return any(start <= sent < end for start, end in self.windows)

    def actions(self) -> int:
        return len(self.latencies) + len(self.bot_latencies)


@dataclass(eq=False)
class Connection:
    """One WebSocket to a table and the latest position it has received."""

    socket: ClientConnection
    version: int = -1
    legal: list[str] = field(default_factory=list)
    finished: bool = False


class Table:
    """One table being played: makes it, connects three clients, plays until the game ends or time is up."""

    def __init__(self, base: str, bot: bool, stats: Stats, rng: random.Random, think: float, game: str,
                 gate: asyncio.Event, watch: str | None = None, phone: bool = False) -> None:
        self.base, self.bot, self.stats, self.rng, self.think = base, bot, stats, rng, think
        self.game, self.gate = game, gate  # the game played; set while the clients may act (unset between rounds)
        self.watch = watch or base  # where the spectator connects: another process, when there are several
        self.phone = phone  # whether every connection asks for the phone's drawing of the board
        self.connections: list[Connection] = []
        self.changed = asyncio.Event()
        self.pending: tuple[int, float] | None = None  # version acted on, time sent
        self.answered = asyncio.Event()
        self.readers: list[asyncio.Task[None]] = []

    async def open(self) -> None:
        table, secrets = await asyncio.to_thread(make_table, self.base, self.bot, self.game)
        self.stats.tables_made += 1
        self.connections = []
        for secret in [*secrets, ""]:  # the human seats, then a spectator
            asked = {**({"secret": secret} if secret else {}), **({"layout": "phone"} if self.phone else {})}
            query = f"?{urllib.parse.urlencode(asked)}" if asked else ""
            ws_base = (self.base if secret else self.watch).replace("http://", "ws://")
            self.connections.append(Connection(await connect(f"{ws_base}/ws/t/{table}{query}", open_timeout=60)))
        self.readers = [asyncio.create_task(self.read(c)) for c in self.connections]

    async def close(self) -> None:
        for connection in self.connections:
            await connection.socket.close()
        for reader in self.readers:
            reader.cancel()
        await asyncio.gather(*self.readers, return_exceptions=True)

    async def read(self, connection: Connection) -> None:
        async for raw in connection.socket:
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "state":
                if self.stats.counts(time.perf_counter()):
                    self.stats.received += len(raw)
                connection.version = message["version"]
                connection.legal = message["legal"]
                connection.finished = message["finished"]
                self.check_answered()
                self.changed.set()
            elif kind == "error":  # a refusal of our act: the action will never show, so stop waiting for it
                if self.stats.counts(time.perf_counter()):
                    self.stats.refusals += 1
                self.pending = None
                self.answered.set()

    def check_answered(self) -> None:
        if self.pending is None:
            return
        version, sent = self.pending
        if all(c.version > version for c in self.connections):
            if self.stats.counts(sent):
                (self.stats.bot_latencies if self.bot else self.stats.latencies).append(time.perf_counter() - sent)
            self.pending = None
            self.answered.set()

    async def play(self, until: float) -> None:
        """Moves until the game is over (then a new table) or `until` (perf_counter time) has passed."""
        while time.perf_counter() < until and not self.stats.over:
            seats = self.connections[:-1]
            newest = max(c.version for c in self.connections)
            if any(c.finished for c in self.connections):
                self.stats.games += 1
                await self.close()
                await self.open()
                continue
            mover = next((c for c in seats if c.legal and c.version == newest), None)
            if mover is None:  # a bot (or a position still on its way) is to move: wait for the next position
                self.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), timeout=max(0.0, until - time.perf_counter()))
                continue
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
            if not self.gate.is_set():  # between rounds: the yardstick runs
                await self.gate.wait()
                continue
            action = self.rng.choice(mover.legal)
            self.answered.clear()
            self.pending = (mover.version, time.perf_counter())
            await mover.socket.send(json.dumps({"type": "act", "action": action, "version": mover.version}))
            try:
                await asyncio.wait_for(self.answered.wait(), timeout=ACK_TIMEOUT)
            except TimeoutError:
                if self.pending is not None and self.stats.counts(self.pending[1]):
                    self.stats.lost += 1
                self.pending = None


def make_table(base: str, bot: bool, game: str) -> tuple[str, list[str]]:
    """A new table through the form, as a person makes one: its id and the human seats' secrets."""
    seats = ["random", "human"] if bot else ["human", "human"]
    form = {"players": "2", "timer": "0", "handover": "easy", **{f"seat{i}": kind for i, kind in enumerate(seats)}}
    request = urllib.request.Request(f"{base}/new/{game}", data=urllib.parse.urlencode(form).encode())
    with urllib.request.urlopen(request, timeout=60) as response:  # urllib follows the 303 to the links page
        page = response.read().decode()
        table = response.geturl().split("/t/", 1)[1].split("/", 1)[0]
    invitations = re.findall(r'class="invite-link" href="([^"]+)"', page)
    if len(invitations) != seats.count("human"):
        raise RuntimeError(f"the links page of table {table} did not show one invitation per person's seat")
    secrets = []
    for invitation in invitations:  # each person takes their seat: urllib follows the 303 to the seat's page
        with urllib.request.urlopen(urllib.request.Request(invitation, data=b""), timeout=60) as taken:
            secrets.append(taken.geturl().rsplit("/seat/", 1)[1])
    return table, secrets


@dataclass
class Round:
    """One measured round: the yardstick's units per second just before it, and the readings at its edges."""

    units_per_s: float
    start: dict[str, float]
    end: dict[str, float] = field(default_factory=dict)
    actions: int = 0


async def drive(bases: list[str], args: argparse.Namespace, read: Callable[[], dict[str, float]]) -> tuple[
        Stats, list[Round]]:
    """Set up the tables, warm up, then the measured rounds, each after a run of the yardstick."""
    stats = Stats()
    rng = random.Random(args.seed)
    gate = asyncio.Event()
    gate.set()
    kinds = [False] * args.tables + [True] * args.bot_tables
    playing = [Table(bases[n % len(bases)], bot, stats, random.Random(rng.random()), args.think, args.game, gate,
                     bases[(n + 1) % len(bases)], args.phone) for n, bot in enumerate(kinds)]
    setup = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def opened(table: Table) -> None:
        async with setup:
            await table.open()

    began = time.perf_counter()
    await asyncio.gather(*(opened(t) for t in playing))
    print(f"set up {len(playing)} tables, {3 * len(playing)} connections in {time.perf_counter() - began:.1f} s",
          flush=True)
    until = time.perf_counter() + args.warmup + args.seconds + args.rounds * (args.yardstick + ACK_TIMEOUT)
    players = [asyncio.create_task(t.play(until)) for t in playing]
    await asyncio.sleep(args.warmup)
    rounds = []
    for _ in range(args.rounds):
        gate.clear()  # the clients stop acting; what they sent is answered before the yardstick runs
        await settle(playing)
        units = yardstick(args.yardstick)  # blocks this process's loop: the clients, and so the server, idle
        rounds.append(Round(units, read()))
        before = stats.actions()
        stats.windows.append((time.perf_counter(), float("inf")))
        gate.set()
        await asyncio.sleep(args.seconds / args.rounds)
        stats.windows[-1] = (stats.windows[-1][0], time.perf_counter())
        gate.clear()
        await settle(playing)
        rounds[-1].end = read()
        rounds[-1].actions = stats.actions() - before
    # a cancellation can be lost in asyncio.wait_for (Python 3.11): every table is also told to stop, and the gate
    # opened, so that none waits at it for a round that will not come
    stats.over = True
    gate.set()
    for player in players:
        player.cancel()
    await asyncio.wait(players, timeout=ACK_TIMEOUT + SETTLE_TIMEOUT)
    await asyncio.gather(*(t.close() for t in playing), return_exceptions=True)
    return stats, rounds


async def settle(tables: list[Table]) -> None:
    """Until no table waits for the answer to an action (at most SETTLE_TIMEOUT: one whose answer is lost is
    counted by its table, and does not hold the rounds up)."""
    deadline = time.perf_counter() + SETTLE_TIMEOUT
    while any(t.pending is not None for t in tables) and time.perf_counter() < deadline:
        await asyncio.sleep(0.01)


# --- the report --------------------------------------------------------------------------------------------------
def percentiles(values: list[float]) -> str:
    if len(values) < 2:
        return "no actions measured"
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    ms = [1000 * v for v in (cuts[49], cuts[94], cuts[98], max(values))]
    return "p50 {:.1f} ms   p95 {:.1f} ms   p99 {:.1f} ms   max {:.1f} ms".format(*ms)


def server_breakdown(paths: list[Path], windows: list[tuple[float, float]], server_cpu: float) -> None:
    """Where an action's time goes inside the server, from the timings its wrappers wrote (measured windows only;
    every process's): act is the whole request (waiting for the table's lock, then apply); apply is the store
    write and the broadcast; append is the database write alone, in its worker thread."""

    def inside(start: float) -> bool:
        return any(first <= start < last for first, last in windows)

    try:
        timings = [timing for path in paths for timing in json.loads(path.read_text())]
    except (OSError, json.JSONDecodeError):
        print("server timings  (none written)")
        return
    names = {"act": "request (act)", "apply": "apply and store", "outbox": "updates built", "deliver": "updates queued"}
    for name, label in names.items():
        values = [seconds for what, start, seconds in timings if what == name and inside(start)]
        if values:
            print(f"  {label:<16}{len(values):>6}x  mean {1000 * statistics.fmean(values):.1f} ms   "
                  f"{percentiles(values)}")
    # CPU per applied action (bots' included) hardly depends on how crowded the machine is, unlike latency
    applied = sum(1 for what, start, _ in timings if what == "apply" and inside(start))
    if applied:
        print(f"  server CPU per applied action {1000 * server_cpu / applied:.1f} ms: one core keeps up with about "
              f"{applied / server_cpu:.0f} actions/s")


def print_profile(path: str, top: int = 30) -> None:
    import pstats

    for order in ("tottime", "cumulative"):
        print(f"\n--- server profile, top {top} by {order} ---")
        pstats.Stats(path).strip_dirs().sort_stats(order).print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--game", default="nuts-sorting", help="the game every table plays (its id)")
    parser.add_argument("--phone", action="store_true", help="every connection asks for the phone's board")
    parser.add_argument("--tables", type=int, default=200, help="tables of two people")
    parser.add_argument("--bot-tables", type=int, default=0, help="tables of a person against a random bot")
    parser.add_argument("--seconds", type=float, default=30, help="measured time")
    parser.add_argument("--warmup", type=float, default=5, help="time played before measuring")
    parser.add_argument("--think", type=float, default=0.5, help="mean think time of a person, in seconds")
    parser.add_argument("--rounds", type=int, default=5, help="measured rounds, each after a yardstick run")
    parser.add_argument("--yardstick", type=float, default=1.0, help="seconds of the yardstick before each round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", default="", help="run the server under cProfile, writing stats to this file")
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite",
                        help="the database: a fresh SQLite file, or a throwaway PostgreSQL cluster")
    parser.add_argument("--processes", default="1", help="server processes, e.g. 1,2: each count measured in turn")
    args = parser.parse_args()
    counts = [int(n) for n in args.processes.split(",")]
    if max(counts) > 1 and args.db != "postgresql":
        raise SystemExit("several processes share a database only on PostgreSQL: add --db postgresql")
    with contextlib.ExitStack() as stack:
        cluster = stack.enter_context(postgres_cluster()) if args.db == "postgresql" else ""
        results = []
        for number, count in enumerate(counts):
            print(f"--- {count} server process{'es' if count > 1 else ''} on {args.db}", flush=True)
            results.append((count, measure(args, count, cluster and fresh(cluster, f"load{number}"))))
    if len(results) > 1:
        (first, one), *rest = results
        for count, other in rest:
            print(f"{count} processes against {first}: actions/s x{other['rate'] / one['rate']:.2f}, "
                  f"p95 {one['p95']:.1f} -> {other['p95']:.1f} ms, p99 {one['p99']:.1f} -> {other['p99']:.1f} ms, "
                  f"server CPU per action {one['cpu']:.1f} -> {other['cpu']:.1f} ms")


def fresh(cluster: str, name: str) -> str:
    """A new database in the cluster: its URL."""
    from sqlalchemy import create_engine, text

    admin = create_engine(cluster, isolation_level="AUTOCOMMIT")
    with admin.connect() as db:
        db.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return cluster.rsplit("/", 1)[0] + f"/{name}"


def measure(args: argparse.Namespace, count: int, database: str) -> dict[str, float]:
    """One run with `count` server processes; its figures printed, and the headline ones returned."""
    with tempfile.TemporaryDirectory(prefix="nutbox-load-") as folder:
        timing = Path(folder) / "timings.json"
        profile = str(Path(args.profile).resolve()) if args.profile else ""
        ports = [free_port() for _ in range(count)]
        db = database or f"sqlite:///{folder}/load.sqlite3"
        servers = [start_server(db, port, profile if n == 0 else "", str(timing) + (f".{n}" if n else ""))
                   for n, port in enumerate(ports)]
        try:
            stats, rounds = asyncio.run(drive([f"http://{HOST}:{port}" for port in ports], args,
                                              lambda: readings([server.pid for server in servers])))
            memory = sum(rss_mib(server.pid) for server in servers)
        finally:
            for server in servers:
                stop_server(server)
        report(args, stats, rounds, memory)
        server_cpu = spent(rounds, "server")
        paths = [Path(str(timing) + (f".{n}" if n else "")) for n in range(count)]
        server_breakdown(paths, [(r.start["wall"], r.end["wall"]) for r in rounds], server_cpu)
        against_yardstick(rounds)
    if profile:
        print_profile(profile)
    done = stats.actions()
    ordered = sorted(stats.latencies) or [0.0]
    return {"rate": done / spent(rounds, "perf"), "p95": 1000 * ordered[int(0.95 * (len(ordered) - 1))],
            "p99": 1000 * ordered[int(0.99 * (len(ordered) - 1))], "cpu": 1000 * server_cpu / max(1, done)}


def spent(rounds: list[Round], key: str) -> float:
    """A counter's growth over the rounds' play, added up."""
    return sum(r.end[key] - r.start[key] for r in rounds)


def against_yardstick(rounds: list[Round]) -> None:
    """Each round's server CPU per action, and that cost in yardstick units: the median and range of the rounds."""
    measured = [r for r in rounds if r.actions]
    if not measured:
        print("against the yardstick: no actions measured")
        return
    cpu = [(r.end["server"] - r.start["server"]) / r.actions for r in measured]
    units = [seconds * r.units_per_s for seconds, r in zip(cpu, measured, strict=True)]
    print(f"server CPU per action, by round (ms): {' '.join(f'{1000 * c:.2f}' for c in cpu)}; median "
          f"{1000 * statistics.median(cpu):.2f} ms")
    print(f"yardstick (bench/engine.py Toy), by round (units/s): {' '.join(f'{r.units_per_s:,.0f}' for r in measured)}")
    print(f"against the yardstick: an action costs the server {statistics.median(units):,.0f} yardstick units "
          f"(median of {len(units)} rounds; range {min(units):,.0f}-{max(units):,.0f})")


def report(args: argparse.Namespace, stats: Stats, rounds: list[Round], memory: float) -> None:
    wall = spent(rounds, "perf")

    def share(key: str) -> str:
        return f"{100 * spent(rounds, key) / wall:.0f}%"

    measured = stats.actions()
    print(f"game              {args.game}")
    print(f"tables            {args.tables} of two people + {args.bot_tables} against a random bot "
          f"({stats.tables_made} made in all, {stats.games} games finished)")
    print(f"clients           {3 * (args.tables + args.bot_tables)} WebSocket connections (2 seats + 1 spectator each)"
          + (", each a phone's" if args.phone else ""))
    print(f"measured          {wall:.1f} s in {len(rounds)} rounds after {args.warmup:g} s warm-up, "
          f"think {args.think:g} s +-50%")
    print(f"actions applied   {measured} sent by people ({len(stats.latencies)} at two-people tables)")
    print(f"actions / second  {measured / wall:.1f}")
    print(f"sent to clients   {stats.received / max(1, measured) / 1000:.1f} kB of positions per action (its three "
          "connections' updates; a board sent as its changes where that is shorter)")
    print(f"latency (people)  {percentiles(stats.latencies)}")
    if args.bot_tables:
        print(f"latency (bots)    {percentiles(stats.bot_latencies)}")
    print(f"refusals          {stats.refusals}   lost (no answer in {ACK_TIMEOUT:g} s): {stats.lost}")
    print(f"server CPU        {share('server')} of one core, bot worker {share('workers')}; event loop waited for a "
          f"core {share('waited')} of the time; {memory:.0f} MiB resident at the end")
    print(f"client CPU        {share('client')} of one core (this process)")
    busy = 100 * spent(rounds, "busy") / max(1.0, spent(rounds, "total"))
    print(f"machine           {busy:.0f}% busy over {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} "
          "(other work shares it)")
    print("server timings (wrapped hub and store methods):")


if __name__ == "__main__":
    main()
