"""What a request to the table may carry, as a schema: every field's type and bounds, nothing else.

pydantic checks it (strictly: no text is read as a number, no true as 1), and a refusal names the field and
what is wrong with it, quoting nothing that was sent.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError


class Request(BaseModel):
    """A request by HTTP body or WebSocket message: act, undo, handover, transfer, name or play again."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    type: Annotated[StrictStr, Field(max_length=20)] | None = None
    secret: Annotated[StrictStr, Field(max_length=200)] | None = None
    action: Annotated[StrictStr, Field(max_length=200)] | None = None
    version: Annotated[StrictInt, Field(ge=0, le=2**53)] | None = None
    seat: Annotated[StrictInt, Field(ge=0, le=99)] | None = None
    bot: Annotated[StrictStr, Field(max_length=40)] | None = None
    name: Annotated[StrictStr, Field(max_length=100)] | None = None
    text: Annotated[StrictStr, Field(max_length=2000)] | None = None  # a line of chat


FIELDS = tuple(Request.model_fields)


def problem(data: Any) -> str | None:
    """Why `data` is not a request (None if it is one): the first field at fault and what is wrong."""
    if not isinstance(data, dict):
        return "a request is a JSON object"
    try:
        Request.model_validate(data)
    except ValidationError as error:
        first = error.errors(include_input=False, include_url=False)[0]
        field = str(first["loc"][0])[:20] if first["loc"] else "?"
        if first["type"] == "extra_forbidden":
            return f"unknown field {field!r} (fields: {', '.join(FIELDS)})"
        return f"field {field!r}: {first['msg'].lower()}"
    return None
