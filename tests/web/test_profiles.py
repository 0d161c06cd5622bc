"""Profiles through HTTP: made, renamed and forgotten by a browser's cookie, let in by invite codes, moved to
another device once by a one-time link, never showing their key, refusing other sites' forms; and My games."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from starlette.testclient import TestClient
from table_client import Client
from typer.testing import CliRunner

from nutbox.cli.main import app as cli
from nutbox.web.app import create_app
from nutbox.web.db import profiles
from nutbox.web.hub import Hub
from nutbox.web.limits import Limits
from nutbox.web.people import Holder
from nutbox.web.profiles import COOKIE, span, unwrap, wrap
from nutbox.web.seats import new_secret


class Browser:
    """One browser: its own cookies, sent through the server's one test client (a second TestClient would
    start a second hub on the same app)."""

    def __init__(self, http: TestClient) -> None:
        self.http = http
        self.jar = type(http.cookies)()  # the client's own kind of cookie jar

    def get(self, url: str, **fields: Any) -> Any:
        return self.send("GET", url, **fields)

    def post(self, url: str, **fields: Any) -> Any:
        return self.send("POST", url, **fields)

    def send(self, method: str, url: str, **fields: Any) -> Any:
        self.http.cookies = self.jar
        try:
            return self.http.request(method, url, follow_redirects=False, **fields)
        finally:
            self.jar = self.http.cookies

    @property
    def key(self) -> str | None:
        return self.jar.get(COOKIE)

    def make_profile(self, name: str, **fields: str) -> Any:
        made = self.post("/profile", data={"name": name, **fields})
        assert made.status_code == 303 and made.headers["location"] == "/me", made.text
        return made

    def as_client(self) -> Client:
        """The conftest helpers (new tables, claims), sending this browser's cookies."""
        self.http.cookies = self.jar
        return Client(self.http)


def hub_of(http: TestClient) -> Hub:
    hub: Hub = http.app.state.hub  # type: ignore[attr-defined]
    return hub


def held(http: TestClient, browser: Browser) -> Holder:
    """The profile a browser's cookie opens now."""
    assert browser.key is not None
    holder = hub_of(http).people.holder(browser.key, hub_of(http).clock.now())
    assert holder is not None
    return holder


def move(source: Browser, target: Browser) -> None:
    """Put the source browser's profile on the target by a one-time link, as a person does."""
    link = re.search(r'class="profile-link" href="http://testserver([^"]+)"', source.post("/profile/link").text)
    assert link is not None and target.post(link.group(1)).status_code == 303


def profile_count(http: TestClient) -> int:
    with hub_of(http).store.engine.connect() as db:
        return int(db.scalar(select(func.count()).select_from(profiles)) or 0)


@pytest.fixture
def invite_only(database: str) -> Iterator[TestClient]:
    with TestClient(create_app(database, bot_workers=1, limits=Limits(invite_only=True))) as http:
        yield http


def invite_code(database: str, uses: int = 1) -> str:
    result = CliRunner().invoke(cli, ["invite-code", "--db", database, "--uses", str(uses)])
    assert result.exit_code == 0, result.output
    return result.stdout.strip().splitlines()[0]


def test_a_profile_is_made_with_an_httponly_cookie_and_its_key_is_never_shown(server: Client) -> None:
    browser = Browser(server.http)
    form = browser.get("/profile")
    assert form.status_code == 200 and 'name="name"' in form.text and 'name="code"' not in form.text
    made = browser.make_profile("Ada")
    cookie = made.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Path=/" in cookie and "Max-Age=34560000" in cookie and "Secure" not in cookie
    key = browser.key
    assert key and len(key) == 32
    pages = [browser.get("/profile"), browser.get("/me"), browser.post("/profile/link")]
    for page in pages:
        assert page.status_code == 200 and key not in page.text
    assert "Ada" in pages[0].text and "My games" in pages[1].text
    assert key not in str(made.headers.get("location"))
    again = browser.post("/profile", data={"name": "Second"})
    assert again.status_code == 409 and "already has a profile" in again.text


def test_the_cookie_is_secure_over_https(database: str) -> None:
    with TestClient(create_app(database, bot_workers=1), base_url="https://testserver") as http:
        made = Browser(http).make_profile("Ada")
        assert "Secure" in made.headers["set-cookie"]


def test_a_profile_is_renamed_and_bad_names_are_refused(server: Client) -> None:
    browser = Browser(server.http)
    browser.make_profile("  Ada   Lovelace ")
    assert "Ada Lovelace" in browser.get("/profile").text
    renamed = browser.post("/profile/name", data={"name": "Bea"})
    assert renamed.status_code == 303 and renamed.headers["location"] == "/profile"
    assert "Your profile: Bea" in browser.get("/profile").text
    for bad in ("", "   ", "x" * 25, "tab\there\x00", "zero\u200bwidth"):
        for path in ("/profile/name", "/profile"):
            refused = Browser(server.http) if path == "/profile" else browser
            answer = refused.post(path, data={"name": bad})
            assert answer.status_code == 400 and "1 to 24 printable characters" in answer.text, (path, bad)
    assert "Your profile: Bea" in browser.get("/profile").text
    assert profile_count(server.http) == 1
    nobody = Browser(server.http).post("/profile/name", data={"name": "Cy"})
    assert nobody.status_code == 403 and "make a profile first" in nobody.text


