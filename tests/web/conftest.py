"""A browser table on a temporary database, driven through its HTTP and WebSocket interface."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from table_client import Client

from nutbox.web.app import create_app


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.sqlite3'}"


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL cluster for a module's tests (tests/pgcluster.py)."""
    from pgcluster import binaries, postgres_cluster

    if binaries() is None:
        pytest.skip("PostgreSQL is not installed (./run test installs it)")
    with postgres_cluster() as url:
        yield url


@pytest.fixture
def server(database: str) -> Iterator[Client]:
    with TestClient(create_app(database, bot_workers=1)) as http:
        yield Client(http)
