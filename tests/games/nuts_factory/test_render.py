"""Tests of the Nuts! pictures (the face's text and svg: render_text, render_svg) on views taken from seeded random
games, and on positions built explicitly where random play hardly goes (Splitter/Joiner tiles, the fall-through
option).

Every game is played from the first Box Holder to the end, so the views cover setup, configuration, the
squirrel, pending bonus effects, shipping, cleanup and the final scores; each game is sampled by its stages. What a
board action targets is read from the engine's action objects, not from the renderer's parsing.
"""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from render_checks import (
    SVG,
    Drawn,
    cards_shown,
    check_deterministic,
    check_marks,
    expected_targets,
    key_of,
    legal_texts,
    picture_of,
    random_game,
    result_words,
    stage_sample,
    svg_texts,
    text_of,
    title_of,
    with_attribute,
)
from rich.console import RenderableType

from nutbox.core import Action
from nutbox.games.nuts_factory import FactoryState
from nutbox.games.nuts_factory.actions import (
    Build,
    Clear,
    Hunt,
    MoveMachine,
    MoveTile,
    Ship,
    Spin,
    SpinBack,
    SquirrelTo,
    place,
    tile_name,
)
from nutbox.games.nuts_factory.components import COMPONENTS, TILE_KINDS
from nutbox.games.nuts_factory.face import FACE
from nutbox.games.nuts_factory.render_svg import x_of
from nutbox.games.nuts_factory.render_text import TILE_LABELS
from nutbox.games.nuts_factory.view import FactoryView
from nutbox.registry import make

from .positions import play, position

render_svg = Drawn(FACE).svg


render_phone = Drawn(FACE).phone


def render_text(view: FactoryView) -> RenderableType:
    """The terminal picture, each seat called "Player N"."""
    return FACE.text(view)


PLAYERS = range(2, 5)
SEEDS = range(3)
TARGET_ATTRIBUTES = ("data-spot", "data-tile", "data-holder", "data-machine", "data-cell", "data-truck")
SPLITTER_TILES = {"r1c1": "split-right", "r2c4": "join-right", "r4c6": "split-left", "r5c2": "join-left",
                  "r7c5": "cross"}


@cache
def game_positions(players: int, seed: int) -> tuple[FactoryState, ...]:
    state = make("nuts-factory", {"players": players}).new_state()
    assert isinstance(state, FactoryState)
    return random_game(state, seed)


def sample(players: int) -> Iterator[FactoryState]:
    """Of each game: three positions of each stage (the Box Holders being placed, configuring, a bonus effect
    waiting, a tied Hunt, shipping, cleanup...), its first and last position and every 40th. The long games'
    many positions of one stage draw alike, and a picture's rendering and parse are the cost (every seat's, in
    test_render_phone.py): a few of each stage, spread over the game, cover what the renderer draws
    differently."""
    for seed in SEEDS:
        yield from stage_sample(game_positions(players, seed), stage_in_phase, every=40)


@cache  # three tests here and test_render_phone.py look at the same pictures
def sample_svgs(players: int) -> tuple[tuple[FactoryState, ET.Element], ...]:
    """The sample, each position with the picture its seat to move sees."""
    return tuple((state, svg_of(state)) for state in sample(players))


def board_target(state: FactoryState, action: Action) -> tuple[str, str] | None:
    """The element an action should mark, as (attribute, value); None for an action with no board element."""
    if isinstance(action, Build):
        return "data-spot", place(action.row, action.col)
    if isinstance(action, (Clear, MoveTile)):
        return "data-tile", place(action.row, action.col)
    if isinstance(action, (Spin, SpinBack)):
        return "data-holder", str(action.col + 1)
    if isinstance(action, MoveMachine):
        return "data-machine", place(action.row, action.col)
    if isinstance(action, SquirrelTo):
        return "data-cell", str(action.col + 1)
    if isinstance(action, Hunt):
        return "data-cell", str(state.squirrel + 1 + (1 if action.direction == "right" else -1))
    if isinstance(action, Ship):
        return "data-truck", str(action.truck)
    return None


def svg_of(state: FactoryState) -> ET.Element:
    return picture_of(render_svg, state)


def board_marks(state: FactoryState, root: ET.Element | None = None) -> dict[tuple[str, str], list[str]]:
    """Each legal action with a board element is listed once, on that element; nothing else is marked."""
    expected = expected_targets(state, board_target)
    if root is None:
        root = svg_of(state)
    check_marks(root, expected, legal_texts(state), lambda element: key_of(element, TARGET_ATTRIBUTES))
    return expected


