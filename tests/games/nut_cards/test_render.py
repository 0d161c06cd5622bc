"""Tests of the Nut renderers (render_text, render_svg) on views taken from seeded random games.

Every game is played from the first card dealt to the end, so the views cover dealing, a free take, a take
restricted to the drafted column, placing into an empty, a young and a grown layout, and the final scores; the
pictures are checked at a sample of each game's stages (sample_svgs).
What an action targets is read from the engine's action objects, not from the renderer's parsing; where a
drawing sits is checked against the grid's own column and band labels.
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
    check_deterministic,
    check_marks,
    expected_targets,
    key_of,
    legal_texts,
    picture_of,
    random_game,
    result_words,
    seat_to_move,
    shapes_box,
    stage_sample,
    svg_texts,
    text_of,
    title_of,
    with_attribute,
)

from nutbox.core import Action
from nutbox.games.nut_cards import CardsState
from nutbox.games.nut_cards.actions import Place, Take
from nutbox.games.nut_cards.components import BLANK, COMPONENTS
from nutbox.games.nut_cards.face import FACE
from nutbox.games.nut_cards.render_svg import BAND, CARD_W
from nutbox.registry import entry, make

PLAYERS = (2, 3)
SEEDS = range(2)
TARGET_ATTRIBUTES = ("data-offer", "data-spot")
H = COMPONENTS.cells_per_card


@cache
def game_positions(players: int, seed: int) -> tuple[CardsState, ...]:
    state = make("nut-cards", {"players": players}).new_state()
    assert isinstance(state, CardsState)
    return random_game(state, seed)


def stage(state: CardsState) -> str:
    if state.phase == "take":
        return "take from any column" if state.column is None else "take from the drafted column"
    if state.phase == "place":
        placed = len(state.layouts[state.current])
        return "place first" if placed == 0 else "place early" if placed < 4 else "place late"
    return state.phase


render_svg = Drawn(FACE).svg


def target_of(state: CardsState, action: Action) -> tuple[str, str]:
    """(attribute, value) of the element an action should mark: every action has one."""
    if isinstance(action, Take):
        return "data-offer", str(action.card)
    assert isinstance(action, Place)
    return "data-spot", f"{action.x},{action.y}"


def svg_of(state: CardsState) -> ET.Element:
    return picture_of(render_svg, state)


@cache  # the tests here and test_render_phone.py look at the same pictures
def sample_svgs(players: int, seed: int) -> tuple[tuple[CardsState, ET.Element], ...]:
    """Of one game: three positions of each stage (a deal, a free take, a restricted take, placing the first
    card, into a young and into a grown layout, the end), its first and last position and every 5th, each with
    its SVG as the player to move sees it. Two of a game's three positions are deals that draw alike, and a
    picture's rendering and parse are the cost: a few of each stage, spread over the game, cover what the
    renderer draws differently."""
    return tuple((state, svg_of(state)) for state in stage_sample(game_positions(players, seed), stage, every=5))


def pictured(players: int) -> Iterator[tuple[CardsState, ET.Element]]:
    for seed in SEEDS:
        yield from sample_svgs(players, seed)


def layout_of(root: ET.Element, seat: int) -> ET.Element:
    found = [element for element in root.iter(f"{SVG}g") if element.get("data-seat") == str(seat)]
    assert len(found) == 1
    return found[0]


def grid_labels(layout: ET.Element) -> tuple[dict[int, float], dict[int, float]]:
    """A layout grid's column -> the x of its middle and band -> the y of its middle, read off the column
    headers ("2 ▲") and band numbers it writes."""
    grid = next(element for element in layout.iter(f"{SVG}g") if element.get("class") == "grid")
    columns, bands = {}, {}
    for label in grid.iter(f"{SVG}text"):
        words = (label.text or "").split()
        if len(words) == 2:
            columns[int(words[0])] = float(label.get("x", ""))
        else:
            bands[int(words[0])] = float(label.get("y", "")) - 3.5  # the baseline sits below the middle
    return columns, bands


def centre(element: ET.Element) -> tuple[float, float]:
    """The middle of a drawing: its first circle, or its first rectangle."""
    shape = next(child for child in element if child.tag in (f"{SVG}circle", f"{SVG}rect"))
    if shape.tag == f"{SVG}circle":
        return float(shape.get("cx", "")), float(shape.get("cy", ""))
    return (float(shape.get("x", "")) + float(shape.get("width", "")) / 2,
            float(shape.get("y", "")) + float(shape.get("height", "")) / 2)


def as_text(view: dict[str, Any]) -> str:
    return text_of(FACE.text, view, width=120)


def sampled(players: int, step: int) -> Iterator[CardsState]:
    """Every `step`-th position of each game, and each game's end."""
    for seed in SEEDS:
        played = game_positions(players, seed)
        yield from played[::step]
        yield played[-1]


