"""The terminal picture."""

from __future__ import annotations

from nutbox.core import SeatNames
from take_away.view import TakeAwayView


def render(view: TakeAwayView, names: SeatNames) -> str:
    turn = f"; {names[view['current']]} to take" if view["pile"] else ""
    return f"Pile: {'o' * view['pile']} ({view['pile']}){turn}"
