"""The table around a game, through HTTP and WebSocket: the creator landing on their seat, bots at a pace a person
can follow while one plays a person's seat, the board drawn for a phone when the connection asks for it, and the
leaderboards in the site's navigation."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest
from starlette.testclient import TestClient
from table_client import Client

from nutbox.web.app import create_app
from nutbox.web.limits import Limits

PACE = 0.4  # seconds between bot decisions while a bot plays a person's seat (the server's least is set to this)


@pytest.fixture
def server(database: str) -> Iterator[Client]:
    with TestClient(create_app(database, bot_workers=1, limits=Limits(tick=0.1, pace=PACE))) as http:
        yield Client(http)


def test_the_creator_who_sits_lands_on_their_seat_with_the_invitations_a_click_away(server: Client) -> None:
    made = server.http.post("/profile", data={"name": "Ann"}, follow_redirects=False)
    assert made.status_code == 303, made.text
    table, links_page = server.create_page("nut-hunt", ["human", "human", "easy"], sit="on")
    landed = re.fullmatch(rf"/t/{table}/seat/([\w-]+)#invitations=(/t/{table}/links/[\w-]+)", server.landed)
    assert landed, server.landed
    seat_page = server.http.get(server.landed.split("#")[0])
    assert seat_page.status_code == 200 and "Ann" in seat_page.text
    assert server.state(table, landed.group(1))["seat"] == 0
    assert 'class="invite-link"' in links_page  # the second person's invitation waits there


def test_without_sitting_the_creator_lands_on_the_invitations(server: Client) -> None:
    table, links_page = server.create_page("nuts-sorting", ["human", "easy"])
    assert server.landed.startswith(f"/t/{table}/links/") and "#" not in server.landed
    assert 'class="invite-link"' in links_page


def states_until(socket: Any, done: Any, limit: int = 400) -> list[dict[str, Any]]:
    seen = []
    for _ in range(limit):
        message = socket.receive_json()
        if message["type"] == "state":
            seen.append(message)
            if done(message):
                return seen
    raise AssertionError("the table never got there")


def test_while_a_bot_plays_a_timed_out_persons_seat_bots_keep_a_followable_pace_and_it_can_be_taken_back(
        server: Client) -> None:
    table, (key, *_) = server.create("in-the-nuts", ["human", "easy", "easy"], timer="1", timeout="bot")
    with server.http.websocket_connect(f"/ws/t/{table}?secret={key}") as socket:
        states_until(socket, lambda m: m["seats"][0]["kind"] == "easy")  # the person said nothing for 1 s
        moves: list[dict[str, Any]] = []  # each update after that is a bot's decision
        while len(moves) < 5:
            moves += states_until(socket, lambda m: True, 10)
        assert not moves[-1]["finished"], "the person has time to come back"
        times = [m["server_time"] for m in moves]
        # (a message is dated when it is built, a little after its move was stored: the pace runs from the store)
        assert all(later - earlier >= PACE * 0.75 for earlier, later in pairwise(times)), times
        socket.send_json({"type": "handover", "seat": 0, "bot": None, "version": moves[-1]["version"]})
        back = states_until(socket, lambda m: m["seats"][0]["kind"] == "human", 20)
        assert not back[-1]["finished"]
    assert server.state(table, key)["seats"][0]["kind"] == "human"


def test_a_connection_that_asks_for_a_phone_gets_the_board_drawn_for_a_phone(server: Client) -> None:
    table, (key, _) = server.create("nut-cards", ["human", "easy"])
    desktop = server.state(table, key)["svg"]
    phone = server.http.get(f"/api/t/{table}/state", params={"secret": key, "layout": "phone"}).json()["svg"]
    assert desktop != phone and 'width="358"' in phone  # the phone's picture is 358 CSS px wide
    with server.http.websocket_connect(f"/ws/t/{table}?secret={key}&layout=phone") as socket:
        assert states_until(socket, lambda m: True, 5)[0]["svg"] == phone
    replay = server.http.get(f"/api/t/{table}/replay", params={"secret": key, "step": "0", "layout": "phone"})
    assert replay.status_code == 200 and 'width="358"' in replay.json()["svg"]


def test_the_leaderboards_are_in_the_sites_navigation(server: Client) -> None:
    home = server.http.get("/").text
    assert 'href="/leaderboard"' in home
    board = server.http.get("/leaderboard", follow_redirects=False)
    assert board.status_code == 303 and board.headers["location"].startswith("/leaderboard/")
    assert server.http.get(board.headers["location"]).status_code == 200


def test_the_turn_clock_runs_from_the_start_of_the_turn_and_an_undo_gives_no_time_back(server: Client) -> None:
    """6 s per decision: a decision and its undo 3.5 s in leave the deadline where it was (it used to move 3.5 s
    on, so a player could stop their clock by deciding and undoing)."""
    hub = server.http.app.state.hub  # type: ignore[attr-defined]
    table, keys = server.create("nuts-factory", ["human", "human"], timer="6", timeout="bot")
    for _ in range(200):
        seat_key = next(key for key in keys if server.state(table, key)["mine"])
        state = server.state(table, seat_key)
        deadline = state["deadline"]
        hub.clock.offset += 3.5
        moved = server.http.post(f"/api/t/{table}/act", json={
            "secret": seat_key, "action": state["legal"][0], "version": state["version"]})
        assert moved.status_code == 200, moved.text
        after = server.state(table, seat_key)
        if not after["can_undo"]:
            continue  # the turn passed on: try the next one
        assert after["deadline"] == pytest.approx(hub.clock.now() + 6, abs=0.5)  # a fresh period per decision
        undone = server.http.post(f"/api/t/{table}/undo", json={"secret": seat_key, "version": after["version"]})
        assert undone.status_code == 200, undone.text
        assert server.state(table, seat_key)["deadline"] == pytest.approx(deadline, abs=0.01)
        return
    raise AssertionError("no decision could be undone")
