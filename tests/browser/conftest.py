"""A real server (uvicorn in a subprocess, on a temporary database) and Debian's chromium driven by Playwright."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from launch import chromium, running_server
from playwright.sync_api import Browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(f"sqlite:///{tmp_path_factory.mktemp('browser') / 'tables.sqlite3'}") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched
