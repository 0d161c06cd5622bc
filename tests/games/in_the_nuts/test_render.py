"""Tests of the In the Nuts! renderers (render_text, render_svg, drawn through the face) on views taken from
seeded random games, and on positions built explicitly for a joker to store, a theft and David.

Every game is played from the first face-up nut to the end, so the views cover the setup, rolling, placing,
deciding, collecting (take, steal, store), the final picks and the scores; each game is sampled by its
stages (sample). What a board action targets is read from the engine's action objects, not from the renderer's
parsing.
"""

from __future__ import annotations

import copy
import itertools
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
    check_deterministic,
    check_marks,
    expected_targets,
    key_of,
    legal_texts,
    picture_of,
    random_game,
    result_words,
    seat_to_move,
    stage_sample,
    svg_texts,
    text_of,
    title_of,
    with_attribute,
)

from nutbox.core import Action
from nutbox.games.in_the_nuts import NutsState
from nutbox.games.in_the_nuts.actions import Place, Preplace, Steal, Store, StoreKept, Take, section_label
from nutbox.games.in_the_nuts.components import COMPONENTS
from nutbox.games.in_the_nuts.face import FACE
from nutbox.games.in_the_nuts.render_svg import PLAYER_FILL, ROW_HEIGHT, STORAGE_TOP
from nutbox.registry import make

from .positions import play, position, refused

PLAYERS = range(2, 5)
SEEDS = range(3)
TARGET_ATTRIBUTES = ("data-space", "data-section", "data-slot", "data-card")
LETTERS = "RBWK"
COLOURS = ("red", "blue", "white", "black")
SPACES = [str(space) for space in range(COMPONENTS.first_space, COMPONENTS.last_space + 1)]
SECTIONS = [section_label(section) for section in range(len(COMPONENTS.area2))]
CARDS = len(COMPONENTS.storage)


@cache
def game_positions(players: int, seed: int) -> tuple[NutsState, ...]:
    state = make("in-the-nuts", {"players": players}).new_state()
    assert isinstance(state, NutsState)
    return random_game(state, seed)


def stage(state: NutsState) -> str:
    if state.phase in ("final", "over"):
        return state.phase
    if state.tasks and not state.is_chance():
        what, _, kind = state.tasks[0]
        return "joker store" if what == "store" and len(COMPONENTS.kinds[kind]) == 2 else what
    if state.phase == "faceup" and any(kind is not None for kind in state.faceup):
        return "faceup partly dealt"
    return state.phase


def sample(players: int) -> Iterator[NutsState]:
    """Of each game: three positions of each stage (the setup, a roll, a placing, a take, a theft, a joker to
    store, the final picks...), its first and last position and every 24th. A picture's rendering and parse are
    the cost (for the seats too, in test_render_phone.py), and a game's many positions of one stage draw alike:
    a few of each stage, spread over the game, cover what the renderer draws differently."""
    for seed in SEEDS:
        yield from stage_sample(game_positions(players, seed), stage_in_phase, every=24)


def stage_in_phase(state: NutsState) -> tuple[str, str]:
    """What the sample tells apart: each stage in each phase it falls in (a joker is stored while dealing, too)."""
    return stage(state), state.phase


@cache  # two tests here and test_render_phone.py look at the same pictures
def sample_svgs(players: int) -> tuple[tuple[NutsState, ET.Element], ...]:
    return tuple((state, svg_of(state)) for state in sample(players))


def board_target(state: NutsState, action: Action) -> tuple[str, str] | None:
    """The element an action should mark, as (attribute, value); None for an action with no board element."""
    if isinstance(action, Place):
        return "data-space", str(action.space)
    if isinstance(action, Preplace):
        return "data-section", section_label(action.section)
    if isinstance(action, Take):
        return "data-slot", str(action.slot + 1)
    if isinstance(action, Steal):
        return "data-card", f"{action.victim + 1}-{action.card + 1}"
    if isinstance(action, (Store, StoreKept)):  # a kept joker goes on one of the storer's cards too
        storer = seat_to_move(state)
        assert storer is not None
        return "data-card", f"{storer + 1}-{action.card + 1}"
    return None


