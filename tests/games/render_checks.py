"""What the games' renderer tests (tests/games/<game>/test_render.py) check the same way: random games to take
views from, an SVG picture parsed with its clickable targets collected, the checks that every legal action
with a place on the board is marked exactly once on its element and nothing else is, that a picture
depends on its view only, and the terminal picture as plain text.

Each game's test module keeps what is its own: which positions it samples, which element an action aims
at, and what its board must show. pytest puts tests/games on the import path (the game folders are
packages, tests/games is not), so the modules import this one as `render_checks`.
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from rich.console import Console, RenderableType

from nutbox.core import Action, State, random_action

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


def seat_to_move(state: State) -> int | None:
    who = state.to_move()
    return who if isinstance(who, int) else None


def legal_texts(state: State) -> list[str]:
    """The legal actions as the table passes them to a renderer: none unless a seat is to move."""
    return [str(action) for action in state.legal_actions()] if seat_to_move(state) is not None else []


# --- the SVG picture ----------------------------------------------------------------------------------------
def picture_of(render_svg: RenderSvg, state: State) -> ET.Element:
    """The picture the seat to move sees (a spectator's at a chance node), with its legal actions."""
    return ET.fromstring(render_svg(state.view(seat_to_move(state)), legal_texts(state)))


def with_attribute(root: ET.Element, name: str) -> list[ET.Element]:
    return [element for element in root.iter() if name in element.attrib]


def key_of(element: ET.Element, attributes: tuple[str, ...]) -> tuple[str, str]:
    """(attribute, value) of the one target attribute among `attributes` that an element carries."""
    keys = [(name, element.get(name, "")) for name in attributes if name in element.attrib]
    assert len(keys) == 1, element.attrib
    return keys[0]


def title_of(element: ET.Element) -> str:
    return element.findtext(f"{SVG}title") or ""


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
