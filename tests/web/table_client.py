"""A browser table driven through its HTTP and WebSocket interface, and new databases in a test's PostgreSQL
cluster: what the web tests import (a module of its own, so its name is not the browser tests' conftest)."""

from __future__ import annotations

import itertools
import re
import time
from typing import Any

from starlette.testclient import TestClient


class Client:
    """A test client for one server run, with helpers for the steps every test takes."""

    def __init__(self, http: TestClient) -> None:
        self.http = http

    def create(self, game: str, seats: list[str], **fields: Any) -> tuple[str, list[str]]:
        """A new table through the form, each person's seat taken through its invitation: the table's id and
        the key of each seat (empty for bots)."""
        table, invitations = self.invite(game, seats, **fields)
        return table, [self.claim(link) if link else "" for link in invitations]

    def invite(self, game: str, seats: list[str], **fields: Any) -> tuple[str, list[str]]:
        """A new table through the form: its id and each seat's invitation link (empty for bots)."""
        table, page = self.create_page(game, seats, **fields)
        rows = re.findall(r'<li class="seat-row" data-seat="\d+">(.*?)</li>', page, re.S)
        assert len(rows) == len(seats), page
        links = []
        for row in rows:
            link = re.search(r'class="invite-link" href="([^"]+)"', row)
            links.append(link.group(1) if link else "")
        return table, links

    def create_page(self, game: str, seats: list[str], **fields: Any) -> tuple[str, str]:
        """A new table through the form: its id and the creator's page (its address holds the creator's key)."""
        form = {"players": str(len(seats)), "timer": "0", "handover": "easy", **fields}
        form.update({f"seat{i}": kind for i, kind in enumerate(seats)})
        response = self.http.post(f"/new/{game}", data=form, follow_redirects=False)
        assert response.status_code == 303, response.text
        # a creator who sits lands on their seat, the invitations' page in the address's fragment
        self.landed = response.headers["location"]
        self.creator = self.landed.split("#invitations=", 1)[-1]
        return self.landed.split("/")[2], self.http.get(self.creator).text

    def claim(self, invitation: str) -> str:
        """Take the seat an invitation is for: the seat's key, from the address the claimer is sent to."""
        response = self.http.post(invitation, follow_redirects=False)
        assert response.status_code == 303, response.text
        return str(response.headers["location"]).rsplit("/seat/", 1)[1]

    def state(self, table: str, secret: str = "") -> dict[str, Any]:
        response = self.http.get(f"/api/t/{table}/state", params={"secret": secret} if secret else {})
        assert response.status_code == 200, response.text
        result: dict[str, Any] = response.json()
        return result

    def turn(self, table: str, secrets: list[str]) -> tuple[str, str]:
        """The secret of the seat to move, and another seat's (two-player tables)."""
        to_move = None
        for secret in secrets:
            if self.state(table, secret)["status"] == "Your move":
                to_move = secret
        assert to_move is not None
        return to_move, next(s for s in secrets if s != to_move)

    def request(self, table: str, kind: str, secret: str, **fields: Any) -> Any:
        """An undo, handover or transfer request against the position the seat sees now, as a page sends it."""
        version = self.state(table, secret)["version"]
        return self.http.post(f"/api/t/{table}/{kind}", json={"secret": secret, "version": version, **fields})

    def play_to_end(self, table: str, secret: str) -> dict[str, Any]:
        """Play the seat's last legal move at every turn until the game is over (the other seats are bots); the
        final state."""
        deadline = time.time() + 120
        while time.time() < deadline:
            state = self.state(table, secret)
            if state["finished"]:
                return state
            if state["legal"]:
                self.act(table, secret, state["legal"][-1], state["version"])
            else:
                time.sleep(0.05)
        raise AssertionError("the game did not end in two minutes")

    def act(self, table: str, secret: str, action: str, version: int | None = None) -> Any:
        """An act request against `version`, or, as a page sends it, against the position the seat sees now."""
        if version is None:
            version = self.state(table, secret)["version"] if secret else 0
        return self.http.post(f"/api/t/{table}/act", json={"secret": secret, "action": action, "version": version})


def fresh_database(cluster: str) -> str:
    """A new, empty database in `cluster`: its URL."""
    from sqlalchemy import create_engine, text

    name = f"t{next(DATABASES)}"
    admin = create_engine(cluster, isolation_level="AUTOCOMMIT")
    with admin.connect() as db:
        db.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return cluster.rsplit("/", 1)[0] + f"/{name}"


DATABASES = itertools.count()
