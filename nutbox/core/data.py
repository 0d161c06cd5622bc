"""Reading a game's component data: JSON files shipped in the game's package, checked as they are read.

Component data are mostly reconstructed and meant to be corrected by people who own the games, so a wrong
file must be refused with what is wrong and where, never half-read. A game declares its file's shape as
pydantic models (core/schema.py) and reads it with `validated`, whose `ComponentError` names the file, the
place and the problem.

A designer may change a game's data for a study (docs/balance.md): the changes are a patch of the file
(`{"trucks": {"3": {"value": 15}}}`: objects merged key by key, a list's items by their index, anything else
replaced), kept per package in the environment variable NUTBOX_DATA_CHANGES, so that a process and every process
it starts read the same data. A game reads its data once, when its package is imported: a process plays a game
either as printed or with one set of changes (nutbox.registry.use_data_changes says which, and refuses a
second).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from importlib import resources
from typing import Any

from nutbox.core.errors import NutboxError

CHANGES_VARIABLE = "NUTBOX_DATA_CHANGES"  # JSON: {package: patch}
_trying: dict[str, Any] = {}  # package -> a patch being checked here (changes_tried), not yet in use


class ComponentError(NutboxError, ValueError):
    """A component file (or a change to it) is wrong; the message says which, where and how."""


def read_json(package: str, path: str) -> dict[str, Any]:
    """A JSON object shipped inside `package` (a game's data file), with the changes this process applies."""
    text = resources.files(package).joinpath(path).read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ComponentError(f"{package}/{path}: expected a JSON object at the top")
    patch = _trying.get(package, changes_in_use().get(package))
    return patched(data, patch) if patch else data


def changes_in_use() -> dict[str, Any]:
    """The changes this process applies, per package (NUTBOX_DATA_CHANGES)."""
    text = os.environ.get(CHANGES_VARIABLE)
    if not text:
        return {}
    changes = json.loads(text)
    return changes if isinstance(changes, dict) else {}


def changes_of(game_type: type) -> dict[str, Any]:
    """The changes this process applies to a game's data, found by the package its class is defined in."""
    changes: dict[str, Any] = changes_in_use().get(game_type.__module__.rpartition(".")[0], {})
    return changes


@contextlib.contextmanager
def changes_tried(package: str, patch: dict[str, Any]) -> Iterator[None]:
    """Within: `package`'s data read with `patch` instead of the changes in use (to check a patch)."""
    _trying[package] = patch
    try:
        yield
    finally:
        del _trying[package]


def patched(data: Any, patch: Any, where: str = "") -> Any:
    """`data` with `patch` laid over it: objects key by key, lists item by item (by index), the rest replaced.
    A key the data lacks is added (the game's schema then refuses it by name); an index past a list's end is
    refused here."""
    if isinstance(patch, dict) and isinstance(data, dict):
        return {**data, **{key: patched(data.get(key), value, f"{where}.{key}" if where else key)
                           for key, value in patch.items()}}
    if isinstance(patch, dict) and isinstance(data, list):
        items = list(data)
        for key, value in patch.items():
            if not (key.isascii() and key.isdigit() and int(key) < len(items)):
                raise ComponentError(f"changes, {where}: a list of {len(items)} items, numbered from 0; "
                                     f"there is no item {key!r}")
            items[int(key)] = patched(items[int(key)], value, f"{where}[{key}]")
        return items
    return patch


def paths(patch: Any, where: str = "") -> list[tuple[str, Any]]:
    """A patch as the places it changes and their new values: [("trucks[3].value", 15), ...]."""
    if not isinstance(patch, dict):
        return [(where, patch)]
    found: list[tuple[str, Any]] = []
    for key, value in patch.items():
        place = f"{where}[{key}]" if key.isdigit() else (f"{where}.{key}" if where else key)
        found += paths(value, place)
    return found
