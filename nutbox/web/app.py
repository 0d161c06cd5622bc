"""The browser table: pages, the JSON API and the live WebSocket, over the hub.

    /                       the games, and a form to watch an uploaded record
    /new/{game}             a new table: players, options, seats (a person or a bot level), timer
    /t/{id}/links/{key}     the creator's page: one invitation per person's seat, who has taken which seat
    /t/{id}/invite/{token}  an invitation: the first browser to take it gets the seat and its own key
    /t/{id}/seat/{key}      a seat's page        /t/{id}   a spectator's page
    /t/{id}/record.json     the record, once the game is over
    /t/{id}/review          a finished game's review (web/reviews.py): its summary, graphs and marked decisions
    /api/t/{id}/...         state, act, undo, handover, transfer, again, hint, replay, review (JSON)
    /ws/t/{id}?secret=...   live updates; send {"type": "act", "action": TEXT, "version": N} (or undo, handover)
    /learn/{game}           the game's tutorial (web/learn.py)

A seat is known only by its key; what a connection receives is built from that seat's view alone. Every
refusal is a 4xx with a short reason, and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import inspect
import json
import logging
import math
import multiprocessing
import os
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager
from functools import cache
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import UploadFile
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from nutbox.agents import LEVELS
from nutbox.core import NutboxError, Record, describe, with_names
from nutbox.registry import ENTRIES, entry, game_class, make
from nutbox.web import leaderboard, learn, lobby, profiles, studies
from nutbox.web.bots import die_with_server
from nutbox.web.claims import check_creator
from nutbox.web.guard import Guard, TooLarge
from nutbox.web.hub import Hub
from nutbox.web.limits import Clock, Limits
from nutbox.web.live import ACTION_LENGTH, LiveTable
from nutbox.web.new_tables import new_table
from nutbox.web.pages import (
    CHOICE_NAMES,
    address_of,
    body,
    checked,
    game_id_of,
    hub_of,
    parse_json,
    qr_image,
    templates,
)
from nutbox.web.refusal import Refusal, clip
from nutbox.web.results import result_words
from nutbox.web.seats import HUMAN, digest, new_secret
from nutbox.web.settings import TableSettings, Timeout
from nutbox.web.store import Store
from nutbox.web.watchers import Watcher
from nutbox.web.wire import as_text
from nutbox.web.workbench import Workbench

HERE = Path(__file__).parent
log = logging.getLogger("nutbox.web")
SEAT_CHOICES = [HUMAN, *LEVELS, "random"]
MAX_BODY = 64_000  # bytes of a request: an action is a few words
MAX_UPLOAD = 4_000_000  # bytes of an uploaded record: the longest games are a few hundred kB
MAX_TIMER = 7 * 24 * 3600.0  # seconds a decision may be given
UNITS = {"seconds": 1, "minutes": 60, "hours": 3600, "days": 86400}  # of the time per decision
TIMEOUT_RULES: dict[Timeout, str] = {  # what happens when a person's time for a decision runs out (web/clocks.py)
    "bot": "a bot takes their seat (they can take it back)",
    "move": "a bot makes that one move for them",
    "forfeit": "they forfeit the game",
}
TOO_SLOW = 4008  # WebSocket close code for a connection too far behind; its page reconnects and catches up


def create_app(db: str = "sqlite:///nutbox.sqlite3", bot_workers: int | None = None,
               limits: Limits | None = None, clock: Clock | None = None,
               studies_at: tuple[Path, int, int, str | None] | None = None) -> Starlette:
    """The app; `studies_at`: the workbench's directory, the processes a study plays in, their niceness and the Ray
    cluster that plays studies instead, if any (None: no workbench)."""
    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        workers = bot_workers or max(1, (os.cpu_count() or 2) - 1)
        pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=die_with_server)
        hub = Hub(Store(db), pool, limits, clock)
        app.state.hub = hub
        resumed = await hub.resume_all()
        log.info("nutbox table ready; %d unfinished games resumed", resumed)
        app.state.workbench = Workbench(*studies_at) if studies_at is not None else None
        if app.state.workbench is not None:
            app.state.workbench.start()
        try:
            yield
        finally:
            if app.state.workbench is not None:
                await app.state.workbench.close()
            await hub.close()
            stop_pool(pool)

    routes = [
        Route("/", home),
        Route("/rules/{game}", rules),
        Route("/new/{game}", new_form, methods=["GET"]),
        Route("/new/{game}", create, methods=["POST"]),
        Route("/watch", upload, methods=["POST"]),
        Route("/t/{table}/links/{key}", links),
        Route("/t/{table}/links/{key}/reissue", reissue, methods=["POST"]),
        Route("/t/{table}/links/{key}/qr/{seat}", invitation_qr),
        Route("/t/{table}/invite/{token}", invitation, methods=["GET"]),
        Route("/t/{table}/invite/{token}", claim, methods=["POST"]),
        Route("/t/{table}/seat/{secret}", seat_page),
        Route("/t/{table}", spectator_page),
        Route("/t/{table}/record.json", download),
        Route("/t/{table}/review", review_page),
        Route("/api/t/{table}/state", api_state),
        Route("/api/t/{table}/act", api_act, methods=["POST"]),
        Route("/api/t/{table}/undo", api_undo, methods=["POST"]),
        Route("/api/t/{table}/handover", api_handover, methods=["POST"]),
        Route("/api/t/{table}/transfer", api_transfer, methods=["POST"]),
        Route("/api/t/{table}/again", api_again, methods=["POST"]),
        Route("/api/t/{table}/name", api_name, methods=["POST"]),
        Route("/api/t/{table}/hint", api_hint, methods=["POST"]),
        Route("/api/t/{table}/replay", api_replay),
        Route("/api/t/{table}/chat", api_chat, methods=["POST"]),
        Route("/api/t/{table}/review", api_review, methods=["GET"]),
        Route("/api/t/{table}/review", api_review_start, methods=["POST"]),
        WebSocketRoute("/ws/t/{table}", live),
        *learn.ROUTES,
        *profiles.ROUTES,
        *lobby.ROUTES,
        *leaderboard.ROUTES,
        *studies.ROUTES,
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    return Starlette(
        routes=routes, lifespan=lifespan, exception_handlers={Refusal: refused, TooLarge: refused},
        middleware=[Middleware(Guard, body_limit=MAX_BODY, upload_limit=MAX_UPLOAD, upload_paths=("/watch",))],
    )


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop the bots' processes now, a decision under way included: left to finish it, a worker outlives a server
    stopped meanwhile (and keeps multiprocessing's resource tracker alive with it)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())  # (the executor names no public way)
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(timeout=5)
        if worker.is_alive():
            worker.kill()
            worker.join(timeout=5)


SETTINGS = "NUTBOX_SERVE"  # how `nutbox serve --workers N` hands its settings to each worker process


def from_environment() -> Starlette:
    """The app of one of `nutbox serve --workers N`'s processes, built from the settings serve left in the
    environment."""
    settings = json.loads(os.environ[SETTINGS])
    return create_app(settings["db"], settings["bot_workers"], Limits(**settings["limits"]))


async def refused(request: Request, error: Exception) -> Response:
    status = getattr(error, "status", 409)
    message = clip(str(error), 300)
    if request.url.path.startswith("/api/"):
        return JSONResponse({"ok": False, "error": message}, status_code=status)
    return templates.TemplateResponse(request, "error.html", {"message": message}, status_code=status)


def page_json(data: Any) -> str:
    """JSON to embed in a page's <script> block: no text in it can close the block or open a comment."""
    return json.dumps(data).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


