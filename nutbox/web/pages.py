"""What every page module shares: the templates, and the hub a request is served by."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import HTTPConnection
from starlette.templating import Jinja2Templates

from nutbox.web.hub import Hub

templates = Jinja2Templates(directory=Path(__file__).parent / "templates")


def hub_of(request: HTTPConnection) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def address_of(request: HTTPConnection) -> str:
    """The client's address, for limits per address (behind the documented proxy, the one it forwarded)."""
    return request.client.host if request.client else "unknown"
