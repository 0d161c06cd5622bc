"""Wilson intervals against published values, and a summary's figures from hand-made rows."""

from __future__ import annotations

import pytest

from nutbox.sim.figures import Row
from nutbox.sim.play import _lead_changes
from nutbox.sim.stats import difference, distribution, proportion, summarize, wilson
from nutbox.sim.study import make_plan


# Newcombe (1998), "Two-sided confidence intervals for the single proportion", Statistics in Medicine 17,
# Table I, method 3 (Wilson score interval without continuity correction).
@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)],
)
def test_wilson_matches_published_intervals(successes: int, trials: int, low: float, high: float) -> None:
    got = wilson(successes, trials)
    assert got == pytest.approx((low, high), abs=5e-5)


# Newcombe (1998), "Interval estimation for the difference between independent proportions", Statistics in
# Medicine 17, Table II, method 10 (the hybrid score interval from two Wilson intervals, no continuity correction).
@pytest.mark.parametrize(
    ("first", "second", "low", "high"),
    [((56, 70), (48, 80), 0.0524, 0.3339), ((9, 10), (3, 10), 0.1705, 0.8090),
     ((5, 56), (0, 29), -0.0381, 0.1926)],
)
def test_a_difference_of_two_rates_matches_published_intervals(first: tuple[int, int], second: tuple[int, int],
                                                               low: float, high: float) -> None:
    line = difference("x", proportion(*first), proportion(*second))
    assert line is not None
    assert line["difference"] == pytest.approx(first[0] / first[1] - second[0] / second[1])
    assert (line["low"], line["high"]) == pytest.approx((low, high), abs=5e-5)
    assert line["beyond_chance"] == (low > 0)


def test_wilson_edges() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(29, 29)
    assert high == 1.0 and low == pytest.approx(0.8830, abs=5e-5)
    assert wilson(0, 10)[1] == pytest.approx(1.959964**2 / (10 + 1.959964**2))  # z²/(n+z²) at no successes
    assert wilson(50, 100) == pytest.approx((1 - wilson(50, 100)[1], 1 - wilson(50, 100)[0]))  # symmetric
    with pytest.raises(ValueError, match="impossible"):
        wilson(5, 4)


def test_lead_changes_ignore_ties_for_the_lead() -> None:
    assert _lead_changes([0, 0, None, 0, 1, None, 1, 0]) == 2
    assert _lead_changes([None, None]) == 0
    assert _lead_changes([1, None, 1]) == 0


def row(index: int, agents: list[str], scores: list[float], winners: list[int], halfway: int | None = None,
        changes: int | None = 0, error: str | None = None) -> Row:
    return {"index": index, "block": index // 2, "rotation": index % 2, "seed": index, "game": "nut-hunt",
            "options": "{}", "agents": agents, "agent_settings": agents, "scores": None if error else scores,
            "winners": None if error else winners, "decisions": None if error else 10 + index,
            "actions": None if error else 20 + index, "lead_changes": None if error else changes,
            "halfway_leader": None if error else halfway, "score_parts": None, "error": error, "rules_version": "1",
            "nutbox_version": "0.1.0"}


def test_a_summary_counts_seats_agents_outcomes_and_leads() -> None:
    plan = make_plan("nut-hunt", {}, ["easy", "random"], 4, 1)
    rows = [
        row(0, ["easy", "random"], [5, 3], [0], halfway=0, changes=1),
        row(1, ["random", "easy"], [2, 7], [1], halfway=0, changes=2),
        row(2, ["easy", "random"], [4, 4], [0, 1], halfway=None),  # a shared win
        row(3, ["random", "easy"], [1, 6], [1], error="RuntimeError: boom"),
    ]
    summary = summarize(plan, rows)
    assert (summary["games"], summary["played"], summary["failed"]) == (4, 3, 1)
    assert summary["failures"][0]["error"] == "RuntimeError: boom"
    first, second = summary["seats"]
    assert (first["count"], first["of"]) == (2, 3) and (second["count"], second["of"]) == (2, 3)
    assert summary["fair_share"] == pytest.approx(2 / 3)
    assert summary["first_player"]["edge"] == pytest.approx(0.0) and not summary["first_player"]["significant"]
    easy, random = summary["agents"]
    assert (easy["agent"], easy["count"], easy["of"]) == ("easy", 3, 3)
    assert (random["agent"], random["count"], random["of"]) == ("random", 1, 3)
    assert easy["score"]["mean"] == pytest.approx(16 / 3)
    outcomes = summary["outcomes"]
    assert outcomes["shared_wins"]["count"] == 1 and outcomes["draws"]["count"] == 0
    assert outcomes["top_score_tied"]["count"] == 1 and outcomes["sole_wins"]["count"] == 2
    lead = summary["lead"]
    assert lead["halfway_leader_wins"]["count"] == 1 and lead["halfway_leader_wins"]["of"] == 2
    assert lead["halfway_tied"] == 1 and lead["no_lead_changes"]["count"] == 1
    assert summary["length"]["decisions"]["median"] == 11


def test_a_distribution_gives_quartiles() -> None:
    figure = distribution([1, 2, 3, 4, 5])
    assert figure is not None
    assert (figure["min"], figure["q1"], figure["median"], figure["q3"], figure["max"]) == (1, 2, 3, 4, 5)
    assert distribution([]) is None
