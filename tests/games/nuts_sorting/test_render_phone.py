"""Tests of the Nuts Sorting phone picture (render_phone.py) on views of seeded random games (the game has two
players only; a sample of their stages) from each seat and the spectator, and on positions built explicitly
(positions.py).

The page draws the picture 358 CSS px wide, so a unit is scaled by 358 / width. Measured from the SVG: every
text's size, every target's hit area (its shapes that take a tap) and whether two overlap. Which actions a
place offers is read from the engine's action objects and compared with the desktop picture's targets.
"""

from __future__ import annotations

import math
import re
import statistics
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache
from itertools import combinations

import pytest
from render_checks import (
    SVG,
    Drawn,
    check_deterministic,
    check_marks,
    key_of,
    legal_texts,
    seat_to_move,
    stage_sample,
    svg_texts,
    title_of,
    with_attribute,
)

from nutbox import registry
from nutbox.games.nuts_sorting import SortingState
from nutbox.games.nuts_sorting.actions import Choose, Move, Pickup, Remove
from nutbox.games.nuts_sorting.board import NAMES, cells_of
from nutbox.games.nuts_sorting.face import FACE

from .geometry import all_points, box, hit_shapes, inner_diameter, overlap
from .positions import position
from .test_render import CROWDED, game_positions

render_phone = Drawn(FACE).phone


render_svg = Drawn(FACE).svg

SEEDS = range(3)
PAGE = 358  # CSS px the page gives the picture's width
FINGER = 32  # CSS px a target must measure at least, both ways
TARGET_ATTRIBUTES = ("data-cell", "data-set", "data-first")
DESKTOP_ATTRIBUTES = ("data-cell", "data-move", "data-group", "data-set", "data-first")
# an action's notation ("c3-e5", "x c3", "choose rby", "remove c3", ...), or a colour set's code
NOTATION = re.compile(r"\b[a-i]\d ?- ?[a-i]\d\b|\bx ?[a-i]\d\b"
                      r"|\b(choose|remove|deal|pickup) ([a-i]\d|rby|bwg|first|second)\b|\b(rby|bwg)\b")


def stage(state: SortingState) -> tuple[str, frozenset[str]]:
    """A position's phase and, at a decision, the kinds of action offered (a play offers pickups and moves, or
    pickups only)."""
    offered = state.legal_actions() if seat_to_move(state) is not None else []
    return state.phase, frozenset(type(action).__name__ for action in offered)


def positions() -> Iterator[SortingState]:
    """Of each seed's game: three positions of each stage (the deal, choosing, removing, playing, the end), the
    first and the last and every 6th. Then the same of a game with the option placer_chooses_order where player
    1 says who moves first (seed 2: player 2 takes a colour set), the only decision with a "choose second"
    button. Each position is drawn for both seats and the spectator, and the many deals and plays of a game draw
    alike: a few of each stage, spread over the game, cover what the renderer draws differently."""
    games = [game_positions(seed) for seed in SEEDS] + [game_positions(2, placer_chooses_order=True)]
    for game in games:
        yield from stage_sample(game, stage, every=6)


def pictures(state: SortingState) -> Iterator[tuple[int | None, ET.Element]]:
    """The phone picture of each seat's view and the spectator's; the seat to move gets its legal actions."""
    mover = seat_to_move(state)
    for seat in (0, 1, None):
        legal = legal_texts(state) if seat == mover and seat is not None else []
        yield seat, ET.fromstring(render_phone(state.view(seat), legal))


@cache
def drawn() -> tuple[tuple[SortingState, dict[int | None, ET.Element], ET.Element], ...]:
    """Each position of the sample with the phone picture of each seat and the spectator (pictures) and the
    desktop picture of the seat to move, drawn once for the tests that look at them."""
    return tuple((state, dict(pictures(state)), desktop_of(state)) for state in positions())


def movers() -> Iterator[tuple[SortingState, ET.Element, ET.Element]]:
    """The crowded position and each of the sample, with the phone and the desktop picture the seat to move (the
    spectator at a chance node) sees."""
    crowded = position(CROWDED)
    yield crowded, phone_of(crowded), desktop_of(crowded)
    for state, phones, desktop in drawn():
        yield state, phones[seat_to_move(state)], desktop


