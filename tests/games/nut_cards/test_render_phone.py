"""Tests of Nut's phone picture (render_phone.py) on views taken from seeded random games at every player count
(test_render's sample of their stages), as the seat to move, every other seat and a spectator see them.

The page scales the picture so that its width fills 358 CSS pixels; the checks measure at that scale: text
at 10 px or more, targets at least 32 px on each side and never overlapping, the same targeted actions as the
desktop picture, and nothing the view does not show.
"""

from __future__ import annotations

import re
import statistics
import xml.etree.ElementTree as ET
from functools import cache
from itertools import combinations

import pytest
from render_checks import (
    SVG,
    Drawn,
    all_look,
    check_deterministic,
    check_marks,
    expected_targets,
    key_of,
    legal_texts,
    overlap,
    seat_to_move,
    shapes_box,
    svg_texts,
    with_attribute,
)

from nutbox.core import Action
from nutbox.games.nut_cards import CardsOptions, CardsState, NutCards
from nutbox.games.nut_cards.actions import Place, Take
from nutbox.games.nut_cards.face import FACE
from nutbox.games.nut_cards.view import CardsView
from nutbox.registry import entry

from .test_render import game_positions, sample_svgs, stage

PLAYERS = (2, 3)
SEEDS = range(2)
SCREEN = 358  # CSS pixels the picture's width fills
FINGER = 32  # CSS pixels: the least side of a target
TARGET_ATTRIBUTES = ("data-offer", "data-spot")


render_phone = Drawn(FACE).phone


render_svg = Drawn(FACE).svg


@cache
def pictures(players: int) -> tuple[tuple[CardsState, int | None, tuple[str, ...], ET.Element, ET.Element], ...]:
    """(state, viewer, legal actions, phone picture, desktop picture) at each position of test_render's sample
    of the games' stages: the seat to move with its legal actions and, where all look (every other position,
    each stage at least once), also each seat and a spectator, who decide nothing there. The mover's desktop
    picture is test_render's."""
    found = []
    for seed in SEEDS:
        sampled = sample_svgs(players, seed)
        for (state, mover_desktop), everyone in zip(sampled, all_look([s for s, _ in sampled], stage), strict=True):
            mover = seat_to_move(state)
            seen_by = [(mover, legal_texts(state))]
            if everyone:
                seen_by += [(seat, []) for seat in (*range(state.n), None) if seat != mover]
            for seat, legal in seen_by:
                view = state.view(seat)
                desktop = mover_desktop if seat == mover else ET.fromstring(render_svg(view, legal))
                found.append((state, seat, tuple(legal), ET.fromstring(render_phone(view, legal)), desktop))
    return tuple(found)


def scale(root: ET.Element) -> float:
    """CSS pixels per unit once the page fits the picture's width to the screen."""
    width = float(root.get("width", ""))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    return SCREEN / width


def text_sizes(root: ET.Element) -> list[float]:
    return [float(element.get("font-size", "")) * scale(root) for element in root.iter(f"{SVG}text")]


def target_of(state: CardsState, action: Action) -> tuple[str, str]:
    if isinstance(action, Take):
        return "data-offer", str(action.card)
    assert isinstance(action, Place)
    return "data-spot", f"{action.x},{action.y}"


def targeted(root: ET.Element) -> set[str]:
    return {action for element in with_attribute(root, "data-actions")
            for action in element.get("data-actions", "").split("|")}


def layouts_of(root: ET.Element) -> list[ET.Element]:
    return [element for element in root.iter(f"{SVG}g") if element.get("class") == "layout"]


# --- the registry -------------------------------------------------------------------------------------------
def test_the_registry_offers_the_phone_picture() -> None:
    assert entry("nut-cards").face is FACE
    state = game_positions(2, 0)[-1]
    assert FACE.phone(state.view(None)) != FACE.svg(state.view(None))  # a picture of its own


# --- legible and finger-sized --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_every_text_is_legible_on_the_phone(players: int) -> None:
    sizes = []
    for _, _, _, root, _ in pictures(players):
        assert root.tag == f"{SVG}svg" and float(root.get("width", "")) == SCREEN
        drawn = text_sizes(root)
        assert drawn and min(drawn) >= 10, min(drawn)
        sizes += drawn
    assert statistics.median(sizes) >= 11


