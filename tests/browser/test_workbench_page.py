"""The designers' workbench in Debian's chromium: a comparison of two variants asked for on the page (the game as
set, and a named variant changing an option and a component) runs on the server, its progress shows, and the two
end side by side with what changed between them, at a phone's and a laptop's size."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from launch import running_server
from playwright.sync_api import expect
from table_steps import check


@pytest.fixture(scope="module")
def workbench(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    folder = tmp_path_factory.mktemp("workbench")
    options = ("--studies", "--studies-dir", str(folder / "studies"), "--study-workers", "1", "--study-nice", "0")
    with running_server(f"sqlite:///{folder / 'tables.sqlite3'}", options=options) as url:
        yield url, folder / "studies"


def test_two_variants_started_on_the_page_end_side_by_side(workbench: tuple[str, Path],
                                                                      open_page: Any) -> None:
    url, _ = workbench
    page = open_page("laptop")
    page.goto(f"{url}/studies")
    check(page, "laptop", "the studies")
    page.get_by_role("link", name="Nut Hunt").click()
    expect(page.locator("h1")).to_have_text("New study: Nut Hunt")
    check(page, "laptop", "a new study's form")
    page.select_option("#players", "2")
    page.select_option("#seat0", "easy")
    page.select_option("#seat1", "random")
    expect(page.locator("#seat2")).to_be_hidden()  # (the seats of the chosen player count only)
    page.fill("#games", "6")
    page.fill("#variants", "[far]\noptions.competitive = true\ndata.distance_bonus = [0, 2, 4, 6]\n")
    page.get_by_role("button", name="Start the study").click()

    expect(page).to_have_url(re.compile(r"/studies/[0-9a-f]{12}$"))
    expect(page.locator("#asked")).to_contain_text("Nut Hunt, 2 players: easy against random; 6 games, seed 1")
    expect(page.locator("#asked")).to_contain_text("comparing variants: base, far")
    # the page follows the study by itself until it ends, then shows the figures
    expect(page.locator("#side-by-side")).to_be_visible(timeout=120_000)
    expect(page.locator("#status")).to_have_text("Finished")
    headers = page.locator("#side-by-side thead th")
    expect(headers).to_have_text(["Figure", "base", "far"])
    expect(page.locator("#results p.setting")).to_have_text(
        "far: Competitive variant: yes; components changed: distance_bonus = [0, 2, 4, 6]")
    rows = page.locator("#side-by-side tbody th")
    expect(rows).to_contain_text(["games (failed)", "player 1 wins [95%]", "easy wins [95%]", "random wins [95%]"])
    expect(page.locator("#side-by-side tbody tr").first).to_contain_text("6 (0)")
    changes = page.locator("#results ul.changes li")
    expect(changes.first).to_contain_text(re.compile(r"player 1 wins: [+-]\d+\.\d percentage points \[.*\], "
                                                     r"(beyond|within) chance"))
    for bar in page.locator("#progress progress").all():
        assert bar.get_attribute("value") == "6"
    check(page, "laptop", "a finished comparison")

    phone = open_page("phone")
    phone.goto(page.url)
    expect(phone.locator("#side-by-side")).to_be_visible()
    check(phone, "phone", "a finished comparison")

    page.get_by_role("link", name="The comparison's report").click()
    expect(page.locator("h1")).to_have_text("Variants side by side")
    expect(page.locator("body")).to_contain_text("Differences from the first variant")
