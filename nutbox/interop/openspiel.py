"""OpenSpiel: every nutbox game registered as a Python game, `python_nutbox_<id>` (dashes as underscores).

    import pyspiel
    import nutbox.interop.openspiel  # registers the games

    game = pyspiel.load_game("python_nutbox_nut_hunt", {"players": 3})
    state = game.new_initial_state()

- Parameters are the game's options by name (`players`, and each game's own: `nutbox list` shows them);
  choices are strings.
- Actions, chance outcomes included, are the game's own integer encoding (`game.action_index`), so
  `num_distinct_actions` and `max_chance_outcomes` are both `game.num_actions`; every chance node (deals,
  dice, draws, the Automa's rolls) lists its outcomes with their probabilities. Action strings are the
  game's notation.
- The observation (string and tensor) is the seat's view: the string the view as JSON, the tensor the
  game's encoding of it (observation.py in each game folder), named parts included. Asked for public
  information only, the observer gives the spectator's view.
- The information state is perfect-recall: the seat's view, the seat's own actions so far (as text) and a
  digest of the views it took each of them on (`Recall`), so two paths that reach one view by different
  decisions, or with the seat deciding on different views, are different information states, as CFR and its
  kin need. It comes as a string only: no fixed-size tensor holds a history that has no length bound, so the
  game provides no information-state tensor (OpenSpiel's rl_environment then hands out observations). A
  perfect-recall observer of the public view alone is refused, and so is the information state of a seat
  whose history is unknown: in a state drawn by `resample_from_infostate`, only the drawing seat's.
- `resample_from_infostate` draws a state consistent with the seat's view (`game.determinize`), which is
  what OpenSpiel's ISMCTS calls; the drawn state keeps that seat's history (so its information state is
  unchanged) and knows no other seat's, so ISMCTS keys its nodes by observation
  (`ISMCTSBot(..., use_observation_string=True)`, docs/interop.md).
- Serialisation is nutbox's JSON record (options, and every action as text, chance included): `state.
  serialize()` returns it and `game.deserialize_state(text)` replays it through the rules. OpenSpiel's own
  `pyspiel.serialize_game_and_state` wraps a Python state's attributes in a pickle that nutbox cannot
  replace; the only attribute of these states reduces to the same JSON record, so that path too stores
  the record and replays it.
- The game type follows the options: perfect information when the game hides nothing (solo Nut Hunt, In
  the Nuts!, Nut, Nuts Sorting), zero-sum returns from two players up; solo Nut Hunt (+1 or -1 against the
  Automa) is general-sum.
- nutbox's rules set no limit on the length of a game, so `max_game_length` is a cap of MAX_GAME_LENGTH
  decisions, far above any game measured (docs/interop.md), not a bound the rules guarantee.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from typing import Any, Self

from nutbox.interop import rl_extra

with rl_extra(__name__):
    import numpy as np
    import pyspiel  # type: ignore[import-not-found]  # OpenSpiel ships no type hints
    from numpy.typing import NDArray

from nutbox.core import (
    Action,
    Game,
    NutboxError,
    Options,
    Record,
    RecordError,
    State,
    View,
    options_to_dict,
)
from nutbox.core.record import final_state
from nutbox.interop.encoding import Encoder
from nutbox.registry import ENTRIES, make, record_game

PREFIX = "python_nutbox_"
MAX_GAME_LENGTH = 100_000  # decisions; the longest of 600 random games of Nuts! for four took 5,038 (docs/interop.md)
CHANCE, TERMINAL = pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.TERMINAL


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a nutbox game: `python_nutbox_nut_hunt` for `nut-hunt`."""
    return PREFIX + game_id.replace("-", "_")


def to_params(options: Options) -> dict[str, Any]:
    """Options as OpenSpiel parameters. OpenSpiel's game strings separate parameters with commas, so a comma
    inside a text option (Nuts!'s die faces) is written as a semicolon."""
    return {name: value.replace(",", ";") if isinstance(value, str) else value
            for name, value in options_to_dict(options).items()}


