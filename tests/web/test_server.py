"""The browser table's server through its HTTP and WebSocket interface: what it accepts, what it refuses
(with a clear answer and no change), what every watcher receives, and that a restart loses nothing; every test
on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from table_client import Client, fresh_database

from nutbox.registry import ENTRIES
from nutbox.web.app import create_app
from nutbox.web.limits import Clock, Limits


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    return fresh_database(request.getfixturevalue("postgres"))


def test_a_move_by_the_seat_to_move_is_applied_and_everyone_sees_it(server: Client) -> None:
    table, secrets = server.create("nuts-sorting", ["human", "human"])
    first, second = server.turn(table, secrets)
    with (
        server.http.websocket_connect(f"/ws/t/{table}?secret={first}") as one,
        server.http.websocket_connect(f"/ws/t/{table}?secret={second}") as two,
        server.http.websocket_connect(f"/ws/t/{table}") as spectator,
    ):
        start = one.receive_json()
        two.receive_json()
        watched = spectator.receive_json()
        assert start["status"] == "Your move" and start["legal"]
        move = start["legal"][-1]  # (a choice that hands the turn over: the first move)
        one.send_json({"type": "act", "action": move, "version": start["version"]})
        seen = [next_state(ws) for ws in (one, two, spectator)]
        assert {message["version"] for message in seen} == {start["version"] + 1}
        assert seen[1]["status"] == "Your move" and seen[1]["legal"]
        assert seen[0]["legal"] == [] and seen[2]["legal"] == []
        # the spectator is sent the log's new line alone, after the lines it has (table.js adds it to them)
        added = seen[2]["log_patch"]
        assert "log" not in seen[2] and added["from"] == watched["log_total"] == len(watched["log"])
        assert move == "choose first" and added["added"] == ["Player 2 takes the first move"]


def next_state(socket: object) -> dict[str, object]:
    """The next position a connection receives (presence notes and acknowledgements skipped)."""
    while True:
        message: dict[str, object] = socket.receive_json()  # type: ignore[attr-defined]
        if message["type"] == "state":
            return message


def test_refusals_say_why_and_change_nothing(server: Client) -> None:
    table, secrets = server.create("nuts-sorting", ["human", "human"])
    first, second = server.turn(table, secrets)
    before = server.state(table, first)
    move, version = before["legal"][0], before["version"]
    cases = [
        (server.act(table, "not-a-secret", move, version), 403, "not a seat"),
        (server.act(table, second, move), 409, "turn"),
        (server.act(table, first, move, version=before["version"] - 1), 409, "old position"),
        (server.http.post(f"/api/t/{table}/act", json={"secret": first, "action": move}), 400, "carries the version"),
        (server.act(table, first, "zz99 nonsense"), 409, "not understood"),
        (server.http.post(f"/api/t/{table}/act", content=b"{not json"), 400, "not JSON"),
        (server.http.post(f"/api/t/{table}/act", json=["a list"]), 400, "JSON object"),
        (server.http.post(f"/api/t/{table}/act", json={"secret": first, "action": move, "extra": 1}), 400, "extra"),
        (server.http.post(f"/api/t/{table}/act", json={"secret": first, "action": 5}), 400, "'action'"),
        (server.http.post(f"/api/t/{table}/act", json={"action": move}), 403, "spectators"),
        (server.http.post("/api/t/no-such-table/act", json={"secret": first, "action": move}), 404, "no such table"),
    ]
    for response, status, words in cases:
        assert response.status_code == status, response.text
        assert response.json()["ok"] is False and words in response.json()["error"]
    after = server.state(table, first)
    assert after["version"] == before["version"] and after["legal"] == before["legal"]


def test_an_illegal_move_is_refused_with_the_rule(server: Client) -> None:
    table, secrets = server.create("nuts-sorting", ["human", "human"])
    first, second = server.turn(table, secrets)
    before = server.state(table, first)
    server.act(table, first, before["legal"][-1])
    # the second player answers with the first player's move, which is no longer legal for them
    response = server.act(table, second, before["legal"][-1])
    assert response.status_code == 409 and "not allowed" in response.json()["error"]
    assert server.state(table, second)["version"] == before["version"] + 1


def test_a_stale_move_sent_twice_is_applied_once(server: Client) -> None:
    table, secrets = server.create("nuts-sorting", ["human", "human"])
    first, _ = server.turn(table, secrets)
    before = server.state(table, first)
    move = before["legal"][0]
    assert server.act(table, first, move, before["version"]).status_code == 200
    again = server.act(table, first, move, before["version"])
    assert again.status_code == 409
    assert server.state(table, first)["version"] == before["version"] + 1


def test_websocket_refusals_go_to_the_sender_only(server: Client) -> None:
    table, secrets = server.create("nuts-sorting", ["human", "human"])
    first, second = server.turn(table, secrets)
    with server.http.websocket_connect(f"/ws/t/{table}?secret={second}") as two:
        start = next_state(two)
        two.send_json({"type": "act", "action": start["legal"][0] if start["legal"] else "a1", "version": 0})
        assert receive_type(two, "error")["message"]
        two.send_json({"type": "dance", "version": start["version"]})
        assert "unknown request type" in receive_type(two, "error")["message"]
        # what is not a request at all is answered, and the connection closed with a code that says why
        two.send_text("{broken")
        assert "not JSON" in receive_type(two, "error")["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            two.receive_json()
        assert closed.value.code == 1007
    assert server.state(table, first)["version"] == start["version"]


def receive_type(socket: object, kind: str) -> dict[str, object]:
    while True:
        message: dict[str, object] = socket.receive_json()  # type: ignore[attr-defined]
        if message["type"] == kind:
            return message


def test_a_wrong_secret_cannot_join(server: Client) -> None:
    table, _ = server.create("nuts-sorting", ["human", "human"])
    with server.http.websocket_connect(f"/ws/t/{table}?secret=wrong") as socket:
        message = socket.receive_json()
        assert message["type"] == "error" and "not a seat" in message["message"]


def test_no_message_carries_a_secret_of_another_seat(server: Client) -> None:
    table, secrets = server.create("nut-hunt", ["human", "human", "human"])
    spectator = json.dumps(server.state(table))
    assert not any(secret in spectator for secret in secrets)
    for seat, secret in enumerate(secrets):
        message = json.dumps(server.state(table, secret))
        assert not any(other in message for other in secrets if other != secret), seat
        # and the spectator's view holds none of the objectives a seat is dealt
    view_objectives = server.state(table, secrets[0])["svg"]
    assert view_objectives is not None


def test_a_restart_loses_no_acknowledged_move(database: str) -> None:
    with TestClient(create_app(database, bot_workers=1)) as http:
        server = Client(http)
        table, secrets = server.create("nuts-sorting", ["human", "human"])
        for _ in range(3):
            mover, _ = server.turn(table, secrets)
            assert server.act(table, mover, server.state(table, mover)["legal"][0]).status_code == 200
        mover, _ = server.turn(table, secrets)
        before = server.state(table, mover)
    with TestClient(create_app(database, bot_workers=1)) as http:
        server = Client(http)
        after = server.state(table, mover)
        assert after["version"] == before["version"] and after["svg"] == before["svg"]
        assert after["legal"] == before["legal"] and after["log"] == before["log"]
        assert server.act(table, mover, after["legal"][0]).status_code == 200


def test_a_bot_answers_by_itself_and_the_game_goes_on(server: Client) -> None:
    table, (_, person) = server.create("nuts-sorting", ["random", "human"])
    start = server.state(table, person)
    assert server.act(table, person, start["legal"][-1]).status_code == 200
    deadline = time.time() + 60
    while time.time() < deadline:
        now = server.state(table, person)
        if now["status"] == "Your move":
            break
        time.sleep(0.1)
    assert now["status"] == "Your move" and now["version"] >= start["version"] + 2  # the person's, then the bot's
    assert len(now["log"]) > len(start["log"])


def test_a_finished_game_offers_its_record_and_an_upload_replays_it(server: Client) -> None:
    table, (_, person) = server.create("nuts-sorting", ["random", "human"])
    named = server.http.post(f"/api/t/{table}/name", json={"secret": person, "name": "Ann <3",
                                                             "version": server.state(table)["version"]})
    assert named.status_code == 200, named.text
    early = server.http.get(f"/t/{table}/record.json")
    assert early.status_code == 403 and "once the game is over" in early.text
    state = server.play_to_end(table, person)
    assert state["finished"] and state["scores"] is not None
    record = server.http.get(f"/t/{table}/record.json")
    assert record.status_code == 200 and record.json()["game"] == "nuts-sorting"
    uploaded = server.http.post("/watch", files={"record": ("game.json", record.content)}, follow_redirects=False)
    assert uploaded.status_code == 303
    watched = uploaded.headers["location"].split("/")[2]
    replay = server.http.get(f"/api/t/{watched}/replay", params={"step": 0}).json()
    assert replay["steps"] == state["steps"] and replay["svg"]
    # the record names its players, and the upload shows them by those names
    assert [seat["name"] for seat in server.state(watched)["seats"]] == ["Random bot", "Ann <3"]
    assert "Ann &lt;3" in server.http.get(f"/t/{watched}").text
    broken = server.http.post("/watch", files={"record": ("bad.json", b'{"game": "nuts-sorting"}')})
    assert broken.status_code == 400 and "record has no" in broken.text


def test_the_pages_render(server: Client) -> None:
    home = server.http.get("/")
    assert home.status_code == 200 and home.text.count('class="game"') == len(ENTRIES)
    for game in ("nuts-sorting", "nut-hunt", "nuts-factory", "in-the-nuts", "nut-cards"):
        assert server.http.get(f"/new/{game}").status_code == 200
        assert server.http.get(f"/rules/{game}").status_code == 200
    assert server.http.get("/new/chess").status_code == 404
    bad = server.http.post("/new/nuts-sorting", data={"players": "7", "seat0": "human"})
    assert bad.status_code == 400 and "players" in bad.text


def wait_for(check: object, seconds: float = 60) -> None:
    deadline = time.time() + seconds
    while not check():  # type: ignore[operator]
        assert time.time() < deadline, "timed out"
        time.sleep(0.05)


def test_a_turn_timer_hands_a_silent_seat_to_a_bot_and_the_game_goes_on(server: Client) -> None:
    table, secrets = server.create("nuts-sorting", ["human", "human"], timer="1", handover="random")
    late, _ = server.turn(table, secrets)
    start = server.state(table, late)
    assert start["deadline"] is not None
    seat = start["seat"]
    wait_for(lambda: server.state(table)["seats"][seat]["kind"] == "random", 30)
    wait_for(lambda: server.state(table)["version"] > start["version"] + 1, 30)  # the bot moved for it
    refused = server.act(table, late, "a1-a2")
    assert refused.status_code == 409
    taken_back = server.request(table, "handover", late, seat=seat, bot=None)
    assert taken_back.status_code == 200
    assert server.state(table)["seats"][seat]["kind"] == "human"


def test_a_rivals_seat_is_handed_over_only_once_they_are_away_and_their_turn_has_waited(database: str) -> None:
    grace, clock = 60.0, Clock()
    with TestClient(create_app(database, bot_workers=1, limits=Limits(grace=grace), clock=clock)) as http:
        server = Client(http)
        table, secrets = server.create("nut-hunt", ["human", "human"])
        target, rival = server.turn(table, secrets)
        seat, other = server.state(table, target)["seat"], server.state(table, rival)["seat"]
        with server.http.websocket_connect(f"/ws/t/{table}?secret={target}") as present:
            next_state(present)
            refused = server.request(table, "handover", rival, seat=seat, bot="easy")
            assert refused.status_code == 409 and "still at the table" in refused.json()["error"]
        wait_for(lambda: not server.state(table)["connected"][seat], 10)
        # gone, but their turn has not waited long enough: a dropped connection alone never loses a seat
        early = server.request(table, "handover", rival, seat=seat, bot="easy")
        assert early.status_code == 409 and f"once they have waited {grace:.0f} s" in early.json()["error"]
        # nor can a seat be taken while it is not that player's turn
        assert "while it is their turn" in server.request(table, "handover", target, seat=other, bot="easy").text
        assert server.state(table)["seats"][seat]["kind"] == "human"
        version = server.state(table)["version"]
        clock.offset += grace  # a minute later, on the server's clock
        assert server.request(table, "handover", rival, seat=seat, bot="easy").status_code == 200
        assert server.state(table)["version"] == version + 1
        assert server.state(table)["seats"][seat]["kind"] == "easy"
        assert any("played by a bot (easy)" in note for note in server.state(table)["notes"])
        for body, status, words in (
            ({"secret": rival, "seat": seat, "bot": None}, 409, "only the seat's own player"),
            ({"secret": rival, "seat": 7, "bot": "easy"}, 409, "no seat 8"),
            ({"secret": rival, "seat": other, "bot": "grandmaster"}, 400, "one of the levels"),
            ({"secret": rival, "seat": other, "bot": "ismcts:sims=100000000,time=1000"}, 400, "one of the levels"),
        ):
            response = server.request(table, "handover", **body)
            assert response.status_code == status and words in response.json()["error"], response.text


def test_undo_through_the_interface_restores_the_position(server: Client) -> None:
    table, secrets = server.create("in-the-nuts", ["human", "human"])
    for _ in range(200):
        mover, _ = server.turn(table, secrets)
        state = server.state(table, mover)
        if state["can_undo"]:
            break
        # a placement keeps the turn; stop or roll hands it on or rolls (chance), after which undo is closed
        placing = [text for text in state["legal"] if text.startswith("place")]
        assert server.act(table, mover, (placing or state["legal"])[0]).status_code == 200
    else:
        raise AssertionError("no decision to undo came up")
    undone = server.http.post(f"/api/t/{table}/undo", json={"secret": mover, "version": state["version"]})
    assert undone.status_code == 200
    again = server.http.post(f"/api/t/{table}/undo", json={"secret": mover, "version": state["version"]})
    assert again.status_code == 409 and "old position" in again.json()["error"]


def test_the_prompt_says_what_to_decide_and_whom_everyone_waits_for(server: Client) -> None:
    table, secrets = server.create("nut-hunt", ["human", "human", "hard"])
    mover, other = server.turn(table, secrets)
    mine, theirs, watching = server.state(table, mover), server.state(table, other), server.state(table)
    assert mine["prompt"].startswith("Your turn: ") and mine["mine"]
    assert len(mine["labels"]) == len(mine["legal"]) and all(mine["labels"])
    number = mine["seat"] + 1
    for message in (theirs, watching):
        assert message["prompt"].startswith(f"Waiting for Player {number} to ") and not message["mine"]
        assert message["labels"] == [] and len(message["panels"]) == 3


def test_play_again_seats_everyone_one_place_on_at_a_new_table(server: Client) -> None:
    table, (_, person) = server.create("nuts-sorting", ["random", "human"])
    early = server.request(table, "again", person)
    assert early.status_code == 409 and "once this one is over" in early.json()["error"]
    deadline = time.time() + 120
    while not (state := server.state(table, person))["finished"]:
        assert time.time() < deadline
        if state["legal"]:
            server.act(table, person, state["legal"][0], state["version"])
        else:
            time.sleep(0.05)
    assert state["score_table"] is not None and state["score_table"]["winners"] == state["winners"]
    spectators = server.http.post(f"/api/t/{table}/again", json={"version": state["version"]})
    assert spectators.status_code == 403
    started = server.request(table, "again", person)
    assert started.status_code == 200
    new = started.json()["table"]
    assert server.request(table, "again", person).json()["table"] == new  # asked twice: the same table
    link = server.state(table, person)["again"]
    assert link.startswith(f"/t/{new}/invite/") and server.state(table)["again"] == f"/t/{new}"
    key = server.claim(link)
    seat = server.state(new, key)
    assert seat["seat"] == 0 and [s["kind"] for s in seat["seats"]] == ["human", "random"]  # moved one place on


def test_a_name_given_on_a_page_a_move_behind_stands_and_a_version_not_seen_is_refused(server: Client) -> None:
    """The page asks a person's name while a bot may move: the name is sent with the version the page last had."""
    table, (ann, bea) = server.create("nuts-sorting", ["human", "human"])
    behind = server.state(table)["version"]
    mover, _ = server.turn(table, [ann, bea])
    server.act(table, mover, server.state(table, mover)["legal"][0])
    assert server.state(table)["version"] > behind
    for version in (None, -1, server.state(table)["version"] + 1):
        refused = server.http.post(f"/api/t/{table}/name", json={"secret": ann, "name": "Ann", "version": version})
        assert refused.status_code == 400 and "version" in refused.json()["error"], refused.text
    assert server.state(table)["seats"][0]["name"] != "Ann"
    named = server.http.post(f"/api/t/{table}/name", json={"secret": ann, "name": "Ann", "version": behind})
    assert named.status_code == 200, named.text
    assert server.state(table)["seats"][0]["name"] == "Ann"
