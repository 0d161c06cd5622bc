"""A profile's devices: listed on its page, each signed out from another, the signed-out device left holding
nothing (not its cookie, not its seats' links); the cookie named __Host- over https (issue 32)."""

from __future__ import annotations

import re

from sqlalchemy import insert, update
from starlette.testclient import TestClient
from table_client import Client
from test_profiles import Browser, held, hub_of, move

from nutbox.web.app import create_app
from nutbox.web.db import profiles, tables
from nutbox.web.profiles import COOKIE, SECURE_COOKIE
from nutbox.web.seats import digest, new_secret

FIREFOX = {"user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"}
PHONE = {"user-agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                       "Chrome/131.0.0.0 Mobile Safari/537.36"}


def listed(browser: Browser) -> list[str]:
    """The devices the profile page lists, in words, as a person reads them."""
    page = browser.get("/profile").text
    items = re.findall(r"<li><span><strong>([^<]+)</strong>([^<]*)<br>", page)
    return sorted(label + mark for label, mark in items)


def device_ids(browser: Browser) -> dict[str, str]:
    page = browser.get("/profile").text
    found = re.findall(r'action="/profile/devices/([^/"]+)/sign-out"[^>]*>\s*<button[^>]*aria-label="Sign out ([^,]+),',
                       page)
    return {label: device for device, label in found}


def test_a_profile_lists_its_devices_and_one_signs_another_out(server: Client) -> None:
    laptop, phone, tablet = (Browser(server.http) for _ in range(3))
    assert laptop.post("/profile", data={"name": "Ada"}, headers=FIREFOX).status_code == 303
    link = re.search(r'class="profile-link" href="http://testserver([^"]+)"', laptop.post("/profile/link").text)
    assert link is not None and phone.post(link.group(1), headers=PHONE).status_code == 303
    move(laptop, tablet)
    assert listed(laptop) == ["A browser or program", "Chrome Mobile on Android", "Firefox on Windows (this browser)"]
    assert "Chrome Mobile on Android (this browser)" in listed(phone)
    before = held(server.http, laptop)
    phone_cookie = phone.key

    signed_out = laptop.post(f"/profile/devices/{device_ids(laptop)['Chrome Mobile on Android']}/sign-out")
    assert signed_out.status_code == 303 and signed_out.headers["location"] == "/profile"
    assert 'name="name"' in phone.get("/profile").text  # the phone is asked to make a profile: it holds none
    assert phone.get("/me").headers["location"] == "/profile"
    assert phone_cookie is not None and hub_of(server.http).people.holder(phone_cookie, 0) is None
    after = held(server.http, laptop)
    assert after.version == before.version + 1 and after.key != before.key  # a new key for the profile
    assert held(server.http, tablet).key == after.key  # the tablet, not used meanwhile, moves on to it
    assert listed(laptop) == ["A browser or program", "Firefox on Windows (this browser)"]

    # twice more from the tablet: the laptop, two keys behind, still opens the newest
    move(tablet, phone)
    tablet.post(f"/profile/devices/{device_ids(tablet)['A browser or program']}/sign-out")
    assert phone.get("/me").headers["location"] == "/profile"
    move(tablet, phone)
    tablet.post(f"/profile/devices/{device_ids(tablet)['A browser or program']}/sign-out")
    assert held(server.http, laptop).version == before.version + 3 == held(server.http, tablet).version
    assert "Your profile: Ada" in laptop.get("/profile").text


def test_signing_a_device_out_gives_the_profiles_seats_new_links(server: Client) -> None:
    laptop, phone, bea = (Browser(server.http) for _ in range(3))
    laptop.make_profile("Ada")
    bea.make_profile("Bea")
    move(laptop, phone)
    table, invitations = laptop.as_client().invite("nuts-sorting", ["human", "human"], timer="3600")
    seat_link = laptop.as_client().claim(invitations[0])
    bea.as_client().claim(invitations[1])
    assert f"/t/{table}/seat/{seat_link}" in phone.get("/me").text  # the phone has seen the seat's link
    assert server.state(table, seat_link)["seat"] == 0

    phone_id = next(iter(device_ids(laptop).values()))
    assert laptop.post(f"/profile/devices/{phone_id}/sign-out").status_code == 303
    stale = server.http.get(f"/api/t/{table}/state", params={"secret": seat_link})
    assert stale.status_code == 403 and "not a seat of this table" in stale.text
    mine = re.search(rf'href="/t/{table}/seat/([^"]+)"', laptop.get("/me").text)
    assert mine is not None and mine.group(1) != seat_link
    assert server.state(table, mine.group(1))["seat"] == 0  # the profile's own devices have the new link


def test_sign_out_refusals_change_nothing(server: Client) -> None:
    laptop, phone = Browser(server.http), Browser(server.http)
    laptop.make_profile("Ada")
    move(laptop, phone)
    version = held(server.http, laptop).version
    phone_id = next(iter(device_ids(laptop).values()))
    evil = laptop.post(f"/profile/devices/{phone_id}/sign-out", headers={"origin": "https://evil.example"})
    assert evil.status_code == 403 and "another site" in evil.text
    unknown = laptop.post(f"/profile/devices/{new_secret()[:12]}/sign-out")
    assert unknown.status_code == 409 and "does not hold this profile" in unknown.text
    too_long = laptop.post(f"/profile/devices/{'x' * 40}/sign-out")
    assert too_long.status_code == 400
    own = held(server.http, laptop).device
    itself = laptop.post(f"/profile/devices/{own}/sign-out")
    assert itself.status_code == 400 and "Sign out here" in itself.text
    stranger = Browser(server.http)
    assert stranger.post(f"/profile/devices/{phone_id}/sign-out").status_code == 403
    assert held(server.http, laptop).version == version and held(server.http, phone).version == version
    assert len(listed(laptop)) == 2


def test_every_other_device_is_signed_out_at_once(server: Client) -> None:
    laptop, phone, tablet = (Browser(server.http) for _ in range(3))
    laptop.make_profile("Ada")
    move(laptop, phone)
    move(laptop, tablet)
    assert laptop.post("/profile/devices/sign-out").status_code == 303
    assert listed(laptop) == ["A browser or program (this browser)"]
    for other in (phone, tablet):
        assert 'name="name"' in other.get("/profile").text
    assert "Sign out every other" not in laptop.get("/profile").text


def test_a_cookie_from_before_devices_works_until_the_profile_is_signed_out_elsewhere(server: Client) -> None:
    """A browser whose cookie holds the profile's key itself (made before devices were kept) still opens the
    profile; signing other devices out from it makes it a device of its own and shuts the old key out."""
    old_key = new_secret()
    hub = hub_of(server.http)
    hub.store.write(lambda db: db.execute(insert(profiles).values(
        id="oldprofile", name="Ada", key_hash=digest(old_key), created=0.0))).result()
    browser, thief = Browser(server.http), Browser(server.http)
    browser.jar.set(COOKIE, old_key, domain="testserver.local")
    thief.jar.set(COOKIE, old_key, domain="testserver.local")
    page = browser.get("/profile").text
    assert "Your profile: Ada" in page and "signed in before devices were listed" in page
    assert browser.post("/profile/devices/sign-out").status_code == 303
    assert browser.key not in (None, old_key)
    assert listed(browser) == ["A browser or program (this browser)"]
    assert 'name="name"' in thief.get("/profile").text


def test_over_https_the_cookie_is_a_host_only_secure_cookie_and_no_other_is_read(database: str) -> None:
    with TestClient(create_app(database, bot_workers=1), base_url="https://testserver") as http:
        browser = Browser(http)
        made = browser.post("/profile", data={"name": "Ada"})
        cookie = made.headers["set-cookie"]
        assert cookie.startswith(f"{SECURE_COOKIE}=") and "Secure" in cookie and "Path=/" in cookie
        assert "Domain" not in cookie and "HttpOnly" in cookie
        token = browser.jar.get(SECURE_COOKIE)
        assert token and "Your profile: Ada" in browser.get("/profile").text
        planted = Browser(http)  # the same token under the name a plain-http page or a subdomain could set
        planted.jar.set(COOKIE, token, domain="testserver.local")
        assert 'name="name"' in planted.get("/profile").text
        forgot = browser.post("/profile/forget")
        assert f"{SECURE_COOKIE}=\"\"" in forgot.headers["set-cookie"] or "Max-Age=0" in forgot.headers["set-cookie"]


def test_a_table_that_cannot_go_on_keeps_my_games_and_signing_out_working(server: Client) -> None:
    """A table stored under rules this nutbox no longer plays is listed in My games with the reason, and signing a
    device out re-keys the profile's other seats past it."""
    laptop, phone, bea = (Browser(server.http) for _ in range(3))
    laptop.make_profile("Ada")
    bea.make_profile("Bea")
    move(laptop, phone)
    old, invitations = laptop.as_client().invite("nuts-sorting", ["human", "human"], timer="3600")
    laptop.as_client().claim(invitations[0])
    table, invitations = laptop.as_client().invite("nuts-sorting", ["human", "human"], timer="3600")
    seat_link = laptop.as_client().claim(invitations[0])
    hub = hub_of(server.http)
    hub.store.write(lambda db: db.execute(update(tables).where(tables.c.id == old).values(rules_version="0-old"))
                    ).result()
    hub.tables.pop(old)  # (as after a restart)
    mine = laptop.get("/me")
    assert mine.status_code == 200 and "rules version 0-old" in mine.text
    phone_id = next(iter(device_ids(laptop).values()))
    assert laptop.post(f"/profile/devices/{phone_id}/sign-out").status_code == 303
    assert server.http.get(f"/api/t/{table}/state", params={"secret": seat_link}).status_code == 403