# --- pages ----------------------------------------------------------------------------------------------------
@cache
def picture(game_id: str) -> str:
    """A game's picture for the home page: its board once set up, as a spectator sees it."""
    face = entry(game_id).face
    if not face.draws_svg:
        return ""
    game = make(game_id, {})
    live = LiveTable(new_table(game, ["random"] * game.num_players, key=bytes(32)))
    return face.svg(live.match.state.view(None), []) or ""


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
            "picture": picture(game_id), "learn": registered.face.tutorial is not None,
        })
    return templates.TemplateResponse(request, "home.html", {"games": games})


async def rules(request: Request) -> Response:
    """How to play: the game's guide with its example positions drawn, the options, and the notation last."""
    game_id = game_id_of(request)
    cls, face = game_class(game_id), entry(game_id).face
    about, notation = summary(game_id)
    guide = face.guide
    sections = [] if guide is None else [
        {"title": section.title, "paragraphs": section.paragraphs, "items": section.items,
         "examples": [{"svg": example_svg(game_id, part, number), "caption": example.caption}
                      for number, example in enumerate(section.examples)]}
        for part, section in enumerate(guide.sections)
    ]
    return templates.TemplateResponse(request, "rules.html", {
        "title": cls.title, "id": game_id, "summary": guide.summary if guide else about, "sections": sections,
        "options": form_fields(game_id), "notation": notation, "learn": face.tutorial is not None,
    })


