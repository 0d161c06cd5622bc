"""What the games' renderer tests (tests/games/<game>/test_render.py and test_render_phone.py) check the same
way: random games to take views from and a sample of their stages, an SVG picture parsed with its clickable
targets collected (the boxes they cover, the states its places show), the checks that every legal action with
a place on the board is marked exactly once on its element and nothing else is, that a picture depends on its
view only, and the terminal picture as plain text.

Each game's test module keeps what is its own: which positions it samples, which element an action aims
at, and what its board must show. pytest puts tests/games on the import path (the game folders are
packages, tests/games is not), so the modules import this one as `render_checks`.
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from rich.console import Console, RenderableType

from nutbox.core import Action, Face, State, random_action

SVG = "{http://www.w3.org/2000/svg}"

GameState = TypeVar("GameState", bound=State)
Key = TypeVar("Key", bound=Hashable)
RenderSvg = Callable[[dict[str, Any], list[str]], str]


# --- positions ----------------------------------------------------------------------------------------------
def random_game(state: GameState, seed: int) -> tuple[GameState, ...]:
    """Every position of one random game from `state`: chance drawn by its odds, decisions uniformly."""
    rng = random.Random(seed)
    positions = [state.clone()]
    while not state.is_terminal():
        action = random_action(state, rng)
        state.apply(action)
        positions.append(state.clone())
    return tuple(positions)


def node_kind(state: State) -> str:
    """Who acts next: "chance", "decision" (a seat) or "terminal" (no one, the game is over)."""
    return "terminal" if state.is_terminal() else "chance" if state.is_chance() else "decision"


def stage_sample(played: Sequence[GameState], stage: Callable[[GameState], Hashable], every: int,
                 per_stage: int = 3) -> list[GameState]:
    """Some positions of one game, in its order: the first and the last, every `every`-th, and of each stage (as
    `stage` names it, and whether chance, a seat or no one acts there) `per_stage` spread from its first to its
    last occurrence, or all of it when it comes up fewer times.

    Why not every position: a picture costs a rendering and a parse, and most positions of a random game show
    what its neighbours showed (one more roll, one more placing). What a picture draws differently is the stage
    (its decision, its marks, its chance node, its end), so each stage is taken a few times wherever it falls
    in the game, and the steady stride keeps the common stages' variety: early and late, crowded and sparse."""
    assert per_stage >= 2  # its first and its last occurrence at least
    by_stage: dict[Hashable, list[int]] = {}
    for index, state in enumerate(played):
        by_stage.setdefault((stage(state), node_kind(state)), []).append(index)
    chosen = {0, len(played) - 1, *range(0, len(played), every)}
    for indices in by_stage.values():
        last = len(indices) - 1
        if last < per_stage:
            chosen.update(indices)
        else:
            chosen.update(indices[last * step // (per_stage - 1)] for step in range(per_stage))
    return [played[index] for index in sorted(chosen)]


def all_look(sample: Sequence[GameState], stage: Callable[[GameState], Hashable]) -> list[bool]:
    """For each position of a sample, whether every seat and the spectator look at it, not only the seat to move:
    at every other position, and at the first of each stage (as in stage_sample), so that each viewer sees every
    stage while the pictures drawn for those without actions are about halved."""
    looks, seen = [], set()
    for index, state in enumerate(sample):
        kind = (stage(state), node_kind(state))
        looks.append(index % 2 == 0 or kind not in seen)
        seen.add(kind)
    return looks


def seat_to_move(state: State) -> int | None:
    who = state.to_move()
    return who if isinstance(who, int) else None


def legal_texts(state: State) -> list[str]:
    """The legal actions as the table passes them to a renderer: none unless a seat is to move."""
    return [str(action) for action in state.legal_actions()] if seat_to_move(state) is not None else []


# --- the SVG picture ----------------------------------------------------------------------------------------
class Drawn:
    """A game's pictures as a table draws them (each seat "Player N" unless names are given), never None: what
    the renderer tests read."""

    def __init__(self, face: Face[Any]) -> None:
        self.face = face

    def svg(self, view: Any, legal: Sequence[str] = (), names: list[str] | None = None) -> str:
        picture = self.face.svg(view, legal, names)
        assert picture is not None
        return picture

    def phone(self, view: Any, legal: Sequence[str] = (), names: list[str] | None = None) -> str:
        picture = self.face.phone(view, legal, names)
        assert picture is not None
        return picture


def picture_of(render_svg: RenderSvg, state: State) -> ET.Element:
    """The picture the seat to move sees (a spectator's at a chance node), with its legal actions."""
    return ET.fromstring(render_svg(state.view(seat_to_move(state)), legal_texts(state)))


def parse_once(picture: str, parsed: dict[str, ET.Element]) -> ET.Element:
    """A picture's tree, parsed only the first time it is met in `parsed`: where several viewers of a position see
    the same picture (those without actions, when nothing is secret), the parse, most of its cost, is paid once."""
    if picture not in parsed:
        parsed[picture] = ET.fromstring(picture)
    return parsed[picture]


def with_attribute(root: ET.Element, name: str) -> list[ET.Element]:
    return [element for element in root.iter() if name in element.attrib]


def key_of(element: ET.Element, attributes: tuple[str, ...]) -> tuple[str, str]:
    """(attribute, value) of the one target attribute among `attributes` that an element carries."""
    keys = [(name, element.get(name, "")) for name in attributes if name in element.attrib]
    assert len(keys) == 1, element.attrib
    return keys[0]


def title_of(element: ET.Element) -> str:
    return element.findtext(f"{SVG}title") or ""


Box = tuple[float, float, float, float]  # left, top, right, bottom


def shapes_box(element: ET.Element) -> Box:
    """(left, top, right, bottom) around the rectangles and circles an element draws (its hit area); any other
    shape in it is one that draws no hit area of its own (a title, text, line or path)."""
    boxes = []
    for shape in element.iter():
        if shape.tag == f"{SVG}rect":
            x, y = float(shape.get("x", "0")), float(shape.get("y", "0"))
            boxes.append((x, y, x + float(shape.get("width", "")), y + float(shape.get("height", ""))))
        elif shape.tag == f"{SVG}circle":
            cx, cy, r = (float(shape.get(name, "")) for name in ("cx", "cy", "r"))
            boxes.append((cx - r, cy - r, cx + r, cy + r))
        else:
            assert shape.tag in (f"{SVG}g", f"{SVG}title", f"{SVG}text", f"{SVG}line", f"{SVG}path"), shape.tag
    assert boxes, element.attrib
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share some area (touching edges do not)."""
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def place_states(root: ET.Element) -> dict[str, str]:
    """Each place's data-state by its naming attribute ("data-space=8"), read as the browser table reads it: the
    data attribute beside data-state that is not a target's."""
    found = {}
    for element in root.iter():
        if "data-state" in element.attrib:
            name = next(key for key in element.attrib
                        if key.startswith("data-") and key not in ("data-state", "data-action", "data-actions"))
            key = f"{name}={element.get(name)}"
            assert key not in found, key
            found[key] = element.get("data-state", "")
    return found


def svg_texts(root: ET.Element) -> list[str]:
    """What each <text> of a picture reads."""
    return ["".join(element.itertext()) for element in root.iter(f"{SVG}text")]


def expected_targets(state: GameState, target_of: Callable[[GameState, Action], Key | None]) -> dict[Key, list[str]]:
    """The element each legal action should mark (None: no element) -> those actions, in the engine's order;
    read from the engine's action objects, not from the renderer's parsing."""
    found: dict[Key, list[str]] = {}
    if seat_to_move(state) is None:
        return found
    for action in state.legal_actions():
        target = target_of(state, action)
        if target is not None:
            found.setdefault(target, []).append(str(action))
    return found


def check_marks(root: ET.Element, expected: dict[Key, list[str]], legal: list[str],
                key: Callable[[ET.Element], Key]) -> list[ET.Element]:
    """Each action in `expected` is listed once, on its element (found by `key`), first action first; no other
    element is marked, and no attribute names a legal action that has no element. The marked elements."""
    marked = with_attribute(root, "data-action")
    assert marked == [element for element in root.iter() if element.get("class") == "target"]
    assert sorted(key(element) for element in marked) == sorted(expected)
    for element in marked:
        actions = expected[key(element)]
        assert element.get("data-action") == actions[0]
        assert element.get("data-actions", "").split("|") == actions
    others = set(legal) - {action for actions in expected.values() for action in actions}
    assert not others & {value for element in root.iter() for value in element.attrib.values()}
    return marked


def check_deterministic(render_svg: RenderSvg, state: State) -> str:
    """The picture of a position depends on its view and legal actions only (not on their identity, nor on a
    view's round trip through JSON); the picture."""
    view, legal = state.view(seat_to_move(state)), legal_texts(state)
    first = render_svg(view, legal)
    assert render_svg(json.loads(json.dumps(view)), list(legal)) == first
    assert render_svg(view, legal) == first
    return first


# --- the terminal picture -----------------------------------------------------------------------------------
def text_of(render_text: Callable[[dict[str, Any]], RenderableType], view: dict[str, Any], width: int = 100) -> str:
    """The terminal picture of a view as plain text, `width` characters wide."""
    console = Console(record=True, width=width)
    console.print(render_text(view))
    return console.export_text()


def cards_shown(text: str) -> set[int]:
    """The card numbers a text shows, written "#12"."""
    return {int(number) for number in re.findall(r"#(\d+)\b", text)}


def result_words(view: dict[str, Any]) -> str:
    """How a game over says who won: "Player 1 wins with 12 points", "Player 1 and Player 3 share the win..."."""
    winners = " and ".join(f"Player {seat + 1}" for seat in view["winners"])
    verb = "wins" if len(view["winners"]) == 1 else "share the win"
    return f"{winners} {verb} with {max(view['points'])} points"
