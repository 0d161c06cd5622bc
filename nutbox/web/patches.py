"""A seat's board sent as what changed since the board it was last sent.

After a move most of a picture is what it was: the games keep the pieces they draw (core.svg `drawn`, `Kept`) and
join them into the document (core.svg.Picture keeps the pieces). An update then names the picture it changes
(`from`, a picture's `svg_id`) and says how to make the new one from it: a list whose items are either a piece of
text or a span [start, end) of the picture before, in order. The page joins them (static/table.js); a page whose
picture is not the one named asks for the whole position again, so a missed update costs a reconnection, never a
wrong board.

Spans count UTF-16 code units, as the page's strings do (a seat's name may hold characters beyond the BMP).
"""

from __future__ import annotations

from itertools import accumulate
from typing import Any

from nutbox.core.svg import Picture

Ops = list[str | list[int]]
ID_BITS = 52  # a picture's id fits a JavaScript number exactly
WORTH = 0.5  # a patch is sent when it carries less than this share of the picture's text; else the picture


def svg_id(picture: str | None) -> int | None:
    """A picture's name in updates: its text's hash, kept to what a page's numbers hold exactly (one server
    process names the same text alike; a page reconnecting to another process is sent the whole picture)."""
    return None if picture is None else hash(picture) & ((1 << ID_BITS) - 1)


def units(text: str) -> int:
    """The length of `text` in UTF-16 code units."""
    return len(text) if text.isascii() else len(text.encode("utf-16-le")) // 2


def patch(before: str, after: str) -> Ops | None:
    """How to make `after` from `before`, or None where a patch would not be much shorter than `after` (or either
    picture keeps no pieces)."""
    if not (isinstance(before, Picture) and isinstance(after, Picture)):
        return None
    parts = before.parts
    ends = list(accumulate(map(len, parts) if before.isascii() else map(units, parts)))
    # each piece of `before` where it first comes: the pairs given last piece first, so that the first stays
    spans = dict(zip(reversed(parts), zip(reversed([0, *ends[:-1]]), reversed(ends), strict=True), strict=True))
    find = spans.get
    ops: Ops = []
    new = 0
    text: list[str] = []  # new text not yet added to ops
    span: list[int] | None = None  # the span of `before` not yet added, grown while its pieces follow on
    for part in after.parts:
        found = find(part)
        if found is None:
            if span is not None:
                ops.append(span)
                span = None
            text.append(part)
            new += len(part)
        elif span is not None and span[1] == found[0]:
            span[1] = found[1]
        else:
            if span is not None:
                ops.append(span)
            elif text:
                ops.append("".join(text))
                text = []
            span = [*found]
    if span is not None:
        ops.append(span)
    elif text:
        ops.append("".join(text))
    return ops if new < WORTH * len(after) else None


def as_update(message: dict[str, Any], before: str | None) -> dict[str, Any]:
    """A seat's message as an update to a page showing `before`: its picture as a patch where that is shorter."""
    after = message.get("svg")
    ops = patch(before, after) if before is not None and after is not None else None
    if ops is None:
        return message
    update = {key: value for key, value in message.items() if key != "svg"}
    update["svg_patch"] = {"from": svg_id(before), "ops": ops}
    return update
