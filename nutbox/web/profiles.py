"""Profiles: a name a person keeps across tables, known to their browser by a cookie, and their "My games".

    /profile                GET: make a profile, or see and change yours    POST: make one
    /profile/name           POST: change its name
    /profile/webhook        POST: set or clear the address told when a turn of yours starts
    /profile/forget         POST: this browser signs out of the profile (other devices keep it)
    /profile/devices/{id}/sign-out  POST: sign another device out (the profile's seats get new keys)
    /profile/devices/sign-out       POST: sign out every device but this one
    /profile/link           POST: a one-time link, valid 15 minutes, that puts the profile on another device
    /profile/link/{token}   GET: what the link does (a link preview takes nothing)    POST: use it here
    /me                     My games: your turn, waiting for others, finished

Each browser's cookie holds a token of its own, which opens the profile's key (nutbox/web/people.py says how);
neither the token nor the key appears in a page, an address, a log line or a record. A one-time link carries
a token of its own, with the key sealed for it, and makes the browser that uses it a new device. Every POST
that acts on the cookie refuses a request another site's page sent (its Origin), besides the cookie's
SameSite=Lax. Over HTTPS the cookie is named with the __Host- prefix, so a browser takes it only from this
very host, Secure, for the whole site: no other site, subdomain or plain-http page can plant one.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import insert
from starlette.requests import HTTPConnection, Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from nutbox.registry import ENTRIES, game_class
from nutbox.web.db import profiles
from nutbox.web.hub import Hub
from nutbox.web.live import LiveTable
from nutbox.web.names import clean_name, looks_like_a_seat_number
from nutbox.web.pages import address_of, hub_of, qr_svg, templates
from nutbox.web.people import Device, Holder, Membership, People, Profile
from nutbox.web.refusal import Refusal
from nutbox.web.reviews import reviewable
from nutbox.web.sealing import seal, unseal
from nutbox.web.seats import SECRET_LENGTH, digest, matches, new_secret, seat_key

COOKIE = "nutbox_profile"  # over plain http (a table on 127.0.0.1 or a LAN), where a Secure cookie cannot be set
SECURE_COOKIE = "__Host-nutbox_profile"  # over https
COOKIE_AGE = 400 * 24 * 3600  # seconds: the longest browsers keep a cookie
LINK_LIFE = 15 * 60.0  # seconds a link to another device works
LINK_PURPOSE = b"profile-link"


# --- the cookie -----------------------------------------------------------------------------------------------
def cookie_name(request: HTTPConnection) -> str:
    """The cookie's name: over https only the __Host- one is read, so a cookie planted without the prefix
    (by a plain-http page or a sibling subdomain) is never taken for the profile."""
    return SECURE_COOKIE if request.url.scheme in ("https", "wss") else COOKIE


def token_of(request: HTTPConnection) -> str | None:
    token = request.cookies.get(cookie_name(request))
    return token if token and len(token) <= SECRET_LENGTH else None


async def holder_of(request: HTTPConnection) -> Holder | None:
    """The profile this browser holds, with its key and device; None with no cookie, a wrong one or one
    signed out (a page's request or a WebSocket's)."""
    token = token_of(request)
    if token is None:
        return None
    hub = hub_of(request)
    return await asyncio.to_thread(hub.people.holder, token, hub.clock.now())


async def profile_of(request: HTTPConnection) -> tuple[Profile, str] | None:
    """The profile this browser holds, and its key (None as for holder_of)."""
    holder = await holder_of(request)
    return None if holder is None else (holder.profile, holder.key)


async def require_profile(request: HTTPConnection) -> tuple[Profile, str]:
    """The browser's profile and its key, or a refusal saying to make one."""
    found = await profile_of(request)
    if found is None:
        raise Refusal("make a profile first (/profile)", status=403)
    return found


def hold(response: Response, request: Request, token: str) -> Response:
    """The browser keeps its device's token: out of reach of scripts, sent along only by this site's own pages
    and by links followed to it."""
    response.set_cookie(cookie_name(request), token, max_age=COOKIE_AGE, path="/", httponly=True,
                        samesite="lax", secure=request.url.scheme == "https")
    return response


def let_go(response: Response, request: Request) -> Response:
    response.delete_cookie(cookie_name(request), path="/", httponly=True, samesite="lax",
                           secure=request.url.scheme == "https")
    return response


