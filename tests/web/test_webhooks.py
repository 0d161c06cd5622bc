"""Webhooks against a real receiver on 127.0.0.1: what arrives, what is refused, and what never waits.

No test sends anything to an address but 127.0.0.1; names are made to resolve there by replacing the resolver.
"""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from nutbox.web import webhooks
from nutbox.web.webhooks import Notifier, check_url, send

GUARD = 10  # seconds: only so that a receiver nobody releases cannot hang the run


class Receiver:
    """An HTTP server on 127.0.0.1 that records each POST (path, headers, body), then does what `behave` says
    before answering `status` (the default: nothing). A receiver cut off mid-answer is expected here, so
    errors in its handlers are not printed."""

    def __init__(self, status: int = 200, headers: dict[str, str] | None = None,
                 behave: Callable[[BaseHTTPRequestHandler, Receiver], None] | None = None) -> None:
        self.requests: list[tuple[str, dict[str, str], bytes]] = []
        self.arrived = threading.Condition()
        self.release = threading.Event()  # set at teardown, so nothing waits on past the test
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with receiver.arrived:
                    receiver.requests.append((self.path, dict(self.headers.items()), body))
                    receiver.arrived.notify_all()
                if behave is not None:
                    behave(self, receiver)
                self.send_response(status)
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, format: str, *args: Any) -> None:
                pass

        class Server(ThreadingHTTPServer):
            def handle_error(self, request: Any, client_address: Any) -> None:
                pass

        self.server = Server(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)

    def url(self, path: str = "/hook") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def wait_for(self, count: int) -> bool:
        """Whether `count` requests have arrived (waiting for them, within the guard)."""
        with self.arrived:
            return self.arrived.wait_for(lambda: len(self.requests) >= count, GUARD)


@pytest.fixture
def receivers() -> Iterator[Callable[..., Receiver]]:
    """Start receivers on demand; all are stopped at the end."""
    started: list[Receiver] = []

    def start(**options: Any) -> Receiver:
        receiver = Receiver(**options)
        receiver.thread.start()
        started.append(receiver)
        return receiver

    yield start
    for receiver in started:
        receiver.release.set()
        receiver.server.shutdown()
        receiver.server.server_close()


def hang(handler: BaseHTTPRequestHandler, receiver: Receiver) -> None:
    """Answer only once the test is over: long past any timeout."""
    receiver.release.wait(GUARD)


def test_payload_arrives_exactly(receivers: Callable[..., Receiver]) -> None:
    receiver = receivers()
    payload = {"table": "abc", "seat": 2, "text": "Your turn in Nut Hunt — «Ölnuss»", "nested": [1, None, True]}
    assert send(receiver.url("/hook?token=s3cret"), payload, allow_private=True) == 200
    [(path, headers, body)] = receiver.requests
    assert path == "/hook?token=s3cret"
    assert json.loads(body) == payload
    assert headers["Content-Type"] == "application/json"
    assert headers["User-Agent"] == "nutbox"
    assert headers["Host"] == f"127.0.0.1:{receiver.port}"


@pytest.mark.parametrize("url", [
    "ftp://example.com/hook",
    "javascript:alert(1)",
    "http://user@example.com/hook",
    "http://user:password@example.com/hook",
    "https://example.com/" + "a" * 500,
    "https://exämple.com/hook",
    "https://example.com/hook#part",
    "https:///hook",
    "http://example.com:99999/",
    "http://127.0.0.1/hook",
    "http://127.1/hook",
    "http://2130706433/hook",
    "http://localhost/hook",
    "http://LOCALHOST.:8000/hook",
    "http://10.0.0.1/hook",
    "http://[::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://0.0.0.0/hook",
    "http://224.0.0.1/hook",
])
def test_check_url_refuses(url: str) -> None:
    with pytest.raises(ValueError, match=r"^the address"):
        check_url(url, allow_private=False)


def test_check_url_tidies_and_allows_private_when_asked() -> None:
    assert check_url("  HTTPS://Hooks.Example.COM:8443/a/b?x=1 ", allow_private=False) == (
        "https://hooks.example.com:8443/a/b?x=1"
    )
    assert check_url("http://127.0.0.1:8123/x", allow_private=True) == "http://127.0.0.1:8123/x"
    assert check_url("http://[::1]:8123/x", allow_private=True) == "http://[::1]:8123/x"
    with pytest.raises(ValueError):
        check_url("ftp://127.0.0.1/x", allow_private=True)


def test_local_receiver_is_refused_unless_private_allowed(receivers: Callable[..., Receiver]) -> None:
    receiver = receivers()
    outcome = send(receiver.url(), {"x": 1}, allow_private=False)
    assert isinstance(outcome, str) and outcome.startswith("refused")
    assert receiver.requests == []


