"""Tests of the Nuts Sorting renderers (render_svg, render_text) on views taken from seeded random games, and
on positions built explicitly (positions.py) for crowded cells, pickups and the setup choices.

Every game is played from the empty board to the end, so the views cover the deal, the choices, the removals,
the turns and the result. What an action targets is read from the engine's action objects, not from the
renderer's parsing; where a picture must be somewhere, the place is read from the cell's hexagon in the SVG.
"""

from __future__ import annotations

import copy
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from render_checks import (
    SVG,
    Drawn,
    check_deterministic,
    check_marks,
    expected_targets,
    key_of,
    legal_texts,
    picture_of,
    random_game,
    seat_to_move,
    svg_texts,
    text_of,
    title_of,
    with_attribute,
)
from rich.console import RenderableType

from nutbox import registry
from nutbox.core import Action
from nutbox.games.nuts_sorting import SortingState
from nutbox.games.nuts_sorting.actions import Choose, Move, Pickup, Remove
from nutbox.games.nuts_sorting.components import COLOURS
from nutbox.games.nuts_sorting.face import FACE

from .geometry import all_points, box
from .positions import DIAGRAM, READING_ORDER, make_game, position

render_svg = Drawn(FACE).svg


def render_text(view: Any) -> RenderableType:
    return FACE.text(view)

SEEDS = range(4)
# Games with the option placer_chooses_order: in seed 2's, player 2 takes a colour set and player 1 then says who
# moves first, the only decision that offers "choose second" (and both "moves first" buttons to player 1).
ORDER_SEEDS = (2,)
TARGET_ATTRIBUTES = ("data-cell", "data-move", "data-group", "data-set", "data-first")
LETTERS = {"red": "R", "blue": "B", "yellow": "Y", "black": "K", "white": "W", "gray": "G"}
# 21 moves lead into e5 (red, blue and yellow pieces on its three lines), more than a honeycomb of 13 holds
CROWDED = """
    y k g g y
   . b g y r r
  b k y . r k w
 k w k b r w g y
y b r y . y r r k
 w y y r y b w r
  w b r g y . g
   b y r b w w
    y g r g y
"""


@cache
def game_positions(seed: int, placer_chooses_order: bool = False) -> tuple[SortingState, ...]:
    return random_game(make_game(placer_chooses_order=placer_chooses_order).new_state(), seed)


def positions() -> Iterator[SortingState]:
    for seed in SEEDS:
        yield from game_positions(seed)
    for seed in ORDER_SEEDS:
        yield from game_positions(seed, placer_chooses_order=True)


def target_of(state: SortingState, action: Action) -> tuple[str, str]:
    """The element an action should mark, as (attribute, value): every action has one."""
    if isinstance(action, Move):
        return "data-move", str(action)
    if isinstance(action, Pickup):
        return "data-group", READING_ORDER[action.cell]
    if isinstance(action, Remove):
        return "data-cell", READING_ORDER[action.cell]
    assert isinstance(action, Choose)
    if action.choice in ("rby", "bwg"):
        return "data-set", action.choice
    first = state.current if action.choice == "first" else 1 - state.current
    return "data-first", str(first + 1)


def svg_of(state: SortingState) -> ET.Element:
    return picture_of(render_svg, state)


def cells_of(root: ET.Element) -> dict[str, ET.Element]:
    return {element.get("data-cell", ""): element for element in with_attribute(root, "data-cell")}


def cell_centre(cell: ET.Element) -> tuple[float, float]:
    """The middle of a cell's hexagon (its first polygon), from the picture itself."""
    polygon = cell.find(f"{SVG}polygon")
    assert polygon is not None
    return cell_centre_of(polygon)


def cell_centre_of(polygon: ET.Element) -> tuple[float, float]:
    corners = [tuple(float(v) for v in point.split(",")) for point in polygon.get("points", "").split()]
    assert len(corners) == 6
    return round(sum(x for x, _ in corners) / 6, 1), round(sum(y for _, y in corners) / 6, 1)


def guide_of(root: ET.Element, target: ET.Element) -> ET.Element:
    """The guide drawn for a target: the element right after it, shown on hover only (the picture's style)."""
    children = list(root)
    guide = children[children.index(target) + 1]
    assert guide.get("class") == "move-guide" and guide.get("pointer-events") == "none"
    return guide


def chip_of(element: ET.Element) -> tuple[float, float, float]:
    """A move chip's circle (the one circle not shown on hover only): x, y, radius."""
    (chip,) = [c for c in element.iter(f"{SVG}circle") if c.get("class") != "extent"]
    return float(chip.get("cx", "")), float(chip.get("cy", "")), float(chip.get("r", ""))


