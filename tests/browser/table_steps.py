"""What the browser tests do the same way: a new person's page, a table made through the form, a seat taken, a
turn waited for, a decision clicked (a module of its own, so its name is not the web tests' conftest)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect


def new_page(browser: Browser) -> Page:
    """A page in its own context: its own cookies and storage, as a separate person's browser."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(30_000)
    return page


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


def play_to_the_end(page: Page) -> None:
    """The seat's last listed move each turn, until the game is over (each waits for the table to change)."""
    while wait_for_turn(page) == "Your move":
        before = page.locator("#table").get_attribute("data-version")
        page.locator("#legal button.action").last.click()
        page.wait_for_function("v => document.getElementById('table').dataset.version !== v", arg=before)