def test_the_webhook_is_checked_set_and_cleared(server: Client) -> None:
    browser = Browser(server.http)
    browser.make_profile("Ada")
    assert browser.key is not None
    for bad in ("http://127.0.0.1/hook", "ftp://example.com/", "not an address"):
        refused = browser.post("/profile/webhook", data={"webhook": bad})
        assert refused.status_code == 400 and "webhook address cannot be used" in refused.text, bad
    assert browser.post("/profile/webhook", data={"webhook": "https://Example.com/hook?t=1"}).status_code == 303
    profile = held(server.http, browser).profile
    assert profile.webhook == "https://example.com/hook?t=1"
    assert profile.site == "http://testserver"
    assert "https://example.com/hook?t=1" in browser.get("/profile").text
    assert browser.post("/profile/webhook", data={"webhook": ""}).status_code == 303
    assert held(server.http, browser).profile.webhook is None


def test_forgetting_signs_this_browser_out_and_other_devices_keep_the_profile(server: Client) -> None:
    browser, phone = Browser(server.http), Browser(server.http)
    browser.make_profile("Ada")
    move(browser, phone)
    token = browser.key
    forgot = browser.post("/profile/forget")
    assert forgot.status_code == 303 and browser.key is None
    assert browser.get("/me").headers["location"] == "/profile"
    assert 'name="name"' in browser.get("/profile").text  # the form to make one
    people, now = hub_of(server.http).people, hub_of(server.http).clock.now()
    assert token is not None and people.holder(token, now) is None  # the cookie, if kept, opens nothing now
    assert "Your profile: Ada" in phone.get("/profile").text
    assert [device.label for device in people.devices(held(server.http, phone).profile.id)] == ["A browser or program"]


def test_another_sites_form_is_refused(server: Client) -> None:
    browser = Browser(server.http)
    evil = {"origin": "https://evil.example"}
    refused = browser.post("/profile", data={"name": "Ada"}, headers=evil)
    assert refused.status_code == 403 and "another site" in refused.text and browser.key is None
    own = browser.post("/profile", data={"name": "Ada"}, headers={"origin": "http://testserver"})
    assert own.status_code == 303 and browser.key is not None
    for path, data in [("/profile/name", {"name": "Eve"}), ("/profile/webhook", {"webhook": ""}),
                       ("/profile/forget", {}), ("/profile/link", {})]:
        for headers in (evil, {"origin": "null"}, {"sec-fetch-site": "cross-site"}):
            answer = browser.post(path, data=data, headers=headers)
            assert answer.status_code == 403 and "another site" in answer.text, (path, headers)
    assert "Your profile: Ada" in browser.get("/profile").text and browser.key is not None


def test_an_invite_only_server_lets_in_one_profile_per_use_of_a_code(invite_only: TestClient,
                                                                     database: str) -> None:
    first, second, third = (Browser(invite_only) for _ in range(3))
    assert 'name="code"' in first.get("/profile").text
    without = first.post("/profile", data={"name": "Ada"})
    assert without.status_code == 403 and "invite code" in without.text
    wrong = first.post("/profile", data={"name": "Ada", "code": "not-a-code"})
    assert wrong.status_code == 403 and "unknown or used up" in wrong.text
    assert profile_count(invite_only) == 0 and first.key is None
    code = invite_code(database, uses=2)
    first.make_profile("Ada", code=code)
    second.make_profile("Bea", code=f" {code} ")
    used_up = third.post("/profile", data={"name": "Cy", "code": code})
    assert used_up.status_code == 403 and "unknown or used up" in used_up.text and third.key is None
    assert profile_count(invite_only) == 2
    third.make_profile("Cy", code=invite_code(database))
    assert profile_count(invite_only) == 3


