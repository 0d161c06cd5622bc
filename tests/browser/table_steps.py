"""What the browser tests do the same way: a new person's page, a table made through the form, a seat taken, a
turn waited for, a decision clicked (a module of its own, so its name is not the web tests' conftest)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

AXE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"phone": (390, 844), "tablet": (768, 1024), "laptop": (1280, 800), "wide": (1920, 1080)}
AXE_SIZES = ("phone", "tablet", "laptop")
# what a finger presses; text links inside sentences are exempt, as WCAG's target-size rule exempts them (the site's
# header is not a sentence: its links are pressed on every page)
CONTROLS = "button, a.button, select, input:not([type=hidden]), summary, [role=button], header.top a"
# the controls among them that are shown (as Playwright's :visible: a box, and not hidden), measured in one go
SMALL_CONTROLS = """selector => [...document.querySelectorAll(selector)]
  .filter(e => e.checkVisibility({visibilityProperty: true}))
  .map(e => [e.outerHTML.slice(0, 80), e.getBoundingClientRect()])
  .filter(([_, box]) => box.width > 0 && box.height > 0 && (box.width < 44 || box.height < 44))
  .map(([html, box]) => [html, Math.round(box.width), Math.round(box.height)])"""


def check(page: Page, size: str, what: str) -> None:
    """The page as it is now: no sideways scrolling, finger-sized controls on a phone, no serious axe finding.

    Axe runs at the sizes that each bring their own style sheet rules (the site's breakpoints are 600 and 900 px:
    a phone, a tablet, a laptop); a wide screen has the laptop's rules, so there only the width is checked."""
    width = SIZES[size][0]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{what}: wider than a {size}"
    if size == "phone":
        small = page.evaluate(SMALL_CONTROLS, CONTROLS)
        assert not small, f"{what}: controls under 44x44 px on a phone: {small[:5]}"
    if size not in AXE_SIZES:
        return
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
                          ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
                          ".map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))")
    assert not found, f"{what} at {size}: {found}"


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


def play_to_the_end(page: Page, which: str = "last") -> None:
    """The seat's last (or `which`: "first") listed move each turn, until the game is over (each waits for the table
    to change)."""
    while wait_for_turn(page) == "Your move":
        before = page.locator("#table").get_attribute("data-version")
        getattr(page.locator("#legal button.action"), which).click()
        page.wait_for_function("v => document.getElementById('table').dataset.version !== v", arg=before)


def rings_on_their_places(page: Page, places: str, rings: str) -> int:
    """How many `places` (elements of the board's SVG) are ringed by `rings` (static/marks.js), one each in the same
    order, each ring's box on the screen within a pixel of its place's first shape (or of the place, drawn without
    one); fails where one is not."""
    boxes = page.evaluate("""([places, rings]) => {
        const box = (n) => { const r = n.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; };
        const shape = (n) => n.matches("polygon, rect, circle, ellipse, path") ? n
            : n.querySelector("polygon, rect, circle, ellipse, path");
        return [[...document.querySelectorAll(places)].map((n) => box(shape(n) || n)),
                [...document.querySelectorAll(rings)].map(box)];
    }""", [places, rings])
    wanted, drawn = boxes
    assert len(drawn) == len(wanted), f"{len(wanted)} places marked, {len(drawn)} rings drawn"
    for place, ring in zip(wanted, drawn, strict=True):
        assert max(abs(a - b) for a, b in zip(place, ring, strict=True)) <= 1, f"a ring at {ring}, its place at {place}"
    return len(drawn)
