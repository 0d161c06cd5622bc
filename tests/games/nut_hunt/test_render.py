"""Tests of the Nut Hunt pictures (render_text, render_svg, drawn through the face) on views taken from seeded
random games.

Every game is played from the empty forest to the end, so the views cover the layout being dealt, the
setup, turns, scattering (by a seat, and by the Automa's die in the solo game) and the final scoring; the
pictures are checked at a sample of each game's stages (sample_svgs).
What a tile action targets is read from the engine's action objects, not from the renderer's parsing.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
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
    legal_texts,
    picture_of,
    random_game,
    seat_to_move,
    stage_sample,
    svg_texts,
    text_of,
    title_of,
    with_attribute,
)

from nutbox.core import Action
from nutbox.games.nut_hunt import HuntOptions, HuntState, NutHunt
from nutbox.games.nut_hunt.actions import Hassle, Place, Recruit, Scatter
from nutbox.games.nut_hunt.components import COMPONENTS
from nutbox.registry import face

FACE = face("nut-hunt")

PLAYERS = range(1, 6)
SEEDS = range(3)
TILES = 19


@cache
def game_positions(players: int, seed: int) -> tuple[HuntState, ...]:
    return random_game(NutHunt(HuntOptions(players=players)).new_state(), seed)


def positions(players: int) -> Iterator[HuntState]:
    for seed in SEEDS:
        yield from game_positions(players, seed)


@cache  # two tests here and test_render_phone.py look at the same pictures
def sample_svgs(players: int, seed: int) -> tuple[tuple[HuntState, ET.Element], ...]:
    """Of one game: three positions of each stage (dealing the forest, each decision, a scatter, the Automa's
    draws...), its first and last position and every 40th, each with the picture its seat to move sees. A game's
    many positions of one stage (foraging, scattering) draw alike, and a picture's rendering and parse are the
    cost: a few of each stage, spread over the game, cover what the renderer draws differently."""
    played = stage_sample(game_positions(players, seed), stage_in_phase, every=40)
    return tuple((state, svg_of(state)) for state in played)


def sampled_svgs(players: int) -> Iterator[tuple[HuntState, ET.Element]]:
    for seed in SEEDS:
        yield from sample_svgs(players, seed)


def tile_of(state: HuntState, action: Action) -> str | None:
    """The code of the tile an action should mark; None for an action with no tile."""
    if isinstance(action, (Place, Scatter, Recruit, Hassle)):
        return COMPONENTS.tiles[action.tile].code
    return None


render_svg = Drawn(FACE).svg


def svg_of(state: HuntState) -> ET.Element:
    return picture_of(render_svg, state)


def as_text(view: dict[str, Any]) -> str:
    return text_of(FACE.text, view)


def forest_lines(text: str) -> list[str]:
    """The lines inside the board's panel, without its key line."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "The forest" in line)
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("╰"))
    return [line for line in lines[start + 1 : end] if "the fox" not in line]


def stage(state: HuntState) -> str:
    if state.frames:
        return "scatter" if seat_to_move(state) is not None else "automa scatter"
    if state.phase == "layout" and state.tile_at:
        return "layout partly dealt"
    return state.phase


def stage_in_phase(state: HuntState) -> tuple[str, str]:
    """What the sample tells apart: each stage in each phase it falls in (a scatter interrupts several)."""
    return stage(state), state.phase


# --- SVG ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_svg_parses_at_every_stage_with_one_element_per_cell(players: int) -> None:
    seen = set()
    for state, root in sampled_svgs(players):
        assert root.tag == f"{SVG}svg"
        laid = len(state.tile_at)
        assert sorted(element.get("data-tile", "") for element in with_attribute(root, "data-tile")) == sorted(
            COMPONENTS.tiles[tile].code for tile in state.tile_at
        )
        assert sum(1 for element in root.iter(f"{SVG}g") if element.get("class") == "empty") == TILES - laid
        seen.add(stage(state))
    expected = {"layout partly dealt", "discard", "place", "forage", "action", "keep", "scatter", "over"}
    if players == 1:
        expected.add("automa scatter")
    assert expected <= seen


@pytest.mark.parametrize("players", PLAYERS)
def test_each_tile_action_is_marked_once_on_its_tile_and_nothing_else_is(players: int) -> None:
    shared_tiles = 0
    for state, root in sampled_svgs(players):
        expected = expected_targets(state, tile_of)
        check_marks(root, expected, legal_texts(state), lambda element: element.get("data-tile", ""))
        shared_tiles += sum(1 for actions in expected.values() if len(actions) > 1)
    if players > 1:
        assert shared_tiles, "no position had two actions on one tile (recruit and hassle): that case went untested"