def device_label(request: Request) -> str:
    """What the browser is, from its User-Agent, for its profile's list of devices: "Firefox on Windows"."""
    from ua_parser import parse

    found = parse(request.headers.get("user-agent", "")[:500])
    browser = found.user_agent.family if found.user_agent and found.user_agent.family != "Other" else None
    system = found.os.family if found.os and found.os.family != "Other" else None
    if browser and system:
        return f"{browser} on {system}"
    return browser or (f"A browser on {system}" if system else "A browser or program")


def same_site(request: HTTPConnection) -> None:
    """Refuse a POST another site's page made this browser send (a cross-site form). A browser that says where
    the request comes from in Sec-Fetch-Site is taken at its word; else the page's origin must be this host.
    (Our pages ask for no referrer, so a browser may send Origin "null" with its own forms: Sec-Fetch-Site
    then tells.) An older browser that sends neither still keeps the SameSite=Lax cookie off another site's
    POST. Only the host is compared: behind a proxy that ends TLS, this server may see http where the browser
    says https."""
    fetch_site = request.headers.get("sec-fetch-site")
    origin = request.headers.get("origin")
    if fetch_site is not None:
        foreign = fetch_site not in ("same-origin", "none")
    else:
        foreign = origin is not None and urlsplit(origin).netloc != request.url.netloc
    if foreign:
        raise Refusal("a request from another site: use this site's own pages", status=403)


def cross_site_socket(socket: HTTPConnection) -> bool:
    """Whether a WebSocket was opened by another site's page: browsers always say where an upgrade comes from
    (Origin), and the cookie would ride along with it (cross-site WebSocket hijacking)."""
    origin = socket.headers.get("origin")
    return origin is not None and urlsplit(origin).netloc != socket.url.netloc


async def form_text(request: Request, name: str, largest: int = 600) -> str:
    value = (await request.form()).get(name, "")
    if not isinstance(value, str) or len(value) > largest:
        raise Refusal(f"{name} is a text of at most {largest} characters", status=400)
    return value


# --- the profile page -----------------------------------------------------------------------------------------
async def page(request: Request) -> Response:
    holder = await holder_of(request)
    found = None if holder is None else (holder.profile, holder.key)
    hub = hub_of(request)
    listed = [] if holder is None else await asyncio.to_thread(hub.people.devices, holder.profile.id)
    games = [{"id": game_id, "title": registered.game.title} for game_id, registered in ENTRIES.items()]
    delivery = hub.notifier.status.get(found[0].id) if found else None
    webhook = None
    if delivery is not None and found is not None and found[0].webhook:
        when = time.strftime("%d %b %H:%M UTC", time.gmtime(delivery.time))
        webhook = (f"The last notice reached {delivery.host} on {when} (status {delivery.outcome})."
                   if not delivery.failed else
                   f"The last notice to {delivery.host} on {when} failed ({delivery.outcome}); the next is tried "
                   f"{span(delivery.wait, 1)} later (each failure doubles the wait, up to half an hour).")
    return templates.TemplateResponse(request, "profile.html", {
        "profile": found[0] if found else None, "invite_only": hub.limits.invite_only, "games": games,
        "webhook_said": webhook, "webhook_failed": bool(delivery and delivery.failed),
        "devices": [described(device, holder, hub.clock.now()) for device in listed] if holder else [],
        "legacy": holder is not None and holder.device is None,
    })


def described(device: Device, holder: Holder, now: float) -> dict[str, Any]:
    """A device as the profile page lists it: what it is, since when, last used (to the hour)."""
    return {"id": device.id, "label": device.label, "this": device.id == holder.device,
            "since": time.strftime("%d %b %Y", time.gmtime(device.created)),
            "seen": "within the hour" if now - device.seen < 3600 else ago(now - device.seen)}


