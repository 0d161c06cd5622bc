"""A game: its metadata, its options, its notation, its action encoding and its hidden-information hooks.

One `Game` instance is one ruleset with its options fixed; everything derived from the options (seats,
action count) is read from the instance. Games subclass it and register in nutbox/registry.py. A game is
rules only: what people see of it is its face (core/face.py), which `face` names and nothing here imports.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic

from typing_extensions import TypeVar

from nutbox.core.action import Action, ActionSpace
from nutbox.core.errors import OptionsError
from nutbox.core.notation import Notation
from nutbox.core.options import Options
from nutbox.core.state import State, View

Opts = TypeVar("Opts", bound=Options, default=Any)  # the game's options
S = TypeVar("S", bound=State[Any], default=Any)  # its state
V = TypeVar("V", bound=View, default=Any)  # its view


class Game(ABC, Generic[Opts, S, V]):
    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str]
    # earlier rules versions this one still plays, each with the option values that give its rules (a rule read
    # anew and the old reading kept as an option): a game recorded or stored under one of them plays on
    earlier_rules: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    options_type: ClassVar[type[Options]] = Options
    bot_sims: ClassVar[tuple[int, int]] = (200, 1000)  # simulations for the medium and hard search bots
    # the search settings of the medium and hard bots besides their budget (agents.search.SearchSettings)
    bot_search: ClassVar[str] = "depth=0,c=0.5,prior=5"
    # how many legal moves a review's playout step weighs by the heuristic, half the time (review/estimate.py;
    # None: every legal move, where a few sampled ones leave the playouts unable to mend a bad move as players do)
    playout_breadth: ClassVar[int | None] = 4
    perfect_information: bool = False  # per instance where options decide it (a solo mode may hide nothing)
    # "module:attribute" of what people see of the game (a core.face.Face), imported only when shown
    face: ClassVar[str | None] = None
    options: Opts

    def __init__(self, options: Opts | None = None) -> None:
        given: Options = options if options is not None else self.options_type()
        if not isinstance(given, self.options_type):
            raise OptionsError(f"{self.id} takes {self.options_type.__name__}, not {type(given).__name__}")
        if not self.min_players <= given.players <= self.max_players:
            raise OptionsError(f"{self.title} is for {self.player_range()} players, not {given.players}")
        self.options = given  # type: ignore[assignment]  # (checked above: the game's own options type)

    @classmethod
    def player_range(cls) -> str:
        if cls.min_players == cls.max_players:
            return f"exactly {cls.min_players}"
        return f"{cls.min_players} to {cls.max_players}"

    @property
    def num_players(self) -> int:
        return self.options.players

    @abstractmethod
    def new_state(self) -> S:
        """The state before anything has happened (often a chance node dealing the setup)."""

    # --- notation ------------------------------------------------------------------------------------
    # the game's notation (core/notation.py); a game whose text needs more than its action classes' forms
    # overrides `parse` instead
    notation: ClassVar[Notation | None] = None

    def parse(self, text: str) -> Action:
        """The action a text names; NotationError says what is wrong with it. Inverse of str(action)."""
        if self.notation is None:
            raise NotImplementedError(f"{type(self).__name__} names no notation and overrides no parse")
        return self.notation.parse(text)

    # --- fixed integer encoding for learners --------------------------------------------------------
    # A game gives its encoding as an ActionSpace (`encoding`), or overrides the three methods below.
    encoding: ActionSpace | None = None

    @property
    def num_actions(self) -> int:
        """Size of the action space (every decision and chance outcome the options allow)."""
        return len(self._encoding())

    def action_index(self, action: Action) -> int:
        """The action's place in 0 .. num_actions - 1."""
        return self._encoding().index_of(action)

    def action_from_index(self, index: int) -> Action:
        """Inverse of action_index."""
        return self._encoding().action_at(index)

    def _encoding(self) -> ActionSpace:
        if self.encoding is None:
            raise NotImplementedError(f"{type(self).__name__} gives no encoding and overrides none of its methods")
        return self.encoding

    # --- hidden information and game knowledge ------------------------------------------------------
    @abstractmethod
    def determinize(self, view: V, rng: random.Random) -> S:
        """A full state consistent with `view`, its hidden parts drawn from `rng`.

        The state's view for the view's seat equals `view`. This is all a searching bot gets.
        """

    def heuristic(self, state: S, seat: int) -> float:
        """How good `state` looks for `seat`, in [-1, 1]; 0 when the game offers no knowledge."""
        return 0.0

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options!r})"