def from_params(params: dict[str, Any]) -> dict[str, Any]:
    """OpenSpiel parameters as option values (the inverse of `to_params`)."""
    return {name: value.replace(";", ",") if isinstance(value, str) else value for name, value in params.items()}


def _game_type(game: Game, name: str, perfect: bool, zero_sum: bool) -> Any:
    cls = type(game)
    return pyspiel.GameType(
        short_name=name,
        long_name=f"nutbox {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION if perfect
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,  # a perfect-recall history has no fixed size (see Recall)
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=to_params(cls.options_type()),
    )


class NutboxGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """One nutbox game with its options, as an OpenSpiel game; `register` makes a subclass per game."""

    game_id: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.nutbox = make(self.game_id, from_params(dict(params or {})))
        self.encoder = Encoder(self.nutbox)
        players = self.nutbox.num_players
        zero_sum = players > 1
        info = pyspiel.GameInfo(
            num_distinct_actions=self.nutbox.num_actions,
            max_chance_outcomes=self.nutbox.num_actions,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        game_type = _game_type(self.nutbox, short_name(self.game_id), self.nutbox.perfect_information, zero_sum)
        super().__init__(game_type, info, to_params(self.nutbox.options))

    def new_initial_state(self) -> NutboxState:
        return NutboxState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> Observer:
        if params:
            raise ValueError(f"nutbox observers take no parameters, not {params}")
        public_only = perfect_recall = False
        if iig_obs_type is not None:
            if not iig_obs_type.public_info:
                raise ValueError("nutbox observations always include the public information")
            if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
                raise ValueError("nutbox observes one seat's view or the public (spectator's) view, not every seat's")
            public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
            perfect_recall = iig_obs_type.perfect_recall
        if public_only and perfect_recall:
            raise ValueError("nutbox keeps a perfect-recall history for each seat, not for the public view: ask for "
                             "one seat's (private_info=SINGLE_PLAYER) or for the public view without perfect_recall")
        return Observer(self.encoder, public_only, perfect_recall)

    def deserialize_state(self, text: str) -> NutboxState:
        """The state a nutbox JSON record (from `NutboxState.serialize`) leads to, replayed through the rules."""
        position = Position.from_record_text(text)
        if position.game.options != self.nutbox.options or position.game.id != self.nutbox.id:
            raise RecordError(f"the record is of {position.game!r}, not of this game ({self.nutbox!r})")
        state = NutboxState(self)
        state.position = position
        return state


@dataclass(frozen=True, slots=True)
class Recall:
    """One seat's own history, for its perfect-recall information state: the actions it took (as text), and
    `shown`, a digest chained over the views it took each one on (each view is all the seat knows then).

    The views are kept as a digest (BLAKE2b, 128 bits) so that an information state stays small over games
    of thousands of decisions; two histories share one only if they share every view, or if their digests
    collide (the chance that any two of a billion histories do is about 2**-69).
    """

    actions: tuple[str, ...] = ()
    shown: str = ""

    def then(self, view_text: str, action: str) -> Recall:
        """This history followed by deciding `action` on the view `view_text` (its JSON)."""
        digest = hashlib.blake2b(f"{self.shown}\n{view_text}".encode(), digest_size=16).hexdigest()
        return Recall((*self.actions, action), digest)


class Position:
    """The nutbox state behind an OpenSpiel state, and the actions (as indices) that led to it: its record.

    It is the only attribute of a NutboxState, so that OpenSpiel's clone (a deepcopy of the attributes)
    costs one nutbox clone, and its pickle (for pyspiel.serialize_game_and_state) is the JSON record.
    Each seat's Recall is worked out from the record the first time an information state is asked for, and
    kept up to date from then on (one view per decision), so play that never asks costs nothing more.
    """

    __slots__ = ("_recall", "_texts", "_views", "actions", "game", "state")

    def __init__(
        self, game: Game, state: State, actions: list[int] | None, recall: list[Recall | None] | None = None
    ) -> None:
        self.game = game
        self.state = state
        self.actions = actions  # None for a state drawn from a view, which no record leads to
        self._recall = recall  # per seat, None for a seat whose history is unknown; None: not worked out yet
        self._views: dict[int | None, View] = {}  # OpenSpiel asks for one view up to five times a step
        self._texts: dict[int | None, str] = {}

    def view(self, seat: int | None) -> View:
        """`seat`'s view of the state (read-only: it is shared until the next action)."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    def view_text(self, seat: int | None) -> str:
        """`seat`'s view as JSON (keys sorted, so one view has one text)."""
        text = self._texts.get(seat)
        if text is None:
            text = self._texts[seat] = json.dumps(self.view(seat), sort_keys=True)
        return text

    def recall(self, seat: int) -> Recall:
        """`seat`'s own history: what it decided, on which views."""
        if self._recall is None:
            self._recall = self._replay_recall()
        recall = self._recall[seat]
        if recall is None:
            raise NutboxError(f"this state was drawn from another seat's view (resample_from_infostate), so seat "
                              f"{seat}'s history in it, and its information state, are unknown; key search nodes "
                              f"by observation_string instead (ISMCTSBot(..., use_observation_string=True))")
        return recall

    def _replay_recall(self) -> list[Recall | None]:
        assert self.actions is not None, "a drawn state is given its seat's recall when it is drawn"
        histories = [Recall()] * self.game.num_players
        state = self.game.new_state()
        for index in self.actions:
            action = self.game.action_from_index(index)
            who = state.to_move()
            if isinstance(who, int):
                histories[who] = histories[who].then(json.dumps(state.view(who), sort_keys=True), str(action))
            state.apply(action)
        return [*histories]

    def apply(self, index: int) -> None:
        action = self.game.action_from_index(index)
        recall = self._recall_after(action)
        self.state.apply(action)  # an illegal action raises here, before anything below changes
        self._recall = recall
        self._views.clear()
        self._texts.clear()
        if self.actions is not None:
            self.actions.append(index)

    def _recall_after(self, action: Action) -> list[Recall | None] | None:
        """The seats' histories once `action` is taken: the deciding seat's extended by it, if it is kept."""
        who = self.state.to_move()
        if self._recall is None or not isinstance(who, int):
            return self._recall
        known = self._recall[who]
        if known is None:
            return self._recall
        recall = self._recall[:]
        recall[who] = known.then(self.view_text(who), str(action))
        return recall

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        copy = type(self)(self.game, self.state.clone(), None if self.actions is None else self.actions[:],
                          None if self._recall is None else self._recall[:])  # a Recall is immutable: shared
        copy._views = dict(self._views)  # the same position, so the same (read-only) views
        copy._texts = dict(self._texts)
        return copy

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Position.from_record_text, (self.record_text(),))

    def record_text(self) -> str:
        if self.actions is None:
            raise NutboxError("this state was drawn from a seat's view (resample_from_infostate), so no record "
                              "leads to it; serialise the state it was drawn from instead")
        record = Record.start(self.game)
        record.actions = [str(self.game.action_from_index(index)) for index in self.actions]
        return json.dumps(record.to_json())

    @classmethod
    def from_record_text(cls, text: str) -> Position:
        try:
            record = Record.from_json(json.loads(text))
        except json.JSONDecodeError as error:
            raise RecordError(f"a serialised nutbox state is a JSON record; this is not JSON ({error})") from None
        record, game = record_game(record)
        state = final_state(record, game)
        return cls(game, state, [game.action_index(game.parse(text)) for text in record.actions])


