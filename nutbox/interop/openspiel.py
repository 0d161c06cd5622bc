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
- Observation and information-state tensors are the game's encoding of the seat's view (observation.py in
  each game folder), named parts included; the strings are the view itself as JSON. A nutbox view is all
  that its seat knows, including what it remembers, so both are the same; it is not the seat's history:
  two paths to the same view share one information state (ISMCTS is fine with that; an algorithm that
  needs perfect recall, like CFR, is not). Asked for public information only, the observer gives the
  spectator's view.
- `resample_from_infostate` draws a state consistent with the seat's view (`game.determinize`), which is
  what OpenSpiel's ISMCTS calls.
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

import json
import random
from typing import Any, Self

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # OpenSpiel ships no type hints
from numpy.typing import NDArray

from nutbox.core import Game, NutboxError, Options, Record, RecordError, State, options_to_dict
from nutbox.core.record import final_state
from nutbox.interop.encoding import Encoder
from nutbox.registry import ENTRIES, make

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
        provides_information_state_tensor=True,
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
        public_only = False
        if iig_obs_type is not None:
            if not iig_obs_type.public_info:
                raise ValueError("nutbox observations always include the public information")
            if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
                raise ValueError("nutbox observes one seat's view or the public (spectator's) view, not every seat's")
            public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        return Observer(self.encoder, public_only)

    def deserialize_state(self, text: str) -> NutboxState:
        """The state a nutbox JSON record (from `NutboxState.serialize`) leads to, replayed through the rules."""
        position = Position.from_record_text(text)
        if position.game.options != self.nutbox.options or position.game.id != self.nutbox.id:
            raise RecordError(f"the record is of {position.game!r}, not of this game ({self.nutbox!r})")
        state = NutboxState(self)
        state.position = position
        return state


class Position:
    """The nutbox state behind an OpenSpiel state, and the actions (as indices) that led to it: its record.

    It is the only attribute of a NutboxState, so that OpenSpiel's clone (a deepcopy of the attributes)
    costs one nutbox clone, and its pickle (for pyspiel.serialize_game_and_state) is the JSON record.
    """

    __slots__ = ("_views", "actions", "game", "state")

    def __init__(self, game: Game, state: State, actions: list[int] | None) -> None:
        self.game = game
        self.state = state
        self.actions = actions  # None for a state drawn from a view, which no record leads to
        self._views: dict[int | None, dict[str, Any]] = {}  # OpenSpiel asks for one view up to five times a step

    def view(self, seat: int | None) -> dict[str, Any]:
        """`seat`'s view of the state (read-only: it is shared until the next action)."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    def apply(self, index: int) -> None:
        self.state.apply(self.game.action_from_index(index))
        self._views.clear()
        if self.actions is not None:
            self.actions.append(index)

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        copy = type(self)(self.game, self.state.clone(), None if self.actions is None else self.actions[:])
        copy._views = dict(self._views)  # the same position, so the same (read-only) views
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
        game = make(record.game, record.options)
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

    def view(self, seat: int | None) -> dict[str, Any]:
        """`seat`'s nutbox view of the state (None: the spectator's); read-only."""
        return self.position.view(seat)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> NutboxState:
        """A state drawn at random among those `player_id`'s view allows (ISMCTS's determinization)."""
        game = self.get_game()
        drawn = game.nutbox.determinize(self.view(player_id), random.Random(probability_sampler()))
        state = NutboxState(game)
        state.position = Position(game.nutbox, drawn, None)
        return state

    def serialize(self) -> str:
        """This state as nutbox's JSON record (options and every action as text); see `deserialize_state`."""
        return self.position.record_text()

    def __str__(self) -> str:
        """Every seat's view: the whole state as the seats see it (nutbox states have no other text form)."""
        return json.dumps([self.view(seat) for seat in range(self.position.game.num_players)], sort_keys=True)


class Observer:
    """An OpenSpiel observer (the PyObserver interface): a seat's view, encoded and as JSON."""

    def __init__(self, encoder: Encoder, public_only: bool) -> None:
        self.encoder = encoder
        self.public_only = public_only
        self.tensor: NDArray[np.float32] = np.zeros(encoder.size, np.float32)
        self.dict = encoder.split(self.tensor)

    def set_from(self, state: NutboxState, player: int) -> None:
        self.encoder.write(state.view(None if self.public_only else player), self.dict)

    def string_from(self, state: NutboxState, player: int) -> str:
        return json.dumps(state.view(None if self.public_only else player), sort_keys=True)


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
