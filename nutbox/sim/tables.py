"""A study's summary, a sweep's comparison and a leaderboard as terminal tables (rich)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table

from nutbox.sim.figures import Arm, Summary
from nutbox.sim.ratings import Leaderboard
from nutbox.sim.text import (
    compared_what,
    comparison_title,
    difference_words,
    edge_points,
    edge_verdict,
    first_player_wins,
    mirror_edge,
    number,
    parts_lines,
    percent,
    player,
    rate_with_interval,
    spread,
    study_line,
)


def summary_tables(summary: Summary) -> RenderableType:
    study = summary["study"]
    seats = Table(title=escape(study_line(study)), title_justify="left")
    for column in ("seat", "win rate [95%]", "wins", "score: median (quartiles), mean"):
        seats.add_column(column)
    for s in summary["seats"]:
        seats.add_row(player(s["seat"]), rate_with_interval(s), f"{s['count']} of {s['of']}", spread(s["score"]))
    agents = Table()
    for column in ("agent", "settings", "win rate [95%]", "wins", "score: median (quartiles), mean"):
        agents.add_column(column)
    for a in summary["agents"]:
        agents.add_row(a["agent"], a["settings"], rate_with_interval(a), f"{a['count']} of {a['of']}",
                       spread(a["score"]))
    figures = Table(show_header=False)
    outcomes, lead = summary["outcomes"], summary["lead"]
    failed = f"[red]{summary['failed']}[/]" if summary["failed"] else "0"
    first = summary["first_player"]
    lines = [
        ("games", f"{summary['games']} ({summary['played']} played, {failed} failed); rules version "
                  f"{study['rules_version']}, nutbox {study['nutbox_version']}"),
        ("first player's edge", _edge_line(summary)),
        *([("first player's edge, mirror matches", escape(mirrored))]
          if (mirrored := mirror_edge(summary.get("mirror"))) else []),
        ("length in decisions: median (quartiles), mean", spread(summary["length"]["decisions"])),
        ("draws", rate_with_interval(outcomes["draws"])),
        ("shared wins", rate_with_interval(outcomes["shared_wins"])),
        ("top score tied", rate_with_interval(outcomes["top_score_tied"])),
    ]
    if lead is not None:
        lines += [("lead changes: median (quartiles), mean", spread(lead["lead_changes"])),
                  ("half-time leader wins", rate_with_interval(lead["halfway_leader_wins"]))]
    for name, value in lines:
        figures.add_row(name, value)
    shown: list[RenderableType] = [seats, agents, *_parts_table(summary), figures]
    if first is not None and not first["readable"]:  # below the table too, where a reader looks last
        shown.append(f"[yellow]The first player's edge is {escape(edge_verdict(first))}[/]")
    return Group(*shown)


def _parts_table(summary: Summary) -> list[Table]:
    """Where the points come from, for a game that keeps the parts of its scores."""
    parts = summary.get("score_parts")
    if not parts:
        return []
    header, lines = parts_lines(parts)
    table = Table(title="where the points come from (mean per game)", title_justify="left")
    for column in header:
        table.add_column(escape(column))
    for line in lines:
        table.add_row(*(escape(cell) for cell in line))
    return [table]


def _edge_line(summary: Summary) -> str:
    """The edge over the fair share, with its verdict, or with a pointer to the warning when it cannot be read."""
    first = summary["first_player"]
    line = f"{escape(edge_points(first))} over a fair share of {percent(summary['fair_share'])}"
    if first is None:
        return line
    if not first["readable"]:
        return f"{line} [yellow](not readable: lopsided pairing, see below)[/]"
    return f"{line} ({edge_verdict(first)})"


def comparison_table(option: str, comparison: list[Arm]) -> Table:
    table = Table(title=comparison_title(option), title_justify="left")
    for column in (compared_what(option), "games", "failed", "player 1 wins [95%]", "fair share", "length (decisions)",
                   "half-time leader wins", "draws"):
        table.add_column(column)
    for arm in comparison:
        length = arm["decisions"]
        table.add_row(arm["arm"], str(arm["games"]), str(arm["failed"]), first_player_wins(arm["first_player"]),
                      percent(arm["fair_share"]), f"median {number(length['median'] if length else None)}",
                      rate_with_interval(arm["halfway_leader_wins"]), rate_with_interval(arm["draws"]))
    changes = [f"{arm['arm']}: {arm['setting']}" for arm in comparison[1:] if arm.get("setting")]
    changes += [f"{arm['arm']} against {comparison[0]['arm']}: {difference_words(line)}"
                for arm in comparison[1:] for line in arm.get("differences", [])]
    if changes:
        table.caption = "\n".join(changes)
        table.caption_justify = "left"
    return table


def leaderboard_table(board: Leaderboard) -> Table:
    title = (f"{board.game} {board.options}; rules version {board.rules_version}, nutbox {board.nutbox_version}: "
             f"{board.games} games rated" + (f", {board.failed} failed games left out" if board.failed else ""))
    table = Table(title=title, title_justify="left")
    for column in ("#", "agent", "rating (mu - 3 sigma)", "mu", "sigma", "seats", "win rate", "settings"):
        table.add_column(column)
    for place, s in enumerate(board.standings, 1):
        table.add_row(str(place), s.agent, number(s.ordinal, 2), number(s.mu, 2), number(s.sigma, 2), str(s.seats),
                      percent(s.wins / s.seats if s.seats else None), s.settings)
    return table
