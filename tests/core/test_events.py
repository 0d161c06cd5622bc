"""Events are redacted by the same rule as views: public, private to some seats, or replaced for the others."""

from __future__ import annotations

import dataclasses
import html
import json
import random

import pytest

from nutbox.core import Event, events_for, random_action, seat_name, with_names
from nutbox.registry import make

SEATS = [None, 0, 1, 2]  # the spectator and three seats

PUBLIC = Event("Player 1 plays the walnut", "play", {"card": "walnut"})
SECRET = Event("Player 2 draws the golden acorn", "draw", {"card": "golden acorn"}, visible_to=frozenset({1}))
HIDDEN_DRAW = Event(
    "Player 1 draws the hazelnut",
    "draw",
    {"card": "hazelnut"},
    visible_to=frozenset({0}),
    redacted=Event("Player 1 draws a card", "draw"),
)


def test_a_public_event_is_seen_by_everyone_as_it_is() -> None:
    for seat in SEATS:
        assert PUBLIC.seen_by(seat) is PUBLIC


def test_a_private_event_is_seen_only_by_its_seats() -> None:
    assert SECRET.seen_by(1) is SECRET
    for seat in (None, 0, 2):
        assert SECRET.seen_by(seat) is None


def test_the_others_see_the_redacted_replacement() -> None:
    assert HIDDEN_DRAW.seen_by(0) is HIDDEN_DRAW
    for seat in (None, 1, 2):
        seen = HIDDEN_DRAW.seen_by(seat)
        assert seen is HIDDEN_DRAW.redacted
        assert seen is not None and "hazelnut" not in json.dumps(seen.to_json())


def test_redaction_nests() -> None:
    # Seats 0 and 1 trade: both see the card; seat 2 sees that they traded; the spectator sees nothing.
    inner = Event("Players 1 and 2 trade a card", "trade", visible_to=frozenset({0, 1, 2}))
    trade = Event("Player 1 gives Player 2 the almond", "trade", visible_to=frozenset({0, 1}), redacted=inner)
    assert trade.seen_by(0) is trade and trade.seen_by(1) is trade
    assert trade.seen_by(2) is inner
    assert trade.seen_by(None) is None


def test_an_event_visible_to_no_seat_is_redacted_for_everyone() -> None:
    shuffle = Event("The deck is now pecan, walnut, almond", visible_to=frozenset(), redacted=Event("Shuffle"))
    for seat in SEATS:
        assert shuffle.seen_by(seat) is shuffle.redacted


def test_the_spectator_is_never_a_seat() -> None:
    # A spectator (None) sees a private event only through its redaction, whatever the seats.
    everyone = Event("All seats see this", visible_to=frozenset({0, 1, 2}), redacted=Event("Something happened"))
    assert everyone.seen_by(None) is everyone.redacted


def test_events_for_keeps_the_order_drops_the_unseen_and_redacts() -> None:
    events = [PUBLIC, SECRET, HIDDEN_DRAW, PUBLIC]
    assert events_for(events, 0) == [PUBLIC, HIDDEN_DRAW, PUBLIC]
    assert events_for(events, 1) == [PUBLIC, SECRET, HIDDEN_DRAW.redacted, PUBLIC]
    assert events_for(events, None) == [PUBLIC, HIDDEN_DRAW.redacted, PUBLIC]
    assert events_for([], 0) == []


def test_what_a_seat_sees_never_carries_what_it_may_not() -> None:
    for seat in (None, 2):
        text = json.dumps([event.to_json() for event in events_for([PUBLIC, SECRET, HIDDEN_DRAW], seat)])
        assert "golden acorn" not in text and "hazelnut" not in text


def test_to_json_is_json_and_a_copy() -> None:
    data = PUBLIC.to_json()
    assert {"kind": "play", "text": "Player 1 plays the walnut", "data": {"card": "walnut"}}.items() <= data.items()
    json.dumps(data)
    data["data"]["card"] = "pecan"
    assert PUBLIC.data["card"] == "walnut"
    assert "visible_to" not in data and "redacted" not in data


def test_events_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        PUBLIC.said = "changed"  # type: ignore[misc]


def test_an_event_names_a_seat_as_the_table_calls_it() -> None:
    """The rules name a seat by a placeholder; whoever shows the event fills in the name."""
    event = Event(f"{seat_name(1)} gives {seat_name(0)} the almond", "trade")
    assert event.text == "Player 2 gives Player 1 the almond"
    assert event.told(["Ann", "Bo"]) == "Bo gives Ann the almond"
    assert event.told(["Ann", ""]) == "Player 2 gives Ann the almond"  # a seat with no name keeps its number
    assert event.to_json(["Ann", "Bo"])["text"] == "Bo gives Ann the almond"
    assert with_names(f"<text>{seat_name(0)}</text>", ["<b>&"], html.escape) == "<text>&lt;b&gt;&amp;</text>"
    assert with_names("Player 2 and the 1st seat", ["Ann", "Bo"]) == "Player 2 and the 1st seat"  # prose is prose


def test_a_perfect_information_game_shows_everyone_every_event() -> None:
    game = make("nuts-sorting")
    assert game.perfect_information
    rng = random.Random(4)
    state = game.new_state()
    while not state.is_terminal():
        action = random_action(state, rng)
        events = state.apply(action)
        assert events, f"{action} says nothing"
        for seat in (None, *range(game.num_players)):
            assert events_for(events, seat) == events
