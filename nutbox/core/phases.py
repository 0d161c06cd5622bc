"""A state whose decisions depend on its phase: each phase's legal actions, refusals and effects in one place.

A game whose turn runs through named phases (setup, a turn's steps, the end) declares a `Phase` per name and
derives its state from `PhasedState`; the core dispatches on `phase` once, so no game repeats the
`if self.phase == ...` ladder in its listing, its refusals and its effects.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic

from typing_extensions import TypeVar

from nutbox.core.action import Action
from nutbox.core.events import Event
from nutbox.core.state import ListedState, View

S = TypeVar("S", default=Any)  # the game's state
V = TypeVar("V", bound=View, default=Any)


def _no_chance(state: Any) -> list[tuple[Action, float]]:
    return []


@dataclass(frozen=True)
class Phase(Generic[S]):
    """One phase: its legal actions (a seat's, in a stable order), why anything else is refused, what an action
    does, and at a chance phase the outcomes with their odds."""

    legal: Callable[[S], list[Action]]
    reason: Callable[[S, Action], str]
    apply: Callable[[S, Action], list[Event]]
    chance: Callable[[S], list[tuple[Action, float]]] = _no_chance


class PhasedState(ListedState[V]):
    """A ListedState that answers through the `Phase` its `phase` names in `PHASES`."""

    phase: str
    PHASES: ClassVar[Mapping[str, Phase[Any]]]

    def _list_legal(self) -> list[Action]:
        return self.PHASES[self.phase].legal(self)

    def _reason(self, action: Action) -> str:
        return self.PHASES[self.phase].reason(self, action)

    def _apply(self, action: Action) -> list[Event]:
        return self.PHASES[self.phase].apply(self, action)

    def _list_outcomes(self) -> list[tuple[Action, float]]:
        return self.PHASES[self.phase].chance(self)
