"""A game from another package: examples/take_away, installed by ./run test as a package of its own, is found
through its entry point and played like the five built in (the conformance suite runs it too, since it is
registered: tests/conformance/conftest.py takes every registered game)."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient
from typer.testing import CliRunner

from nutbox.cli.main import app
from nutbox.registry import ENTRIES, make
from nutbox.web.app import create_app

runner = CliRunner()


def test_the_example_game_is_registered_from_its_own_package() -> None:
    assert "take-away" in ENTRIES
    game = make("take-away", {"pile": 5})
    assert type(game).__module__.startswith("take_away.")  # not a module of nutbox
    assert "take-away" in runner.invoke(app, ["list"]).output


def test_the_example_game_is_played_in_the_terminal() -> None:
    moves = "\n".join(["take 9", "moves", "take 3", "take 1", "take 1"]) + "\n"
    result = runner.invoke(app, ["play", "take-away", "--seat", "human", "--seat", "human", "--option", "pile=5"],
                           input=moves)
    assert result.exit_code == 0, result.output
    assert "Taking nuts: a player takes 1, 2 or 3 nuts" in result.output  # "take 9", refused with the rule
    assert "Take 3 nuts, leaving 2" in result.output  # the moves in words
    assert "Player 1 wins." in result.output  # 5 - 3 - 1 - 1: player 1 took the last nut


def test_the_example_game_is_played_at_the_browser_table(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'plugin.sqlite3'}", bot_workers=1)) as http:
        assert "Take Away" in http.get("/").text
        created = http.post("/new/take-away", data={"players": "2", "seat0": "human", "seat1": "human",
                                                    "pile": "4"}, follow_redirects=False)
        assert created.status_code == 303, created.text
        page = http.get(created.headers["location"]).text
        table = created.headers["location"].split("/")[2]
        keys = []
        for link in re.findall(r'class="invite-link" href="([^"]+)"', page):
            keys.append(http.post(link, follow_redirects=False).headers["location"].rsplit("/seat/", 1)[1])
        for _ in range(10):
            states = [http.get(f"/api/t/{table}/state", params={"secret": key}).json() for key in keys]
            if states[0]["finished"]:
                break
            key, state = next((k, s) for k, s in zip(keys, states, strict=True) if s["legal"])
            assert state["prompt"].startswith("Your turn: take 1, 2 or 3 nuts")
            answer = http.post(f"/api/t/{table}/act", json={"secret": key, "action": state["legal"][-1],
                                                            "version": state["version"]})
            assert answer.status_code == 200
        final = http.get(f"/api/t/{table}/state").json()
        assert final["finished"] and final["score_table"]["winners"] == final["winners"]
        assert http.get(f"/t/{table}/seat/{keys[0]}").status_code == 200
