"""Property-based fuzzing of the table's HTTP API and WebSocket: whatever is sent, no answer is a 500, and
no refusal changes the table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from table_client import Client

from nutbox.web.app import create_app
from nutbox.web.schema import FIELDS

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
TEXT = st.one_of(st.text(max_size=30), st.text(alphabet="ab1-x é<>\"'\\\x00\ud800", max_size=300),
                 st.sampled_from(["", "a1-a2", "x a1", "pass", "stop", "easy", "hard", "mcts:sims=99999999"]))
NUMBER = st.one_of(st.integers(min_value=-(2**70), max_value=2**70), st.floats(allow_nan=True), st.booleans())
LEAF = st.one_of(st.none(), TEXT, NUMBER)
VALUE = st.recursive(LEAF, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                   st.dictionaries(st.text(max_size=5), inner, max_size=3)),
                     max_leaves=10)
KEYS = st.one_of(st.sampled_from(sorted(FIELDS)), st.text(max_size=8))


def snapshot(server: Client, table: str) -> Any:
    """Everything the server keeps of the table: its version, actions and seats (stored and in memory)."""
    hub = server.http.app.state.hub  # type: ignore[attr-defined]
    stored = hub.store.load(table)
    live = hub.tables[table].live
    return (stored.version, stored.actions, stored.seats, live.version, len(live.match.record.actions))


def body_strategy(secrets: list[str], versions: st.SearchStrategy[int]) -> st.SearchStrategy[Any]:
    fair = st.fixed_dictionaries(
        {"secret": st.sampled_from(secrets), "version": versions},
        optional={"action": TEXT, "seat": st.integers(-3, 200), "bot": TEXT, "type": TEXT},
    )
    wild = st.dictionaries(KEYS, VALUE, max_size=6)
    return st.one_of(fair, wild, VALUE)


def test_no_http_request_gets_a_500_and_no_refusal_changes_the_table(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'fuzz.sqlite3'}", bot_workers=1)) as http:
        server = Client(http)
        table, keys = server.create("nuts-factory", ["human", "human"])
        secrets = [*keys, "", "wrong", "é" * 40]
        versions = st.one_of(st.just(server.state(table)["version"]), st.integers(-5, 2**60))

        @FUZZ
        @given(kind=st.sampled_from(["act", "undo", "handover", "transfer", "again", "state", "replay"]),
               body=body_strategy(secrets, versions), raw=st.booleans(), query=st.dictionaries(KEYS, TEXT, max_size=3))
        def probe(kind: str, body: Any, raw: bool, query: dict[str, str]) -> None:
            before = snapshot(server, table)
            if kind in ("state", "replay"):
                params = {key: value for key, value in query.items() if "\ud800" not in key + value}
                response = http.get(f"/api/t/{table}/{kind}", params=params)
            elif raw:
                response = http.post(f"/api/t/{table}/{kind}", content=json.dumps(body)[:70_000].encode())
            else:
                response = http.post(f"/api/t/{table}/{kind}", content=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
            assert response.status_code < 500, response.text[:300]
            if response.status_code >= 400:
                assert snapshot(server, table) == before
                assert len(response.content) < 5000

        probe()


def test_no_websocket_message_breaks_the_server_and_no_refusal_changes_the_table(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'fuzz.sqlite3'}", bot_workers=1)) as http:
        server = Client(http)
        table, keys = server.create("nut-hunt", ["human", "human"])
        versions = st.one_of(st.just(server.state(table)["version"]), st.integers(-5, 2**60))
        message = st.one_of(
            body_strategy(keys, versions).map(lambda body: json.dumps(body)[:70_000]),
            st.text(max_size=200), st.binary(max_size=50),
        )

        @FUZZ
        @given(secret=st.sampled_from([*keys, ""]), sent=st.lists(message, min_size=1, max_size=4))
        def probe(secret: str, sent: list[Any]) -> None:
            query = f"?secret={secret}" if secret else ""
            with http.websocket_connect(f"/ws/t/{table}{query}") as socket:
                socket.receive_json()
                for item in sent:
                    before = snapshot(server, table)
                    if isinstance(item, bytes):
                        socket.send_bytes(item)
                    else:
                        socket.send_text(item)
                    try:
                        answer = socket.receive_json()
                        while answer["type"] not in ("ok", "error"):
                            answer = socket.receive_json()
                    except WebSocketDisconnect as closed:
                        assert closed.code in (1003, 1007, 1009), closed.code  # never 1011, an internal error
                        assert snapshot(server, table) == before
                        return
                    if answer["type"] == "error":
                        assert snapshot(server, table) == before

        probe()
