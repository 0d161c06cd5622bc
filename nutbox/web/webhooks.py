"""Webhooks: a small JSON POST to an address a player gave, telling them it is their turn.

The address comes from a stranger, so the server must not become their way into the machines around it
(server-side request forgery). An address is checked when it is given (`check_url`) and again when it is
used: the host is resolved once, every address it resolves to must be a public one, and the connection
goes to that checked address itself, so a DNS answer that changes between the check and the connection
(DNS rebinding) gains nothing. Redirects are never followed (a 3xx is only a status), the answer is barely
read, and the whole exchange has a deadline. Sends run on a small bounded pool (`Notifier`) so a slow or
silent receiver delays nobody's move. Logs name the host only: the rest of an address may hold a token.
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import http.client
import ipaddress
import json
import logging
import socket
import ssl
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import SplitResult, urlsplit, urlunsplit

URL_LENGTH = 500
ANSWER_BYTES = 4096  # read and thrown away, so the receiver sees a clean close rather than a reset
PER_PROFILE = 10  # notices one profile may have waiting (a receiver that is down loses the oldest first)
BACKOFF = 30.0  # seconds a failing receiver's next try waits, doubling ...
BACKOFF_MOST = 1800.0  # ... up to this
HISTORY = 50

log = logging.getLogger(__name__)

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
SockAddr = tuple[Any, ...]


def _embedded(ip: IPAddress) -> Iterator[IPAddress]:
    """The address itself and any IPv4 address carried inside an IPv6 one (mapped, 6to4, Teredo), which some
    networks deliver to that IPv4 address."""
    yield ip
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            yield ip.ipv4_mapped
        if ip.sixtofour is not None:
            yield ip.sixtofour
        if ip.teredo is not None:
            yield from ip.teredo


def is_public(ip: IPAddress) -> bool:
    """Whether an address is on the public internet. `is_global` alone lets multicast (and, in Python 3.11,
    NAT64 addresses that reach IPv4 private ones) through, so the narrower flags are asked too."""
    return all(
        a.is_global and not (a.is_multicast or a.is_reserved or a.is_private or a.is_loopback
                             or a.is_link_local or a.is_unspecified)
        for a in _embedded(ip)
    )


def _literal(host: str) -> IPAddress | None:
    """The address a host names by itself, in any form the resolver takes: `127.1` and `2130706433` are
    127.0.0.1 to `getaddrinfo`, though not to `ipaddress`."""
    with contextlib.suppress(ValueError):
        return ipaddress.ip_address(host)
    if "." in host or host.isdigit() or host.lower().startswith("0x"):
        with contextlib.suppress(OSError):
            return ipaddress.IPv4Address(socket.inet_aton(host))
    return None


def _parse(url: str) -> SplitResult:
    url = url.strip()
    if len(url) > URL_LENGTH:
        raise ValueError(f"the address is too long (at most {URL_LENGTH} characters)")
    if not url.isascii():
        raise ValueError("the address must be plain ASCII (write an international name in its xn-- form)")
    if any(c <= " " or c == "\x7f" for c in url):
        raise ValueError("the address holds a space or a control character")
    try:
        parts = urlsplit(url)
    except ValueError:
        raise ValueError("the address is not well formed") from None
    if parts.scheme.lower() not in ("http", "https"):
        raise ValueError("the address must start with http:// or https://")
    if "#" in url:
        raise ValueError("the address may not have a #fragment")
    if "@" in parts.netloc:
        raise ValueError("the address may not hold a user name or password")
    if not parts.hostname:
        raise ValueError("the address has no host")
    try:
        port = parts.port
    except ValueError:
        port = 0
    if port == 0:
        raise ValueError("the address has a bad port")
    return parts


def check_url(url: str, allow_private: bool) -> str:
    """The address tidied (scheme and host in lower case), or `ValueError` saying in words what is wrong with it.

    Without `allow_private`, a host that is itself a non-public address, or `localhost`, is refused here; a
    name that resolves to one is refused by `send`, when it is resolved.
    """
    parts = _parse(url)
    host = str(parts.hostname)  # already lower case
    if not allow_private:
        if host.rstrip(".") == "localhost" or host.rstrip(".").endswith(".localhost"):
            raise ValueError("the address may not point at this machine")
        ip = _literal(host)
        if ip is not None and not is_public(ip):
            raise ValueError("the address may not point at a private or local network")
    netloc = f"[{host}]" if ":" in host else host
    if parts.port is not None:
        netloc += f":{parts.port}"
    return urlunsplit((parts.scheme.lower(), netloc, parts.path, parts.query, ""))


class _PinnedConnection(http.client.HTTPConnection):
    """An HTTP(S) connection to addresses already resolved and checked, whatever the host name resolves to
    now. The host name still goes in the Host header and, over TLS, in SNI and the certificate check."""

    def __init__(self, host: str, port: int, addresses: list[SockAddr], tls: ssl.SSLContext | None,
                 timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.addresses = addresses
        self.tls = tls

    def connect(self) -> None:
        error: OSError = OSError("no address to connect to")
        for family, kind, proto, address in self.addresses:
            try:
                sock = socket.socket(family, kind, proto)
            except OSError as exc:  # IPv6 switched off here, say: the next address may still do
                error = exc
                continue
            try:
                sock.settimeout(self.timeout)
                self.sock = sock  # from here the deadline in `send` can cut it
                sock.connect(address)
                if self.tls is not None:
                    self.sock = self.tls.wrap_socket(sock, server_hostname=self.host)
                return
            except OSError as exc:
                sock.close()
                self.sock = None
                error = exc
        raise error


def _resolve(host: str, port: int, allow_private: bool) -> list[SockAddr] | str:
    """The addresses to try, each checked, or why there are none (a refusal says so)."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return "the host was not found"
    addresses = []
    for family, kind, proto, _, address in found:
        if family not in (socket.AF_INET, socket.AF_INET6):
            continue
        if not allow_private and not is_public(ipaddress.ip_address(str(address[0]).split("%")[0])):
            return "refused: the host resolves to a private or local address"
        addresses.append((family, kind, proto, address))
    return addresses or "the host has no internet address"


