"""Screenshots of each game's page at the browser table, and of the pages around the tables (the lobby, a
profile, My games, a leaderboard), for docs/table.md.

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--learn | --people | --review] [--games G,G]

Starts a server on a temporary database and, for each game, a table at its usual player count (Ann against
`easy` bots). Ann decides by clicking the moves as a person would, and the page is saved as PNG, as the window
shows it with nothing scrolled, at a laptop's size (1280x800) and a phone's (390x844, touch): at the start
(`{game}-start-{laptop,phone}.png`), after eight decisions (`-mid-`), at the end (`-end-`) and at the middle step
of its replay (`-replay-`). Then the tutorials and the people's pages, each at both sizes
(`{page}-laptop.png`, `{page}-phone.png`): first as a newcomer sees them, then with a profile made through
its form, an open table in the lobby, a game under way in My games and a finished one on the leaderboard.
(docs/screenshots keeps a few of these: the lobby and My games at both sizes, a profile on a phone and a
leaderboard on a laptop.) `--review`: a finished game's review page, as its player sees it once the review is
done (`review-{laptop,phone}.png`) and, where the review marked one, with its first marked decision shown on
the board (`review-decision-{laptop,phone}.png`).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))  # the test harness that starts a server and chromium
sys.path.insert(0, str(Path(__file__).parents[1] / "tests" / "browser"))  # and the browser tests' steps
from launch import chromium, running_server
from table_steps import create_table, play_to_the_end, take_seat

TABLES = {"nuts-sorting": 2, "nut-hunt": 3, "nuts-factory": 3, "in-the-nuts": 3, "nut-cards": 3}
YOUR_TURN = ("() => { const s = document.getElementById('status').textContent;"
             " return s === 'Your move' || s.startsWith('Game over'); }")
MIDDLE = 8  # decisions before the mid-game picture
PHONE_AGENT = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 "
               "Mobile Safari/537.36")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--games", default=",".join(TABLES), help="the games' tables to picture")
    parser.add_argument("--learn", action="store_true", help="only the tutorials: one step of each game's")
    parser.add_argument("--people", action="store_true", help="only the lobby, profile, My games and leaderboards")
    parser.add_argument("--review", action="store_true", help="only a finished game's review page")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.learn:
        return tutorials(args.out)
    if args.people:
        return people(args.out)
    if args.review:
        return review(args.out)
    with tempfile.TemporaryDirectory() as scratch, running_server(f"sqlite:///{scratch}/shots.sqlite3") as url, \
            chromium(full=True) as browser:
        home = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        home.goto(url)
        home.screenshot(path=str(args.out / "home.png"), full_page=True)
        for game in args.games.split(","):
            table(browser, url, game, TABLES[game], args.out)
    tutorials(args.out)
    people(args.out)


def table(browser: Any, url: str, game: str, players: int, out: Path) -> None:
    """One game from its start to its replay, at both sizes."""
    page = ann_at_a_new_table(browser, url, game, ["easy"] * (players - 1))
    page.wait_for_function(YOUR_TURN, timeout=120_000)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()

    def shoot(moment: str) -> None:
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(out / f"{game}-{moment}-laptop.png"))
        phone.goto(page.url)
        phone.wait_for_function(YOUR_TURN, timeout=120_000)
        phone.wait_for_timeout(300)
        phone.screenshot(path=str(out / f"{game}-{moment}-phone.png"))
        print(f"{game}: {out}/{game}-{moment}-laptop.png")

    shoot("start")
    decided = 0
    while page.locator("#status").inner_text() == "Your move":
        before = page.locator("#table").get_attribute("data-version")
        page.locator("#legal button.action").first.click()
        page.wait_for_function("v => document.getElementById('table').dataset.version !== v", arg=before)
        page.wait_for_function(YOUR_TURN, timeout=120_000)
        decided += 1
        if decided == MIDDLE:
            shoot("mid")
    shoot("end")
    middle = "() => { const step = Math.floor(Number(document.getElementById('step').max) / 2); replay(step); }"
    for shown in (page, phone):
        shown.evaluate(middle)
        shown.wait_for_function("() => document.getElementById('table').dataset.replaying === 'yes'")
        shown.wait_for_timeout(300)
        size = "laptop" if shown is page else "phone"
        shown.screenshot(path=str(out / f"{game}-replay-{size}.png"))
    phone.context.close()
    page.context.close()


def tutorials(out: Path) -> None:
    """Each game's tutorial at its first step where the learner decides, at a laptop's and a phone's size."""
    from nutbox.registry import entry

    with tempfile.TemporaryDirectory() as scratch, running_server(f"sqlite:///{scratch}/shots.sqlite3") as url, \
            chromium(full=True) as browser:
        for game in TABLES:
            try:
                lesson = entry(game).lesson
            except FileNotFoundError:
                lesson = None  # (a tutorial being written)
            if lesson is None:
                continue
            step = next(number for number, step in enumerate(lesson.tutorial.steps) if step.expect)
            for size, (width, height) in {"": (1280, 800), "-phone": (390, 844)}.items():
                page = browser.new_context(viewport={"width": width, "height": height}).new_page()
                page.goto(f"{url}/learn/{game}?step={step}")
                page.wait_for_selector("#choices .action")
                page.screenshot(path=str(out / f"learn-{game}{size}.png"), full_page=not size)
                page.context.close()
            print(f"{game}: {out}/learn-{game}.png")


