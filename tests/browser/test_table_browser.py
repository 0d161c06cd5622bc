"""The browser table as people use it: create tables from the pages, play by clicking, watch live, reload."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from table_steps import click_a_decision, create_table, new_page, take_seat, version, wait_for_turn

GAMES = ["nuts-sorting", "nut-hunt", "nuts-factory", "in-the-nuts", "nut-cards"]


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
    patches: list[str] = []  # updates that sent the board as its changes (web/patches.py)
    log_patches: list[str] = []  # and the log as its new lines (web/messages.py)

    def received(frame: object) -> None:
        patches.extend([str(frame)] if '"svg_patch"' in str(frame) else [])
        log_patches.extend([str(frame)] if '"log_patch"' in str(frame) else [])

    watcher.on("websocket", lambda socket: socket.on("framereceived", received))
    watcher.goto(spectator_link)
    expect(watcher.locator("#who")).to_have_text("spectating")
    for _ in range(4):
        mover = next(p for p in pages if p.locator("#status").inner_text() == "Your move")
        other = next(p for p in pages if p is not mover)
        click_a_decision(mover)
        now = version(mover)
        for page in (other, watcher):  # no reload: the move arrives over the live connection
            page.wait_for_function("v => document.getElementById('table').dataset.version === v", arg=now)
    assert len(patches) >= 4 and len(log_patches) >= 4
    # each board and log built from the changes it was sent is the board and log a fresh page is sent whole
    mover = next(p for p in pages if p.locator("#status").inner_text() == "Your move")
    for page in (next(p for p in pages if p is not mover), watcher):
        before = (version(page), board(page), log(page))
        page.reload()
        page.wait_for_function("v => document.getElementById('table').dataset.version === v", arg=before[0])
        assert (version(page), board(page), log(page)) == before
    before = (version(mover), mover.locator("#legal").inner_text(), board(mover))
    mover.reload()
    expect(mover.locator("#status")).to_have_text("Your move")
    assert (version(mover), mover.locator("#legal").inner_text(), board(mover)) == before
    click_a_decision(mover)  # and the seat still plays after the reload
    for page in (*pages, watcher, creator):
        page.context.close()


def board(page: Page) -> str:
    """The board's picture as the server drew it, without the marks of what changed since the seat's last
    decision (a reload starts those afresh)."""
    return str(page.locator("#board").evaluate(
        "b => { const c = b.cloneNode(true); c.querySelectorAll('.recent').forEach(n => n.classList.remove('recent'));"
        " c.querySelectorAll('.ring').forEach(n => n.remove()); return c.innerHTML; }"))


def log(page: Page) -> tuple[str | None, list[str]]:
    """The log as the page shows it: the number of its first line, and its lines."""
    return page.locator("#log").get_attribute("start"), page.locator("#log li").all_inner_texts()


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
    expect(watcher.locator("#panels .panel")).to_have_count(3)
    html = watcher.content()
    assert not any(secret in html for secret in secrets)
    assert watcher.locator("#panels .card").count() == 0
    # each seat's secret objectives appear in its own panel, and on no one else's page, nor the spectator's
    spectator_text = watcher.locator("body").inner_text()
    for seat, page in enumerate(seat_pages):
        # (named in a line that opens to the whole cards)
        expect(page.locator(f"#panels .panel[data-seat='{seat}'] .cards summary")).to_contain_text("Your secret cards")
        cards = page.locator(f"#panels .panel[data-seat='{seat}'] .card strong")
        own = set(cards.all_text_contents())
        assert own, f"seat {seat + 1} sees its own objectives"
        assert page.locator(f"#panels .panel:not([data-seat='{seat}']) .card").count() == 0
        assert not any(text in spectator_text for text in own)
        for other in seat_pages:
            if other is not page:
                assert not any(text in other.content() for text in own)
    for page in (*seat_pages, watcher, creator):
        page.context.close()


def test_a_decision_made_while_not_connected_is_sent_when_the_connection_is_back(server: str,
                                                                                 browser: Browser) -> None:
    # The page shows the position it was served with before its WebSocket opens, and a connection can drop
    # at any time: a click in between must not be lost (nor sent twice).
    page = new_page(browser)
    links, _ = create_table(page, server, "nuts-sorting", ["human", "human"])
    connect = {"allowed": False}
    page.route_web_socket(re.compile(r".*/ws/t/.*"),
                          lambda ws: ws.connect_to_server() if connect["allowed"] else ws.close())
    take_seat(page, links[0])
    if page.locator("#status").inner_text() != "Your move":  # chance chose who starts: take the other seat
        page.context.clear_cookies()
        take_seat(page, links[1])
    assert page.locator("#status").inner_text() == "Your move"  # as served: the page has no connection
    expect(page.locator("#table")).to_have_attribute("data-connected", "no")
    before, logged = version(page), page.locator("#log li").count()
    page.locator("#legal button.action").last.click()  # (the first move: a choice that hands the turn over)
    expect(page.locator("#message")).to_contain_text("Not connected yet")
    assert version(page) == before
    connect["allowed"] = True
    page.wait_for_function("v => document.getElementById('table').dataset.version !== v", arg=before,
                           timeout=20_000)
    expect(page.locator("#message")).to_be_hidden()
    expect(page.locator("#status")).not_to_have_text("Your move")  # the other seat (a person) is to move now
    expect(page.locator("#log li")).to_have_count(logged + 1)  # sent once
    page.context.close()


def test_an_invitations_qr_code_is_drawn_when_its_creator_opens_it(server: str, browser: Browser) -> None:
    """The creator's page asks for no QR code until one is opened (each takes the server milliseconds to draw);
    the opened one shows, as an image with its words."""
    creator = new_page(browser)
    asked: list[str] = []
    creator.on("request", lambda request: asked.append(request.url) if "/qr/" in request.url else None)
    create_table(creator, server, "nuts-sorting", ["human", "human"])
    creator.wait_for_load_state("load")
    assert asked == []
    creator.locator("details.qr summary").first.click()
    code = creator.locator("details.qr img.qr-code").first
    expect(code).to_be_visible()
    creator.wait_for_function("i => i.complete && i.naturalWidth > 100", arg=code.element_handle())
    assert code.get_attribute("alt") == "QR code of the invitation link"
    assert len(asked) == 1 and asked[0].endswith("/qr/0")
    creator.context.close()
