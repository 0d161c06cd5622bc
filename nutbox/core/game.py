"""A game: its metadata, its options, its notation, its action encoding and its hidden-information hooks.

One `Game` instance is one ruleset with its options fixed; everything derived from the options (seats,
action count) is read from the instance. Games subclass it and register in nutbox/registry.py.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from nutbox.core.action import Action, ActionSpace
from nutbox.core.errors import OptionsError
from nutbox.core.guide import Guide
from nutbox.core.options import Options
from nutbox.core.state import State, View
from nutbox.core.words import Panel, ScoreTable, Words, seat_name


class Game(ABC):
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
    perfect_information: bool = False  # per instance where options decide it (a solo mode may hide nothing)

    def __init__(self, options: Options | None = None) -> None:
        options = options if options is not None else self.options_type()
        if not isinstance(options, self.options_type):
            raise OptionsError(f"{self.id} takes {self.options_type.__name__}, not {type(options).__name__}")
        if not self.min_players <= options.players <= self.max_players:
            raise OptionsError(f"{self.title} is for {self.player_range()} players, not {options.players}")
        self.options = options

    @classmethod
    def player_range(cls) -> str:
        if cls.min_players == cls.max_players:
            return f"exactly {cls.min_players}"
        return f"{cls.min_players} to {cls.max_players}"

    @property
    def num_players(self) -> int:
        return self.options.players

    @abstractmethod
    def new_state(self) -> State:
        """The state before anything has happened (often a chance node dealing the setup)."""

    # --- notation ------------------------------------------------------------------------------------
    @abstractmethod
    def parse(self, text: str) -> Action:
        """The action a text names; NotationError says what is wrong with it. Inverse of str(action)."""

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
    def determinize(self, view: Any, rng: random.Random) -> State:  # view: the game's own view type
        """A full state consistent with `view`, its hidden parts drawn from `rng`.

        The state's view for the view's seat equals `view`. This is all a searching bot gets.
        """

    def heuristic(self, state: State, seat: int) -> float:
        """How good `state` looks for `seat`, in [-1, 1]; 0 when the game offers no knowledge."""
        return 0.0

    # the rules for players (core/guide.py), in the game's own words; None: only the package docstring
    guide: ClassVar[Guide | None] = None

    def rules_section(self, view: View) -> int | None:
        """The guide's section that explains the decision at hand (the table links to it), if the guide says."""
        phase = dict(view).get("phase")
        return self.guide.section_for(phase) if self.guide is not None and isinstance(phase, str) else None

    # --- the game in words (core/words.py), always from a view ---------------------------------------------
    # A game names its words module here; without one, the plain defaults below (notation, bare scores) serve.
    words: ClassVar[Words | None] = None

    def decision(self, view: View) -> str:
        """What the seat to move must decide, as a phrase to follow "Your turn: " (or "Waiting for Player 2 to
        "): "choose which 2 of your 3 objectives to keep". Written from the view's seat (words.possessive)."""
        return self.words.decision(view) if self.words is not None else "make a move"

    def label(self, action: Action, view: View) -> str:
        """`action` in plain words for the seat to move, from its view: "Move the red nut from c3 to e5". Unique
        among the legal actions of one decision, and never just the notation."""
        return self.words.label(action, view) if self.words is not None else str(action)

    def panels(self, view: View) -> list[Panel]:
        """Every seat as the view's seat may see it: score, visible holdings, and its own secret cards."""
        if self.words is not None:
            return self.words.panels(view)
        scores = view.get("scores")
        return [Panel(seat, seat_name(seat), score=None if scores is None else f"{scores[seat]:g}")
                for seat in range(self.num_players)]

    def score_table(self, view: View) -> ScoreTable | None:
        """Once the game is over, the score broken down by the game's parts; None before."""
        if self.words is not None:
            return self.words.score_table(view)
        scores = view.get("scores")
        if scores is None:
            return None
        return ScoreTable(("Score",), tuple((f"{score:g}",) for score in scores), winners=tuple(view["winners"]))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options!r})"
