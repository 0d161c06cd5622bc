"""The whole suite's last check: it leaves no process of its own behind (a server, a bot worker, multiprocessing's
resource tracker, a browser, a database, a Ray node). Every process the suite starts inherits a mark in its
environment; when the suite ends (after a few seconds' grace) none that carries the mark may still run. Any left
are named, stopped, and the run fails."""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import time
from pathlib import Path

import pytest

MARK = "NUTBOX_TEST_RUN"
os.environ.setdefault(MARK, secrets.token_hex(8))  # set once, by the first process of the run; its children inherit it
GRACE = 15.0  # seconds for what was stopped to finish exiting


def left_behind() -> dict[int, str]:
    """The processes of this run still running, by pid, with their command lines (never this one)."""
    mark = f"{MARK}={os.environ[MARK]}".encode()
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if mark not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            state, parent = (entry / "stat").read_text().rsplit(")", 1)[1].split()[:2]
            if state == "Z":
                continue  # (exited, not yet reaped by its parent)
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            if int(parent) == os.getpid() and ("multiprocessing.resource_tracker" in command
                                               or "multiprocessing.forkserver" in command):
                continue  # this process's own tracker or forkserver (a test used a process pool here): they end
                # with this process
            found[int(entry.name)] = command
        except OSError:
            continue
    return found


SLOW_MODULES = ("tests/sim/test_ray.py", "tests/sim/test_ray_cluster.py", "tests/web/test_slow_client.py",
                "tests/web/test_clean_exit.py")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Marks by what a test starts, so the fast part runs alone (`./run test -m "not browser and not postgres
    and not slow"`): `browser` (Debian's chromium), `postgres` (a PostgreSQL cluster), `slow` (a Ray cluster,
    real servers with slow or crashing clients)."""
    root = Path(str(config.rootpath))
    for item in items:
        where = Path(str(item.path)).relative_to(root).as_posix()
        if where.startswith("tests/browser/"):
            item.add_marker(pytest.mark.browser)
        module = getattr(item, "module", None)
        if ("postgres" in getattr(item, "fixturenames", ()) or "postgresql" in item.nodeid
                or hasattr(module, "postgres_cluster")):
            item.add_marker(pytest.mark.postgres)
        if where in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if hasattr(session.config, "workerinput"):
        return  # a pytest-xdist worker: the process that runs the whole session checks, once they are done
    deadline = time.time() + GRACE
    while (left := left_behind()) and time.time() < deadline:
        time.sleep(0.5)
    if not left:
        return
    lines = [f"  {pid}: {command[:160]}" for pid, command in sorted(left.items())]
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line("the suite left processes running (now stopped):\n" + "\n".join(lines), red=True)
    for pid in left:
        with contextlib.suppress(OSError):  # (gone meanwhile)
            os.kill(pid, signal.SIGKILL)
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