def phone_of(state: SortingState) -> ET.Element:
    """The picture the seat to move sees (a spectator's at a chance node), with its legal actions."""
    return ET.fromstring(render_phone(state.view(seat_to_move(state)), legal_texts(state)))


def desktop_of(state: SortingState) -> ET.Element:
    return ET.fromstring(render_svg(state.view(seat_to_move(state)), legal_texts(state)))


def scale(root: ET.Element) -> float:
    """CSS px per unit: the page fits the picture's width (its viewBox's) to 358 px."""
    width = float(root.get("width", ""))
    assert root.get("viewBox", "").split()[2] == root.get("width")
    return PAGE / width


def sizes(root: ET.Element) -> list[float]:
    return [float(element.get("font-size", "")) * scale(root) for element in root.iter(f"{SVG}text")]


def targets_of(root: ET.Element) -> list[ET.Element]:
    return with_attribute(root, "data-action")


def expected_places(state: SortingState) -> dict[tuple[str, str], list[str]]:
    """Each place the phone picture should offer actions at -> those actions, in the engine's order: a move
    at its (empty) target cell, a pickup at every cell of its group, the rest as the desktop places them."""
    found: dict[tuple[str, str], list[str]] = {}
    if seat_to_move(state) is None:
        return found
    for action in state.legal_actions():
        if isinstance(action, Move):
            places = [("data-cell", NAMES[action.target])]
        elif isinstance(action, Pickup):
            colour = state.colour_at(action.cell)
            assert colour is not None
            places = [("data-cell", NAMES[cell]) for cell in cells_of(state.group_at(colour, action.cell))]
        elif isinstance(action, Remove):
            places = [("data-cell", NAMES[action.cell])]
        else:
            assert isinstance(action, Choose)
            if action.choice in ("rby", "bwg"):
                places = [("data-set", action.choice)]
            else:
                places = [("data-first", str((state.current if action.choice == "first" else 1 - state.current) + 1))]
        for place in places:
            found.setdefault(place, []).append(str(action))
    return found


# --- the picture ---------------------------------------------------------------------------------------------
def test_registry_names_the_phone_renderer() -> None:
    assert registry.face("nuts-sorting") is FACE and FACE.phone is not None


def test_every_view_parses_fills_the_phone_width_and_shows_every_cell_and_both_colour_sets() -> None:
    phases = set()
    for state, phones, _ in drawn():
        for seat, root in phones.items():
            assert root.tag == f"{SVG}svg"
            assert scale(root) == 1  # drawn at the page's own size
            cells = {element.get("data-cell"): element for element in with_attribute(root, "data-cell")}
            assert sorted(cells) == sorted(NAMES)
            view = state.view(seat)
            for name, element in cells.items():
                shown = "not dealt" if name not in view["cells"] else view["cells"][name] or "empty"
                assert element.get("data-state") == shown
                assert name in svg_texts(element)
            assert sorted(e.get("data-set", "") for e in with_attribute(root, "data-set")) == ["bwg", "rby"]
        phases.add(state.phase)
    assert phases == {"deal", "choose", "remove", "play", "over"}


def test_text_is_at_least_11_css_px_and_mostly_larger() -> None:
    every = []
    for _, phones, _ in drawn():
        for root in phones.values():
            found = sizes(root)
            assert min(found) >= 11
            assert statistics.median(found) >= 11
            every += found
    assert statistics.median(every) >= 11


def test_every_target_is_a_finger_wide_shape_of_its_own() -> None:
    smallest = float("inf")
    kinds = set()
    for _, root, _ in movers():
        marked = targets_of(root)
        shapes = {}
        for target in marked:
            found = hit_shapes(target)
            left, top, right, bottom = box([point for shape in found for point in shape])
            measured = min(right - left, bottom - top) * scale(root)
            assert measured >= FINGER, target.attrib
            if target.get("data-cell"):  # a hexagon: a finger-wide circle fits in it, not just its box
                (hexagon, *inside) = found
                assert len(hexagon) == 6 and inner_diameter(hexagon) * scale(root) >= FINGER
                assert all(box(shape)[0] >= left and box(shape)[2] <= right for shape in inside)
            # nothing else in a target takes a tap, nor reaches out of its shape (no guide line, no chip)
            assert not list(target.iter(f"{SVG}line"))
            assert box(all_points(target)) == pytest.approx((left, top, right, bottom), abs=0.5)
            smallest = min(smallest, measured)
            shapes[target] = found
            kinds.add(key_of(target, TARGET_ATTRIBUTES)[0])
        for a, b in combinations(marked, 2):
            assert not any(overlap(one, other) for one in shapes[a] for other in shapes[b]), (a.attrib, b.attrib)
    assert kinds == set(TARGET_ATTRIBUTES)
    assert smallest >= FINGER


