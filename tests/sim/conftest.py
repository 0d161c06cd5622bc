"""What the Ray tests share: Ray kept on this machine's loopback address."""

from __future__ import annotations

import socket

import pytest


@pytest.fixture
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The environment of this test, of the cluster's processes and of the study's process."""
    from ray._private import ray_constants

    monkeypatch.setenv(ray_constants.ENABLE_RAY_CLUSTERS_ENV_VAR, "0")
    monkeypatch.setattr(ray_constants, "ENABLE_RAY_CLUSTER", False)  # this process imported Ray before the line above
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    with socket.socket() as probe:  # a loopback port that nothing listens on
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}"
    for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY"):
        monkeypatch.setenv(name, closed)
    for name in ("no_proxy", "NO_PROXY"):  # Ray's own HTTP and gRPC between its processes, on loopback, go direct
        monkeypatch.setenv(name, "127.0.0.1,localhost,::1")