def test_svg_is_deterministic() -> None:
    for state in game_positions(3, 0)[::50]:
        check_deterministic(render_svg, state)


def test_svg_escapes_names() -> None:
    state = next(s for s in game_positions(2, 1) if s.phase == "action")
    view = state.view(0)
    strange = 'Ann & <Bob> "the fox"'
    root = ET.fromstring(render_svg(view, ["recruit WW"], [strange, "Bea"]))
    assert strange in svg_texts(root)
    occupied = [code for code, counts in view["board"].items() if counts["squirrels"][0]]
    assert occupied
    titles = {element.get("data-tile"): title_of(element) for element in with_attribute(root, "data-tile")}
    assert all(strange + ":" in titles[code] for code in occupied)


def test_svg_titles_name_the_tile_the_fox_and_who_is_there() -> None:
    for state in game_positions(4, 2)[200::100]:
        view = state.view(None)
        root = ET.fromstring(render_svg(view, []))
        for element in with_attribute(root, "data-tile"):
            code = element.get("data-tile", "")
            title = title_of(element)
            tile = COMPONENTS.tiles[COMPONENTS.tile_of_code[code]]
            assert tile.name in title
            assert ("the fox is here" in title) == (view["fox"] == code)
            assert (element.find(f"{SVG}g[@class='fox']") is not None) == (view["fox"] == code)
            for owner, info in enumerate(view["owners"]):
                count = view["board"][code]["squirrels"][owner]
                assert (f"{info['name']}: {count} squirrel" in title) == bool(count)


# --- text ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 6))
def test_text_shows_a_seats_own_objectives_and_no_one_elses(players: int) -> None:
    scouting = 0
    for seed in SEEDS:
        played = game_positions(players, seed)[:-1]
        sample = [state for state in played if state.phase == "keep"][:3] + list(played[::80])
        for state in sample:
            check_hidden_objectives(state, players)
            scouting += state.phase == "keep"
    assert scouting


def check_hidden_objectives(state: HuntState, players: int) -> None:
    for seat in range(players):
        shown = cards_shown(as_text(state.view(seat)))
        assert set(state.hands[seat]) <= shown
        others = {card for other in range(players) if other != seat for card in state.hands[other]}
        if seat == state.current:
            assert set(state.looking) <= shown
        else:
            others |= set(state.looking)
        assert not others & shown
    assert not {card for hand in state.hands for card in hand} & cards_shown(as_text(state.view(None)))


@pytest.mark.parametrize("players", PLAYERS)
def test_text_at_the_end_shows_every_hand_the_breakdown_totals_and_the_result(players: int) -> None:
    for seed in SEEDS:
        view = game_positions(players, seed)[-1].view(None)
        text = as_text(view)
        cards = {card for hand in view["hands"] for card in hand} | set(view["automa_hand"])
        assert cards <= cards_shown(text)
        lines = text.splitlines()
        start = next(i for i, line in enumerate(lines) if re.search(r"squirrels\s+total", line))
        for owner, parts in enumerate(view["breakdown"]):
            name = view["owners"][owner]["name"]
            row = next(line for line in lines[start:] if line.strip().startswith(name)).split()
            total = row[-2:] if owner in view["result"] else row[-1:]
            assert total == ([str(parts["total"]), "★"] if owner in view["result"] else [str(parts["total"])])
        winners = " and ".join(view["owners"][owner]["name"] for owner in view["result"])
        assert f"{winners} {'wins' if len(view['result']) == 1 else 'share the victory'}" in lines[-1]


def test_text_forest_shows_the_dealt_tiles_and_the_fox() -> None:
    for state in game_positions(3, 1)[:40:3]:
        view = state.view(None)
        tokens = [token for line in forest_lines(as_text(view)) for token in line.strip("│ ").split()]
        assert [token for token in tokens if len(token) == 2 and token.isupper()] == view["layout"]
        assert tokens.count("?") == TILES - len(view["layout"])
        fox_lines = [line for line in forest_lines(as_text(view)) if "F" in line.split()]
        if view["fox"] is None:
            assert not fox_lines
        else:
            assert len(fox_lines) == 1
            assert re.search(rf"\b{view['fox']}\b(\s+\w+)? F\b", fox_lines[0])


def test_text_solo_shows_the_automa_cards_and_a_scatter_in_progress() -> None:
    states = [s for s in positions(1) if s.frames and s.revealed and s.automa_hand]
    assert states
    for state in states[:10]:
        view = state.view(0)
        text = as_text(view)
        assert set(view["automa_hand"]) | set(view["revealed"]) <= cards_shown(text)
        assert "Scattering" in text
        top = COMPONENTS.tiles[COMPONENTS.tile_of_code[view["frames"][-1]["tile"]]]
        assert f"now: from {top.name}" in text
