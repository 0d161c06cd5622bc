"""Fair play on a public site (issue 32): the lobby no flood can hide a table in, and limits per client address on
what costs the site (new tables, new profiles and invite codes)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from table_client import Client
from test_people import browser, join_from_lobby, open_table, person, to_move, wait_for

from nutbox.web import ratings
from nutbox.web.app import create_app
from nutbox.web.limits import Limits
from nutbox.web.results import subjects as rated_as

DAY = 86400.0


@pytest.fixture
def flood(database: str) -> Iterator[Client]:
    """A server that lets one address make many tables (the flood comes from many addresses in real life)."""
    with TestClient(create_app(database, bot_workers=1, limits=Limits(tables_per_address=1000))) as http:
        yield Client(http)


def listed(client: Client, query: str = "") -> list[str]:
    page = client.http.get(f"/lobby{query}")
    assert page.status_code == 200, page.text
    return re.findall(r'class="lobby-table" data-table="([^"]+)"', page.text)


def test_the_lobby_filters_before_it_limits_lists_newest_first_and_forgets_a_day_old_table(flood: Client) -> None:
    for _ in range(201):  # more open tables than a lobby page lists, none with a profile
        flood.create_page("nuts-sorting", ["human", "human"], visibility="open")
    newest, _ = flood.create_page("nut-hunt", ["human", "human"], visibility="open")
    assert listed(flood, "?game=nut-hunt") == [newest], "a new open table is found, filtered by its game"
    everything = listed(flood)
    assert len(everything) == 200 and everything[0] == newest, "newest first, 200 to a page"
    flood.http.app.state.hub.clock.offset += DAY + 60  # type: ignore[attr-defined]
    assert listed(flood) == [], "an open table nobody joined within a day leaves the lobby"


def test_new_tables_and_profiles_are_limited_per_address_with_a_reason(database: str) -> None:
    limits = Limits(tables_per_address=3, profiles_per_address=2)
    with TestClient(create_app(database, bot_workers=1, limits=limits)) as http:
        client = Client(http)
        for _ in range(3):
            client.create_page("nuts-sorting", ["human", "easy"])
        refused = http.post("/new/nuts-sorting", data={"players": "2", "seat0": "human", "seat1": "easy"})
        assert refused.status_code == 429 and "at most 3 new tables" in refused.text
        answers = []
        for number in range(3):
            browser = TestClient(http.app)
            browser.portal = http.portal  # (the server's own event loop)
            answers.append(browser.post("/profile", data={"name": f"P{number}"}, follow_redirects=False))
        assert [answer.status_code for answer in answers] == [303, 303, 429]
        assert "at most 2 new profiles" in answers[-1].text


@pytest.fixture
def site(database: str) -> Iterator[Client]:
    """A server with a quick clock watcher, whose bots do not wait for a person to follow them."""
    with TestClient(create_app(database, bot_workers=1, limits=Limits(tick=0.1, pace=0.0))) as http:
        http.app.state.portal = http.portal  # type: ignore[attr-defined]
        yield Client(http)


def test_a_rated_table_needs_time_to_think_and_no_hints(site: Client) -> None:
    ann = person(site.http.app, "Ann")
    form = {"players": "2", "seat0": "human", "seat1": "human", "rated": "on", "handover": "easy"}
    quick = ann.http.post("/new/nuts-sorting", data={**form, "timer": "2"})
    assert "at least 15 seconds per decision" in quick.text
    hinted = ann.http.post("/new/nuts-sorting", data={**form, "timer": "0", "hints": "on"})
    assert "a rated table has no hints" in hinted.text


def test_a_game_a_person_never_played_moves_nobodys_rating(site: Client) -> None:
    """The farm: a rated table with the forfeit rule, a fresh profile that takes a seat and never moves."""
    app = site.http.app
    hub = app.state.hub  # type: ignore[attr-defined]
    ann, bea = person(app, "Ann"), person(app, "Bea")
    table, ann_key = open_table(ann, timer="15", timeout="forfeit", rated="on")
    bea_key = join_from_lobby(bea, table)
    clients = {ann_key: ann, bea_key: bea}
    while not (state := site.state(table))["finished"]:
        mover, key = to_move(clients, table)
        if mover is bea:  # Bea never decides: her time runs out
            hub.clock.offset += 20
            state = wait_for(lambda: (s := site.state(table))["finished"] and s)
            break
        seen = ann.state(table, key)
        ann.http.post(f"/api/t/{table}/act", json={"secret": key, "action": seen["legal"][0],
                                                   "version": seen["version"]})
    assert "forfeited" in state["status"]
    assert any("no longer rated" in note and "Bea never made a decision" in note for note in state["notes"])
    subjects = [subject for subject in rated_as(hub.tables[table].live) if subject]
    assert hub.people.ratings("nuts-sorting", 2, subjects) == {}, "nobody's rating moved"
    assert state["ratings"] == []


def test_a_bot_playing_for_a_rated_person_makes_the_game_unrated_for_everyone(site: Client) -> None:
    ann = person(site.http.app, "Ann")
    landed = ann.http.post("/lobby/quick", data={"game": "nuts-sorting", "level": "easy", "players": "2"},
                           follow_redirects=False)
    assert landed.status_code == 303, landed.text
    table, key = re.search(r"/t/([^/]+)/seat/([^/?#]+)", landed.headers["location"]).groups()  # type: ignore[union-attr]
    assert ann.state(table, key)["seats"][0]["human"]
    hub = site.http.app.state.hub  # type: ignore[attr-defined]
    assert hub.tables[table].live.stored.settings.rated
    # on Ann's turn, so that the bot's moves cannot make the version she sends an old one
    mine = wait_for(lambda: (s := ann.state(table, key))["to_move"] == 0 and s)
    handed = ann.http.post(f"/api/t/{table}/handover", json={"secret": key, "seat": 0, "bot": "hard",
                                                              "version": mine["version"]})
    assert handed.status_code == 200, handed.text
    state = wait_for(lambda: (s := ann.state(table, key))["finished"] and s, seconds=120)
    assert any("no longer rated: a bot plays for Ann" in note for note in state["notes"])
    subjects = [subject for subject in rated_as(hub.tables[table].live) if subject]
    assert hub.people.ratings("nuts-sorting", 2, subjects) == {}


CROSS_SITE = {"sec-fetch-site": "cross-site", "origin": "https://elsewhere.example"}


def test_a_page_of_another_site_cannot_act_with_the_profile_cookie(site: Client) -> None:
    """Only SameSite=Lax kept these safe, and only in current browsers."""
    app = site.http.app
    ann, bea = person(app, "Ann"), person(app, "Bea")
    made = ann.http.post("/new/nuts-sorting", data={"players": "2", "seat0": "human", "seat1": "human",
                                                    "sit": "on", "rated": "on"}, headers=CROSS_SITE)
    assert made.status_code == 403 and "another site" in made.text
    table, invitations = site.invite("nuts-sorting", ["human", "human"])
    taken = bea.http.post(invitations[0], headers=CROSS_SITE, follow_redirects=False)
    assert taken.status_code == 403
    assert not site.state(table)["seats"][0]["joined"], "the seat is still free"
    said = bea.http.post(f"/api/t/{table}/chat", json={"text": "I resign"}, headers=CROSS_SITE)
    assert said.status_code == 403
    foreign = {"origin": "https://elsewhere.example"}
    with bea.http.websocket_connect(f"/ws/t/{table}", headers=foreign) as socket, \
            pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_json()
    assert closed.value.code == 4403
    with bea.http.websocket_connect(f"/ws/t/{table}", headers={"origin": "http://testserver"}) as socket:
        assert socket.receive_json()["type"] == "state"  # this site's own page connects


def test_no_name_can_pass_for_another_seat_or_for_a_seat_without_one(site: Client) -> None:
    table, keys = site.create("nuts-sorting", ["human", "human"])

    def rename(key: str, name: str) -> Any:
        return site.http.post(f"/api/t/{table}/name", json={"secret": key, "name": name,
                                                            "version": site.state(table)["version"]})

    assert rename(keys[0], "Bea").status_code == 200
    for impostor in ("Player 1", "Рlayer 1", "player1"):  # (the second with a Cyrillic Р)
        refused = rename(keys[1], impostor)
        assert refused.status_code == 400 and "Player N" in refused.json()["error"], impostor
    refused = rename(keys[1], "Веа")  # Cyrillic letters that read "Bea"
    assert refused.status_code == 409 and "looks like the name of another seat" in refused.json()["error"]
    assert [seat["name"] for seat in site.state(table)["seats"]] == ["Bea", "Player 2"]
    made = browser(site.http.app).post("/profile", data={"name": "Рlayer 2"}, follow_redirects=False)
    assert made.status_code == 400
    # two profiles whose names look alike, seated by their own names, are told apart wherever they are shown
    live = site.http.app.state.hub.tables[table].live  # type: ignore[attr-defined]
    live.stored.seats[1] = replace(live.stored.seats[1], name="Веа")
    assert live.names() == ["Bea (seat 1)", "Веа (seat 2)"]


def test_leaving_a_rated_game_after_seeing_the_deal_counts_as_a_loss(site: Client) -> None:
    """Deal shopping: quick rated games of Nut Hunt, kept only when the objectives dealt are good. A seat opened
    while it shows its objectives has seen the deal: left unplayed, it is lost on time (a day per decision), and
    nobody gains from it. Before the seat is opened, walking away is free (the game is aborted)."""
    app = site.http.app
    hub = app.state.hub  # type: ignore[attr-defined]
    ann = person(app, "Ann")

    def quick() -> tuple[str, str]:
        landed = ann.http.post("/lobby/quick", data={"game": "nut-hunt", "level": "easy", "players": "2"},
                               follow_redirects=False)
        assert landed.status_code == 303, landed.text
        return re.search(r"/t/([^/]+)/seat/([^/?#]+)", landed.headers["location"]).groups()  # type: ignore[union-attr,return-value]

    looked, looked_key = quick()
    with ann.http.websocket_connect(f"/ws/t/{looked}?secret={looked_key}") as socket:
        assert socket.receive_json()["type"] == "state"  # the seat's page: the objectives are on it
        wait_for(lambda: 0 in hub.tables[looked].live.stored.settings.seen)
    walked, _ = quick()  # made, and never opened
    live = hub.tables[looked].live
    assert live.stored.settings.timer == 86400 and live.stored.settings.timeout == "forfeit"
    hub.clock.offset += 86400 + 60
    for table in (looked, walked):
        wait_for(lambda table=table: site.state(table)["finished"])
    subject = str(rated_as(live)[0])
    [(mu, sigma, games)] = hub.people.ratings("nut-hunt", 2, [subject]).values()
    assert games == 1 and ratings.shown(mu, sigma) < 1000, "the game left after seeing the deal is a loss"
    assert any("never made a decision" in note for note in site.state(walked)["notes"]), "the other was aborted"