@cache
def example_svg(game_id: str, part: int, number: int) -> str:
    """An example position of a game's guide (section `part`, example `number`), drawn as the game draws it."""
    face = entry(game_id).face
    guide = face.guide
    if not face.draws_svg or guide is None:
        return ""
    example = guide.sections[part].examples[number]
    game = make(game_id, example.options)
    state = example.position(game)
    view = state.view(example.seat)
    seat = state.to_move()
    legal = [str(action) for action in state.legal_actions()] if example.targets and seat == example.seat else []
    return face.svg(view, legal) or ""


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
            "error": error, "values": values or {}, "choice_names": CHOICE_NAMES, "units": UNITS,
            "timeout_rules": TIMEOUT_RULES, "profile": (await profiles.profile_of(request) or (None,))[0],
            "default_players": max(cls.min_players, cls.options_type().players),
        },
        status_code=400 if error else 200,
    )


async def create(request: Request) -> Response:
    profiles.same_site(request)  # (it may seat the browser's profile at a rated table)
    game_id = game_id_of(request)
    hub_of(request).new_tables.check(address_of(request), hub_of(request).clock.now())
    form = await request.form()
    values = {key: str(value) for key, value in form.items() if isinstance(value, str)}
    try:
        cls = game_class(game_id)
        players = whole(values.get("players", str(cls.min_players)), "players", cls.max_players)
        options: dict[str, Any] = {"players": players}
        for info in form_fields(game_id):
            if info.kind == "bool":
                options[info.name] = "on" if values.get(info.name) else "off"
            elif info.name in values:
                options[info.name] = values[info.name]
        seats = [values.get(f"seat{seat}", HUMAN) for seat in range(players)]
        if any(kind not in SEAT_CHOICES for kind in seats):
            raise Refusal(f"each seat is one of {', '.join(SEAT_CHOICES)}")
        settings = table_settings(values, seats)
        creator = new_secret()
        settings.creator = digest(creator)
        profile = await profiles.profile_of(request)
        if settings.rated and HUMAN in seats and profile is None:
            raise Refusal("make a profile (/profile) first: everyone at a rated table has one")
        names = [values.get(f"name{seat}", "") if kind == HUMAN else "" for seat, kind in enumerate(seats)]
        hub = hub_of(request)
        stored = await hub.create(game_id, options, seats, settings, names)
        sit = profile is not None and values.get("sit") and HUMAN in seats
        if sit:
            _, key = await hub.claims.take_seat(stored.id, profile)  # type: ignore[arg-type]
    except (NutboxError, ValueError, Refusal) as error:
        return await new_form(request, clip(str(error), 300), values)
    invitations = f"/t/{stored.id}/links/{creator}"
    if sit:  # the creator lands on their own seat; the page keeps the invitations a click away (the fragment
        # never leaves the browser)
        return RedirectResponse(f"/t/{stored.id}/seat/{key}#invitations={invitations}", status_code=303)
    return RedirectResponse(invitations, status_code=303)


