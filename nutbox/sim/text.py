"""How a study's figures are written, the same in the terminal, the HTML report and the docs."""

from __future__ import annotations

from nutbox.sim.figures import Distribution, FirstPlayer, Interval, PlanJson


def percent(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f}%"


def rate_with_interval(figure: Interval | None) -> str:
    """`52.3% [50.1%, 54.5%]` from anything with rate, low and high."""
    if figure is None or figure.get("rate") is None:
        return "-"
    return f"{percent(figure['rate'])} [{percent(figure['low'])}, {percent(figure['high'])}]"


def edge(first: FirstPlayer | None) -> str:
    """The first player's edge over the fair share, in points of win rate, with its interval."""
    if first is None:
        return "-"
    points = f"{100 * first['edge']:+.1f} pts [{100 * first['edge_low']:+.1f}, {100 * first['edge_high']:+.1f}]"
    return points + (" (significant)" if first["significant"] else " (within chance)")


def number(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def spread(figure: Distribution | None) -> str:
    """`212 (180 to 250), mean 215.3`: the median with the quartiles around it, then the mean."""
    if figure is None:
        return "-"
    median, q1, q3, mean = (number(value) for value in (figure["median"], figure["q1"], figure["q3"], figure["mean"]))
    return f"{median} ({q1} to {q3}), mean {mean}"


def player(seat: int) -> str:
    """Seats are numbered from 0 in data and from 1 for people, as the games' own texts do."""
    return f"player {seat + 1}"


def study_line(study: PlanJson) -> str:
    """The game, its options and the seating, in one line."""
    options = ", ".join(f"{name}={value}" for name, value in sorted(study["options"].items()))
    return f"{study['game']} ({options}); seats {', '.join(study['seats'])}; seed {study['seed']}"
