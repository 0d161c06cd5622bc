"""Tests of the Nut Hunt phone picture (render_phone) on views taken from seeded random games at every player
count (test_render's sample of their stages), seen by each seat and by the spectator.

The page draws the picture 358 CSS px wide, so a length in the picture is length * 358 / width CSS px. A
target's hit area is read from its shapes (the hex polygon and its stroke); two targets' hit areas must not
overlap, which for convex shapes is checked by separating axes.
"""

from __future__ import annotations

import math
import statistics
import xml.etree.ElementTree as ET
from functools import cache

import pytest
from render_checks import (
    SVG,
    Drawn,
    cards_shown,
    check_deterministic,
    check_marks,
    expected_targets,
    legal_texts,
    parse_once,
    seat_to_move,
    svg_texts,
    title_of,
    with_attribute,
)

from nutbox.games.nut_hunt import HuntState
from nutbox.games.nut_hunt.components import COMPONENTS
from nutbox.games.nut_hunt.face import FACE
from nutbox.registry import face

from .test_render import game_positions, render_svg, sample_svgs, tile_of

PHONE = 358  # CSS px: the width the page draws the phone picture at
FINGER = 32  # CSS px: the smallest side of a target's hit area
PLAYERS = range(1, 6)
SEEDS = range(2)
Point = tuple[float, float]


render_phone = Drawn(FACE).phone


def sample(players: int) -> list[HuntState]:
    """test_render's sample of each game: a few positions of each stage, the first and the last, every 40th."""
    return [state for seed in SEEDS for state, _ in sample_svgs(players, seed)]


def viewers(state: HuntState) -> list[int | None]:
    return [*range(state.n), None]


def phone_picture(state: HuntState, seat: int | None) -> str:
    """The phone picture `seat` sees; with the legal actions when it is the seat to move."""
    legal = legal_texts(state) if seat == seat_to_move(state) else []
    return render_phone(state.view(seat), legal)


def phone_of(state: HuntState, seat: int | None) -> ET.Element:
    return ET.fromstring(phone_picture(state, seat))


@cache
def pictures(players: int) -> tuple[tuple[HuntState, ET.Element, dict[int | None, ET.Element]], ...]:
    """Of each position of the sample: the state, the desktop picture its seat to move sees (test_render's) and
    the phone picture of each viewer, drawn once for the tests that look at them (most viewers of a position
    see the same picture: it is parsed once)."""
    found = []
    for seed in SEEDS:
        for state, desktop in sample_svgs(players, seed):
            parsed: dict[str, ET.Element] = {}
            found.append((state, desktop, {seat: parse_once(phone_picture(state, seat), parsed)
                                           for seat in viewers(state)}))
    return tuple(found)


