"""The rules: the state, its actions and their notation."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import ClassVar, Self, TypedDict, cast

from nutbox.core import (
    TERMINAL,
    Action,
    ActionSpace,
    Event,
    Form,
    Game,
    Notation,
    Number,
    Options,
    OptionsError,
    State,
    ToMove,
    View,
    Words,
)
from take_away import words

MOST = 3  # nuts a player may take at once
RULE = "Taking nuts"  # the rule every refusal cites


@dataclass(frozen=True, slots=True)
class Take(Action):
    count: int
    # the notation, declared once: str(Take(2)) == "take 2", and NOTATION reads it back
    forms = (Form("take {count}", {"count": Number("number of nuts", 1, 1000)}),)


NOTATION = Notation([Take])


class TakeAwayFields(TypedDict):
    """The game's own fields of a view; with core.View's, a TakeAwayView: mypy checks every key read."""

    players: int
    pile: int
    current: int
    last: int | None  # who took the last nut


class TakeAwayView(View, TakeAwayFields):
    pass


@dataclass(frozen=True)
class TakeAwayOptions(Options):
    players: int = dataclasses.field(default=2, metadata={"help": "Two or three people take turns.",
                                                          "label": "Players"})
    pile: int = dataclasses.field(default=21, metadata={"help": "How many nuts the pile starts with.",
                                                        "label": "Nuts in the pile"})


class TakeAwayState(State):
    game: TakeAway

    def __init__(self, game: TakeAway, pile: int, current: int = 0) -> None:
        self.game = game
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
        text = f"Player {self.current + 1} takes {action.count}; {self.pile} left"
        self.current = (self.current + 1) % self.game.num_players
        return [Event(text, "take", {"count": action.count})]

    def clone(self) -> Self:
        copy = type(self)(self.game, self.pile, self.current)
        copy.last = self.last
        return copy

    def _view(self, seat: int | None) -> TakeAwayFields:
        return {"players": self.game.num_players, "pile": self.pile, "current": self.current, "last": self.last}

    def view(self, seat: int | None) -> TakeAwayView:
        return cast(TakeAwayView, super().view(seat))

    def scores(self) -> list[float]:
        return [1.0 if seat == self.last else 0.0 for seat in range(self.game.num_players)]

    def winners(self) -> list[int]:
        return [self.last] if self.last is not None else []

    def running_scores(self) -> list[float] | None:
        return None


class TakeAway(Game):
    id = "take-away"
    title = "Take Away"
    min_players = 2
    max_players = 3
    rules_version = "1"
    words: ClassVar[Words] = words
    options_type: ClassVar[type[Options]] = TakeAwayOptions
    perfect_information = True

    def __init__(self, options: Options | None = None) -> None:
        super().__init__(options)
        assert isinstance(self.options, TakeAwayOptions)
        if not 1 <= self.options.pile <= 1000:
            raise OptionsError("the pile holds 1 to 1000 nuts")
        # every take the notation can name for this pile; the rules allow at most 3 at once
        self.encoding = ActionSpace([Take(n) for n in range(1, self.options.pile + 1)], "Take Away")

    def new_state(self) -> TakeAwayState:
        assert isinstance(self.options, TakeAwayOptions)
        return TakeAwayState(self, self.options.pile)

    def parse(self, text: str) -> Action:
        return NOTATION.parse(text)

    def determinize(self, view: TakeAwayView, rng: random.Random) -> TakeAwayState:
        state = TakeAwayState(self, view["pile"], view["current"])
        state.last = view["last"]
        return state  # nothing is hidden: the view is the state
