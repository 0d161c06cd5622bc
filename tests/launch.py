"""Start the browser table in a child process and wait until it answers: for browser tests, screenshots
and load benchmarks, which need a real server on a real port. (A test harness: it is not part of the
installed package.)"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

# How long a server may take to answer before a test gives up on it: a guard against a hang, not a claim about
# speed. In two loaded runs of the whole suite a server took about 60 s to become ready (its log said ready 60 s
# after it started, twice in a row on one worker); started alone it answers in about a second. The cause was not
# found; the guard leaves room for it.
STARTUP = 180.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def running_server(db: str, bot_workers: int = 1, startup: float = STARTUP, options: tuple[str, ...] = ()
                   ) -> Iterator[str]:
    """`nutbox serve` on a free port of this machine, storing in `db` (with more `options` of serve); yields its
    address."""
    with server_process(db, bot_workers, startup, options) as (url, _):
        yield url


@contextmanager
def server_process(db: str, bot_workers: int = 1, startup: float = STARTUP, options: tuple[str, ...] = ()
                   ) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """As running_server, yielding the process too (a test may kill it). A server that cannot start says why (the
    end of what it printed); one that lost its free port to another process before it could listen (free_port's
    race, on a machine running other suites) is started again on another."""
    for attempt in range(3):
        with tempfile.TemporaryFile() as printed:
            port = free_port()
            command = [sys.executable, "-m", "nutbox.cli.main", "serve", "--port", str(port), "--db", db,
                       "--bot-workers", str(bot_workers), *options]
            # a session of its own: whatever it starts (bot workers, their resource tracker) is stopped with it at
            # the end, even after a test killed the server itself with kill -9
            process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=printed, start_new_session=True)
            try:
                url = waited(process, port, startup, printed, attempt < 2)
                if url is None:
                    continue  # (the port was taken: another one)
                yield url, process
                return
            finally:
                stop(process)
    raise AssertionError("unreachable: the last attempt raises")


def waited(process: subprocess.Popen[bytes], port: int, startup: float, printed: IO[bytes], retry: bool) -> str | None:
    """The server's address once it answers; None if it lost its port and `retry`; else RuntimeError with why."""
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + startup
    while True:
        try:
            urllib.request.urlopen(url + "/rules/nut-cards", timeout=2)
            return url
        except OSError:
            code = process.poll()
            if code is None and time.time() < deadline:
                time.sleep(0.2)
                continue
            printed.seek(0)
            said = printed.read().decode(errors="replace").strip().splitlines()[-20:]
            if code is not None and retry and any("address already in use" in line.lower() for line in said):
                return None
            why = f"exited with {code}" if code is not None else f"did not answer within {startup:.0f} s"
            raise RuntimeError(f"the server {why}: {' '.join(map(str, process.args))}\n" + "\n".join(said)) from None


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    with contextlib.suppress(ProcessLookupError):  # (nothing of its session left: all stopped with it)
        os.killpg(process.pid, signal.SIGKILL)


# Debian's build of chromium's headless shell: the same Blink and V8 as its chromium, without the browser's
# windowing and UI layers, which cost the browser tests (thousands of page loads) about a third of their CPU. It is
# what Playwright itself drives headless; screenshots for people are taken in the full chromium (`full=True`).
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = "/usr/bin/chromium"
# Chromium's own background traffic is refused by the closed network here; these flags keep it quiet.
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@contextmanager
def chromium(full: bool = False) -> Iterator[Any]:
    """Debian's chromium headless shell (`full`: Debian's chromium, headless), driven by Playwright (a development
    dependency)."""
    from playwright.sync_api import sync_playwright

    program = CHROMIUM if full else HEADLESS_SHELL
    if not Path(program).exists():
        package = "chromium" if full else "chromium-headless-shell"
        raise RuntimeError(f"{program} is missing: install Debian's {package} (./run test does)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=program, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()
