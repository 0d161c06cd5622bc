"""What the table says about a game, without a server: one name per seat everywhere (texts and pictures), moves a
person has only one way to make, and replays that show their step's prompt, panels and scores."""

from __future__ import annotations

import copy
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from test_live import play_randomly

from nutbox.core import replay
from nutbox.core.names import unnamed
from nutbox.registry import GAMES, make
from nutbox.web.live import FORCED, HUMAN, LiveTable
from nutbox.web.new_tables import imported_table, new_table
from nutbox.web.people import Profile
from nutbox.web.settings import TableSettings

PLAYER_N = re.compile(r"\b[Pp]layer \d\b")


def key(number: int) -> bytes:
    return bytes([number]) * 32


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_person_and_the_bots_are_named_everywhere_and_a_name_is_escaped_in_the_picture(game_id: str) -> None:
    players = max(2, GAMES[game_id].min_players)
    seats = [HUMAN, *["easy"] * (players - 1)]
    live = LiveTable(new_table(make(game_id, {"players": players}), seats, key=key(4), names=["<Ann & co>"]))
    bots = ["Easy bot"] if players == 2 else [f"Easy bot {n}" for n in range(1, players)]
    assert live.names() == ["<Ann & co>", *bots]
    rng = random.Random(2)
    for _ in range(12):
        seat = live.to_move()
        if seat is None:
            break
        live.commit(live.act(seat, str(rng.choice(live.match.state.legal_actions())), live.version, bot=seat != 0))
    for phone in (False, True):
        message = live.message(0, phone)
        words = [message["prompt"], message["status"], *message["log"], *(p["name"] for p in message["panels"]),
                 *message["labels"]]
        assert not [text for text in words if PLAYER_N.search(text)], "a named seat is never 'Player N'"
        assert [panel["name"] for panel in message["panels"]] == live.names()
        if message["svg"] is None:  # (a game that draws no picture)
            continue
        picture = ET.fromstring(message["svg"])  # the name is escaped: the picture still parses
        shown = " ".join("".join(node.itertext()) for node in picture.iter())
        assert not PLAYER_N.search(shown), f"the picture's captions name seats by number ({game_id})"


def test_a_seat_without_a_name_is_player_n_and_an_uploaded_records_seats_are_named_by_what_they_were() -> None:
    live = LiveTable(new_table(make("nut-hunt", {"players": 3}), [HUMAN, HUMAN, "hard"], key=key(1),
                               names=["Bea"]))
    assert live.names() == ["Bea", "Player 2", "Hard bot"]
    # a person may call themselves anything: the two stay apart
    live.stored.seats[0] = replace(live.stored.seats[0], name="Hard bot")
    assert live.names() == ["Hard bot (seat 1)", "Player 2", "Hard bot"]
    game = make("nut-hunt", {"players": 3})
    finished = LiveTable(new_table(game, [HUMAN, HUMAN, HUMAN], key=key(2)))
    play_randomly(finished, random.Random(2), 30)
    record = finished.record()
    record.seats = ["human", "greedy", "Ann"]
    assert LiveTable(imported_table(game, record)).names() == ["Player 1", "Greedy bot", "Ann"]


def test_a_persons_only_possible_move_is_made_for_them_and_the_log_says_so() -> None:
    """Nut: the last card of a column is taken by whoever drafts it; nobody is asked to click it."""
    game = make("nut-cards", {"players": 2})
    made = 0
    for number in range(3):
        live = LiveTable(new_table(game, [HUMAN, HUMAN], key=key(number)))
        rng = random.Random(number)
        while (seat := live.to_move()) is not None:
            legal = live.match.state.legal_actions()
            assert len(legal) >= 2, "a person is never asked a decision with only one way to make it"
            live.commit(live.act(seat, str(rng.choice(legal)), live.version))
        forced = live.forced()
        made += len(forced)
        log = live.message(None)["log"]
        made_for = [n for n in forced if live.stored.actors[n] is not None]
        assert sum(line.endswith(FORCED) for line in log) == len(made_for)
        restarted = LiveTable(copy.deepcopy(live.stored))  # a restart tells the same story
        assert restarted.message(None)["log"] == log
    assert made > 0


def test_with_the_option_off_a_person_makes_even_their_only_possible_move() -> None:
    game = make("nut-cards", {"players": 2})
    live = LiveTable(new_table(game, [HUMAN, HUMAN], TableSettings(autoplay=False), key=key(0)))
    rng = random.Random(0)
    single = 0
    while (seat := live.to_move()) is not None:
        legal = live.match.state.legal_actions()
        single += len(legal) == 1
        live.commit(live.act(seat, str(rng.choice(legal)), live.version))
    assert single > 0 and not live.forced()