def stage(state: SortingState) -> str:
    if state.phase == "deal" and state.dealt:
        return "deal partly done"
    return state.phase


def as_text(view: dict[str, Any]) -> str:
    return text_of(render_text, view)


# --- SVG: the board ------------------------------------------------------------------------------------------
def test_registry_names_the_svg_renderer() -> None:
    assert registry.face("nuts-sorting") is FACE and FACE.draws_svg


def test_svg_parses_at_every_stage_and_shows_every_cell_with_its_letter_and_name() -> None:
    seen = set()
    for state in positions():
        root = svg_of(state)
        assert root.tag == f"{SVG}svg"
        cells = cells_of(root)
        assert sorted(cells) == sorted(READING_ORDER)
        view = state.view(None)
        for name, element in cells.items():
            title = title_of(element)
            assert title.startswith(f"{name}: ")
            texts = [text.text for text in element.iter(f"{SVG}text")]
            if name not in view["cells"]:
                assert title == f"{name}: not dealt yet"
            elif view["cells"][name] is None:
                assert title.splitlines()[0] == f"{name}: empty" and texts == [name]
            else:
                colour = view["cells"][name]
                assert title.splitlines()[0] == f"{name}: {colour} ({LETTERS[colour]})"
                assert texts == [LETTERS[colour], name]
        seen.add(stage(state))
    assert {"deal", "deal partly done", "choose", "remove", "play", "over"} <= seen


def test_cells_stand_as_in_the_diagram() -> None:
    """Each cell where the board diagram has it: a cell's width per four columns, the rows of a honeycomb."""
    centres = {name: cell_centre(element) for name, element in cells_of(svg_of(game_positions(0)[-1])).items()}
    width = centres["e6"][0] - centres["e5"][0]
    assert width > 0
    places = {match.group(): (match.start(), row) for row, text in enumerate(DIAGRAM.splitlines())
              for match in re.finditer(r"[a-i]\d", text)}
    assert sorted(places) == sorted(centres)
    column, row = places["e5"]
    for name, (x, y) in centres.items():
        assert x == pytest.approx(centres["e5"][0] + width * (places[name][0] - column) / 4, abs=0.2)
        assert y == pytest.approx(centres["e5"][1] + width * math.sqrt(3) / 2 * (places[name][1] - row), abs=0.2)


# --- SVG: the targets ----------------------------------------------------------------------------------------
def test_every_legal_action_is_its_own_clickable_element_and_nothing_else_is() -> None:
    kinds: set[str] = set()
    for state in positions():
        root = svg_of(state)
        expected = expected_targets(state, target_of)
        legal = legal_texts(state)
        marked = check_marks(root, expected, legal, lambda element: key_of(element, TARGET_ATTRIBUTES))
        # one action per element: a single click makes any of them, with no menu and no second click
        assert sorted(element.get("data-action", "") for element in marked) == sorted(legal)
        assert all(element.get("data-actions") == element.get("data-action") for element in marked)
        kinds |= {attribute for attribute, _ in expected}
    assert kinds == set(TARGET_ATTRIBUTES)


def test_a_spectator_sees_the_board_and_whose_turn_with_nothing_to_click() -> None:
    state = next(s for s in game_positions(1) if s.phase == "play" and s.turn == 3)
    root = ET.fromstring(render_svg(state.view(None), []))
    assert not with_attribute(root, "data-action")
    assert svg_texts(root)[0] == f"Player {state.current + 1} to move ({', '.join(mover_colours(state))})"
    assert not any("(you)" in text for text in svg_texts(root))
    assert len(cells_of(root)) == len(READING_ORDER)
    assert svg_texts(svg_of(state))[0].startswith(f"Player {state.current + 1} (you) to move")


def mover_colours(state: SortingState) -> list[str]:
    chosen = state.sets[state.current]
    assert chosen is not None
    return list(COLOURS[3 * chosen : 3 * chosen + 3])