def svg_of(state: NutsState) -> ET.Element:
    return picture_of(render_svg, state)


def board_marks(state: NutsState, root: ET.Element | None = None) -> dict[tuple[str, str], list[str]]:
    """Each legal action with a board element is listed once, on that element, which is highlighted; nothing
    else is marked."""
    expected = expected_targets(state, board_target)
    if root is None:
        root = svg_of(state)
    marked = check_marks(root, expected, legal_texts(state), lambda element: key_of(element, TARGET_ATTRIBUTES))
    for element in marked:
        assert any(part.get("class") == "highlight" for part in element)
    return expected


def squirrel_lines(counts: list[int]) -> list[str]:
    return [f"Player {seat + 1} ({COLOURS[seat]}): {count} squirrel" for seat, count in enumerate(counts) if count]


def check_section(element: ET.Element, counts: list[int]) -> None:
    """A section's title names each player's squirrels there, and a marker per player shows the count."""
    title = title_of(element)
    for seat, count in enumerate(counts):
        assert (f"Player {seat + 1} ({COLOURS[seat]}): {count} squirrel" in title) == bool(count)
    assert [t.text for t in element.iter(f"{SVG}text")][1:] == [str(count) for count in counts if count]
    assert [c.get("fill") for c in element.iter(f"{SVG}circle")] == [
        PLAYER_FILL[seat][0] for seat, count in enumerate(counts) if count
    ]


def card_words(code: str | None) -> str:
    """How a face-up card's title names it."""
    if code is None:
        return "empty, no card left to refill it"
    names = [COMPONENTS.nut_names[COMPONENTS.nut_codes.index(letter)] for letter in code]
    return names[0] if len(names) == 1 else f"joker ({names[0]} or {names[1]})"


render_svg = Drawn(FACE).svg


def as_text(view: dict[str, Any]) -> str:
    return text_of(FACE.text, view)


# --- SVG ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_svg_parses_at_every_stage_with_the_board_and_the_cards_as_the_view_has_them(players: int) -> None:
    seen = set()
    for state, root in sample_svgs(players):
        view = state.view(seat_to_move(state))
        assert root.tag == f"{SVG}svg"
        spaces = with_attribute(root, "data-space")
        assert [e.get("data-space") for e in spaces] == SPACES
        for element in spaces:
            owner = view["track"][element.get("data-space", "")]
            assert len(list(element.iter(f"{SVG}circle"))) == (owner is not None)
            if owner is not None:
                assert f"Player {owner + 1} ({COLOURS[owner]}) stands here" in title_of(element)
        sections = with_attribute(root, "data-section")
        assert [e.get("data-section") for e in sections] == SECTIONS
        for element, counts in zip(sections, view["area2"], strict=True):
            check_section(element, counts)
        uppers = with_attribute(root, "data-area3")
        for element, counts in zip(uppers, view["area3"], strict=True):
            check_section(element, counts)
        (top,) = with_attribute(root, "data-area4")
        check_section(top, view["area4"])
        slots = with_attribute(root, "data-slot")
        assert [e.get("data-slot") for e in slots] == ["1", "2", "3", "4"]
        under = [label for label, section in zip(SECTIONS, COMPONENTS.area2, strict=True) if not section.raccoon]
        for slot, (element, label, code) in enumerate(zip(slots, under, view["faceup"], strict=True), 1):
            assert title_of(element).splitlines()[0] == f"face-up nut {slot} (under {label}): {card_words(code)}"
        cards = with_attribute(root, "data-card")
        assert [e.get("data-card") for e in cards] == [f"{p}-{c}" for p in range(1, players + 1)
                                                       for c in range(1, CARDS + 1)]
        for element in cards:
            seat, number = (int(part) - 1 for part in element.get("data-card", "").split("-"))
            assert title_of(element).startswith(f"Player {seat + 1}, storage card {number + 1}: holds "
                                                f"{COMPONENTS.storage[number].capacity}")
            assert (": filled" in title_of(element)) == view["storage"][seat][number]["filled"]
        seen.add(stage(state))
    assert {"faceup partly dealt", "deal", "preplace", "dice", "place", "decide", "take", "steal", "store",
            "joker store", "final", "over"} <= seen


