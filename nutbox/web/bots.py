"""A bot's decision for the browser table, made in a worker process from what its seat sees."""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import signal
from functools import cache
from typing import Any

from nutbox.agents import make_agent
from nutbox.core import Game, View
from nutbox.registry import make

PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies


def die_with_server() -> None:
    """A bot worker's first step: on Linux, ask to be stopped when the server that started it dies, even by
    kill -9 (a worker would otherwise wait for work forever, and keep multiprocessing's resource tracker alive)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        pass  # not Linux: the server stops its workers itself when it stops (web/app.py stop_pool)


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
