"""What every page module shares: the templates, the hub a request is served by, and reading a request (its
game, its JSON body); the page modules import it, never app.py (which imports them)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from nutbox.registry import ENTRIES
from nutbox.web import schema
from nutbox.web.hub import Hub
from nutbox.web.refusal import Refusal, clip
from nutbox.web.seats import HUMAN

templates = Jinja2Templates(directory=Path(__file__).parent / "templates")


def hub_of(request: HTTPConnection) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def address_of(request: HTTPConnection) -> str:
    """The client's address, for limits per address (behind the documented proxy, the one it forwarded)."""
    return request.client.host if request.client else "unknown"


CHOICE_NAMES = {  # who can sit at a seat, in words
    HUMAN: "a person (sent an invitation)", "easy": "bot, easy (looks one move ahead)",
    "medium": "bot, medium (searches a little)", "hard": "bot, hard (searches about a second)",
    "random": "bot, random (any legal move)",
}


def game_id_of(request: Request) -> str:
    game_id = request.path_params["game"]
    if game_id not in ENTRIES:
        raise Refusal(f"there is no game {clip(game_id, 30)!r}; the games are {', '.join(ENTRIES)}", status=404)
    return str(game_id)


QR_LOOK = {"scale": 4, "dark": "#222", "light": "#fff", "svgclass": "qr-code"}


def qr_svg(link: str) -> str:
    """A QR code of `link` as inline SVG, to hand a phone across the table."""
    import segno

    return str(segno.make(link, error="m").svg_inline(title="QR code of the invitation link", **QR_LOOK))


def qr_image(link: str) -> Response:
    """A QR code of `link` as an SVG image of its own (drawing one takes milliseconds: a page that may never show
    it links to it rather than holding it). Like every answer (web/guard.py), never kept by a cache."""
    import segno

    image = io.BytesIO()
    segno.make(link, error="m").save(image, kind="svg", xmldecl=False, title="QR code of the invitation link",
                                     **QR_LOOK)
    return Response(image.getvalue(), media_type="image/svg+xml")


def parse_json(raw: bytes | str, what: str = "the request") -> Any:
    try:
        return json.loads(raw)
    except json.JSONDecodeError as error:
        raise Refusal(f"{what} is not JSON: {error.msg} at character {error.pos}", status=400) from None
    except RecursionError:
        raise Refusal(f"{what} is nested too deeply", status=400) from None
    except (ValueError, UnicodeDecodeError):  # a number of thousands of digits, bytes that are not UTF-8
        raise Refusal(f"{what} is not JSON this server reads", status=400) from None


async def body(request: Request) -> dict[str, Any]:
    return checked(parse_json(await request.body()))


def checked(data: Any) -> dict[str, Any]:
    """A request's fields, each of the type and size its schema gives (web/schema.py); anything else is
    refused saying which field and why."""
    wrong = schema.problem(data)
    if wrong is not None:
        raise Refusal(wrong, status=400)
    return dict(data)
