"""What a record file may hold, as a schema: these fields of these types and nothing else (core/record.py).

A refusal says the first fault in the order a reader checks (fields missing, then of the wrong kind, then
unknown), in the words the record format's users know.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import ErrorDetails

from nutbox.core.errors import RecordError

SEEDS = 2**63  # a seed fits a database's 64-bit integer


class RecordShape(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    game: str
    rules_version: str
    options: dict[str, Any]
    actions: list[str]
    seed: Annotated[int, Field(gt=-SEEDS, lt=SEEDS)] | None = None
    seats: list[str] = []
    # what the table kept beside the game (its chat, how it ended for each seat): read by people, not replays
    table: dict[str, Any] | None = None
    data: dict[str, Any] | None = None  # changes to the game's component data (core/data.py)


_KINDS = {"game": "str", "rules_version": "str", "options": "dict", "actions": "list"}
_ORDER = ("missing", "game", "rules_version", "options", "actions", "seed", "seats", "table", "data",
          "extra_forbidden")


def read(data: dict[str, Any]) -> RecordShape:
    """`data` as a record's fields; RecordError naming the first fault."""
    try:
        return RecordShape.model_validate(data)
    except ValidationError as error:
        raise RecordError(_problem(error.errors(include_url=False))) from None


def _rank(fault: ErrorDetails) -> int:
    kind = fault["type"] if fault["type"] in ("missing", "extra_forbidden") else str(fault["loc"][0])
    return _ORDER.index(kind)


def _problem(faults: list[ErrorDetails]) -> str:
    first = min(faults, key=_rank)
    key = str(first["loc"][0])
    if first["type"] == "missing":
        return f"record has no {key!r}"
    if first["type"] == "extra_forbidden":
        unknown = sorted(str(f["loc"][0]) for f in faults if f["type"] == "extra_forbidden")
        return f"record has unknown fields: {', '.join(unknown)}"
    if key == "actions" and len(first["loc"]) > 1:
        return f"actions[{first['loc'][1]}] must be a text, not {json.dumps(first['input'])}"
    if key == "seed":
        return "record field 'seed' must be a whole number of at most 63 bits, or null"
    if key == "seats":
        return "record field 'seats' must be a list of texts"
    return f"record field {key!r} must be a {_KINDS[key]}"