def table_settings(values: dict[str, str], seats: list[str]) -> TableSettings:
    """A new table's settings from its form: time per decision and what happens when it runs out, who may
    join, rated or not, hints, and whether a person's only possible move is made for them."""
    from nutbox.web import ratings

    unit = values.get("timer_unit", "seconds")
    if unit not in UNITS:
        raise Refusal(f"the time per decision is counted in {', '.join(UNITS)}", status=400)
    timer = seconds(values.get("timer") or "0", UNITS[unit])
    handover = values.get("handover", "easy")
    if handover not in (*LEVELS, "random"):
        raise Refusal(f"a seat is handed to one of {', '.join(LEVELS)}, random")
    timeout = next((rule for rule in TIMEOUT_RULES if rule == values.get("timeout", "bot")), None)
    if timeout is None:
        raise Refusal(f"when time runs out: one of {', '.join(TIMEOUT_RULES)}", status=400)
    rated = bool(values.get("rated"))
    if rated:
        why_not = ratings.rated_allowed(seats) or ratings.rated_settings(timer, bool(values.get("hints")))
        if why_not:
            raise Refusal(why_not)
    return TableSettings(timer=timer, timeout=timeout, handover=handover, hints=bool(values.get("hints")),
                         listed=values.get("visibility") == "open", rated=rated, autoplay=bool(values.get("autoplay")))


def seconds(text: str, unit: float = 1) -> float:
    """A time per decision from a form, in `unit`s: a finite number of seconds from 0 (none) to a week."""
    try:
        value = float(text) * unit if len(text) <= 20 else math.nan
    except ValueError:
        value = math.nan
    if not 0 <= value <= MAX_TIMER:
        raise Refusal(f"the time per decision is from 0 (none) to {MAX_TIMER:.0f} seconds (a week)")
    return value


async def links(request: Request, issued: int | None = None) -> Response:
    """The creator's page: an invitation per person's seat, who has taken which, never anyone's key."""
    hub = hub_of(request)
    seated = await hub.table(request.path_params["table"])
    live = seated.live
    check_creator(live, request.path_params["key"])
    base = str(request.base_url).rstrip("/")
    names = live.names()
    seats = []
    for seat, info in enumerate(live.stored.seats):
        invite = invitation_link(request, live.id, info.invite) if info.invite else None
        seats.append({
            "seat": seat, "name": names[seat], "kind": info.kind, "human": info.human, "joined": info.joined,
            "here": seated.attendance.here(seat), "away": round(seated.attendance.away_for(seat)),
            "invite": invite,
        })
    return templates.TemplateResponse(
        request, "links.html",
        {"title": live.game.title, "seats": seats, "spectator": f"{base}/t/{live.id}", "id": live.id,
         "key": request.path_params["key"], "issued": issued, "grace": round(hub.clocks.grace(seated)),
         "notes": [with_names(note.text, names) for note in live.stored.settings.notes]},
    )


async def invitation_qr(request: Request) -> Response:
    """The QR code of a seat's invitation, for the creator's page (only its holder may see the invitation)."""
    seated = await hub_of(request).table(request.path_params["table"])
    live = seated.live
    check_creator(live, request.path_params["key"])
    seat = whole(request.path_params["seat"], "seat", len(live.stored.seats) - 1)
    token = live.stored.seats[seat].invite
    if not token:
        raise Refusal(f"Player {seat + 1}'s seat has no open invitation", status=404)
    return qr_image(invitation_link(request, live.id, token))


def invitation_link(request: Request, table: str, token: str) -> str:
    """A seat's invitation, at the address the server was reached at."""
    return f"{str(request.base_url).rstrip('/')}/t/{table}/invite/{token}"


async def reissue(request: Request) -> Response:
    form = await request.form()
    seat = whole(str(form.get("seat", "")), "seat")
    await hub_of(request).claims.reissue(request.path_params["table"], request.path_params["key"], seat)
    return await links(request, issued=seat)


def whole(text: str, name: str, largest: int = 10**6) -> int:
    """A whole number from a form or a query, from 0 to `largest`."""
    if not (text.isascii() and text.isdigit() and len(text) <= 7 and int(text) <= largest):
        raise Refusal(f"{name} is a whole number from 0 to {largest}", status=400)
    return int(text)