class NutboxState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A position of a nutbox game, as an OpenSpiel state."""

    def __init__(self, game: NutboxGame) -> None:
        super().__init__(game)
        self.position = Position(game.nutbox, game.nutbox.new_state(), [])

    def current_player(self) -> int:
        who = self.position.state.to_move()
        if isinstance(who, int):
            return who
        return int(CHANCE if self.position.state.is_chance() else TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        index = self.position.game.action_index
        return sorted(index(action) for action in self.position.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        index = self.position.game.action_index
        return sorted((index(action), p) for action, p in self.position.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self.position.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.position.game.action_from_index(action))

    def is_terminal(self) -> bool:
        return self.position.state.is_terminal()

    def returns(self) -> list[float]:
        state = self.position.state
        return state.returns() if state.is_terminal() else [0.0] * state.game.num_players

    def view(self, seat: int | None) -> View:
        """`seat`'s nutbox view of the state (None: the spectator's); read-only."""
        return self.position.view(seat)

    def recall(self, seat: int) -> Recall:
        """`seat`'s own history (its actions, and the views it took them on) for its information state."""
        return self.position.recall(seat)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> NutboxState:
        """A state drawn at random among those `player_id`'s view allows (ISMCTS's determinization)."""
        game = self.get_game()
        drawn = game.nutbox.determinize(self.view(player_id), random.Random(probability_sampler()))
        recall: list[Recall | None] = [None] * game.nutbox.num_players
        recall[player_id] = self.position.recall(player_id)  # the seat's own history is the same in every draw
        state = NutboxState(game)
        state.position = Position(game.nutbox, drawn, None, recall)
        return state

    def serialize(self) -> str:
        """This state as nutbox's JSON record (options and every action as text); see `deserialize_state`."""
        return self.position.record_text()

    def __str__(self) -> str:
        """Every seat's view: the whole state as the seats see it (nutbox states have no other text form)."""
        return json.dumps([self.view(seat) for seat in range(self.position.game.num_players)], sort_keys=True)