def test_every_legal_action_is_offered_where_it_acts_and_as_the_desktop_offers_it() -> None:
    for state, root, desktop_picture in movers():
        legal = legal_texts(state)
        marked = check_marks(root, expected_places(state), legal, lambda e: key_of(e, TARGET_ATTRIBUTES))
        offered = {action for element in marked for action in element.get("data-actions", "").split("|")}
        assert offered == set(legal)
        desktop = {element.get("data-action") for element in targets_of(desktop_picture)}
        assert offered == desktop


def test_many_moves_into_one_cell_are_one_target_with_a_dot_per_direction() -> None:
    crowded = position(CROWDED)
    root = phone_of(crowded)
    (e5,) = [e for e in with_attribute(root, "data-cell") if e.get("data-cell") == "e5"]
    into = [str(a) for a in crowded.legal_actions() if isinstance(a, Move) and NAMES[a.target] == "e5"]
    assert len(into) == 21 and e5.get("data-actions", "").split("|") == into
    title = title_of(e5).splitlines()
    assert title[:2] == ["e5: empty", "tap to choose:"] and len(title) == 2 + 21
    assert all(line.startswith("move the ") and "-" not in line for line in title[2:])
    centres = {e.get("data-cell"): centre_of(e) for e in with_attribute(root, "data-cell")}

    def way(name: str) -> int:  # which of the six directions a cell lies in, seen from e5
        (x, y), (tx, ty) = centres[name], centres["e5"]
        return round(math.degrees(math.atan2(y - ty, x - tx)) / 60) % 6

    dots = {way_of(circle, centres["e5"]) for circle in e5.iter(f"{SVG}circle")}
    assert dots == {way(move.split("-")[0]) for move in into}
    assert len(dots) == 6  # nuts come from every side in this position


def centre_of(cell: ET.Element) -> tuple[float, float]:
    hexagon = cell.find(f"{SVG}polygon")
    assert hexagon is not None
    corners = [(float(x), float(y)) for x, y in (p.split(",") for p in hexagon.get("points", "").split())]
    return sum(x for x, _ in corners) / 6, sum(y for _, y in corners) / 6


def way_of(circle: ET.Element, centre: tuple[float, float]) -> int:
    x, y = float(circle.get("cx", "")) - centre[0], float(circle.get("cy", "")) - centre[1]
    assert 10 < math.hypot(x, y) < 18  # between the cell's name and its edge
    return round(math.degrees(math.atan2(y, x)) / 60) % 6


def test_a_pickup_is_offered_on_every_cell_of_its_group() -> None:
    state = position("""
            r r . . .
           . . . . . .
          . . . . . . .
         . . . . . . . .
        . . . . . . . . .
         . . . . . . . .
          . . . . . . .
           . . . b . .
            r r b . .
    """)
    root = phone_of(state)
    offered = {e.get("data-cell"): e.get("data-actions") for e in targets_of(root) if "x " in e.get("data-action", "")}
    assert offered == {"a1": "x a1", "a2": "x a1", "i5": "x i5", "i6": "x i5"}
    (a2,) = [e for e in targets_of(root) if e.get("data-cell") == "a2"]
    assert title_of(a2).splitlines() == ["a2: a red nut", "tap to pick up the group of 2 red nuts at a1"]


