"""A study's statistics: win rates with Wilson intervals, the first player's edge, scores, lengths, leads.

A seat (or an agent) wins a game when it is among the game's winners, so a shared win counts for each
sharer and a draw for nobody. A seat's fair share is the average win rate over all seats: what every seat
would have if the seat made no difference (1/n when nothing is shared or drawn). Seats are rotated through
the agents (nutbox.sim.study), so a seat's rate is not an agent's strength in disguise; but when one agent
wins nearly every game wherever it sits, rotation also hides the seat's effect, and the first player's figure
says it cannot be read (see `_unreadable`).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from nutbox.sim.figures import (
    AgentFigures,
    Arm,
    Difference,
    Distribution,
    Failure,
    FirstPlayer,
    Interval,
    Lead,
    Outcomes,
    PartFigures,
    Played,
    Proportion,
    Row,
    SeatFigures,
    Summary,
    played,
)
from nutbox.sim.study import Plan

Z95 = statistics.NormalDist().inv_cdf(0.975)  # 1.95996...: two-sided 95%
DOMINANT = 0.9  # an agent winning this share of its seats' games or more makes a pairing lopsided


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


def proportion(count: int, of: int) -> Proportion:
    low, high = wilson(count, of)
    return {"count": count, "of": of, "rate": count / of if of else None, "low": low, "high": high}


def distribution(values: Sequence[float]) -> Distribution | None:
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


def summarize(plan: Plan, rows: list[Row]) -> Summary:
    """Everything the report shows about one study, JSON-ready."""
    games = played(rows)
    failed = [row for row in rows if row["error"] is not None]
    seats = [_seat(games, seat) for seat in range(plan.players)]
    rates = [rate for seat in seats if (rate := seat["rate"]) is not None]
    fair = statistics.fmean(rates) if rates else None
    agents = [_agent(games, name, plan.agent_settings[name]) for name in dict.fromkeys(plan.seats)]
    first = None
    if plan.players > 1 and games:
        first = _first_player(seats[0], fair, _unreadable(agents, plan.players, len(games)))
    summary: Summary = {
        "study": plan.to_json(),
        "games": len(rows),
        "played": len(games),
        "failed": len(failed),
        "failures": [_failure(row) for row in failed[:20]],
        "seats": seats,
        "fair_share": fair,
        "first_player": first,
        "agents": agents,
        "outcomes": _outcomes(games),
        "length": {"decisions": distribution([game.decisions for game in games]),
                   "actions": distribution([game.actions for game in games])},
        "lead": _lead(games),
    }
    parts = score_parts(games, plan.players)
    if parts:
        summary["score_parts"] = parts
    return summary


def score_parts(games: list[Played], players: int) -> list[PartFigures]:
    """Where the points come from: each part's mean points per game, by agent (over the seats it took) and by
    seat; [] for a game that keeps no parts."""
    kept = [game for game in games if game.score_parts is not None]
    names = list(dict.fromkeys(name for game in kept for seat in game.score_parts or [] for name in seat))
    found: list[PartFigures] = []
    for name in names:
        by_agent: dict[str, list[float]] = {}
        by_seat: list[list[float]] = [[] for _ in range(players)]
        for game in kept:
            for seat, parts in enumerate(game.score_parts or []):
                by_agent.setdefault(game.agents[seat], []).append(parts.get(name, 0.0))
                by_seat[seat].append(parts.get(name, 0.0))
        found.append({"part": name, "agents": {agent: statistics.fmean(values) for agent, values in by_agent.items()},
                      "seats": [statistics.fmean(values) if values else 0.0 for values in by_seat]})
    return found


def _failure(row: Row) -> Failure:
    error = row["error"]
    assert error is not None
    return {"index": row["index"], "seed": row["seed"], "agents": row["agents"], "error": error}


def _seat(games: list[Played], seat: int) -> SeatFigures:
    wins = sum(seat in game.winners for game in games)
    return {"seat": seat, **proportion(wins, len(games)),
            "score": distribution([game.scores[seat] for game in games])}


def _first_player(first: SeatFigures, fair: float | None, why: str | None) -> FirstPlayer:
    """Seat 0's win rate against the fair share; its interval decides whether the edge is real, and `why`
    (from `_unreadable`) says why the edge cannot be read at all."""
    rate = first["rate"]
    assert rate is not None and fair is not None
    edge = rate - fair
    return {
        "rate": rate, "low": first["low"], "high": first["high"], "fair": fair,
        "edge": edge, "edge_low": first["low"] - fair, "edge_high": first["high"] - fair,
        "significant": not first["low"] <= fair <= first["high"],
        "readable": why is None, "why": why,
    }


def _unreadable(agents: list[AgentFigures], players: int, games: int) -> str | None:
    """Why seat 0's edge cannot be read from this study, or None when it can.

    A mirror match (one agent in every seat) reads the edge directly. With different agents the seats are
    rotated through them, and the edge measured is the seat's effect on their results, averaged over the
    agents. An agent that wins nearly every game wherever it sits leaves the seat nothing to change: every
    seat then wins its share of the games whatever the seat is worth, so the edge reads as about zero. The
    rule: the pairing is lopsided, and the edge not readable, when some agent won at least DOMINANT (90%)
    of the games of the seats it took. It uses the rate itself, not its interval, so that a small study
    swept 20-0 is flagged too (an interval needs some 35 games to rise above 90%); the edge's own interval
    already says how much chance is in the figure. An agent that nearly always loses is not flagged on its
    own: in two seats its opponent is then the dominant one, and with more seats the others' results still
    depend on their seats.
    """
    if len(agents) < 2:
        return None
    dominant = [agent for agent in agents if (agent["rate"] or 0.0) >= DOMINANT]
    if not dominant:
        return None
    top = max(dominant, key=lambda agent: agent["rate"] or 0.0)
    name = top["agent"]
    # an agent seated twice in a game counts each of its seats
    taken = f"{top['of']} games" if top["of"] == games else f"the {top['of']} seats it took"
    mirror = ",".join([name] * players)
    return (f"{name} won {top['count']} of {taken}, wherever it sat: rotating the seats cancels the first "
            f"seat out; play {name} against itself (--seats {mirror}) to measure the first seat's edge")


def _agent(games: list[Played], name: str, settings: str) -> AgentFigures:
    """An agent over every seat it took (twice in a game if it sat twice)."""
    taken = wins = 0
    scores = []
    for game in games:
        for seat, agent in enumerate(game.agents):
            if agent == name:
                taken += 1
                wins += seat in game.winners
                scores.append(game.scores[seat])
    return {"agent": name, "settings": settings, **proportion(wins, taken), "score": distribution(scores)}


def _outcomes(games: list[Played]) -> Outcomes:
    """Sole wins, shared wins, draws, and how often the top score was tied (tie-breaks decided the rest)."""
    shared = sum(len(game.winners) > 1 for game in games)
    draws = sum(not game.winners for game in games)
    top_tied = sum(sum(score == max(game.scores) for score in game.scores) > 1 for game in games)
    total = len(games)
    return {
        "sole_wins": proportion(total - shared - draws, total),
        "shared_wins": proportion(shared, total),
        "draws": proportion(draws, total),
        "top_score_tied": proportion(top_tied, total),
    }


def _lead(games: list[Played]) -> Lead | None:
    """Lead changes, and how often the sole leader at half time goes on to win (None: no running score)."""
    followed = [(game, changes) for game in games if (changes := game.lead_changes) is not None]
    if not followed:
        return None
    led = [game for game, _ in followed if game.halfway_leader is not None]
    return {
        "games": len(followed),
        "lead_changes": distribution([changes for _, changes in followed]),
        "no_lead_changes": proportion(sum(changes == 0 for _, changes in followed), len(followed)),
        "halfway_leader_wins": proportion(sum(game.halfway_leader in game.winners for game in led), len(led)),
        "halfway_tied": len(followed) - len(led),
    }


def difference(what: str, this: Interval, first: Interval) -> Difference | None:
    """`this` rate minus the `first` one with its 95% interval: Newcombe's hybrid score interval, which joins the
    two Wilson intervals as independent samples. A sweep's arms share their seeds (so their games share chance),
    which makes the interval on the cautious side. None when either rate is missing."""
    rate, base = this["rate"], first["rate"]
    if rate is None or base is None:
        return None
    diff = rate - base
    low = diff - math.hypot(rate - this["low"], first["high"] - base)
    high = diff + math.hypot(this["high"] - rate, base - first["low"])
    return {"what": what, "difference": diff, "low": low, "high": high, "beyond_chance": low > 0 or high < 0}


def differences(arm: Arm, first: Arm) -> list[Difference]:
    """The rates of `arm` set against the first arm's: player 1's wins, then each agent's both arms have (with
    two agents or more)."""
    pairs: list[tuple[str, Interval | None, Interval | None]] = [
        ("player 1 wins", arm["first_player"], first["first_player"])]
    theirs = {agent["agent"]: agent for agent in first["agents"]}
    if len(arm["agents"]) > 1:  # (a mirror match's one agent wins its fair share whatever changes)
        pairs += [(f"{agent['agent']} wins", agent, theirs.get(agent["agent"])) for agent in arm["agents"]]
    found = [difference(what, this, base) for what, this, base in pairs if this is not None and base is not None]
    return [line for line in found if line is not None]


def compare(arms: list[tuple[str, Summary]]) -> list[Arm]:
    """One line per arm of a sweep: the figures a designer compares across option values, and how each arm's
    rates differ from the first arm's."""
    lines: list[Arm] = []
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
            "agents": [{"agent": a["agent"], "rate": a["rate"], "low": a["low"], "high": a["high"],
                        "score": a["score"]} for a in summary["agents"]],
        })
    for line in lines[1:]:
        line["differences"] = differences(line, lines[0])
    return lines
