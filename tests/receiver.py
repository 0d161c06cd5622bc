"""A webhook receiver for tests: an HTTP server on 127.0.0.1 that keeps every body POSTed to it, started and
stopped by the test. (A test harness: it is not part of the installed package.)"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Receiver:
    """Its address, the bodies it was sent (as sent) and what they said."""

    url: str
    bodies: list[bytes] = field(default_factory=list)

    def said(self) -> list[dict[str, Any]]:
        return [json.loads(body) for body in list(self.bodies)]


@contextmanager
def webhook_receiver() -> Iterator[Receiver]:
    receiver = Receiver("")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            receiver.bodies.append(self.rfile.read(int(self.headers["Content-Length"])))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    receiver.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield receiver
    finally:
        server.shutdown()
        server.server_close()
