"""The social table through HTTP: profiles taking seats, the lobby, turn-based clocks and their rules, webhooks,
chat, ratings after a rated game, and a database from the release before profiles upgraded in place."""

from __future__ import annotations

import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from receiver import Receiver, webhook_receiver
from starlette.testclient import TestClient
from table_client import Client

from nutbox.web.app import create_app
from nutbox.web.limits import Limits
from nutbox.web.results import subjects

DATA = Path(__file__).parent / "data"
DAY = 86400.0


def browser(app: Any) -> TestClient:
    """Another browser (its own cookies) on the same server: a client on the server's one event loop, where its
    tasks (clocks, webhooks) live (a TestClient of its own would run each request on a loop of its own)."""
    http = TestClient(app)
    http.portal = app.state.portal
    return http


def person(app: Any, name: str) -> Client:
    """Another browser with a profile called `name`."""
    http = browser(app)
    response = http.post("/profile", data={"name": name}, follow_redirects=False)
    assert response.status_code == 303, response.text
    return Client(http)


def wait_for(check: Callable[[], Any], seconds: float = 20.0) -> Any:
    """Poll until `check` gives something true (the server's clock watcher looks once a second)."""
    deadline = time.monotonic() + seconds
    while not (found := check()):
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.1)
    return found


@pytest.fixture
def site(database: str) -> Iterator[Client]:
    """A server whose webhooks may reach this machine (the test's receiver), with a quick clock watcher."""
    limits = Limits(webhook_private=True, tick=0.1, profiles_per_address=1000)  # (one test address, many people)
    with TestClient(create_app(database, bot_workers=1, limits=limits)) as http:
        http.app.state.portal = http.portal  # type: ignore[attr-defined]
        yield Client(http)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with webhook_receiver() as running:
        yield running


def open_table(creator: Client, game: str = "nuts-sorting", **fields: str) -> tuple[str, str]:
    """An open (listed) table of two people made by `creator`, who sits at it: its id and the creator's seat link."""
    table, _ = creator.create_page(game, ["human", "human"], visibility="open", sit="on", **fields)
    links = creator.http.get("/me").text
    assert f"/t/{table}/seat/" in links, links
    seat_link = links.split(f'href="/t/{table}/seat/', 1)[1].split('"', 1)[0]
    return table, seat_link


def join_from_lobby(client: Client, table: str) -> str:
    lobby = client.http.get("/lobby").text
    assert f'action="/lobby/{table}/join"' in lobby, lobby
    response = client.http.post(f"/lobby/{table}/join", follow_redirects=False)
    assert response.status_code == 303, response.text
    return str(response.headers["location"]).rsplit("/seat/", 1)[1]


def test_two_people_meet_in_the_lobby_and_my_games_lists_the_table_for_both(site: Client) -> None:
    app = site.http.app
    ann, bea = person(app, "Ann"), person(app, "Bea")
    table, _ = open_table(ann, timer="1", timer_unit="days")
    lobby = bea.http.get("/lobby", params={"game": "nuts-sorting", "players": "2"}).text
    assert "Nuts Sorting, 2 players" in lobby and "1 seat open" in lobby and "1 day per move, turn-based" in lobby
    assert table not in bea.http.get("/lobby", params={"game": "nut-hunt"}).text  # filtered out
    bea_key = join_from_lobby(bea, table)
    assert table not in site.http.get("/lobby").text  # full: no longer listed
    state = bea.state(table, bea_key)
    assert [seat["name"] for seat in state["seats"]] == ["Ann", "Bea"]
    for client in (ann, bea):
        mine = client.http.get("/me").text
        assert f"/t/{table}/seat/" in mine and "Nuts Sorting" in mine
    assert "Your turn" in ann.http.get("/me").text or "Your turn" in bea.http.get("/me").text
    # the same profile can't take a second seat, and a stranger without a profile can't join from the lobby
    assert person(app, "Cy").http.post(f"/lobby/{table}/join").status_code == 409
    assert browser(app).post(f"/lobby/{table}/join").status_code == 403


