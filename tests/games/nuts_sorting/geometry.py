"""The geometry of a picture's clickable targets, read from the SVG itself: which shapes take a click or a tap
(a shape under pointer-events="none" does not), each as a convex polygon, their box, and whether two overlap.

A circle counts as the regular 24-gon around it, so an overlap test errs towards finding one.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

from render_checks import SVG

Point = tuple[float, float]
Polygon = list[Point]
SHAPES = {f"{SVG}polygon", f"{SVG}rect", f"{SVG}circle", f"{SVG}path", f"{SVG}line", f"{SVG}text"}


def drawn(element: ET.Element, hit: bool = True) -> Iterator[tuple[ET.Element, bool]]:
    """Each element under `element` (itself included) and whether a click on it reaches it."""
    hit = hit and element.get("pointer-events") != "none"
    yield element, hit
    for child in element:
        yield from drawn(child, hit)


def polygon_of(shape: ET.Element) -> Polygon:
    """A polygon, rect or circle as a convex polygon."""
    if shape.tag == f"{SVG}polygon":
        return [(float(x), float(y)) for x, y in (point.split(",") for point in shape.get("points", "").split())]
    if shape.tag == f"{SVG}rect":
        x, y = float(shape.get("x", "0")), float(shape.get("y", "0"))
        width, height = float(shape.get("width", "")), float(shape.get("height", ""))
        return [(x, y), (x + width, y), (x + width, y + height), (x, y + height)]
    assert shape.tag == f"{SVG}circle", shape.tag
    x, y, r = (float(shape.get(name, "")) for name in ("cx", "cy", "r"))
    out = r / math.cos(math.pi / 24)
    return [(x + out * math.cos(k * math.pi / 12), y + out * math.sin(k * math.pi / 12)) for k in range(24)]


def hit_shapes(target: ET.Element) -> list[Polygon]:
    """The shapes of a target that take a click: no text or path may (they would have no polygon here)."""
    shapes = []
    for element, hit in drawn(target):
        if element.tag in SHAPES and hit:
            assert element.tag in (f"{SVG}polygon", f"{SVG}rect", f"{SVG}circle"), ET.tostring(element)
            shapes.append(polygon_of(element))
    assert shapes
    return shapes


def all_points(target: ET.Element) -> list[Point]:
    """The points of every polygon, rect, circle and line in a target, hit or not (a path's numbers are
    points and radii alike: its points are taken as the numbers that follow M and L and end an arc)."""
    points: list[Point] = []
    for element, _ in drawn(target):
        if element.tag in (f"{SVG}polygon", f"{SVG}rect", f"{SVG}circle"):
            points += polygon_of(element)
        elif element.tag == f"{SVG}line":
            points += [(float(element.get("x1", "")), float(element.get("y1", ""))),
                       (float(element.get("x2", "")), float(element.get("y2", "")))]
        elif element.tag == f"{SVG}path":
            for command in re.findall(r"[MLA][^MLAZ]*", element.get("d", "")):
                numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", command)]
                points.append((numbers[-2], numbers[-1]))
    return points


def box(points: list[Point]) -> tuple[float, float, float, float]:
    """left, top, right, bottom"""
    return (min(x for x, _ in points), min(y for _, y in points), max(x for x, _ in points),
            max(y for _, y in points))


def inner_diameter(polygon: Polygon) -> float:
    """Twice the distance from a convex polygon's centre of corners to its nearest side: the widest circle
    about that centre that fits."""
    cx, cy = sum(x for x, _ in polygon) / len(polygon), sum(y for _, y in polygon) / len(polygon)
    distances = []
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        length = math.hypot(x2 - x1, y2 - y1)
        distances.append(abs((x2 - x1) * (y1 - cy) - (x1 - cx) * (y2 - y1)) / length)
    return 2 * min(distances)


def overlap(a: Polygon, b: Polygon, slack: float = 0.01) -> bool:
    """Whether two convex polygons share more than their edges (separating axes)."""
    for polygon in (a, b):
        for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
            nx, ny = y2 - y1, x1 - x2
            first = [nx * x + ny * y for x, y in a]
            second = [nx * x + ny * y for x, y in b]
            if max(first) <= min(second) + slack * math.hypot(nx, ny) or \
                    max(second) <= min(first) + slack * math.hypot(nx, ny):
                return False
    return True
