"""Tests of the In the Nuts! phone picture (render_phone.py) on the views of seeded random games at every player
count (test_render.py's sample: a few positions of each stage, the first and the last, every 24th), from the
seat to move with its legal actions and from every other seat and the spectator.

The page scales the picture so its width fills 358 CSS px: a text's size on the phone is font-size * 358 /
width, a target's side 32 CSS px is 32 * width / 358 units. A target's hit area is read from the geometry of
its shapes (rectangles, circles, lines, with half their stroke), never from the renderer's constants.
"""

from __future__ import annotations

import itertools
import re
import statistics
import xml.etree.ElementTree as ET
from functools import cache

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
    parse_once,
    place_states,
    seat_to_move,
    svg_texts,
    title_of,
    with_attribute,
)

from nutbox.games.in_the_nuts import NutsState
from nutbox.games.in_the_nuts.components import COMPONENTS
from nutbox.games.in_the_nuts.determinize import from_view
from nutbox.games.in_the_nuts.face import FACE
from nutbox.games.in_the_nuts.words import PLAYER_FILL

from .positions import play, position
from .test_render import (
    PLAYERS,
    SECTIONS,
    SPACES,
    TARGET_ATTRIBUTES,
    board_target,
    render_svg,
    sample,
    sample_svgs,
    stage,
    stage_in_phase,
)

PHONE = 358  # CSS px the picture's width is scaled to
FINGER = 32  # CSS px a target's hit area needs on each side
SMALLEST_TEXT, MEDIAN_TEXT = 10, 11  # CSS px
NAMES = ("walnut", "hazelnut", "beechnut", "acorn")
CODE = re.compile(r"\b(?:[WHBA]|WH|WB|WA|HB|HA|BA)\b")  # a nut written by its letter(s), as actions write it


render_phone = Drawn(FACE).phone


@cache
def pictures(players: int) -> tuple[tuple[NutsState, int | None, ET.Element, ET.Element], ...]:
    """(state, viewer, phone picture, desktop picture) for the seat to move (with its legal actions) and, where
    all look (every other position, each stage at least once), every other seat and the spectator (with none).
    Nothing is secret, so those without actions see one picture (test_the_picture_is_drawn_from_the_view_alone):
    half the positions show it, at every stage. The mover's desktop picture is test_render's."""
    found = []
    sampled = sample_svgs(players)
    for (state, mover_desktop), everyone in zip(sampled, all_look([s for s, _ in sampled], stage_in_phase),
                                                strict=True):
        mover = seat_to_move(state)
        others = [seat for seat in [*range(players), None] if seat != mover] if everyone else []
        parsed: dict[str, ET.Element] = {}
        for viewer in [mover, *others]:
            legal = legal_texts(state) if viewer == mover else []
            view = state.view(viewer)
            desktop = mover_desktop if viewer == mover else parse_once(render_svg(view, legal), parsed)
            found.append((state, viewer, parse_once(render_phone(view, legal), parsed), desktop))
    return tuple(found)


