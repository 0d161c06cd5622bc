"""Dataclasses kept in a JSON column (a table's seats and settings): read from the stored dict and written back
exactly as read.

A field is written when the stored dict it was read from had its key, or when its value is not its default. So
a row written by any earlier release reads and writes back unchanged (no migration), and a key is never added
where it was absent: absent and default mean the same to this code and to the code before it. Keys this code
does not know are kept as they were read.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from typing import Any

BOOKKEEPING = ("held", "unknown")  # the fields every row has besides what it stores


def stored_fields(kind: type[Any]) -> list[dataclasses.Field[Any]]:
    """The fields of a row's dataclass that are stored (not its bookkeeping: `held` and `unknown`)."""
    return [field for field in dataclasses.fields(kind) if field.name not in BOOKKEEPING]


def unknown_keys(kind: type[Any], data: Mapping[str, Any]) -> dict[str, Any]:
    """The keys of a stored dict that no field of `kind` reads, as they were."""
    known = {field.name for field in stored_fields(kind)}
    return {key: value for key, value in data.items() if key not in known}


def default_of(field: dataclasses.Field[Any]) -> Any:
    if field.default_factory is not dataclasses.MISSING:
        return field.default_factory()
    return field.default


def to_json(row: Any, held: Collection[str], unknown: Mapping[str, Any], always: Collection[str] = ()
            ) -> dict[str, Any]:
    """The stored dict of a row's dataclass: each field (under its name) when `always` names it, the dict it was
    read from had it (`held`), or its value is not the default; values with a `to_json` written by it."""
    data: dict[str, Any] = {}
    for field in stored_fields(type(row)):
        value = getattr(row, field.name)
        if field.name in always or field.name in held or value != default_of(field):
            data[field.name] = plain(value)
    data.update(unknown)
    return data


def plain(value: Any) -> Any:
    """A field's value as JSON: a row's own `to_json`, lists and dicts of them, else the value itself."""
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, list):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value
