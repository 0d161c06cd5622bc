"""Every registered game at every player count, for the interop tests (ids like nut-hunt-3p)."""

from __future__ import annotations

import pytest

from nutbox.registry import GAMES

CASES: list[tuple[str, int]] = [
    (game_id, players)
    for game_id, cls in sorted(GAMES.items())
    for players in range(cls.min_players, cls.max_players + 1)
]
# One player count per game (the fewest), and solo Nut Hunt too: for the checks that cost seconds per case.
FEWEST: list[tuple[str, int]] = sorted(
    {(game_id, cls.min_players) for game_id, cls in GAMES.items()} | {(game_id, 2) for game_id in GAMES}
)


def case_id(case: tuple[str, int]) -> str:
    return f"{case[0]}-{case[1]}p"


@pytest.fixture(params=CASES, ids=[case_id(case) for case in CASES])
def case(request: pytest.FixtureRequest) -> tuple[str, int]:
    game_id, players = request.param
    return game_id, players


@pytest.fixture(params=FEWEST, ids=[case_id(case) for case in FEWEST])
def short_case(request: pytest.FixtureRequest) -> tuple[str, int]:
    game_id, players = request.param
    return game_id, players
