"""The table at a glance (docs/table.md): after eight decisions, with nothing scrolled or touched, a laptop shows
the prompt, every seat's name with its score and the latest line of what happened, none of them covered; a phone
shows the prompt and every seat's name with its score on its first screen, and draws the board's text at a
legible size. Then a replay's step, a double click, and the creator who sits landing on their seat."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from table_steps import create_table, take_seat, version, wait_for_turn

GAMES = {"nuts-sorting": 2, "nut-hunt": 3, "nuts-factory": 3, "in-the-nuts": 3, "nut-cards": 3}
DECISIONS = 8

# whether an element is inside the window and is what a person sees at its middle (nothing drawn over it)
SEEN = """el => {
  const box = el.getBoundingClientRect();
  if (!box.width || !box.height) return false;
  if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) return false;
  const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
  return Boolean(hit) && (hit === el || el.contains(hit));
}"""

# the median size, in CSS px, at which the board's text is drawn: each text's font size times the drawing's scale
BOARD_TEXT = """() => {
  const svg = document.querySelector('#board svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim())
    .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale).sort((a, b) => a - b);
  return sizes.length ? sizes[Math.floor(sizes.length / 2)] : 0;
}"""


@pytest.fixture
def contexts(browser: Browser) -> Iterator[Any]:
    opened = []

    def page(width: int, height: int, touch: bool = False) -> Page:
        context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
        opened.append(context)
        made = context.new_page()
        made.set_default_timeout(30_000)
        return made

    yield page
    for context in opened:
        context.close()


def play(page: Page, decisions: int) -> None:
    for _ in range(decisions):
        if wait_for_turn(page) != "Your move":
            return
        before = version(page)
        page.locator("#legal button.action").first.click()
        page.wait_for_function("v => document.getElementById('table').dataset.version !== v", arg=before,
                               timeout=60_000)
    wait_for_turn(page)


def seated(page: Page, server: str, game: str, players: int) -> str:
    links, _ = create_table(page, server, game, ["human", *["easy"] * (players - 1)])
    take_seat(page, links[0])
    page.fill("#name-input", "Ann")
    page.click("#name-box button")
    expect(page.locator("#name-box")).to_be_hidden()
    return page.url


@pytest.mark.parametrize("game", GAMES)
def test_everything_a_player_needs_is_on_the_first_screen(server: str, contexts: Any, game: str) -> None:
    players = GAMES[game]
    laptop = contexts(1280, 800)
    seat = seated(laptop, server, game, players)
    play(laptop, DECISIONS)
    assert laptop.evaluate("window.scrollY") == 0
    assert laptop.locator("#prompt").evaluate(SEEN), "the prompt"
    panels = laptop.locator("#panels .panel")
    assert panels.count() == players
    for panel in panels.all():
        for part in (".name", ".score"):
            assert panel.locator(part).evaluate(SEEN), f"{panel.locator('.name').inner_text()}: {part} on screen"
    expect(panels.first.locator(".name")).to_contain_text("Ann (you)")
    last = laptop.locator("#log li").last
    assert last.inner_text() and last.evaluate(SEEN), "the latest line of what happened"
    board = laptop.locator("#board svg").bounding_box()
    assert board is not None and board["y"] + board["height"] <= 800, "the whole board is on the first screen"
    if laptop.locator("#status").inner_text() == "Your move":
        first = laptop.locator("#legal button.action").first
        assert first.evaluate(SEEN), "a move to choose on the first screen"
        moves = laptop.locator("#legal").bounding_box()
        assert moves is not None
        # a board about as tall as wide is drawn larger with the moves beside it, filling the height under the
        # prompt; a much wider one, with the moves above it, filling the width
        shape = laptop.evaluate("(() => { const b = document.querySelector('#board svg').viewBox.baseVal;"
                                " return b.width / b.height; })()")
        if shape <= 1.2:
            assert moves["x"] >= board["x"] + board["width"] and board["height"] >= 0.6 * 800, (shape, board, moves)
        if shape >= 1.8:
            assert moves["y"] + moves["height"] <= board["y"] and board["width"] >= 0.6 * 1280, (shape, board, moves)

    phone = contexts(390, 844, touch=True)
    phone.goto(seat)
    wait_for_turn(phone)
    phone.wait_for_function("() => document.getElementById('table').dataset.connected === 'yes'")
    phone.wait_for_timeout(600)  # (the word of who is here, which redraws the strip, has come by now)
    assert phone.locator("#prompt").evaluate(SEEN), "the prompt on a phone"
    chips = phone.locator("#strip-seats .strip-seat")
    assert chips.count() == players
    for chip in chips.all():
        assert chip.locator(".seat-name").evaluate(SEEN) and chip.locator(".seat-score").evaluate(SEEN)
        assert chip.locator(".seat-score").inner_text().strip(), "a score beside each name"
    size = phone.evaluate(BOARD_TEXT)
    assert size >= 10, f"the board's text is drawn at a median of {size:.1f} CSS px on a phone"
    chips.nth(1).click()  # a seat's chip opens its panel under the strip
    expect(phone.locator("#strip-panel .panel")).to_be_visible()
    expect(phone.locator("#strip-panel .panel .name")).to_have_text(chips.nth(1).locator(".seat-name").inner_text())


def test_a_replay_step_shows_its_own_prompt_panels_and_scores(server: str, contexts: Any) -> None:
    page = contexts(1280, 800)
    seated(page, server, "nut-cards", 2)
    play(page, 6)
    page.click("#step-first")
    expect(page.locator("#replay-bar")).to_be_visible()
    expect(page.locator("#prompt")).to_contain_text("Replay, step 0 of")
    table, secret = re.search(r"/t/([^/]+)/seat/([^/?#]+)", page.url).groups()  # type: ignore[union-attr]
    step = page.request.get(f"{server}/api/t/{table}/replay?step=0&secret={secret}").json()
    shown = [score.inner_text() for score in page.locator("#panels .panel .score").all()]
    assert shown == [f"Score: {panel['score']}" for panel in step["panels"]]
    expect(page.locator("#moves-box")).to_be_hidden()  # nothing to decide in the past
    page.click("#replay-live")
    expect(page.locator("#prompt")).not_to_contain_text("Replay")
    assert [score.inner_text() for score in page.locator("#panels .panel .score").all()] != shown or not shown


def test_a_double_click_makes_one_decision_and_shows_no_error(server: str, contexts: Any) -> None:
    page = contexts(1280, 800)
    sent: list[str] = []
    page.on("websocket", lambda socket: socket.on("framesent", lambda frame: sent.append(str(frame))))
    seated(page, server, "nuts-sorting", 2)
    wait_for_turn(page)
    before = version(page)
    page.locator("#legal button.action").first.dblclick()
    page.wait_for_function("v => document.getElementById('table').dataset.version !== v", arg=before)
    wait_for_turn(page)
    page.wait_for_timeout(500)  # (an answer to a second request would have come by now)
    expect(page.locator("#message")).to_be_hidden()
    assert sum('"type":"act"' in frame for frame in sent) == 1, sent


def test_a_creator_who_sits_lands_on_the_seat_with_the_invitations_a_click_away(server: str, contexts: Any) -> None:
    page = contexts(1280, 800)
    page.goto(f"{server}/profile")
    page.fill("#name", "Cleo")
    page.get_by_role("button", name="Make the profile").click()
    page.wait_for_url(re.compile(r".*/me$"))
    page.goto(f"{server}/new/nut-hunt")
    page.select_option("#players", "2")
    page.select_option("select[name=seat0]", "human")
    page.select_option("select[name=seat1]", "human")
    page.check("#sit")
    page.click("#create")
    page.wait_for_url(re.compile(r".*/seat/[^#]*$"))
    expect(page.locator("#who")).to_have_text("Cleo")
    expect(page.locator("#invites-link")).to_be_visible()
    page.click("#invites-link")
    expect(page.locator("h1")).to_contain_text("your table is ready")
    expect(page.locator("a.invite-link")).to_have_count(1)  # the other person's: Cleo's own seat is taken
