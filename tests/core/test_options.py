"""Game options read from text or JSON values: unknown names and bad values are refused, saying what is allowed."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

import pytest

from nutbox.core import Options, OptionsError, describe, options_to_dict, parse_options
from nutbox.registry import GAMES, game_class, make

SORTING = "nuts-sorting"


@dataclass(frozen=True)
class ToyOptions(Options):
    """Options of every kind the core knows, for the kinds nuts-sorting does not use."""

    speed: float = dataclasses.field(default=1.5, metadata={"help": "how fast"})
    name: str = "acorn"
    mode: Literal["easy", "hard"] = "easy"
    count: int = 3
    fast: bool = False

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError("count must not be negative")


def sorting_options(values: dict[str, object]) -> Options:
    return parse_options(game_class(SORTING).options_type, values)


# --- names ----------------------------------------------------------------------------------------------
def test_an_unknown_option_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(OptionsError) as caught:
        make(SORTING, {"colour": "red"})
    message = str(caught.value)
    assert "unknown option colour" in message
    for known in ("players", "repetition_draw", "both_sorted"):
        assert known in message


def test_several_unknown_options_are_all_named() -> None:
    with pytest.raises(OptionsError, match=r"unknown option blue, red \(this game has: "):
        sorting_options({"red": 1, "blue": 2, "players": 2})


def test_an_unknown_game_is_refused_naming_the_registered_ones() -> None:
    with pytest.raises(OptionsError) as caught:
        make("chess")
    assert "'chess'" in str(caught.value)
    for game_id in GAMES:
        assert game_id in str(caught.value)


# --- values ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("raw", ["two", "", "2.5", True, None, [2]])
def test_a_bad_whole_number_is_refused(raw: object) -> None:
    with pytest.raises(OptionsError, match=r"option players: .* is not a whole number"):
        sorting_options({"players": raw})


def test_a_fractional_json_number_is_refused_not_cut_to_a_whole_one() -> None:
    # {"players": 2.5} in a request or a record must not quietly become 2 players.
    with pytest.raises(OptionsError, match=r"option players: 2.5 is not a whole number"):
        sorting_options({"players": 2.5})
    assert sorting_options({"players": 2.0}).players == 2  # a whole number written as a float is fine


@pytest.mark.parametrize("raw", ["maybe", "", "2", 2, "offf"])
def test_a_bad_yes_no_value_is_refused(raw: object) -> None:
    with pytest.raises(OptionsError, match=r"option repetition_draw: .* is not a yes/no value \(use on or off\)"):
        sorting_options({"repetition_draw": raw})


@pytest.mark.parametrize("raw", ["nobody", "", "Draw", "draw first"])
def test_a_bad_choice_is_refused_listing_the_choices(raw: str) -> None:
    with pytest.raises(OptionsError, match=r"option both_sorted: .* is not one of draw, first, second"):
        sorting_options({"both_sorted": raw})


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        ("on", True),
        ("yes", True),
        ("true", True),
        ("1", True),
        (" ON ", True),
        (True, True),
        (1, True),
        ("off", False),
        ("no", False),
        ("False", False),
        ("0", False),
        (False, False),
    ],
)
def test_yes_no_values_are_read_from_text_and_json(raw: object, value: bool) -> None:
    assert sorting_options({"repetition_draw": raw}) == sorting_options({"repetition_draw": value})
    assert sorting_options({"repetition_draw": raw}).repetition_draw is value


def test_values_are_read_from_text() -> None:
    options = sorting_options({"players": "2", "both_sorted": " first ", "repetition_draw": "off"})
    assert options == game_class(SORTING).options_type(players=2, both_sorted="first", repetition_draw=False)


def test_floats_strings_and_refusals_from_the_options_type() -> None:
    options = parse_options(ToyOptions, {"speed": "2.25", "name": 7, "mode": "hard", "count": "4", "fast": "on"})
    assert options == ToyOptions(speed=2.25, name="7", mode="hard", count=4, fast=True)
    with pytest.raises(OptionsError, match=r"option speed: 'fast' is not a number"):
        parse_options(ToyOptions, {"speed": "fast"})
    with pytest.raises(OptionsError, match="count must not be negative"):
        parse_options(ToyOptions, {"count": -1})


def test_no_values_give_the_defaults() -> None:
    assert parse_options(ToyOptions, {}) == ToyOptions()
    for cls in GAMES.values():
        assert parse_options(cls.options_type, {}) == cls.options_type()


def test_options_round_trip_through_a_dict() -> None:
    options = sorting_options({"repetition_draw": "off", "both_sorted": "second"})
    assert sorting_options(options_to_dict(options)) == options
    assert make(SORTING, options_to_dict(options)).options == options


def test_describe_lists_each_option_with_its_kind_default_and_choices() -> None:
    infos = {info.name: info for info in describe(ToyOptions)}
    assert list(infos) == ["players", "speed", "name", "mode", "count", "fast"]
    assert (infos["players"].kind, infos["players"].default, infos["players"].help) == ("int", 2, "number of players")
    assert (infos["speed"].kind, infos["speed"].help) == ("float", "how fast")
    assert infos["name"].kind == "str"
    assert (infos["mode"].kind, infos["mode"].choices, infos["mode"].default) == ("choice", ("easy", "hard"), "easy")
    assert (infos["fast"].kind, infos["fast"].default) == ("bool", False)
    for cls in GAMES.values():
        for info in describe(cls.options_type):
            assert info.help, f"{cls.id}: option {info.name} has no help text"


# --- player counts: refused by the game, not by the options -----------------------------------------------
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_player_counts_outside_the_range_are_refused(game_id: str) -> None:
    cls = GAMES[game_id]
    for players in (0, cls.min_players - 1, cls.max_players + 1):
        with pytest.raises(OptionsError) as caught:
            make(game_id, {"players": players})
        message = str(caught.value)
        assert message.startswith(f"{cls.title} is for ") and message.endswith(f" players, not {players}")
        assert str(cls.min_players) in message and str(cls.max_players) in message
    for players in range(cls.min_players, cls.max_players + 1):
        assert make(game_id, {"players": players}).num_players == players


def test_a_game_refuses_another_games_options_type() -> None:
    cls = game_class(SORTING)
    with pytest.raises(OptionsError, match=rf"{SORTING} takes {cls.options_type.__name__}, not ToyOptions"):
        cls(ToyOptions())


def test_a_game_without_options_uses_the_defaults() -> None:
    cls = game_class(SORTING)
    assert cls().options == cls.options_type()