# --- SVG ----------------------------------------------------------------------------------------------------
def test_the_registry_offers_the_face_that_draws_the_svg_picture() -> None:
    assert entry("nut-cards").face is FACE and FACE.draws_svg


@pytest.mark.parametrize("players", PLAYERS)
def test_svg_parses_at_every_stage_with_the_offer_hand_and_layouts_of_the_view(players: int) -> None:
    seen = set()
    for state, root in pictured(players):
        view = state.view(seat_to_move(state))
        assert root.tag == f"{SVG}svg"
        assert [e.get("data-offer") for e in with_attribute(root, "data-offer")] == [
            str(dealt["card"]) for cards in view["columns"] for dealt in cards
        ]
        assert [e.get("data-hand") for e in with_attribute(root, "data-hand")] == (
            [str(view["holding"])] if view["holding"] else []
        )
        for seat in range(players):
            cards = [(int(e.get("data-card", "")), int(e.get("data-x", "")), int(e.get("data-y", "")))
                     for e in with_attribute(layout_of(root, seat), "data-card")]
            assert cards == [(p["card"], p["x"], p["y"]) for p in view["layouts"][seat]]
        seen.add(stage(state))
    assert {"deal", "take from any column", "take from the drafted column", "place first", "place early",
            "place late", "over"} <= seen


def card_marks(state: CardsState, root: ET.Element) -> dict[tuple[str, str], list[str]]:
    """Each legal action is listed once, on the element it names; nothing else is marked; the places are in the
    layout of the player to move."""
    expected = expected_targets(state, target_of)
    check_marks(root, expected, legal_texts(state), lambda element: key_of(element, TARGET_ATTRIBUTES))
    assert sum(len(actions) for actions in expected.values()) == len(legal_texts(state))
    spots = with_attribute(root, "data-spot")
    if spots:
        assert spots == with_attribute(layout_of(root, state.current), "data-spot")
    return expected


@pytest.mark.parametrize("players", PLAYERS)
def test_each_legal_action_is_marked_once_on_its_card_or_place_and_nothing_else_is(players: int) -> None:
    kinds = set()
    for state, root in pictured(players):
        kinds |= {attribute for attribute, _ in card_marks(state, root)}
    assert kinds == {"data-offer", "data-spot"}


@pytest.mark.parametrize("players", PLAYERS)
def test_a_restricted_take_marks_only_the_drafted_columns_cards(players: int) -> None:
    restricted = [(s, root) for s, root in pictured(players) if s.phase == "take" and s.column is not None]
    assert restricted
    for state, root in restricted[:10]:
        marked = {int(value) for (_, value) in card_marks(state, root)}
        assert marked == set(state.columns[state.column])
        others = {card for column, cards in enumerate(state.columns) if column != state.column for card in cards}
        for element in with_attribute(root, "data-offer"):
            assert (element.get("opacity") == "0.45") == (int(element.get("data-offer", "")) in others)


