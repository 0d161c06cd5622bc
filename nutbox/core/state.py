"""The state machine every game is: who decides next, what they may decide, and what deciding does.

A game subclasses `State` and fills the hooks whose names start with an underscore. The core owns the
rest once: `apply` validates through the same `_why_illegal` check that a game's `legal_actions` must
agree with (the conformance suite compares them over the whole action space), terminal and chance nodes
are validated here, and `view` adds the fields every view shares.
"""

from __future__ import annotations

import enum
import math
import random
from abc import ABC, abstractmethod
from bisect import bisect
from collections.abc import Hashable, Mapping, Sequence
from itertools import accumulate, repeat
from operator import is_, itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NotRequired, Self, TypedDict, cast

from typing_extensions import TypeVar

from nutbox.core.errors import IllegalAction
from nutbox.core.events import Event
from nutbox.core.plugin import load

if TYPE_CHECKING:
    from nutbox.core.action import Action
    from nutbox.core.game import Game


class Node(enum.Enum):
    """Who decides when no seat does."""

    CHANCE = "chance"
    TERMINAL = "terminal"


CHANCE = Node.CHANCE
TERMINAL = Node.TERMINAL
ToMove = int | Node


class View(TypedDict):
    """The fields every view shares. A game's own view extends it with its fields (a TypedDict in the game's
    view.py), so that mypy checks every key its rules, words, pictures and encodings read."""

    game: str
    seat: int | None  # whose view it is; None: the spectator's
    to_move: int | str  # a seat, or "chance" / "terminal"
    scores: NotRequired[list[float]]  # once the game is over
    winners: NotRequired[list[int]]


V = TypeVar("V", bound=View, default=Any)  # a game's own view type


def draw_chance(state: State, rng: random.Random) -> Action:
    """A chance outcome of `state` drawn by its probability: how whoever drives a game samples chance.

    The draw is random.choices' own, written out: the same one call to rng.random() against the running totals
    of the odds, so every seeded game draws what it always drew (the golden traces hold it), without building the
    list of actions choices would take. A game that lists its outcomes as one tuple kept for many positions has
    its running totals kept too."""
    outcomes = state.chance_outcomes()
    totals = _running_totals(outcomes)
    total = totals[-1] + 0.0
    if not 0.0 < total < math.inf:
        raise ValueError(f"chance outcomes whose odds add up to {total}: the odds must add up to a positive number")
    return outcomes[bisect(totals, rng.random() * total, 0, len(totals) - 1)][0]


_TOTALS: dict[int, tuple[Sequence[tuple[Action, float]], list[float]]] = {}  # id of a kept tuple: it, its totals
_TOTALS_KEPT = 4096
_ODDS = itemgetter(1)  # an outcome's odds


def _running_totals(outcomes: Sequence[tuple[Action, float]]) -> list[float]:
    if type(outcomes) is not tuple:  # (a list may change: its totals are worked out each time)
        return list(accumulate(map(_ODDS, outcomes)))
    kept = _TOTALS.get(id(outcomes))
    if kept is not None and kept[0] is outcomes:
        return kept[1]
    if len(_TOTALS) >= _TOTALS_KEPT:
        _TOTALS.clear()
    totals = list(accumulate(map(_ODDS, outcomes)))
    _TOTALS[id(outcomes)] = (outcomes, totals)  # (the tuple kept alive here, so its id names it alone)
    return totals


def among(action: Action, outcomes: Sequence[tuple[Action, float]]) -> bool:
    """Whether `action` is one of `outcomes`: by identity first (the outcome drawn is mostly the very object
    listed), then by equality."""
    return any(outcome is action for outcome, _ in outcomes) or any(outcome == action for outcome, _ in outcomes)


def random_action(state: State, rng: random.Random) -> Action:
    """Chance drawn by its odds, a seat's decision uniformly among the legal actions: one step of a random
    playout (benchmarks, rollouts, tests)."""
    return draw_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions())


