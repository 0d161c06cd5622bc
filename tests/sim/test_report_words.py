"""What a study's report says in words: whether the first seat's edge can be read at all (a lopsided pairing
hides it), percentage points written out, and the game named by its title with its options in words.

The studies are hand-made rows (nothing is played), seated as nutbox.sim.study seats a real study.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rich.console import Console

from nutbox.sim.figures import Row, Summary
from nutbox.sim.report import study_html, sweep_html
from nutbox.sim.stats import compare, summarize
from nutbox.sim.study import Plan, make_plan
from nutbox.sim.tables import comparison_table, summary_tables
from nutbox.sim.text import edge, study_line

Winner = Callable[[int, tuple[str, ...]], list[int]]  # (game index, agents by seat) -> the winning seats


def study(seats: list[str], games: int, winners: Winner) -> Summary:
    """A study of Nuts Sorting (Nut Hunt for more seats) whose game i is won by `winners(i, agents)`."""
    plan = make_plan("nuts-sorting" if len(seats) == 2 else "nut-hunt", {}, seats, games, 1)
    rows: list[Row] = []
    for index in range(plan.games):
        seating = plan.seating(index)
        won = winners(index, seating.agents)
        rows.append({
            "index": index, "block": seating.block, "rotation": seating.rotation, "seed": seating.seed,
            "game": plan.game, "options": plan.options_text(), "agents": list(seating.agents),
            "agent_settings": [plan.agent_settings[name] for name in seating.agents],
            "scores": [1.0 if seat in won else 0.0 for seat in range(plan.players)], "winners": won,
            "decisions": 30, "actions": 30, "lead_changes": None, "halfway_leader": None, "score_parts": None,
            "error": None,
            "rules_version": plan.rules_version, "nutbox_version": plan.nutbox_version,
        })
    return summarize(plan, rows)


def agent_wins(name: str, losses: int = 0) -> Winner:
    """`name` wins every game but the first `losses`, wherever it sits (the others share those)."""
    def winners(index: int, agents: tuple[str, ...]) -> list[int]:
        mine = [seat for seat, agent in enumerate(agents) if agent == name]
        return [seat for seat in range(len(agents)) if seat not in mine] if index < losses else mine
    return winners


def terminal(summary: Summary) -> str:
    console = Console(width=200)
    with console.capture() as captured:
        console.print(summary_tables(summary))
    return " ".join(captured.get().split())  # words wrapped across a table's lines read as one text


def test_a_lopsided_pairing_says_the_edge_cannot_be_read_and_why() -> None:
    summary = study(["easy", "random"], 40, agent_wins("easy"))
    first = summary["first_player"]
    assert first is not None
    # the artefact: seat 0 wins exactly its fair share, though nothing was measured
    assert first["edge"] == pytest.approx(0.0) and not first["significant"]
    assert not first["readable"]
    assert first["why"] == ("easy won 40 of 40 games, wherever it sat: rotating the seats cancels the first seat "
                            "out; play easy against itself (--seats easy,easy) to measure the first seat's edge")

    for text in (terminal(summary), study_html(summary, "overview.png"), edge(first)):
        assert "within chance" not in text and "significant" not in text
        assert "not readable" in text and "--seats easy,easy" in text
        assert "+0.0 percentage points [" in text and "pts" not in text
    page = study_html(summary, "overview.png")
    assert "The first player's edge is not readable from this study:</b> easy won 40 of 40 games" in page


def test_the_numbers_stay_in_the_json_beside_the_verdict() -> None:
    first = study(["easy", "random"], 40, agent_wins("random", losses=38))["first_player"]  # random: 38 of 40 lost
    assert first is not None and not first["readable"]
    assert list(first)[-2:] == ["readable", "why"] and first["fair"] == pytest.approx(0.5)
    assert first["why"] is not None and first["why"].startswith("easy won 38 of 40 games")  # the winner is named


@pytest.mark.parametrize(("losses", "readable"), [(4, False), (5, True)])
def test_lopsided_means_winning_at_least_nine_games_in_ten(losses: int, readable: bool) -> None:
    first = study(["easy", "random"], 40, agent_wins("easy", losses))["first_player"]  # 36 of 40 is 90%
    assert first is not None and first["readable"] is readable
    assert (first["why"] is None) is readable


def test_an_agent_seated_twice_is_counted_by_its_seats_and_the_mirror_fills_every_seat() -> None:
    summary = study(["easy", "easy", "random"], 30, agent_wins("easy"))
    first = summary["first_player"]
    assert first is not None and not first["readable"]
    assert first["why"] is not None
    assert first["why"].startswith("easy won 60 of the 60 seats it took, wherever it sat")  # 2 seats x 30 games
    assert "(--seats easy,easy,easy)" in first["why"]


def test_a_sweep_marks_an_arm_whose_pairing_is_lopsided() -> None:
    arms = compare([("variant=a", study(["easy", "random"], 20, agent_wins("easy"))),
                    ("variant=b", study(["easy", "random"], 20, agent_wins("easy", losses=10)))])
    page = sweep_html("variant", arms, "sweep.png")
    assert page.count("lopsided pairing") == 1
    console = Console(width=250)
    with console.capture() as captured:
        console.print(comparison_table("variant", arms))
    assert " ".join(captured.get().split()).count("lopsided pairing") == 1


def test_a_mirror_match_reads_the_edge() -> None:
    seat_zero_wins = study(["easy", "easy"], 40, lambda index, agents: [0] if index % 10 else [1])  # 36 of 40
    first = seat_zero_wins["first_player"]
    assert first is not None and first["readable"] and first["why"] is None
    assert first["edge"] == pytest.approx(0.4) and first["significant"]
    assert edge(first) == "+40.0 percentage points [+26.9, +46.0] (significant)"
    assert "(significant)" in terminal(seat_zero_wins) and "not readable" not in terminal(seat_zero_wins)


def test_a_seat_that_decides_the_game_is_read_even_between_different_agents() -> None:
    # nobody dominates when the seat decides: each agent wins exactly where it sits first
    first = study(["easy", "random"], 40, lambda index, agents: [0])["first_player"]
    assert first is not None and first["readable"] and first["significant"]
    assert first["edge"] == pytest.approx(0.5)


def test_the_header_names_the_game_by_its_title_and_its_options_in_words() -> None:
    plan = make_plan("nut-hunt", {"competitive": "on"}, ["easy", "random"], 2, 7)
    line = study_line(plan.to_json())
    assert line.startswith("Nut Hunt (Players: 2; Automa level: Standard: 2 objectives; ")
    assert "Competitive variant: yes" in line and line.endswith("; seats: easy, random; seed 7")
    for raw in ("nut-hunt", "=", "True", "False", "competitive", "keep-2-of-3", "_"):
        assert raw not in line, raw

    summary = study(["easy", "random"], 2, agent_wins("easy", 1))
    for text in (terminal(summary), study_html(summary, "overview.png")):
        assert "Nuts Sorting (Players: 2; Draw on a third repetition: no;" in text
        assert "nuts-sorting (" not in text and "=False" not in text


def test_an_option_the_game_does_not_declare_is_still_written_in_words() -> None:
    stored = Plan(game="no-such-game", options={"players": 2, "end_score": 30, "fast_mode": True,
                                                "deal": "keep-2-of-3"},
                  seats=("easy", "random"), seed=3, games=2, rules_version="1", nutbox_version="0.1.0",
                  agent_settings={"easy": "greedy", "random": "random"})
    line = study_line(stored.to_json())
    assert line == ("no-such-game (Players: 2; End score: 30; Fast mode: yes; Deal: keep 2 of 3); "
                    "seats: easy, random; seed 3")
