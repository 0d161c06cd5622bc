"""Events narrate what an action did, for logs, histories and animations.

`detail` marks a small step a table may summarise rather than print (one cell of a deal).
An event is public unless `visible_to` names the seats that may see it; everyone else sees `redacted`
(or nothing, when that is None). Events leave the engine only through `seen_by`, the same rule as views.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from nutbox.core.names import with_names


@dataclass(frozen=True, slots=True)
class Event:
    said: str  # the narration, each seat named by core.names.seat_name (a placeholder for its name)
    kind: str = "info"
    data: Mapping[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None
    redacted: Event | None = None
    detail: bool = False

    @property
    def text(self) -> str:
        """The narration with each seat called "Player N"."""
        return with_names(self.said)

    def told(self, names: Sequence[str] | None) -> str:
        """The narration with each seat called by its name."""
        return with_names(self.said, names)

    def seen_by(self, seat: int | None) -> Event | None:
        """The event as `seat` may see it (None: the spectator)."""
        if self.visible_to is None or (seat is not None and seat in self.visible_to):
            return self
        return self.redacted.seen_by(seat) if self.redacted is not None else None

    def to_json(self, names: Sequence[str] | None = None) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.told(names), "data": dict(self.data), "detail": self.detail}


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """The events of a list that `seat` may see, each as that seat may see it."""
    seen = (event.seen_by(seat) for event in events)
    return [event for event in seen if event is not None]
