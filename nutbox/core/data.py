"""Reading a game's component data: JSON files shipped in the game's package, checked as they are read.

Component data are mostly reconstructed and meant to be corrected by people who own the games, so a wrong
file must be refused with what is wrong and where, never half-read. A game declares its file's shape as
pydantic models (core/schema.py) and reads it with `validated`, whose `ComponentError` names the file, the
place and the problem.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


class ComponentError(ValueError):
    """A component file is wrong; the message says which, where and how."""


def read_json(package: str, path: str) -> dict[str, Any]:
    """A JSON object shipped inside `package` (a game's data file)."""
    text = resources.files(package).joinpath(path).read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ComponentError(f"{package}/{path}: expected a JSON object at the top")
    return data
