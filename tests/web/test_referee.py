"""The table as an attacker probes it: chance nobody can foresee, seats that are one person's alone, bots a
request cannot overload, a referee that needs the version, and no answer that is a 500, an echo or a leak."""

from __future__ import annotations

import json
import os
import re
import threading
import time
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from table_client import Client

from nutbox.core.data import CHANGES_VARIABLE
from nutbox.registry import make
from nutbox.web.app import create_app, page_json
from nutbox.web.bots import decide
from nutbox.web.chance import KEY_BYTES, KeyedRandom, chance_after, derive
from nutbox.web.limits import Clock, Limits
from nutbox.web.live import HUMAN, LiveTable
from nutbox.web.new_tables import new_table


def stored(server: Client, table: str) -> Any:
    """The server's own copy of a table (what only the server holds: keys, hashes)."""
    hub = server.http.app.state.hub  # type: ignore[attr-defined]
    return hub.store.load(table)


def play_to_the_end(server: Client, table: str, secrets: list[str]) -> None:
    for _ in range(2000):
        states = [server.state(table, secret) for secret in secrets if secret]
        if states[0]["finished"]:
            return
        for secret, state in zip([s for s in secrets if s], states, strict=True):
            if state["legal"]:
                server.act(table, secret, state["legal"][-1], state["version"])
                break
        else:
            time.sleep(0.02)
    raise AssertionError("the game did not end")


# --- chance ---------------------------------------------------------------------------------------------------
def test_chance_at_a_table_comes_from_its_secret_key_and_the_action_count() -> None:
    key = bytes(range(KEY_BYTES))
    rolls = [chance_after(key, 7).randrange(6) for _ in range(3)]
    assert rolls == [chance_after(key, 7).randrange(6) for _ in range(3)]  # a restart draws the same
    stream = [chance_after(key, 7).getrandbits(64) for _ in range(2)]
    assert stream[0] == stream[1]
    flipped = bytes([key[0] ^ 1]) + key[1:]
    assert chance_after(flipped, 7).getrandbits(64) != stream[0]  # one bit of key changes everything
    assert chance_after(key, 8).getrandbits(64) != stream[0]
    # the draws are fair dice (a chi-squared test, 5 degrees of freedom, p < 0.001 fails)
    rng = KeyedRandom(derive(key, "fairness"))
    counts = Counter(rng.randrange(6) for _ in range(6000))
    assert sum((counts[face] - 1000) ** 2 / 1000 for face in range(6)) < 20.5
    rng.seed(1)  # reseeding cannot put the stream back to a guessable state
    assert KeyedRandom(derive(key, "fairness")).getrandbits(32) != rng.getrandbits(32)


