"""What the table keeps between updates gives exactly what drawing from scratch gives.

A table keeps each seat's log lines, the replay's steps and each seat's picture of the position (web/messages.py
`Shown`), and the games keep the parts of their pictures they draw again and again (core.svg `drawn` and `Kept`).
Over seeded random playouts of every registered game (undos included), every update each seat and the spectator
would be sent, desktop and phone, is built with everything kept so far, again (now from what the first build kept),
and then from scratch (nothing kept, every part drawn from the view: core.svg.afresh): the three are the same.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from nutbox.core.svg import afresh
from nutbox.registry import GAMES, entry, make
from nutbox.web import messages
from nutbox.web.live import HUMAN, LiveTable
from nutbox.web.new_tables import new_table
from nutbox.web.patches import svg_id

SEEDS = 2
DECISIONS = 45  # per playout: enough for the pieces to move around and the log to grow


def updates(live: LiveTable, viewers: list[int | None]) -> list[str]:
    """Every viewer's update, desktop and phone, as sent (JSON)."""
    return [json.dumps(live.message(seat, phone)) for seat in viewers for phone in (False, True)]


def from_scratch(live: LiveTable, viewers: list[int | None]) -> list[str]:
    """The updates built with nothing kept: a new `Shown`, every part of every picture drawn afresh."""
    kept, live.shown = live.shown, messages.Shown()
    try:
        with afresh():
            return updates(live, viewers)
    finally:
        live.shown = kept


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_kept_drawings_and_words_are_what_drawing_from_scratch_gives(game_id: str) -> None:
    cls = GAMES[game_id]
    players = max(2, cls.min_players)
    game = make(game_id, {"players": players})
    viewers: list[int | None] = [*range(players), None]
    compared = 0
    for seed in range(SEEDS):
        rng = random.Random(seed)
        live = LiveTable(new_table(game, [HUMAN] * players, key=bytes([seed + 7]) * 32))
        for _ in range(DECISIONS):
            kept = updates(live, viewers)
            assert updates(live, viewers) == kept, "a picture kept for the position differs from the first drawn"
            assert from_scratch(live, viewers) == kept, f"{game_id}: kept parts differ from drawing afresh"
            compared += len(kept)
            seat = live.to_move()
            if seat is None:
                break
            if live.can_undo(seat) and rng.random() < 0.2:
                live.commit(live.undo(seat, live.version))
                continue
            legal = live.match.state.legal_actions()
            live.commit(live.act(seat, str(rng.choice(legal)), live.version))
    assert compared


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_face_draws_the_same_picture_from_kept_parts_as_afresh(game_id: str) -> None:
    """The face alone, over more positions: each seat's picture (the seat to move's with its legal actions) drawn
    with the parts kept from every picture before equals the one drawn afresh."""
    game = make(game_id, {"players": max(2, GAMES[game_id].min_players)})
    face = entry(game_id).face
    for seed in range(3):
        rng = random.Random(100 + seed)
        live = LiveTable(new_table(game, [HUMAN] * game.num_players, key=bytes([seed]) * 32))
        for _ in range(80):
            state = live.match.state
            mover = live.to_move()
            legal = [str(action) for action in state.legal_actions()] if mover is not None else []
            drawn = []
            for seat in [*range(game.num_players), None]:
                view = state.view(seat)
                shown = legal if seat == mover else []
                drawn.append((face.svg(view, shown), face.phone(view, shown)))
            with afresh():
                for seat, (svg, phone) in zip([*range(game.num_players), None], drawn, strict=True):
                    view = state.view(seat)
                    shown = legal if seat == mover else []
                    assert face.svg(view, shown) == svg and face.phone(view, shown) == phone, (game_id, seed, seat)
            if mover is None:
                break
            live.commit(live.act(mover, str(rng.choice(state.legal_actions())), live.version))


# --- updates as patches (web/patches.py) -------------------------------------------------------------------
def patched(before: str, ops: list[str | list[int]]) -> str:
    """What the page (static/table.js) makes of a patch: spans count UTF-16 code units, as its strings do."""
    units = before.encode("utf-16-le")
    return "".join(op if isinstance(op, str) else units[2 * op[0]:2 * op[1]].decode("utf-16-le") for op in ops)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_update_patched_onto_the_picture_and_log_before_gives_the_picture_and_log_now(game_id: str) -> None:
    """Each seat's and the spectator's updates, desktop and phone, over a random playout with undos: a page that
    applies each update's patch to the picture it shows has the picture the whole message would carry, and a
    patch names the picture it changes; one that adds an update's new log lines to the log it shows (and keeps the
    last so many, as table.js does) has the message's log, an undo or a seat's new name sending the whole log again.
    Seats have names beyond the BMP and with markup, so that spans are counted as the page counts them. Games whose
    pictures keep their pieces send fewer bytes than whole pictures."""
    game = make(game_id, {"players": max(2, GAMES[game_id].min_players)})
    viewers: list[int | None] = [*range(game.num_players), None]
    rng = random.Random(5)
    live = LiveTable(new_table(game, [HUMAN] * game.num_players, key=bytes([9]) * 32))
    for seat in range(game.num_players):
        live.set_name(seat, f"Zoë 🐿️ <{seat}>")
    shown: dict[tuple[int | None, bool], dict[str, Any]] = {}
    sent = whole = patches = logs_added = whole_logs = 0
    for step in range(40):
        if step == 20:  # a seat renamed: every log is told again
            live.set_name(0, "Ann")
        for seat in viewers:
            for phone in (False, True):
                message = live.message(seat, phone)
                if (seat, phone) not in shown:
                    live.shown.showing(seat, phone, message)
                    shown[seat, phone] = message
                    continue
                update = live.shown.update(seat, phone, message)
                before = shown[seat, phone]
                if "svg_patch" in update:
                    assert before["svg"] is not None and "svg" not in update
                    assert update["svg_patch"]["from"] == svg_id(before["svg"])
                    assert patched(before["svg"], update["svg_patch"]["ops"]) == message["svg"]
                    patches += 1
                else:
                    assert update["svg"] == message["svg"]
                if "log_patch" in update:
                    added = update["log_patch"]
                    assert "log" not in update and added["from"] == before["log_total"]
                    assert (before["log"] + added["added"])[-added["keep"]:] == message["log"]
                    logs_added += 1
                else:
                    assert update["log"] == message["log"]
                    whole_logs += 1
                assert {k: v for k, v in update.items() if k not in ("svg_patch", "log_patch", "svg", "log")} == \
                    {k: v for k, v in message.items() if k not in ("svg", "log")}
                assert update["svg_id"] == svg_id(message["svg"])
                shown[seat, phone] = message
                sent += len(json.dumps(update))
                whole += len(json.dumps(message))
        mover = live.to_move()
        if mover is None:
            break
        if live.can_undo(mover) and rng.random() < 0.2:
            live.commit(live.undo(mover, live.version))
        else:
            live.commit(live.act(mover, str(rng.choice(live.match.state.legal_actions())), live.version))
    assert logs_added and whole_logs  # (whole: after the renaming, and at undos)
    if entry(game_id).face.draws_svg:
        assert patches and sent < whole
