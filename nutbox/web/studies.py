"""The designers' workbench in the browser (on when the operator starts `nutbox serve --studies`):

    /studies                       the studies, newest first, and a new one for each game
    /studies/new/{game}            a study's form: players, agents by seat, games, seed, options, a value to vary,
                                   changes to the game's components (TOML)
    /studies/data/{game}           the game's component data as its file holds it (what changes patch)
    /studies/{id}                  a study: its progress (live), cancel or resume, and once finished its figures,
                                   the values of a sweep side by side with the differences beyond chance
    /studies/{id}/files/{file}     its files (report.html, summary.json, results.csv, ...; VALUE/... of a sweep)
    /api/studies/{id}              its progress as JSON (the page's script asks every two seconds)

The studies themselves run in web/workbench.py. Off, every address here answers 404 and says how to turn it on.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from nutbox.core import NutboxError, describe
from nutbox.registry import ENTRIES, data_file, game_class
from nutbox.sim.figures import AgentRate, Distribution, Summary
from nutbox.sim.figures import Arm as ComparedArm
from nutbox.sim.results import JOURNAL_FILE, MIRROR, PLAN_FILE, RECORDS_FILE, SUMMARY_FILE
from nutbox.sim.study import StudyError
from nutbox.sim.text import (
    changes_words,
    difference_words,
    edge,
    first_player_wins,
    game_words,
    mirror_edge,
    option_words,
    parts_lines,
    player,
    rate_with_interval,
    spread,
)
from nutbox.sim.variants import BASE, parse_variants
from nutbox.web.pages import CHOICE_NAMES, game_id_of, templates
from nutbox.web.profiles import same_site
from nutbox.web.refusal import Refusal, clip
from nutbox.web.workbench import MAX_CHANGES, MAX_GAMES, MAX_VALUES, Study, StudyRequest, Workbench, study_out

AGENTS = ["random", "easy", "medium", "hard"]  # who plays a seat of a study
# a study's files anyone may fetch (nutbox.sim.results and .report name them)
FILES = {"report.html", SUMMARY_FILE, PLAN_FILE, JOURNAL_FILE, RECORDS_FILE, "results.csv", "results.parquet",
         "overview.png", "sweep.png"}
MAX_SEED = 2**31 - 1
LONG_FIELDS = ("changes", "variants")  # TOML the form sends, bounded by MAX_CHANGES instead of a line's length
STATUS_WORDS = {
    "queued": "Waiting: it starts when the studies asked for before it have finished",
    "running": "Running",
    "finished": "Finished",
    "cancelled": "Cancelled: the games it finished are kept; resume it to play the rest",
    "failed": "Failed",
}


def workbench_of(request: Request) -> Workbench:
    workbench: Workbench | None = getattr(request.app.state, "workbench", None)
    if workbench is None:
        raise Refusal("the studies workbench is off on this server (its operator turns it on with nutbox serve "
                      "--studies)", status=404)
    return workbench


def study_of(request: Request) -> tuple[Workbench, Study]:
    workbench = workbench_of(request)
    study = workbench.get(str(request.path_params["study"]))
    if study is None:
        raise Refusal("there is no such study here", status=404)
    return workbench, study


def option_fields(game_id: str) -> list[Any]:
    return [info for info in describe(game_class(game_id).options_type) if info.name != "players"]


# --- the list and the form ------------------------------------------------------------------------------------
async def index(request: Request) -> Response:
    workbench = workbench_of(request)
    lines = [{"study": study, "words": request_words(study.request), "status": STATUS_WORDS[study.status].split(":")[0],
              "played": sum(study.played(workbench.root)), "games": sum(arm["games"] for arm in study.arms)}
             for study in workbench.listed()]
    games = [{"id": game_id, "title": game_class(game_id).title} for game_id in ENTRIES]
    return templates.TemplateResponse(request, "studies.html", {"lines": lines, "games": games})


async def new_form(request: Request, error: str | None = None, values: dict[str, str] | None = None) -> Response:
    workbench_of(request)
    game_id = game_id_of(request)
    cls = game_class(game_id)
    return templates.TemplateResponse(request, "study_new.html", {
        "id": game_id, "title": cls.title, "fields": option_fields(game_id), "error": error, "values": values or {},
        "players": range(cls.min_players, cls.max_players + 1), "seats": range(cls.max_players), "agents": AGENTS,
        "choice_names": CHOICE_NAMES, "default_players": max(cls.min_players, cls.options_type().players),
        "max_games": MAX_GAMES, "max_values": MAX_VALUES, "has_data": data_file(game_id) is not None,
        "data_example": first_number(data_file(game_id)),
    }, status_code=400 if error else 200)


async def data(request: Request) -> Response:
    """A game's component data as its file holds it: what the form's changes patch."""
    workbench_of(request)
    found = data_file(game_id_of(request))
    if found is None:
        raise Refusal(f"{game_class(game_id_of(request)).title} has no component data to change", status=404)
    return JSONResponse(found)


async def create(request: Request) -> Response:
    same_site(request)
    workbench = workbench_of(request)
    game_id = game_id_of(request)
    form = await request.form()
    values = {key: str(value) if key in LONG_FIELDS else clip(str(value), 300) for key, value in form.items()
              if isinstance(value, str)}
    try:
        study = workbench.ask(read_request(game_id, values))
    except (Refusal, NutboxError) as error:
        return await new_form(request, str(error), values)
    return RedirectResponse(f"/studies/{study.id}", status_code=303)


def first_number(data: object, where: str = "", named: str = "points") -> str | None:
    """The first number `named` in a game's data file (else its first number) as a dotted TOML key and its value
    (`trucks.0.points = 4`): the form's example of a variant's change."""
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        place = f"{where}.{key}" if where else str(key)
        if isinstance(value, int | float) and not isinstance(value, bool) and (not named or key == named):
            return f"{place} = {value}"
        found = first_number(value, place, named)
        if found is not None:
            return found
    return first_number(data, where, "") if named and not where else None


def whole(text: str | None, name: str, low: int, high: int) -> int:
    if text is None or not (text.strip().isascii() and text.strip().isdigit()) or not low <= int(text) <= high:
        raise Refusal(f"{name} is a whole number from {low:,} to {high:,}")
    return int(text)


def read_request(game_id: str, values: dict[str, str]) -> StudyRequest:
    """The study a form asks for, each field bounded; the plan itself is checked by the workbench."""
    cls = game_class(game_id)
    players = whole(values.get("players"), "players", cls.min_players, cls.max_players)
    seats = tuple(values.get(f"seat{seat}", "") for seat in range(players))
    if any(agent not in AGENTS for agent in seats):
        raise Refusal(f"each seat is played by one of {', '.join(AGENTS)}")
    fields = {info.name: info for info in option_fields(game_id)}
    options = {"players": str(players)}
    for name, info in fields.items():
        if info.kind == "bool":
            options[name] = "on" if values.get(name) else "off"
        elif name in values:
            options[name] = values[name]
    vary = values.get("vary") or None
    varied: tuple[str, ...] = ()
    if vary is not None:
        if vary not in fields:
            raise Refusal(f"{clip(vary, 30)!r} is not an option of {cls.title} that a study can vary")
        varied = sweep_values(fields[vary], values.get("values", ""))
        options.pop(vary, None)
    mirror = values.get("mirror") or None
    if mirror is not None and mirror not in AGENTS:
        raise Refusal(f"mirror matches are played by one of {', '.join(AGENTS)}")
    changes, variants = values.get("changes", ""), values.get("variants", "")
    if len(changes) > MAX_CHANGES or len(variants) > MAX_CHANGES:
        raise Refusal(f"the changes to the components and the variants are at most {MAX_CHANGES:,} characters each")
    return StudyRequest(game_id, seats, whole(values.get("games"), "games", 1, MAX_GAMES),
                        whole(values.get("seed", "1"), "the seed", 0, MAX_SEED), options, vary, varied, mirror,
                        changes, variants)


def sweep_values(info: Any, text: str) -> tuple[str, ...]:
    """The values of a varied option, as listed (comma-separated); none listed: all of a switch's or a choice's."""
    listed = tuple(value.strip() for value in text.split(",") if value.strip())
    if listed:
        return listed
    if info.kind == "bool":
        return ("off", "on")
    if info.choices:
        return tuple(str(choice) for choice in info.choices)
    raise Refusal(f"list the values of {info.label} to compare, separated by commas")


def default_text(info: Any) -> str:
    """An option's default as a form sends it."""
    return ("on" if info.default else "off") if info.kind == "bool" else str(info.default)


