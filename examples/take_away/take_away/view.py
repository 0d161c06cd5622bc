"""The view's shape: the game's own fields and, with core.View's, a TakeAwayView; mypy checks every key read."""

from __future__ import annotations

from typing import TypedDict

from nutbox.core import View


class TakeAwayFields(TypedDict):
    players: int
    pile: int
    current: int
    last: int | None  # who took the last nut


class TakeAwayView(View, TakeAwayFields):
    pass
