"""The browser table: pages, the JSON API and the live WebSocket, over the hub.

    /                       the games, and a form to watch an uploaded record
    /new/{game}             a new table: players, options, seats (a person or a bot level), timer
    /t/{id}/links/{key}     the creator's page: one secret link per person's seat and a spectator link
    /t/{id}/seat/{secret}   a seat's page        /t/{id}   a spectator's page
    /t/{id}/record.json     the record, once the game is over
    /api/t/{id}/...         state, act, undo, handover, replay, details (JSON)
    /ws/t/{id}?secret=...   live updates; send {"type": "act", "action": TEXT, "version": N} (or undo, handover)

A seat is known only by its secret; what a connection receives is built from that seat's view alone.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import io
import json
import logging
import multiprocessing
import os
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager
from functools import cache
from pathlib import Path
from typing import Any

from rich.console import Console
from starlette.applications import Starlette
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.websockets import WebSocket, WebSocketDisconnect

from nutbox.agents import LEVELS
from nutbox.core import NutboxError, Record, describe
from nutbox.registry import ENTRIES, entry, game_class, make
from nutbox.web.hub import Hub
from nutbox.web.live import HUMAN, LiveTable, Refusal, new_table
from nutbox.web.store import Store

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=HERE / "templates")
log = logging.getLogger("nutbox.web")
SEAT_CHOICES = [HUMAN, *LEVELS, "random"]
MAX_BODY = 2_000_000  # bytes of an uploaded record or request


def create_app(db: str = "sqlite:///nutbox.sqlite3", bot_workers: int | None = None) -> Starlette:
    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        workers = bot_workers or max(1, (os.cpu_count() or 2) - 1)
        pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
        hub = Hub(Store(db), pool)
        app.state.hub = hub
        resumed = await hub.resume_all()
        log.info("nutbox table ready; %d unfinished games resumed", resumed)
        try:
            yield
        finally:
            await hub.close()
            pool.shutdown(wait=False, cancel_futures=True)

    routes = [
        Route("/", home),
        Route("/rules/{game}", rules),
        Route("/new/{game}", new_form, methods=["GET"]),
        Route("/new/{game}", create, methods=["POST"]),
        Route("/watch", upload, methods=["POST"]),
        Route("/t/{table}/links/{key}", links),
        Route("/t/{table}/seat/{secret}", seat_page),
        Route("/t/{table}", spectator_page),
        Route("/t/{table}/record.json", download),
        Route("/api/t/{table}/state", api_state),
        Route("/api/t/{table}/act", api_act, methods=["POST"]),
        Route("/api/t/{table}/undo", api_undo, methods=["POST"]),
        Route("/api/t/{table}/handover", api_handover, methods=["POST"]),
        Route("/api/t/{table}/replay", api_replay),
        Route("/api/t/{table}/details", api_details),
        WebSocketRoute("/ws/t/{table}", live),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan, exception_handlers={Refusal: refused})


def hub_of(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def refused(request: Request, error: Exception) -> Response:
    status = getattr(error, "status", 409)
    if request.url.path.startswith("/api/"):
        return JSONResponse({"ok": False, "error": str(error)}, status_code=status)
    return templates.TemplateResponse(request, "error.html", {"message": str(error)}, status_code=status)


# --- pages ----------------------------------------------------------------------------------------------------
@cache
def picture(game_id: str) -> str:
    """A game's picture for the home page: its board once set up, as a spectator sees it."""
    render = entry(game_id).render_svg
    if render is None:
        return ""
    game = make(game_id, {})
    live = LiveTable(new_table(game, ["random"] * game.num_players, {}, seed=1))
    return render(live.match.state.view(None), [])


def summary(game_id: str) -> tuple[str, str]:
    """The game package's docstring (its rules in brief and its notation), and its first line's description."""
    package = importlib.import_module(game_class(game_id).__module__.rpartition(".")[0])
    doc = inspect.getdoc(package) or ""
    about = doc.split("\n", 1)[0].split(": ", 1)[-1]
    return about[:1].upper() + about[1:], doc


async def home(request: Request) -> Response:
    games = []
    for game_id, registered in ENTRIES.items():
        cls = registered.game
        games.append({
            "id": game_id, "title": cls.title, "players": cls.player_range(), "about": summary(game_id)[0],
            "picture": picture(game_id),
        })
    return templates.TemplateResponse(request, "home.html", {"games": games})


async def rules(request: Request) -> Response:
    game_id = game_id_of(request)
    return templates.TemplateResponse(
        request, "rules.html", {"title": game_class(game_id).title, "text": summary(game_id)[1], "id": game_id}
    )


