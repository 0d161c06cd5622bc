"""A study's pictures (matplotlib, drawn off-screen) and its HTML report; a sweep's comparison of its arms.

The figures are built with matplotlib's object interface (Figure, no pyplot), so no window system and no
global plotting state is involved.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from nutbox.sim.figures import Arm, Distribution, Interval, Row, Summary, played
from nutbox.sim.results import JOURNAL_FILE, PLAN_FILE, RECORDS_FILE, SUMMARY_FILE, results_file
from nutbox.sim.text import (
    compared_what,
    comparison_title,
    difference_words,
    edge,
    edge_points,
    first_player_wins,
    game_words,
    mirror_edge,
    parts_lines,
    percent,
    player,
    rate_with_interval,
    spread,
    study_line,
)

OVERVIEW, SWEEP = "overview.png", "sweep.png"
COLOUR, FAIR_COLOUR = "#8a5a2b", "#555555"
PNG_METADATA = {"Software": None}  # pictures depend on the figures only, not on the plotting library's version


def _interval_bars(axes: Axes, labels: list[str], figures: Sequence[Interval], title: str) -> None:
    rates = [f["rate"] or 0.0 for f in figures]
    below = [max(0.0, rate - f["low"]) for rate, f in zip(rates, figures, strict=True)]
    above = [max(0.0, f["high"] - rate) for rate, f in zip(rates, figures, strict=True)]
    axes.bar(labels, rates, color=COLOUR, yerr=[below, above], capsize=4, ecolor="black")
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate (95% Wilson interval)")
    axes.set_title(title)
    axes.tick_params(axis="x", labelrotation=15)


def _boxes(axes: Axes, labels: list[str], figures: list[Distribution | None], title: str, unit: str) -> None:
    stats = [
        {"label": label, "med": f["median"], "q1": f["q1"], "q3": f["q3"], "whislo": f["min"], "whishi": f["max"],
         "mean": f["mean"]}
        for label, f in zip(labels, figures, strict=True) if f is not None
    ]
    if stats:
        axes.bxp(stats, showmeans=True, showfliers=False, patch_artist=True, boxprops={"facecolor": "#e8d3b5"})
    axes.set_title(title)
    axes.set_ylabel(unit)


def _histogram(axes: Axes, values: list[int], title: str, unit: str) -> None:
    if values:
        counts = Counter(values)
        span = max(values) - min(values)
        if span <= 40:  # whole numbers: one bar each
            axes.bar(list(counts), list(counts.values()), width=0.9, color=COLOUR)
        else:  # whole numbers: bins of equal whole widths, or some would hold one more value than others
            step = -(-(span + 1) // 40)
            axes.hist(values, bins=list(range(min(values), max(values) + step + 1, step)), color=COLOUR)
    axes.set_title(title)
    axes.set_xlabel(unit)
    axes.set_ylabel("games")


def overview_figure(summary: Summary, rows: list[Row]) -> Figure:
    """Six panels: win rate by seat and by agent, outcomes, scores by seat, game length, lead changes."""
    games = played(rows)
    figure = Figure(figsize=(15, 8.5), layout="constrained")
    (seats, agents, outcomes), (scores, length, lead) = figure.subplots(2, 3)
    _interval_bars(seats, [player(s["seat"]) for s in summary["seats"]], summary["seats"], "win rate by seat")
    if summary["fair_share"] is not None:
        seats.axhline(summary["fair_share"], color=FAIR_COLOUR, linestyle="--", label="fair share")
        seats.legend(loc="upper right")
    _interval_bars(agents, [a["agent"] for a in summary["agents"]], summary["agents"], "win rate by agent")
    kinds = summary["outcomes"]
    _interval_bars(outcomes, ["sole win", "shared win", "draw", "top score tied"],
                   [kinds["sole_wins"], kinds["shared_wins"], kinds["draws"], kinds["top_score_tied"]],
                   "outcomes")
    outcomes.set_ylabel("share of games (95% Wilson interval)")
    _boxes(scores, [player(s["seat"]) for s in summary["seats"]], [s["score"] for s in summary["seats"]],
           "final score by seat", "points")
    _histogram(length, [game.decisions for game in games], "game length", "decisions (all seats)")
    if summary["lead"] is None:
        lead.text(0.5, 0.5, "this game keeps no running score", ha="center", va="center")
        lead.set_axis_off()
    else:
        halfway = summary["lead"]["halfway_leader_wins"]
        _histogram(lead, [changes for game in games if (changes := game.lead_changes) is not None],
                   f"lead changes\n(the leader at half time wins {rate_with_interval(halfway)})", "lead changes")
    figure.suptitle(study_line(summary["study"]), fontsize=10)
    return figure


def sweep_figure(option: str, comparison: list[Arm]) -> Figure:
    """The first player's win rate, the game length and the half-time leader's win rate across the values."""
    figure = Figure(figsize=(15, 4.5), layout="constrained")
    first, length, halfway = figure.subplots(1, 3)
    labels = [arm["arm"].partition("=")[2] or arm["arm"] for arm in comparison]  # (a value, or a variant's name)
    no_figure: Interval = {"rate": None, "low": 0.0, "high": 0.0}  # an arm without it: no bar
    firsts = [arm["first_player"] or no_figure for arm in comparison]
    _interval_bars(first, labels, firsts, "player 1's win rate")
    fair = [arm["fair_share"] for arm in comparison]
    if all(value is not None for value in fair):
        first.plot(labels, fair, color=FAIR_COLOUR, linestyle="--", marker="_", markersize=30, label="fair share")
        first.legend(loc="upper right")
    first.set_xlabel(option)
    _boxes(length, labels, [arm["decisions"] for arm in comparison], "game length", "decisions")
    length.set_xlabel(option)
    leads = [arm["halfway_leader_wins"] or no_figure for arm in comparison]
    _interval_bars(halfway, labels, leads, "the leader at half time wins")
    halfway.set_xlabel(option)
    return figure


def save(figure: Figure, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=80, metadata=PNG_METADATA)
    return path


# --- HTML ----------------------------------------------------------------------------------------------
STYLE = """body{font-family:system-ui,sans-serif;max-width:1250px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left}
th{background:#f4ece0}img{max-width:100%}code{background:#f4f4f4;padding:0 .2em}"""
# inline, so that the style sheet of every report stays as it was
WARNING_STYLE = "background:#fff3cd;border-left:4px solid #d39e00;padding:.4em .8em"


def _table(header: list[str], lines: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(cell)}</th>" for cell in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in line) + "</tr>" for line in lines)
    return f"<table><tr>{head}</tr>{body}</table>"


def _page(title: str, body: str) -> str:
    # (the viewport line: a phone lays the page out at its own width, not as a shrunken desktop)
    return (f"<!doctype html><html><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'><title>{html.escape(title)}</title>"
            f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>{body}</body></html>\n")


NOTHING_TO_COMPARE = "nothing to compare: no game of one of the two values was played to its end"
DIFFERENCES_NOTE = ("Each value's win rates minus the first value's, in percentage points with a 95% interval; "
                    "beyond chance when the interval leaves 0 out. The values share their seeds, so the interval "
                    "is on the cautious side.")
# What a study's directory holds, in the order the report links them, with what each is for
FILES = (
    (results_file(Path(), "parquet").name, "one row per game (Parquet)"),
    (results_file(Path(), "csv").name, "one row per game (CSV)"),
    (SUMMARY_FILE, "every figure of this page"),
    (PLAN_FILE, "the plan: game, options, seats and seed, enough to play the study again"),
    (JOURNAL_FILE, "each game's row as it finished (a study resumes from it)"),
    (RECORDS_FILE, "every game's record, to replay it (nutbox replay)"),
)


def study_html(summary: Summary, picture: str, files: Sequence[str] = ()) -> str:
    """The study's page; `files`: those of FILES beside it, linked at the end."""
    study = summary["study"]
    parts = [
        f"<p>{html.escape(study_line(study))}<br>rules version {html.escape(study['rules_version'])}, "
        f"nutbox {html.escape(study['nutbox_version'])}; {summary['games']} games, {summary['played']} played, "
        f"<b>{summary['failed']} failed</b>.</p>",
        "<h2>Seats</h2>",
        _table(["seat", "win rate [95%]", "wins", "score"],
               [[player(s["seat"]), rate_with_interval(s), f"{s['count']} of {s['of']}", spread(s["score"])]
                for s in summary["seats"]]),
        _edge_html(summary),
        "<h2>Agents</h2>",
        _table(["agent", "settings", "win rate [95%]", "wins", "score"],
               [[a["agent"], a["settings"], rate_with_interval(a), f"{a['count']} of {a['of']}", spread(a["score"])]
                for a in summary["agents"]]),
        *_parts_html(summary),
        "<h2>Outcomes and length</h2>",
        _table(["figure", "value"], _outcome_lines(summary)),
        f'<img src="{html.escape(picture)}" alt="win rates, outcomes, scores, length and lead changes">',
    ]
    if summary["failures"]:
        parts.append("<h2>Failed games</h2>")
        parts.append(_table(["index", "seed", "agents", "error"],
                            [[str(f["index"]), str(f["seed"]), ", ".join(f["agents"]), f["error"]]
                             for f in summary["failures"]]))
    if files:
        parts.append("<h2>Files</h2><ul>" + "".join(
            f'<li><a href="{html.escape(name)}">{html.escape(name)}</a>: {html.escape(what)}</li>'
            for name, what in FILES if name in files) + "</ul>")
    return _page(f"Balance study: {game_words(study['game'])[0]}", "\n".join(parts))


def _parts_html(summary: Summary) -> list[str]:
    """Where the points come from (a game that keeps the parts of its scores)."""
    parts = summary.get("score_parts")
    if not parts:
        return []
    header, lines = parts_lines(parts)
    return ["<h2>Where the points come from</h2><p>Mean points per game from each part of the score, for each "
            "agent over the seats it took and for each seat.</p>", _table(header, lines)]


def _edge_html(summary: Summary) -> str:
    """The first player's edge; when the pairing is lopsided, the figure without a verdict and a warning."""
    first = summary["first_player"]
    fair = f"<p>Fair share {percent(summary['fair_share'])}. First player's edge: "
    mirrored = mirror_edge(summary.get("mirror"))
    mirror = f"<p><b>{html.escape(mirrored)}.</b></p>" if mirrored else ""
    if first is None or first["readable"]:
        return fair + f"{html.escape(edge(first))}.</p>" + mirror
    return (fair + f"{html.escape(edge_points(first))}.</p>\n"
            f'<p style="{WARNING_STYLE}"><b>The first player\'s edge is not readable from this study:</b> '
            f"{html.escape(first['why'] or '')}.</p>" + mirror)


def _outcome_lines(summary: Summary) -> list[list[str]]:
    outcomes, lead = summary["outcomes"], summary["lead"]
    lines = [
        ["sole wins", rate_with_interval(outcomes["sole_wins"])],
        ["shared wins", rate_with_interval(outcomes["shared_wins"])],
        ["draws", rate_with_interval(outcomes["draws"])],
        ["top score tied (tie-break decides)", rate_with_interval(outcomes["top_score_tied"])],
        ["length in decisions: median (quartiles), mean", spread(summary["length"]["decisions"])],
        ["length in actions (chance included)", spread(summary["length"]["actions"])],
    ]
    if lead is None:
        lines.append(["lead changes", "the game keeps no running score"])
    else:
        lines += [
            ["lead changes: median (quartiles), mean", spread(lead["lead_changes"])],
            ["games without a lead change", rate_with_interval(lead["no_lead_changes"])],
            ["the leader at half time wins", rate_with_interval(lead["halfway_leader_wins"])],
            ["lead tied at half time", f"{lead['halfway_tied']} games"],
        ]
    return lines


def sweep_html(option: str, comparison: list[Arm], picture: str) -> str:
    lines = [
        [arm["arm"] + (f" ({arm['setting']})" if arm.get("setting") else ""), str(arm["games"]), str(arm["failed"]),
         first_player_wins(arm["first_player"]), percent(arm["fair_share"]), spread(arm["decisions"]),
         rate_with_interval(arm["halfway_leader_wins"]), rate_with_interval(arm["draws"])]
        for arm in comparison
    ]
    links = "".join(f'<li><a href="{html.escape(arm["arm"])}/report.html">{html.escape(arm["arm"])}</a></li>'
                    for arm in comparison)
    changes = "".join(f"<h3>{html.escape(arm['arm'])} against {html.escape(comparison[0]['arm'])}</h3><ul>"
                      + ("".join(f"<li>{html.escape(difference_words(line))}</li>"
                                 for line in arm.get("differences", [])) or f"<li>{NOTHING_TO_COMPARE}</li>")
                      + "</ul>" for arm in comparison[1:])
    one = compared_what(option)
    body = (_table([one, "games", "failed", "player 1 wins [95%]", "fair share", "length (decisions)",
                    "half-time leader wins", "draws"], lines)
            + (f"<h2>Differences from the first {one}</h2><p>{DIFFERENCES_NOTE}</p>{changes}" if changes else "")
            + f'<img src="{html.escape(picture)}" alt="the figures across values of {html.escape(option)}">'
            + f"<h2>Each {one}'s report</h2><ul>{links}</ul>")
    return _page(comparison_title(option), body)


def write_study_report(directory: Path, summary: Summary, rows: list[Row]) -> Path:
    save(overview_figure(summary, rows), directory / OVERVIEW)
    path = directory / "report.html"
    path.write_text(study_html(summary, OVERVIEW, [name for name, _ in FILES if (directory / name).exists()]))
    return path


def write_sweep_report(directory: Path, option: str, comparison: list[Arm]) -> Path:
    save(sweep_figure(option, comparison), directory / SWEEP)
    path = directory / "report.html"
    path.write_text(sweep_html(option, comparison, SWEEP))
    return path


__all__ = ["overview_figure", "save", "sweep_figure", "write_study_report", "write_sweep_report"]