def test_a_private_table_is_not_in_the_lobby_and_cannot_be_joined_from_it(site: Client) -> None:
    ann = person(site.http.app, "Ann")
    table, _ = ann.create_page("nuts-sorting", ["human", "human"], visibility="private", sit="on")
    assert table not in site.http.get("/lobby").text
    assert person(site.http.app, "Bea").http.post(f"/lobby/{table}/join").status_code == 403


def play_first_legal(client: Client, table: str, key: str) -> None:
    state = client.state(table, key)
    assert state["mine"], state["status"]
    response = client.act(table, key, state["legal"][0])
    assert response.status_code == 200, response.text


def to_move(clients: dict[str, Client], table: str) -> tuple[Client, str]:
    for key, client in clients.items():
        if client.state(table, key)["mine"]:
            return client, key
    raise AssertionError("nobody to move")


@pytest.mark.parametrize("rule", ["move", "bot"])
def test_a_turn_based_table_waits_hours_then_applies_its_rule(site: Client, rule: str, receiver: Receiver) -> None:
    app = site.http.app
    hub = app.state.hub  # type: ignore[attr-defined]
    url = receiver.url
    ann, bea = person(app, "Ann"), person(app, "Bea")
    for client in (ann, bea):
        assert client.http.post("/profile/webhook", data={"webhook": url}, follow_redirects=False).status_code == 303
    table, ann_key = open_table(ann, timer="24", timer_unit="hours", timeout=rule)
    bea_key = join_from_lobby(bea, table)
    clients = {ann_key: ann, bea_key: bea}
    mover, key = to_move(clients, table)
    play_first_legal(mover, table, key)  # the other's turn starts: their webhook is told
    waiting, waiting_key = to_move(clients, table)
    name = "Ann" if waiting is ann else "Bea"
    said = wait_for(lambda: [g for g in receiver.said() if g["player"] == name])[-1]
    assert said["event"] == "your_turn" and said["table"] == table and said["url"].endswith("/me")
    bodies = b"".join(receiver.bodies).decode()
    assert waiting_key not in bodies and ann_key not in bodies  # no secret in a webhook
    version = waiting.state(table, waiting_key)["version"]
    deadline = waiting.state(table, waiting_key)["deadline"]
    assert deadline == pytest.approx(hub.clock.now() + DAY, abs=60)
    hub.clock.offset += 23 * 3600  # 23 hours on: still their turn
    time.sleep(0.5)
    assert waiting.state(table, waiting_key)["version"] == version
    hub.clock.offset += 2 * 3600  # past the day
    changes = 2 if rule == "move" else 1  # the move rule notes it, then plays
    state = wait_for(lambda: (s := waiting.state(table, waiting_key))["version"] >= version + changes and s)
    seat = state["seat"]
    assert any("ran out of time" in note for note in state["notes"])
    if rule == "move":  # a bot made the one decision; the seat is still theirs
        assert state["seats"][seat]["kind"] == "human"
        assert any("made that decision for them" in note for note in state["notes"])
    else:
        wait_for(lambda: waiting.state(table, waiting_key)["seats"][seat]["kind"] == "easy")