async def make(request: Request) -> Response:
    """A new profile, and its key in this browser. On an invite-only server one use of an invite code is spent
    in the very transaction that stores the profile: both happen, or neither."""
    same_site(request)
    hub = hub_of(request)
    held = await profile_of(request)
    if held is not None:
        raise Refusal(f"this browser already has a profile ({held[0].name}); forget it on /profile to make "
                      "another", status=409)
    name = profile_name(await form_text(request, "name"))
    code = (await form_text(request, "code", SECRET_LENGTH)).strip()
    if hub.limits.invite_only and not code:
        raise Refusal("this server lets people in with an invite code: ask its operator for one", status=403)
    hub.new_profiles.check(address_of(request), hub.clock.now())  # (a try of an invite code counts too)
    key, token, now = new_secret(), new_secret(), hub.clock.now()
    profile_id = secrets.token_urlsafe(9)
    row = {"id": profile_id, "name": name, "key_hash": digest(key), "created": now}
    spend = hub.people.spend_invite_code(code) if hub.limits.invite_only else None
    device = People.add_device(profile_id, key, 0, token, device_label(request), now)

    def write(db: Any) -> None:
        if spend is not None:
            spend(db)  # ValueError: the code is unknown or used up, and the profile is not made
        db.execute(insert(profiles).values(**row))
        device(db)

    try:
        await asyncio.wrap_future(hub.store.write(write))
    except ValueError as error:
        raise Refusal(str(error), status=403) from None
    return hold(RedirectResponse("/me", status_code=303), request, token)


def profile_name(text: str) -> str:
    """A profile's name: a person's name, never one that reads as "Player N" (a seat without a name)."""
    name = clean_name(text)
    if looks_like_a_seat_number(name):
        raise Refusal("a name that reads as \"Player N\" would pass for a seat without one: choose another",
                      status=400)
    return name


async def rename(request: Request) -> Response:
    same_site(request)
    profile, _ = await require_profile(request)
    name = profile_name(await form_text(request, "name"))
    await asyncio.wrap_future(hub_of(request).people.update_profile(profile.id, name=name))
    return RedirectResponse("/profile", status_code=303)


async def set_webhook(request: Request) -> Response:
    """The address POSTed to when a turn of theirs starts (empty: none). The site's own address is kept with
    it, for the links the message carries."""
    from nutbox.web.webhooks import check_url

    same_site(request)
    profile, _ = await require_profile(request)
    hub = hub_of(request)
    url: str | None = (await form_text(request, "webhook")).strip() or None
    if url is not None:
        try:
            url = check_url(url, hub.limits.webhook_private)
        except ValueError as error:
            raise Refusal(f"that webhook address cannot be used: {error}", status=400) from None
    site = str(request.base_url).rstrip("/")
    await asyncio.wrap_future(hub.people.update_profile(profile.id, webhook=url, site=site))
    return RedirectResponse("/profile", status_code=303)


async def forget(request: Request) -> Response:
    """This browser signs out of the profile: its device is gone from the list; other devices keep it."""
    same_site(request)
    token = token_of(request)
    if token is not None:
        await asyncio.wrap_future(hub_of(request).people.forget_device(token))
    return let_go(RedirectResponse("/profile", status_code=303), request)


async def sign_out(request: Request) -> Response:
    """Sign another device out, or every other device ("others"). The profile gets a new key and its seats at
    unfinished tables new keys with it: the device signed out has seen their links, which stop working. This
    browser moves to the new key at once, the remaining devices the next time they are used."""
    same_site(request)
    holder = await holder_of(request)
    token = token_of(request)
    if holder is None or token is None:
        raise Refusal("make a profile first (/profile)", status=403)
    hub = hub_of(request)
    device = request.path_params.get("device")
    if device is not None and (len(device) > 16 or device == holder.device):
        raise Refusal("that is this browser: \"Sign out here\" signs it out" if device == holder.device
                      else "no such device", status=400)
    response = RedirectResponse("/profile", status_code=303)
    steps = []
    if holder.device is None:  # a cookie from before devices: this browser becomes one, with a token of its own
        token = new_secret()
        steps.append(People.add_device(holder.profile.id, holder.key, holder.version, token,
                                       device_label(request), hub.clock.now()))
        hold(response, request, token)
    new_key = new_secret()
    steps.append(People.sign_out(holder, token, None if device is None else [device], new_key))

    def write(db: Any) -> None:
        for step in steps:
            step(db)

    try:
        await asyncio.wrap_future(hub.store.write(write))
    except ValueError as error:
        raise Refusal(str(error), status=409) from None
    held = await asyncio.to_thread(hub.people.memberships, holder.profile.id)
    for membership in held:
        if not membership.finished:
            await hub.claims.rekey(membership.table_id, holder.profile.id, seat_key(holder.key, membership.table_id,
                                                                             membership.seat),
                            seat_key(new_key, membership.table_id, membership.seat))
    return response