def test_a_device_link_moves_the_profile_once(server: Client, database: str) -> None:
    phone, laptop, stranger = (Browser(server.http) for _ in range(3))
    phone.make_profile("Ada")
    key = phone.key
    made = phone.post("/profile/link")
    assert made.status_code == 200 and "no-store" in made.headers["cache-control"]
    link = re.search(r'class="profile-link" href="([^"]+)"', made.text)
    assert link is not None and "<svg" in made.text  # and its QR code
    path = link.group(1).removeprefix("http://testserver")
    preview = laptop.get(path)  # a link preview only fetches the page: nothing is taken
    assert preview.status_code == 200 and "use my profile here" in preview.text and laptop.key is None
    assert "This signs this browser in as" in preview.text and "If someone else sent it to you" in preview.text
    used = laptop.post(path)
    assert used.status_code == 303 and used.headers["location"] == "/me"
    assert laptop.key is not None and laptop.key != key  # a device of its own, with its own cookie
    assert "Your profile: Ada" in laptop.get("/profile").text and "Your profile: Ada" in phone.get("/profile").text
    for browser in (stranger, phone):
        again = browser.post(path)
        assert again.status_code == 410 and "used or has expired" in again.text
        assert browser.get(path).status_code == 410
    assert stranger.key is None
    secrets_held = [key, laptop.key, held(server.http, phone).key]
    for file in Path(database.removeprefix("sqlite:///")).parent.glob("tables.sqlite3*"):
        for secret in secrets_held:  # only hashes, and the profile's key sealed
            assert secret is not None and secret.encode() not in file.read_bytes()


def test_a_device_link_expires_after_15_minutes(server: Client) -> None:
    phone, laptop = Browser(server.http), Browser(server.http)
    phone.make_profile("Ada")
    link = re.search(r'class="profile-link" href="http://testserver([^"]+)"', phone.post("/profile/link").text)
    assert link is not None
    hub_of(server.http).clock.offset += 14 * 60
    assert laptop.get(link.group(1)).status_code == 200
    hub_of(server.http).clock.offset += 2 * 60
    expired = laptop.post(link.group(1))
    assert expired.status_code == 410 and "expired" in expired.text and laptop.key is None
    assert laptop.get("/profile/link/" + new_secret()).status_code == 410


def test_a_wrapped_key_opens_only_with_its_token() -> None:
    key, token = new_secret(), new_secret()
    wrapped = wrap(key, token)
    assert len(wrapped) == 64 and key not in wrapped and unwrap(wrapped, token) == key
    assert unwrap(wrapped, new_secret()) != key
    assert unwrap("zz", token) is None


def test_times_in_words() -> None:
    assert span(0) == "0 seconds" and span(59) == "59 seconds" and span(3 * 3600 + 59) == "3 hours"
    assert span(86400 + 7200 + 5, 2) == "1 day 2 hours" and span(3600 + 30, 2) == "1 hour"
    assert span(61, 2) == "1 minute 1 second"


def test_my_games_lists_a_table_the_profile_sits_at(server: Client) -> None:
    ada, bea = Browser(server.http), Browser(server.http)
    ada.make_profile("Ada")
    bea.make_profile("Bea")
    table, invitations = ada.as_client().invite("nuts-sorting", ["human", "human"], timer="3600")
    ada_key = ada.as_client().claim(invitations[0])
    bea_key = bea.as_client().claim(invitations[1])
    mover = server.turn(table, [ada_key, bea_key])[0]
    waiting, moving = (bea, ada) if mover == ada_key else (ada, bea)
    mine = moving.get("/me")
    assert mine.status_code == 200 and "no-store" in mine.headers["cache-control"]
    assert re.search(r"<title>\(1\) My games", mine.text) and "Your turn" in mine.text
    assert f'href="/t/{table}/seat/{mover}"' in mine.text and "Nuts Sorting" in mine.text
    assert "1 hour per move" in mine.text and "59 minutes" in mine.text
    names = {ada: "Ada", bea: "Bea"}
    assert f"{names[moving]} (you)" in mine.text
    theirs = waiting.get("/me").text
    assert "<title>My games" in theirs and f"Waiting for {names[moving]}" in theirs
    hub_of(server.http).clock.offset += 30 * 60
    assert "29 minutes" in moving.get("/me").text
    for browser in (ada, bea):
        assert browser.key is not None and browser.key not in browser.get("/me").text
    # the seat moved to a device without the profile: My games still lists it, for watching
    link = server.request(table, "transfer", mover).json()["link"]
    Browser(server.http).as_client().claim(link)
    moved = moving.get("/me").text
    assert "this seat was moved to another device" in moved and f'href="/t/{table}"' in moved


def test_my_games_lists_a_finished_game_with_its_result(server: Client) -> None:
    ada = Browser(server.http)
    ada.make_profile("Ada")
    table, (_, person) = ada.as_client().create("nuts-sorting", ["random", "human"])
    state = server.play_to_end(table, person)
    assert state["finished"]
    page = ada.get("/me").text
    finished = page.split('id="finished"', 1)[1]
    assert table in finished and f"/t/{table}/record.json" in finished and "not rated" in finished
    assert "Finished (1)" in page and "Your turn (0)" in page


def test_my_games_without_a_profile_sends_you_to_make_one(server: Client) -> None:
    answer = Browser(server.http).get("/me")
    assert answer.status_code == 303 and answer.headers["location"] == "/profile"