def lead_as_return(lead: float, seats: int) -> float:
    """A judgement of a seat's lead in (-1, 1) put on the scale of `State.returns` (a win +1, a loss
    -1/(seats-1)): the lead read as a chance of winning, so no position in play looks worse than losing at once.
    With two seats the scales already agree."""
    if seats < 3:
        return lead
    chance = (lead + 1) / 2
    return chance - (1 - chance) / (seats - 1)


def to_move_json(who: ToMove) -> int | str:
    return who.value if isinstance(who, Node) else who


class State(ABC, Generic[V]):
    """One position of one game, whose views are of type V. Mutable: `apply` changes it; `clone` and `child`
    copy it."""

    game: Game
    # fields left out of key(): ones derived from others (besides the game, its options and caches: "_name")
    NOT_IN_KEY: ClassVar[frozenset[str]] = frozenset()
    # fields a view shows as the state holds them (JSON-ready already) and a determinized state takes back: the
    # part of a view written once, for both directions (`shown` and `take_shown`)
    SHOWN: ClassVar[tuple[str, ...]] = ()

    def shown(self) -> dict[str, Any]:
        """The fields in SHOWN, copied for a view (lists and dicts copied, so a view shares nothing)."""
        return {name: copied(getattr(self, name)) for name in self.SHOWN}

    def take_shown(self, view: Mapping[str, Any]) -> None:
        """Set the fields in SHOWN from a view: the inverse of `shown`, for determinizing."""
        for name in self.SHOWN:
            setattr(self, name, copied(view[name]))

    def key(self) -> Hashable:
        """Everything the state holds, as one hashable value: two states of one game with equal keys are the same
        position (the same views, legal actions and futures). Made from the state's own fields, so comparing two
        states costs a walk over their data, not a view per seat."""
        return tuple(frozen(getattr(self, name, None)) for name in key_fields(type(self), self))

    # --- hooks a game fills -------------------------------------------------------------------------
    @abstractmethod
    def to_move(self) -> ToMove:
        """The seat to decide, CHANCE, or TERMINAL."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The decisions open to the seat to move, in a stable order; empty at chance and terminal nodes."""

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, each outcome with its probability (positive, summing to 1)."""
        return []

    @abstractmethod
    def _why_illegal(self, action: Action) -> str | None:
        """For a seat's decision: None if legal, else the rule that forbids it (cite the rulebook)."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Carry out an action already known to be legal; return what happened."""

    @abstractmethod
    def clone(self) -> Self:
        """A copy sharing nothing mutable with this state."""

    @abstractmethod
    def _view(self, seat: int | None) -> Mapping[str, Any]:
        """What `seat` may know (None: the spectator), JSON-ready: the game's own fields of its view."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score in the game's own terms, once terminal."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats once terminal (several on a shared win; none on a draw)."""

    def reveals(self, action: Action) -> bool:
        """Whether the seat to move, deciding `action`, shows anyone something they could not see before (a
        card from a hidden hand played face up). Such a decision can never be taken back. A game with secrets
        says which of its decisions reveal; until it does, every decision in it counts as one."""
        return not self.game.perfect_information

    def running_scores(self) -> list[float] | None:
        """Each seat's score as things stand, at any point of the game; None for a game that keeps no score
        until the end. Balance studies read it to follow the lead during a game."""
        return None

    def score_parts(self) -> list[dict[str, float]] | None:
        """Once the game is over, where each seat's score came from: per seat, the parts of its score by name
        (the same names for every seat, adding up to its score). None for a game without them (a win without
        points). Balance studies report them: where the points come from, per seat and per agent."""
        return None

    # --- what the core provides --------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.to_move() is TERMINAL

    def is_chance(self) -> bool:
        return self.to_move() is CHANCE

    def why_illegal(self, action: Action) -> str | None:
        """None if `action` may be applied now, else the rule that forbids it."""
        who = self.to_move()
        if who is TERMINAL:
            return self._after_end(action)
        if who is CHANCE:
            return None if self._is_outcome(action) else self._not_an_outcome(action)
        return self._why_illegal(action)

    def _is_outcome(self, action: Action) -> bool:
        """Whether `action` is one of the outcomes of the chance event here."""
        return among(action, self.chance_outcomes())

    def _after_end(self, action: Action) -> str:
        """Why anything is refused once the game is over (a game may cite its own end rule)."""
        return "the game is over: no further action can be taken"

    def _not_an_outcome(self, action: Action) -> str:
        """Why `action` is refused while chance acts: a game answers a seat's decision tried now with the rule
        that says what happens instead (a die is being rolled, cards are being dealt)."""
        return f"{action} is not a possible outcome of the chance event here"

    def apply(self, action: Action) -> list[Event]:
        """Validate, then carry out `action`. An illegal one raises IllegalAction and changes nothing."""
        rule = self.why_illegal(action)
        if rule is not None:
            raise IllegalAction(action, rule)
        self._forget()
        return self._apply(action)

    def _forget(self) -> None:
        """Drop whatever was cached about the position `apply` is about to change."""

    def child(self, action: Action) -> Self:
        state = self.clone()
        state.apply(action)
        return state

    def returns(self) -> list[float]:
        """Per seat: +1 for a sole win, -1 for a loss, 0 for a draw; shared wins split the +1 evenly.

        Zero-sum for any number of seats, so search and learners can use it for every game. A game with a
        solo mode against the rules (an Automa) overrides it for one seat: +1 for a win, -1 for a loss.
        """
        if not self.is_terminal():
            raise ValueError("returns() is defined only once the game is over")
        n = self.game.num_players
        winners = self.winners()
        if not winners or len(winners) == n:
            return [0.0] * n
        win, lose = 1.0 / len(winners), -1.0 / (n - len(winners))
        return [win if seat in winners else lose for seat in range(n)]

    def view(self, seat: int | None) -> V:
        """All that `seat` may know (None: the spectator), JSON-ready; the result once the game is over."""
        who = self.to_move()
        view = View(game=self.game.id, seat=seat, to_move=to_move_json(who))
        view.update(self._view(seat))  # type: ignore[typeddict-item]  # the game's fields, typed by the game
        if who is TERMINAL:
            view["scores"] = self.scores()
            view["winners"] = self.winners()
        return cast(V, view)

    def _repr_svg_(self) -> str | None:
        """The position as a picture where a notebook shows the state (Jupyter): the spectator's view, drawn by
        the game's face; None for a game that draws none."""
        face = type(self.game).face
        if face is None:
            return None
        picture: str | None = load(face).svg(self.view(None))
        return picture


