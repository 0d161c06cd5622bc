"""The game record: options, seed and the action texts. It is the save, replay and test-fixture format.

    {"game": "nuts-sorting", "rules_version": "2", "options": {...}, "seed": 7,
     "seats": ["human", "greedy"], "actions": ["deal a1 red", ..., "c3-e5", "x a1"]}

Chance outcomes are actions like any other, so replaying needs no random generator: a record is the
whole game. A malformed record is refused with what is wrong and where.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from nutbox.core.data import changes_of
from nutbox.core.errors import IllegalAction, NotationError, OptionsError, RecordError
from nutbox.core.events import Event
from nutbox.core.game import Game
from nutbox.core.options import options_to_dict, parse_options
from nutbox.core.state import State


@dataclass
class Record:
    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int | None = None
    actions: list[str] = field(default_factory=list)
    seats: list[str] = field(default_factory=list)
    # the changes to the game's component data it was played with (core/data.py); None: as printed
    data: dict[str, Any] | None = None

    @classmethod
    def start(cls, game: Game, seed: int | None = None, seats: list[str] | None = None) -> Record:
        return cls(game.id, game.rules_version, options_to_dict(game.options), seed, [], list(seats or []),
                   changes_of(type(game)) or None)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "actions": self.actions,
            **({"data": self.data} if self.data else {}),  # (a record of the game as printed holds none)
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
        from nutbox.core.record_shape import read  # (pydantic, imported only where a record is read)

        shape = read(data)
        return cls(shape.game, shape.rules_version, dict(shape.options), shape.seed, list(shape.actions),
                   list(shape.seats), dict(shape.data) if shape.data else None)

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


def under_current_rules(record: Record, game_type: type[Game]) -> Record:
    """The record as this nutbox plays it: one made under an earlier rules version whose rules an option still
    gives (`Game.earlier_rules`) is the same game with that option; any other earlier version is refused when
    replayed (check_matches), naming both versions."""
    if record.game != game_type.id or record.rules_version == game_type.rules_version:
        return record
    earlier = game_type.earlier_rules.get(record.rules_version)
    if earlier is None:
        return record
    return replace(record, rules_version=game_type.rules_version, options={**record.options, **earlier})


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
    if (record.data or {}) != changes_of(type(game)):
        played = "with changed components" if record.data else "with its components as printed"
        raise RecordError(f"the record was played {played}, and this process plays {game.id} otherwise")


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
