"""Reviews of finished games through the HTTP API (web/reviews.py): refused before the end, worked out once per table
in the bots' pool, one at a time per person, a bounded queue, resumed after a restart, and kept."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from table_client import Client, fresh_database

from nutbox.core import replay
from nutbox.web.app import create_app
from nutbox.web.hub import Hub
from nutbox.web.limits import Limits

QUICK = 4  # playouts per move: a review of a game of Nuts Sorting in about a second
SLOW = 400  # a review that takes minutes: still under way when the test looks


@contextmanager
def site(database: str, playouts: int = QUICK, **limits: Any) -> Iterator[Client]:
    with TestClient(create_app(database, bot_workers=1, limits=Limits(review_playouts=playouts, **limits))) as http:
        yield Client(http)


def hub_of(client: Client) -> Hub:
    hub: Hub = client.http.app.state.hub  # type: ignore[attr-defined]
    return hub


def wait_for(check: Callable[[], Any], seconds: float = 120) -> Any:
    deadline = time.time() + seconds
    while not (found := check()):
        assert time.time() < deadline, "timed out"
        time.sleep(0.1)
    return found


def finished_tables(client: Client, count: int) -> list[str]:
    """Games of Nuts Sorting between two random bots, played to their end."""
    tables = [client.create("nuts-sorting", ["random", "random"])[0] for _ in range(count)]
    for table in tables:
        wait_for(lambda table=table: client.state(table)["finished"])
    return tables


def ask(client: Client, table: str) -> Any:
    return client.http.post(f"/api/t/{table}/review", json={})


def review(client: Client, table: str) -> dict[str, Any]:
    response = client.http.get(f"/api/t/{table}/review")
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def done(client: Client, table: str) -> dict[str, Any]:
    return wait_for(lambda: (found := review(client, table))["status"] == "done" and found)  # type: ignore[no-any-return]


def as_person(client: Client, name: str | None) -> None:
    """The client's next requests come from a new person: with a new profile of that name, or (None) with none."""
    client.http.cookies = type(client.http.cookies)()
    if name is not None:
        made = client.http.post("/profile", data={"name": name}, follow_redirects=False)
        assert made.status_code == 303, made.text


def test_a_game_in_play_is_not_reviewed_and_nothing_changes(database: str) -> None:
    with site(database) as client:
        table, (_, person) = client.create("nuts-sorting", ["random", "human"])
        for response in (ask(client, table), client.http.get(f"/api/t/{table}/review")):
            assert response.status_code == 403, response.text
            assert response.json() == {"ok": False, "error": "only a finished game can be reviewed"}
        page = client.http.get(f"/t/{table}/review")
        assert page.status_code == 403 and "only a finished game can be reviewed" in page.text
        assert hub_of(client).store.review(table) is None
        assert not client.state(table, person)["finished"]
        bad = client.http.post(f"/api/t/{table}/review", json={"table": "x"})  # checked as every request is
        assert bad.status_code == 400 and "unknown field" in bad.json()["error"]


def test_a_finished_game_is_reviewed_once_for_every_seat(database: str) -> None:
    with site(database) as client:
        (table,) = finished_tables(client, 1)
        assert review(client, table) == {"ok": True, "status": "none", "done": 0, "total": 0}
        started = ask(client, table)
        assert started.status_code == 200 and started.json()["ok"] and started.json()["status"] == "queued"
        found = done(client, table)
        assert found["done"] == found["total"] > 0
        assert [seat["seat"] for seat in found["seats"]] == [0, 1]
        assert [seat["name"] for seat in found["seats"]] == ["Random bot 1", "Random bot 2"]
        for seat in found["seats"]:
            assert 0 <= seat["accuracy"] <= 100 and set(seat["marks"]) == {"inaccuracy", "mistake", "blunder"}
            assert len(seat["series"]) == seat["decisions"] > 0
            assert [point["turn"] for point in seat["series"]] == list(range(1, seat["decisions"] + 1))
            assert all(0 <= point["chance"] <= 1 for point in seat["series"])
        assert sum(seat["decisions"] for seat in found["seats"]) == found["total"]
        for marked in found["marked"]:
            assert marked["mark"] in ("inaccuracy", "mistake", "blunder") and marked["made"] != marked["best"]
            assert marked["sentence"].startswith(f"Decision {marked['turn']}: {marked['name']} chose ")
        row = hub_of(client).store.review(table)
        assert row is not None and row.status == "done" and row.requested_by is None and row.result
        # asked again (by anyone): the same review, not a second one
        again = ask(client, table)
        assert again.status_code == 200 and again.json()["status"] == "done"
        assert review(client, table) == found
        page = client.http.get(f"/t/{table}/review")
        assert page.status_code == 200 and page.text.count('role="img"') == 2
        assert "chance of winning after each decision" in page.text
        # how much one decision can matter in this game, in its own words (and no other game's)
        assert "In Nuts Sorting one move can decide the game" in page.text and "Nut Hunt" not in page.text


