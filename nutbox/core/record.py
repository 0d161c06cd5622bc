"""The game record: options, seed and the action texts. It is the save, replay and test-fixture format.

    {"game": "nuts-sorting", "rules_version": "1", "options": {...}, "seed": 7,
     "seats": ["human", "greedy"], "actions": ["deal a1 red", ..., "c3-e5", "x a1"]}

Chance outcomes are actions like any other, so replaying needs no random generator: a record is the
whole game. A malformed record is refused with what is wrong and where.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nutbox.core.errors import IllegalAction, NotationError, OptionsError, RecordError
from nutbox.core.events import Event
from nutbox.core.game import Game
from nutbox.core.options import options_to_dict, parse_options
from nutbox.core.state import State

SEEDS = 2**63  # a seed fits a database's 64-bit integer


@dataclass
class Record:
    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int | None = None
    actions: list[str] = field(default_factory=list)
    seats: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, game: Game, seed: int | None = None, seats: list[str] | None = None) -> Record:
        return cls(game.id, game.rules_version, options_to_dict(game.options), seed, [], list(seats or []))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "actions": self.actions,
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
        for key, kind in (("game", str), ("rules_version", str), ("options", dict), ("actions", list)):
            if key not in data:
                raise RecordError(f"record has no {key!r}")
            if not isinstance(data[key], kind):
                raise RecordError(f"record field {key!r} must be a {kind.__name__}")
        for i, text in enumerate(data["actions"]):
            if not isinstance(text, str):
                raise RecordError(f"actions[{i}] must be a text, not {json.dumps(text)}")
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not -SEEDS < seed < SEEDS):
            raise RecordError("record field 'seed' must be a whole number of at most 63 bits, or null")
        seats = data.get("seats", [])
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise RecordError("record field 'seats' must be a list of texts")
        unknown = sorted(set(data) - {"game", "rules_version", "options", "seed", "seats", "actions"})
        if unknown:
            raise RecordError(f"record has unknown fields: {', '.join(unknown)}")
        return cls(data["game"], data["rules_version"], dict(data["options"]), seed, list(data["actions"]), list(seats))

    def save(self, path: Path) -> None:
        """Write the record so that a crash mid-write leaves the previous version whole."""
        partial = path.with_name(path.name + ".partial")
        partial.write_text(json.dumps(self.to_json(), indent=1) + "\n")
        os.replace(partial, path)

    @classmethod
    def load(cls, path: Path) -> Record:
        try:
            data = json.loads(path.read_text())
        except FileNotFoundError:
            raise RecordError(f"{path}: no such file") from None
        except json.JSONDecodeError as error:
            raise RecordError(f"{path}: not JSON (line {error.lineno}, column {error.colno}: {error.msg})") from None
        try:
            return cls.from_json(data)
        except RecordError as error:
            raise RecordError(f"{path}: {error}") from None


def check_matches(record: Record, game: Game) -> None:
    if record.game != game.id:
        raise RecordError(f"the record is of {record.game!r}, not {game.id!r}")
    if record.rules_version != game.rules_version:
        raise RecordError(
            f"the record was played under rules version {record.rules_version} of {game.id}; "
            f"this nutbox has version {game.rules_version}"
        )
    try:
        options = parse_options(game.options_type, record.options)
    except OptionsError as error:
        raise RecordError(f"the record's options: {error}") from None
    if options != game.options:
        raise RecordError(f"the record was played with options {options}, not {game.options}")


def replay(record: Record, game: Game) -> Iterator[tuple[State, list[Event]]]:
    """Each state of the game in turn with the events that led to it: step 0 (no events) to the end."""
    check_matches(record, game)
    state = game.new_state()
    yield state, []
    for i, text in enumerate(record.actions):
        try:
            action = game.parse(text)
            events = state.apply(action)
        except (NotationError, IllegalAction) as error:
            raise RecordError(f"actions[{i}] {text!r}: {error}") from None
        yield state, events


def final_state(record: Record, game: Game) -> State:
    *_, (state, _) = replay(record, game)
    return state


__all__ = ["Record", "check_matches", "final_state", "replay"]