@pytest.mark.parametrize("players", PLAYERS)
def test_each_board_action_is_marked_once_on_its_element_and_nothing_else_is(players: int) -> None:
    kinds: Counter[str] = Counter()
    for state, root in sample_svgs(players):
        for (attribute, _), actions in board_marks(state, root).items():
            kinds[attribute] += 1
            kinds["shared"] += len(actions) > 1
    # a joker may go on one card as either of its nuts: two actions on one element
    assert set(TARGET_ATTRIBUTES) | {"shared"} <= set(kinds)


@pytest.mark.parametrize("players", PLAYERS)
def test_only_a_target_tells_what_a_click_does(players: int) -> None:
    """A tooltip ends with what a click does on a target and on nothing else (a place no action aims at once
    ended with "Click, then choose:")."""
    targets = plain = 0
    for _, root in sample_svgs(players):
        for element in root.iter(f"{SVG}g"):
            title = title_of(element)
            if not title:
                continue
            aimed = element.get("data-action") is not None
            targets += aimed
            plain += not aimed
            assert ("Click" in title) == aimed, title
    assert targets and plain


def test_a_joker_marks_each_free_card_with_both_of_its_nuts() -> None:
    state = position(faceup=("WH", "H", "B", "A"), area2={"2-4": [1, 0]}, storage={0: {3: ("W", 1), 4: ("A", 1)}})
    play(state, "dice 1 1 1", "stop")  # the squirrel goes to space 2 and collects the joker under 2-4
    assert "keep" in legal_texts(state)
    expected = board_marks(state)
    assert expected[("data-card", "1-1")] == ["store W 1", "store H 1"]
    assert expected[("data-card", "1-3")] == ["store W 3"]
    assert ("data-card", "1-4") not in expected
    assert not any(value.startswith("2-") for _, value in expected)


def test_a_kept_joker_marks_the_cards_it_may_go_on_first_beside_the_nut_being_stored() -> None:
    state = position(track={5: 0}, area2={"5-6": [1, 0]}, kept={0: ["WH"]}, storage={0: {1: ("H", 1), 3: ("A", 1)}},
                     phase="decide")
    play(state, "stop")  # the hazelnut under 5-6 to store; the kept joker may go on a card first
    expected = board_marks(state)
    assert expected[("data-card", "1-1")] == ["store H 1", "store WH H 1"]
    assert expected[("data-card", "1-2")] == ["store H 2", "store WH W 2", "store WH H 2"]
    assert ("data-card", "1-3") not in expected
    (card,) = [element for element in svg_of(state).iter() if element.get("data-card") == "1-1"]
    assert title_of(card).endswith("Click, then choose:\n· Store the hazelnut on storage card 1 (fills it: 5 points)\n"
                                   "· Store a kept joker (walnut or hazelnut) as a hazelnut on storage card 1 (fills "
                                   "it: 5 points)")


