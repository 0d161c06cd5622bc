"""Reading a game's component data: JSON files shipped in the game's package, checked as they are read.

Component data are mostly reconstructed and meant to be corrected by people who own the games, so a wrong
file must be refused with what is wrong and where, never half-read. A game declares its file's shape as
pydantic models (strict: no text read as a number) and reads it with `validated`, whose `ComponentError`
names the file, the place (`tiles[3].id`) and the problem; checks across fields are the models' validators,
raising ValueError with the problem.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, NoReturn, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

Model = TypeVar("Model", bound=BaseModel)


class ComponentError(ValueError):
    """A component file is wrong; the message says which, where and how."""


class Schema(BaseModel):
    """Base of component-data models: strict types, no unknown fields, frozen once read."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def place(loc: tuple[int | str, ...]) -> str:
    """A pydantic location as a reader writes it: ('tiles', 3, 'id') -> tiles[3].id."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "the top"


def validated(model: type[Model], data: Any, name: str) -> Model:
    """`data` read as `model`; ComponentError "<name>, <place>: <problem>" for the first thing wrong."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        message = first["msg"].removeprefix("Value error, ")
        if first["type"] not in ("value_error", "assertion_error", "missing", "extra_forbidden"):
            message += f", got {first.get('input')!r}"
        raise ComponentError(f"{name}, {place(first['loc'])}: {message}") from None


def read_json(package: str, path: str) -> dict[str, Any]:
    """A JSON object shipped inside `package` (a game's data file)."""
    text = resources.files(package).joinpath(path).read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ComponentError(f"{package}/{path}: expected a JSON object at the top")
    return data


class DataReader:  # TEMPORARY: until every game's loader reads through `validated` (removed in this change)
    def __init__(self, name: str) -> None:
        self.name = name

    def fail(self, where: str, problem: str) -> NoReturn:
        raise ComponentError(f"{self.name}, {where}: {problem}")

    def require(self, condition: bool, where: str, problem: str) -> None:
        if not condition:
            self.fail(where, problem)

    def list(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            self.fail(where, f"expected a list, got {value!r}")
        return value

    def dict(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(where, f"expected an object, got {value!r}")
        return value

    def int(self, value: Any, where: str, low: int = 0, high: int = 10**9) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            self.fail(where, f"expected a whole number from {low} to {high}, got {value!r}")
        return value
