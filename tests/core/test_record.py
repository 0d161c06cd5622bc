"""The game record: a malformed one is refused saying where, and one that does not replay says which action."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from nutbox.core import (
    Game,
    Record,
    RecordError,
    State,
    final_state,
    options_to_dict,
    random_action,
    replay,
    under_current_rules,
)
from nutbox.registry import make

SORTING = "nuts-sorting"


def played(game: Game, seed: int, steps: int | None = None) -> Record:
    """A record of a random game (whole, or its first `steps` actions)."""
    rng = random.Random(seed)
    record = Record.start(game, seed, ["random"] * game.num_players)
    state = game.new_state()
    while not state.is_terminal() and (steps is None or len(record.actions) < steps):
        action = random_action(state, rng)
        state.apply(action)
        record.actions.append(str(action))
    return record


def an_illegal_text(game: Game, state: State) -> str:
    for index in range(game.num_actions):
        action = game.action_from_index(index)
        if state.why_illegal(action) is not None:
            return str(action)
    raise AssertionError("every action is legal here")


@pytest.fixture
def game() -> Game:
    return make(SORTING)


@pytest.fixture
def data(game: Game) -> dict[str, Any]:
    return played(game, seed=3, steps=70).to_json()


# --- well-formed records --------------------------------------------------------------------------------
def test_start_stamps_the_game_rules_options_seed_and_seats(game: Game) -> None:
    record = Record.start(game, 7, ["human", "greedy"])
    assert record == Record(game.id, game.rules_version, options_to_dict(game.options), 7, [], ["human", "greedy"])
    assert Record.start(game).seed is None and Record.start(game).seats == []


def test_a_record_round_trips_through_json_and_a_file(game: Game, tmp_path: Path) -> None:
    record = played(game, seed=5)
    assert Record.from_json(json.loads(json.dumps(record.to_json()))) == record
    path = tmp_path / "game.json"
    record.save(path)
    assert json.loads(path.read_text()) == record.to_json()
    assert Record.load(path) == record


def test_seed_and_seats_may_be_left_out(data: dict[str, Any]) -> None:
    del data["seed"], data["seats"]
    record = Record.from_json(data)
    assert record.seed is None and record.seats == []


def test_replay_yields_every_state_from_the_start(game: Game) -> None:
    record = played(game, seed=5)
    steps = [(state.view(None), events) for state, events in replay(record, game)]
    assert len(steps) == len(record.actions) + 1
    assert steps[0] == (game.new_state().view(None), [])
    assert all(events for _, events in steps[1:]), "every action says what it did"
    assert final_state(record, game).view(None) == steps[-1][0]
    assert final_state(Record.start(game), game).view(None) == game.new_state().view(None)


# --- malformed records ----------------------------------------------------------------------------------
@pytest.mark.parametrize("value", [[], "record", 3, None])
def test_a_record_is_a_json_object(value: Any) -> None:
    with pytest.raises(RecordError, match=rf"a record is a JSON object, not {type(value).__name__}"):
        Record.from_json(value)


@pytest.mark.parametrize("key", ["game", "rules_version", "options", "actions"])
def test_a_missing_field_is_named(data: dict[str, Any], key: str) -> None:
    del data[key]
    with pytest.raises(RecordError, match=f"record has no '{key}'"):
        Record.from_json(data)


@pytest.mark.parametrize(
    ("key", "value", "kind"),
    [("game", 5, "str"), ("rules_version", 1, "str"), ("options", [], "dict"), ("actions", "a1-a2", "list")],
)
def test_a_field_of_the_wrong_type_is_named(data: dict[str, Any], key: str, value: Any, kind: str) -> None:
    data[key] = value
    with pytest.raises(RecordError, match=f"record field '{key}' must be a {kind}"):
        Record.from_json(data)


@pytest.mark.parametrize(("value", "shown"), [(5, "5"), (None, "null"), (["a1-a2"], r'\["a1-a2"\]')])
def test_an_action_that_is_not_text_is_refused_with_its_index(data: dict[str, Any], value: Any, shown: str) -> None:
    data["actions"][4] = value
    with pytest.raises(RecordError, match=rf"actions\[4\] must be a text, not {shown}"):
        Record.from_json(data)


@pytest.mark.parametrize("seed", ["7", True, 1.5, [7], 2**63, -(2**63)])
def test_a_seed_that_is_not_a_whole_number_of_63_bits_is_refused(data: dict[str, Any], seed: Any) -> None:
    data["seed"] = seed
    with pytest.raises(RecordError, match="record field 'seed' must be a whole number of at most 63 bits, or null"):
        Record.from_json(data)


@pytest.mark.parametrize("seats", ["human", [1, 2], {"0": "human"}])
def test_seats_that_are_not_a_list_of_texts_are_refused(data: dict[str, Any], seats: Any) -> None:
    data["seats"] = seats
    with pytest.raises(RecordError, match="record field 'seats' must be a list of texts"):
        Record.from_json(data)


def test_unknown_fields_are_named(data: dict[str, Any]) -> None:
    data["comment"] = "a fine game"
    data["winner"] = 1
    with pytest.raises(RecordError, match="record has unknown fields: comment, winner"):
        Record.from_json(data)


def test_loading_a_file_that_is_not_json_says_where(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"game": "nuts-sorting",\n  "actions": [oops]}\n')
    with pytest.raises(RecordError) as caught:
        Record.load(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: not JSON (line 2, column 15: ")


@pytest.mark.parametrize("text", ["", "not json at all"])
def test_loading_an_empty_or_text_file_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "record.json"
    path.write_text(text)
    with pytest.raises(RecordError, match="not JSON"):
        Record.load(path)


def test_loading_a_malformed_record_names_the_file_and_the_problem(data: dict[str, Any], tmp_path: Path) -> None:
    del data["options"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as caught:
        Record.load(path)
    assert str(caught.value) == f"{path}: record has no 'options'"


# --- records that do not replay -------------------------------------------------------------------------
@pytest.mark.parametrize("index", [0, 10, 65, -1])
def test_an_illegal_action_is_refused_naming_its_index(game: Game, index: int) -> None:
    record = played(game, seed=11)
    index %= len(record.actions)
    state = final_state(Record(**{**record.__dict__, "actions": record.actions[:index]}), game)
    bad = an_illegal_text(game, state)
    record.actions[index] = bad
    with pytest.raises(RecordError) as caught:
        final_state(record, game)
    message = str(caught.value)
    assert message.startswith(f"actions[{index}] {bad!r}: ")
    assert state.why_illegal(game.parse(bad)) in message  # and the rule that forbids it
    # replay hands out every state before the bad action, then stops
    steps = 0
    with pytest.raises(RecordError, match=rf"actions\[{index}\]"):
        for _ in replay(record, game):
            steps += 1
    assert steps == index + 1


def test_text_that_is_no_action_is_refused_naming_its_index(game: Game) -> None:
    record = played(game, seed=11)
    record.actions[20] = "jump over the moon"
    with pytest.raises(RecordError, match=r"^actions\[20\] 'jump over the moon': cannot read "):
        final_state(record, game)


def test_a_record_of_another_rules_version_is_refused(game: Game) -> None:
    record = played(game, seed=2, steps=5)
    record.rules_version = "0-old"
    with pytest.raises(RecordError) as caught:
        final_state(record, game)
    message = str(caught.value)
    assert "rules version 0-old" in message and f"version {game.rules_version}" in message


def test_a_record_of_an_earlier_rules_version_an_option_still_gives_plays_on_under_that_option() -> None:
    """Nuts Sorting 1 let the placer choose to move second after a colour set was taken; version 2 follows the
    rulebook and keeps the old reading as the option placer_chooses_order, so a game of version 1 replays."""
    old = make(SORTING, {"placer_chooses_order": True})
    record = played(old, seed=2, steps=70)
    assert any(text in record.actions for text in ("choose first", "choose second"))  # the old choice was made
    record.rules_version = "1"
    record.options = {key: value for key, value in record.options.items() if key != "placer_chooses_order"}
    with pytest.raises(RecordError):  # as it stands, under today's rules
        final_state(record, make(SORTING))
    current = under_current_rules(record, type(old))
    assert current.rules_version == old.rules_version and current.options["placer_chooses_order"] is True
    assert final_state(current, make(current.game, current.options)).view(0) == final_state(
        played(old, seed=2, steps=70), old).view(0)
    assert under_current_rules(replace(record, rules_version="0-old"), type(old)).rules_version == "0-old"


def test_a_record_of_another_game_is_refused(game: Game) -> None:
    record = played(game, seed=2, steps=5)
    record.game = "nut-hunt"
    with pytest.raises(RecordError, match=f"the record is of 'nut-hunt', not '{game.id}'"):
        final_state(record, game)


def test_a_record_is_not_replayed_under_other_options(game: Game) -> None:
    # A record played with repetition_draw on must not quietly replay under a game that has it off.
    record = played(make(SORTING, {"repetition_draw": "on"}), seed=2, steps=5)
    assert record.options["repetition_draw"] is True
    with pytest.raises(RecordError, match="option"):
        final_state(record, game)


def test_a_record_with_partial_options_replays_under_the_game_they_make(game: Game) -> None:
    record = played(game, seed=2, steps=5)
    record.options = {"players": 2}  # hand-written fixtures name only what they change
    again = make(record.game, record.options)
    assert final_state(record, again).view(None) == final_state(record, game).view(None)
