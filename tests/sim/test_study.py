"""A study's plan: seeds and seating depend on the game's index only; bad requests are told what is wrong."""

from __future__ import annotations

from collections import Counter

import pytest

from nutbox.core import OptionsError
from nutbox.sim.study import StudyError, make_plan, parse_sweep, sweep_plans


def test_every_agent_plays_every_seat_equally_under_the_same_seeds() -> None:
    plan = make_plan("nut-hunt", {}, ["easy", "random", "random"], 30, 5)
    assert plan.players == 3 and plan.options["players"] == 3
    seatings = [plan.seating(index) for index in range(plan.games)]
    for block in range(10):
        games = [s for s in seatings if s.block == block]
        assert len({s.seed for s in games}) == 1  # one seed per block ...
        assert sorted(s.agents.index("easy") for s in games) == [0, 1, 2]  # ... easy in each seat once
    seats_of_easy = Counter(s.agents.index("easy") for s in seatings)
    assert seats_of_easy == {0: 10, 1: 10, 2: 10}
    assert len({s.seed for s in seatings}) == 10  # blocks differ


def test_seeds_depend_on_the_study_seed_and_the_index_only() -> None:
    small = make_plan("nuts-sorting", {}, ["random"], 10, 3)
    large = make_plan("nuts-sorting", {}, ["random"], 1000, 3)
    other = make_plan("nuts-sorting", {}, ["random"], 10, 4)
    assert [small.seating(i) for i in range(10)] == [large.seating(i) for i in range(10)]
    assert small.seating(0).seed != other.seating(0).seed


def test_games_are_rounded_up_to_whole_rotations() -> None:
    assert make_plan("nut-hunt", {}, ["easy", "random", "random"], 10, 1).games == 12
    assert make_plan("nut-hunt", {"players": "1"}, ["random"], 7, 1).games == 7


def test_a_plan_resolves_levels_and_records_versions() -> None:
    plan = make_plan("nuts-sorting", {}, ["hard", "mcts:sims=5"], 2, 1)
    assert plan.agent_settings["hard"].startswith("ismcts:sims=1000,")
    assert plan.agent_settings["mcts:sims=5"].startswith("mcts:sims=5,")
    assert plan.rules_version == "2" and plan.nutbox_version
    assert plan.identity() == make_plan("nuts-sorting", {}, ["hard", "mcts:sims=5"], 50, 1).identity()


@pytest.mark.parametrize(
    ("game", "options", "seats", "games", "message"),
    [
        ("nut-hunt", {"players": "3"}, ["easy", "random"], 3, "names 2 agents; this game of Nut Hunt has 3 seats"),
        ("nut-hunt", {}, ["easy", "wizard"], 2, "no bot called 'wizard'"),
        ("nut-hunt", {"colour": "red"}, ["random"], 2, "unknown option colour"),
        ("chess", {}, ["random"], 2, "no game called 'chess'"),
        ("nut-hunt", {}, ["random"], 0, "at least one game"),
        ("nut-hunt", {}, ["easy", ""], 2, "name an agent for each seat"),
    ],
)
def test_a_bad_plan_says_what_is_wrong(game: str, options: dict[str, str], seats: list[str], games: int,
                                       message: str) -> None:
    with pytest.raises((StudyError, OptionsError), match=message):
        make_plan(game, options, seats, games, 1)


def test_sweeps_are_parsed_and_share_seeds() -> None:
    assert parse_sweep("end_score=30, 50,70") == ("end_score", ["30", "50", "70"])
    for bad in ("end_score", "=3", "end_score=", "end_score=30,30"):
        with pytest.raises(StudyError, match="--sweep"):
            parse_sweep(bad)
    plans = sweep_plans("end_score", ["30", "70"], "nuts-factory", {}, ["random"], 4, 9)
    assert [label for label, _ in plans] == ["end_score=30", "end_score=70"]
    assert [plan.options["end_score"] for _, plan in plans] == [30, 70]
    assert plans[0][1].seating(3).seed == plans[1][1].seating(3).seed
    with pytest.raises(StudyError, match="both set it"):
        sweep_plans("end_score", ["30"], "nuts-factory", {"end_score": "40"}, ["random"], 4, 9)
