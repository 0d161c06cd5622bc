"""A connection that never reads holds up nobody: a real server, a real socket that stops reading."""

from __future__ import annotations

import base64
import json
import os
import re
import socket
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from launch import running_server

GUARD = 60  # seconds: only so that a request that never returns fails the test instead of hanging it


def post(url: str, form: dict[str, str] | None = None, body: dict[str, Any] | None = None) -> tuple[int, str]:
    """A POST as a browser sends it; the status and the address it ended at."""
    if body is not None:
        request = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    else:
        request = urllib.request.Request(url, urllib.parse.urlencode(form or {}).encode())
    try:
        with urllib.request.urlopen(request, timeout=GUARD) as response:
            return response.status, response.geturl()
    except urllib.error.HTTPError as error:
        return error.code, url


def state(base: str, table: str, key: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base}/api/t/{table}/state?secret={key}", timeout=GUARD) as response:
        result: dict[str, Any] = json.load(response)
        return result


def never_reading(base: str, path: str) -> socket.socket:
    """A WebSocket that completes its handshake and then reads nothing more, with a small receive buffer."""
    host, port = base.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101")
    return sock


def frames(data: bytes) -> Iterator[tuple[int, bytes]]:
    """The (opcode, payload) of each whole frame a server sent (server frames are not masked)."""
    at = 0
    while at + 2 <= len(data):
        opcode, length = data[at] & 0x0F, data[at + 1] & 0x7F
        at += 2
        if length >= 126:
            size = 2 if length == 126 else 8
            length, at = int.from_bytes(data[at:at + size], "big"), at + size
        if at + length > len(data):
            return
        yield opcode, data[at:at + length]
        at += length


def two_people(server: str) -> tuple[str, list[str]]:
    """A table of Nuts! for two people, both seats taken through their invitations: its id and the seats' keys."""
    status, creator = post(f"{server}/new/nuts-factory", {"players": "2", "seat0": "human", "seat1": "human"})
    assert status == 200
    with urllib.request.urlopen(creator, timeout=GUARD) as response:
        invitations = re.findall(r'class="invite-link" href="([^"]+)"', response.read().decode())
    table = creator.split("/t/", 1)[1].split("/", 1)[0]
    return table, [post(link)[1].rsplit("/seat/", 1)[1] for link in invitations]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    with running_server(f"sqlite:///{tmp_path / 'tables.sqlite3'}", options=("--outbox", "8")) as url:
        yield url


def test_a_page_that_never_reads_holds_up_no_move_and_is_dropped(server: str) -> None:
    """A seat's second page that stops reading (a tab on a laptop gone to sleep): every move is still answered,
    and the page is dropped once its outbox is full, never waited for. (A seat's page: when its turn comes its
    update carries a whole new board, tens of kB, where a spectator's carries a few kB of changes, so about a hundred
    moves fill the socket's buffers, then the outbox.)"""
    table, keys = two_people(server)
    stuck = never_reading(server, f"/ws/t/{table}?secret={keys[0]}")
    for _ in range(160):
        states = [state(server, table, key) for key in keys]
        mover = next(n for n, seen in enumerate(states) if seen["legal"])
        move = {"secret": keys[mover], "action": states[mover]["legal"][-1], "version": states[mover]["version"]}
        assert post(f"{server}/api/t/{table}/act", body=move)[0] == 200  # answered: nobody waits for the spectator
    final = state(server, table, keys[0])["version"]
    # the stuck page now reads what reached it: the updates stop well short of the end, then the server's close
    # (or, if the close itself could not get through, the end of the connection, once the server gives up on it)
    stuck.settimeout(GUARD)
    received = b""
    while not closed(received) and (chunk := stuck.recv(1 << 16)):
        received += chunk
    stuck.close()
    seen = [json.loads(payload) for opcode, payload in frames(received) if opcode == 1]
    versions = [message["version"] for message in seen if message.get("type") == "state"]
    assert versions and max(versions) < final - 8
    closes = [payload for opcode, payload in frames(received) if opcode == 8]
    assert not closes or int.from_bytes(closes[0][:2], "big") == 4008


def connect_and_leave(base: str, path: str, listen: bool = False) -> bytes:
    """A WebSocket opened and closed at once, as a burst of spectators does (`listen`: after hearing everything
    the server says until its close frame, or the end of the connection); what the server said."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=GUARD) as sock:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        heard = sock.recv(1 << 16)
        while listen and not closed(heard.partition(b"\r\n\r\n")[2]) and (chunk := sock.recv(1 << 16)):
            heard += chunk
        return heard


def closed(data: bytes) -> bool:
    """Whether the frames a server sent hold its close frame."""
    return any(opcode == 8 for opcode, _ in frames(data))


def test_spectators_coming_and_going_never_knock_a_slow_seat_off_and_too_many_are_told_why(tmp_path: Path) -> None:
    """A seat on a slow connection (it reads nothing meanwhile) while 60 spectators without a profile come and
    go: the seat is never dropped (who is here is told as one word, never queued up), and past the table's cap
    of anonymous spectators a newcomer is told to make a profile. (With --outbox 8 the seat used to be closed
    with 4008 after a few joins.)"""
    with running_server(f"sqlite:///{tmp_path / 'tables.sqlite3'}", options=("--outbox", "8", "--spectators", "20")
                        ) as server:
        table, keys = two_people(server)
        slow = never_reading(server, f"/ws/t/{table}?secret={keys[0]}")
        watching = [never_reading(server, f"/ws/t/{table}") for _ in range(20)]  # the cap, all here at once
        refused = connect_and_leave(server, f"/ws/t/{table}", listen=True)
        closes = [payload for opcode, payload in frames(refused.split(b"\r\n\r\n", 1)[1]) if opcode == 8]
        assert b"make a profile" in refused and int.from_bytes(closes[0][:2], "big") == 4429
        for watcher in watching:
            watcher.close()
        for _ in range(40):  # the burst: each joins and leaves
            connect_and_leave(server, f"/ws/t/{table}")
        states = [state(server, table, key) for key in keys]
        mover = next(n for n, seen in enumerate(states) if seen["legal"])
        move = {"secret": keys[mover], "action": states[mover]["legal"][-1], "version": states[mover]["version"]}
        assert post(f"{server}/api/t/{table}/act", body=move)[0] == 200
        final = state(server, table, keys[0])["version"]
        slow.settimeout(5)
        received = b""
        seen: list[dict[str, Any]] = []
        try:
            while not any(m.get("type") == "state" and m["version"] == final for m in seen):
                chunk = slow.recv(1 << 16)
                if not chunk:
                    break
                received += chunk
                seen = [json.loads(payload) for opcode, payload in frames(received) if opcode == 1]
        finally:
            slow.close()
        assert not [payload for opcode, payload in frames(received) if opcode == 8], "the seat was closed"
        assert any(m.get("type") == "state" and m["version"] == final for m in seen), "the seat got the move"
        assert sum(m.get("type") == "presence" for m in seen) <= 10, "who is here, told a few times, not 120"
