"""What a connection is sent: JSON text that reads back as the message, whatever it holds."""

from __future__ import annotations

import json
import random

from nutbox.registry import make
from nutbox.web.live import HUMAN, LiveTable
from nutbox.web.new_tables import new_table
from nutbox.web.wire import as_text


def test_updates_read_back_as_the_messages_they_were_made_from() -> None:
    game = make("nut-hunt", {"players": 3})
    live = LiveTable(new_table(game, [HUMAN] * 3, names=["Zoë", "李", "Ann <&>"]))
    rng = random.Random(4)
    for _ in range(30):
        seat = live.to_move()
        if seat is None:
            break
        for viewer in (None, 0, 1, 2):
            message = live.shown.update(viewer, False, live.message(viewer, False))
            text = as_text(message)
            assert json.loads(text) == json.loads(json.dumps(message))
        live.commit(live.act(seat, str(rng.choice(live.match.state.legal_actions())), live.version))


def test_text_beyond_ascii_goes_as_it_is_and_numbers_of_any_size_are_written() -> None:
    message = {"text": "Zoë \U0001f330 «»", "big": 1 << 90, "keys": {1: "one"}}
    text = as_text(message)
    assert "Zoë \U0001f330" in text  # UTF-8 in the frame, not \\u escapes
    assert json.loads(text) == {"text": "Zoë \U0001f330 «»", "big": 1 << 90, "keys": {"1": "one"}}
