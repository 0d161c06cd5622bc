"""A blunder planted in each game (planted.py) is found by the review: marked "blunder", with a right move as the
best move found.

Each planted decision is at the very end of its game, so that the stakes are beyond doubt: after the right move
every way the game can still go (every chance outcome, every reply) ends in the seat's win, after the blunder every
way ends in its loss. That is checked first, on the state and on states drawn from the seat's view (what the
review sees), so a failure says whether the plant or the review is wrong.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from nutbox.core import State
from nutbox.games.in_the_nuts import NutsState
from nutbox.games.nut_cards import CardsState
from nutbox.games.nut_hunt import HuntState
from nutbox.games.nuts_factory import FactoryState
from nutbox.games.nuts_sorting import SortingState
from nutbox.games.nuts_sorting.components import COLOURS
from nutbox.review import Budget, review
from nutbox.review.calibration import scale_for

from .planted import SCENARIOS, Planted, endings, state_at, storage

BUDGET = Budget(playouts=24)  # the default number of candidates: 3
RAW = Budget(playouts=24, calibrated=False)


def winners_of_every_ending(state: State, move: str) -> set[tuple[int, ...]]:
    return {tuple(end.winners()) for end in endings(state.child(state.game.parse(move)))}


def drawn_from_the_view(planted: Planted, truth: State, draws: int = 4) -> list[State]:
    """The true state, and states the seat's view allows (different ones where the game hides anything)."""
    view = truth.view(planted.seat)
    return [truth, *(planted.game.determinize(view, random.Random(k)) for k in range(draws))]


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_stakes_are_beyond_doubt_whatever_the_seat_cannot_see(name: str) -> None:
    planted = SCENARIOS[name]()
    truth = state_at(planted.record, planted.game, planted.step)
    assert truth.to_move() == planted.seat
    for state in drawn_from_the_view(planted, truth):
        for move in planted.right:
            assert winners_of_every_ending(state, move) == {(planted.seat,)}, f"{name}: {move} does not always win"
        lost = winners_of_every_ending(state, planted.blunder)
        assert all(planted.seat not in winners for winners in lost), f"{name}: {planted.blunder} may not lose"


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_review_marks_the_planted_blunder_and_finds_a_right_move(name: str) -> None:
    planted = SCENARIOS[name]()
    result = review(planted.record, planted.game, budget=BUDGET, steps={planted.step})
    (judged,) = result.decisions
    assert (judged.step, judged.seat, judged.made) == (planted.step, planted.seat, planted.blunder)
    assert judged.mark == "blunder", judged
    assert judged.best in planted.right, judged
    # every ending is certain (test above), so every playout agrees: the blunder never wins, the best move always;
    # the chances shown are the game's calibration of those (nutbox/review/calibration.py), as far apart as it goes
    raw = review(planted.record, planted.game, budget=RAW, steps={planted.step}).decisions[0]
    assert (raw.made_chance, raw.best_chance, raw.best, raw.mark) == (0.0, 1.0, judged.best, "blunder"), raw
    scale = scale_for(planted.game.id, planted.game.num_players)
    assert (judged.made_chance, judged.best_chance) == (scale(0.0, BUDGET.playouts), scale(1.0, BUDGET.playouts))


# --- each position is the one planted.py describes ----------------------------------------------------------------
def group_sizes(state: SortingState, colour: str) -> list[int]:
    return sorted(group.bit_count() for group in state.groups_of(COLOURS.index(colour)))


def check_nuts_sorting(state: SortingState) -> None:
    # Player 1: red in a group of seven and a pair; Player 2: gray in a group of eight and a lone nut
    assert state.sets[0] == 0 and state.phase == "play"
    assert group_sizes(state, "red") == [2, 7]
    assert group_sizes(state, "gray") == [1, 8]
    assert all(len(group_sizes(state, colour)) == 1 for colour in ("blue", "yellow", "black", "white"))
    assert sorted(str(action) for action in state.legal_actions()) == ["i8-e4", "x d3", "x i8"]


def check_nuts_factory(state: FactoryState) -> None:
    assert state.phase == "shipping" and state.current == 0
    assert state.points == [4, 7] and state.end_turns == 1  # this turn is the game's last
    assert state.warehouse(0) == [1, 0, 1, 0]  # an almond and a peanut: truck 1 (Pe A, 4 points)
    assert [str(action) for action in state.legal_actions()] == ["ship 1", "done"]


def check_nut_hunt(state: HuntState) -> None:
    view = state.view(0)
    board = {code: (cell["squirrels"], cell["nests"]) for code, cell in view["board"].items()}
    assert board["CC"] == ([0, 0], [3, 0]) and board["SK"] == ([0, 0], [0, 3])
    assert board["MU"] == ([2, 0], [0, 0]) and board["CF"] == ([2, 0], [0, 0])
    assert board["RP"] == ([1, 0], [0, 0]) and board["MB"] == ([0, 1], [0, 0])
    assert sorted(view["hand"]) == [1, 11, 13, 22] and view["hand_sizes"] == [4, 2]
    assert state.scores() == [-2.0, 2.0]  # as things stand: 3 nests and 4 failed objectives, to 3 nests and 2


def check_in_the_nuts(state: NutsState) -> None:
    assert state.phase == "final" and state.tasks == (("store", 0, 1), ("refill", 0, 0))  # the last task: a hazelnut
    assert storage(state, 0) == ["", "A", "BB", "WW", "BBB", "WWW", "AAAA", "HHHHH"]
    assert storage(state, 1) == ["B", "H", "WW", "", "HHH", "WWW", "AAAAA", "BBBBB"]
    assert (state.score(0), state.score(1)) == (20, 35)


def check_nut_cards(state: CardsState) -> None:
    assert state.holding == 11 and not state.pool and not any(state.columns)  # the last card of the game
    assert [placed[-1][0] for placed in state.layouts] == [2, 1]  # Y-Y-Y on top of Player 1's, R-R-R of Player 2's
    assert all(x == y == 0 for placed in state.layouts for _, x, y in placed)
    assert state.score(0) == state.score(1) == (3, 3)


CHECKS: dict[str, Callable[[Any], None]] = {
    "nuts-sorting": check_nuts_sorting,
    "nuts-factory": check_nuts_factory,
    "nut-hunt": check_nut_hunt,
    "in-the-nuts": check_in_the_nuts,
    "nut-cards": check_nut_cards,
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_position_is_the_one_planted(name: str) -> None:
    planted = SCENARIOS[name]()
    CHECKS[name](state_at(planted.record, planted.game, planted.step))