def test_a_theft_marks_the_victims_unguarded_cards_and_david_moves_to_the_victim() -> None:
    state = position(3, track={7: 0}, area2={"7": [1, 0, 0]}, david=1, phase="decide",
                     storage={1: {3: ("H", 2)}, 2: {3: ("A", 1), 4: ("W", 2), 5: ("B", 4)}})
    (david,) = [element for element in svg_of(state).iter(f"{SVG}g") if element.get("class") == "david"]
    assert title_of(david).startswith("David the raccoon guards Player 2")
    play(state, "stop", "take 1", "store W 1", "draw W")
    assert sorted(board_marks(state)) == [("data-card", "3-3"), ("data-card", "3-4")]  # card 5 is full
    play(state, "steal 3 4", "store W 2")
    root = svg_of(state)
    (david,) = [element for element in root.iter(f"{SVG}g") if element.get("class") == "david"]
    assert title_of(david).startswith("David the raccoon guards Player 3")
    y = float(next(david.iter(f"{SVG}circle")).get("cy", ""))
    assert STORAGE_TOP + 2 * ROW_HEIGHT < y < STORAGE_TOP + 3 * ROW_HEIGHT


def test_svg_shows_the_dice_and_the_spaces_they_offer() -> None:
    state = position(track={3: 1})
    play(state, "dice 2 1 6")
    root = svg_of(state)
    (dice,) = [element for element in root.iter(f"{SVG}g") if element.get("class") == "dice"]
    assert title_of(dice) == "green 2, white 1 and 6: space 3 or 8"
    assert len(list(dice.iter(f"{SVG}rect"))) == 3
    assert len(list(dice.iter(f"{SVG}circle"))) == 2 + 1 + 6


def test_svg_is_deterministic() -> None:
    for state in game_positions(3, 0)[::40]:
        check_deterministic(render_svg, state)


def test_svg_escapes_what_it_writes() -> None:
    """A seat's name is text the picture did not make: the face writes it escaped, in texts and tooltips."""
    state = next(s for s in game_positions(2, 1) if s.phase == "place" and seat_to_move(s) is not None)
    view = copy.deepcopy(state.view(state.current))
    strange = 'put <a squirrel> & "roll"'
    root = ET.fromstring(render_svg(view, legal_texts(state), [strange, "Bo"]))
    assert any(strange in text for text in svg_texts(root))
    assert any(title_of(element).startswith(f"{strange}, storage card 1") for element in root.iter())


