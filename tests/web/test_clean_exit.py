"""Stopping `nutbox serve` (SIGTERM, or Ctrl-C) while its bots think stops them too, within seconds, with a line and
no traceback; an unreachable database is one line and a non-zero exit. A real server, really signalled."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from launch import STARTUP, free_port


def descendants(pid: int) -> set[int]:
    """Every process below `pid` now (from /proc: children, their children, ...)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "ctrl-c"])
def test_stopping_the_server_while_bots_think_stops_the_bots_too_with_a_line(tmp_path: Path,
                                                                             stop: signal.Signals) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    output = (tmp_path / "output.txt").open("w+")
    server = subprocess.Popen(
        [sys.executable, "-m", "nutbox.cli.main", "serve", "--port", str(port), "--db",
         f"sqlite:///{tmp_path / 'tables.sqlite3'}", "--bot-workers", "1"], stdout=output, stderr=output)
    below: set[int] = set()
    try:
        deadline = time.time() + STARTUP
        while True:
            try:
                urllib.request.urlopen(f"{url}/rules/nut-cards", timeout=2)
                break
            except OSError:
                assert time.time() < deadline and server.poll() is None, "the server did not start"
                time.sleep(0.2)
        form = urllib.parse.urlencode({"players": "2", "seat0": "hard", "seat1": "hard", "timer": "0",
                                       "handover": "easy"}).encode()
        urllib.request.urlopen(urllib.request.Request(f"{url}/new/nut-hunt", form), timeout=30)
        while len(below := descendants(server.pid)) < 2:  # the bots' process (and its resource tracker)
            assert time.time() < deadline, "no bot process started"
            time.sleep(0.1)
        time.sleep(1.0)  # the bots are playing each other: one is thinking now
        server.send_signal(stop)
        server.wait(timeout=20)
        gone = time.time() + 10
        while [pid for pid in below if alive(pid)] and time.time() < gone:
            time.sleep(0.1)
        assert not [pid for pid in below if alive(pid)], "a bot process outlived the server"
        output.seek(0)
        said = output.read()
        assert "Traceback" not in said, said
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        for pid in below:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        output.close()


def test_an_unreachable_database_is_one_line_and_a_failure(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "nutbox.cli.main", "serve", "--port", str(free_port()), "--db",
         "postgresql+psycopg://nobody:secret@127.0.0.1:1/none"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    lines = (done.stdout + done.stderr).strip().splitlines()
    assert len(lines) == 1 and "cannot be reached" in lines[0] and "secret" not in lines[0], lines