def test_the_replay_marks_a_reviewed_decisions_two_moves(database: str) -> None:
    with site(database) as client:
        (table,) = finished_tables(client, 1)
        ask(client, table)
        found = done(client, table)
        seat, point = found["seats"][0]["seat"], found["seats"][0]["series"][0]
        live = hub_of(client).tables[table].live
        position = next(state for number, (state, _) in enumerate(replay(live.record(), live.game))
                        if number == point["step"])
        legal = [str(action) for action in position.legal_actions()]
        step = live.replay_points().index(point["step"])  # the replay's step that shows that decision
        made, other = legal[0], legal[-1]
        marked = client.http.get(f"/api/t/{table}/replay", params=[("step", step), ("as", seat), ("mark", made),
                                                                   ("mark", other)])
        assert marked.status_code == 200, marked.text
        assert marked.json()["marks"] == [made, other]
        assert f'data-action="{made}"' in marked.json()["svg"] and f'data-action="{other}"' in marked.json()["svg"]
        for params, status, words in (
            ([("step", step), ("mark", "a"), ("mark", "b"), ("mark", "c")], 400, "at most two"),
            ([("step", step), ("mark", "x" * 300)], 400, "at most two"),
            ([("step", step), ("as", seat), ("mark", "zz99 nonsense")], 409, "not a move open at step"),
        ):
            refused = client.http.get(f"/api/t/{table}/replay", params=params)
            assert refused.status_code == status and words in refused.json()["error"], refused.text


def test_a_person_has_one_review_under_way_at_a_time(database: str) -> None:
    with site(database, playouts=SLOW) as client:
        first, second = finished_tables(client, 2)
        assert ask(client, first).json()["status"] == "queued"
        refused = ask(client, second)
        assert refused.status_code == 429 and "already have a review" in refused.json()["error"], refused.text
        assert hub_of(client).store.review(second) is None
        assert ask(client, first).status_code == 200  # their own, asked again: the same review
        wait_for(lambda: review(client, first)["status"] == "running")
        assert review(client, first)["total"] > 0
        as_person(client, "Bea")  # someone else may ask for the other game's
        assert ask(client, second).json()["status"] == "queued"
        assert review(client, second).get("ahead") == 1
        row = hub_of(client).store.review(second)
        assert row is not None and row.requested_by is not None


def test_the_queue_is_bounded(database: str) -> None:
    with site(database, playouts=SLOW, reviews_waiting=2) as client:
        tables = finished_tables(client, 3)
        for person, table in zip((None, "Ann"), tables[:2], strict=True):
            as_person(client, person)
            assert ask(client, table).status_code == 200
        as_person(client, "Cy")
        refused = ask(client, tables[2])
        assert refused.status_code == 503 and "ask again in a few minutes" in refused.json()["error"], refused.text
        assert hub_of(client).store.review(tables[2]) is None
        assert review(client, tables[2])["status"] == "none"


@pytest.fixture(params=["sqlite", "postgresql"])
def either_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    return fresh_database(request.getfixturevalue("postgres"))


def test_a_restart_takes_up_the_reviews_left_and_keeps_what_was_found(either_database: str) -> None:
    database = either_database
    with site(database, playouts=SLOW) as client:
        first, second = finished_tables(client, 2)
        for person, table in ((None, first), ("Ann", second)):
            as_person(client, person)
            assert ask(client, table).status_code == 200
        wait_for(lambda: review(client, first)["status"] == "running")
        assert review(client, second)["status"] == "queued"
    with site(database) as client:  # both taken up again, and worked out
        found = {table: done(client, table) for table in (first, second)}
    with site(database) as client:  # and kept
        for table, answer in found.items():
            assert review(client, table) == answer
            assert ask(client, table).json()["status"] == "done"
