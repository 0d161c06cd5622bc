"""Fair play on a public site (issue 32): the lobby no flood can hide a table in, and limits per client address on
what costs the site (new tables, new profiles and invite codes)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import Client
from starlette.testclient import TestClient

from nutbox.web.app import create_app
from nutbox.web.hub import Limits

DAY = 86400.0


@pytest.fixture
def flood(database: str) -> Iterator[Client]:
    """A server that lets one address make many tables (the flood comes from many addresses in real life)."""
    with TestClient(create_app(database, bot_workers=1, limits=Limits(tables_per_address=1000))) as http:
        yield Client(http)


def listed(client: Client, query: str = "") -> list[str]:
    page = client.http.get(f"/lobby{query}")
    assert page.status_code == 200, page.text
    return re.findall(r'class="lobby-table" data-table="([^"]+)"', page.text)


def test_the_lobby_filters_before_it_limits_lists_newest_first_and_forgets_a_day_old_table(flood: Client) -> None:
    for _ in range(201):  # more open tables than a lobby page lists, none with a profile
        flood.create_page("nuts-sorting", ["human", "human"], visibility="open")
    newest, _ = flood.create_page("nut-hunt", ["human", "human"], visibility="open")
    assert listed(flood, "?game=nut-hunt") == [newest], "a new open table is found, filtered by its game"
    everything = listed(flood)
    assert len(everything) == 200 and everything[0] == newest, "newest first, 200 to a page"
    flood.http.app.state.hub.clock.offset += DAY + 60  # type: ignore[attr-defined]
    assert listed(flood) == [], "an open table nobody joined within a day leaves the lobby"


def test_new_tables_and_profiles_are_limited_per_address_with_a_reason(database: str) -> None:
    limits = Limits(tables_per_address=3, profiles_per_address=2)
    with TestClient(create_app(database, bot_workers=1, limits=limits)) as http:
        client = Client(http)
        for _ in range(3):
            client.create_page("nuts-sorting", ["human", "easy"])
        refused = http.post("/new/nuts-sorting", data={"players": "2", "seat0": "human", "seat1": "easy"})
        assert refused.status_code == 429 and "at most 3 new tables" in refused.text
        answers = []
        for number in range(3):
            browser = TestClient(http.app)
            browser.portal = http.portal  # (the server's own event loop)
            answers.append(browser.post("/profile", data={"name": f"P{number}"}, follow_redirects=False))
        assert [answer.status_code for answer in answers] == [303, 303, 429]
        assert "at most 2 new profiles" in answers[-1].text