# --- text ---------------------------------------------------------------------------------------------------
def board_parts(text: str) -> tuple[list[list[str]], list[str], str]:
    """The board panel's area rows (each a list of lines, without the panel's border), the track's two lines
    and the nuts' line. Every line of the panel must be whole: nothing wrapped at 100 columns."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "The board" in line)
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("╰"))
    inside = lines[start + 1 : end]
    assert all(line.startswith("│ ") and line.endswith(" │") for line in inside)
    inside = [line[2:-2] for line in inside]
    rules = [i for i, line in enumerate(inside) if "─" in line]
    assert len(rules) == 4
    areas = [inside[a + 1 : b] for a, b in itertools.pairwise(rules)]
    after = inside[rules[-1] + 1 :]
    assert len(after) == 3
    return areas, after[:2], after[2]


def squirrels_in(area: list[str]) -> list[dict[str, int]]:
    """Per section of an area row (cells between hedges): colour letter -> count."""
    cells = [line.split("│")[1:-1] for line in area]
    return [
        {letter: int(count) for letter, count in re.findall(r"\b([RBWK])(\d+)\b", " ".join(row[i] for row in cells))}
        for i in range(len(cells[0]))
    ]


def expected_squirrels(sections: list[list[int]]) -> list[dict[str, int]]:
    return [{LETTERS[seat]: count for seat, count in enumerate(counts) if count} for counts in sections]


def storage_rows(text: str, players: int) -> list[list[tuple[str, ...]]]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Storage cards"))
    rows = []
    for seat in range(players):
        line = next(line for line in lines[start:] if line.strip().startswith(f"Player {seat + 1} {LETTERS[seat]}"))
        cells = line.strip().split(maxsplit=3)[3]
        rows.append(re.findall(r"·|[WHBA] \d+(?:\+\d+j)?(?: ✓)?", cells))
    return rows


@pytest.mark.parametrize("players", PLAYERS)
def test_text_board_shows_the_areas_the_track_and_the_face_up_nuts(players: int) -> None:
    for state in list(sample(players))[::8]:
        view = state.view(None)
        areas, (numbers, standing), nuts = board_parts(as_text(view))
        assert squirrels_in(areas[0]) == expected_squirrels([view["area4"]])
        assert squirrels_in(areas[1]) == expected_squirrels(view["area3"])
        assert squirrels_in(areas[2]) == expected_squirrels(view["area2"])
        assert "raccoon" in areas[1][0] and "7 raccoon" in areas[2][0]
        assert numbers.split() == ["track", *SPACES]
        assert standing.split() == ["·" if view["track"][s] is None else LETTERS[view["track"][s]] for s in SPACES]
        assert re.findall(r"(\d) \[(\w+)\]", nuts) == [(str(slot), code or "empty")
                                                      for slot, code in enumerate(view["faceup"], 1)]


@pytest.mark.parametrize("players", PLAYERS)
def test_text_shows_every_storage_card_and_the_players(players: int) -> None:
    for state in list(sample(players))[::10]:
        view = state.view(None)
        text = as_text(view)
        for row, cards in zip(storage_rows(text, players), view["storage"], strict=True):
            assert row == [
                "·" if card["nut"] is None else f"{card['nut']} {card['nuts']}"
                + (f"+{card['jokers']}j" if card["jokers"] else "") + (" ✓" if card["filled"] else "")
                for card in cards
            ]
        header = next(line for line in text.splitlines() if "#1" in line).split()
        assert header == [f"#{number}" for number in range(1, CARDS + 1)]
        holds = next(line for line in text.splitlines() if line.strip().startswith("holds")).split()[1::2]
        assert holds == [str(storage.capacity) for storage in COMPONENTS.storage]
        points = next(line for line in text.splitlines() if line.strip().startswith("5 pts")).split()[::2]
        assert points == [str(storage.points) for storage in COMPONENTS.storage]
        guard = [line for line in text.splitlines() if "David guards" in line]
        if view["david"] is None:
            assert not guard and "David the raccoon guards no one yet" in text
        else:
            assert len(guard) == 1 and guard[0].strip().startswith(f"Player {view['david'] + 1}")


def test_text_shows_the_dice_the_kept_jokers_and_what_is_still_to_do() -> None:
    state = position(3, faceup=("WH", "H", "B", "A"), area2={"2-4": [1, 0, 0]}, kept={1: ["BA", "BA"]})
    play(state, "dice 1 2 5")
    text = as_text(state.view(0))
    assert "Dice: green 1, white 2 and 5 → space 3 or 6" in text
    assert re.search(r"Player 2 B\s+\d+\s+\d+\s+BA BA", text)
    play(state, "place 3", "stop")  # two squirrels in 2-4 take the joker under it
    assert as_text(state.view(0)).splitlines()[-4:] == [
        "To do:",
        "  now: Player 1 stores the joker (walnut or hazelnut)",
        "  then: face-up nut 1 is replaced from the draw pile",
        "Player 1 to move",  # what they decide, the table writes beside the picture (FACE.decision)
    ]
    # the rules say it in a refusal of anything else, with the rule
    assert refused(state, "roll").endswith("now you are to store the joker (walnut or hazelnut) on a storage card "
                                           "(Putting Nuts in Storage)")


@pytest.mark.parametrize("players", PLAYERS)
def test_text_at_the_end_shows_the_scores_and_the_winner(players: int) -> None:
    for seed in SEEDS:
        view = game_positions(players, seed)[-1].view(None)
        lines = as_text(view).splitlines()
        for seat, points in enumerate(view["points"]):
            assert view["scores"][seat] == points
            row = next(line for line in lines if line.strip().startswith(f"Player {seat + 1} ")).split()
            assert row[3] == str(points)
            assert (row[4] == "★") == (seat in view["winners"])
        assert lines[-1].startswith(result_words(view))
