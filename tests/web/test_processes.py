"""The table served by several processes on one PostgreSQL: each a real `nutbox serve`, on 127.0.0.1. A seat on one
process and a spectator on another see each other's moves and chat live; a process killed mid-burst loses no move it
acknowledged, and the other carries every table on (and a bot the dead one was running); SQLite refuses several
processes."""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from launch import server_process
from pgcluster import binaries, postgres_cluster
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from nutbox.cli.main import app

pytestmark = pytest.mark.skipif(binaries() is None, reason="PostgreSQL is not installed (./run test installs it)")


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


def post(url: str, form: dict[str, str] | None = None, data: dict[str, Any] | None = None) -> tuple[str, str]:
    """POST a form or JSON, following redirects: the address it ended at and the answer (an error's too)."""
    body = urllib.parse.urlencode(form).encode() if form is not None else json.dumps(data).encode()
    kind = "application/x-www-form-urlencoded" if form is not None else "application/json"
    request = urllib.request.Request(url, body, {"Content-Type": kind}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.url, answer.read().decode()
    except urllib.error.HTTPError as error:
        return url, error.read().decode()


def state(server: str, table: str, key: str = "") -> dict[str, Any]:
    with urllib.request.urlopen(f"{server}/api/t/{table}/state?secret={key}", timeout=10) as answer:
        found: dict[str, Any] = json.loads(answer.read())
        return found


def new_table(server: str) -> tuple[str, list[str]]:
    """A Nuts Sorting table of two people made on `server`: its id and both seats' keys."""
    where, page = post(f"{server}/new/nuts-sorting", {"players": "2", "seat0": "human", "seat1": "human"})
    links = [link.split('"', 1)[0] for link in page.split('class="invite-link" href="')[1:]]
    return where.split("/")[4], [post(link)[0].rsplit("/seat/", 1)[1] for link in links]


def play_one(server: str, table: str, keys: list[str]) -> int | None:
    """The seat to move plays its first legal move; the version acknowledged, or None if it was not."""
    for key in keys:
        seen = state(server, table, key)
        if seen["legal"]:
            _, answer = post(f"{server}/api/t/{table}/act",
                             data={"secret": key, "action": seen["legal"][0], "version": seen["version"]})
            said = json.loads(answer)
            return int(said["version"]) if said.get("ok") else None
    return None


def test_a_seat_on_one_process_and_a_spectator_on_another_see_each_others_moves(database: str) -> None:
    with server_process(database) as (one, _), server_process(database) as (other, _):
        table, keys = new_table(one)
        ws = other.replace("http", "ws") + f"/ws/t/{table}"
        with connect(ws, open_timeout=10) as spectator:
            first: dict[str, Any] = json.loads(spectator.recv(timeout=10))
            for _ in range(3):
                version = play_one(one, table, keys)
                assert version is not None
                while (message := json.loads(spectator.recv(timeout=10)))["type"] != "state" \
                        or message["version"] < version:
                    pass
                # the whole log, or (table.js adds them) the lines added to the log the spectator has
                changed = message["log"] != first["log"] if "log" in message else message["log_patch"]["added"]
                assert message["version"] == version and changed
            post(f"{one}/api/t/{table}/chat", data={"secret": keys[0], "text": "from the first process"})
            while (message := json.loads(spectator.recv(timeout=10)))["type"] != "chat" or message.get("reset"):
                pass
            assert [line["text"] for line in message["lines"]] == ["from the first process"]
        # and the other way round: a move made on the second process reaches a seat's page on the first
        with connect(one.replace("http", "ws") + f"/ws/t/{table}?secret={keys[0]}", open_timeout=10) as seat:
            json.loads(seat.recv(timeout=10))
            version = play_one(other, table, keys)
            assert version is not None
            while (message := json.loads(seat.recv(timeout=10)))["type"] != "state" or message["version"] < version:
                pass


def test_a_process_killed_mid_burst_loses_no_acknowledged_move(database: str) -> None:
    with server_process(database) as (survivor, _):
        with server_process(database) as (doomed, process):
            table, keys = new_table(doomed)
            acknowledged: list[int] = []
            killed = threading.Event()

            def burst() -> None:
                while not killed.is_set():
                    try:
                        version = play_one(doomed, table, keys)
                    except (OSError, ValueError, http.client.HTTPException):  # the process is gone, mid-answer even
                        return
                    if version is not None:
                        acknowledged.append(version)

            player = threading.Thread(target=burst)
            player.start()
            while len(acknowledged) < 15:
                assert player.is_alive()
            process.kill()  # kill -9, mid-burst
            killed.set()
            player.join(timeout=30)
        now = state(survivor, table)
        assert now["version"] >= max(acknowledged)
        assert play_one(survivor, table, keys) == now["version"] + 1  # and the game goes on here


def test_several_processes_need_postgresql() -> None:
    result = CliRunner().invoke(app, ["serve", "--db", "sqlite:///x.sqlite3", "--workers", "2"])
    assert result.exit_code == 2 and "PostgreSQL" in result.output


def test_a_bot_whose_process_died_is_picked_up_by_another(database: str) -> None:
    with server_process(database) as (survivor, _):
        with server_process(database) as (doomed, process):
            # in Nuts Sorting the second seat decides first: here a bot that thinks for about a second; with the
            # placer choosing the order, whatever it chooses, the person decides next
            where, _ = post(f"{doomed}/new/nuts-sorting", {"players": "2", "seat0": "human", "seat1": "hard",
                                                           "placer_chooses_order": "on"})
            table = where.split("/")[4]
            process.kill()  # kill -9 while its bot thinks
        with connect(survivor.replace("http", "ws") + f"/ws/t/{table}", open_timeout=10) as spectator:
            first = json.loads(spectator.recv(timeout=10))
            assert first["to_move"] == 1  # the bot's decision is still to be made (its process died first) ...
            while (message := json.loads(spectator.recv(timeout=30)))["type"] != "state":
                pass
            assert message["to_move"] == 0 and message["version"] == first["version"] + 1  # ... and is made here
        assert state(survivor, table)["to_move"] == 0  # exactly one decision landed; the person is to move


def test_the_chat_limit_holds_across_processes(database: str) -> None:
    """10 lines from one seat, alternating between two processes: the limit (5 in 10 s) is the site's, not each
    process's (it used to let all 10 through)."""
    with server_process(database) as (one, _), server_process(database) as (other, _):
        table, keys = new_table(one)
        answers = []
        for number in range(10):
            server = (one, other)[number % 2]
            request = urllib.request.Request(
                f"{server}/api/t/{table}/chat", json.dumps({"secret": keys[0], "text": f"line {number}"}).encode(),
                {"Content-Type": "application/json"}, method="POST")
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:
                    answers.append(answer.status)
            except urllib.error.HTTPError as refused:
                answers.append(refused.code)
                assert "slow down" in refused.read().decode()
        assert answers == [200] * 5 + [429] * 5


def test_two_processes_agree_on_who_is_here(database: str) -> None:
    """A person connected through one process, thinking past the grace: through the other, a rival's handover and
    the creator's re-issue are refused as they are through the first (they used to succeed there)."""
    grace = ("--grace", "2")
    with server_process(database, options=grace) as (one, _), server_process(database, options=grace) as (other, _):
        creator, page = post(f"{one}/new/nuts-sorting", {"players": "2", "seat0": "human", "seat1": "human"})
        links = [link.split('"', 1)[0] for link in page.split('class="invite-link" href="')[1:]]
        table = creator.split("/")[4]
        keys = [post(link)[0].rsplit("/seat/", 1)[1] for link in links]
        mover = next(seat for seat, key in enumerate(keys) if state(one, table, key)["legal"])
        rival = keys[1 - mover]
        with connect(other.replace("http", "ws") + f"/ws/t/{table}?secret={keys[mover]}", open_timeout=10) as seat:
            json.loads(seat.recv(timeout=10))
            time.sleep(3)  # thinking, past the grace
            seen = state(one, table, rival)
            assert seen["connected"][mover], "the first process knows the person is here"
            _, handover = post(f"{one}/api/t/{table}/handover",
                               data={"secret": rival, "seat": mover, "bot": "", "version": seen["version"]})
            assert "still at the table" in handover, handover
            _, reissued = post(f"{creator}/reissue", {"seat": str(mover)})
            assert "can be re-issued once its player has been away" in reissued, reissued
        assert state(one, table, rival)["seats"][mover]["kind"] == "human"


def test_a_device_signed_out_through_one_process_stops_watching_its_seat_on_another(database: str) -> None:
    """Ada's laptop signs her phone out through process A while the phone watches her seat through B: B hears of
    the seat's new key and closes the phone's connection, and the phone's seat link no longer works anywhere."""
    laptop, phone = (urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
                     for _ in range(2))

    def send(opener: urllib.request.OpenerDirector, url: str, form: dict[str, str] | None = None) -> str:
        body = urllib.parse.urlencode(form or {}).encode()
        with opener.open(urllib.request.Request(url, body, method="POST"), timeout=10) as answer:
            return str(answer.read().decode())

    with server_process(database) as (a, _), server_process(database) as (b, _):
        send(laptop, f"{a}/profile", {"name": "Ada"})
        link = send(laptop, f"{a}/profile/link").split('class="profile-link" href="', 1)[1].split('"', 1)[0]
        send(phone, link)
        page = send(laptop, f"{a}/new/nuts-sorting", {"players": "2", "seat0": "human", "seat1": "human"})
        invitations = [part.split('"', 1)[0] for part in page.split('class="invite-link" href="')[1:]]
        send(laptop, invitations[0])  # Ada sits at seat 1 with her profile
        with phone.open(f"{a}/me", timeout=10) as answer:
            seat_link = answer.read().decode().split("/seat/", 1)[1].split('"', 1)[0]
        table = invitations[0].split("/")[4]
        with connect(f"{b.replace('http', 'ws')}/ws/t/{table}?secret={seat_link}", open_timeout=10) as socket:
            assert json.loads(socket.recv(timeout=10))["seat"] == 0
            with laptop.open(f"{a}/profile", timeout=10) as answer:
                device = answer.read().decode().split('action="/profile/devices/', 1)[1].split("/", 1)[0]
            send(laptop, f"{a}/profile/devices/{device}/sign-out")
            deadline = time.time() + 15
            with pytest.raises(ConnectionClosed):
                while time.time() < deadline:
                    socket.recv(timeout=deadline - time.time())
        for server in (a, b):
            with pytest.raises(urllib.error.HTTPError) as refused:
                state(server, table, seat_link)
            assert refused.value.code == 403