def test_move_chips_lie_inside_their_cell_apart_and_towards_their_piece() -> None:
    crowded = position(CROWDED)
    assert sum(1 for a in crowded.legal_actions() if isinstance(a, Move) and READING_ORDER[a.target] == "e5") == 21
    radii = set()
    for state in [crowded, *(s for s in positions() if s.phase == "play")]:
        cells = cells_of(root := svg_of(state))
        inner = (cell_centre(cells["e6"])[0] - cell_centre(cells["e5"])[0]) / 2  # a hexagon's inner radius
        chips: dict[str, list[tuple[str, tuple[float, float, float]]]] = {}
        for element in with_attribute(root, "data-move"):
            source, target = element.get("data-move", "").split("-")
            chips.setdefault(target, []).append((source, chip_of(element)))
        for target, found in chips.items():
            tx, ty = cell_centre(cells[target])
            for _, (x, y, radius) in found:  # within each of the hexagon's six sides
                for side in range(6):
                    angle = math.radians(60 * side)
                    assert (x - tx) * math.cos(angle) + (y - ty) * math.sin(angle) + radius <= inner + 0.1
                radii.add(radius)
            for index, (_, (x, y, radius)) in enumerate(found):
                assert all(math.dist((x, y), (ox, oy)) >= radius + other for _, (ox, oy, other) in found[index + 1 :])
            angles = {source: math.atan2(cell_centre(cells[source])[1] - ty, cell_centre(cells[source])[0] - tx)
                      for source, _ in found}
            if len({round(math.degrees(angle)) % 360 for angle in angles.values()}) == len(found) <= 6:
                for source, (x, y, _) in found:  # room for each chip at its own piece's direction
                    assert abs(math.remainder(math.atan2(y - ty, x - tx) - angles[source], 2 * math.pi)) < 0.01
    assert len(radii) >= 3, "the ring, the honeycomb and a finer honeycomb should all have been drawn"


def test_a_chip_says_how_the_group_grows_as_the_engine_does() -> None:
    state = next(s for s in game_positions(2) if s.phase == "play")
    elements = with_attribute(svg_of(state), "data-move")
    assert elements
    for element in elements:
        move = state.game.parse(element.get("data-move", ""))
        assert isinstance(move, Move)
        colour = state.colour_at(move.source)
        assert colour is not None
        before = state.group_at(colour, move.source).bit_count()
        after = state.child(move).group_at(colour, move.target).bit_count()
        assert title_of(element).splitlines() == [
            f"Move the {COLOURS[colour]} nut from {READING_ORDER[move.source]} to {READING_ORDER[move.target]} "
            f"(its group grows from {before} to {after})", "click to make this move"]
        assert title_of(element).splitlines()[0] == FACE.label(move, state.view(state.current))


def test_a_pickup_sits_on_the_first_cell_of_its_group_and_outlines_the_group() -> None:
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
    root = svg_of(state)
    cells = cells_of(root)
    badges = {element.get("data-group", ""): element for element in with_attribute(root, "data-group")}
    assert sorted(badges) == ["a1", "i5"]  # blue's a3 and b4 touch: its last group stays
    for first, group in (("a1", ["a1", "a2"]), ("i5", ["i5", "i6"])):
        badge = badges[first]
        assert badge.get("data-action") == f"x {first}"
        assert title_of(badge).splitlines() == [f"the red group of 2 nuts: {', '.join(group)}", "click to pick it up"]
        guide = guide_of(root, badge)
        outlines = list(guide.iter(f"{SVG}polygon"))
        assert len(outlines) == len(group)
        assert sorted(cell_centre_of(p) for p in outlines) == sorted(cell_centre(cells[name]) for name in group)
        mark = next(badge.iter(f"{SVG}circle"))
        distance = math.dist((float(mark.get("cx", "")), float(mark.get("cy", ""))), cell_centre(cells[first]))
        assert distance < (cell_centre(cells["e6"])[0] - cell_centre(cells["e5"])[0]) / 2  # within its hexagon


def test_a_target_is_only_what_is_clicked_and_its_guide_is_drawn_beside_it() -> None:
    """The tutorial outlines a target's box, so a target holds only its chip, badge or cell: a move's path and a
    group's outline are a guide, the target's next sibling, shown on hover or while the tutorial expects it."""
    plays = [s for s in positions() if s.phase == "play"][::5]
    crowded = position(CROWDED)
    guided = set()
    for state in [crowded, *plays, *(s for s in game_positions(0) if s.phase in ("choose", "remove"))]:
        root = svg_of(state)
        style = root.findtext(f"{SVG}style") or ""
        assert ".move-guide{visibility:hidden}" in style and ".target:hover+.move-guide" in style
        assert ".target.expected+.move-guide" in style
        cells = cells_of(root)
        for target in with_attribute(root, "data-action"):
            assert not list(target.iter(f"{SVG}line"))
            assert not [e for e in target.iter() if e.get("class") in ("move-guide", "extent")]
            left, top, right, bottom = box(all_points(target))
            if target.get("data-move"):
                x, y, radius = chip_of(target)
                assert (left, top, right, bottom) == pytest.approx((x - radius, y - radius, x + radius, y + radius),
                                                                   abs=0.6)
                (path,) = guide_of(root, target).iter(f"{SVG}line")
                source = cell_centre(cells[target.get("data-move", "").split("-")[0]])
                assert (float(path.get("x1", "")), float(path.get("y1", ""))) == pytest.approx(source, abs=0.2)
                assert (float(path.get("x2", "")), float(path.get("y2", ""))) == pytest.approx((x, y), abs=0.2)
                guided.add("move")
            elif target.get("data-group"):
                assert right - left <= 20 and bottom - top <= 20  # the × badge alone
                guide_of(root, target)
                guided.add("group")
            else:  # a cell, a plaque or a button: no guide
                children = list(root)
                following = children[children.index(target) + 1] if target in children[:-1] else None
                assert following is None or following.get("class") != "move-guide"
    assert guided == {"move", "group"}


