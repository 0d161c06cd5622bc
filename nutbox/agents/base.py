"""What an agent is: something that picks an action from a view and the legal actions, never a state."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar

from nutbox.core import Action, Game, View


class Agent(ABC):
    name: ClassVar[str]
    description: ClassVar[str]

    def __init__(self, game: Game, seat: int, seed: int | str | None = None) -> None:
        self.game = game
        self.seat = seat
        # The agent's own generator: its sampling never disturbs the match's chance draws.
        self.rng = random.Random(seed)

    @abstractmethod
    def act(self, view: View, legal: Sequence[Action]) -> Action:
        """One of `legal`, chosen knowing only `view` (what this seat may know)."""
