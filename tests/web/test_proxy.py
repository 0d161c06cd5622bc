"""The documented nginx configuration (docs/deploy/nginx-nutbox.conf), for real: Debian's nginx with TLS (a
certificate made here) in front of two nutbox processes on one PostgreSQL, all on 127.0.0.1. Pages, links and
the WebSocket work through it, and a move made through one process reaches a watcher through the proxy."""

from __future__ import annotations

import json
import shutil
import ssl
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from launch import free_port, server_process
from table_client import fresh_database
from test_processes import new_table, play_one
from websockets.sync.client import connect

CONFIG = Path(__file__).parents[2] / "docs" / "deploy" / "nginx-nutbox.conf"
pytestmark = pytest.mark.skipif(shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists(),
                                reason="nginx is not installed (./run test installs it)")


def unverified() -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # the test's own certificate, made a moment ago
    return context


@pytest.fixture
def proxied(postgres: str, tmp_path: Path) -> Iterator[tuple[str, list[str]]]:
    """nginx on a free port with the documented site, in front of two nutbox processes: its https address and
    the processes' own addresses."""
    database = fresh_database(postgres)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                    "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem")],
                   check=True, capture_output=True)
    with server_process(database) as (one, _), server_process(database) as (other, _):
        port = free_port()
        site = CONFIG.read_text()
        site = site.replace("    server 127.0.0.1:8000;", f"    server {one[7:]};\n    server {other[7:]};")
        site = site.replace("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;")
        site = site.replace("listen 80;", f"listen 127.0.0.1:{free_port()};")
        site = site.replace("/etc/letsencrypt/live/games.example.org/fullchain.pem", str(tmp_path / "cert.pem"))
        site = site.replace("/etc/letsencrypt/live/games.example.org/privkey.pem", str(tmp_path / "key.pem"))
        temp = "\n".join(f"{kind}_temp_path {tmp_path / kind};" for kind in
                         ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        (tmp_path / "nginx.conf").write_text(
            f"daemon off;\nworker_processes 1;\npid {tmp_path / 'nginx.pid'};\nerror_log {tmp_path / 'error.log'};\n"
            f"events {{}}\nhttp {{\naccess_log off;\n{temp}\n{site}\n}}\n")
        nginx = subprocess.Popen(["nginx", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        address = f"https://127.0.0.1:{port}"
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(address + "/rules/nut-cards", context=unverified(), timeout=2)
                    break
                except OSError:
                    assert nginx.poll() is None, nginx.stderr.read() if nginx.stderr else ""
                    time.sleep(0.1)
            yield address, [one, other]
        finally:
            nginx.terminate()
            nginx.wait(timeout=10)


def test_pages_links_and_live_updates_pass_through_the_documented_nginx(proxied: tuple[str, list[str]]) -> None:
    address, processes = proxied
    request = urllib.request.Request(address + "/new/nuts-sorting", method="POST",
                                     data=b"players=2&seat0=human&seat1=human")
    with urllib.request.urlopen(request, context=unverified(), timeout=10) as answer:
        page = answer.read().decode()
    assert 'href="https://127.0.0.1:' in page  # links name the proxy's https address (X-Forwarded-Proto)
    table, keys = new_table(processes[0])
    ws = address.replace("https", "wss") + f"/ws/t/{table}"
    with connect(ws, ssl=unverified(), open_timeout=10) as spectator:
        first = json.loads(spectator.recv(timeout=10))
        assert first["type"] == "state"
        for server in processes:  # a move through each process reaches the watcher behind the proxy
            version = play_one(server, table, keys)
            assert version is not None
            while (message := json.loads(spectator.recv(timeout=10)))["type"] != "state" \
                    or message["version"] < version:
                pass