def copied(value: Any) -> Any:
    """A copy of a JSON-like value (lists and dicts copied all the way down; anything else is shared, so it
    must not change): a view's own copy of what a state keeps, several times cheaper than copy.deepcopy."""
    kind = type(value)
    if kind is list:
        return [item if type(item) in _ATOMS else copied(item) for item in value]
    if kind is dict:
        return {key: item if type(item) in _ATOMS else copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [copied(item) for item in value]
    if isinstance(value, dict):
        return {key: copied(item) for key, item in value.items()}
    return value


_ATOMS = frozenset({type(None), bool, int, float, str})


def key_fields(kind: type[State], state: State) -> tuple[str, ...]:
    """The fields of a state that make its key, in a fixed order: its slots, and any attribute it set besides."""
    slots = _SLOTS.get(kind)
    if slots is None:
        names = {name for cls in kind.__mro__ for name in cls.__dict__.get("__slots__", ())}
        slots = _SLOTS[kind] = tuple(sorted(name for name in names if keyed(kind, name)))
    more = getattr(state, "__dict__", None)
    if more:
        return slots + tuple(sorted(name for name in more if keyed(kind, name) and name not in slots))
    return slots


def keyed(kind: type[State], name: str) -> bool:
    return not name.startswith("_") and name not in ("game", "options") and name not in kind.NOT_IN_KEY


_SLOTS: dict[type[State], tuple[str, ...]] = {}


def frozen(value: Any) -> Hashable:
    """A field's value as a hashable one that is equal exactly when the values are."""
    # (the common cases first, by exact type: this walks every field of a state for each key)
    kind = type(value)
    if kind in _ATOMS:
        atom: Hashable = value
        return atom
    if kind is list or kind is tuple:
        return tuple([item if type(item) in _ATOMS else frozen(item) for item in value])
    if kind is dict:
        return frozenset([(key if type(key) in _ATOMS else frozen(key), item if type(item) in _ATOMS else frozen(item))
                          for key, item in value.items()])
    if value is None or isinstance(value, (bool, int, float, str, bytes, enum.Enum)):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(frozen(item) for item in value)
    if isinstance(value, dict):
        return frozenset((frozen(k), frozen(v)) for k, v in value.items())
    if isinstance(value, (set, frozenset)):
        return frozenset(frozen(item) for item in value)
    try:
        hash(value)
    except TypeError:
        return (type(value).__name__, frozen(vars(value)))
    same: Hashable = value  # (an action, or another value that compares by what it holds)
    return same


class ListedState(State[V]):
    """A state that lists its legal actions once per position and explains why anything else is refused.

    A game fills `_list_legal` and `_reason` (the rule that forbids an action not listed); legality is
    then membership in the list, so `legal_actions` and `apply` cannot disagree. At a chance node it fills
    `_list_outcomes`, listed once as well: whoever drives a game lists the outcomes, draws one and applies it, and
    `apply` finds the very object drawn among those listed rather than listing them again.
    """

    _legal: list[Action] | None = None  # the list for this position, until `apply` changes it
    _members: tuple[list[Action], frozenset[Action]] | None = None  # a list and its set, for `_is_listed`
    _outcomes: tuple[tuple[Action, float], ...] | None = None  # a chance node's outcomes, until `apply`
    CACHES: ClassVar[tuple[str, ...]] = ("_legal", "_members", "_outcomes")  # what the three above may set

    @abstractmethod
    def _list_legal(self) -> list[Action]:
        """The decisions open to the seat to move, in a stable order."""

    @abstractmethod
    def _reason(self, action: Action) -> str:
        """Why `action`, which is not listed, is refused (cite the rulebook)."""

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._list_legal()
        return self._legal[:]

    def _why_illegal(self, action: Action) -> str | None:
        if self._legal is None:
            self._legal = self._list_legal()
        return None if self._is_listed(action, self._legal) else self._reason(action)

    def _is_listed(self, action: Action, listed: list[Action]) -> bool:
        """Whether `action` is in `listed` (the position's list): what is applied is mostly one of the very
        objects listed, so identity is tried first; else a set of the list, made once per list (comparing an
        action with every dataclass listed before it is many times slower)."""
        if any(map(is_, listed, repeat(action))):
            return True
        members = self._members
        if members is None or members[0] is not listed:
            members = self._members = (listed, frozenset(listed))
        return action in members[1]

    def _list_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, each outcome with its probability (what `chance_outcomes` answers)."""
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        outcomes = self._outcomes
        if outcomes is None:
            listed = self._list_outcomes()
            if self.to_move() is not CHANCE:
                return listed  # (kept only where chance acts: elsewhere nothing clears it when a field is set)
            outcomes = self._outcomes = tuple(listed)
        return list(outcomes)

    def _is_outcome(self, action: Action) -> bool:
        if self._outcomes is None:
            self.chance_outcomes()  # (at a chance node: lists them and keeps them)
        return among(action, self._outcomes or ())

    def _forget(self) -> None:
        self._legal = None
        self._outcomes = None