@pytest.mark.parametrize("players", PLAYERS)
def test_every_target_is_finger_sized_and_none_overlaps_another(players: int) -> None:
    smallest = float("inf")
    for _, _, _, root, _ in pictures(players):
        boxes = [shapes_box(element) for element in with_attribute(root, "data-action")]
        for left, top, right, bottom in boxes:
            side = min(right - left, bottom - top) * scale(root)
            assert side >= FINGER, side
            smallest = min(smallest, side)
        for a, b in combinations(boxes, 2):
            assert not overlap(a, b), (a, b)
    assert smallest < float("inf")


@pytest.mark.parametrize("players", PLAYERS)
def test_a_target_is_just_what_to_tap_with_no_guide_or_label_inside(players: int) -> None:
    """A tutorial outlines the element carrying the action: a place's band or a card, nothing around it."""
    for _, _, _, root, _ in pictures(players):
        for element in with_attribute(root, "data-action"):
            assert not [t for t in element.iter(f"{SVG}text") if (t.text or "").startswith("#")]
            if "data-spot" in element.attrib:
                assert [child.tag for child in element] == [f"{SVG}title", f"{SVG}rect"]
                _left, top, _right, bottom = shapes_box(element)
                assert bottom - top <= 34 * scale(root)  # one band: not the card-sized extent around it


def wide_layout() -> CardsState:
    """Seat 0 holds a card to place beside a row of 13 cards at band 0 (a layout wider than the screen allows
    finger-sized places in one strip)."""
    state = NutCards(CardsOptions(players=2)).new_state()
    state.layouts = (tuple((card, x, 0) for card, x in zip(range(1, 14), range(13), strict=True)), ())
    state.pool, state.columns = (), ((), (), ())
    state.phase, state.holding, state.current, state.taken, state.column = "place", 14, 0, 0, 0
    return state


def test_a_wide_layout_is_cut_into_strips_that_keep_the_targets_finger_sized() -> None:
    state = wide_layout()
    legal = legal_texts(state)
    root = ET.fromstring(render_phone(state.view(0), legal))
    assert targeted(root) == set(legal)
    boxes = [shapes_box(element) for element in with_attribute(root, "data-action")]
    assert min(min(r - left, b - t) for left, t, r, b in boxes) * scale(root) >= FINGER
    assert not any(overlap(a, b) for a, b in combinations(boxes, 2))
    assert "the layout continues below" in svg_texts(root)
    assert len({round(left) for left, _, _, _ in boxes}) <= SCREEN // FINGER


# --- the same actions and places as the desktop picture ------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_the_phone_targets_each_legal_action_once_as_the_desktop_picture_does(players: int) -> None:
    kinds = set()
    for state, _, legal, root, desktop in pictures(players):
        expected = expected_targets(state, target_of) if legal else {}
        check_marks(root, expected, list(legal), lambda element: key_of(element, TARGET_ATTRIBUTES))
        assert targeted(root) == targeted(desktop) == (set(legal) if legal else set())
        kinds |= {name for name, _ in expected}
    assert kinds == {"data-offer", "data-spot"}


@pytest.mark.parametrize("players", PLAYERS)
def test_cards_keep_the_desktop_pictures_data_state(players: int) -> None:
    def states(root: ET.Element) -> dict[str, str]:
        return {element.get("data-piece", ""): element.get("data-state", "")
                for element in with_attribute(root, "data-piece")}

    for _, _, _, root, desktop in pictures(players)[::7]:
        assert states(root) == states(desktop)
        assert [next(iter(element.attrib)) for element in with_attribute(root, "data-piece")] == ["data-piece"] * len(
            states(root))


