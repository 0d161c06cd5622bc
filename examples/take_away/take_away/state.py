"""The rules: a position, what may be decided there and what deciding does."""

from __future__ import annotations

from typing import ClassVar, Self

from nutbox.core import TERMINAL, Action, Event, Game, State, ToMove, seat_name
from take_away.actions import Take
from take_away.options import TakeAwayOptions
from take_away.view import TakeAwayFields, TakeAwayView

MOST = 3  # nuts a player may take at once
RULE = "Taking nuts"  # the rule every refusal cites


class TakeAwayState(State[TakeAwayView]):
    SHOWN: ClassVar[tuple[str, ...]] = ("pile", "current", "last")  # shown as held, and read back

    def __init__(self, game: Game, options: TakeAwayOptions, pile: int, current: int = 0) -> None:
        self.game = game
        self.options = options
        self.pile = pile
        self.current = current
        self.last: int | None = None  # who took the last nut

    def to_move(self) -> ToMove:
        return TERMINAL if self.pile == 0 else self.current

    def legal_actions(self) -> list[Action]:
        return [Take(n) for n in range(1, min(MOST, self.pile) + 1)] if self.pile else []

    def _why_illegal(self, action: Action) -> str | None:
        if not isinstance(action, Take) or not 1 <= action.count <= MOST:
            return f"{RULE}: a player takes 1, 2 or 3 nuts"
        if action.count > self.pile:
            return f"{RULE}: the pile holds only {self.pile}"
        return None

    def _apply(self, action: Action) -> list[Event]:
        assert isinstance(action, Take)
        self.pile -= action.count
        self.last = self.current
        text = f"{seat_name(self.current)} takes {action.count}; {self.pile} left"  # the table fills in the name
        self.current = (self.current + 1) % self.options.players
        return [Event(text, "take", {"count": action.count})]

    def clone(self) -> Self:
        copy = type(self)(self.game, self.options, self.pile, self.current)
        copy.last = self.last
        return copy

    def _view(self, seat: int | None) -> TakeAwayFields:
        return {"players": self.options.players, "pile": self.pile, "current": self.current, "last": self.last}

    def scores(self) -> list[float]:
        return [1.0 if seat == self.last else 0.0 for seat in range(self.options.players)]

    def winners(self) -> list[int]:
        return [self.last] if self.last is not None else []