def request_words(request: StudyRequest) -> str:
    """A study in a line: "Nut Hunt, 2 players: easy against random; 200 games, seed 1; competitive on"."""
    title, infos = game_words(request.game)
    options = {name: value for name, value in request.options.items() if name != "players"}
    changed = [option_words(name, value == "on" if infos[name].kind == "bool" else value, infos[name])
               if name in infos else option_words(name, value, None)
               for name, value in options.items() if name not in infos or value != default_text(infos[name])]
    line = (f"{title}, {len(request.seats)} player{'s' if len(request.seats) != 1 else ''}: "
            f"{' against '.join(request.seats)}; {request.games:,} games, seed {request.seed}")
    if changed:
        line += "; " + ", ".join(changed)
    if request.vary is not None:
        label = infos[request.vary].label if request.vary in infos else request.vary
        line += f"; comparing {label}: {', '.join(request.values)}"
    if request.mirror is not None:
        line += f"; with mirror matches of {request.mirror}"
    if request.variants.strip():
        line += f"; comparing variants: {', '.join(arm_words(request))}"
    if request.changes.strip():
        try:
            line += f"; {changes_words(request.data)}"
        except NutboxError:
            line += "; components changed"
    return line


# --- one study ---------------------------------------------------------------------------------------------------
def progress(workbench: Workbench, study: Study) -> dict[str, Any]:
    played = study.played(workbench.root)
    labels = arm_words(study.request)
    return {
        "status": study.status, "words": STATUS_WORDS[study.status], "reason": study.reason,
        "arms": [{"label": labels.get(arm["label"], "the study"), "games": arm["games"],
                  "played": min(done, arm["games"])} for arm, done in zip(study.arms, played, strict=True)],
    }


