"""The workbench's studies against the command line's: games per second of the same study asked for at /studies and
played by `nutbox simulate` typed in a terminal.

    python bench/workbench.py [--game ID] [--seats A,B] [--games N] [--rounds R] [--nice K]

A server (`nutbox serve --studies`, on a free loopback port, a temporary database and studies directory) is
started once. Each round plays the study twice, alternating which goes first: `nutbox simulate` run as a
subprocess, timed from its start to its exit, and the same study posted to the workbench's form, timed from the
request to the moment its page says it has finished (asked every 0.1 s). Both start a process, play every game on
every core and write the results and the report, so their ratio is what the workbench costs. The study's process
runs at `--nice` below the server (the server's own default is 10: on a machine with nothing else to do, niceness
changes nothing; on a busy one, the tables come first, as they should).

Printed: each round's games/s both ways, and the workbench's share of the command line's (median and range).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))  # the test harness: a server on a free loopback port
from launch import running_server


def command_line(game: str, seats: list[str], games: int, seed: int, out: Path) -> float:
    """Seconds `nutbox simulate` takes for the study, from its start to its exit."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "nutbox.cli.main", "simulate", game, "--seats", ",".join(seats),
                    "--games", str(games), "--seed", str(seed), "--format", "csv", "--out", str(out)],
                   check=True, capture_output=True)
    return time.perf_counter() - start


def workbench(url: str, game: str, seats: list[str], games: int, seed: int) -> float:
    """Seconds from asking for the study on the workbench's form until its page says it has finished."""
    fields = {"players": str(len(seats)), "games": str(games), "seed": str(seed),
              **{f"seat{seat}": agent for seat, agent in enumerate(seats)}}
    request = urllib.request.Request(f"{url}/studies/new/{game}", urllib.parse.urlencode(fields).encode(),
                                     headers={"Sec-Fetch-Site": "same-origin"})
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=60) as response:
        study = response.url.rsplit("/", 1)[1]
    while True:
        with urllib.request.urlopen(f"{url}/api/studies/{study}", timeout=60) as response:
            status = json.loads(response.read())["status"]
        if status == "finished":
            return time.perf_counter() - start
        if status not in ("queued", "running"):
            raise SystemExit(f"the workbench's study ended {status}")
        time.sleep(0.1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="nut-hunt")
    parser.add_argument("--seats", default="random,random", help="the agents by seat (random, easy, medium, hard)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--nice", type=int, default=0, help="the study's niceness below the server's")
    args = parser.parse_args()
    seats = args.seats.split(",")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        options = ("--studies", "--studies-dir", str(folder / "studies"), "--study-nice", str(args.nice))
        with running_server(f"sqlite:///{folder / 'tables.sqlite3'}", options=options) as url:
            shares = []
            print(f"{args.game}, {args.seats}, {args.games} games a study")
            for round_ in range(args.rounds):
                seed = round_ + 1
                order = ("cli", "page") if round_ % 2 == 0 else ("page", "cli")
                seconds = {}
                for way in order:
                    seconds[way] = (command_line(args.game, seats, args.games, seed, folder / f"cli{round_}")
                                    if way == "cli" else workbench(url, args.game, seats, args.games, seed))
                cli, page = args.games / seconds["cli"], args.games / seconds["page"]
                shares.append(page / cli)
                print(f"round {round_ + 1}: command line {cli:,.1f} games/s, workbench {page:,.1f} games/s "
                      f"({page / cli:.0%})", flush=True)
            print(f"workbench / command line: median {statistics.median(shares):.0%} "
                  f"(range {min(shares):.0%}-{max(shares):.0%})")


if __name__ == "__main__":
    main()
