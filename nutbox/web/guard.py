"""What every HTTP exchange gets, whatever its route: a size limit on what is sent, and safe headers.

A request body is counted while it streams in; one larger than its limit (a declared Content-Length, or
the bytes actually received) is refused with 413 before it is all read, so a huge upload costs the server
nothing. Responses say: send no Referer (links hold seat keys), keep no copy (pages hold them too), and run
only this site's own scripts, never inside someone else's frame.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",  # the boards carry style attributes
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
])
HEADERS = [
    (b"referrer-policy", b"no-referrer"),
    (b"content-security-policy", POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
]


class TooLarge(Exception):
    """The request body went past its limit while it was being read."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"the request is too large (at most {limit // 1000} kB)")
        self.status = 413


class Guard:
    def __init__(self, app: App, body_limit: int, upload_limit: int, upload_paths: tuple[str, ...]) -> None:
        self.app = app
        self.body_limit = body_limit
        self.upload_limit = upload_limit
        self.upload_paths = upload_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        limit = self.upload_limit if path in self.upload_paths else self.body_limit
        cache = b"no-store" if not path.startswith("/static/") else b"max-age=3600"

        async def send_guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS, (b"cache-control", cache)]
            await send(message)

        declared = dict(scope.get("headers", [])).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > limit:
            await refuse(send_guarded, str(TooLarge(limit)) if declared.isdigit() else "bad Content-Length")
            return
        received = 0

        async def receive_counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise TooLarge(limit)
            return message

        await self.app(scope, receive_counted, send_guarded)


async def refuse(send: Send, reason: str) -> None:
    body = reason.encode()
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 413 if "large" in reason else 400, "headers": headers})
    await send({"type": "http.response.body", "body": body})
