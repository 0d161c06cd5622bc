"""Seats in texts: the rules and a game's words name a seat by a placeholder, and whoever shows the text to
people fills in the seat's name (a profile's, a bot's level, or "Player 2" where there is none).

The placeholder is a digit between two characters of Unicode's private use area, which no game text, name or
notation contains, so filling it cannot touch anything else a text says.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

OPEN, CLOSE = "\ue000", "\ue001"
_PLACEHOLDER = re.compile(f"{OPEN}(\\d+){CLOSE}")


def seat_name(seat: int) -> str:
    """The seat as a text names it: a placeholder filled with its name where the text is shown."""
    return f"{OPEN}{seat}{CLOSE}"


def default_name(seat: int) -> str:
    """A seat's name where nobody gave one: "Player 1" for seat 0."""
    return f"Player {seat + 1}"


def with_names(text: str, names: Sequence[str] | None = None, escape: Callable[[str], str] | None = None) -> str:
    """`text` with each seat's placeholder replaced by its name (None, or a seat past the list: "Player N"),
    each name passed through `escape` first where the text is markup."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        given = names[seat] if names is not None and seat < len(names) and names[seat] else default_name(seat)
        return escape(given) if escape is not None else given

    return _PLACEHOLDER.sub(name, text) if OPEN in text else text


def unnamed(text: str) -> bool:
    """Whether a text holds a seat's placeholder still to be filled."""
    return OPEN in text or CLOSE in text


class SeatNames:
    """Each seat's name by its number, "Player N" for a seat given none: what a picture is drawn with."""

    def __init__(self, names: Sequence[str] | None = None) -> None:
        self.given = tuple(names or ())

    def __getitem__(self, seat: int) -> str:
        return self.given[seat] if seat < len(self.given) and self.given[seat] else default_name(seat)
