"""The tutorials in the browser: a game learned by playing its steps (core/tutorial.py), then a game against the
easy bot.

    /learn/{game}                   the tutorial's page (learn.js walks its steps)
    /api/learn/{game}/{step}        GET: the step (what to do, the board, the decisions in words)
                                    POST {"action": TEXT}: the tutorial's answer (advance, hint, illegal, unreadable)
    /learn/{game}/play              POST: a table against the easy bot, the learner already seated

Nothing is stored until the learner starts the game against the bot: a step is rebuilt from the tutorial's
file's lesson, replayed once per process, so the pages need no session.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from nutbox.core import with_names
from nutbox.core.tutorial import Lesson
from nutbox.registry import ENTRIES, entry
from nutbox.web.pages import body, hub_of, templates
from nutbox.web.refusal import Refusal, clip
from nutbox.web.seats import HUMAN, digest, new_secret
from nutbox.web.settings import TableSettings

MAX_ACTION = 200  # characters of a typed decision


def lesson_of(request: Request) -> Lesson:
    game_id = request.path_params["game"]
    lesson = entry(game_id).lesson if game_id in ENTRIES else None
    if lesson is None:
        raise Refusal("no tutorial for that game", status=404)
    return lesson


def step_of(request: Request, lesson: Lesson) -> int:
    text = request.path_params["step"]
    if not (text.isascii() and text.isdigit() and len(text) <= 3 and int(text) < len(lesson)):
        raise Refusal(f"a step is a number from 0 to {len(lesson) - 1}", status=404)
    return int(text)


@cache
def step_json(game_id: str, number: int) -> dict[str, Any]:
    """What the page shows at a step: all from the learner's view of the step's position (built once: a
    tutorial's steps never change while the server runs). Seats are "Player N", as the tutorial's words say."""
    lesson = entry(game_id).lesson
    assert lesson is not None
    tutorial, game, face = lesson.tutorial, lesson.game, entry(game_id).face
    step, state = tutorial.steps[number], lesson.starts[number]
    view = state.view(tutorial.seat)
    deciding = bool(step.expect) and state.to_move() == tutorial.seat
    legal = [str(action) for action in state.legal_actions()] if deciding else []
    return {
        "title": tutorial.title, "game": game.id, "step": number, "steps": len(lesson), "say": step.say,
        "happened": [event.text for event in lesson.happened[number]],
        "decision": face.decision(view) if deciding else "",
        "expect": list(step.expect),
        "choices": [{"action": text, "label": face.label(game.parse(text), view)} for text in legal],
        "svg": face.svg(view, legal) or "",
        "svg_phone": face.phone(view, legal) or "",
        "seat": tutorial.seat,
        "to_move": state.to_move() if isinstance(state.to_move(), int) else None,
        "panels": [panel.to_json() for panel in face.panels(view)],
        "finale": tutorial.finale if number == len(lesson) - 1 else "",
    }


async def page(request: Request) -> Response:
    lesson = lesson_of(request)
    return templates.TemplateResponse(request, "learn.html", {
        "title": lesson.game.title, "id": lesson.game.id, "tutorial": lesson.tutorial.title,
    })


async def api_step(request: Request) -> Response:
    lesson = lesson_of(request)
    return JSONResponse(step_json(lesson.game.id, step_of(request, lesson)))


async def api_answer(request: Request) -> Response:

    lesson = lesson_of(request)
    number = step_of(request, lesson)
    action = (await body(request)).get("action")
    if not isinstance(action, str) or len(action) > MAX_ACTION:
        raise Refusal(f"'action' is a text of at most {MAX_ACTION} characters", status=400)
    answer = lesson.answer(number, action)  # (a rule quoted names seats by their placeholders: "Player N" here)
    return JSONResponse({"kind": answer.kind, "text": clip(with_names(answer.text), 400)})


async def play(request: Request) -> Response:
    """A table with the learner in the tutorial's seat and the easy bot in every other, the learner seated."""
    lesson = lesson_of(request)
    hub = hub_of(request)
    game, seat = lesson.game, lesson.tutorial.seat
    seats = ["easy"] * game.num_players
    seats[seat] = HUMAN
    settings = TableSettings(handover="easy", creator=digest(new_secret()), hints=True)
    table = await hub.create(game.id, dict(lesson.tutorial.options), seats, settings)
    token = table.seats[seat].invite
    assert token is not None  # (a person's seat, not yet taken)
    _, key = await hub.claims.claim(table.id, token)
    return RedirectResponse(f"/t/{table.id}/seat/{key}", status_code=303)


ROUTES = [
    Route("/learn/{game}", page),
    Route("/learn/{game}/play", play, methods=["POST"]),
    Route("/api/learn/{game}/{step}", api_step),
    Route("/api/learn/{game}/{step}", api_answer, methods=["POST"]),
]
