"""A study's statistics: win rates with Wilson intervals, the first player's edge, scores, lengths, leads.

A seat (or an agent) wins a game when it is among the game's winners, so a shared win counts for each
sharer and a draw for nobody. A seat's fair share is the average win rate over all seats: what every seat
would have if the seat made no difference (1/n when nothing is shared or drawn). Seats are rotated through
the agents (nutbox.sim.study), so a seat's rate is not an agent's strength in disguise.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from nutbox.sim.play import Row
from nutbox.sim.study import Plan

Z95 = statistics.NormalDist().inv_cdf(0.975)  # 1.95996...: two-sided 95%


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: (low, high). With no trials it is the whole of [0, 1].
    (Successes may be fractional: a win shared among k seats counts 1/k.)

    Unlike the plain normal interval it stays inside [0, 1] and keeps its coverage near 0 and 1, where
    win rates of lopsided match-ups live.
    """
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes in {trials} trials is impossible")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # rounding must not put the rate itself outside its interval (at 0 or 1 the bound is the rate)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def proportion(count: int, of: int) -> dict[str, Any]:
    low, high = wilson(count, of)
    return {"count": count, "of": of, "rate": count / of if of else None, "low": low, "high": high}


def distribution(values: Sequence[float]) -> dict[str, float] | None:
    """Mean, spread and quartiles (None for no values)."""
    if not values:
        return None
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else [values[0]] * 3
    return {
        "mean": statistics.fmean(values),
        "sd": statistics.stdev(values) if len(values) > 1 else 0.0,
        "min": float(min(values)),
        "q1": q1,
        "median": median,
        "q3": q3,
        "max": float(max(values)),
    }


def summarize(plan: Plan, rows: list[Row]) -> dict[str, Any]:
    """Everything the report shows about one study, JSON-ready."""
    played = [row for row in rows if row["error"] is None]
    failed = [row for row in rows if row["error"] is not None]
    seats = [_seat(played, seat) for seat in range(plan.players)]
    rates = [seat["rate"] for seat in seats if seat["rate"] is not None]
    fair = statistics.fmean(rates) if rates else None
    return {
        "study": plan.to_json(),
        "games": len(rows),
        "played": len(played),
        "failed": len(failed),
        "failures": [{"index": row["index"], "seed": row["seed"], "agents": row["agents"], "error": row["error"]}
                     for row in failed[:20]],
        "seats": seats,
        "fair_share": fair,
        "first_player": _first_player(seats[0], fair) if plan.players > 1 and played else None,
        "agents": [_agent(played, name, plan.agent_settings[name]) for name in dict.fromkeys(plan.seats)],
        "outcomes": _outcomes(played),
        "length": {"decisions": distribution([row["decisions"] for row in played]),
                   "actions": distribution([row["actions"] for row in played])},
        "lead": _lead(played),
    }


def _seat(played: list[Row], seat: int) -> dict[str, Any]:
    wins = sum(seat in row["winners"] for row in played)
    return {"seat": seat, **proportion(wins, len(played)),
            "score": distribution([row["scores"][seat] for row in played])}


def _first_player(first: dict[str, Any], fair: float | None) -> dict[str, Any]:
    """Seat 0's win rate against the fair share; its interval decides whether the edge is real."""
    assert fair is not None
    edge = first["rate"] - fair
    return {
        "rate": first["rate"], "low": first["low"], "high": first["high"], "fair": fair,
        "edge": edge, "edge_low": first["low"] - fair, "edge_high": first["high"] - fair,
        "significant": not first["low"] <= fair <= first["high"],
    }


def _agent(played: list[Row], name: str, settings: str) -> dict[str, Any]:
    """An agent over every seat it took (twice in a game if it sat twice)."""
    taken = wins = 0
    scores = []
    for row in played:
        for seat, agent in enumerate(row["agents"]):
            if agent == name:
                taken += 1
                wins += seat in row["winners"]
                scores.append(row["scores"][seat])
    return {"agent": name, "settings": settings, **proportion(wins, taken), "score": distribution(scores)}


def _outcomes(played: list[Row]) -> dict[str, Any]:
    """Sole wins, shared wins, draws, and how often the top score was tied (tie-breaks decided the rest)."""
    shared = sum(len(row["winners"]) > 1 for row in played)
    draws = sum(not row["winners"] for row in played)
    top_tied = sum(sum(score == max(row["scores"]) for score in row["scores"]) > 1 for row in played)
    total = len(played)
    return {
        "sole_wins": proportion(total - shared - draws, total),
        "shared_wins": proportion(shared, total),
        "draws": proportion(draws, total),
        "top_score_tied": proportion(top_tied, total),
    }


def _lead(played: list[Row]) -> dict[str, Any] | None:
    """Lead changes, and how often the sole leader at half time goes on to win (None: no running score)."""
    followed = [row for row in played if row["lead_changes"] is not None]
    if not followed:
        return None
    led = [row for row in followed if row["halfway_leader"] is not None]
    return {
        "games": len(followed),
        "lead_changes": distribution([row["lead_changes"] for row in followed]),
        "no_lead_changes": proportion(sum(row["lead_changes"] == 0 for row in followed), len(followed)),
        "halfway_leader_wins": proportion(sum(row["halfway_leader"] in row["winners"] for row in led), len(led)),
        "halfway_tied": len(followed) - len(led),
    }


def compare(arms: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """One line per arm of a sweep: the figures a designer compares across option values."""
    lines = []
    for label, summary in arms:
        length = summary["length"]["decisions"]
        lead = summary["lead"]
        lines.append({
            "arm": label,
            "games": summary["games"],
            "failed": summary["failed"],
            "first_player": summary["first_player"],
            "fair_share": summary["fair_share"],
            "decisions": length,
            "draws": summary["outcomes"]["draws"],
            "halfway_leader_wins": lead["halfway_leader_wins"] if lead else None,
            "agents": [{"agent": a["agent"], "rate": a["rate"], "low": a["low"], "high": a["high"]}
                       for a in summary["agents"]],
        })
    return lines
