"""How a study's figures are written, the same in the terminal, the HTML report and the docs."""

from __future__ import annotations

import json

from nutbox.core import OptionInfo, OptionsError, describe
from nutbox.core.data import paths
from nutbox.registry import game_class
from nutbox.sim.figures import (
    Difference,
    Distribution,
    FirstPlayer,
    Interval,
    Mirror,
    OptionValue,
    PartFigures,
    PlanJson,
)


def percent(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f}%"


def rate_with_interval(figure: Interval | None) -> str:
    """`52.3% [50.1%, 54.5%]` from anything with rate, low and high."""
    if figure is None or figure.get("rate") is None:
        return "-"
    return f"{percent(figure['rate'])} [{percent(figure['low'])}, {percent(figure['high'])}]"


def edge_points(first: FirstPlayer | None) -> str:
    """`+4.0 percentage points [+1.9, +6.2]`: the first player's edge over the fair share, with its interval.
    (Points of win rate, written out: "pts" or "%" would read as a score or as a relative change.)"""
    if first is None:
        return "-"
    return (f"{100 * first['edge']:+.1f} percentage points "
            f"[{100 * first['edge_low']:+.1f}, {100 * first['edge_high']:+.1f}]")


def edge_verdict(first: FirstPlayer | None) -> str:
    """What the edge's figure says: significant, within chance, or nothing at all (a lopsided pairing)."""
    if first is None:
        return ""
    if not first["readable"]:
        return f"not readable: {first['why']}"
    return "significant" if first["significant"] else "within chance"


def edge(first: FirstPlayer | None) -> str:
    """The first player's edge with its verdict: `+4.0 percentage points [+1.9, +6.2] (significant)`."""
    if first is None:
        return "-"
    if not first["readable"]:  # the verdict is a sentence here, not a word in brackets
        return f"{edge_points(first)}, {edge_verdict(first)}"
    return f"{edge_points(first)} ({edge_verdict(first)})"


def mirror_edge(mirror: Mirror | None) -> str | None:
    """`From 200 mirror matches of easy: +4.0 percentage points [+1.9, +6.2] (significant)`; None without them."""
    if mirror is None:
        return None
    return (f"From {mirror['games']:,} mirror matches of {mirror['agent']} (in every seat): "
            f"{edge(mirror['first_player'])}")


def first_player_wins(first: FirstPlayer | None) -> str:
    """Player 1's win rate with its interval, marked when a lopsided pairing leaves the first seat unread
    (a sweep's table shows the rate alone, where the marker is the only warning)."""
    marker = " (lopsided pairing: the first seat's edge is not readable)" if first and not first["readable"] else ""
    return rate_with_interval(first) + marker


def difference_words(line: Difference) -> str:
    """`easy wins: +6.0 percentage points [+2.1, +9.9], beyond chance` (an arm's rate against the first arm's)."""
    verdict = "beyond chance" if line["beyond_chance"] else "within chance"
    return (f"{line['what']}: {100 * line['difference']:+.1f} percentage points "
            f"[{100 * line['low']:+.1f}, {100 * line['high']:+.1f}], {verdict}")


def number(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def spread(figure: Distribution | None) -> str:
    """`212 (180 to 250), mean 215.3`: the median with the quartiles around it, then the mean."""
    if figure is None:
        return "-"
    median, q1, q3, mean = (number(value) for value in (figure["median"], figure["q1"], figure["q3"], figure["mean"]))
    return f"{median} ({q1} to {q3}), mean {mean}"


def parts_lines(parts: list[PartFigures]) -> tuple[list[str], list[list[str]]]:
    """Where the points come from, as a table's header and lines: a line per part of the score, its mean points
    per game for each agent, then for each seat."""
    agents = list(dict.fromkeys(agent for part in parts for agent in part["agents"]))
    seats = len(parts[0]["seats"]) if parts else 0
    header = ["part of the score", *agents, *(player(seat) for seat in range(seats))]
    lines = [[part["part"].replace("_", " "), *(number(part["agents"].get(agent)) for agent in agents),
              *(number(value) for value in part["seats"])] for part in parts]
    return header, lines


def player(seat: int) -> str:
    """Seats are numbered from 0 in data and from 1 for people, as the games' own texts do."""
    return f"player {seat + 1}"


def study_line(study: PlanJson) -> str:
    """The game by its title, its options in words and the seating, in one line:
    `Nut Hunt (Players: 2; Competitive variant: no); seats: easy, random; seed 11`."""
    title, infos = game_words(study["game"])
    # "; " between options, as a choice's label may hold a comma ("Dealt 3, keep 2")
    options = "; ".join(option_words(name, value, infos.get(name)) for name, value in study["options"].items())
    line = f"{title} ({options}); seats: {', '.join(study['seats'])}; seed {study['seed']}"
    changes = study.get("data")
    return f"{line}; {changes_words(changes)}" if changes else line


VARIANTS = "variants"  # what a comparison of named variants compares (nutbox.sim.variants)


def comparison_title(option: str) -> str:
    return "Variants side by side" if option == VARIANTS else f"Sweep over {option}"


def compared_what(option: str) -> str:
    """What one arm of a comparison is, for a column's head."""
    return "variant" if option == VARIANTS else "value"


def setting_words(arm: PlanJson, first: PlanJson) -> str:
    """What an arm of a comparison sets that its first arm does not, in words: `Ending score: 70; components
    changed: trucks[0].points = 8`."""
    _, infos = game_words(arm["game"])
    said = [option_words(name, value, infos.get(name)) for name, value in arm["options"].items()
            if first["options"].get(name) != value]
    if arm.get("data") != first.get("data"):
        said.append(changes_words(arm.get("data") or {}) if arm.get("data") else "components as printed")
    return "; ".join(said) or "the same as the first"


def changes_words(changes: dict[str, object]) -> str:
    """`components changed: trucks[0].points = 14, squirrel_die = [...]` (a study's --data)."""
    return "components changed: " + ", ".join(f"{place} = {json.dumps(value)}" for place, value in paths(changes))


def option_words(name: str, value: OptionValue, info: OptionInfo | None) -> str:
    """`Competitive variant: no`: an option as the game names it for people (nutbox.core.options), or, for
    an option the game does not declare (a study of an older nutbox), its name with spaces for _ and -."""
    label = info.label if info is not None else _spaced(name).capitalize()
    if isinstance(value, bool):
        return f"{label}: {'yes' if value else 'no'}"
    if info is not None and info.kind == "choice":
        return f"{label}: {info.choice_labels.get(str(value), _spaced(str(value)))}"
    if info is None and isinstance(value, str):
        return f"{label}: {_spaced(value)}"
    return f"{label}: {value}"  # a number, or free text kept as typed (a die's faces, say)


def _spaced(text: str) -> str:
    return text.replace("_", " ").replace("-", " ")


def game_words(game_id: str) -> tuple[str, dict[str, OptionInfo]]:
    """The game's title and its options' descriptions; the id and none for a game no longer installed, so a
    stored study can still be reported."""
    try:
        cls = game_class(game_id)
    except OptionsError:
        return game_id, {}
    return cls.title, {info.name: info for info in describe(cls.options_type)}
