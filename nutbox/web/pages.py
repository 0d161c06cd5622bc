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
