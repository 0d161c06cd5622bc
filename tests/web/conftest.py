"""A browser table on a temporary database, driven through its HTTP and WebSocket interface."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from nutbox.web.app import create_app


class Client:
    """A test client for one server run, with helpers for the steps every test takes."""

    def __init__(self, http: TestClient) -> None:
        self.http = http

    def create(self, game: str, seats: list[str], **fields: Any) -> tuple[str, list[str]]:
        """A new table through the form: its id and the secret of each seat (empty for bots)."""
        form = {"players": str(len(seats)), "timer": "0", "handover": "easy", **fields}
        form.update({f"seat{i}": kind for i, kind in enumerate(seats)})
        response = self.http.post(f"/new/{game}", data=form, follow_redirects=False)
        assert response.status_code == 303, response.text
        page = self.http.get(response.headers["location"]).text
        table = response.headers["location"].split("/")[2]
        rows = re.findall(r"<tr><th>Player \d+</th>(.*?)</tr>", page, re.S)
        assert len(rows) == len(seats), page
        secrets = []
        for row in rows:
            link = re.search(r"/seat/([\w-]+)", row)
            secrets.append(link.group(1) if link else "")
        return table, secrets

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

    def act(self, table: str, secret: str, action: str, version: int | None = None) -> Any:
        body: dict[str, Any] = {"secret": secret, "action": action}
        if version is not None:
            body["version"] = version
        return self.http.post(f"/api/t/{table}/act", json=body)


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.sqlite3'}"


@pytest.fixture
def server(database: str) -> Iterator[Client]:
    with TestClient(create_app(database, bot_workers=1)) as http:
        yield Client(http)