# --- moving a profile to another device -----------------------------------------------------------------------
def wrap(key: str, token: str) -> str:
    """The profile key, readable only with the link's token (hex)."""
    return seal(key, token, LINK_PURPOSE)


def unwrap(wrapped: str, token: str) -> str | None:
    """The profile key a link carries (None if the token does not open it)."""
    return unseal(wrapped, token, LINK_PURPOSE)


async def new_link(request: Request) -> Response:
    """A one-time link, valid LINK_LIFE, that puts this browser's profile on another device."""
    same_site(request)
    profile, key = await require_profile(request)
    hub = hub_of(request)
    token = new_secret()
    expires = hub.clock.now() + LINK_LIFE
    await asyncio.wrap_future(hub.people.add_link(token, profile.id, wrap(key, token), expires))
    link = f"{str(request.base_url).rstrip('/')}/profile/link/{token}"
    return templates.TemplateResponse(request, "profile_link.html", {
        "mode": "made", "name": profile.name, "link": link, "minutes": round(LINK_LIFE / 60),
        "qr": qr_svg(link),
    })


async def open_link(request: Request, token: str) -> tuple[Profile, str]:
    """The profile a one-time link is for, and its key; a used, expired or unknown link is refused."""
    hub = hub_of(request)
    found = await asyncio.to_thread(hub.people.link, token, hub.clock.now())
    gone = Refusal(f"this link has been used or has expired (it works once, for {round(LINK_LIFE / 60)} minutes): "
                   "make a new one on the device that has the profile", status=410)
    if found is None:
        raise gone
    profile_id, wrapped = found
    key = unwrap(wrapped, token)
    profile = None if key is None else await asyncio.to_thread(hub.people.profile, key)
    if key is None or profile is None or profile.id != profile_id:
        raise gone
    return profile, key


async def link_page(request: Request) -> Response:
    """What a link does, with a button to do it: opening the page (as a link preview does) takes nothing."""
    profile, _ = await open_link(request, request.path_params["token"])
    held = await profile_of(request)
    return templates.TemplateResponse(request, "profile_link.html", {
        "mode": "use", "name": profile.name, "replaces": held[0].name if held and held[0].id != profile.id else None,
    })


async def use_link(request: Request) -> Response:
    same_site(request)
    token = request.path_params["token"]
    profile, key = await open_link(request, token)
    hub = hub_of(request)
    held = await holder_of(request)
    own, now = new_secret(), hub.clock.now()
    spend = hub.people.use_link(token, now)
    version = await asyncio.to_thread(hub.people.key_version, profile.id)
    device = People.add_device(profile.id, key, version, own, device_label(request), now)

    def write(db: Any) -> None:
        spend(db)  # ValueError: another device used it a moment ago
        device(db)

    try:
        await asyncio.wrap_future(hub.store.write(write))
    except ValueError:
        raise Refusal("this link has just been used: make a new one", status=410) from None
    earlier = token_of(request)
    if held is not None and held.device is not None and earlier is not None:
        await asyncio.wrap_future(hub.people.forget_device(earlier))  # this browser held another profile
    return hold(RedirectResponse("/me", status_code=303), request, own)


# --- My games -------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MyGame:
    """One of a profile's tables as "My games" shows it."""

    table_id: str
    title: str
    players: str
    mine: bool  # their turn
    turn: str  # "Your turn", "Waiting for Bea", ...
    timer: str  # the per-move limit in words, or ""
    left: str  # time left for the move under way, or ""
    moved: str  # the last move, "3 hours ago"
    link: str
    moved_away: bool  # the seat was moved to another device: the link is the spectator's
    result: str = ""
    rated: bool = False
    reviewable: bool = False  # played out to its end: its review page can be asked for


def waiting_for(live: LiveTable, seat: int) -> str:
    if live.joined(seat) or not live.stored.seats[seat].human:
        return f"Waiting for {live.names()[seat]}"
    return f"Waiting for someone to take seat {seat + 1}"