def test_the_setup_choices_are_the_set_plaques_and_the_first_move_buttons() -> None:
    state = next(s for s in game_positions(0) if s.phase == "choose")
    assert seat_to_move(state) == 1
    marks = {key_of(e, TARGET_ATTRIBUTES): e for e in with_attribute(svg_of(state), "data-action")}
    assert {key: e.get("data-action") for key, e in marks.items()} == {
        ("data-set", "rby"): "choose rby", ("data-set", "bwg"): "choose bwg", ("data-first", "2"): "choose first"}
    assert title_of(marks[("data-first", "2")]).splitlines()[0] == "Player 2 (you) moves first"
    taken = state.child(state.game.parse("choose bwg"))  # player 2 took a set: player 1 moves first, 2 removes
    assert seat_to_move(taken) == 1 and not with_attribute(svg_of(taken), "data-first")
    assert svg_texts(svg_of(taken))[0] == "Setup: Player 2 (you) to remove nuts"

    state = next(s for s in game_positions(0, placer_chooses_order=True) if s.phase == "choose")
    state.apply(state.game.parse("choose bwg"))  # with the option, player 1 says who moves first
    root = svg_of(state)
    marks = {key_of(e, TARGET_ATTRIBUTES): e for e in with_attribute(root, "data-action")}
    assert {key: e.get("data-action") for key, e in marks.items()} == {
        ("data-first", "1"): "choose first", ("data-first", "2"): "choose second"}
    assert svg_texts(root)[:2] == ["Setup: Player 1 (you) to choose",
                                   "Player 2 took black, white, gray; say who moves first"]
    owners = {e.get("data-set"): title_of(e).splitlines()[0] for e in with_attribute(root, "data-set")}
    assert owners == {"rby": "red, blue, yellow: Player 1 (you)", "bwg": "black, white, gray: Player 2"}


def test_the_plaques_show_each_colours_groups_and_pieces_and_who_is_to_move() -> None:
    for state in [s for s in positions() if s.phase == "play"][::7]:
        root = svg_of(state)
        view = state.view(None)
        for plaque in with_attribute(root, "data-set"):
            texts = svg_texts(plaque)
            owner = view["colour_sets"].index(plaque.get("data-set"))
            assert texts[0] == ("▶ " if owner == state.current else "") + f"Player {owner + 1}" + (
                " (you)" if owner == state.current else "")
            colours = [c for c in COLOURS if f"{c}:" in title_of(plaque)]
            assert len(colours) == 3
            for colour in colours:
                groups = view["groups"][colour]
                pieces = sum(1 for cell in view["cells"].values() if cell == colour)
                index = texts.index(LETTERS[colour])
                assert re.fullmatch(rf"{groups} groups?( ✓)?", texts[index + 1])
                assert texts[index + 1].endswith("✓") == (groups == 1)
                assert texts[index + 2] == f"{pieces} nut{'s' if pieces != 1 else ''}"


def test_the_end_shows_the_result_and_the_winners_plaque() -> None:
    for seed in SEEDS:
        state = game_positions(seed)[-1]
        (winner,) = state.winners()
        view = state.view(None)
        root = ET.fromstring(render_svg(view, []))
        assert svg_texts(root)[:2] == [f"Game over: Player {winner + 1} wins",
                                       f"{view['end'][0].upper()}{view['end'][1:]} (after {view['turn']} turns)"]
        won = [e for e in with_attribute(root, "data-set") if "★ wins" in svg_texts(e)[0]]
        assert [e.get("data-set") for e in won] == [view["colour_sets"][winner]]
        drawn = copy.deepcopy(view)
        drawn["winners"] = []
        assert svg_texts(ET.fromstring(render_svg(drawn, [])))[0] == "Game over: A draw"


def test_svg_is_deterministic() -> None:
    for state in game_positions(3)[::9]:
        check_deterministic(render_svg, state)


# --- text ----------------------------------------------------------------------------------------------------
def test_text_shows_every_cell_with_its_letter_and_whose_turn() -> None:
    for state in [s for s in game_positions(1) if s.phase in ("play", "over")][::10]:
        view = state.view(None)
        shown = dict(re.findall(r"\b([a-i]\d)([RBYKWG·])", as_text(view)))
        assert shown == {name: LETTERS.get(colour or "", "·") for name, colour in view["cells"].items()}
