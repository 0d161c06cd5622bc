"""A real server (uvicorn in a subprocess, on a temporary database) and Debian's chromium driven by Playwright."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from nutbox.web.launch import chromium, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(f"sqlite:///{tmp_path_factory.mktemp('browser') / 'tables.sqlite3'}") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


def new_page(browser: Browser) -> Page:
    """A page in its own context: its own cookies and storage, as a separate person's browser."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(30_000)
    return page