async def me(request: Request) -> Response:
    found = await profile_of(request)
    if found is None:
        return RedirectResponse("/profile", status_code=303)
    profile, key = found
    hub = hub_of(request)
    held = await asyncio.to_thread(hub.people.memberships, profile.id)
    games = [await listing(hub, membership, key) for membership in held]
    mine = [game for game in games if game.mine and not game.result]
    waiting = [game for game in games if not game.mine and not game.result]
    finished = [game for game in games if game.result]
    return templates.TemplateResponse(request, "me.html", {
        "name": profile.name, "mine": mine, "waiting": waiting, "finished": finished,
    })


async def listing(hub: Hub, membership: Membership, key: str) -> MyGame:
    """A membership in words: from the live table while the game goes on, from the stored result once over."""
    now = hub.clock.now()
    table_id, seat = membership.table_id, membership.seat
    title = game_class(membership.game).title
    moved_at, players = membership.moved or membership.created, ""
    if not membership.finished:
        try:
            seated = await hub.table(table_id)
        except Refusal as refusal:  # made under rules this nutbox no longer plays: listed with the reason
            return MyGame(table_id, title, players, mine=False, turn="Cannot go on", timer="", left="",
                          moved=ago(now - moved_at), link=f"/t/{table_id}", moved_away=False, result=str(refusal))
        live = seated.live
        names = live.names()
        moved_at = live.stored.moved or moved_at
        players = ", ".join(
            f"{name} (you)" if number == seat else name if info.human else f"{name} (bot: {info.kind})"
            for number, (name, info) in enumerate(zip(names, live.stored.seats, strict=True))
        )
        if not live.finished:  # (one that has just ended is shown as finished; its result comes with the next look)
            own = seat_key(key, table_id, seat)
            moved_away = not matches(live.stored.seats[seat].key, own)
            to_move, person = live.to_move(), live.human_to_move()
            if person == seat:
                turn = "Your turn"
            elif to_move == seat:
                turn = f"Waiting for the bot playing your seat ({live.stored.seats[seat].kind})"
            else:
                turn = "Waiting" if to_move is None else waiting_for(live, to_move)
            timer = live.stored.settings.timer
            left = ""
            if seated.deadline is not None:  # the hub's: the last move's time plus the timer, a person to move
                remaining = seated.deadline - now
                left = f"{span(remaining, 2)} left" if remaining >= 1 else "no time left"
            return MyGame(
                table_id, title, players, mine=person == seat, turn=turn, timer=span(timer, 2) if timer > 0 else "",
                left=left, moved=ago(now - moved_at), moved_away=moved_away,
                link=f"/t/{table_id}" if moved_away else f"/t/{table_id}/seat/{own}",
            )
    # (a game that has just ended is read from the live table: its row may not say so yet)
    played_out = membership.played_out if membership.finished else reviewable(live)
    return MyGame(
        table_id, title, players, mine=False, turn="Game over", timer="", left="", moved=ago(now - moved_at),
        link=f"/t/{table_id}", moved_away=False, result=membership.result or "The game is over",
        rated=membership.rated, reviewable=played_out,
    )


UNITS = (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1))


def span(seconds: float, parts: int = 1) -> str:
    """A length of time in words, in its largest `parts` units: "3 hours", "1 day 2 hours"."""
    rest = max(0, int(seconds))
    first = next(index for index, (_, size) in enumerate(UNITS) if rest >= size or size == 1)
    words = []
    for unit, size in UNITS[first:first + parts]:
        count, rest = divmod(rest, size)
        if count:
            words.append(f"{count} {unit}{'' if count == 1 else 's'}")
    return " ".join(words) or "0 seconds"


def ago(seconds: float) -> str:
    return "just now" if seconds < 60 else f"{span(seconds)} ago"


ROUTES = [
    Route("/profile", page, methods=["GET"]),
    Route("/profile", make, methods=["POST"]),
    Route("/profile/name", rename, methods=["POST"]),
    Route("/profile/webhook", set_webhook, methods=["POST"]),
    Route("/profile/forget", forget, methods=["POST"]),
    Route("/profile/devices/sign-out", sign_out, methods=["POST"]),
    Route("/profile/devices/{device}/sign-out", sign_out, methods=["POST"]),
    Route("/profile/link", new_link, methods=["POST"]),
    Route("/profile/link/{token}", link_page, methods=["GET"]),
    Route("/profile/link/{token}", use_link, methods=["POST"]),
    Route("/me", me),
]