@pytest.mark.parametrize("players", PLAYERS)
def test_a_place_is_clickable_on_the_band_of_the_cards_middle_in_its_column(players: int) -> None:
    checked = 0
    for state in (s for s in sampled(players, 5) if s.phase == "place"):
        layout = layout_of(svg_of(state), state.current)
        columns, bands = grid_labels(layout)
        children = list(layout)
        for element in with_attribute(layout, "data-spot"):
            x, y = map(int, element.get("data-spot", "").split(","))
            assert centre(element) == (columns[x], bands[y + 1])
            # the card-sized outline is the element right after the target, not inside it
            guide = children[children.index(element) + 1]
            assert guide.get("class") == "extent"
            outline = next(e for e in guide.iter(f"{SVG}rect") if e.get("stroke-dasharray") == "6 3")
            assert float(outline.get("x", "")) == columns[x] - CARD_W / 2
            assert float(outline.get("y", "")) == bands[y] - BAND / 2
            assert float(outline.get("height", "")) == H * BAND
            assert title_of(element).startswith(f"Place card {state.holding} ")
            assert not re.search(r"(column|band)s? -?\d", title_of(element))  # no coordinates
            checked += 1
    assert checked


@pytest.mark.parametrize("players", PLAYERS)
def test_a_target_is_just_what_to_click_with_no_guide_line_or_label_inside(players: int) -> None:
    """A tutorial outlines the element that carries the action (learn.js): a place's is its middle band, with the
    card-sized guide outside it; a card's is the card, its number outside it."""
    spots = offers = 0
    for _state, root in pictured(players):
        for element in with_attribute(root, "data-action"):
            assert not [e for e in element.iter() if e.get("stroke-dasharray") == "6 3" or e.get("class") == "extent"]
            left, top, right, bottom = shapes_box(element)
            if "data-spot" in element.attrib:
                assert bottom - top < BAND and right - left < CARD_W
                spots += 1
            else:
                assert bottom - top <= H * BAND + 6 and right - left <= CARD_W + 6
                assert not [t for t in element.iter(f"{SVG}text") if (t.text or "").startswith("#")]
                offers += 1
    assert spots and offers


@pytest.mark.parametrize("players", PLAYERS)
def test_layouts_show_the_visible_cells_in_their_places_with_later_cards_on_top(players: int) -> None:
    for state in sampled(players, 7):
        view = state.view(None)
        root = ET.fromstring(render_svg(view, []))
        for seat in range(players):
            layout = layout_of(root, seat)
            columns, bands = grid_labels(layout)
            cards = with_attribute(layout, "data-card")
            covered = {}
            for card in cards:  # document order is drawing order: the last card over a cell shows there
                x, y = int(card.get("data-x", "")), int(card.get("data-y", ""))
                for band in range(y, y + H):
                    covered[f"{x},{band}"] = card
            assert set(covered) == set(view["visible"][seat])
            for key, what in view["visible"][seat].items():
                glyphs = [g for g in covered[key].iter(f"{SVG}g") if g.get("data-cell") == key]
                if what == BLANK:
                    assert not glyphs
                    continue
                assert [g.get("data-what") for g in glyphs] == [what]
                x, y = map(int, key.split(","))
                assert centre(glyphs[0]) == (columns[x], bands[y])


def test_upside_down_cards_show_their_cells_reversed() -> None:
    for state in sampled(3, 11):
        root = ET.fromstring(render_svg(state.view(None), []))
        for card in with_attribute(root, "data-card"):
            x, y = int(card.get("data-x", "")), int(card.get("data-y", ""))
            cells = COMPONENTS.cards[int(card.get("data-card", "")) - 1].cells
            shown = cells[::-1] if x % 2 else cells
            drawn = {g.get("data-cell"): g.get("data-what") for g in card.iter(f"{SVG}g") if "data-what" in g.attrib}
            assert drawn == {f"{x},{y + i}": what for i, what in enumerate(shown) if what != BLANK}
            assert ("upside down" in title_of(card)) == bool(x % 2)


@pytest.mark.parametrize("players", PLAYERS)
def test_each_scoring_cluster_is_outlined_around_its_cells(players: int) -> None:
    outlined = 0
    for state in sampled(players, 9):
        view = state.view(None)
        root = ET.fromstring(render_svg(view, []))
        for seat in range(players):
            layout = layout_of(root, seat)
            columns, bands = grid_labels(layout)
            paths = [p for p in layout.iter(f"{SVG}path") if p.get("class") == "cluster"]
            assert [p.get("data-colour") for p in paths] == [c["colour"] for c in view["clusters"][seat]]
            for path, cluster in zip(paths, view["clusters"][seat], strict=True):
                cells = [tuple(map(int, key.split(","))) for key in cluster["cells"]]
                numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path.get("d", ""))]
                points = list(zip(numbers[::2], numbers[1::2], strict=True))
                assert points
                for px, py in points:  # every corner inside one of the cluster's cells
                    assert any(abs(px - columns[x]) <= CARD_W / 2 and abs(py - bands[y]) <= BAND / 2
                               for x, y in cells)
                outlined += 1
    assert outlined