def width_of(root: ET.Element) -> float:
    width = float(root.get("width", "0"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    return width


def scaled_sizes(root: ET.Element) -> list[float]:
    """Each text's size on the phone, in CSS px."""
    scale = PHONE / width_of(root)
    return [float(element.get("font-size", "0")) * scale for element in root.iter(f"{SVG}text")]


def box_of(element: ET.Element) -> tuple[float, float, float, float]:
    """The box (left, top, right, bottom) the shapes inside `element` cover, half their stroke included."""
    boxes = []
    for shape in element.iter():
        tag = shape.tag.removeprefix(SVG)
        if tag not in ("rect", "circle", "ellipse", "line"):
            continue
        stroke = shape.get("stroke", "none")
        half = 0.0 if stroke == "none" else float(shape.get("stroke-width", "1")) / 2

        def get(name: str, shape: ET.Element = shape) -> float:
            return float(shape.get(name, "0"))

        if tag == "rect":
            box = (get("x"), get("y"), get("x") + get("width"), get("y") + get("height"))
        elif tag == "circle":
            box = (get("cx") - get("r"), get("cy") - get("r"), get("cx") + get("r"), get("cy") + get("r"))
        elif tag == "ellipse":
            box = (get("cx") - get("rx"), get("cy") - get("ry"), get("cx") + get("rx"), get("cy") + get("ry"))
        else:
            box = (min(get("x1"), get("x2")), min(get("y1"), get("y2")), max(get("x1"), get("x2")),
                   max(get("y1"), get("y2")))
        boxes.append((box[0] - half, box[1] - half, box[2] + half, box[3] + half))
    assert boxes, element.attrib
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def named(root: ET.Element, attribute: str, value: str) -> ET.Element:
    (element,) = [e for e in root.iter() if e.get(attribute) == value]
    return element


def estimated_width(content: str, size: float, bold: bool) -> float:
    """About a text's width in DejaVu Sans (a wide sans-serif): 0.56 em a lowercase letter (its average), 0.65
    em a digit or capital, 0.32 em a space or a narrow mark; bold 8% wider."""
    em = sum(0.32 if char in " .,:;'·|!il" else 0.65 if char.isdigit() or char.isupper() else 0.56 for char in content)
    return em * size * (1.08 if bold else 1)


# --- legible text -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_every_text_is_legible_on_a_phone_and_stays_inside_the_picture(players: int) -> None:
    for _, _, root, _ in pictures(players):
        assert root.tag == f"{SVG}svg"
        sizes = scaled_sizes(root)
        assert min(sizes) >= SMALLEST_TEXT
        assert statistics.median(sizes) >= MEDIAN_TEXT
        width = width_of(root)
        for element in root.iter(f"{SVG}text"):
            content, x = "".join(element.itertext()), float(element.get("x", "0"))
            wide = estimated_width(content, float(element.get("font-size", "0")), element.get("font-weight") == "bold")
            left = {"middle": x - wide / 2, "end": x - wide}.get(element.get("text-anchor", "start"), x)
            assert left >= 0 and left + wide <= width, content


def test_the_desktop_picture_would_not_be_legible_on_a_phone() -> None:
    """What the phone picture is for: the desktop one, shrunk to the phone's width, writes below 6 px."""
    _, _, _, desktop = pictures(2)[0]
    assert max(scaled_sizes(desktop)) < 6


# --- finger-sized targets -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_every_target_is_finger_sized_and_no_two_overlap(players: int) -> None:
    seen = 0
    for _, _, root, _ in pictures(players):
        side = FINGER * width_of(root) / PHONE
        boxes = [box_of(element) for element in with_attribute(root, "data-action")]
        for left, top, right, bottom in boxes:
            assert right - left >= side and bottom - top >= side
            assert left >= 0 and right <= width_of(root)
        for one, two in itertools.combinations(boxes, 2):
            assert not overlap(one, two), (one, two)
        seen += len(boxes)
    assert seen


@pytest.mark.parametrize("players", PLAYERS)
def test_the_phone_marks_every_board_action_the_desktop_marks_on_the_same_places(players: int) -> None:
    kinds = set()
    for state, viewer, root, desktop in pictures(players):
        legal = legal_texts(state) if viewer == seat_to_move(state) else []
        expected = expected_targets(state, board_target) if legal else {}
        marked = check_marks(root, expected, legal, lambda element: key_of(element, TARGET_ATTRIBUTES))
        for element in marked:
            assert any(part.get("class") == "highlight" for part in element)
            kinds.add(key_of(element, TARGET_ATTRIBUTES)[0])
        phone_marks = {key_of(e, TARGET_ATTRIBUTES): e.get("data-actions") for e in marked}
        desktop_marks = {key_of(e, TARGET_ATTRIBUTES): e.get("data-actions")
                         for e in with_attribute(desktop, "data-action")}
        assert phone_marks == desktop_marks
    assert kinds == set(TARGET_ATTRIBUTES)


# --- the same places, the same states -----------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_every_place_and_its_state_are_the_desktops(players: int) -> None:
    """So the table marks the same changes since a seat's last decision on either picture."""
    for _, _, root, desktop in pictures(players):
        assert place_states(root) == place_states(desktop)


# --- what it shows ------------------------------------------------------------------------------------------
def texts_in(element: ET.Element) -> list[str]:
    return ["".join(part.itertext()) for part in element.iter(f"{SVG}text")]


@pytest.mark.parametrize("players", PLAYERS)
def test_the_board_the_cards_and_the_scores_are_the_views(players: int) -> None:
    for state, viewer, root, _ in pictures(players):
        if viewer != seat_to_move(state):  # the mover's picture of each position only
            continue
        view = state.view(viewer)
        for space in SPACES:
            element = named(root, "data-space", space)
            owner = view["track"][space]
            assert [c.get("fill") for c in element.iter(f"{SVG}circle")] == (
                [] if owner is None else [PLAYER_FILL[owner][0]])
            assert texts_in(element) == [space]
        for attribute, counts_list in (("data-section", zip(SECTIONS, view["area2"], strict=True)),
                                       ("data-area3", zip("123", view["area3"], strict=True)),
                                       ("data-area4", [("1", view["area4"])])):
            for value, counts in counts_list:
                element = named(root, attribute, value)
                assert [c.get("fill") for c in element.iter(f"{SVG}circle")] == [
                    PLAYER_FILL[seat][0] for seat, count in enumerate(counts) if count]
                assert [t for t in texts_in(element) if t.isdigit()] == [str(count) for count in counts if count]
        for slot, code in enumerate(view["faceup"], 1):
            shown = [t for t in texts_in(named(root, "data-slot", str(slot))) if t in NAMES]
            assert shown == ([] if code is None else [NAMES["WHBA".index(letter)] for letter in code])
        for seat, cards in enumerate(view["storage"]):
            for number, card in enumerate(cards, 1):
                words = texts_in(named(root, "data-card", f"{seat + 1}-{number}"))
                assert words[0] == f"card {number}" and f"{card['points']} points" in words
                assert [t for t in words if t in NAMES] == ([] if card["nut"] is None
                                                            else [NAMES["WHBA".index(card["nut"])]])
                assert ("full ✓" in words) == card["filled"]
            header = " ".join(texts_in(named(root, "data-player", str(seat + 1))))
            points = view["points"][seat]
            assert f"Player {seat + 1}" in header and f"{points} point{'s' if points != 1 else ''}" in header
            supply = view["supply"][seat]
            assert f"{supply} squirrel{'s' if supply != 1 else ''} in supply" in header
            assert ("★" in header) == (seat in view.get("winners", []))


def test_david_stands_on_the_board_until_he_guards_someone_then_beside_that_player() -> None:
    state = position(3, track={7: 0}, area2={"7": [1, 0, 0]}, storage={2: {3: ("A", 1), 4: ("W", 2)}},
                     phase="decide")
    root = ET.fromstring(render_phone(state.view(0), legal_texts(state)))
    david = named(root, "data-raccoon", "David")
    _, top, _, bottom = box_of(david)
    spaces = [box_of(named(root, "data-space", space)) for space in ("7", "8")]
    assert spaces[0][1] <= top and bottom <= spaces[1][1]  # in the raccoon field's row, beside space 7
    play(state, "stop", "take 3", "store B 1", "draw W", "steal 3 4", "store W 2")
    root = ET.fromstring(render_phone(state.view(0), []))
    david = named(root, "data-raccoon", "David")
    assert title_of(david).startswith("David the raccoon guards Player 3")
    header = box_of(named(root, "data-player", "3"))
    _, top, _, bottom = box_of(david)
    assert header[1] <= top and bottom <= header[3]
    assert not any(box_of(named(root, "data-space", space))[1] <= top <= box_of(named(root, "data-space", space))[3]
                   for space in SPACES)


def test_the_board_is_turned_a_quarter_each_section_as_tall_as_its_spaces() -> None:
    root = ET.fromstring(render_phone(position(4).view(None), []))
    rows = {space: box_of(named(root, "data-space", space)) for space in SPACES}
    assert [rows[s][1] for s in SPACES] == sorted(rows[s][1] for s in SPACES)  # 2 at the top, 12 at the bottom
    for label, section in zip(SECTIONS, COMPONENTS.area2, strict=True):
        left, top, _, bottom = box_of(named(root, "data-section", label))
        assert left > max(box[2] for box in rows.values())  # right of the track: up is right
        mine = [rows[str(space)] for space in section.spaces]
        others = [box for space, box in rows.items() if int(space) not in section.spaces]
        assert all(top <= box[3] and box[1] <= bottom for box in mine)
        assert not any(box[1] + 4 < top < box[3] - 4 or box[1] + 4 < bottom < box[3] - 4 for box in others)


def test_a_crowded_board_keeps_every_marker_and_name_inside_its_section() -> None:
    """Four players in every section, the raccoon fields included, and on the track."""
    state = position(4, area2={label: [1, 1, 1, 1] for label in SECTIONS},
                     area3={name: [2, 2, 2, 2] for name in ("left", "raccoon", "right")}, area4=[3, 3, 3, 3],
                     track={2: 0, 7: 1, 12: 3})
    root = ET.fromstring(render_phone(state.view(None), []))
    sections = [*(named(root, "data-section", label) for label in SECTIONS),
                *(named(root, "data-area3", value) for value in "123"), named(root, "data-area4", "1")]
    for element in [*sections, *(named(root, "data-space", space) for space in SPACES)]:
        ground = next(element.iter(f"{SVG}rect"))
        left, top = float(ground.get("x", "")), float(ground.get("y", ""))
        right, bottom = left + float(ground.get("width", "")), top + float(ground.get("height", ""))
        for shape in element.iter(f"{SVG}circle"):
            x, y, r = (float(shape.get(name, "")) for name in ("cx", "cy", "r"))
            assert left <= x - r and x + r <= right and top <= y - r and y + r <= bottom, element.attrib
        for line_element in element.iter(f"{SVG}text"):
            content = "".join(line_element.itertext())
            size, x = float(line_element.get("font-size", "")), float(line_element.get("x", ""))
            wide = estimated_width(content, size, line_element.get("font-weight") == "bold")
            assert left <= x - wide / 2 and x + wide / 2 <= right, content
        assert len(list(element.iter(f"{SVG}circle"))) == (4 if element in sections else 1 if element.get(
            "data-space") in ("2", "7", "12") else 0)
    for one, two in itertools.combinations(sections[:5], 2):  # the 2-squirrel area's sections are apart
        assert not overlap(box_of(one), box_of(two))


# --- what comes first ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_what_the_decision_needs_comes_first(players: int) -> None:
    """The storage cards come before the board when the decision is about them (a store, a theft) and at the
    end (the scores), the players with a clickable card first; else the board comes first."""
    stages = set()
    for state, _, root, _ in pictures(players):
        board_top = box_of(named(root, "data-space", "2"))[1]
        headers = sorted(with_attribute(root, "data-player"), key=lambda e: box_of(e)[1])
        cards_marked = [e for e in with_attribute(root, "data-action") if "data-card" in e.attrib]
        cards_first = box_of(headers[0])[1] < board_top
        assert cards_first == (bool(cards_marked) or state.phase == "over")
        if cards_marked:
            seats = {e.get("data-card", "").split("-")[0] for e in cards_marked}
            assert {e.get("data-player") for e in headers[: len(seats)]} == seats
            stages.add(stage(state))
        elif state.phase != "over":
            assert [e.get("data-player") for e in headers] == [str(seat + 1) for seat in range(players)]
            assert all(box_of(header)[1] > board_top for header in headers)
    assert {"store", "steal"} <= stages


# --- words, determinism, nothing but the view ---------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_no_text_or_tooltip_writes_a_nut_by_its_letters_or_an_action_as_notation(players: int) -> None:
    for state, _, root, desktop in pictures(players):
        marked = [action for actions in expected_targets(state, board_target).values() for action in actions]
        for picture in (root, desktop):
            words = svg_texts(picture) + [title_of(e) for e in picture.iter() if title_of(e)]
            assert not [w for w in words if CODE.search(w)]
            assert not [w for w in words for action in marked if action in w]


def test_the_phone_picture_is_deterministic() -> None:
    for players in PLAYERS:
        for state in list(sample(players))[::25]:
            check_deterministic(render_phone, state)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_picture_is_drawn_from_the_view_alone(players: int) -> None:
    """Nothing in In the Nuts! is secret: every seat and the spectator see the same picture of a position (their
    legal actions apart), and the state rebuilt from a view draws it again."""
    for state in list(sample(players))[::10]:
        pictures_of = {render_phone(state.view(viewer), []) for viewer in [*range(players), None]}
        assert len(pictures_of) == 1
        rebuilt = from_view(state.game, state.view(None))
        assert render_phone(rebuilt.view(None), []) in pictures_of