def scale(root: ET.Element) -> float:
    width = float(root.get("width", "0"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    return PHONE / width


def text_sizes(root: ET.Element) -> list[float]:
    """Each <text>'s font size in CSS px."""
    factor = scale(root)
    return [float(element.get("font-size", "0")) * factor for element in root.iter(f"{SVG}text")]


# --- geometry ------------------------------------------------------------------------------------------------
def polygon_of(element: ET.Element) -> list[Point]:
    """A shape as a convex polygon grown by half its stroke (the page hits the painted stroke too)."""
    stroke = float(element.get("stroke-width", "1")) / 2 if element.get("stroke", "none") != "none" else 0
    tag = element.tag.removeprefix(SVG)
    if tag == "polygon":
        points = [tuple(map(float, pair.split(","))) for pair in element.get("points", "").split()]
        cx, cy = sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)
        inner = min(edge_distance((cx, cy), points[i], points[(i + 1) % len(points)]) for i in range(len(points)))
        grow = (inner + stroke) / inner
        return [(cx + (x - cx) * grow, cy + (y - cy) * grow) for x, y in points]
    if tag == "rect":
        x, y = float(element.get("x", "0")) - stroke, float(element.get("y", "0")) - stroke
        w, h = float(element.get("width", "0")) + 2 * stroke, float(element.get("height", "0")) + 2 * stroke
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    assert tag == "circle", tag
    x, y, r = (float(element.get(name, "0")) for name in ("cx", "cy", "r"))
    r += stroke
    return [(x + r * math.cos(math.pi * i / 8), y + r * math.sin(math.pi * i / 8)) for i in range(16)]


def edge_distance(point: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = point, a, b
    return abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / math.hypot(bx - ax, by - ay)


def shapes(target: ET.Element) -> list[list[Point]]:
    return [polygon_of(element) for element in target.iter()
            if element.tag.removeprefix(SVG) in ("polygon", "rect", "circle")]


def inside(point: Point, polygon: list[Point]) -> bool:
    """Within a convex polygon (either winding)."""
    signs = set()
    for i, (ax, ay) in enumerate(polygon):
        bx, by = polygon[(i + 1) % len(polygon)]
        cross = (bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax)
        if abs(cross) > 1e-9:
            signs.add(cross > 0)
    return len(signs) <= 1


def holds_square(polygon: list[Point], side: float) -> bool:
    """A square of this side, centred on the polygon's centre, fits inside it."""
    cx = sum(p[0] for p in polygon) / len(polygon)
    cy = sum(p[1] for p in polygon) / len(polygon)
    half = side / 2
    return all(inside((cx + dx, cy + dy), polygon) for dx in (-half, half) for dy in (-half, half))


def overlap(a: list[Point], b: list[Point]) -> bool:
    """Two convex polygons share some area (separating axis theorem; touching edges do not count)."""
    for polygon in (a, b):
        for i, (x1, y1) in enumerate(polygon):
            x2, y2 = polygon[(i + 1) % len(polygon)]
            axis = (y1 - y2, x2 - x1)
            pa = [axis[0] * x + axis[1] * y for x, y in a]
            pb = [axis[0] * x + axis[1] * y for x, y in b]
            if max(pa) <= min(pb) + 1e-6 or max(pb) <= min(pa) + 1e-6:
                return False
    return True


# --- the tests -----------------------------------------------------------------------------------------------
def test_the_face_offers_the_phone_picture() -> None:
    assert face("nut-hunt") is FACE and FACE.draws_svg
    view = game_positions(2, 0)[-1].view(None)
    assert FACE.phone(view) != FACE.svg(view)


@pytest.mark.parametrize("players", PLAYERS)
def test_every_text_is_legible_on_a_phone(players: int) -> None:
    sizes = []
    for _, _, phones in pictures(players):
        for root in phones.values():
            assert root.tag == f"{SVG}svg"
            assert float(root.get("width", "0")) == PHONE  # one unit is one CSS px
            sizes += text_sizes(root)
    assert min(sizes) >= 10
    assert statistics.median(sizes) >= 11


def test_the_measure_fails_a_small_text() -> None:
    """The desktop picture drawn 358 px wide is what the phone picture replaces: its texts are too small."""
    state = next(s for s in game_positions(3, 0) if s.phase == "action")
    sizes = text_sizes(ET.fromstring(render_svg(state.view(None), [])))
    assert min(sizes) < 9


@pytest.mark.parametrize("players", PLAYERS)
def test_targets_are_the_desktops_finger_sized_and_apart(players: int) -> None:
    smallest = math.inf
    for state, desktop, phones in pictures(players):
        root = phones[seat_to_move(state)]
        marked = check_marks(root, expected_targets(state, tile_of), legal_texts(state),
                             lambda element: element.get("data-tile", ""))
        assert {(e.get("data-tile"), e.get("data-actions")) for e in with_attribute(desktop, "data-action")} == {
            (e.get("data-tile"), e.get("data-actions")) for e in marked}
        factor = scale(root)
        areas = []
        for target in marked:
            hit = max(shapes(target), key=lambda polygon: len(polygon) == 6)  # the tile's hex
            assert holds_square(hit, FINGER / factor), target.get("data-tile")
            width = (max(x for x, _ in hit) - min(x for x, _ in hit)) * factor
            height = (max(y for _, y in hit) - min(y for _, y in hit)) * factor
            smallest = min(smallest, width, height)
            areas.append(hit)
        # every tile, marked or not, is a place under a finger: no two hexes overlap
        tiles = [max(shapes(element), key=len) for element in with_attribute(root, "data-tile")]
        assert not any(overlap(a, b) for i, a in enumerate(tiles) for b in tiles[i + 1 :])
    assert smallest >= FINGER


def test_the_overlap_measure_sees_an_overlap() -> None:
    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    assert overlap(square, [(x + 9, y + 9) for x, y in square])
    assert not overlap(square, [(x + 10, y) for x, y in square])
    assert not holds_square(square, 11) and holds_square(square, 9)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_phone_shows_the_tiles_places_and_states_as_the_desktop(players: int) -> None:
    for state, desktop, phones in pictures(players)[::3]:
        phone = phones[seat_to_move(state)]

        def places(root: ET.Element) -> dict[str, tuple[str | None, str]]:
            tiles = with_attribute(root, "data-tile")
            return {e.get("data-tile", ""): (e.get("data-state"), title_of(e)) for e in tiles}

        assert places(phone) == places(desktop)
        assert sum(1 for e in phone.iter(f"{SVG}g") if e.get("class") == "empty") == 19 - len(state.tile_at)
        assert sum(1 for e in phone.iter(f"{SVG}g") if e.get("class") == "fox") == (state.fox is not None)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_phone_shows_every_owners_score_and_pieces(players: int) -> None:
    for state, _, phones in pictures(players)[::4]:
        view = state.view(None)
        texts = svg_texts(phones[None])
        joined = "\n".join(texts)
        for owner, info in enumerate(view["owners"]):
            assert info["name"] in texts
            squirrels = sum(counts["squirrels"][owner] for counts in view["board"].values())
            nests = view["nest_counts"][owner]
            assert f"{nests} nest{'s' if nests != 1 else ''}, {squirrels} squirrel" in joined
            points = view["breakdown"][owner]["total"] if "breakdown" in view else 2 * nests
            assert any(text.startswith(f"{points} point") for text in texts)
        # each piece drawn: a dot per squirrel and a house per owner's nests on a tile
        for element in with_attribute(phones[None], "data-tile"):
            counts = view["board"][element.get("data-tile", "")]
            dots = sum(1 for e in element.iter(f"{SVG}circle"))
            houses = sum(1 for e in element.iter(f"{SVG}polygon") if len(e.get("points", "").split()) == 5)
            assert dots == sum(counts["squirrels"]) and houses == sum(1 for n in counts["nests"] if n)


def test_the_tile_list_gives_what_each_tile_forages_and_costs_in_words() -> None:
    state = game_positions(2, 0)[-1]
    texts = svg_texts(phone_of(state, None))
    assert "forage: any nut" in texts and "recruit: one of each nut" in texts  # Heart of the Wood
    assert "recruit: 2 hazelnuts, walnut" in texts  # Mouse Meadow
    codes = {tile.code for tile in COMPONENTS.tiles}
    assert not codes & {word for text in texts for word in text.replace(",", " ").split()}


@pytest.mark.parametrize("players", range(2, 6))
def test_nothing_hidden_leaks(players: int) -> None:
    """Another seat's objectives are not drawn: dealing them other cards from the unseen deck changes
    nothing in a seat's (or the spectator's) picture, and none of their numbers or routes appears."""
    checked = 0
    for state in [state for state in sample(players) if not state.is_terminal()][::5]:  # the end shows every hand
        for seat in viewers(state):
            text = render_phone(state.view(seat), [])
            root = ET.fromstring(text)
            words = "\n".join([*svg_texts(root), *(title_of(element) for element in root.iter())])
            others = [other for other in range(state.n) if other != seat]
            hidden = {card for other in others for card in state.hands[other]}
            assert not hidden & cards_shown(words)
            for card in hidden:
                a, b = COMPONENTS.objectives[card - 1].ends
                assert f"{COMPONENTS.tiles[a].name} to {COMPONENTS.tiles[b].name}" not in words
            swapped, pool = state.clone(), list(state.pool)
            for other in others:
                held = len(state.hands[other])
                if held and len(pool) >= held:
                    swapped.hands[other], pool = tuple(pool[:held]), pool[held:] + list(state.hands[other])
                    checked += 1
            swapped.pool = tuple(sorted(pool))
            assert render_phone(swapped.view(seat), []) == text
    assert checked


def test_the_phone_picture_is_deterministic() -> None:
    for players in PLAYERS:
        for state in game_positions(players, 0)[::60]:
            check_deterministic(render_phone, state)