def test_undo_takes_back_the_persons_decision_and_the_moves_made_for_them_after_it() -> None:
    """Nuts!: building may leave no truck to fill, so shipping nothing is made for the builder."""
    game = make("nuts-factory", {"players": 2})
    checked = 0
    for number in range(4):
        live = LiveTable(new_table(game, [HUMAN, HUMAN], key=key(number)))
        rng = random.Random(number)
        while (seat := live.to_move()) is not None and not checked:
            forced_tail = bool(live.actors) and len(live.actors) - 1 in live.forced() and live.actors[-1] == seat
            if forced_tail and live.can_undo(seat):
                keep = live.undo_point(seat)
                assert keep is not None and keep < len(live.actors) - 1
                live.commit(live.undo(seat, live.version))
                assert len(live.stored.actions) == keep
                assert len(live.match.state.legal_actions()) >= 2, "back to a real decision"
                assert all(number < keep for number in live.forced())
                checked += 1
            legal = live.match.state.legal_actions()
            live.commit(live.act(seat, str(rng.choice(legal)), live.version))
    assert checked > 0


def test_a_replay_step_shows_that_steps_prompt_panels_and_scores() -> None:
    game = make("nut-cards", {"players": 2})
    live = LiveTable(new_table(game, [HUMAN, HUMAN], key=key(7)))
    play_randomly(live, random.Random(7), 400)
    assert live.finished
    points = live.replay_points()
    final = [panel["score"] for panel in live.message(None)["panels"]]
    for step in (0, len(points) // 2, len(points) - 1):
        message = live.replay_message(None, step, None)
        *_, (position, _) = replay(live.record(points[step]), game)
        expected = [panel.score for panel in live.face.panels(position.view(None))]
        assert [panel["score"] for panel in message["panels"]] == expected
        assert message["prompt"].startswith(f"Replay, step {step} of {len(points) - 1}: ")
        assert message["finished"] == (step == len(points) - 1)
        assert (message["score_table"] is not None) == message["finished"]
    first = live.replay_message(None, 0, None)
    assert [panel["score"] for panel in first["panels"]] != final, "the start is not shown with the final scores"


def test_the_end_table_leaves_the_names_to_the_page_and_says_no_player_n() -> None:
    """Nut Hunt's score table (whose note names seats): a row per seat in seat order, which the page heads with the
    seat's name (static/table.js, as the panels name it), so no cell names a seat again, and none says "Player N"."""
    live = LiveTable(new_table(make("nut-hunt", {"players": 2}), [HUMAN, HUMAN], key=key(3),
                               names=["Ann", "Bea"]))
    play_randomly(live, random.Random(3), 2000)
    message = live.message(None)
    table = message["score_table"]
    assert table is not None and len(table["rows"]) == 2
    assert [panel["name"] for panel in message["panels"]] == ["Ann", "Bea"]
    cells = [str(cell) for row in table["rows"] for cell in row] + table["columns"] + [table["note"]]
    assert not [cell for cell in cells if PLAYER_N.search(cell)]
    assert not [cell for row in table["rows"] for cell in row if "Ann" in str(cell) or "Bea" in str(cell)]


def strings(value: Any) -> Iterator[str]:
    """Every text in a message (JSON), keys and values."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_seat_taken_with_a_profile_is_called_by_its_name_and_nothing_shown_holds_a_placeholder(game_id: str) -> None:
    """The face fills every seat's name into the game's texts and pictures, and the table into its own: in the
    status, the prompt, the labels, the log, the panels, the score table, the pictures (escaped) and the notes,
    from every point of view, during the game, at its end and in its replay."""
    players = max(2, GAMES[game_id].min_players)
    game = make(game_id, {"players": players})
    stored = new_table(game, [HUMAN, *["easy"] * (players - 1)], key=key(5))
    token = stored.seats[0].invite
    assert token is not None
    live = LiveTable(stored)
    live.claim(token, profile=Profile("p1", "Zoë & <co>"))
    assert live.names()[0] == "Zoë & <co>"
    rng = random.Random(5)
    looked = 0
    while True:
        for seat in [None, *range(players)]:
            for phone in (False, True):
                message = live.message(seat, phone)
                assert not [text for text in strings(message) if unnamed(text)], (game_id, seat)
                assert {panel["seat"]: panel["name"] for panel in message["panels"]}[0] == "Zoë & <co>"
                if message["svg"] is not None:
                    ET.fromstring(message["svg"])  # the name is escaped: the picture still parses
            if seat != 0 and live.to_move() == 0 and not live.finished:
                assert "Zoë & <co>" in live.message(seat)["prompt"], "whom everyone waits for, by name"
        looked += 1
        if (mover := live.to_move()) is None or live.finished:
            break
        for _ in range(rng.randint(1, 8)):  # a look every few decisions: the whole game at a reasonable cost
            if (mover := live.to_move()) is None or live.finished:
                break
            legal = live.match.state.legal_actions()
            live.commit(live.act(mover, str(rng.choice(legal)), live.version, bot=mover != 0))
    assert live.finished and looked > 1
    end = live.message(0)
    assert end["score_table"] is not None and not [text for text in strings(end) if unnamed(text)]
    steps = len(live.replay_points()) - 1
    for step in (0, steps // 2, steps):
        replayed = live.replay_message(1, step, 0)
        assert not [text for text in strings(replayed) if unnamed(text)], (game_id, step)
    assert any("Zoë & <co>" in note for note in end["notes"]), "the table's notes name the seat too"
