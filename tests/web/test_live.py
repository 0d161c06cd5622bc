"""The table's referee without a server: undo, seats handed to bots, replays, views per seat."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text

from nutbox.core import Record
from nutbox.registry import GAMES, make
from nutbox.web.live import HUMAN, LiveTable, Refusal
from nutbox.web.new_tables import new_table


def play_randomly(live: LiveTable, rng: random.Random, decisions: int) -> None:
    for _ in range(decisions):
        seat = live.to_move()
        if seat is None:
            return
        legal = live.match.state.legal_actions()
        live.commit(live.act(seat, str(rng.choice(legal)), live.version))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_undo_takes_back_own_decisions_within_the_turn_and_never_past_chance(game_id: str) -> None:
    game = make(game_id, {"players": 2})
    rng = random.Random(3)
    undone = 0
    for seed in range(3):
        live = LiveTable(new_table(game, [HUMAN, HUMAN], key=bytes([seed]) * 32))
        views = {}
        while live.to_move() is not None and len(live.actors) < 250:
            seat = live.to_move()
            assert seat is not None
            if live.can_undo(seat) and rng.random() < 0.5:
                before = views[live.undo_point(seat)]  # (a move made for the seat after it goes too)
                version = live.version
                live.commit(live.undo(seat, version))
                assert live.version == version + 1
                assert json.dumps(live.match.state.view(seat)) == before
                undone += 1
                continue
            for other in range(2):
                if other != seat:
                    assert not live.can_undo(other), "only the seat to move may undo"
            if live.actors and live.actors[-1] is None:
                assert not live.can_undo(seat), "a chance outcome (a die, a draw) is never undone"
            views[len(live.actors)] = json.dumps(live.match.state.view(seat))
            legal = live.match.state.legal_actions()
            live.commit(live.act(seat, str(rng.choice(legal)), live.version))
    if game_id in ("nut-hunt", "nuts-factory", "in-the-nuts", "nut-cards"):  # turns of several decisions
        assert undone > 0


def test_undo_is_refused_with_a_reason_when_there_is_nothing_to_undo() -> None:
    live = LiveTable(new_table(make("nuts-sorting"), [HUMAN, HUMAN], key=bytes([1]) * 32))
    seat = live.to_move()
    with pytest.raises(Refusal, match="nothing to undo"):
        live.undo(seat, live.version)
    other = 1 - seat  # type: ignore[operator]
    with pytest.raises(Refusal, match="old position"):
        live.undo(other, live.version - 1)


def test_a_seat_handed_to_a_bot_refuses_its_person_until_taken_back() -> None:
    live = LiveTable(new_table(make("nuts-sorting"), [HUMAN, HUMAN], key=bytes([1]) * 32))
    seat = live.to_move()
    assert seat is not None
    text = str(live.match.state.legal_actions()[0])
    live.set_seat(seat, "easy")
    assert live.bot_to_move() == "easy"
    with pytest.raises(Refusal, match="played by a bot"):
        live.act(seat, text, live.version)
    live.set_seat(seat, HUMAN)
    live.commit(live.act(seat, text, live.version))
    with pytest.raises(Exception, match="no bot called"):
        live.set_seat(seat, "grandmaster")


def test_replays_show_a_seat_only_its_own_view_until_the_end() -> None:
    game = make("nut-hunt", {"players": 3})
    live = LiveTable(new_table(game, [HUMAN] * 3, key=bytes([4]) * 32))
    play_randomly(live, random.Random(1), 12)
    steps = len(live.replay_points()) - 1
    assert steps > 0
    mine = live.replay_message(0, steps, None)
    assert mine["viewer"] == 0 and mine["svg"]
    with pytest.raises(Refusal, match="when the game is over"):
        live.replay_message(0, steps, 1)
    with pytest.raises(Refusal, match="step must be"):
        live.replay_message(0, steps + 1, None)
    # the last step of the replay is the position now
    assert mine["svg"] == game_svg(live, 0)
    play_randomly(live, random.Random(2), 100_000)
    assert live.finished
    assert live.replay_message(None, 3, 2)["viewer"] == 2


def game_svg(live: LiveTable, seat: int) -> str | None:
    return live.face.svg(live.match.state.view(seat), [], live.names())


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_seat_message_carries_its_view_and_no_one_elses(game_id: str) -> None:
    cls = GAMES[game_id]
    players = max(2, cls.min_players)
    game = make(game_id, {"players": players})
    live = LiveTable(new_table(game, [HUMAN] * players, key=bytes([2]) * 32))
    play_randomly(live, random.Random(5), 6)
    for seat in [None, *range(players)]:
        message = live.message(seat)
        assert message["seat"] == seat
        view = live.match.state.view(seat)
        assert message["svg"] == live.face.svg(view, message["legal"], live.names())
        if seat is None or seat != live.to_move():
            assert message["legal"] == []
        else:
            assert message["legal"] == [str(a) for a in live.match.state.legal_actions()]
        assert all("secret" not in json.dumps(s) for s in message["seats"])


def test_a_bonus_card_played_face_up_is_never_undone_even_after_a_restart() -> None:
    """Nuts!: a bonus card played from the hand is seen by everyone, so it stands (docs/table.md); a decision
    that shows nothing hidden can still be taken back."""
    game = make("nuts-factory", {"players": 2})
    sealed = undoable = 0
    for key in range(30):
        live = LiveTable(new_table(game, [HUMAN, HUMAN], key=bytes([key]) * 32))
        rng = random.Random(key)
        while (seat := live.to_move()) is not None and len(live.actors) < 400 and not sealed:
            legal = [str(action) for action in live.match.state.legal_actions()]
            plays = [text for text in legal if text.startswith("play ")]
            text = plays[0] if plays else rng.choice(legal)
            live.commit(live.act(seat, text, live.version))
            if live.to_move() != seat or live.actors[-1] != seat:
                continue  # the turn passed or chance followed: nothing to undo either way
            if plays:
                assert not live.can_undo(seat)
                with pytest.raises(Refusal, match="nothing to undo"):
                    live.undo(seat, live.version)
                assert not LiveTable(copy.deepcopy(live.stored)).can_undo(seat)  # the server restarted
                sealed += 1
            elif live.can_undo(seat):
                undoable += 1
    assert sealed and undoable


def test_a_database_from_before_chance_keys_is_upgraded_and_its_seats_still_open(tmp_path: Path) -> None:
    """A table stored with a seed and plaintext seat secrets: it gets a secret chance key, its secrets are kept
    only as hashes, and each seat's old link still opens it."""
    from nutbox.web.store import Store

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = create_engine(url)
    game = make("nuts-sorting")
    actions = new_table(game, [HUMAN, HUMAN], key=bytes(32)).actions
    with engine.begin() as db:
        db.execute(text("CREATE TABLE tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(40) NOT NULL, rules_version "
                        "VARCHAR(20) NOT NULL, options JSON NOT NULL, seed INTEGER NOT NULL, seats JSON NOT NULL, "
                        "settings JSON NOT NULL, version INTEGER NOT NULL, finished BOOLEAN NOT NULL, created FLOAT "
                        "NOT NULL)"))
        db.execute(text("CREATE TABLE actions (table_id VARCHAR(32) NOT NULL REFERENCES tables (id), number INTEGER "
                        "NOT NULL, text TEXT NOT NULL, actor INTEGER NOT NULL, PRIMARY KEY (table_id, number))"))
        seats = [{"kind": HUMAN, "secret": "old-secret-0", "human": True},
                 {"kind": HUMAN, "secret": "old-secret-1", "human": True}]
        db.execute(text("INSERT INTO tables VALUES ('t1', 'nuts-sorting', :rules, :options, 12345, :seats, '{}', 0, "
                        "0, 0)"), {"rules": game.rules_version, "seats": json.dumps(seats),
                                   "options": json.dumps(Record.start(game).options)})
        for number, action in enumerate(actions):
            db.execute(text("INSERT INTO actions VALUES ('t1', :n, :t, -1)"), {"n": number, "t": action})
    engine.dispose()
    store = Store(url)
    try:
        loaded = store.load("t1")
        assert loaded is not None and len(loaded.chance_key) == 32 and loaded.actions == actions
        assert "old-secret-0" not in json.dumps([seat.to_json() for seat in loaded.seats])
        live = LiveTable(loaded)
        assert [live.seat_of("old-secret-0"), live.seat_of("old-secret-1")] == [0, 1]
        assert "seed" not in {column["name"] for column in inspect(store.engine).get_columns("tables")}
    finally:
        store.close()
    Store(url).close()  # opening it again changes nothing