def test_svg_is_deterministic() -> None:
    for state in game_positions(3, 0)[::15]:
        first = check_deterministic(render_svg, state)
        coordinates = re.findall(r' (?:x|y|cx|cy|r|width|height|x1|y1|x2|y2|d)="([^"]*)"', first)
        assert coordinates and not any(re.search(r"\d\.\d\d", value) for value in coordinates)


def test_svg_escapes_what_it_writes() -> None:
    state = next(s for s in game_positions(2, 1) if s.phase == "take")
    view = state.view(state.current)
    strange = 'take <a card> & "run"'  # a name the table gives a seat
    drawn = FACE.svg(view, legal_texts(state), names=[strange, "Ann"])
    assert drawn is not None
    root = ET.fromstring(drawn)
    assert any(strange in text for text in svg_texts(root))


def test_svg_titles_name_the_cards_and_their_cells() -> None:
    state = next(s for s in game_positions(2, 2) if s.phase == "place" and len(s.layouts[s.current]) > 3)
    root = svg_of(state)
    for element in with_attribute(root, "data-offer") + with_attribute(root, "data-card"):
        card = int(element.get("data-offer", element.get("data-card", "")))
        title = title_of(element)
        assert re.match(rf"Card {card}[ ,]", title)
        assert ("red" in title) == ("R" in COMPONENTS.cards[card - 1].cells)
    hand = with_attribute(root, "data-hand")[0]
    assert f"Card {state.holding}, held by Player {state.current + 1}" in title_of(hand)