async def invitation(request: Request) -> Response:
    """An invitation's page: it names the seat and asks the visitor to take it (a link preview that only
    fetches the page takes nothing)."""
    seated = await hub_of(request).table(request.path_params["table"])
    seat = seated.live.invitation(request.path_params["token"])
    return templates.TemplateResponse(
        request, "invite.html", {"title": seated.live.game.title, "seat": seat,
                                 "taken": seated.live.joined(seat)},
    )


async def claim(request: Request) -> Response:
    profiles.same_site(request)  # (another site must not seat this browser's profile at its table)
    table = request.path_params["table"]
    _, key = await hub_of(request).claims.claim(table, request.path_params["token"],
                                                await profiles.profile_of(request))
    return RedirectResponse(f"/t/{table}/seat/{key}", status_code=303)


async def seat_page(request: Request) -> Response:
    return await table_page(request, request.path_params["secret"])


async def spectator_page(request: Request) -> Response:
    return await table_page(request, None)


async def table_page(request: Request, secret: str | None) -> Response:
    seated = await hub_of(request).table(request.path_params["table"])
    live = seated.live
    seat = live.seat_of(secret)
    first = await hub_of(request).snapshot(live.id, secret)  # the page works before its script connects
    # (and on a phone, before its connection asks for the phone's board)
    first["svg_phone"] = (await hub_of(request).snapshot(live.id, secret, phone=True))["svg"]
    return templates.TemplateResponse(
        request, "table.html",
        {"state": first, "secret": secret or "", "levels": LEVELS, "table": live.id, "seat": seat,
         "game_id": live.game.id, "state_json": page_json(first)},
    )


async def download(request: Request) -> Response:
    seated = await hub_of(request).table(request.path_params["table"])
    live = seated.live
    if not live.finished:
        raise Refusal("the record can be downloaded once the game is over (it holds every secret)", status=403)
    name = f"{live.game.id}-{live.id}.json"
    chat = await asyncio.to_thread(hub_of(request).people.chat, live.id, ("seats", "spectators"), 10_000)
    record = {**live.record().to_json(), "table": {
        "players": live.names(), "results": [result_words(live, seat) for seat in range(len(live.stored.seats))]
        if not live.stored.settings.imported else None,
        "chat": [{key: value for key, value in line.to_json().items() if key != "id"} for line in chat],
    }}
    return Response(
        json.dumps(record, indent=1), media_type="application/json",
        headers={"content-disposition": f'attachment; filename="{name}"'},
    )


async def review_page(request: Request) -> Response:
    """A finished game's review: asked for here, its progress while it is worked out, then what it found."""
    context = await hub_of(request).reviews.page(request.path_params["table"])
    return templates.TemplateResponse(request, "review.html", context)


async def upload(request: Request) -> Response:
    form = await request.form(max_files=1, max_fields=5)
    file = form.get("record")
    if not isinstance(file, UploadFile):
        raise Refusal("choose a record file (a .json saved by nutbox) to watch", status=400)
    name = clip(file.filename or "the record", 40)
    raw = await file.read()  # at most MAX_UPLOAD bytes: the guard refused anything larger while it came in
    try:
        data = parse_json(raw, name)
        record = Record.from_json(data)
        # a record downloaded here names the players too: the replay shows their names
        table = data.get("table") if isinstance(data, dict) else None
        players = table.get("players") if isinstance(table, dict) else None
        stored = await hub_of(request).import_record(record, players if isinstance(players, list) else None)
    except NutboxError as error:
        raise Refusal(f"{name}: {clip(str(error), 200)}", status=400) from None
    return RedirectResponse(f"/t/{stored.id}", status_code=303)


# --- the JSON API ---------------------------------------------------------------------------------------------
async def api_state(request: Request) -> Response:
    message = await hub_of(request).snapshot(request.path_params["table"], request.query_params.get("secret"),
                                             phone=request.query_params.get("layout") == "phone")
    return JSONResponse(message)