def game_id_of(request: Request) -> str:
    game_id = request.path_params["game"]
    if game_id not in ENTRIES:
        raise Refusal(f"there is no game {game_id!r}; the games are {', '.join(ENTRIES)}", status=404)
    return str(game_id)


def form_fields(game_id: str) -> list[Any]:
    return [info for info in describe(game_class(game_id).options_type) if info.name != "players"]


async def new_form(request: Request, error: str | None = None, values: dict[str, Any] | None = None) -> Response:
    game_id = game_id_of(request)
    cls = game_class(game_id)
    return templates.TemplateResponse(
        request, "new.html",
        {
            "game": cls, "id": game_id, "fields": form_fields(game_id), "players": range(cls.min_players,
            cls.max_players + 1), "seats": range(cls.max_players), "choices": SEAT_CHOICES, "levels": LEVELS,
            "error": error, "values": values or {},
        },
        status_code=400 if error else 200,
    )


async def create(request: Request) -> Response:
    game_id = game_id_of(request)
    form = await request.form()
    values = {key: str(value) for key, value in form.items() if isinstance(value, str)}
    try:
        players = int(values.get("players", game_class(game_id).min_players))
        options: dict[str, Any] = {"players": players}
        for info in form_fields(game_id):
            if info.kind == "bool":
                options[info.name] = "on" if values.get(info.name) else "off"
            elif info.name in values:
                options[info.name] = values[info.name]
        seats = [values.get(f"seat{seat}", HUMAN) for seat in range(players)]
        if any(kind not in SEAT_CHOICES for kind in seats):
            raise Refusal(f"each seat is one of {', '.join(SEAT_CHOICES)}")
        timer = float(values.get("timer") or 0)
        if timer < 0:
            raise Refusal("the turn timer is a number of seconds, 0 for none")
        handover = values.get("handover", "easy")
        if handover not in (*LEVELS, "random"):
            raise Refusal(f"a seat is handed to one of {', '.join(LEVELS)}, random")
        settings = {"timer": timer, "handover": handover, "creator": os.urandom(12).hex()}
        stored = await hub_of(request).create(game_id, options, seats, settings)
    except (NutboxError, ValueError, Refusal) as error:
        return await new_form(request, str(error), values)
    return RedirectResponse(f"/t/{stored.id}/links/{settings['creator']}", status_code=303)


async def links(request: Request) -> Response:
    seated = await hub_of(request).table(request.path_params["table"])
    stored = seated.live.stored
    if request.path_params["key"] != stored.settings.get("creator"):
        raise Refusal("this is not the creator's link of that table", status=403)
    base = str(request.base_url).rstrip("/")
    seats = [
        {"seat": seat, "kind": info["kind"], "link": f"{base}/t/{stored.id}/seat/{info['secret']}"}
        for seat, info in enumerate(stored.seats)
    ]
    return templates.TemplateResponse(
        request, "links.html",
        {"title": seated.live.game.title, "seats": seats, "spectator": f"{base}/t/{stored.id}", "id": stored.id},
    )


async def seat_page(request: Request) -> Response:
    return await table_page(request, request.path_params["secret"])


async def spectator_page(request: Request) -> Response:
    return await table_page(request, None)


async def table_page(request: Request, secret: str | None) -> Response:
    seated = await hub_of(request).table(request.path_params["table"])
    live = seated.live
    seat = live.seat_of(secret)
    first = await hub_of(request).snapshot(live.id, secret)  # the page works before its script connects
    return templates.TemplateResponse(
        request, "table.html",
        {"state": first, "secret": secret or "", "levels": LEVELS, "table": live.id, "seat": seat,
         "game_id": live.game.id, "state_json": json.dumps(first).replace("</", "<\\/")},
    )


async def download(request: Request) -> Response:
    seated = await hub_of(request).table(request.path_params["table"])
    live = seated.live
    if not live.finished:
        raise Refusal("the record can be downloaded once the game is over (it holds every secret)", status=403)
    name = f"{live.game.id}-{live.id}.json"
    return Response(
        json.dumps(live.record().to_json(), indent=1), media_type="application/json",
        headers={"content-disposition": f'attachment; filename="{name}"'},
    )


async def upload(request: Request) -> Response:
    form = await request.form(max_part_size=MAX_BODY)
    file = form.get("record")
    if not isinstance(file, UploadFile):
        raise Refusal("choose a record file (a .json saved by nutbox) to watch", status=400)
    raw = await file.read()
    try:
        record = Record.from_json(json.loads(raw))
        stored = await hub_of(request).import_record(record)
    except json.JSONDecodeError as error:
        raise Refusal(f"{file.filename}: not JSON (line {error.lineno}, column {error.colno}: {error.msg})",
                      status=400) from None
    except NutboxError as error:
        raise Refusal(f"{file.filename}: {error}", status=400) from None
    return RedirectResponse(f"/t/{stored.id}", status_code=303)