def test_name_resolving_to_private_is_refused(receivers: Callable[..., Receiver],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    receiver = receivers()
    real = socket.getaddrinfo
    monkeypatch.setattr(socket, "getaddrinfo", lambda host, *rest, **kw: real("127.0.0.1", *rest, **kw))
    outcome = send(f"http://hooks.example:{receiver.port}/hook", {"x": 1}, allow_private=False)
    assert isinstance(outcome, str) and outcome.startswith("refused")
    assert receiver.requests == []


def test_name_is_resolved_once_and_that_address_used(receivers: Callable[..., Receiver],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    receiver = receivers()
    real = socket.getaddrinfo
    asked: list[str] = []

    def resolve(host: str, *rest: Any, **kw: Any) -> Any:
        asked.append(host)
        return real("127.0.0.1", *rest, **kw)

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    assert send(f"http://hooks.example:{receiver.port}/hook", {"x": 1}, allow_private=True) == 200
    assert asked == ["hooks.example"]
    [(_, headers, _)] = receiver.requests
    assert headers["Host"] == f"hooks.example:{receiver.port}"


def test_redirect_is_not_followed(receivers: Callable[..., Receiver]) -> None:
    elsewhere = receivers()
    redirecting = receivers(status=302, headers={"Location": elsewhere.url("/stolen")})
    assert send(redirecting.url(), {"x": 1}, allow_private=True) == 302
    assert len(redirecting.requests) == 1
    assert elsewhere.requests == []


def test_hanging_receiver_gives_a_reason(receivers: Callable[..., Receiver]) -> None:
    receiver = receivers(behave=hang)
    outcome = send(receiver.url(), {"x": 1}, allow_private=True, timeout=0.5)
    assert outcome == "timed out"
    assert len(receiver.requests) == 1


def drip(handler: BaseHTTPRequestHandler, receiver: Receiver) -> None:
    """Answer one byte of a header at a time, each well within a socket timeout, until cut off."""
    handler.wfile.write(b"HTTP/1.1 200 OK\r\nX-Drip: ")
    while not receiver.release.wait(0.05):
        try:
            handler.wfile.write(b"a")
        except OSError:
            break
    raise ConnectionAbortedError  # ends the handler without the normal answer


def test_dripping_receiver_is_cut_at_the_deadline(receivers: Callable[..., Receiver]) -> None:
    receiver = receivers(behave=drip)
    assert send(receiver.url(), {"x": 1}, allow_private=True, timeout=0.5) == "timed out"


def test_https_to_a_plain_receiver_is_a_reason(receivers: Callable[..., Receiver]) -> None:
    receiver = receivers()
    outcome = send(receiver.url().replace("http:", "https:"), {"x": 1}, allow_private=True, timeout=2)
    assert isinstance(outcome, str)
    assert receiver.requests == []


def test_unreachable_port_is_a_reason() -> None:
    with socket.socket() as spare:
        spare.bind(("127.0.0.1", 0))
        port = spare.getsockname()[1]  # bound but not listening: nothing answers there
        outcome = send(f"http://127.0.0.1:{port}/hook", {"x": 1}, allow_private=True, timeout=2)
    assert outcome == "the connection was refused"


def test_notify_returns_while_the_receiver_is_slow(receivers: Callable[..., Receiver]) -> None:
    events: list[str] = []

    def slow(handler: BaseHTTPRequestHandler, receiver: Receiver) -> None:
        # released only once notify has returned; a notify that waited for its send would find it given up
        events.append("released" if receiver.release.wait(3) else "gave up")

    receiver = receivers(behave=slow)
    notifier = Notifier(allow_private=True)
    notifier.notify(receiver.url(), {"turn": 7})
    events.append("notify returned")
    receiver.release.set()
    notifier.close()
    assert events == ["notify returned", "released"]
    assert [json.loads(body) for _, _, body in receiver.requests] == [{"turn": 7}]
    assert list(notifier.sent) == [("127.0.0.1", 200)]


def test_notifier_logs_the_host_only(receivers: Callable[..., Receiver], caplog: pytest.LogCaptureFixture) -> None:
    receiver = receivers()
    notifier = Notifier(allow_private=False)
    with caplog.at_level(logging.INFO, logger="nutbox.web.webhooks"):
        notifier.notify(receiver.url("/hook/s3cret-token"), {"x": 1})
        notifier.close()
    [(host, outcome)] = notifier.sent
    assert host == "127.0.0.1" and isinstance(outcome, str) and outcome.startswith("refused")
    assert receiver.requests == []
    assert "127.0.0.1" in caplog.text and "s3cret" not in caplog.text


def test_a_profiles_notices_past_its_line_drop_the_oldest(receivers: Callable[..., Receiver],
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(webhooks, "PER_PROFILE", 3)
    receiver = receivers(behave=hang)
    notifier = Notifier(allow_private=True, workers=1)
    with caplog.at_level(logging.WARNING, logger="nutbox.web.webhooks"):
        for turn in range(6):
            notifier.notify(receiver.url(), {"turn": turn}, who="ann")
            if turn == 0:
                assert receiver.wait_for(1)  # under way; the rest wait in Ann's line, which keeps the last 3
        receiver.release.set()
        assert receiver.wait_for(4)
        notifier.close()
    assert sorted(json.loads(body)["turn"] for _, _, body in receiver.requests) == [0, 3, 4, 5]
    assert caplog.text.count("dropped") == 2


def test_a_silent_receiver_delays_only_its_own_profiles_notices(receivers: Callable[..., Receiver]) -> None:
    """Ann's receiver never answers and she plays four tables: Bea's "your turn" still arrives (it used to wait
    behind Ann's, or be dropped past a shared queue), and Ann's page can say her webhook failed and when it will
    be tried again."""
    silent, healthy = receivers(behave=hang), receivers()
    notifier = Notifier(allow_private=True, workers=2)
    notifier.timeout = 0.5
    for turn in range(4):
        notifier.notify(silent.url(), {"turn": turn}, who="ann")
    for turn in range(3):
        notifier.notify(healthy.url(), {"turn": turn}, who="bea")
    assert healthy.wait_for(3)
    deadline = time.monotonic() + GUARD
    while not (notifier.status.get("ann") and notifier.status["ann"].failed):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert notifier.status["ann"].wait == webhooks.BACKOFF and notifier.status["bea"].outcome == 200
    assert len(silent.requests) <= 1, "Ann's next notices wait for her back-off, not for a thread"
    silent.release.set()
    notifier.close()
