"""A bot's decision for the browser table, made in a worker process from what its seat sees."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from nutbox.agents import make_agent
from nutbox.core import Game, View
from nutbox.registry import make


@cache
def _game(game_id: str, options: str) -> Game:
    return make(game_id, json.loads(options))


def decide(game_id: str, options: dict[str, Any], bot: str, seat: int, seed: str, view: View,
           legal: list[str], time_cap: float) -> str:
    """The action text `bot` chooses for `seat`, thinking at most `time_cap` seconds; it is handed the seat's
    view and legal actions only."""
    game = _game(game_id, json.dumps(options, sort_keys=True))
    agent = make_agent(bot, game, seat, seed, time_cap)
    return str(agent.act(view, [game.parse(text) for text in legal]))