SIZES = {"laptop": (1280, 800), "phone": (390, 844)}


def people(out: Path) -> None:
    """The pages around the tables, each at a laptop's size (the whole page) and a phone's (the first screen)."""
    with tempfile.TemporaryDirectory() as scratch, running_server(f"sqlite:///{scratch}/shots.sqlite3") as url, \
            chromium(full=True) as browser:
        ana = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()

        def shoot(page: Any, name: str, show: str | None = None) -> None:
            for size, (width, height) in SIZES.items():
                page.set_viewport_size({"width": width, "height": height})
                if show is not None and size == "phone":
                    page.locator(show).scroll_into_view_if_needed()
                page.screenshot(path=str(out / f"{name}-{size}.png"), full_page=size == "laptop")
            page.set_viewport_size({"width": SIZES["laptop"][0], "height": SIZES["laptop"][1]})
            print(f"{name}: {out}/{name}-laptop.png")

        # a newcomer: no profile yet
        for name, path in {"lobby-newcomer": "/lobby", "profile-new": "/profile",
                           "leaderboard-empty": "/leaderboard/nut-hunt"}.items():
            ana.goto(url + path)
            shoot(ana, name)
        make_profile(ana, url, "Ana")
        shoot(ana, "my-games-empty")
        # an open table, waiting for a second person; and a quick game against bots, a few decisions in
        ana.goto(f"{url}/new/nuts-sorting")
        shoot(ana, "new-table")
        ana.select_option("select[name=seat1]", "human")
        ana.fill("#timer", "1")
        ana.select_option("#timer_unit", "days")
        ana.check("#open")
        ana.click("#create")
        ana.wait_for_url("**/links/**")
        ana.goto(f"{url}/lobby")
        ana.select_option("#quick-game", "nuts-sorting")
        ana.click("#quick-play")
        ana.wait_for_url("**/seat/**")
        for _ in range(2):
            ana.wait_for_function(YOUR_TURN, timeout=120_000)
            before = ana.locator("#table").get_attribute("data-version")
            ana.locator("#legal button.action").first.click()
            ana.wait_for_function("v => document.getElementById('table').dataset.version !== v", arg=before)
        ana.wait_for_function(YOUR_TURN, timeout=120_000)  # (the bot has answered: My games says it is Ana's turn)
        ana.goto(f"{url}/me")
        shoot(ana, "my-games")
        ana.goto(f"{url}/profile")
        shoot(ana, "profile")
        ana.click("form[action='/profile/link'] button")
        shoot(ana, "profile-link")
        # Ana's phone takes the link: the profile page lists both devices
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                    user_agent=PHONE_AGENT).new_page()
        phone.goto(str(ana.locator("a.profile-link").get_attribute("href")))
        phone.click("#take")
        phone.wait_for_url("**/me")
        ana.goto(f"{url}/profile")
        shoot(ana, "profile-devices", show="#devices")
        phone.context.close()
        # another person sees Ana's open table in the lobby
        bea = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        make_profile(bea, url, "Bea")
        bea.goto(f"{url}/lobby")
        shoot(bea, "lobby")
        # the quick game played to its end: Ana on the leaderboard beside the bots
        ana.goto(f"{url}/me")
        ana.click("#your-turn ~ ul a.go")
        play_to_the_end(ana)
        ana.goto(f"{url}/leaderboard/nuts-sorting")
        shoot(ana, "leaderboard")
        ana.goto(f"{url}/me")
        shoot(ana, "my-games-finished")


def review(out: Path) -> None:
    """A game of Nuts Sorting between Ann and the random bot, played to its end by clicking her first listed move each
    turn, then reviewed on its page (the server's usual budget); the page, then its first marked decision."""
    with tempfile.TemporaryDirectory() as scratch, running_server(f"sqlite:///{scratch}/shots.sqlite3") as url, \
            chromium(full=True) as browser:
        page = ann_at_a_new_table(browser, url, "nuts-sorting", ["random"])
        play_to_the_end(page, "first")
        page.click("#result #review-game")
        page.get_by_role("button", name="Review this game").click()
        page.wait_for_selector("#review[data-status=done]", timeout=600_000)
        address = page.url
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
        phone.goto(address)
        phone.wait_for_selector("#review[data-status=done]")
        for shown, size in ((page, "laptop"), (phone, "phone")):
            shown.screenshot(path=str(out / f"review-{size}.png"))
            marked = shown.locator(".marked-decision")
            if marked.count():
                marked.first.click()
                shown.wait_for_selector("#board .review-made")
                shown.locator("#board").scroll_into_view_if_needed()
                shown.screenshot(path=str(out / f"review-decision-{size}.png"))
            print(f"review: {out}/review-{size}.png ({marked.count()} marked decisions)")


def ann_at_a_new_table(browser: Any, url: str, game: str, others: list[str]) -> Any:
    """A table made through the form, Ann in the first seat and `others` (bot levels) in the rest; her page (a
    laptop's), once she has taken her seat and given her name."""
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    links, _ = create_table(page, url, game, ["human", *others])
    take_seat(page, links[0])
    page.fill("#name-input", "Ann")
    page.click("#name-box button")
    return page


def make_profile(page: Any, url: str, name: str) -> None:
    page.goto(f"{url}/profile")
    page.fill("#name", name)
    page.click("form.new button[type=submit]")
    page.wait_for_url("**/me")


if __name__ == "__main__":
    main()
