"""Actions: what a seat decides or chance brings, as small frozen values whose text is their notation, and a
game's fixed integer encoding of them. Bots, records and learners use these alone, without the Game."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from nutbox.core.notation import Form, write


class Action:
    """Base of every game's actions: small frozen dataclasses whose `str()` is the canonical notation, written
    by the first of the class's `forms` (core/notation.py) that writes it."""

    __slots__ = ()
    forms: ClassVar[tuple[Form, ...]] = ()

    def __str__(self) -> str:
        return write(self)


@dataclass(frozen=True, slots=True)
class Word(Action):
    """An action that is a single word of notation (done, stop, roll, feed, ...)."""

    word: str

    def __str__(self) -> str:
        return self.word


class ActionSpace:
    """A fixed integer encoding: every action a game's options allow, in one fixed order."""

    def __init__(self, actions: Iterable[Action], title: str) -> None:
        self.actions = tuple(actions)
        self.title = title
        self.index = {action: index for index, action in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError(f"{title}: an action is listed twice in the encoding")

    def __len__(self) -> int:
        return len(self.actions)

    def index_of(self, action: Action) -> int:
        try:
            return self.index[action]
        except KeyError:
            raise TypeError(f"{action!r} is not an action of {self.title}") from None

    def action_at(self, index: int) -> Action:
        if not 0 <= index < len(self.actions):
            raise IndexError(f"action index {index} is outside 0..{len(self.actions) - 1}")
        return self.actions[index]
