"""Two people over days, in two browsers: profiles, an open rated table found in the lobby, chat, turns told by
webhook and "My games" while the server's clock runs on by hours, a forfeit on time, and the ratings after it.

The server runs in this process (uvicorn in a thread), so the test can move its clock a day on without waiting one.
"""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from launch import free_port
from playwright.sync_api import Browser, Locator, Page, expect
from receiver import Receiver, webhook_receiver
from table_steps import click_a_decision, new_page, wait_for_turn

from nutbox.web.app import create_app
from nutbox.web.limits import Clock, Limits

HOUR = 3600.0
WAIT = 30_000  # milliseconds an expectation may take: generous, the server and chromium share a busy machine
MARKUP = "<i>hello</i> & <script>alert(1)</script>"


@dataclass
class Site:
    """The server's address, and its clock (the test moves it on)."""

    url: str
    clock: Clock


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    """A server in this process on a free port of 127.0.0.1, with a clock the test moves and a quick clock
    watcher; webhooks may reach this machine (the test's receiver)."""
    clock = Clock()
    app = create_app(f"sqlite:///{tmp_path}/t.sqlite3", bot_workers=1,
                     limits=Limits(webhook_private=True, tick=0.2), clock=clock)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           ws_per_message_deflate=False))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url + "/rules/nuts-sorting", timeout=2)
                break
            except OSError:
                assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        yield Site(url, clock)
    finally:
        server.should_exit = True
        thread.join(timeout=30)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with webhook_receiver() as running:
        yield running


@pytest.fixture
def two(site: Site, browser: Browser) -> Iterator[tuple[Page, Page]]:
    """Two people's browsers (their own cookies), closed before the server stops."""
    pages = new_page(browser), new_page(browser)
    try:
        yield pages
    finally:
        for page in pages:
            page.context.close()


def wait_for(check: Callable[[], Any], seconds: float = 30.0, seen: Callable[[], Any] = lambda: None) -> Any:
    """Poll until `check` gives something true (failing with what `seen` says was there instead)."""
    deadline = time.monotonic() + seconds
    while not (found := check()):
        assert time.monotonic() < deadline, f"waited in vain: {seen()}"
        time.sleep(0.1)
    return found


def say(page: Page, text: str) -> None:
    """Type a line and press Enter, as a person does."""
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def whose_turn(people: dict[str, Page]) -> str:
    """The name of the person whose table page says it is their move (waiting until one does)."""
    return str(wait_for(lambda: next((name for name, page in people.items()
                                      if page.locator("#status").inner_text() == "Your move"), None)))


def turn_told(receiver: Receiver, name: str) -> list[dict[str, Any]]:
    return [said for said in receiver.said() if said.get("event") == "your_turn" and said.get("player") == name]


