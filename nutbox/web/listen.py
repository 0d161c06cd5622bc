"""Hearing what other server processes did: on PostgreSQL every stored change notifies channel `nutbox` (in the
transaction that makes it, so it is heard only once committed), and each process listens, so a table served by
several processes shows every move to every watcher. SQLite serves one process and needs none of this.

Notifications are "table ID VERSION" (the table moved on to VERSION) and "chat ID LINE" (a line was said). A
listener that loses its connection reconnects and says "again": whatever was missed meanwhile is caught up by
looking at every table again.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy import make_url

log = logging.getLogger("nutbox.web")
CHANNEL = "nutbox"


class Listener:
    def __init__(self, url: str, heard: Callable[[str], Any]) -> None:
        """`heard` is called from the listening thread with each notification's text (or "again")."""
        self.conninfo = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        self.heard = heard
        self.stopping = threading.Event()
        # a channel of this listener's own: stop() notifies it, so the thread ends at once rather than at its
        # next look (a server's shutdown would otherwise wait for it)
        self.wake = f"{CHANNEL}_wake_{secrets.token_hex(8)}"
        self.thread = threading.Thread(target=self.listen, name="nutbox-listen", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def listen(self) -> None:
        import psycopg

        first = True
        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    connection.execute(f"LISTEN {self.wake}")
                    if not first:
                        self.heard("again")
                    first = False
                    while not self.stopping.is_set():
                        for note in connection.notifies(timeout=1.0):
                            if note.channel != CHANNEL:
                                break  # woken by stop()
                            self.heard(note.payload)
            except Exception as error:  # the database went away: try again in a moment
                log.warning("listening for other processes' changes failed (%s); trying again", error)
                self.stopping.wait(1.0)

    def stop(self) -> None:
        import psycopg

        self.stopping.set()
        if self.thread.is_alive():
            # (if the database is gone, the thread sees `stopping` at its next look)
            with contextlib.suppress(Exception), psycopg.connect(self.conninfo, autocommit=True,
                                                                 connect_timeout=2) as connection:
                connection.execute(f"NOTIFY {self.wake}")
        self.thread.join(timeout=5)


def notify(db: object, text: str) -> None:
    """Tell every process, once this transaction commits (PostgreSQL only; a no-op elsewhere)."""
    from sqlalchemy import text as sql

    if db.dialect.name == "postgresql":  # type: ignore[attr-defined]
        db.execute(sql("SELECT pg_notify(:channel, :text)"), {"channel": CHANNEL, "text": text})  # type: ignore[attr-defined]