async def page(request: Request) -> Response:
    workbench, study = study_of(request)
    return templates.TemplateResponse(request, "study.html", {
        "study": study, "words": request_words(study.request), "progress": progress(workbench, study),
        "results": results(workbench, study) if study.status == "finished" else None,
    })


async def api_progress(request: Request) -> Response:
    workbench, study = study_of(request)
    return JSONResponse(progress(workbench, study))


async def cancel(request: Request) -> Response:
    same_site(request)
    workbench, study = study_of(request)
    try:
        await workbench.cancel(study)
    except NutboxError as error:
        raise Refusal(str(error), status=409) from None
    return RedirectResponse(f"/studies/{study.id}", status_code=303)


async def resume(request: Request) -> Response:
    same_site(request)
    workbench, study = study_of(request)
    try:
        workbench.resume(study)
    except NutboxError as error:
        raise Refusal(str(error), status=409) from None
    return RedirectResponse(f"/studies/{study.id}", status_code=303)


async def files(request: Request) -> Response:
    """A study's file: a name of FILES, inside the study or one of its sweep's values."""
    workbench, study = study_of(request)
    *folder, name = str(request.path_params["path"]).split("/")
    labels = {arm["label"] for arm in study.arms if arm["label"]}
    if name not in FILES or len(folder) > 1 or (folder and folder[0] not in labels):
        raise Refusal("a study's files are its report, summary, plan, journal, results and records", status=404)
    path = study_out(workbench.root, study.id, folder[0] if folder else "") / name
    if not path.is_file():
        raise Refusal(f"this study has no {name} (yet)", status=404)
    return FileResponse(path)


