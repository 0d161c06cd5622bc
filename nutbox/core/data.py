"""Reading a game's component data: JSON files shipped in the game's package, checked as they are read.

Component data are mostly reconstructed and meant to be corrected by people who own the games, so a wrong
file must be refused with what is wrong and where, never half-read. A game's loader reads its file through
a `DataReader`, whose checks raise `ComponentError` naming the file and the place.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, NoReturn


class ComponentError(ValueError):
    """A component file is wrong; the message says which, where and how."""


class DataReader:
    def __init__(self, name: str) -> None:
        self.name = name  # what the messages call the file, e.g. "nut-hunt components"

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


def read_json(package: str, path: str) -> dict[str, Any]:
    """A JSON object shipped inside `package` (a game's data file)."""
    text = resources.files(package).joinpath(path).read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ComponentError(f"{package}/{path}: expected a JSON object at the top")
    return data
