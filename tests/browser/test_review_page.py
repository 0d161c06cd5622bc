"""A finished game's review page in chromium: reached from the end of a game and from the replay of an uploaded
record, worked out while the page shows its progress, fitting a phone and a laptop and passing axe as every page
does, its graphs there, and a marked decision shown on the board with the move made and the better one marked."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from launch import running_server
from playwright.sync_api import Browser, Page, expect
from table_steps import create_table, play_to_the_end, rings_on_their_places, take_seat
from test_phone_and_access import SIZES, check

from nutbox.agents import make_agent
from nutbox.play import run_match
from nutbox.registry import make


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose reviews play 4 playouts per move: a game of Nuts Sorting reviewed in a second or two."""
    database = f"sqlite:///{tmp_path_factory.mktemp('review') / 'tables.sqlite3'}"
    with running_server(database, options=("--review-playouts", "4")) as url:
        yield url


def opened(browser: Browser, size: str) -> Page:
    width, height = SIZES[size]
    # (axe is added as a script of its own, which the site's policy refuses: see test_phone_and_access.py)
    page = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True).new_page()
    page.set_default_timeout(30_000)
    return page


def reviewed(page: Page) -> None:
    """Ask for the review on its page, see its progress, and wait until the page shows what it found."""
    expect(page.locator("h1")).to_contain_text("Review:")
    page.get_by_role("button", name="Review this game").click()
    expect(page.locator(".review-summary")).to_be_visible(timeout=120_000)
    expect(page.locator("#review")).to_have_attribute("data-status", "done")


def test_the_end_of_a_game_links_to_its_review_which_fits_a_phone_and_a_laptop(server: str, browser: Browser) -> None:
    page = opened(browser, "phone")
    links, _ = create_table(page, server, "nuts-sorting", ["human", "random"])
    take_seat(page, links[0])
    play_to_the_end(page)
    link = page.locator("#result #review-game")
    expect(link).to_have_text("Review this game")
    check(page, "phone", "the end of a game with its review link")
    link.click()
    expect(page.locator("#progress-text")).to_have_text("This game has not been reviewed yet.")
    check(page, "phone", "a review page before the review")
    reviewed(page)
    graphs = page.locator("figure.graph svg[role=img]")
    expect(graphs).to_have_count(2)
    for graph in graphs.all():
        title = graph.locator("title").first.text_content() or ""
        assert title.endswith(": chance of winning after each decision")
        assert graph.get_attribute("aria-labelledby")
    expect(page.locator(".summary-table tr")).to_have_count(3)
    address = page.url
    check(page, "phone", "a review")
    laptop = opened(browser, "laptop")
    laptop.goto(address)
    check(laptop, "laptop", "a review")


def uploaded(page: Page, server: str, tmp_path: Path) -> None:
    """A game between random bots (seed 0) uploaded to watch: its review at 4 playouts marks two blunders."""
    game = make("nuts-sorting", {})
    match = run_match(game, [make_agent("random", game, seat, 0) for seat in range(2)], 0)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(replace(match.record, seed=None).to_json()))
    page.goto(server)
    page.set_input_files("#record", str(path))
    page.get_by_role("button", name="Watch").click()
    expect(page.locator("#status")).to_contain_text("Game over")


def test_a_marked_decision_shows_the_board_with_the_move_made_and_the_better_one(server: str, browser: Browser,
                                                                                 tmp_path: Path) -> None:
    page = opened(browser, "laptop")
    uploaded(page, server, tmp_path)
    page.click("#step-first")  # the replay of an uploaded game links to its review too
    expect(page.locator("#replay-review")).to_be_visible()
    page.click("#replay-review")
    reviewed(page)
    marked = page.locator(".marked-decision")
    assert marked.count() >= 1, "the record reviewed at 4 playouts has blunders to show"
    for size in ("laptop", "phone"):
        if size == "phone":
            address = page.url
            page = opened(browser, "phone")
            page.goto(address)
            marked = page.locator(".marked-decision")
        first = marked.first
        first.click()
        expect(first).to_have_attribute("aria-pressed", "true")
        board = page.locator("#board")
        expect(board.locator("svg")).to_be_visible()
        expect(board.locator(".review-made")).to_have_count(1)
        expect(board.locator(".review-best")).to_have_count(1)
        assert rings_on_their_places(page, "#board .review-made", "#board .made-ring") == 1
        assert rings_on_their_places(page, "#board .review-best", "#board .best-ring") == 1
        made, best = first.get_attribute("data-made-words"), first.get_attribute("data-best-words")
        expect(page.locator("#position-caption")).to_have_text(f"Made: {made}; better: {best}.")
        expect(page.locator("#position-title")).to_contain_text("decision")
        check(page, size, "a marked decision on the board")
