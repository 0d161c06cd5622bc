"""Every registered game at every player count it supports, as the `game` fixture (ids like nuts-sorting-2p).

The conformance suite reaches games only through the registry, so a new game is checked as soon as it is
registered.
"""

from __future__ import annotations

import pytest

from nutbox.core import Game
from nutbox.registry import GAMES, make

CASES: list[tuple[str, int]] = [
    (game_id, players)
    for game_id, cls in sorted(GAMES.items())
    for players in range(cls.min_players, cls.max_players + 1)
]


@pytest.fixture(params=CASES, ids=[f"{game_id}-{players}p" for game_id, players in CASES])
def game(request: pytest.FixtureRequest) -> Game:
    game_id, players = request.param
    return make(game_id, {"players": players})