def _cut(conn: http.client.HTTPConnection, fired: threading.Event) -> None:
    """End an exchange that has run past its deadline (a receiver dripping bytes resets every socket timeout)."""
    fired.set()
    sock = conn.sock
    if sock is not None:
        with contextlib.suppress(OSError):
            socket.socket.shutdown(sock, socket.SHUT_RDWR)  # the plain socket's: wakes a blocked read, TLS or not


def send(url: str, payload: dict[str, Any], allow_private: bool, timeout: float = 5.0) -> int | str:
    """POST `payload` as JSON: the HTTP status of the answer, or a short reason it could not be sent.

    Network trouble never raises. `timeout` bounds each step and, from resolving onwards, the whole
    exchange; name resolution itself is the system resolver's and keeps its own limits.
    """
    try:
        parts = urlsplit(check_url(url, allow_private))
    except ValueError as exc:
        return f"refused: {exc}"
    host, tls = str(parts.hostname), parts.scheme == "https"
    port = parts.port or (443 if tls else 80)
    deadline = time.monotonic() + timeout
    addresses = _resolve(host, port, allow_private)
    if isinstance(addresses, str):
        return addresses
    body = json.dumps(payload).encode()
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    context = ssl.create_default_context() if tls else None
    conn = _PinnedConnection(host, port, addresses, context, timeout)
    fired = threading.Event()
    timer = threading.Timer(max(0.0, deadline - time.monotonic()), _cut, (conn, fired))
    timer.daemon = True
    timer.start()
    try:
        conn.request("POST", target, body, {"Content-Type": "application/json", "User-Agent": "nutbox"})
        response = conn.getresponse()
        response.read(ANSWER_BYTES)
        return "timed out" if fired.is_set() else response.status  # a cut answer reads as one that ended early
    except TimeoutError:
        return "timed out"
    except ssl.SSLCertVerificationError:
        return "the certificate was not accepted"
    except ConnectionRefusedError:
        return "the connection was refused"
    except (OSError, http.client.HTTPException) as exc:
        return "timed out" if fired.is_set() else f"failed: {type(exc).__name__}"
    finally:
        timer.cancel()
        conn.close()