def test_the_decision_comes_first() -> None:
    """While the colour sets are chosen, the plaques and buttons stand above the board; later the board comes
    right under the status lines, and the plaques follow it."""
    def top(element: ET.Element) -> float:
        return box([point for shape in hit_shapes(element) for point in shape])[1] if element.get("class") == "target" \
            else box(all_points(element))[1]

    seen = set()
    for state, phones, _ in drawn():
        root = phones[seat_to_move(state)]
        board = min(top(e) for e in with_attribute(root, "data-cell"))
        plaques = min(top(e) for e in with_attribute(root, "data-set"))
        buttons = [top(e) for e in with_attribute(root, "data-first")]
        if state.phase == "choose":
            assert plaques < board and all(button < board for button in buttons)
        else:
            assert board < plaques and not buttons
        texts = [(float(t.get("y", "")), "".join(t.itertext())) for t in root.iter(f"{SVG}text")]
        status = [words for y, words in texts if y < min(board, plaques)]
        assert status and " ".join(status).startswith(("Setup: ", "Game over: ", f"Player {state.current + 1}"))
        seen.add(state.phase)
    assert {"choose", "play"} <= seen


def test_the_plaques_show_each_colours_groups_and_nuts() -> None:
    for state, phones, desktop in [entry for entry in drawn() if entry[0].phase in ("play", "over")][::9]:
        root = phones[seat_to_move(state)]
        view = state.view(None)
        for plaque in with_attribute(root, "data-set"):
            texts = svg_texts(plaque)
            for colour in ("red", "blue", "yellow") if plaque.get("data-set") == "rby" else ("black", "white", "gray"):
                groups = view["groups"][colour]
                nuts = sum(1 for held in view["cells"].values() if held == colour)
                index = texts.index(colour)
                assert re.fullmatch(rf"{groups} groups?( ✓)?", texts[index + 1])
                assert texts[index + 2] == f"{nuts} nut{'s' if nuts != 1 else ''}"
        def plaques(picture: ET.Element) -> dict[str | None, str | None]:
            return {e.get("data-set"): e.get("data-state") for e in with_attribute(picture, "data-set")}

        assert plaques(root) == plaques(desktop)  # the same state for the table to compare


def test_the_end_shows_the_winner() -> None:
    for seed in SEEDS:
        state = game_positions(seed)[-1]
        (winner,) = state.winners()
        root = ET.fromstring(render_phone(state.view(None), []))
        assert svg_texts(root)[0] == f"Game over: Player {winner + 1} wins"
        won = [e for e in with_attribute(root, "data-set") if any("★ wins" in t for t in svg_texts(e))]
        assert [e.get("data-set") for e in won] == [state.view(None)["colour_sets"][winner]]


# --- what a person reads, and what the picture may know ------------------------------------------------------
def test_no_text_or_tooltip_of_either_picture_shows_notation() -> None:
    for _, phone, desktop in movers():
        for root in (phone, desktop):
            words = svg_texts(root) + [title.text or "" for title in root.iter(f"{SVG}title")]
            assert not [line for line in words if NOTATION.search(line)]


def test_a_seat_sees_nothing_the_spectator_does_not_but_who_it_is() -> None:
    """Nothing is hidden in this game but the cells still to deal: each seat's picture (without its actions) is
    the spectator's with "(you)" added, and a cell not yet dealt shows its name only."""
    def shown(root: ET.Element) -> tuple[str, list[dict[str, str]]]:
        """Every word the picture holds, texts and tooltips, and every place's data attributes."""
        words = " ".join(svg_texts(root) + [title.text or "" for title in root.iter(f"{SVG}title")])
        places = [{key: value for key, value in e.attrib.items() if key.startswith("data-")}
                  for e in with_attribute(root, "data-state")]
        return " ".join(words.replace("(you)", "").split()), places

    named = 0
    for state, phones, _ in drawn():
        root = phones[None]
        assert "(you)" not in " ".join(svg_texts(root))
        for seat in (0, 1):
            # the seat to move was drawn with its actions: drawn again without them
            mine = ET.fromstring(render_phone(state.view(seat), [])) if seat == seat_to_move(state) else phones[seat]
            named += "(you)" in " ".join(svg_texts(mine))
            assert shown(mine) == shown(root)
        if state.phase == "deal":
            for cell in with_attribute(root, "data-cell"):
                if cell.get("data-state") == "not dealt":
                    assert svg_texts(cell) == [cell.get("data-cell")] and not list(cell.iter(f"{SVG}circle"))
    assert named


def test_the_picture_is_deterministic() -> None:
    for state in game_positions(1)[::7]:
        check_deterministic(render_phone, state)