def test_a_rated_game_lost_on_time_by_forfeit_ends_and_moves_both_ratings(site: Client) -> None:
    app = site.http.app
    hub = app.state.hub  # type: ignore[attr-defined]
    ann, bea = person(app, "Ann"), person(app, "Bea")
    table, ann_key = open_table(ann, timer="2", timer_unit="hours", timeout="forfeit", rated="on")
    assert browser(app).post(f"/lobby/{table}/join").status_code == 403  # rated: a profile is needed
    hub.clock.offset += 5 * 3600  # no clock runs before every seat is taken
    time.sleep(0.5)
    assert not site.state(table)["finished"] and site.state(table)["deadline"] is None
    bea_key = join_from_lobby(bea, table)
    assert site.state(table)["deadline"] == pytest.approx(hub.clock.now() + 2 * 3600, abs=60)
    clients = {ann_key: ann, bea_key: bea}
    decided: set[str] = set()
    while decided != set(clients):  # both play (a game a person never played is aborted, and rates nobody)
        mover, mover_key = to_move(clients, table)
        seen = mover.state(table, mover_key)
        acted = mover.http.post(f"/api/t/{table}/act", json={"secret": mover_key, "action": seen["legal"][0],
                                                             "version": seen["version"]})
        assert acted.status_code == 200, acted.text
        decided.add(mover_key)
    late, late_key = to_move(clients, table)
    hub.clock.offset += 3 * 3600
    state = wait_for(lambda: (s := late.state(table, late_key))["finished"] and s)
    late_name = "Ann" if late is ann else "Bea"
    other = "Bea" if late is ann else "Ann"
    assert "forfeited" in state["status"] and f"{other} wins" in state["status"]
    # the end shows each profile's rating before and after: both newcomers, the winner up, the other down
    changes = {change["seat"]: change for change in state["ratings"]}
    late_seat = 0 if late is ann else 1
    assert sorted(changes) == [0, 1] and all(change["before"] == 1000 for change in changes.values())
    assert changes[1 - late_seat]["after"] > 1000 > changes[late_seat]["after"]
    board = site.http.get("/leaderboard/nuts-sorting", params={"players": "2"}).text
    assert board.index(other) < board.index(late_name)  # the winner rated above the one who forfeited
    ratings = hub.people.ratings("nuts-sorting", 2, [m for m in subjects(hub.tables[table].live) if m])
    assert len(ratings) == 2 and all(games == 1 for _, _, games in ratings.values())
    mine = late.http.get("/me").text
    assert "Forfeited" in mine
    assert f"/t/{table}/review" not in mine  # ended by a forfeit, not played out: nothing to review
    record = late.http.get(f"/t/{table}/record.json").json()
    assert record["table"]["results"] == (["Forfeited (ran out of time)", "Won"] if late is ann
                                          else ["Won", "Forfeited (ran out of time)"])


def test_my_games_links_a_game_played_to_its_end_to_its_review(site: Client) -> None:
    ann = person(site.http.app, "Ann")
    table, _ = ann.create_page("nuts-sorting", ["human", "random"], sit="on")
    links = ann.http.get("/me").text
    key = links.split(f'href="/t/{table}/seat/', 1)[1].split('"', 1)[0]
    assert f"/t/{table}/review" not in links  # under way
    while not (state := ann.state(table, key))["finished"]:
        if state["mine"]:
            play_first_legal(ann, table, key)
        else:
            time.sleep(0.05)  # the bot's move
    finished = wait_for(lambda: (text := ann.http.get("/me").text).count(f'href="/t/{table}/review"') == 1 and text)
    assert finished.index(f"/t/{table}/review") > finished.index('id="finished"')
    assert ann.http.get(f"/t/{table}/review").status_code == 200


def test_a_table_with_a_random_bot_is_never_rated(site: Client) -> None:
    ann = person(site.http.app, "Ann")
    response = ann.http.post("/new/nuts-sorting", data={"players": "2", "seat0": "human", "seat1": "random",
                                                         "rated": "on"})
    assert response.status_code == 400 and "random" in response.text


