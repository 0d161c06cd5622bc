"""The browser table as people use it: create tables from the pages, play by clicking, watch live, reload."""

from __future__ import annotations

import re

import pytest
from conftest import new_page
from playwright.sync_api import Browser, Page, expect

GAMES = ["nuts-sorting", "nut-hunt", "nuts-factory", "in-the-nuts", "nut-cards"]


def create_table(page: Page, url: str, game: str, seats: list[str]) -> tuple[list[str], str]:
    """Fill in the new-table form; the invitations (one per person's seat) and the spectator link."""
    page.goto(f"{url}/")
    page.click(f"#game-{game} a.button")
    page.select_option("#players", str(len(seats)))
    for seat, kind in enumerate(seats):
        page.select_option(f"select[name=seat{seat}]", kind)
    page.click("#create")
    expect(page.locator("h1")).to_contain_text("your table is ready")
    links = [link.get_attribute("href") or "" for link in page.locator("a.invite-link").all()]
    return links, page.locator("a.spectator-link").get_attribute("href") or ""


def take_seat(page: Page, invitation: str) -> str:
    """Open an invitation and take the seat, as the invited person does; the seat's own link."""
    page.goto(invitation)
    page.click("#take")
    page.wait_for_url(re.compile(r".*/seat/.*"))
    return page.url


def version(page: Page) -> str:
    return page.locator("#table").get_attribute("data-version") or ""


def wait_for_turn(page: Page) -> str:
    """Wait until this seat must decide or the game is over; the status then."""
    page.wait_for_function(
        "() => { const s = document.getElementById('status').textContent;"
        " return s === 'Your move' || s.startsWith('Game over'); }",
        timeout=120_000,
    )
    return page.locator("#status").inner_text()


def click_a_decision(page: Page) -> None:
    """Make one decision by clicking: a marked place on the board if there is one, else a listed move."""
    before = version(page)
    targets = page.locator("#board .clickable")
    if targets.count():
        # click a shape of the target, not the centre of its box (a hover path may stretch the box elsewhere)
        shapes = targets.first.locator(", ".join(
            f":scope {shape}:not([pointer-events=none])" for shape in ("circle", "rect", "polygon", "path", "ellipse")
        ))
        # (force: a highlight drawn over the shape is part of the same target, and takes the click for it)
        (shapes.first if shapes.count() else targets.first).click(force=True)
        chooser = page.locator("#chooser .choice")
        if page.locator("#chooser").is_visible() and chooser.count():
            chooser.first.click()
    else:
        page.locator("#legal button.action").first.click()
    page.wait_for_function(
        "v => document.getElementById('table').dataset.version !== v", arg=before, timeout=60_000
    )


@pytest.mark.parametrize("game", GAMES)
def test_each_game_can_be_created_with_bots_and_played_by_clicking(server: str, browser: Browser, game: str) -> None:
    page = new_page(browser)
    links, _ = create_table(page, server, game, ["human", "easy"])
    assert len(links) == 1
    take_seat(page, links[0])
    assert wait_for_turn(page) == "Your move"
    expect(page.locator("#board svg")).to_be_visible()
    legal = page.locator("#legal button.action").count()
    assert legal > 0
    click_a_decision(page)
    expect(page.locator("#log li").first).to_be_visible()
    page.context.close()


def test_a_whole_game_of_nuts_sorting_by_clicks_against_a_bot(server: str, browser: Browser) -> None:
    page = new_page(browser)
    links, _ = create_table(page, server, "nuts-sorting", ["random", "human"])
    take_seat(page, links[0])
    decisions = 0
    while wait_for_turn(page) == "Your move":
        click_a_decision(page)
        decisions += 1
        assert decisions < 500
    expect(page.locator("#result")).to_contain_text("Final scores")
    expect(page.locator("#download")).to_be_visible()
    assert decisions > 3
    page.context.close()


def test_other_seats_and_spectators_see_moves_arrive_and_a_reload_restores_the_seat(
    server: str, browser: Browser
) -> None:
    creator = new_page(browser)
    links, spectator_link = create_table(creator, server, "nut-hunt", ["human", "human"])
    pages = [new_page(browser) for _ in links]
    for page, link in zip(pages, links, strict=True):
        take_seat(page, link)
    watcher = new_page(browser)
    watcher.goto(spectator_link)
    expect(watcher.locator("#who")).to_have_text("spectating")
    for _ in range(4):
        mover = next(p for p in pages if p.locator("#status").inner_text() == "Your move")
        other = next(p for p in pages if p is not mover)
        click_a_decision(mover)
        now = version(mover)
        for page in (other, watcher):  # no reload: the move arrives over the live connection
            page.wait_for_function("v => document.getElementById('table').dataset.version === v", arg=now)
    mover = next(p for p in pages if p.locator("#status").inner_text() == "Your move")
    before = (version(mover), mover.locator("#legal").inner_text(), mover.locator("#board").inner_html())
    mover.reload()
    expect(mover.locator("#status")).to_have_text("Your move")
    assert (version(mover), mover.locator("#legal").inner_text(), mover.locator("#board").inner_html()) == before
    click_a_decision(mover)  # and the seat still plays after the reload
    for page in (*pages, watcher, creator):
        page.context.close()


def test_a_spectators_page_never_holds_a_seats_secrets(server: str, browser: Browser) -> None:
    creator = new_page(browser)
    links, spectator_link = create_table(creator, server, "nut-hunt", ["human", "human", "human"])
    seat_pages, secrets = [], []
    for link in links:
        page = new_page(browser)
        secrets.append(re.sub(r".*/seat/", "", take_seat(page, link)))
        seat_pages.append(page)
    watcher = new_page(browser)
    watcher.goto(spectator_link)
    watcher.locator("#details summary").click()
    expect(watcher.locator("#details-body")).not_to_be_empty()
    html = watcher.content()
    assert not any(secret in html for secret in secrets)
    # each seat's secret objectives appear on its own page and on no one else's, nor the spectator's
    spectator_text = watcher.locator("body").inner_text()
    for seat, page in enumerate(seat_pages):
        page.locator("#details summary").click()
        expect(page.locator("#details-body")).to_contain_text("pts")
        own = set(re.findall(r"#\d+ [^\n#]*?\(\d+ pts\)", page.locator("#details-body").inner_text()))
        assert own, f"seat {seat + 1} sees its own objectives"
        assert not any(text in spectator_text for text in own)
        for other in seat_pages:
            if other is not page:
                assert not any(text in other.content() for text in own)
    for page in (*seat_pages, watcher, creator):
        page.context.close()