def host_of(url: str) -> str:
    """The host alone, the only part of an address fit for a log."""
    try:
        return urlsplit(url).hostname or "?"
    except ValueError:
        return "?"


@dataclass(frozen=True)
class Delivery:
    """How the last notice to a profile's webhook went: when, to which host, its status (or why not), and how
    long its next try waits (0 when it answered)."""

    time: float
    host: str
    outcome: int | str
    wait: float

    @property
    def failed(self) -> bool:
        return self.wait > 0


class Notifier:
    """Sends in the background on a few threads, so a game never waits for a receiver, and one receiver never
    delays another's: each profile has its own line of notices (the last `PER_PROFILE` kept), sent one at a
    time, the profiles taking turns on the threads. A receiver that fails or stays silent backs off (its next
    try waits `BACKOFF` seconds, doubling to `BACKOFF_MOST`) and its profile's page says so (`status`).
    `sent` keeps the last `HISTORY` outcomes as (host, status or reason)."""

    def __init__(self, allow_private: bool, workers: int = 2) -> None:
        self.allow_private = allow_private
        self.sent: collections.deque[tuple[str, int | str]] = collections.deque(maxlen=HISTORY)
        self.status: dict[str, Delivery] = {}  # each profile's last outcome, for its page
        self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="webhook")
        self._lock = threading.Lock()
        self._lines: dict[str, collections.deque[tuple[str, dict[str, Any]]]] = {}
        self._busy: set[str] = set()  # profiles with a send under way or a back-off running
        self._closed = False
        self.timeout = 5.0  # seconds a send may take

    def notify(self, url: str, payload: dict[str, Any], who: str = "") -> None:
        """Queue a send for profile `who` and return at once (the oldest of its waiting notices goes first when
        it has too many; a closed notifier drops it)."""
        with self._lock:
            if self._closed:
                return
            line = self._lines.setdefault(who, collections.deque(maxlen=PER_PROFILE))
            if len(line) == PER_PROFILE:
                log.warning("webhook to %s: an old notice dropped, %d still waiting", host_of(url), len(line))
            line.append((url, payload))
            if who in self._busy:
                return
            self._busy.add(who)
        self._turn(who)

    def _turn(self, who: str) -> None:
        try:
            self._pool.submit(self._send_next, who)
        except RuntimeError:  # closed
            with self._lock:
                self._busy.discard(who)

    def _send_next(self, who: str) -> None:
        with self._lock:
            line = self._lines.get(who)
            if not line:
                self._busy.discard(who)
                self._lines.pop(who, None)
                return
            url, payload = line.popleft()
        host = host_of(url)
        try:
            outcome = send(url, payload, self.allow_private, self.timeout)
        except Exception as exc:  # a payload that is not JSON, say: the pool would swallow it unseen
            outcome = f"failed: {type(exc).__name__}"
        self.sent.append((host, outcome))
        failed = isinstance(outcome, str) or not 200 <= outcome < 300
        previous = self.status.get(who)
        wait = min(BACKOFF_MOST, 2 * previous.wait if previous and previous.wait else BACKOFF) if failed else 0.0
        self.status[who] = Delivery(time.time(), host, outcome, wait)
        if failed:
            log.info("webhook to %s: %s (next try in %.0f s)", host, outcome, wait)
            later = threading.Timer(wait, self._turn, (who,))  # the others go on meanwhile
            later.daemon = True
            later.start()
        else:
            self._turn(who)  # its next notice, after the other profiles' turns

    def close(self) -> None:
        """Stop: sends still waiting are dropped, those under way finish (each within its timeout)."""
        with self._lock:
            self._closed = True
            self._lines.clear()
        self._pool.shutdown(wait=True, cancel_futures=True)
