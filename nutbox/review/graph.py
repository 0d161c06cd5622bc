"""A seat's chance of winning after each of its decisions, drawn as an SVG line: 0 to 100 % up the side, the
seat's decisions along the bottom, the marked ones as coloured dots that a legend names in words.

Pure: points in, SVG text out, built as elements (ElementTree escapes every name and word). It is drawn 400 units
wide, about a phone's width, so its text stays readable there; it scales with the box it is put in. It says what it
shows to a screen reader (role="img", a title and a description in words) as well as to the eye.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

from nutbox.review.game_review import MARKS

WIDTH, HEIGHT = 400.0, 238.0
LEFT, RIGHT, TOP, BOTTOM = 44.0, 14.0, 12.0, 172.0  # the plot's edges
INK, GRID, LINE = "#444", "#e4dccf", "#8a5a2b"
COLOURS = {"inaccuracy": "#e0a800", "mistake": "#e8590c", "blunder": "#b0003a"}  # light to dark, as they grow
RADIUS = {"inaccuracy": 5.0, "mistake": 6.0, "blunder": 7.0}
MARK_NAMES = tuple(name for name, _ in reversed(MARKS))  # inaccuracy, mistake, blunder


RIGHT_EDGE = WIDTH - RIGHT


@dataclass(frozen=True)
class Scale:
    """Where a decision and a chance are drawn, for a seat with `count` decisions."""

    count: int

    def x(self, turn: float) -> float:
        return LEFT + (RIGHT_EDGE - LEFT) * ((turn - 1) / (self.count - 1) if self.count > 1 else 0.5)

    def y(self, chance: float) -> float:
        return BOTTOM - (BOTTOM - TOP) * min(1.0, max(0.0, chance))


@dataclass(frozen=True)
class Point:
    """The chance of winning after one of the seat's decisions (its how-many-th, from 1), and its mark if any."""

    turn: int
    chance: float  # 0 to 1
    mark: str | None = None


def percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


def _n(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def describe(name: str, points: Sequence[Point]) -> tuple[str, str]:
    """The graph's title and its description in words, for those who cannot see it."""
    title = f"{name}: chance of winning after each decision"
    if not points:
        return title, f"{name} had no decision with a choice."
    first, last = points[0], points[-1]
    low = min(points, key=lambda point: point.chance)
    said = [f"{len(points)} decision{'s' if len(points) != 1 else ''} with a choice",
            f"{percent(first.chance)} after the first and {percent(last.chance)} after the last",
            f"lowest {percent(low.chance)} after decision {low.turn}"]
    marked = [f"decision {point.turn} ({point.mark})" for point in points if point.mark]
    said.append("marked: " + ", ".join(marked) if marked else "no decision marked")
    return title, "; ".join(said) + "."


def chance_graph(name: str, points: Sequence[Point], ident: str = "graph") -> str:
    """The graph of one seat (`name`, shown as given: it is escaped here), its element ids starting with `ident`."""
    title, description = describe(name, points)
    svg = ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {_n(WIDTH)} {_n(HEIGHT)}", "class": "chance-graph",
        "role": "img", "aria-labelledby": f"{ident}-title {ident}-desc", "font-family": "sans-serif",
    })
    ET.SubElement(svg, "title", {"id": f"{ident}-title"}).text = title
    ET.SubElement(svg, "desc", {"id": f"{ident}-desc"}).text = description
    scale = Scale(max((point.turn for point in points), default=1))
    x, y = scale.x, scale.y
    _axes(svg, scale)
    if len(points) > 1:
        ET.SubElement(svg, "polyline", {
            "points": " ".join(f"{_n(x(p.turn))},{_n(y(p.chance))}" for p in points), "fill": "none",
            "stroke": LINE, "stroke-width": "2", "stroke-linejoin": "round",
        })
    small = len(points) <= 40  # every decision's own dot, while they do not crowd the line
    for point in points:
        if point.mark is None and not small:
            continue
        dot = ET.SubElement(svg, "circle", {
            "cx": _n(x(point.turn)), "cy": _n(y(point.chance)), "r": _n(RADIUS.get(point.mark or "", 2.5)),
            "fill": COLOURS.get(point.mark or "", LINE), "stroke": "white" if point.mark else "none",
            "stroke-width": "1.5", "class": f"dot {point.mark or 'plain'}",
        })
        said = f"decision {point.turn}: {percent(point.chance)}" + (f", {point.mark}" if point.mark else "")
        ET.SubElement(dot, "title").text = said
    _legend(svg, points)
    return ET.tostring(svg, encoding="unicode")


def _text(parent: ET.Element, x: float, y: float, words: str, anchor: str = "middle", size: float = 13) -> None:
    ET.SubElement(parent, "text", {"x": _n(x), "y": _n(y), "font-size": _n(size), "fill": INK,
                                   "text-anchor": anchor}).text = words


def _axes(svg: ET.Element, scale: Scale) -> None:
    """The 0 to 100 % scale with its lines, and the decisions' numbers along the bottom."""
    x, y, count = scale.x, scale.y, scale.count
    for chance in (0.0, 0.25, 0.5, 0.75, 1.0):
        level = y(chance)
        ET.SubElement(svg, "line", {"x1": _n(LEFT), "x2": _n(RIGHT_EDGE), "y1": _n(level), "y2": _n(level),
                                    "stroke": INK if chance == 0 else GRID, "stroke-width": "1"})
        _text(svg, LEFT - 5, level + 4, percent(chance), "end")
    step = next(size for size in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000) if count / size <= 8)
    turns = sorted({1, *range(step, count + 1, step)}) if count > 1 else [1]
    if len(turns) > 2 and turns[1] - turns[0] <= step / 2:
        turns.pop(1)  # "1" and a first round number too close to read apart
    for turn in turns:
        _text(svg, x(turn), BOTTOM + 16, str(turn))
    _text(svg, (LEFT + RIGHT_EDGE) / 2, BOTTOM + 33, "decision")


def _legend(svg: ET.Element, points: Sequence[Point]) -> None:
    """What the dots mean, in words, with how many of each this seat has."""
    top = HEIGHT - 8
    spot = LEFT - 30
    for name in MARK_NAMES:
        found = sum(point.mark == name for point in points)
        ET.SubElement(svg, "circle", {"cx": _n(spot + 6), "cy": _n(top - 4), "r": _n(RADIUS[name]),
                                      "fill": COLOURS[name], "stroke": "white", "stroke-width": "1.5"})
        words = f"{name} ({found})"
        _text(svg, spot + 16, top, words, "start")
        spot += 16 + 7.4 * len(words) + 12
