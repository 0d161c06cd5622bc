"""A real server (uvicorn in a subprocess, on a temporary database) and Debian's chromium driven by Playwright."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from launch import chromium, running_server
from playwright.sync_api import Browser, Page
from table_steps import SIZES


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(f"sqlite:///{tmp_path_factory.mktemp('browser') / 'tables.sqlite3'}") as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One chromium for all of a worker's browser tests (each test's people have contexts of their own, so
    nothing carries over): starting one costs about half a CPU-second."""
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module", autouse=True)
def pages_closed_after_each_module(browser: Browser) -> Iterator[None]:
    """Every context a module opened is closed with it: a page left open would go on trying to reach its
    module's server once that has stopped."""
    yield
    for context in browser.contexts:
        context.close()


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Any]:
    contexts = []

    def opened(size: str) -> Page:
        width, height = SIZES[size]
        # axe is added to the page as a script of its own: the site's policy (rightly) refuses foreign scripts
        context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30_000)
        return page

    yield opened
    for context in contexts:
        context.close()
