"""A real PostgreSQL for tests: a throwaway cluster made with Debian's initdb and started with pg_ctl, listening
on 127.0.0.1 only, run as an unprivileged user (PostgreSQL refuses to run as root), stopped and removed by the
test that started it. (A test harness: it is not part of the installed package.)"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from launch import free_port


def binaries() -> Path | None:
    """Debian's PostgreSQL server programs (the newest installed), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def _as_owner(command: list[str]) -> list[str]:
    # root may not run PostgreSQL: run it as nobody (the cluster's files are theirs)
    return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", *command] if os.getuid() == 0 else command


@contextmanager
def postgres_cluster() -> Iterator[str]:
    """A fresh cluster with an empty database `nutbox`; yields its SQLAlchemy URL."""
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is missing: install Debian's postgresql (./run test does)")
    home = Path(tempfile.mkdtemp(prefix="nutbox-pg-"))
    data, sockets = home / "data", home / "run"
    sockets.mkdir()
    if os.getuid() == 0:
        shutil.chown(home, "nobody", "nogroup")
        shutil.chown(sockets, "nobody", "nogroup")
    port = free_port()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "check": True}
    subprocess.run(_as_owner([str(bin_dir / "initdb"), "-D", str(data), "-U", "nutbox", "--auth=trust",
                              "--no-sync", "-E", "UTF8"]), **quiet)  # type: ignore[call-overload]
    options = f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={sockets} -c fsync=on"
    try:
        subprocess.run(_as_owner([str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-w", "-t", "60",
                                  "-l", str(home / "log"), "start"]), **quiet)  # type: ignore[call-overload]
        subprocess.run(_as_owner([str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "nutbox",
                                  "nutbox"]), **quiet)  # type: ignore[call-overload]
        yield f"postgresql+psycopg://nutbox@127.0.0.1:{port}/nutbox"
    finally:
        subprocess.run(_as_owner([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        shutil.rmtree(home, ignore_errors=True)