# --- text ---------------------------------------------------------------------------------------------------
def panel(text: str, seat: int) -> list[str]:
    """The lines inside a player's layout panel, without the border."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"╭─ Player {seat + 1} — "))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("╰"))
    return [line[2:].rstrip("│ ") for line in lines[start + 1 : end]]


def grid_cells(lines: list[str]) -> dict[str, str]:
    """The layout grid read back: "x,y" -> the cell written there, with brackets for a counted cell."""
    header = next(line for line in lines if "▲" in line or "▼" in line)
    at = {int(m.group(1)): m.end() - 2 for m in re.finditer(r"(-?\d+)[▲▼]", header)}  # the letter sits under
    cells = {}
    for line in lines[lines.index(header) + 1 :]:
        numbered = re.match(r"\s*(-?\d+) ", line)
        if not numbered or not line.strip():
            break
        band = int(numbered.group(1))
        for column, index in at.items():
            piece = line[index - 1 : index + 2].ljust(3)
            if piece.strip():
                cells[f"{column},{band}"] = piece
    return cells


@pytest.mark.parametrize("players", PLAYERS)
def test_text_layouts_show_the_visible_cells_in_place_with_the_clusters_bracketed(players: int) -> None:
    for state in sampled(players, 8):
        view = state.view(None)
        text = as_text(view)
        for seat in range(players):
            lines = panel(text, seat)
            if not view["visible"][seat]:
                assert "no cards yet" in lines[0]
                continue
            counted = {key for cluster in view["clusters"][seat] for key in cluster["cells"]}
            expected = {}
            for key, what in view["visible"][seat].items():
                letter = "·" if what == BLANK else what
                expected[key] = f"[{letter}]" if key in counted else f" {letter} "
            assert grid_cells(lines) == expected


@pytest.mark.parametrize("players", PLAYERS)
def test_text_breaks_down_each_cluster_and_totals_the_points(players: int) -> None:
    for state in sampled(players, 10):
        view = state.view(None)
        text = as_text(view)
        for seat in range(players):
            lines = panel(text, seat)
            for cluster in view["clusters"][seat]:
                line = next(line for line in lines if line.startswith(f"{cluster['colour']} "))
                assert f" {cluster['nuts']} nut" in line and line.endswith(f"= {cluster['points']}")
                assert ("squirrel" in line) == bool(cluster["squirrels"])
            assert f"Total: {view['points'][seat]} point" in "\n".join(lines)


@pytest.mark.parametrize("players", PLAYERS)
def test_text_shows_the_columns_on_offer_and_the_card_in_hand(players: int) -> None:
    for state in sampled(players, 6):
        view = state.view(seat_to_move(state))
        lines = as_text(view).splitlines()
        heading = next(i for i, line in enumerate(lines) if "Column 1" in line)
        starts = [lines[heading].index(f"Column {n}") for n in range(1, 4)] + [len(lines[heading]) + 40]
        for column, cards in enumerate(view["columns"]):
            pieces = [line[starts[column] : starts[column + 1]].split() for line in lines[heading + 1 : heading + 5]]
            if not cards:
                assert pieces[0] == ["empty"]
                continue
            assert pieces[0] == [f"#{dealt['card']}" for dealt in cards]
            for row in range(H):
                assert pieces[row + 1] == ["·" if e["cells"][row] == BLANK else e["cells"][row] for e in cards]
        holding = [line for line in lines if line.startswith("In hand:")]
        if view["holding"]:
            cells = " ".join("·" if what == BLANK else what for what in COMPONENTS.cards[view["holding"] - 1].cells)
            assert holding == [f"In hand: Player {view['current'] + 1} holds #{view['holding']}: {cells} upright "
                               f"(▲, even columns), {cells[::-1]} upside down (▼, odd columns)"]
        else:
            assert not holding


@pytest.mark.parametrize("players", PLAYERS)
def test_text_says_who_is_to_move_and_at_the_end_who_won(players: int) -> None:
    for state in sampled(players, 13):
        view = state.view(seat_to_move(state))
        lines = as_text(view).splitlines()
        if state.phase == "deal":
            assert lines[-1].startswith(f"Chance: Player {view['holder'] + 1} deals")
        elif state.phase != "over":
            assert lines[-1] == f"Player {view['current'] + 1} to move"  # the table prints the decision beside it
            assert FACE.decision(view).startswith(("take ", "place card "))
        else:
            assert lines[-1].startswith(result_words(view))
            for seat in range(players):
                title = next(line for line in lines if line.startswith(f"╭─ Player {seat + 1} — "))
                assert f"— {view['points'][seat]} point" in title
                assert ("★" in title) == (seat in view["winners"])


def test_the_result_says_when_the_largest_cluster_broke_a_tie_on_points() -> None:
    ends = (game_positions(players, seed)[-1].view(None) for players in PLAYERS for seed in range(40))
    view = next(v for v in ends if v["points"].count(max(v["points"])) > len(v["winners"]))
    best = max(view["points"])
    tied = [seat for seat, points in enumerate(view["points"]) if points == best]
    last = as_text(view).splitlines()[-1]
    assert last.startswith(f"Player {view['winners'][0] + 1} wins with {best} points (tied on points, the largest "
                           f"cluster decides: ")
    for seat in tied:
        assert f"Player {seat + 1} {max(cluster['nuts'] for cluster in view['clusters'][seat])} nut" in last
    status = ET.fromstring(render_svg(view, [])).findtext(f"{SVG}text") or ""
    assert status.endswith("(tied on points, the largest cluster decides) · each squirrel doubles")


def test_the_pictures_call_each_seat_by_the_name_the_table_gives_it() -> None:
    state = next(s for s in game_positions(3, 0) if s.phase == "place" and s.holder != s.current)
    view, names = state.view(state.current), ["Ann", "Bo", "Cy"]
    text = text_of(lambda v: FACE.text(v, names), view, width=120)
    assert f"In hand: {names[state.current]} holds #{state.holding}" in text
    assert text.splitlines()[-1] == f"{names[state.current]} to move"
    assert all(f"╭─ {name} — " in text for name in names) and "Player" not in text
    for drawn in (FACE.svg(view, legal_texts(state), names), FACE.phone(view, legal_texts(state), names)):
        assert drawn is not None and "Player " not in drawn
        assert any(f"{names[state.current]} to move" in text for text in svg_texts(ET.fromstring(drawn)))
