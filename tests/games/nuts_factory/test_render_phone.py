"""Tests of the Nuts! phone picture (render_phone) on the views of seeded random games at every player count
(test_render's sample of their stages), from the seat to move (with its legal actions), every other seat and
the spectator.

The page draws the picture 358 CSS px wide, so a length in the picture is worth 358 / width CSS px: every
text must read at 10 px or more, every target offer a finger 32 x 32 px and overlap no other target, and the
targets must be the desktop picture's (render_svg), marked the same way, each with its place's data-state.
What a board action targets is read from the engine's action objects (test_render.board_target).
"""

from __future__ import annotations

import copy
import statistics
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache

import pytest
from render_checks import (
    SVG,
    Box,
    check_deterministic,
    check_marks,
    expected_targets,
    key_of,
    legal_texts,
    overlap,
    parse_once,
    seat_to_move,
    svg_texts,
    with_attribute,
)

from nutbox.games.nuts_factory import FactoryState
from nutbox.games.nuts_factory.actions import place
from nutbox.games.nuts_factory.components import COMPONENTS

from .test_render import PLAYERS, TARGET_ATTRIBUTES, board_target, render_phone, sample, sample_svgs

PAGE = 358  # CSS px the page gives the picture's width
SMALLEST_TEXT, MEDIAN_TEXT, FINGER = 10, 11, 32  # CSS px
PLACES = ("data-row", "data-tile", "data-spot", "data-machine", "data-holder", "data-squirrel", "data-truck",
          "data-cell")


def views(state: FactoryState) -> Iterator[tuple[int | None, list[str]]]:
    """Who looks, with the legal actions the table passes: the seat to move with its own, everyone else
    (and the spectator) with none."""
    mover = seat_to_move(state)
    for viewer in [*range(state.n), None]:
        yield viewer, legal_texts(state) if viewer is not None and viewer == mover else []


Phones = dict[int | None, tuple[str, ET.Element]]


@cache
def pictures(players: int) -> tuple[tuple[FactoryState, ET.Element, Phones], ...]:
    """Of each position of test_render's sample: the state, the desktop picture its seat to move sees
    (test_render's) and each viewer's phone picture (views), as drawn and parsed, drawn once for the tests that
    look at them. Without actions every seat sees the spectator's picture: it is parsed once."""
    found = []
    for state, desktop in sample_svgs(players):
        parsed: dict[str, ET.Element] = {}
        phones: Phones = {}
        for viewer, legal in views(state):
            picture = render_phone(state.view(viewer), legal)
            phones[viewer] = picture, parse_once(picture, parsed)
        found.append((state, desktop, phones))
    return tuple(found)


def scale(root: ET.Element) -> float:
    """CSS px per unit of the picture, once the page draws it 358 px wide."""
    width = float(root.get("width", ""))
    assert root.get("viewBox", "").split()[2] == root.get("width")
    return PAGE / width


@cache
def measured(players: int) -> tuple[list[float], list[tuple[float, float]]]:
    """The scaled size of every text and the scaled sides of every target's hit area, over the sample."""
    sizes: list[float] = []
    sides: list[tuple[float, float]] = []
    for _, _, phones in pictures(players):
        for _, root in phones.values():
            factor = scale(root)
            sizes += [float(t.get("font-size", "")) * factor for t in root.iter(f"{SVG}text")]
            for target in targets(root):
                left, top, right, bottom = hit_box(target)
                sides.append(((right - left) * factor, (bottom - top) * factor))
    return sizes, sides


def targets(root: ET.Element) -> list[ET.Element]:
    return [element for element in root.iter() if element.get("class") == "target"]


def hit_box(target: ET.Element) -> Box:
    """The box around what a finger can hit in a target: its shapes that take pointer events (a filled
    rectangle or circle, a stroked line), not those drawn with pointer-events="none"."""
    boxes: list[Box] = []
    for shape in target.iter():
        if shape.get("pointer-events") == "none":
            continue
        tag = shape.tag.removeprefix(SVG)
        if tag == "rect" and shape.get("fill") != "none":
            x, y = float(shape.get("x", "")), float(shape.get("y", ""))
            boxes.append((x, y, x + float(shape.get("width", "")), y + float(shape.get("height", ""))))
        elif tag == "circle" and shape.get("fill") != "none":
            x, y, r = (float(shape.get(name, "")) for name in ("cx", "cy", "r"))
            boxes.append((x - r, y - r, x + r, y + r))
        elif tag == "line":
            xs = (float(shape.get("x1", "")), float(shape.get("x2", "")))
            ys = (float(shape.get("y1", "")), float(shape.get("y2", "")))
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
    assert boxes, f"nothing to hit in {target.attrib}"
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def places(root: ET.Element) -> dict[tuple[str, str], str | None]:
    """Each place a table tracks, (attribute, value) -> its data-state."""
    found = {}
    for element in root.iter():
        for name in PLACES:
            if name in element.attrib:
                found[(name, element.get(name, ""))] = element.get("data-state")
    return found


