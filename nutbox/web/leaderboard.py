"""Leaderboards: the rated profiles of one game at one player count, best first (web/ratings.py).

    /leaderboard                    the first game's board (the site's navigation links here)
    /leaderboard/{game}?players=N   the board (N: the game's smallest player count of two or more, unless given)

Each game and player count is a board of its own: doing well at two players says little about four. The bots'
anchors are listed beside it, so a rating can be read against the bots people know.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from nutbox.registry import ENTRIES, game_class
from nutbox.web.pages import CHOICE_NAMES, game_id_of, hub_of, templates
from nutbox.web.ratings import ANCHORS, MODEL, shown
from nutbox.web.refusal import Refusal

SHOWN = 100  # profiles on a board


def rated_counts(game_id: str) -> list[int]:
    """The player counts a game is rated at: all it allows but one (a solo game is never rated)."""
    cls = game_class(game_id)
    return list(range(max(cls.min_players, 2), cls.max_players + 1))


def players_of(request: Request, counts: list[int]) -> int:
    text = request.query_params.get("players")
    if not counts:
        raise Refusal("this game is for one player only, and games for one player are never rated", status=404)
    if text is None:
        return counts[0]
    choices = ", ".join(map(str, counts))
    if text == "1":
        raise Refusal(f"games for one player are never rated; this game is rated at {choices} players", status=400)
    if not (text.isascii() and text.isdigit() and len(text) <= 2 and int(text) in counts):
        raise Refusal(f"players is the number of players: this game is rated at {choices}", status=400)
    return int(text)


def ranked(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The board's lines, best first; equal shown ratings share a rank (1, 2, 2, 4)."""
    lines: list[dict[str, Any]] = []
    for number, row in enumerate(rows, start=1):
        rating = shown(row["mu"], row["sigma"])
        rank = lines[-1]["rank"] if lines and lines[-1]["rating"] == rating else number
        lines.append({"rank": rank, "name": row["name"], "rating": rating, "games": row["games"]})
    return lines


async def board(request: Request) -> Response:

    game_id = game_id_of(request)
    counts = rated_counts(game_id)
    players = players_of(request, counts)
    rows = await asyncio.to_thread(hub_of(request).people.leaderboard, game_id, players, SHOWN)
    anchors = [{"level": level, "about": CHOICE_NAMES.get(level, level), "rating": shown(mu, sigma)}
               for level, (mu, sigma) in sorted(ANCHORS.items(), key=lambda item: -shown(*item[1]))]
    others = [{"id": other, "title": game_class(other).title} for other in ENTRIES
              if other != game_id and rated_counts(other)]
    return templates.TemplateResponse(request, "leaderboard.html", {
        "id": game_id, "title": game_class(game_id).title, "players": players, "counts": counts,
        "lines": ranked(rows), "anchors": anchors, "others": others, "limit": SHOWN,
        "newcomer": shown(MODEL.mu, MODEL.sigma),
    })


async def boards(request: Request) -> Response:
    """The site's navigation leads here: the first rated game's board, which links to the others."""
    first = next(game_id for game_id in ENTRIES if rated_counts(game_id))
    return RedirectResponse(f"/leaderboard/{first}", status_code=303)


ROUTES = [Route("/leaderboard", boards), Route("/leaderboard/{game}", board)]