# --- the JSON API ---------------------------------------------------------------------------------------------
async def body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise Refusal("the request is too large", status=413)
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise Refusal(f"the request is not JSON: {error.msg} at character {error.pos}", status=400) from None
    return checked(data)


def checked(data: Any) -> dict[str, Any]:
    """A request's fields, each of the type it must have; anything else is refused saying which field."""
    if not isinstance(data, dict):
        raise Refusal("a request is a JSON object", status=400)
    kinds = {"type": str, "secret": str, "action": str, "version": int, "seat": int, "bot": str}
    for key, value in data.items():
        kind = kinds.get(key)
        if kind is None:
            raise Refusal(f"unknown field {key!r} (fields: {', '.join(kinds)})", status=400)
        if value is not None and (not isinstance(value, kind) or isinstance(value, bool)):
            raise Refusal(f"field {key!r} must be a {kind.__name__}", status=400)
    return data


async def api_state(request: Request) -> Response:
    message = await hub_of(request).snapshot(request.path_params["table"], request.query_params.get("secret"))
    return JSONResponse(message)


async def handle(hub: Hub, table: str, data: dict[str, Any]) -> int:
    """One request from a browser, by HTTP or WebSocket; the table's new version."""
    kind = data.get("type", "act")
    secret, version = data.get("secret"), data.get("version")
    if kind == "act":
        if not data.get("action"):
            raise Refusal("an act request needs the action's text", status=400)
        return await hub.act(table, secret, data["action"], version)
    if kind == "undo":
        return await hub.undo(table, secret, version)
    if kind == "handover":
        if "seat" not in data:
            raise Refusal("a handover request names the seat (0 for the first)", status=400)
        return await hub.hand_over(table, secret, data["seat"], data.get("bot"), version)
    raise Refusal(f"unknown request type {kind!r} (act, undo, handover)", status=400)


async def api_act(request: Request) -> Response:
    return await api_request(request, "act")


async def api_undo(request: Request) -> Response:
    return await api_request(request, "undo")


async def api_handover(request: Request) -> Response:
    return await api_request(request, "handover")


async def api_request(request: Request, kind: str) -> Response:
    data = await body(request)
    version = await handle(hub_of(request), request.path_params["table"], {**data, "type": kind})
    return JSONResponse({"ok": True, "version": version})


async def api_replay(request: Request) -> Response:
    seated = await hub_of(request).table(request.path_params["table"])
    live = seated.live
    seat = live.seat_of(request.query_params.get("secret"))
    try:
        step = int(request.query_params.get("step", "0"))
        as_text = request.query_params.get("as")
        as_seat = int(as_text) if as_text not in (None, "") else None
    except ValueError:
        raise Refusal("step and as are whole numbers", status=400) from None
    message = await asyncio.to_thread(live.replay_message, seat, step, as_seat)
    return JSONResponse(message)


async def api_details(request: Request) -> Response:
    """The terminal picture of the seat's view (holdings, hands, the score breakdown), as HTML."""
    seated = await hub_of(request).table(request.path_params["table"])
    live = seated.live
    seat = live.seat_of(request.query_params.get("secret"))
    async with seated.lock:
        view = live.match.state.view(seat)
    console = Console(record=True, width=110, file=io.StringIO(), color_system="truecolor")
    console.print(live.entry.render_text(view))
    html = console.export_html(inline_styles=True, code_format="<pre class='terminal'>{code}</pre>")
    return JSONResponse({"html": html, "version": live.version})


# --- live updates ---------------------------------------------------------------------------------------------
async def live(socket: WebSocket) -> None:
    hub = hub_of(socket)
    table = socket.path_params["table"]
    secret = socket.query_params.get("secret") or None
    await socket.accept()
    try:
        seated, watcher = await hub.join(table, secret, socket.send_text)
    except Refusal as error:
        await socket.send_json({"type": "error", "message": str(error)})
        await socket.close(code=4403)
        return
    try:
        while True:
            raw = await socket.receive_text()
            try:
                data = json.loads(raw) if len(raw) <= MAX_BODY else None
                data = checked(data)
                version = await handle(hub, table, {**data, "secret": secret})
                await socket.send_json({"type": "ok", "version": version})
            except json.JSONDecodeError as error:
                await socket.send_json({"type": "error", "message": f"not JSON: {error.msg}"})
            except Refusal as error:
                await socket.send_json({"type": "error", "message": str(error)})
    except WebSocketDisconnect:
        pass
    finally:
        await hub.leave(seated, watcher)