# --- its figures, in words ---------------------------------------------------------------------------------
def results(workbench: Workbench, study: Study) -> dict[str, Any] | None:
    """What a finished study found: one study's figures, or the values of a sweep side by side."""
    path = study_out(workbench.root, study.id) / SUMMARY_FILE
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    if "arms" not in data:
        return {"single": single(data)}
    return {"sweep": side_by_side(data["arms"], arm_words(study.request))}


def arm_words(request: StudyRequest) -> dict[str, str]:
    """Each value of a sweep (OPTION=VALUE) as people read it: "Both sorted after setup: first"; each variant
    by its name."""
    if request.variants.strip():
        try:
            return {BASE: "base", **{variant.name: variant.name for variant in parse_variants(request.variants)}}
        except StudyError:
            return {}
    _, infos = game_words(request.game)
    info = infos.get(request.vary or "")
    words = {MIRROR: f"mirror matches of {request.mirror}"}
    for value in request.values:
        shown: str | bool = value == "on" if info is not None and info.kind == "bool" else value
        words[f"{request.vary}={value}"] = option_words(request.vary or "", shown, info)
    return words


def single(summary: Summary) -> dict[str, Any]:
    return {
        "games": summary["games"], "played": summary["played"], "failed": summary["failed"],
        "seats": [[player(seat["seat"]), rate_with_interval(seat), spread(seat["score"])] for seat in summary["seats"]],
        "edge": edge(summary["first_player"]),
        "agents": [[agent["agent"], rate_with_interval(agent), spread(agent["score"])] for agent in summary["agents"]],
        "mirror": mirror_edge(summary.get("mirror")),
        "parts": parts_lines(summary["score_parts"]) if summary.get("score_parts") else None,
        "length": spread(summary["length"]["decisions"]),
        "draws": rate_with_interval(summary["outcomes"]["draws"]),
    }


def agent_in(arm: ComparedArm, name: str) -> AgentRate | None:
    return next((agent for agent in arm["agents"] if agent["agent"] == name), None)


def agent_score(arm: ComparedArm, name: str) -> Distribution | None:
    agent = agent_in(arm, name)
    return agent.get("score") if agent is not None else None


def side_by_side(arms: list[ComparedArm], words: dict[str, str]) -> dict[str, Any]:
    """The sweep's figures as a table with a column per value, and each value's differences from the first
    (`words`: each value's label in words)."""
    agents = list(dict.fromkeys(agent["agent"] for arm in arms for agent in arm["agents"]))
    rows = [
        ["games (failed)", *(f"{arm['games']:,} ({arm['failed']})" for arm in arms)],
        ["player 1 wins [95%]", *(first_player_wins(arm["first_player"]) for arm in arms)],
        *([f"{name} wins [95%]", *(rate_with_interval(agent_in(arm, name)) for arm in arms)] for name in agents),
        *([f"{name}'s points a game", *(spread(agent_score(arm, name)) for arm in arms)] for name in agents),
        ["length (decisions)", *(spread(arm["decisions"]) for arm in arms)],
        ["draws", *(rate_with_interval(arm["draws"]) for arm in arms)],
        ["half-time leader wins", *(rate_with_interval(arm["halfway_leader_wins"]) for arm in arms)],
    ]
    changes = [{"arm": words.get(arm["arm"], arm["arm"]), "against": words.get(arms[0]["arm"], arms[0]["arm"]),
                "setting": arm.get("setting"),
                "lines": [(difference_words(line), line["beyond_chance"]) for line in arm.get("differences", [])]}
               for arm in arms[1:]]
    return {"labels": [(arm["arm"], words.get(arm["arm"], arm["arm"])) for arm in arms], "rows": rows,
            "changes": changes}


ROUTES = [
    Route("/studies", index),
    Route("/studies/new/{game}", new_form, methods=["GET"]),
    Route("/studies/new/{game}", create, methods=["POST"]),
    Route("/studies/data/{game}", data),
    Route("/studies/{study}", page),
    Route("/studies/{study}/cancel", cancel, methods=["POST"]),
    Route("/studies/{study}/resume", resume, methods=["POST"]),
    Route("/studies/{study}/files/{path:path}", files),
    Route("/api/studies/{study}", api_progress),
]