def test_two_people_play_over_days_until_one_runs_out_of_time(site: Site, receiver: Receiver,
                                                              two: tuple[Page, Page]) -> None:
    seen: list[str] = []  # the address and the HTML of every page either person looked at

    def look(page: Page) -> None:
        seen.extend((page.url, page.content()))

    # 1. each makes a profile and gives the receiver as their webhook
    ann, bea = two
    for page, name in ((ann, "Ann"), (bea, "Bea")):
        page.goto(f"{site.url}/profile")
        look(page)
        page.fill("#name", name)
        page.get_by_role("button", name="Make the profile").click()
        page.wait_for_url(re.compile(r".*/me$"))
        expect(page.locator("h1")).to_contain_text(name)
        page.goto(f"{site.url}/profile")
        page.fill("#webhook", receiver.url)
        page.get_by_role("button", name="Save the address").click()
        expect(page.locator("#webhook")).to_have_value(receiver.url, timeout=WAIT)
        look(page)
    keys = {}
    for page, name in ((ann, "Ann"), (bea, "Bea")):
        cookie = next(c for c in page.context.cookies() if c["name"] == "nutbox_profile")
        assert cookie.get("httpOnly") and cookie.get("sameSite") == "Lax"
        keys[name] = cookie["value"]
    assert keys["Ann"] != keys["Bea"]

    # 2. Ann opens an open, rated, turn-based table of two people from the home page, and sits at it
    ann.goto(f"{site.url}/")
    ann.locator("#game-nuts-sorting").get_by_role("link", name="New table").click()
    ann.select_option("#players", "2")
    for seat in range(2):
        ann.select_option(f"select[name=seat{seat}]", label="a person (sent an invitation)")
    ann.check("#open")
    ann.check("#rated")
    ann.fill("#timer", "24")
    ann.select_option("#timer_unit", "hours")
    ann.select_option("#timeout", "forfeit")
    expect(ann.locator("#sit")).to_be_checked()
    look(ann)
    ann.click("#create")
    # she lands on her own seat, the invitations a click away
    expect(ann.locator("#who")).to_have_text("Ann", timeout=WAIT)
    look(ann)
    ann.click("#invites-link")
    expect(ann.locator("h1")).to_contain_text("your table is ready", timeout=WAIT)
    look(ann)
    table = ann.url.split("/t/", 1)[1].split("/", 1)[0]

    # 3. Bea finds it in the lobby and joins; the game can start, and whoever is to move first is told.
    # Ann goes to the table from "My games".
    bea.goto(f"{site.url}/lobby")
    listed = bea.locator(f'.lobby-table[data-table="{table}"]')
    expect(listed.locator("h2")).to_have_text("Nuts Sorting, 2 players")
    # (24 hours reads as a day: the lobby names the largest whole unit)
    expect(listed).to_contain_text(re.compile(r"1 seat open · 1 day per move, turn-based · rated"))
    expect(listed).to_contain_text("At the table: Ann")
    look(bea)
    listed.get_by_role("button", name="Join as Bea").click()
    bea.wait_for_url(re.compile(rf".*/t/{table}/seat/.*"), timeout=WAIT)
    expect(bea.locator("#who")).to_have_text("Bea", timeout=WAIT)
    ann.goto(f"{site.url}/me")
    look(ann)
    ann.locator(f'.seat-row[data-table="{table}"]').get_by_role("link", name="Go to the table").click()
    ann.wait_for_url(re.compile(rf".*/t/{table}/seat/.*"), timeout=WAIT)
    expect(ann.locator("#who")).to_have_text("Ann", timeout=WAIT)
    people = {"Ann": ann, "Bea": bea}
    seat_of = {"Ann": 0, "Bea": 1}
    first = whose_turn(people)
    said = wait_for(lambda: receiver.said())
    assert [(s["event"], s["player"], s["table"]) for s in said] == [("your_turn", first, table)]

    # 4. chat: markup shows as typed, never as elements; a flood is refused
    for page in people.values():
        expect(page.locator("#chat-form")).to_be_visible(timeout=WAIT)
    say(ann, MARKUP)
    expect(bea.locator("#chat-lines .chat-line .text").last).to_have_text(MARKUP, timeout=WAIT)
    assert bea.locator("#chat-lines i, #chat-lines script").count() == 0
    for number in range(7):
        say(bea, f"line {number}")
    expect(bea.locator("#chat-error")).to_contain_text("slow down", timeout=WAIT)
    expect(ann.locator("#chat-lines")).to_contain_text("line 0", timeout=WAIT)
    look(ann)
    look(bea)

    # 5. a few decisions, twenty hours apart: nothing times out. The one who decided leaves the table; the other,
    # told by webhook (a turn is told only to someone with no page open at the table), finds it under "Your turn"
    # on "My games" and goes to it from there.
    mover = first
    other = "Bea" if mover == "Ann" else "Ann"
    people[other].goto(f"{site.url}/me")
    turns = 0
    while turns < 3:
        away = people[mover].locator(f'#panels .panel[data-seat="{seat_of[other]}"] .who')
        expect(away).to_have_text("away", timeout=WAIT)  # (the server knows the other has left)
        told = len(turn_told(receiver, other))
        click_a_decision(people[mover])
        site.clock.offset += 20 * HOUR
        if people[mover].locator("#status").inner_text() == "Your move":  # the same person decides again
            continue
        look(people[mover])
        people[mover].goto(f"{site.url}/me")
        waiting = people[mover].locator(f'section[aria-labelledby="waiting"] .seat-row[data-table="{table}"]')
        expect(waiting.locator(".turn-line")).to_have_text(f"Waiting for {other}")
        expect(people[mover]).to_have_title("My games")
        look(people[mover])
        said = wait_for(lambda other=other, told=told: turn_told(receiver, other)[told:])[0]
        assert said["table"] == table and said["game"] == "Nuts Sorting" and said["url"] == f"{site.url}/me"
        assert said["seat"] == seat_of[other] + 1 and said["text"].startswith("Nuts Sorting: ")
        me = people[other]
        me.reload()
        mine = me.locator(f'section[aria-labelledby="your-turn"] .seat-row[data-table="{table}"]')
        expect(mine.locator(".turn-line")).to_have_text("Your turn")
        expect(mine.locator(".status-line")).to_contain_text("1 day per move")
        expect(me).to_have_title(re.compile(r"^\(1\) "))
        look(me)
        mine.get_by_role("link", name="Go to the table").click()
        me.wait_for_url(re.compile(rf".*/t/{table}/seat/.*"))
        assert wait_for_turn(me) == "Your move"
        mover, other = other, mover
        turns += 1
    late, winner = mover, other
    expect(people[late].locator("#notes")).not_to_contain_text("ran out of time")  # twenty hours at a time
    assert len(turn_told(receiver, late)) >= 2 and len(turn_told(receiver, winner)) >= 1

    # 6. the other comes back to watch; a day and an hour pass on the late one's turn: they forfeit, and the
    # game is over for both
    people[winner].goto(f"{site.url}/me")
    people[winner].locator(f'.seat-row[data-table="{table}"]').get_by_role("link", name="Go to the table").click()
    people[winner].wait_for_url(re.compile(rf".*/t/{table}/seat/.*"))
    expect(people[winner].locator("#status")).to_have_text(f"{late} to move")
    site.clock.offset += 25 * HOUR
    for page in people.values():
        expect(page.locator("#status")).to_have_text(f"Game over: {late} forfeited (out of time); {winner} wins",
                                                      timeout=WAIT)
        expect(page.locator("#notes")).to_contain_text("ran out of time and forfeits the game")
        expect(page.locator("#download")).to_be_visible()
        look(page)

    # 7. the ratings moved, the winner above; "My games" lists the game as finished with its result
    board = people[winner]
    board.goto(f"{site.url}/leaderboard/nuts-sorting?players=2")
    expect(board.locator("#board .board-row")).to_have_count(2)
    assert [name.inner_text() for name in board.locator("#board .board-row th").all()] == [winner, late]
    assert [games.inner_text() for games in board.locator("#board .board-row td:nth-child(4)").all()] == ["1", "1"]
    look(board)
    for name, result in ((winner, "Won"), (late, "Forfeited (ran out of time)")):
        me = people[name]
        row = me.locator(f'.seat-row[data-table="{table}"]')
        line = re.compile(rf"^{re.escape(result)}( · [^·]+)? · rated$")  # (perhaps with the place between)

        def shows_result(me: Page = me, row: Locator = row, line: re.Pattern[str] = line) -> bool:
            me.goto(f"{site.url}/me")  # (the result is stored a moment after the game ends)
            texts = row.locator(".result-line").all_inner_texts()
            return len(texts) == 1 and bool(line.match(texts[0]))

        wait_for(shows_result, seen=lambda row=row: row.all_inner_texts())
        expect(me.locator(f'section[aria-labelledby="finished"] .seat-row[data-table="{table}"]')).to_have_count(1)
        expect(me.locator('section[aria-labelledby="your-turn"]')).to_contain_text("Nothing waits for you")
        expect(me).to_have_title("My games")
        look(me)

    # 8. neither profile key shows anywhere: pages and their addresses, the record, the webhooks
    response = ann.context.request.get(f"{site.url}/t/{table}/record.json")
    assert response.ok
    record = response.text()
    assert json.loads(record)["table"]["results"] == (["Won", "Forfeited (ran out of time)"] if winner == "Ann"
                                                      else ["Forfeited (ran out of time)", "Won"])
    sent = b"".join(receiver.bodies).decode()
    for key in keys.values():
        assert not [text for text in seen if key in text]
        assert key not in record
        assert key not in sent