# --- size ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_every_text_reads_at_10_px_or_more_and_most_at_11(players: int) -> None:
    sizes, _ = measured(players)
    assert len(sizes) > 1000
    assert min(sizes) >= SMALLEST_TEXT
    assert statistics.median(sizes) >= MEDIAN_TEXT


@pytest.mark.parametrize("players", PLAYERS)
def test_every_target_offers_a_finger_32_px_each_way(players: int) -> None:
    _, sides = measured(players)
    assert len(sides) > 100
    assert min(min(pair) for pair in sides) >= FINGER


@pytest.mark.parametrize("players", PLAYERS)
def test_no_two_targets_overlap(players: int) -> None:
    crowded = 0
    for state, _, phones in pictures(players):
        _, root = phones[seat_to_move(state)]
        boxes = [(hit_box(target), target.attrib) for target in targets(root)]
        for i, (box, attrib) in enumerate(boxes):
            for other, other_attrib in boxes[i + 1 :]:
                assert not overlap(box, other), (attrib, other_attrib)
        crowded = max(crowded, len(boxes))
    assert crowded > 20  # the free tile places of a young floor are many, side by side


# --- what is marked -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_the_phone_marks_the_desktop_targets_and_places_alike(players: int) -> None:
    kinds = set()
    for state, desktop, phones in pictures(players):
        legal = legal_texts(state)
        _, phone = phones[seat_to_move(state)]
        expected = expected_targets(state, board_target)
        check_marks(phone, expected, legal, lambda element: key_of(element, TARGET_ATTRIBUTES))

        def marks(root: ET.Element) -> dict[tuple[str, str], tuple[str | None, str | None]]:
            return {key_of(e, TARGET_ATTRIBUTES): (e.get("data-action"), e.get("data-actions")) for e in targets(root)}

        assert marks(phone) == marks(desktop)
        assert places(phone) == places(desktop)
        kinds |= {attribute for attribute, _ in expected}
    assert {"data-spot", "data-tile", "data-holder", "data-machine", "data-truck"} <= kinds


@pytest.mark.parametrize("players", PLAYERS)
def test_the_phone_draws_the_floor_the_trucks_and_every_seats_points_and_boxed_nuts(players: int) -> None:
    for state, _, phones in pictures(players)[::3]:
        view = state.view(None)
        _, root = phones[None]
        assert sorted(e.get("data-tile", "") for e in with_attribute(root, "data-tile")) == sorted(
            place(*spot) for spot in state.tiles)
        assert sorted(e.get("data-machine", "") for e in with_attribute(root, "data-machine")) == sorted(
            place(*spot) for spot in state.machines)
        assert [e.get("data-truck") for e in with_attribute(root, "data-truck")] == [str(t) for t in state.trucks]
        holders = with_attribute(root, "data-holder")
        assert [[t.text for t in e.iter(f"{SVG}text")] for e in holders] == [h["boxes"] for h in view["holders"]]
        scores = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "scores")
        said = svg_texts(scores)
        for seat, points in enumerate(view["points"]):
            assert f"Player {seat + 1}" in said
            assert f"{points} point{'s' if points != 1 else ''}" in said
        boxed = sorted(code for code in said if code in COMPONENTS.nut_codes)
        assert boxed == sorted(code for store in view["warehouses"] for code, n in store.items() for _ in range(n))


def test_in_shipping_the_trucks_come_before_the_floor_and_otherwise_after_it() -> None:
    def tops(root: ET.Element) -> tuple[float, float]:
        truck = float(next(with_attribute(root, "data-truck")[0].iter(f"{SVG}rect")).get("y", ""))
        row = float(next(e for e in root.iter(f"{SVG}rect") if e.get("data-row") == "1").get("y", ""))
        return truck, row

    seen = set()
    for state, _, phones in pictures(3):
        if not state.trucks or state.phase in ("over", "setup"):
            continue
        truck, row = tops(phones[seat_to_move(state)][1])
        assert (truck < row) == (state.phase == "shipping"), state.phase
        seen.add(state.phase == "shipping")
    assert seen == {True, False}


# --- what it depends on ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_the_phone_picture_is_deterministic(players: int) -> None:
    for state in list(sample(players))[::10]:
        check_deterministic(render_phone, state)


@pytest.mark.parametrize("players", PLAYERS)
def test_nothing_hidden_shows_every_seat_sees_the_spectators_picture(players: int) -> None:
    """Hands are the only hidden thing in Nuts! and the picture draws none: without legal actions, each
    seat's picture is the spectator's, and changing a seat's own hand in its view changes nothing."""
    held = 0
    for state, _, phones in pictures(players):
        spectator, _ = phones[None]
        for seat in range(state.n):
            view = state.view(seat)
            drawn, _ = phones[seat]
            if seat == seat_to_move(state):  # drawn with its actions: drawn again without them
                drawn = render_phone(view, [])
            assert drawn == spectator
            if view.get("hand"):
                held += 1
                other = copy.deepcopy(view)
                other["hand"] = [card.id for card in COMPONENTS.bonus_cards if card.id not in view["hand"]][:3]
                assert render_phone(other, []) == spectator
    assert held, "no one held a bonus card: hidden hands went untested"

