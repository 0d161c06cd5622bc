"""The learners' encoding of a view: fixed shapes of floats in [0, 1]."""

from __future__ import annotations

from typing import Any

from take_away.options import TakeAwayOptions
from take_away.view import TakeAwayView


class Observation:
    """One-hot: the nuts left, and the winner counted from the seat itself (0: this seat)."""

    def __init__(self, options: TakeAwayOptions) -> None:
        self.shapes = {"pile": (options.pile + 1,), "winners": (options.players,)}

    def fill(self, view: TakeAwayView, parts: dict[str, Any]) -> None:
        parts["pile"][view["pile"]] = 1.0
        seat = view["seat"] or 0
        for winner in view.get("winners", []):
            parts["winners"][(winner - seat) % view["players"]] = 1.0
