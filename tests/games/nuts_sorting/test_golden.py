"""Golden traces: recorded games whose every event and final view are checked in.

A rule change shows up here as a diff to review. To accept an intended change, regenerate with
    .venv/bin/python tests/games/nuts_sorting/test_golden.py
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

GOLDEN = Path(__file__).parent / "golden"
GAMES = {"greedy-vs-random-seed4": (["greedy", "random"], 4), "greedy-vs-greedy-seed21": (["greedy", "greedy"], 21)}


def trace(record: Record) -> dict[str, Any]:
    game = make(record.game, record.options)
    events: list[str] = []
    for _, step_events in replay(record, game):
        events.extend(event.text for event in step_events if not event.detail)
    state = final_state(record, game)
    return {"events": events, "final_view": state.view(None)}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_trace_is_unchanged(name: str) -> None:
    record = Record.load(GOLDEN / f"{name}.record.json")
    expected = json.loads((GOLDEN / f"{name}.trace.json").read_text())
    assert trace(record) == expected


def regenerate() -> None:
    game = make("nuts-sorting")
    for name, (seats, seed) in GAMES.items():
        agents = [make_agent(kind, game, seat, agent_seed(seed, seat)) for seat, kind in enumerate(seats)]
        record = run_match(game, agents, seed=seed).record
        record.save(GOLDEN / f"{name}.record.json")
        (GOLDEN / f"{name}.trace.json").write_text(json.dumps(trace(record), indent=1) + "\n")


if __name__ == "__main__":
    regenerate()
