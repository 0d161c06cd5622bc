"""The lobby: open tables anyone with a profile can join, filtered by game and player count, and quick play
against bots.

    /lobby                      open tables with a free seat (?game=ID&players=N to filter)
    /lobby/{table}/join         take a free seat of an open table (POST; needs a profile)
    /lobby/quick                a new table: you and bots of one level (POST)
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from nutbox.agents import LEVELS
from nutbox.registry import ENTRIES, game_class
from nutbox.web.pages import address_of, hub_of, templates
from nutbox.web.profiles import profile_of, require_profile, same_site, span
from nutbox.web.refusal import Refusal, clip
from nutbox.web.seated import Seated
from nutbox.web.seats import HUMAN
from nutbox.web.settings import TableSettings

SHOWN = 200  # open tables a lobby page lists at most
RATED_QUICK_TIMER = 86400.0  # seconds per decision at a rated quick game: a day, then a forfeit
KEPT = 86400.0  # seconds an open table stays in the lobby: one nobody joined within a day is no longer listed


def pace(seconds: float) -> str:
    """A table's time per decision, in words."""
    if not seconds:
        return "no time limit"
    return f"{span(seconds, 2)} per move" + (", turn-based" if seconds >= 3600 else "")


def listing(seated: Seated) -> dict[str, Any] | None:
    """What the lobby says of a table, or None once it has no free seat."""
    live = seated.live
    seats = live.stored.seats
    free = [s for s, info in enumerate(seats) if info.human and info.invite and not info.joined]
    if not free or live.finished:
        return None
    names = live.names()
    seated_names = [names[s] if info.human else f"{names[s]} (bot: {info.kind})"
                    for s, info in enumerate(seats) if s not in free]
    settings = live.stored.settings
    return {
        "id": live.id, "game": live.game.id, "title": live.game.title, "players": len(seats), "free": len(free),
        "pace": pace(settings.timer), "rated": settings.rated,
        "seated": seated_names, "started": any(actor is not None for actor in live.actors),
    }


async def lobby(request: Request) -> Response:
    hub = hub_of(request)
    game = request.query_params.get("game") or ""
    players_text = request.query_params.get("players") or ""
    if game and game not in ENTRIES:
        raise Refusal(f"there is no game {clip(game, 30)!r}", status=404)
    if players_text and not (players_text.isdigit() and len(players_text) <= 2):
        raise Refusal("players is a whole number", status=400)
    players = int(players_text) if players_text else None
    shown = []  # newest first, filtered before the page's limit is applied (so no flood of tables hides one)
    for table_id in await asyncio.to_thread(hub.people.listed, hub.clock.now() - KEPT, game or None):
        try:
            item = listing(await hub.table(table_id))
        except Refusal:
            continue
        if item and (players is None or item["players"] == players):
            shown.append(item)
            if len(shown) == SHOWN:
                break
    profile = await profile_of(request)
    games = [{"id": game_id, "title": registered.game.title} for game_id, registered in ENTRIES.items()]
    return templates.TemplateResponse(request, "lobby.html", {
        "tables": shown, "games": games, "game": game, "players": players,
        "profile": profile[0] if profile else None, "levels": LEVELS,
    })


async def join(request: Request) -> Response:
    """Take the first free seat of an open table, as this browser's profile."""
    same_site(request)
    profile = await require_profile(request)
    hub = hub_of(request)
    table_id = request.path_params["table"]
    seated = await hub.table(table_id)
    if not seated.live.stored.settings.listed:
        raise Refusal("that table is private: its seats are taken through invitations", status=403)
    _, key = await hub.claims.take_seat(table_id, profile)
    return RedirectResponse(f"/t/{table_id}/seat/{key}", status_code=303)


async def quick(request: Request) -> Response:
    """A new table at once: this browser's person in the first seat and bots of one level in the others."""
    same_site(request)
    form = await request.form()
    game_id, level = str(form.get("game", "")), str(form.get("level", "easy"))
    if game_id not in ENTRIES:
        raise Refusal("choose one of the games", status=400)
    if level not in LEVELS:
        raise Refusal(f"the bots are {', '.join(LEVELS)}", status=400)
    cls = game_class(game_id)
    count = str(form.get("players", ""))
    if not (count.isdigit() and cls.min_players <= int(count) <= cls.max_players):
        raise Refusal(f"{cls.title} is for {cls.min_players} to {cls.max_players} players", status=400)
    profile = await profile_of(request)
    hub = hub_of(request)
    hub.new_tables.check(address_of(request), hub.clock.now())
    seats = [HUMAN] + [level] * (int(count) - 1)
    rated = profile is not None and int(count) > 1
    # a rated game has a clock: one left unfinished is lost on time (a day per decision), so it counts
    settings = TableSettings(timer=RATED_QUICK_TIMER if rated else 0, timeout="forfeit" if rated else "bot",
                             handover=level, hints=False, listed=False, rated=rated)
    table = await hub.create(game_id, {"players": int(count)}, seats, settings)
    if profile is None:
        token = str(table.seats[0].invite)
        return RedirectResponse(f"/t/{table.id}/invite/{token}", status_code=303)
    _, key = await hub.claims.take_seat(table.id, profile)
    return RedirectResponse(f"/t/{table.id}/seat/{key}", status_code=303)


ROUTES = [
    Route("/lobby", lobby),
    Route("/lobby/quick", quick, methods=["POST"]),
    Route("/lobby/{table}/join", join, methods=["POST"]),
]