def test_chat_is_plain_limited_and_the_spectators_talk_among_themselves(site: Client) -> None:
    app = site.http.app
    table, keys = site.create("nuts-sorting", ["human", "human"])
    said = site.http.post(f"/api/t/{table}/chat", json={"secret": keys[0], "text": "  <b>hi</b>\n & bye "})
    assert said.status_code == 200, said.text
    assert site.http.post(f"/api/t/{table}/chat", json={"secret": keys[0], "text": "x" * 301}).status_code == 400
    assert site.http.post(f"/api/t/{table}/chat", json={"text": "hello"}).status_code == 403  # no seat, no profile
    watcher = person(app, "Watcher")
    assert watcher.http.post(f"/api/t/{table}/chat", json={"text": "go left!"}).status_code == 200
    flood = [site.http.post(f"/api/t/{table}/chat", json={"secret": keys[1], "text": f"line {n}"}).status_code
             for n in range(8)]
    assert flood[:5] == [200] * 5 and flood[5:] == [429] * 3
    with site.http.websocket_connect(f"/ws/t/{table}?secret={keys[1]}") as seat:
        assert seat.receive_json()["type"] == "state"
        chat = seat.receive_json()
    assert chat["type"] == "chat" and chat["say"] == "seats"
    texts = [line["text"] for line in chat["lines"]]
    assert texts[0] == "<b>hi</b> & bye" and "go left!" not in texts  # a seat never reads the spectators
    with watcher.http.websocket_connect(f"/ws/t/{table}") as spectator:
        spectator.receive_json()
        chat = spectator.receive_json()
    assert chat["say"] == "spectators" and "go left!" in [line["text"] for line in chat["lines"]]


def test_the_spectators_channel_is_read_only_by_spectators_with_a_profile_and_no_seat(site: Client) -> None:
    """A player cannot read the spectators coaching about them, from a second tab or without a profile."""
    app = site.http.app
    ann, watcher = person(app, "Ann"), person(app, "Watcher")
    table, _ = ann.create_page("nuts-sorting", ["human", "easy"], sit="on")
    assert watcher.http.post(f"/api/t/{table}/chat", json={"text": "go left!"}).status_code == 200

    def spectators_lines(client: Any) -> tuple[list[str], Any]:
        with client.websocket_connect(f"/ws/t/{table}") as socket:
            assert socket.receive_json()["type"] == "state"
            chat = socket.receive_json()
        return [line["text"] for line in chat["lines"]], chat["say"]

    assert spectators_lines(watcher.http) == (["go left!"], "spectators")
    seen, say = spectators_lines(ann.http)  # Ann's profile, without her seat's key: a spectator's tab
    assert "go left!" not in seen and say is None
    seen, say = spectators_lines(browser(app))  # no profile at all
    assert "go left!" not in seen and say is None
    refused = ann.http.post(f"/api/t/{table}/chat", json={"text": "they can't see me"})
    assert refused.status_code == 403 and "seat" in refused.json()["error"]


def test_a_database_from_the_release_before_profiles_upgrades_in_place(tmp_path: Path) -> None:
    path = tmp_path / "nutbox.sqlite3"
    shutil.copy(DATA / "nutbox-before-profiles.sqlite3", path)
    the_old_tables_play_on(f"sqlite:///{path}")


