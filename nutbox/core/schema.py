"""Component data read through a schema: a game declares its file's shape as pydantic models (strict: no text
read as a number, no unknown field) and reads it with `validated`, whose `ComponentError` names the file, the
place (`tiles[3].id`) and the problem; checks across fields are the models' validators, raising ValueError
with the problem. Kept apart from data.py so that importing the core does not import pydantic.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from nutbox.core.data import ComponentError

Model = TypeVar("Model", bound=BaseModel)


class Schema(BaseModel):
    """Base of component-data models: strict types, no unknown fields, frozen once read."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def place(loc: tuple[int | str, ...]) -> str:
    """A pydantic location as a reader writes it: ('tiles', 3, 'id') -> tiles[3].id."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def validated(model: type[Model], data: Any, name: str) -> Model:
    """`data` read as `model`; ComponentError "<name>, <place>: <problem>" for the first thing wrong."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        message = first["msg"].removeprefix("Value error, ")
        if first["type"] not in ("value_error", "assertion_error", "missing", "extra_forbidden"):
            message += f", got {first.get('input')!r}"
        where = f", {place(first['loc'])}" if first["loc"] else ""  # (a check across fields names its place)
        raise ComponentError(f"{name}{where}: {message}") from None