def stage(state: FactoryState) -> str:
    if state.phase == "setup":
        return "setup partly dealt" if state.holders else "setup"
    if state.pending:
        return "pending"
    return state.phase


def stage_in_phase(state: FactoryState) -> tuple[str, str]:
    """What the sample tells apart: each stage in each phase it falls in (a bonus effect waits in several)."""
    return stage(state), state.phase


def as_text(view: dict[str, Any]) -> str:
    return text_of(render_text, view)


def floor_lines(text: str) -> dict[str | int, str]:
    """The lines of the floor's panel: the column numbers ("columns"), the paths' marks ("paths"), and each
    board row by its number; left as they are, so that columns line up with the column numbers."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "The factory floor" in line)
    found: dict[str | int, str] = {"columns": lines[start + 1]}
    for line in lines[start + 2 :]:
        if line.startswith("╰"):
            break
        numbered = re.match(r"│\s*(\d+) [a-z]", line)
        if numbered:
            found[int(numbered.group(1))] = line
        elif "paths to" in line:
            found["paths"] = line
    return found


# --- SVG ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_svg_parses_at_every_stage_with_the_floor_as_the_view_has_it(players: int) -> None:
    seen = set()
    for state, root in sample_svgs(players):
        assert root.tag == f"{SVG}svg"
        assert sorted(e.get("data-tile", "") for e in with_attribute(root, "data-tile")) == sorted(
            place(*spot) for spot in state.tiles
        )
        assert [e.get("data-holder") for e in with_attribute(root, "data-holder")] == [
            str(column) for column in range(1, len(state.holders) + 1)
        ]
        assert sum(1 for e in root.iter(f"{SVG}g") if e.get("class") == "empty") == COMPONENTS.columns - len(
            state.holders
        )
        assert [e.get("data-truck") for e in with_attribute(root, "data-truck")] == [str(t) for t in state.trucks]
        assert sorted(e.get("data-machine", "") for e in with_attribute(root, "data-machine")) == sorted(
            place(*spot) for spot in state.machines
        )
        assert [e.get("data-squirrel") for e in with_attribute(root, "data-squirrel")] == [str(state.squirrel + 1)]
        seen.add(stage(state))
    assert {"setup partly dealt", "config", "pending", "shipping", "cleanup", "over"} <= seen


@pytest.mark.parametrize("players", PLAYERS)
def test_each_board_action_is_marked_once_on_its_element_and_nothing_else_is(players: int) -> None:
    kinds: Counter[str] = Counter()
    for state, root in sample_svgs(players):
        for (attribute, _), actions in board_marks(state, root).items():
            kinds[attribute] += 1
            kinds["shared"] += len(actions) > 1
    # a tile offers clear and usually a slide: several actions on one element
    assert {"data-spot", "data-tile", "data-holder", "data-machine", "data-truck", "shared"} <= set(kinds)


def test_hunt_and_the_squirrel_bonus_mark_cells_of_his_row() -> None:
    hunts = [(s, root) for players in PLAYERS for s, root in sample_svgs(players) if s.phase == "hunt"]
    assert hunts, "no tied Hunt came up: the hunt marks went untested"
    for state, root in hunts:
        expected = board_marks(state, root)
        assert sorted(expected) == [("data-cell", str(state.squirrel)), ("data-cell", str(state.squirrel + 2))]
    state = position(hands=[(13,)], squirrel=4)
    play(state, "play 13 first")
    assert state.pending == "move-squirrel"
    assert sorted(board_marks(state)) == [("data-cell", str(c)) for c in (2, 3, 5, 6)]


def test_splitter_builds_share_their_place_and_splitter_tiles_draw_their_belts() -> None:
    state = position(hands=[(1,)], tiles=SPLITTER_TILES)
    play(state, "play 1 first")
    expected = board_marks(state)
    spots = [actions for (attribute, _), actions in expected.items() if attribute == "data-spot"]
    assert spots and all([a.split()[1] for a in actions] == list(TILE_KINDS) for actions in spots)
    root = svg_of(state)
    for element in with_attribute(root, "data-tile"):
        kind = SPLITTER_TILES[element.get("data-tile", "")]
        assert title_of(element).startswith(f"{tile_name(kind)} in row ")
        column = int(element.get("data-tile", "").split("c")[1])
        lines = list(element.iter(f"{SVG}line"))
        belts = sorted((float(line.get("x1", "")), float(line.get("x2", ""))) for line in lines
                       if line.get("y1") != line.get("y2"))
        wanted = sorted((x_of(column + side), x_of(column + out))
                        for side, outs in enumerate(COMPONENTS.tiles[kind].belts) for out in outs)
        assert belts == wanted
        stops = sum(1 for line in lines if line.get("y1") == line.get("y2"))
        assert stops == sum(1 for outs in COMPONENTS.tiles[kind].belts if not outs)


def path_ends(root: ET.Element) -> list[tuple[int, int]]:
    return sorted((int(p.get("data-from", "")), int(p.get("data-to", ""))) for p in root.iter(f"{SVG}polyline"))


def test_connecting_paths_are_traced_from_dispenser_to_box() -> None:
    traced = 0
    for players in PLAYERS:
        for state in sample(players):
            view = state.view(None)
            root = ET.fromstring(render_svg(view, []))
            assert path_ends(root) == sorted(
                (path["from"], path["to"]) for path in view["paths"] for _ in range(path["count"])
            )
            for polyline in root.iter(f"{SVG}polyline"):
                points = [tuple(map(float, p.split(","))) for p in polyline.get("points", "").split()]
                assert points[0][0] == x_of(int(polyline.get("data-from", "")))
                assert points[-1][0] == x_of(int(polyline.get("data-to", "")))
            traced += bool(view["paths"])
    assert traced


def test_a_splitter_makes_two_routes_and_fall_through_is_traced_when_the_game_has_it() -> None:
    tiles = {"r1c1": "split-right"}  # the Almond from column 1 forks; the Cashew from column 2 meets no belt
    forked = position(tiles=tiles, tops=("A", "A", "A", "A", "C", "A", "A", "A"))
    assert path_ends(svg_of(forked)) == [(1, 1), (1, 2)]
    falling = position(tiles=tiles, tops=("A", "C", "A", "A", "C", "A", "A", "A"), unused_end="fall")
    root = svg_of(falling)
    assert path_ends(root) == [(1, 1), (2, 2)]
    straight = next(p for p in root.iter(f"{SVG}polyline") if p.get("data-from") == "2")
    assert {float(point.split(",")[0]) for point in straight.get("points", "").split()} == {x_of(2)}


@pytest.mark.parametrize(("unused_end", "routes"), [("block", 1), ("fall", 2)])
def test_a_nut_meeting_no_belt_is_traced_as_the_game_options_have_it(unused_end: str, routes: int) -> None:
    """The Almond from column 1 forks; its right branch meets a splitter's unused entrance in row 2. Blocked
    there, only the left branch reaches the joiner in row 4; falling through, both do, by routes that look
    alike to the view (same ends, nothing salted or roasted, the same squirrel column)."""
    tiles = {"r1c1": "split-right", "r2c2": "split-left", "r4c1": "join-right"}
    state = position(tiles=tiles, salters=(5, 6), unused_end=unused_end)
    assert [(p["from"], p["to"], p["count"]) for p in state.view(None)["paths"]] == [(1, 2, routes)]
    root = svg_of(state)
    assert path_ends(root) == [(1, 2)] * routes
    assert len({polyline.get("points") for polyline in root.iter(f"{SVG}polyline")}) == routes  # each its own way


def test_svg_holders_show_the_top_box_large_and_the_others_in_order() -> None:
    state = next(s for s in game_positions(3, 1) if s.phase == "shipping")
    view = state.view(None)
    root = ET.fromstring(render_svg(view, []))
    for element, holder in zip(with_attribute(root, "data-holder"), view["holders"], strict=True):
        texts = list(element.iter(f"{SVG}text"))
        assert [t.text for t in texts] == holder["boxes"]
        assert float(texts[0].get("font-size", "")) > max(float(t.get("font-size", "")) for t in texts[1:])
        assert f"{COMPONENTS.nut_names[COMPONENTS.nut_codes.index(holder['top'])]} on top" in title_of(element)
    for element in with_attribute(root, "data-truck"):
        truck = COMPONENTS.trucks[int(element.get("data-truck", "")) - 1]
        codes = [t.text for t in element.iter(f"{SVG}text")][2:]
        assert Counter(codes) == {code: n for code, n in zip(COMPONENTS.nut_codes, truck.nuts, strict=True) if n}
        assert f"{truck.points} points" in title_of(element)


@pytest.mark.parametrize("players", PLAYERS)
def test_svg_shows_every_seats_points(players: int) -> None:
    for state, root in sample_svgs(players)[::20]:
        view = state.view(None)
        scores = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "scores")
        said = " ".join(svg_texts(scores))
        for seat, points in enumerate(view["points"]):
            assert f"Player {seat + 1}: {points} point{'s' if points != 1 else ''}" in said


def test_svg_is_deterministic() -> None:
    for state in game_positions(3, 0)[::60]:
        check_deterministic(render_svg, state)


def test_svg_escapes_what_it_writes() -> None:
    state = next(s for s in game_positions(2, 1) if s.phase == "config")
    view = copy.deepcopy(state.view(state.current))
    strange = 'spin-back <c1> & "c2"'
    view["pending"] = strange
    root = ET.fromstring(render_svg(view, legal_texts(state)))
    assert any(strange in text for text in svg_texts(root))


def test_the_pictures_name_the_decision_between_two_bonus_draws() -> None:
    state = position(tops=("C", "C", "A", "A", "C", "C", "A", "A"), salters=(2, 6), roasters=(2, 6),
                     deck=(5,), actions_left=1)
    play(state, "feed", "bonus 5")
    assert state.phase == "between-draws"
    assert "Production: between two bonus cards" in " ".join(svg_texts(svg_of(state)))
    assert "Phase 3, Production (between two bonus cards)" in as_text(state.view(0))


# --- text ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_text_floor_shows_tiles_machines_squirrel_and_top_boxes_in_their_columns(players: int) -> None:
    for state in list(sample(players))[::25]:
        view = state.view(None)
        lines = floor_lines(as_text(view))
        at = {column: lines["columns"].index(f"c{column}") for column in range(1, COMPONENTS.columns + 1)}
        for row in COMPONENTS.conveyor_rows:
            line = lines[row]
            tiles = sorted((t["column"], t["kind"]) for t in view["tiles"] if t["row"] == row)
            assert line.count("├") == len(tiles)
            for column, kind in tiles:
                assert line[at[column]] == "├" and line[at[column + 1]] == "┤"
                assert line[at[column] + 1 : at[column + 1]].strip("─") == TILE_LABELS[kind]
        for machine in view["machines"]:
            assert lines[machine["row"]][at[machine["column"]]] == ("S" if machine["kind"] == "salter" else "R")
        assert lines[COMPONENTS.squirrel_row][at[view["squirrel"]]] == "Q"
        for column, holder in enumerate(view["holders"], 1):
            assert lines[len(COMPONENTS.rows) - 1][at[column] :].startswith(holder["top"])
        for path in view["paths"]:
            assert lines["paths"][at[path["from"]] :].startswith(f"{path['nut']}→")


def test_text_lists_the_connecting_paths_in_words() -> None:
    listed = 0
    for state in sample(3):
        view = state.view(None)
        if not view["paths"]:
            continue
        text = as_text(view)
        lines = text.splitlines()
        for path in view["paths"]:
            line = next(line for line in lines if f"{path['nut']} from column {path['from']} to column "
                        f"{path['to']}" in line)
            assert ("salted" in line) == path["salted"] and ("roasted" in line) == path["roasted"]
            eaten = path["squirrel_column"] == view["squirrel"] and not view["fed"]
            assert ("through the squirrel" in line) == eaten
            listed += 1
    assert listed


def check_hidden_cards(state: FactoryState) -> None:
    for seat in range(state.n):
        text = as_text(state.view(seat))
        shown = cards_shown(text)
        assert set(state.hands[seat]) <= shown
        words = " ".join(text.split())  # long card texts wrap
        for card in state.hands[seat]:
            assert all(option.text in words for option in COMPONENTS.bonus_cards[card - 1].options)
        others = {card for other in range(state.n) if other != seat for card in state.hands[other]}
        assert not others & shown
    assert not {card for hand in state.hands for card in hand} & cards_shown(as_text(state.view(None)))


@pytest.mark.parametrize("players", PLAYERS)
def test_text_shows_a_seats_own_bonus_cards_and_no_one_elses(players: int) -> None:
    held = [s for seed in SEEDS for s in game_positions(players, seed)[:-1] if any(s.hands)]
    assert held, "no one held a bonus card: hidden hands went untested"
    for state in held[:: max(1, len(held) // 6)]:
        check_hidden_cards(state)
    check_hidden_cards(position(players, hands=[(3, 17), (21,)]))


@pytest.mark.parametrize("players", PLAYERS)
def test_text_at_the_end_shows_the_scores_and_the_winner(players: int) -> None:
    for seed in SEEDS:
        view = game_positions(players, seed)[-1].view(None)
        text = as_text(view)
        lines = text.splitlines()
        for seat, points in enumerate(view["points"]):
            row = next(line for line in lines if line.strip().startswith(f"Player {seat + 1} ")).split()
            assert row[2] == str(points)
            assert (row[3] == "★") == (seat in view["winners"])
        assert lines[-1].startswith(result_words(view))