def test_a_table_under_rules_this_nutbox_no_longer_plays_is_refused_and_keeps_no_other_from_going_on(
        tmp_path: Path) -> None:
    """A stored game of a rules version no option reproduces cannot go on: it is refused with both versions
    named (410), and the server starts and plays its other tables."""
    path = tmp_path / "nutbox.sqlite3"
    shutil.copy(DATA / "nutbox-before-profiles.sqlite3", path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE tables SET rules_version = '0-old' WHERE id = '-uR0GVGchPmb'")
    with TestClient(create_app(f"sqlite:///{path}", bot_workers=1)) as http:
        gone = http.get("/api/t/-uR0GVGchPmb/state")
        assert gone.status_code == 410 and "rules version 0-old of nuts-sorting" in gone.text
        assert "cannot go on here" in gone.text
        assert Client(http).state("mu2NiISbASMy")["version"] == 8


def the_old_tables_play_on(database: str) -> None:
    """The tables of tests/web/data/nutbox-before-profiles.sqlite3 (made by the release before profiles, copied
    into `database`) after an upgrade: the unfinished game goes on with its seats' old keys, the finished one
    downloads, the new tables are there, and a second start changes nothing."""
    unfinished, finished = "mu2NiISbASMy", "-uR0GVGchPmb"
    keys = ["BofKfaqD5qYs8MhgtbUdKgZSzD7X9Yzc", "HbBmAJtseonQ_LRV1pUkh_USAOkcSvrZ"]
    with TestClient(create_app(database, bot_workers=1)) as http:
        http.app.state.portal = http.portal  # type: ignore[attr-defined]
        client = Client(http)
        state = client.state(unfinished, keys[0])
        assert state["version"] == 8 and [seat["name"] for seat in state["seats"]] == ["Ann", "Bea"]
        mover = keys[0] if state["mine"] else keys[1]
        assert client.act(unfinished, mover, client.state(unfinished, mover)["legal"][0]).status_code == 200
        assert client.state(finished)["finished"]
        assert http.get(f"/t/{finished}/record.json").json()["table"]["chat"] == []
        ann = person(http.app, "Ann")
        assert ann.http.get("/me").status_code == 200
    with TestClient(create_app(database, bot_workers=1)) as http:
        assert Client(http).state(unfinished)["version"] == 9


def test_the_spectators_together_are_held_to_a_few_lines_however_many_profiles_they_make(site: Client) -> None:
    table, _ = site.create("nuts-sorting", ["human", "human"])
    answers = [person(site.http.app, f"Watcher {n}").http.post(f"/api/t/{table}/chat", json={"text": "hi"})
               for n in range(24)]
    codes = [answer.status_code for answer in answers]
    assert codes[:20] == [200] * 20 and codes[20:] == [429] * 4
    assert "all the spectators together" in answers[-1].text


def test_a_rematch_keeps_the_profiles_and_moves_each_one_seat_on(site: Client) -> None:
    app = site.http.app
    hub = app.state.hub  # type: ignore[attr-defined]
    ann, bea = person(app, "Ann"), person(app, "Bea")
    table, ann_key = open_table(ann, timer="1", timer_unit="hours", timeout="forfeit", rated="on")
    bea_key = join_from_lobby(bea, table)
    hub.clock.offset += 2 * 3600
    wait_for(lambda: site.state(table)["finished"])
    version = ann.state(table, ann_key)["version"]
    again = ann.http.post(f"/api/t/{table}/again", json={"secret": ann_key, "version": version})
    assert again.status_code == 200, again.text
    rematch = again.json()["table"]
    for client, key, name in ((ann, ann_key, "Ann"), (bea, bea_key, "Bea")):
        link = client.state(table, key)["again"]
        taken = client.http.post(link, follow_redirects=False)
        assert taken.status_code == 303, taken.text
        seat = client.state(rematch, taken.headers["location"].rsplit("/seat/", 1)[1])["seat"]
        assert seat == (1 if name == "Ann" else 0)  # each one seat on
        assert f"/t/{rematch}/seat/" in client.http.get("/me").text
    live = hub.tables[rematch].live
    assert live.stored.settings.rated and live.stored.settings.timeout == "forfeit"
    assert [seat.name for seat in live.stored.seats] == ["Bea", "Ann"]


def test_a_profiles_page_says_when_its_webhook_failed_and_when_it_is_tried_again(site: Client) -> None:
    from sqlalchemy import select

    from nutbox.web.db import profiles

    app = site.http.app
    hub = app.state.hub  # type: ignore[attr-defined]
    ann = person(app, "Ann")
    closed = "http://127.0.0.1:1/hook"  # nothing listens there
    assert ann.http.post("/profile/webhook", data={"webhook": closed}, follow_redirects=False).status_code == 303
    with hub.store.engine.connect() as db:
        ann_id = db.scalar(select(profiles.c.id).where(profiles.c.name == "Ann"))
    hub.notifier.notify(closed, {"event": "your_turn"}, who=ann_id)
    wait_for(lambda: ann_id in hub.notifier.status)
    page = ann.http.get("/profile").text
    assert 'id="webhook-said"' in page and "failed" in page and "30 seconds later" in page