def test_two_tables_made_at_once_with_the_same_options_draw_different_chance(server: Client) -> None:
    made: list[tuple[str, list[str]]] = []
    threads = [threading.Thread(target=lambda: made.append(server.create("nut-hunt", ["human", "human"])))
               for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    (one, _), (two, _) = made
    keys = [stored(server, table).chance_key for table in (one, two)]
    assert all(len(key) == KEY_BYTES for key in keys) and keys[0] != keys[1]
    forests = [server.state(table)["svg"] for table in (one, two)]
    assert forests[0] != forests[1]


def test_no_page_message_or_record_holds_the_key_or_a_seed(server: Client) -> None:
    table, secrets = server.create("nuts-sorting", ["human", "human"])
    seen = [server.http.get(f"/t/{table}").text, json.dumps(server.state(table))]
    with server.http.websocket_connect(f"/ws/t/{table}") as spectator:
        seen.append(json.dumps(spectator.receive_json()))
    play_to_the_end(server, table, secrets)
    record = server.http.get(f"/t/{table}/record.json")
    assert record.status_code == 200
    seen += [record.text, json.dumps(server.http.get(f"/api/t/{table}/replay", params={"step": 1}).json())]
    seen += [server.http.get(f"/t/{table}/seat/{secret}").text for secret in secrets]
    assert record.json()["seed"] is None
    key = stored(server, table).chance_key
    for text in seen:
        assert key.hex() not in text and '"seed": ' not in text.replace('"seed": null', "")
    # the record alone replays the whole game: its chance is in its actions
    watched = server.http.post("/watch", files={"record": ("game.json", record.content)}, follow_redirects=False)
    assert watched.status_code == 303


def test_the_same_key_deals_the_same_and_another_key_deals_otherwise() -> None:
    game = make("nut-hunt", {"players": 2})
    deals = [new_table(game, [HUMAN, HUMAN], key=key).actions for key in (b"k" * 32, b"k" * 32, b"q" * 32)]
    assert deals[0] == deals[1] and deals[0] != deals[2]


# --- invitations ----------------------------------------------------------------------------------------------
def test_the_creator_hands_out_invitations_and_never_holds_a_seat(server: Client) -> None:
    table, invitations = server.invite("nut-hunt", ["human", "human", "easy"])
    creator_page = server.http.get(server.creator).text
    assert invitations[2] == "" and all(invitations[:2])
    assert "/seat/" not in creator_page  # no seat key on the creator's page, only invitations
    # a link preview that fetches the invitation takes nothing
    assert server.http.get(invitations[0]).status_code == 200
    assert not server.state(table)["seats"][0]["joined"]
    keys = [server.claim(link) for link in invitations[:2]]
    assert all(server.state(table, key)["seat"] == seat for seat, key in enumerate(keys))
    # each invitation works once: a second browser gets a clear refusal, and nothing changes
    version = server.state(table)["version"]
    for link in invitations[:2]:
        late = server.http.post(link, follow_redirects=False)
        assert late.status_code == 410 and "used" in late.text
        assert server.http.get(link).status_code == 410
    assert server.state(table)["version"] == version
    creator_page = server.http.get(server.creator).text
    assert creator_page.count("Seat taken") == 2 and not any(key in creator_page for key in keys)
    kept = json.dumps([seat.to_json() for seat in stored(server, table).seats])
    assert not any(key in kept for key in keys)  # only hashes are kept
    assert server.http.get(server.creator.replace("/links/", "/links/x")).status_code == 403


def test_each_open_invitation_has_its_qr_code_for_the_creator_only(server: Client) -> None:
    """The creator's page links to each open invitation's QR code (drawn when asked, not with the page): an SVG
    image of the very link the page shows, never cached, and nobody without the creator's link gets it."""
    import segno

    table, invitations = server.invite("nut-hunt", ["human", "human", "easy"])
    page = server.http.get(server.creator).text
    key = server.creator.rsplit("/", 1)[1]
    codes = [f"/t/{table}/links/{key}/qr/{seat}" for seat in (0, 1)]
    assert all(f'src="{code}"' in page for code in codes) and "<svg" not in page
    assert all(link.startswith("http://testserver/t/") for link in invitations[:2])
    for seat, code in enumerate(codes):
        image = server.http.get(code)
        assert image.status_code == 200 and image.headers["content-type"].startswith("image/svg+xml")
        assert image.headers["cache-control"] == "no-store"
        assert ET.fromstring(image.text).tag == "{http://www.w3.org/2000/svg}svg"
        drawn = segno.make(invitations[seat], error="m").svg_inline(scale=4, dark="#222", light="#fff")
        assert re.search(r'd="([^"]+)"[^>]*/>\s*</g>', drawn).group(1) in image.text  # (its modules: that link's)
    assert server.http.get(f"/t/{table}/links/{key}/qr/2").status_code == 404  # a bot's seat: no invitation
    assert server.http.get(f"/t/{table}/links/{key}/qr/3").status_code == 400
    assert server.http.get(f"/t/{table}/links/{key}/qr/-1").status_code == 400
    assert server.http.get(f"/t/{table}/links/x{key}/qr/0").status_code == 403
    server.claim(invitations[0])
    assert server.http.get(codes[0]).status_code == 404  # taken: that invitation is gone


def test_a_seat_moves_to_another_device_and_the_old_link_stops_working(server: Client) -> None:
    table, (first, _second) = server.create("nuts-sorting", ["human", "human"])
    moved = server.request(table, "transfer", first)
    assert moved.status_code == 200
    link = moved.json()["link"]
    assert link.rsplit("/", 1)[1] not in server.http.get(server.creator).text  # the creator cannot take it
    assert server.state(table, first)["seat"] == 0  # until the new device takes it
    new_key = server.claim(link)
    assert server.state(table, new_key)["seat"] == 0
    old = server.http.get(f"/api/t/{table}/state", params={"secret": first})
    assert old.status_code == 403
    assert server.http.post(link, follow_redirects=False).status_code == 410
    assert any("move their seat" in note for note in server.state(table)["notes"])
    spectator = server.http.post(f"/api/t/{table}/transfer", json={"version": server.state(table)["version"]})
    assert spectator.status_code == 403


def test_the_creator_reissues_an_invitation_only_for_a_player_away_past_the_grace(database: str) -> None:
    clock = Clock()
    with TestClient(create_app(database, bot_workers=1, limits=Limits(grace=2.0), clock=clock)) as http:
        server = Client(http)
        table, (_first, second) = server.create("nuts-sorting", ["human", "human"])
        key = server.creator.rsplit("/", 1)[1]
        reissue = f"/t/{table}/links/{key}/reissue"
        with server.http.websocket_connect(f"/ws/t/{table}?secret={second}") as present:
            present.receive_json()
            refused = server.http.post(reissue, data={"seat": "1"})
            assert refused.status_code == 409 and "away for 2 s" in refused.text
        assert server.http.post(f"/t/{table}/links/wrong/reissue", data={"seat": "1"}).status_code == 403
        assert server.http.post(reissue, data={"seat": "9999999999"}).status_code == 400

        deadline = time.time() + 30
        while server.state(table)["connected"][1]:  # (until the server has seen the page go)
            assert time.time() < deadline
            time.sleep(0.05)
        clock.offset += 2.0  # two seconds later, on the server's clock
        assert server.http.post(reissue, data={"seat": "1"}).status_code == 200
        page = server.http.get(server.creator).text
        link = re.search(r'<li class="seat-row" data-seat="1">.*?class="invite-link" href="([^"]+)"', page, re.S)
        assert link and "re-issued the invitation for Player 2" in page
        new_key = server.claim(link.group(1))
        assert server.state(table, new_key)["seat"] == 1
        assert server.http.get(f"/api/t/{table}/state", params={"secret": second}).status_code == 403


# --- bots -----------------------------------------------------------------------------------------------------
def test_requests_name_bot_levels_only_unless_the_server_allows_settings(database: str) -> None:
    expensive = "ismcts:sims=100000000,time=1000"
    with TestClient(create_app(database, bot_workers=1)) as http:
        server = Client(http)
        response = http.post("/new/nuts-sorting", data={"players": "2", "seat0": "human", "seat1": expensive})
        assert response.status_code == 400 and "each seat is one of" in response.text
        table, (first, _) = server.create("nuts-sorting", ["human", "human"])
        refused = server.request(table, "handover", first, seat=0, bot=expensive)
        assert refused.status_code == 400 and "one of the levels" in refused.json()["error"]
        assert server.state(table)["seats"][0]["kind"] == HUMAN
    with TestClient(create_app(database, bot_workers=1, limits=Limits(bot_settings=True))) as http:
        server = Client(http)
        table, (first, _) = server.create("nuts-sorting", ["human", "human"])
        assert server.request(table, "handover", first, seat=0, bot="mcts:sims=50").status_code == 200


def test_every_bot_decision_on_the_server_stops_at_the_servers_time_cap() -> None:
    game = make("nut-hunt", {"players": 3})
    live = LiveTable(new_table(game, [HUMAN] * 3, key=bytes(KEY_BYTES)))
    seat = live.to_move()
    assert seat is not None
    legal = [str(a) for a in live.match.state.legal_actions()]
    answer: list[str] = []
    # a budget that would take hours uncapped; the cap ends it (the join is only a guard against a hang)
    worker = threading.Thread(target=lambda: answer.append(decide(
        game.id, live.stored.options, "ismcts:sims=100000000", seat, "s", live.match.state.view(seat), legal, 0.2)))
    worker.start()
    worker.join(120)
    assert answer and answer[0] in legal


def test_one_tables_bots_never_starve_anothers(database: str) -> None:
    """With a single bot worker, a table of slow bots and a table of quick ones take turns in it."""
    with TestClient(create_app(database, bot_workers=1, limits=Limits(bot_time=0.3))) as http:
        server = Client(http)
        slow, _ = server.create("nut-hunt", ["hard", "hard", "hard"])
        quick, _ = server.create("nut-hunt", ["random", "random", "random"])
        start = {table: server.state(table)["version"] for table in (slow, quick)}
        deadline = time.time() + 120
        while server.state(quick)["version"] < start[quick] + 10:
            assert time.time() < deadline
            time.sleep(0.05)
        moved = {table: server.state(table)["version"] - start[table] for table in (slow, quick)}
        # strict turns would give equal counts; a table never waits behind more than one decision of another
        assert moved[slow] >= 5, moved


# --- the referee ----------------------------------------------------------------------------------------------
def test_every_request_carries_its_version(server: Client) -> None:
    table, secrets = server.create("in-the-nuts", ["human", "human"])
    mover, _ = server.turn(table, secrets)
    before = server.state(table, mover)
    for kind, fields in (("act", {"action": before["legal"][0]}), ("undo", {}), ("handover", {"seat": 0}),
                         ("transfer", {})):
        response = server.http.post(f"/api/t/{table}/{kind}", json={"secret": mover, **fields})
        assert response.status_code == 400 and "version" in response.json()["error"], kind
    with server.http.websocket_connect(f"/ws/t/{table}?secret={mover}") as socket:
        socket.receive_json()
        socket.send_json({"type": "act", "action": before["legal"][0]})
        while (message := socket.receive_json())["type"] != "error":
            pass
        assert "version" in message["message"]
    assert server.state(table, mover)["version"] == before["version"]


# --- no 500, no echo ------------------------------------------------------------------------------------------
def test_a_secret_with_any_characters_is_refused_not_an_error(server: Client) -> None:
    table, _secrets = server.create("nuts-sorting", ["human", "human"])
    version = server.state(table)["version"]
    def post(kind: str, body: dict[str, Any]) -> Any:  # JSON escapes what a URL cannot carry (lone surrogates)
        return server.http.post(f"/api/t/{table}/{kind}", content=json.dumps(body).encode())

    for secret in ("ключ", "\u00e9t\u00e9", "\ud800", "a" * 5000, "é" * 300, "%FF%FE", "\x00"):
        body = {"secret": secret, "version": version}
        in_url = {"\ud800": "%ED%A0%80", "\x00": "%00"}.get(secret, secret)
        for response in (
            post("act", {**body, "action": "a1-a2"}),
            post("undo", body),
            post("handover", {**body, "seat": 0}),
            post("transfer", body),
            server.http.get(f"/api/t/{table}/state", params={"secret": in_url}),
            server.http.get(f"/api/t/{table}/replay", params={"secret": in_url}),
            server.http.get(f"/t/{table}/seat/{in_url}"),
            server.http.get(f"/t/{table}/invite/{in_url}"),
            server.http.get(f"/t/{table}/links/{in_url}"),
            server.http.get(f"/t/{in_url}"),
        ):
            assert response.status_code in (400, 403, 404, 410), (secret[:5], response.url, response.text[:200])
            assert len(response.content) < 4000
    assert server.state(table)["version"] == version


def test_deep_nesting_is_refused(server: Client) -> None:
    table, (_first, _) = server.create("nuts-sorting", ["human", "human"])
    deep = "[" * 100_000 + "]" * 100_000
    response = server.http.post(f"/api/t/{table}/act", content=deep.encode())
    assert response.status_code in (400, 413)
    nested = '{"a":' * 5000 + "1" + "}" * 5000
    response = server.http.post(f"/api/t/{table}/act", content=nested.encode())
    assert response.status_code == 400 and "nested too deeply" in response.json()["error"]
    uploaded = server.http.post("/watch", files={"record": ("deep.json", nested.encode())})
    assert uploaded.status_code == 400 and "nested too deeply" in uploaded.text


@pytest.mark.parametrize("timer", ["inf", "-inf", "nan", "1e400", "-1", "604801", "1" * 400, "0x10"])
def test_a_turn_timer_must_be_a_finite_number_of_seconds_up_to_a_week(server: Client, timer: str) -> None:
    hub = server.http.app.state.hub  # type: ignore[attr-defined]
    tables = hub.store.count()
    response = server.http.post("/new/nuts-sorting", data={"players": "2", "seat0": "human", "seat1": "easy",
                                                           "timer": timer})
    assert response.status_code == 400 and "time per decision" in response.text
    assert hub.store.count() == tables


@pytest.mark.parametrize("change", [
    {"seed": 10**30}, {"seed": -(10**30)}, {"seats": ["<!--<script>", "easy"]}, {"seats": ["a" * 41, "easy"]},
    {"seats": ["easy"]}, {"seats": ["easy", "easy", "easy"]}, {"options": {"players": 10**30}},
    {"options": {"players": 2, "both_sorted": "x" * 100_000}},
])
def test_an_uploaded_record_with_numbers_or_names_out_of_bounds_is_refused(server: Client,
                                                                            change: dict[str, Any]) -> None:
    record = {"game": "nuts-sorting", "rules_version": "1", "options": {"players": 2}, "seed": 3,
              "seats": ["easy", "random"], "actions": [], **change}
    hub = server.http.app.state.hub  # type: ignore[attr-defined]
    tables = hub.store.count()
    response = server.http.post("/watch", files={"record": ("game.json", json.dumps(record).encode())})
    assert response.status_code == 400, response.text[:300]
    assert len(response.content) < 4000 and "<!--<script>" not in response.text
    assert hub.store.count() == tables


def test_an_uploaded_record_of_a_game_with_changed_components_is_refused_and_changes_nothing(
        server: Client) -> None:
    record = {"game": "nut-hunt", "rules_version": "2", "options": {"players": 2}, "seed": 3,
              "seats": ["easy", "random"], "actions": [], "data": {"objectives": {"0": {"points": 99}}}}
    hub = server.http.app.state.hub  # type: ignore[attr-defined]
    tables = hub.store.count()
    response = server.http.post("/watch", files={"record": ("game.json", json.dumps(record).encode())})
    assert response.status_code == 400
    assert "this record was played with changes to the game" in response.text
    assert hub.store.count() == tables
    assert CHANGES_VARIABLE not in os.environ  # (the server plays every game as printed)


def test_an_upload_is_cut_off_at_its_limit_while_it_streams(server: Client) -> None:
    big = b'{"game": "' + b"x" * 10_000_000 + b'"}'
    declared = server.http.post("/watch", files={"record": ("big.json", big)})
    assert declared.status_code == 413

    def chunks() -> Any:  # no Content-Length: the body is counted as it arrives
        for _ in range(100):
            yield b"y" * 100_000

    streamed = server.http.post("/watch", content=chunks(), headers={"content-type": "multipart/form-data; boundary=b"})
    assert streamed.status_code == 413
    api = server.http.post("/api/t/x/act", content=b"z" * 100_000)
    assert api.status_code == 413


def test_a_refusal_quotes_at_most_a_little_of_what_was_sent(server: Client) -> None:
    table, secrets = server.create("nuts-sorting", ["human", "human"])
    mover, _ = server.turn(table, secrets)
    version = server.state(table)["version"]
    for action in ("q" * 60_000, "x " + "9" * 150, "é" * 199):
        response = server.act(table, mover, action, version)
        assert response.status_code in (400, 409) and len(response.content) < 1000
    options = server.http.post("/new/nut-cards", data={"players": "2", "seat0": "human", "seat1": "easy",
                                                       "squirrels": "w" * 50_000})
    assert options.status_code == 400 and len(options.content) < 20_000
    assert server.http.get("/new/" + "g" * 5000).status_code == 404
    assert len(server.http.get("/new/" + "g" * 5000).content) < 4000


def test_json_in_a_page_cannot_close_its_script_block() -> None:
    embedded = page_json({"name": "</script><!--<script>alert(1)</script>", "and": "&"})
    assert "<" not in embedded and ">" not in embedded and "&" not in embedded
    assert json.loads(embedded)["name"] == "</script><!--<script>alert(1)</script>"


def test_every_page_says_no_referrer_no_store_and_no_framing(server: Client) -> None:
    table, secrets = server.create("nuts-sorting", ["human", "human"])
    for path in ("/", "/new/nut-hunt", f"/t/{table}", f"/t/{table}/seat/{secrets[0]}", server.creator,
                 f"/api/t/{table}/state", "/no/such/page"):
        response = server.http.get(path)
        assert response.headers["referrer-policy"] == "no-referrer", path
        assert response.headers["cache-control"] == "no-store", path
        policy = response.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
        assert "'unsafe-inline'" not in policy.split("script-src", 1)[1].split(";")[0]
    page = server.http.get(f"/t/{table}/seat/{secrets[0]}").text
    assert not re.search(r"<script(?![^>]*(src=|application/json))", page)  # no inline script to allow


@pytest.mark.parametrize("frame, code", [
    (b"\x00\x01binary", 1003), ("[" * 50_000, 1007), ("\u00ff\u1234 junk", 1007), ('{"type": ' * 3000, 1007),
    ("x" * 70_000, 1009),
])
def test_a_websocket_that_sends_junk_is_closed_with_a_code_that_says_why(server: Client, frame: Any,
                                                                          code: int) -> None:
    table, secrets = server.create("nuts-sorting", ["human", "human"])
    version = server.state(table)["version"]
    with server.http.websocket_connect(f"/ws/t/{table}?secret={secrets[0]}") as socket:
        socket.receive_json()
        if isinstance(frame, bytes):
            socket.send_bytes(frame)
        else:
            socket.send_text(frame)
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                socket.receive_json()
        assert closed.value.code == code and closed.value.reason
    assert server.state(table)["version"] == version


@pytest.mark.parametrize("request_text", ['{"type": null, "bot": null}', '{"type": null}'])
def test_a_request_whose_type_is_null_is_read_as_an_act_and_refused_by_http_and_websocket(
        server: Client, request_text: str) -> None:
    # a null field is as good as an absent one (the schema allows both); the fuzzer once found this one unanswered
    table, _ = server.create("nut-hunt", ["human", "human"])
    version = server.state(table)["version"]
    response = server.http.post(f"/api/t/{table}/act", content=request_text,
                                headers={"content-type": "application/json"})
    assert response.status_code == 400 and "action" in response.json()["error"]
    with server.http.websocket_connect(f"/ws/t/{table}") as socket:
        socket.receive_json()
        socket.send_text(request_text)
        answer = socket.receive_json()
        while answer["type"] not in ("ok", "error"):
            answer = socket.receive_json()
        assert answer == {"type": "error", "message": "an act request needs the action's text"}
    assert server.state(table)["version"] == version


def test_a_fault_of_the_server_on_a_request_closes_the_connection_with_1011_rather_than_leaving_it_waiting(
        server: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    table, secrets = server.create("nuts-sorting", ["human", "human"])
    hub = server.http.app.state.hub  # type: ignore[attr-defined]

    async def broken(*args: Any) -> int:
        raise RuntimeError("a fault planted by the test")

    monkeypatch.setattr(hub, "undo", broken)
    with server.http.websocket_connect(f"/ws/t/{table}?secret={secrets[0]}") as socket:
        socket.receive_json()
        socket.send_text(json.dumps({"type": "undo"}))
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                socket.receive_json()
        assert closed.value.code == 1011 and "reconnect" in closed.value.reason
