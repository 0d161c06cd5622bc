"""Every page at a phone's, a tablet's and a laptop's size: nothing wider than the screen, targets big enough
for a finger on the phone, axe-core (from the npm registry) finding no serious or critical accessibility
problem, and a few decisions made with the keyboard alone. The pages around the tables (the lobby, a profile,
My games, the leaderboards) are checked as a newcomer sees them and with a profile, a table and an open table."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from table_steps import (
    SIZES,
    check,
    click_a_decision,
    create_table,
    play_to_the_end,
    rings_on_their_places,
    take_seat,
    wait_for_turn,
)

GAMES = {"nuts-sorting": 2, "nut-hunt": 3, "nuts-factory": 2, "in-the-nuts": 2, "nut-cards": 2}


@pytest.mark.parametrize("size", SIZES)
def test_home_rules_and_forms_fit_every_screen_and_pass_axe(server: str, open_page: Any, size: str) -> None:
    page = open_page(size)
    page.goto(server)
    check(page, size, "home")
    for game in GAMES:
        page.goto(f"{server}/rules/{game}")
        expect(page.locator("h1")).to_contain_text("How to play")
        check(page, size, f"rules of {game}")
        page.goto(f"{server}/new/{game}")
        check(page, size, f"new {game} table")
        page.goto(f"{server}/learn/{game}?step=1")
        expect(page.locator("#progress")).to_contain_text("step 2 of")
        check(page, size, f"{game}'s tutorial")


@pytest.mark.parametrize("size", ["phone", "tablet", "laptop"])
@pytest.mark.parametrize("game", GAMES)
def test_links_and_seat_pages_fit_every_screen_and_pass_axe(server: str, open_page: Any, size: str,
                                                            game: str) -> None:
    page = open_page(size)
    links, _ = create_table(page, server, game, ["human", *["easy"] * (GAMES[game] - 1)])
    check(page, size, f"{game} links page")
    take_seat(page, links[0])
    wait_for_turn(page)
    check(page, size, f"{game} seat page at the start")
    if size != "tablet":
        for _ in range(4):  # mid-game
            if wait_for_turn(page) != "Your move":
                break
            page.locator("#legal button.action").first.click() if size == "phone" else click_a_decision(page)
            page.wait_for_timeout(300)
        wait_for_turn(page)
        check(page, size, f"{game} seat page mid-game")


def test_the_form_shows_the_seats_of_the_chosen_player_count(server: str, open_page: Any) -> None:
    page = open_page("phone")
    page.goto(f"{server}/new/nut-hunt")
    expect(page.locator("#players")).to_have_value("2")  # not solo unless asked for
    for players in ("1", "4", "2"):
        page.select_option("#players", players)
        expect(page.locator(".seat:visible")).to_have_count(int(players))
    page.select_option("select[name=seat1]", "easy")
    expect(page.locator("#name1")).to_be_hidden()  # a bot's seat takes no name
    page.goto(f"{server}/new/nuts-factory")
    preset = page.locator("select.preset")
    expect(preset).to_be_visible()
    expect(page.locator("input[name=die]")).to_be_hidden()
    preset.select_option(label="custom…")
    expect(page.locator("input[name=die]")).to_be_visible()


def test_a_game_can_be_played_with_the_keyboard_alone(server: str, open_page: Any) -> None:
    page = open_page("laptop")
    links, _ = create_table(page, server, "nuts-sorting", ["human", "random"])
    take_seat(page, links[0])
    for _ in range(3):
        if wait_for_turn(page) != "Your move":
            break
        before = page.locator("#table").get_attribute("data-version")
        page.locator("#legal button.action").first.focus()  # as Tab reaches it
        for _ in range(2):  # Tab on and back: focus moves through the move list
            page.keyboard.press("Tab")
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("document.activeElement.classList.contains('action')")
        page.keyboard.press("Enter")
        page.wait_for_function("v => document.getElementById('table').dataset.version !== v", arg=before)
    # a board target is reached by Tab too, and Enter chooses it (a chooser opens where it offers several)
    wait_for_turn(page)
    target = page.locator("#board .clickable").first
    target.focus()
    assert page.evaluate("document.activeElement.classList.contains('clickable')")
    # the place the keyboard is on is ringed where it is drawn (static/marks.js), and only while it has the focus
    assert rings_on_their_places(page, "#board .clickable:focus", "#board .focus-ring") == 1
    page.locator("#legal button.action").first.focus()
    expect(page.locator("#board .focus-ring")).to_have_count(0)


def test_names_are_asked_once_and_used_in_panels_prompts_and_the_log(server: str, open_page: Any) -> None:
    page = open_page("laptop")
    page.goto(f"{server}/new/nuts-sorting")
    page.select_option("select[name=seat0]", "human")
    page.select_option("select[name=seat1]", "human")
    page.fill("#name1", "Berta")
    page.click("#create")
    expect(page.locator("h1")).to_contain_text("your table is ready")  # (then the links)
    links = [link.get_attribute("href") or "" for link in page.locator("a.invite-link").all()]
    take_seat(page, links[0])
    expect(page.locator("#name-box")).to_be_visible()  # asked, since the form gave seat 1 no name
    page.fill("#name-input", "Ana")
    page.click("#name-box button")
    expect(page.locator("#name-box")).to_be_hidden()
    expect(page.locator("#panels .panel[data-seat='0'] .name")).to_contain_text("Ana")
    expect(page.locator("#panels .panel[data-seat='1'] .name")).to_contain_text("Berta")
    expect(page.locator("#prompt")).to_contain_text("Waiting for Berta to ")  # Player 2 decides first
    other = open_page("phone")
    take_seat(other, links[1])
    expect(other.locator("#name-box")).to_be_hidden()  # named on the form
    expect(other.locator("#notes")).to_contain_text("Seat 1 is Ana")
    expect(other.locator("#log")).to_contain_text("Berta")  # the game's "Player 2" reads as the name


def test_on_a_phone_a_tap_on_the_board_offers_the_moves_there_in_big_buttons(server: str, open_page: Any) -> None:
    page = open_page("phone")
    links, _ = create_table(page, server, "nut-hunt", ["human", "easy"])
    take_seat(page, links[0])
    while wait_for_turn(page) == "Your move" and not page.locator("#board .clickable").count():
        page.locator("#legal button.action").first.click()  # the objectives, chosen from the list
        page.wait_for_timeout(300)
    target = page.locator("#board .clickable").first
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    chooser = page.locator("#chooser")
    expect(chooser).to_be_visible()
    expect(page.locator("#board .previewing").first).to_be_attached()  # what the tap would act on, shown first
    choices = chooser.locator("button.choice")
    assert choices.count() >= 1
    for choice in choices.all():
        size = choice.bounding_box()
        assert size and size["height"] >= 44 and size["width"] >= 44
        assert choice.locator(".label").inner_text() != choice.locator(".notation").inner_text()
    before = page.locator("#table").get_attribute("data-version")
    choices.first.click()
    page.wait_for_function("v => document.getElementById('table').dataset.version !== v", arg=before)


def test_the_end_of_a_game_fits_a_phone_and_passes_axe(server: str, open_page: Any) -> None:
    page = open_page("phone")
    links, _ = create_table(page, server, "nuts-sorting", ["human", "random"])
    take_seat(page, links[0])
    play_to_the_end(page)
    expect(page.locator("#result .score-table")).to_be_visible()
    check(page, "phone", "the end of a game")


def make_profile(page: Page, server: str, name: str) -> None:
    """Make a profile through its form, as a person does: this browser context holds it from then on."""
    page.goto(f"{server}/profile")
    page.fill("#name", name)
    page.get_by_role("button", name="Make the profile").click()
    page.wait_for_url(re.compile(r".*/me$"))


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_profiles_my_games_and_leaderboards_fit_every_screen_and_pass_axe(server: str, open_page: Any,
                                                                                   size: str) -> None:
    page = open_page(size)
    newcomer = {"/lobby": "Lobby", "/profile": "Make a profile", "/leaderboard/nut-hunt": "Nut Hunt leaderboard",
                "/leaderboard/nut-hunt?players=4": "4 players"}
    for path, heading in newcomer.items():
        page.goto(server + path)
        expect(page.locator("h1")).to_contain_text(heading)
        check(page, size, f"{path} for a newcomer")
    page.goto(f"{server}/me")
    expect(page.locator("h1")).to_contain_text("Make a profile")  # My games needs a profile: it says how to make one
    make_profile(page, server, f"Ana at {size}")
    expect(page.locator("h1")).to_contain_text("My games")
    check(page, size, "My games, empty")
    # an open table of two people, its maker in the first seat and the second free, turn-based
    page.goto(f"{server}/new/nuts-sorting")
    expect(page.locator("#sit")).to_be_checked()
    check(page, size, "the new-table form with a profile")
    page.select_option("select[name=seat1]", "human")
    page.fill("#timer", "1")
    page.select_option("#timer_unit", "days")
    page.check("#open")
    page.click("#create")
    expect(page.locator("#who")).to_have_text(f"Ana at {size}")  # on her own seat, the invitations a click away
    check(page, size, "the creator's seat, waiting for a second person")
    page.click("#invites-link")
    expect(page.locator("h1")).to_contain_text("your table is ready")
    table = page.url.split("/t/", 1)[1].split("/", 1)[0]
    page.goto(f"{server}/me")
    expect(page.locator(f'.seat-row[data-table="{table}"]').get_by_role("link", name="Go to the table")).to_be_visible()
    check(page, size, "My games with a table")
    page.goto(f"{server}/profile")
    expect(page.locator("h1")).to_contain_text(f"Your profile: Ana at {size}")
    check(page, size, "a profile")
    page.get_by_role("button", name="Use this profile on another device").click()
    link = page.locator("a.profile-link").get_attribute("href") or ""
    check(page, size, "the link that puts a profile on another device")
    other = open_page(size)  # another person, with a profile of her own
    make_profile(other, server, f"Bea at {size}")
    other.goto(f"{server}/lobby")
    listed = other.locator(f'.lobby-table[data-table="{table}"]')
    expect(listed).to_contain_text(f"At the table: Ana at {size}")
    expect(listed.get_by_role("button", name=f"Join as Bea at {size}")).to_be_visible()
    check(other, size, "the lobby with an open table")
    other.goto(link)  # what the link does, asked before it is done
    expect(other.locator("#signs-in")).to_contain_text("This signs this browser in as")
    expect(other.get_by_role("button", name=re.compile("use my profile here"))).to_be_visible()
    check(other, size, "a link to a profile, opened on another device")
