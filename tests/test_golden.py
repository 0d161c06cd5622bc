"""Golden traces: recorded games whose every event and final view are checked in.

Each game's traces live in tests/games/<game>/golden/. A rule change shows up here as a diff to review.
To accept an intended change, regenerate with
    .venv/bin/python tests/test_golden.py [GAME ...]     (every game's, or only those named)
and read the diff before committing it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nutbox.agents import make_agent
from nutbox.core import Record, final_state, replay
from nutbox.play import agent_seed, run_match
from nutbox.registry import make

GAMES_DIR = Path(__file__).parent / "games"
# (game, name): (options, seats, seed)
GOLDENS: dict[tuple[str, str], tuple[dict[str, Any], list[str], int]] = {
    ("nuts-sorting", "greedy-vs-random-seed4"): ({"repetition_draw": True}, ["greedy", "random"], 4),
    ("nuts-sorting", "greedy-vs-greedy-seed21"): ({"repetition_draw": True}, ["greedy", "greedy"], 21),
    ("nut-hunt", "three-greedy-seed5"): ({"players": 3}, ["greedy", "greedy", "random"], 5),
    ("nut-hunt", "solo-expert-seed2"): ({"players": 1, "automa": "expert"}, ["greedy"], 2),
    ("nut-hunt", "competitive-seed8"): ({"players": 2, "competitive": True}, ["greedy", "random"], 8),
    ("nuts-factory", "three-greedy-seed3"): ({"players": 3}, ["greedy", "greedy", "random"], 3),
    ("nuts-factory", "fall-through-seed6"): ({"players": 2, "unused_end": "fall"}, ["greedy", "random"], 6),
    ("nut-cards", "three-greedy-seed4"): ({"players": 3}, ["greedy", "random", "greedy"], 4),
    ("nut-cards", "double-once-seed7"): ({"players": 2, "squirrels": "double-once"}, ["greedy", "greedy"], 7),
    ("in-the-nuts", "four-greedy-seed2"): ({"players": 4}, ["greedy", "random", "greedy", "random"], 2),
    ("in-the-nuts", "active-first-seed9"): ({"players": 3, "first_pick": "active"}, ["greedy", "greedy", "random"], 9),
}


def golden_dir(game_id: str) -> Path:
    return GAMES_DIR / game_id.replace("-", "_") / "golden"


def trace(record: Record) -> dict[str, Any]:
    game = make(record.game, record.options)
    events: list[str] = []
    for _, step_events in replay(record, game):
        events.extend(event.text for event in step_events if not event.detail)
    state = final_state(record, game)
    return {"events": events, "final_view": state.view(None)}


@pytest.mark.parametrize(("game_id", "name"), sorted(GOLDENS), ids=[f"{g}-{n}" for g, n in sorted(GOLDENS)])
def test_golden_trace_is_unchanged(game_id: str, name: str) -> None:
    folder = golden_dir(game_id)
    record = Record.load(folder / f"{name}.record.json")
    expected = json.loads((folder / f"{name}.trace.json").read_text())
    assert trace(record) == expected


def regenerate(games: list[str]) -> None:
    for (game_id, name), (options, seats, seed) in GOLDENS.items():
        if games and game_id not in games:
            continue
        game = make(game_id, options)
        agents = [make_agent(kind, game, seat, agent_seed(seed, seat)) for seat, kind in enumerate(seats)]
        record = run_match(game, agents, seed=seed).record
        folder = golden_dir(game_id)
        folder.mkdir(exist_ok=True)
        record.save(folder / f"{name}.record.json")
        (folder / f"{name}.trace.json").write_text(json.dumps(trace(record), indent=1) + "\n")


if __name__ == "__main__":
    import sys

    regenerate(sys.argv[1:])
