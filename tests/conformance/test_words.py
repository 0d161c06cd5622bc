"""Every game in words, over random playouts at every player count: each decision has a prompt, each legal
action a label in words that is not its notation and tells it apart from the others of its decision, each
seat a panel whose secret cards show only in its own view, and the end a score table. Seats are named as the
table names them: no view holds a seat's placeholder, and nothing the face says with names given holds one."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any
from xml.etree import ElementTree

from nutbox.core import Event, Game, random_action
from nutbox.core.names import unnamed
from nutbox.registry import face

NAMES = ["Ann & Co", "Bo <b>", "Cy", "Di", "Ed", "Flo"]  # names a picture must escape


def texts(value: Any) -> Iterator[str]:
    """Every text a JSON value holds, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from texts(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from texts(item)


def test_every_decision_and_action_reads_in_words(game: Game) -> None:
    words = face(game.id)
    rng = random.Random(11)
    decisions = 0
    for _ in range(3):
        state = game.new_state()
        while not state.is_terminal():
            if not state.is_chance():
                seat = state.to_move()
                assert isinstance(seat, int)
                view = state.view(seat)
                prompt = words.decision(view)
                assert prompt.strip() and prompt != "make a move", view["to_move"]
                for other in [None, *range(game.num_players)]:
                    if other != seat:
                        assert words.decision(state.view(other)).strip()
                legal = state.legal_actions()
                labels = [words.label(action, view) for action in legal]
                assert words.labels(legal, view) == labels, "labels of a decision at once differ from one by one"
                for action, label in zip(legal, labels, strict=True):
                    assert label.strip() and label != str(action), (str(action), label)
                assert len(set(labels)) == len(labels), sorted(label for label in labels if labels.count(label) > 1)
                decisions += 1
            state.apply(random_action(state, rng))
        final = state.view(None)
        table = words.score_table(final)
        assert table is not None and len(table.rows) == game.num_players
        assert all(len(row) == len(table.columns) for row in table.rows)
        assert list(table.winners) == final["winners"]
        json.dumps(table.to_json())
    assert decisions > 0


def test_panels_show_every_seat_and_secret_cards_only_to_their_holder(game: Game) -> None:
    words = face(game.id)
    rng = random.Random(5)
    state = game.new_state()
    for step in range(400):
        if state.is_terminal():
            break
        if step % 7 == 0:
            for viewer in [None, *range(game.num_players)]:
                panels = words.panels(state.view(viewer))
                assert [panel.seat for panel in panels] == list(range(game.num_players))
                for panel in panels:
                    assert panel.name
                    if panel.seat != viewer:
                        assert not panel.cards, (viewer, panel)
                    json.dumps(panel.to_json())
        state.apply(random_action(state, rng))


def test_seats_are_named_by_the_table_never_by_a_placeholder_left_unfilled(game: Game) -> None:
    """Views carry no placeholder (bots and learners read them); with the seats' names given, the decision,
    labels, panels, score table, events, refusals and pictures say the names, escaped in the pictures."""
    words, names = face(game.id), NAMES[:game.num_players]
    rng = random.Random(3)
    state, named, events = game.new_state(), set(), []
    for step in range(2000):
        if state.is_terminal():
            break
        view = state.view(None if step % 2 else state.to_move() if not state.is_chance() else None)
        assert not any(unnamed(text) for text in texts(view)), view
        if step % 5 == 0 and not state.is_chance():
            seat_view = state.view(state.to_move())  # type: ignore[arg-type]
            said = [words.decision(seat_view, names)]
            said += [words.label(action, seat_view, names) for action in state.legal_actions()]
            said += list(texts([panel.to_json() for panel in words.panels(seat_view, names)]))
            assert not any(unnamed(text) for text in said), said
            named.update(name for name in names if any(name in text for text in said))
            for picture in (words.svg(seat_view, [], names), words.phone(seat_view, [], names)):
                if picture is not None:
                    assert not unnamed(picture)
                    ElementTree.fromstring(picture)  # the names are escaped: still a well-formed document
        events += state.apply(random_action(state, rng))
    final = state.view(None)
    table = words.score_table(final, names)
    assert table is not None and not any(unnamed(text) for text in texts(table.to_json()))
    # the table and the terminal put each seat's name in front of its row: a row that held it would say it twice
    assert not any(names[seat] in row for seat, row in enumerate(table.rows)), table.rows
    told = [event.told(names) for event in events]
    assert not any(unnamed(text) for text in told)
    assert any(name in text for text in told for name in names), "no event names a seat"
    assert all(isinstance(event, Event) and not unnamed(event.text) for event in events)
    assert named, "no panel, decision or label names a seat"


def test_a_game_whose_pictures_are_public_draws_every_seat_the_spectators_picture(game: Game) -> None:
    """Face.public_pictures lets the table send every seat with nothing to click the spectator's picture: so each
    seat's picture without actions must be the spectator's, in both layouts, at every stage (sampled)."""
    words = face(game.id)
    if not words.public_pictures:
        return
    names = NAMES[:game.num_players]
    rng = random.Random(17)
    compared = 0
    for _ in range(2):
        state = game.new_state()
        for step in range(600):
            if state.is_terminal():
                break
            if step % 4 == 0:
                public = state.view(None)
                seen = words.svg(public, (), names), words.phone(public, (), names)
                for seat in range(game.num_players):
                    view = state.view(seat)
                    assert (words.svg(view, (), names), words.phone(view, (), names)) == seen, (seat, step)
                    compared += 1
            state.apply(random_action(state, rng))
    assert compared > 0
