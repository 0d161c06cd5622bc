"""The table page's chat between two players' browsers, and the turn clock of a table given days to decide."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect
from table_steps import create_table, new_page, take_seat

MARKUP = "<b>hi</b> & <script>x</script>"


def say(page: Page, text: str) -> None:
    """Type a line and press Enter, as a person does."""
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def test_two_players_chat_as_typed_a_flood_is_refused_and_mute_holds_lines_back(server: str, browser: Browser) -> None:
    creator = new_page(browser)
    links, _ = create_table(creator, server, "nuts-sorting", ["human", "human"])
    first, second = new_page(browser), new_page(browser)
    take_seat(first, links[0])
    take_seat(second, links[1])
    for page in (first, second):
        expect(page.locator("#chat-form")).to_be_visible()
        expect(page.locator("#chat-lines")).to_have_attribute("role", "log")
        expect(page.locator("#chat-mute")).to_have_attribute("aria-pressed", "false")

    # markup shows as typed: text, never elements
    say(first, MARKUP)
    line = second.locator("#chat-lines .chat-line").last
    expect(line.locator(".text")).to_have_text(MARKUP)
    assert second.locator("#chat-lines b, #chat-lines script").count() == 0
    expect(first.locator("#chat-lines .chat-line.mine .text")).to_have_text(MARKUP)
    expect(first.locator("#chat-input")).to_have_value("")

    # muted: the next line is held back (and counted) until unmuted; the browser remembers the choice
    second.click("#chat-mute")
    expect(second.locator("#chat-mute")).to_have_attribute("aria-pressed", "true")
    say(first, "a line while muted")
    expect(second.locator("#chat-muted")).to_have_text("Chat muted — 1 new line")
    expect(second.locator("#chat-lines")).not_to_contain_text("a line while muted")
    second.reload()
    expect(second.locator("#chat-mute")).to_have_attribute("aria-pressed", "true")
    expect(second.locator("#chat-muted")).to_have_text("Chat muted — 2 new lines")
    expect(second.locator("#chat-lines .chat-line")).to_have_count(0)
    second.click("#chat-mute")
    expect(second.locator("#chat-mute")).to_have_attribute("aria-pressed", "false")
    expect(second.locator("#chat-muted")).to_be_hidden()
    expect(second.locator("#chat-lines .chat-line").last.locator(".text")).to_have_text("a line while muted")

    # collapsed, the heading counts the lines not seen; opened, they are seen
    second.click("#chat-toggle")
    expect(second.locator("#chat-toggle")).to_have_attribute("aria-expanded", "false")
    expect(second.locator("#chat-lines")).to_be_hidden()
    say(first, "one more")
    expect(second.locator("#chat-unread")).to_have_text("(1 new)")
    second.click("#chat-toggle")
    expect(second.locator("#chat-lines .chat-line").last.locator(".text")).to_have_text("one more")
    expect(second.locator("#chat-unread")).to_be_hidden()

    # a flood is refused beside the chat box, not as a game refusal, and the refused line stays in the box
    for number in range(8):
        say(first, f"line {number}")
    expect(first.locator("#chat-error")).to_contain_text("slow down")
    expect(first.locator("#message")).to_be_hidden()
    expect(first.locator("#chat-input")).to_have_value("line 7")
    expect(second.locator("#chat-lines")).to_contain_text("line 0")
    for page in (first, second, creator):
        page.context.close()


def test_a_turn_based_clock_reads_in_days_and_hours(server: str, browser: Browser) -> None:
    page = new_page(browser)
    page.goto(f"{server}/new/nuts-sorting")
    page.select_option("#players", "2")
    for seat in range(2):
        page.select_option(f"select[name=seat{seat}]", "human")
    page.fill("#timer", "30")
    page.select_option("#timer_unit", "hours")
    page.click("#create")
    expect(page.locator("h1")).to_contain_text("your table is ready")  # (then the links)
    invitations = [link.get_attribute("href") or "" for link in page.locator("a.invite-link").all()]
    other = new_page(browser)
    take_seat(other, invitations[1])
    take_seat(page, invitations[0])  # the clock starts once the last seat is taken
    # (a second or so has gone: 29 h 59 min and some seconds are left)
    expect(page.locator("#timer")).to_have_text("1 day 5 h left for this decision")
    to_move = page.locator("#panels .panel.to-move")
    expect(to_move.locator(".clock")).to_have_text(re.compile(r"^1 day 5 h left to decide$"))
    page.context.close()
    other.context.close()