async def handle(hub: Hub, table: str, data: dict[str, Any]) -> int:
    """One request from a browser, by HTTP or WebSocket; the table's new version."""
    kind = data.get("type") or "act"  # (null, as absent: the schema allows either)
    secret, version = data.get("secret"), data.get("version")
    if kind == "act":
        if not data.get("action"):
            raise Refusal("an act request needs the action's text", status=400)
        return await hub.act(table, secret, data["action"], version)
    if kind == "chat":
        raise Refusal("chat goes through the table's connection or /api/t/{table}/chat", status=400)
    if kind == "transfer":
        raise Refusal("a seat is moved to another device through /api/t/{table}/transfer", status=400)
    if kind == "undo":
        return await hub.undo(table, secret, version)
    if kind == "handover":
        if "seat" not in data:
            raise Refusal("a handover request names the seat (0 for the first)", status=400)
        return await hub.hand_over(table, secret, data["seat"], data.get("bot"), version)
    raise Refusal(f"unknown request type {clip(kind, 20)!r} (act, undo, handover)", status=400)


async def api_act(request: Request) -> Response:
    return await api_request(request, "act")


async def api_undo(request: Request) -> Response:
    return await api_request(request, "undo")


async def api_handover(request: Request) -> Response:
    return await api_request(request, "handover")


async def api_transfer(request: Request) -> Response:
    """A one-time link that moves the asking seat to another device (the link is in the answer only)."""
    data = await body(request)
    table = request.path_params["table"]
    token = await hub_of(request).claims.transfer(table, data.get("secret"), data.get("version"))
    return JSONResponse({"ok": True, "link": invitation_link(request, table, token)})


async def api_name(request: Request) -> Response:
    """A person names their seat."""
    data = await body(request)
    if not isinstance(data.get("name"), str):
        raise Refusal("a name request carries the name", status=400)
    version = await hub_of(request).rename(request.path_params["table"], data.get("secret"), data.get("version"),
                                          data["name"])
    return JSONResponse({"ok": True, "version": version})


async def api_hint(request: Request) -> Response:
    """A suggested decision for the asking seat, at a table with hints on (the tutorial's game against the bot)."""
    data = await body(request)
    return JSONResponse(await hub_of(request).bots.hint(request.path_params["table"], data.get("secret")))


async def api_chat(request: Request) -> Response:
    """A line of chat from a seat (its key) or a spectator with a profile (the cookie)."""
    profiles.same_site(request)
    data = await body(request)
    if not isinstance(data.get("text"), str):
        raise Refusal("a chat request carries the text", status=400)
    profile = await profiles.profile_of(request)
    said = await hub_of(request).chat.say(request.path_params["table"], data.get("secret"),
                                          profile[0] if profile else None, data["text"])
    return JSONResponse({"ok": True, "id": said})


async def api_again(request: Request) -> Response:
    """Play again: a new table with the same players and options, seats moved one place on."""
    data = await body(request)
    new = await hub_of(request).again(request.path_params["table"], data.get("secret"), data.get("version"))
    return JSONResponse({"ok": True, "table": new})


async def api_request(request: Request, kind: str) -> Response:
    data = await body(request)
    version = await handle(hub_of(request), request.path_params["table"], {**data, "type": kind})
    return JSONResponse({"ok": True, "version": version})


async def api_replay(request: Request) -> Response:
    """A step of the game; `mark` (at most twice): moves open then, marked on the board (a review's two moves)."""
    seated = await hub_of(request).table(request.path_params["table"])
    live = seated.live
    seat = live.seat_of(request.query_params.get("secret"))
    step = whole(request.query_params.get("step", "0"), "step")
    as_text = request.query_params.get("as")
    as_seat = whole(as_text, "as", 99) if as_text not in (None, "") else None
    phone = request.query_params.get("layout") == "phone"
    marks = request.query_params.getlist("mark")
    if len(marks) > 2 or any(not text or len(text) > ACTION_LENGTH for text in marks):
        raise Refusal(f"mark at most two moves, each of 1 to {ACTION_LENGTH} characters", status=400)
    message = await asyncio.to_thread(live.replay_message, seat, step, as_seat, phone, marks)
    return JSONResponse(message)


async def api_review(request: Request) -> Response:
    """A finished game's review: its status and progress, and once done what it found (web/reviews.py)."""
    return JSONResponse(await hub_of(request).reviews.status(request.path_params["table"]))