class Observer:
    """An OpenSpiel observer (the PyObserver interface): a seat's view, encoded and as JSON; with perfect
    recall, the seat's view and its own history (Recall), as a string only."""

    def __init__(self, encoder: Encoder, public_only: bool, perfect_recall: bool = False) -> None:
        self.encoder = encoder
        self.public_only = public_only
        self.perfect_recall = perfect_recall
        self.tensor: NDArray[np.float32] | None = None
        self.dict: dict[str, NDArray[np.float32]] = {}
        if not perfect_recall:  # pyspiel reads "no tensor" from tensor being None
            self.tensor = np.zeros(encoder.size, np.float32)
            self.dict = encoder.split(self.tensor)

    def set_from(self, state: NutboxState, player: int) -> None:
        if self.tensor is None:
            raise NutboxError("a nutbox information state has no tensor (a perfect-recall history has no fixed "
                              "size): use the information state string, or the observation tensor")
        self.encoder.write(state.view(None if self.public_only else player), self.dict)

    def string_from(self, state: NutboxState, player: int) -> str:
        position = state.position
        if not self.perfect_recall:
            return position.view_text(None if self.public_only else player)
        recall = position.recall(player)
        return (f'{{"actions": {json.dumps(recall.actions)}, "shown": "{recall.shown}", '
                f'"view": {position.view_text(player)}}}')


def register() -> dict[str, type[NutboxGame]]:
    """Register every nutbox game with pyspiel (once): its OpenSpiel name -> its class.

    pyspiel is handed a class per game, not a function: it keeps what it is handed until the interpreter
    has shut down, and releasing a function then aborts the process (a class lives long enough).
    """
    known = set(pyspiel.registered_names())
    classes: dict[str, type[NutboxGame]] = {}
    for game_id, entry in ENTRIES.items():
        name = short_name(game_id)
        classes[name] = type(f"NutboxGame_{game_id.replace('-', '_')}", (NutboxGame,), {"game_id": game_id})
        if name not in known:
            default = entry.game()
            game_type = _game_type(default, name, default.perfect_information, zero_sum=default.min_players > 1)
            pyspiel.register_game(game_type, classes[name])
    return classes


GAMES = register()
