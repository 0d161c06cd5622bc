"""The tutorials over HTTP: steps as JSON from the learner's view, answers that change nothing, bounded
input; and the game against the easy bot at the end, with a hint for the seat to move."""

from __future__ import annotations

from table_client import Client

from nutbox.registry import entry


def test_a_step_shows_the_learners_decisions_in_words_and_answers_without_storing_anything(server: Client) -> None:
    lesson = entry("nuts-sorting").lesson
    assert lesson is not None
    number = next(i for i, step in enumerate(lesson.tutorial.steps) if step.expect)
    step = server.http.get(f"/api/learn/nuts-sorting/{number}").json()
    assert step["say"] == lesson.tutorial.steps[number].say
    assert step["expect"] == list(lesson.tutorial.steps[number].expect)
    assert {choice["action"] for choice in step["choices"]} >= set(step["expect"])
    assert all(choice["label"] != choice["action"] for choice in step["choices"])  # words, not notation
    assert step["svg"].startswith("<svg") and 'class="target"' in step["svg"]
    answer = server.http.post(f"/api/learn/nuts-sorting/{number}", json={"action": step["expect"][0]}).json()
    assert answer["kind"] == "advance"
    wrong = next(c["action"] for c in step["choices"] if c["action"] not in step["expect"])
    assert server.http.post(f"/api/learn/nuts-sorting/{number}", json={"action": wrong}).json() == {
        "kind": "hint", "text": lesson.tutorial.steps[number].hint}
    assert server.http.get(f"/api/learn/nuts-sorting/{number}").json() == step  # answering changed nothing


def test_bad_tutorial_requests_are_refused_with_a_reason(server: Client) -> None:
    assert server.http.get("/api/learn/nuts-sorting/999").status_code == 404
    assert server.http.get("/api/learn/nuts-sorting/-1").status_code == 404
    assert server.http.get("/learn/take-away").status_code == 404  # a game without a tutorial
    assert server.http.get("/learn/nope").status_code == 404
    too_long = server.http.post("/api/learn/nuts-sorting/0", json={"action": "x" * 201})
    assert too_long.status_code == 400 and "200" in too_long.json()["error"]
    assert server.http.post("/api/learn/nuts-sorting/0", json={"action": 3}).status_code == 400
    assert server.http.post("/api/learn/nuts-sorting/0", json={"sneaky": "x"}).status_code == 400


def test_the_finale_seats_the_learner_against_the_easy_bot_with_hints(server: Client) -> None:
    response = server.http.post("/learn/nuts-sorting/play", follow_redirects=False)
    assert response.status_code == 303
    table, key = response.headers["location"].split("/t/")[1].split("/seat/")
    state = server.state(table, key)
    assert [seat["kind"] for seat in state["seats"]] == ["human", "easy"]
    while state["status"] != "Your move":
        state = server.state(table, key)
    assert state["hints"] is True
    # the rules page's section for this decision, and the page has it
    assert state["rules_link"].startswith("/rules/nuts-sorting#part-")
    assert f'id="{state["rules_link"].split("#")[1]}"' in server.http.get(state["rules_link"]).text
    hint = server.http.post(f"/api/t/{table}/hint", json={"secret": key})
    assert hint.status_code == 200
    assert hint.json()["action"] in state["legal"] and hint.json()["label"] in state["labels"]
    assert server.state(table, key)["version"] == state["version"]  # a hint changes nothing
    spectator = server.http.post(f"/api/t/{table}/hint", json={})
    assert spectator.status_code == 409


def test_hints_are_off_at_an_ordinary_table(server: Client) -> None:
    table, keys = server.create("nuts-sorting", ["human", "human"])
    to_move, _ = server.turn(table, keys)
    assert server.state(table, to_move)["hints"] is False
    assert server.state(table, to_move)["rules_link"] is None
    refused = server.http.post(f"/api/t/{table}/hint", json={"secret": to_move})
    assert refused.status_code == 403 and "hints are off" in refused.json()["error"]


def test_a_table_made_with_hints_offers_them_to_the_seat_to_move(server: Client) -> None:
    table, keys = server.create("nut-cards", ["human", "human"], hints="on")
    to_move, other = server.turn(table, keys)
    assert server.state(table, to_move)["hints"] is True
    assert server.state(table, other)["hints"] is False  # only the seat whose turn it is
    hint = server.http.post(f"/api/t/{table}/hint", json={"secret": to_move}).json()
    assert hint["action"] in server.state(table, to_move)["legal"]
    assert server.http.post(f"/api/t/{table}/hint", json={"secret": other}).status_code == 409