# --- the composition ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_the_deciders_layout_comes_first_under_the_offer_with_every_layout_and_its_cards(players: int) -> None:
    for state, seat, _legal, root, _ in pictures(players):
        view = state.view(seat)
        layouts = layouts_of(root)
        order = [int(element.get("data-seat", "")) for element in layouts]
        assert sorted(order) == list(range(players))
        mover = seat_to_move(state)
        if seat is not None or mover is not None:  # the viewer's own layout, or a spectator's the mover's
            assert order[0] == (seat if seat is not None else mover)
        elif view["phase"] == "over":
            assert order[0] == view["winners"][0]
        spots = with_attribute(root, "data-spot")
        assert spots == with_attribute(layouts[0], "data-spot")
        offers = with_attribute(root, "data-offer")
        if offers and spots:
            assert shapes_box(offers[0])[3] < shapes_box(spots[0])[1]  # the offer above the layout
        for element in layouts:
            placed = view["layouts"][int(element.get("data-seat", ""))]
            cards = [(int(e.get("data-card", "")), int(e.get("data-x", "")), int(e.get("data-y", "")))
                     for e in with_attribute(element, "data-card")]
            assert cards == [(p["card"], p["x"], p["y"]) for p in placed]
            points = view["points"][int(element.get("data-seat", ""))]
            assert any(f"{points} point" in words for words in svg_texts(element))


@pytest.mark.parametrize("players", PLAYERS)
def test_each_layout_shows_its_visible_cells(players: int) -> None:
    for state, seat, _, root, _ in pictures(players)[::5]:
        view = state.view(seat)
        for element in layouts_of(root):
            number = int(element.get("data-seat", ""))
            covered: dict[str, ET.Element] = {}
            for card in with_attribute(element, "data-card"):
                x, y = int(card.get("data-x", "")), int(card.get("data-y", ""))
                for band in range(y, y + 3):
                    covered[f"{x},{band}"] = card
            assert set(covered) == set(view["visible"][number])
            for key, what in view["visible"][number].items():
                glyphs = [g.get("data-what") for g in covered[key].iter(f"{SVG}g") if g.get("data-cell") == key]
                assert glyphs == ([] if what == "." else [what])


# --- only the view, in words --------------------------------------------------------------------------------
def shown_cards(view: CardsView) -> set[int]:
    cards = {entry["card"] for column in view["columns"] for entry in column}
    cards |= {p["card"] for placed in view["layouts"] for p in placed}
    return cards | ({view["holding"]} if view["holding"] else set())


@pytest.mark.parametrize("players", PLAYERS)
def test_nothing_the_view_does_not_show_is_drawn_or_named(players: int) -> None:
    for state, seat, _, root, _ in pictures(players):
        view = state.view(seat)
        named = set()
        for element in root.iter():
            for name in ("data-offer", "data-card", "data-hand"):
                if name in element.attrib:
                    named.add(int(element.get(name, "")))
            words = "".join(element.itertext()) if element.tag == f"{SVG}title" else element.text or ""
            named |= {int(n) for n in re.findall(r"(?:#|[Cc]ard )(\d+)", words)}
        assert named <= shown_cards(view)
        assert not named & set(state.pool)  # the deck stays face down


@pytest.mark.parametrize("players", PLAYERS)
def test_texts_name_no_coordinates_or_codes(players: int) -> None:
    for _, _, _, root, _ in pictures(players)[::3]:
        for words in svg_texts(root) + ["".join(t.itertext()) for t in root.iter(f"{SVG}title")]:
            # layout coordinates (the offer's columns 1 to 3 are named by their headers)
            assert not re.search(r"\bbands? -?\d|\bcolumn (-?\d+, band|-|0)", words), words
            assert not re.search(r"\b(take|place|draw) -?\d", words), words  # notation
            assert not re.fullmatch(r"[RYGBWS.]{2,}", words), words  # a card's cell codes


def test_the_phone_picture_is_deterministic() -> None:
    for players in PLAYERS:
        for state in game_positions(players, 0)[::9]:
            first = check_deterministic(render_phone, state)
            coordinates = re.findall(r' (?:x|y|cx|cy|r|width|height|x1|y1|x2|y2)="([^"]*)"', first)
            assert coordinates and not any(re.search(r"\d\.\d\d", value) for value in coordinates)