async def api_review_start(request: Request) -> Response:
    """Ask for a finished game's review (a body, if any, is checked like every request's; none is needed)."""
    profiles.same_site(request)
    if await request.body():
        await body(request)
    profile = await profiles.profile_of(request)
    person = f"profile:{profile[0].id}" if profile else f"address:{address_of(request)}"
    row = await hub_of(request).reviews.request(request.path_params["table"], person,
                                                profile[0].id if profile else None)
    return JSONResponse({"ok": True, "status": row.status, "done": row.done, "total": row.total})


# --- live updates ---------------------------------------------------------------------------------------------
async def live(socket: WebSocket) -> None:
    """One connection: updates go out through its own bounded outbox (web/hub.py Watcher) while its requests
    come in; a connection too far behind is closed, and one that sends what is not a request is told why
    and closed."""
    hub = hub_of(socket)
    table = socket.path_params["table"]
    secret = socket.query_params.get("secret") or None
    phone = socket.query_params.get("layout") == "phone"  # the board drawn for a phone
    await socket.accept()
    if profiles.cross_site_socket(socket):
        await socket.close(code=4403, reason="a connection from another site: use this site's own pages")
        return
    profile = await profiles.profile_of(socket)
    try:
        seated, watcher = await hub.join(table, secret, profile[0] if profile else None, phone)
    except Refusal as error:
        await socket.send_json({"type": "error", "message": str(error)})
        await socket.close(code=4000 + error.status, reason=clip(str(error), 100))
        return
    reader = asyncio.create_task(read_requests(socket, hub, table, secret, watcher))
    pump = asyncio.create_task(send_updates(socket, watcher))
    dropped = asyncio.create_task(watcher.dropped.wait())
    closing = None
    try:
        await asyncio.wait([reader, pump, dropped], return_when=asyncio.FIRST_COMPLETED)
        if reader.done() and not reader.cancelled():
            if reader.exception() is not None:  # a fault of ours: logged, and the connection closed, not left hanging
                log.error("a request on table %s failed", table, exc_info=reader.exception())
                closing = (1011, "the server failed on that request: reconnect")
            else:
                closing = reader.result()
            if closing is not None:  # the refusal that explains the close goes out first
                watcher.close()
                await asyncio.wait([pump], timeout=2)
    finally:
        for task in (reader, pump, dropped):
            task.cancel()
        hub.leave(seated, watcher)
    if watcher.dropped.is_set() and closing is None:
        closing = (TOO_SLOW, "too far behind: reconnect to catch up")
    if closing is not None:
        with contextlib.suppress(Exception):  # a connection that never reads may not even take the close
            await asyncio.wait_for(socket.close(*closing), timeout=2)


async def send_updates(socket: WebSocket, watcher: Watcher) -> None:
    while (text := await watcher.next()) is not None:
        await socket.send_text(text)


async def read_requests(socket: WebSocket, hub: Hub, table: str, secret: str | None,
                        watcher: Watcher) -> tuple[int, str] | None:
    """Handle requests until the connection closes (None) or breaks the protocol (the close code and reason).
    Answers go through the watcher's outbox, after the updates the request caused."""
    while True:
        message = await socket.receive()
        if message["type"] == "websocket.disconnect":
            return None
        if message.get("text") is None:
            return 1003, "send requests as JSON text, not binary frames"
        raw = message["text"]
        if len(raw) > MAX_BODY:
            return 1009, "a request is at most 64 kB"
        try:
            data = checked(parse_json(raw))
        except Refusal as error:
            watcher.offer(as_text({"type": "error", "message": str(error)}))
            return 1007, clip(str(error), 100)
        try:
            if data.get("type") == "chat":
                await hub.chat.say(table, secret, watcher.profile, str(data.get("text") or ""))
                watcher.offer(as_text({"type": "ok"}))
                continue
            # shielded: a request under way finishes even if the connection goes
            version = await asyncio.shield(handle(hub, table, {**data, "secret": secret}))
            watcher.offer(as_text({"type": "ok", "version": version}))
        except Refusal as error:
            watcher.offer(as_text({"type": "error", "message": clip(str(error), 300)}))
