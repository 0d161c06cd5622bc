"""Property tests: on positions hypothesis invents, the engine agrees with the brute-force oracle."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from nutbox.games.nuts_sorting.actions import Move
from nutbox.games.nuts_sorting.components import COLOURS

from .oracle import oracle_group, oracle_groups, oracle_legal
from .positions import READING_ORDER, position

RBY = ("red", "blue", "yellow")
BWG = ("black", "white", "gray")


@st.composite
def positions(draw: st.DrawFn) -> tuple[dict[str, str], int]:
    """A play-phase board: each colour on at most 10 cells, anywhere, with at least 3 cells empty."""
    cells: dict[str, str] = {}
    for colour in COLOURS:
        free = [name for name in READING_ORDER if name not in cells]
        count = draw(st.integers(min_value=1, max_value=10))
        for name in draw(st.lists(st.sampled_from(free), min_size=count, max_size=count, unique=True)):
            cells[name] = colour
    return cells, draw(st.integers(min_value=0, max_value=1))


@settings(max_examples=150, deadline=None)
@given(positions())
def test_legal_actions_are_exactly_the_brute_force_ones(case: tuple[dict[str, str], int]) -> None:
    cells, seat = case
    state = position(cells, to_move=seat)
    colours = RBY if seat == 0 else BWG
    assert [str(a) for a in state.legal_actions()] == sorted(oracle_legal(cells, colours), key=_reading)


@settings(max_examples=100, deadline=None)
@given(positions())
def test_every_move_grows_its_group_and_its_colours_sorted_sizes(case: tuple[dict[str, str], int]) -> None:
    """The Move rule, and the reason no position ever recurs (docs/rules-decisions.md, Nuts Sorting 6)."""
    cells, seat = case
    state = position(cells, to_move=seat)
    for action in state.legal_actions():
        if not isinstance(action, Move):
            continue
        source, target = (READING_ORDER[action.source], READING_ORDER[action.target])
        colour = cells[source]
        after = {name: c for name, c in cells.items() if name != source} | {target: colour}
        assert len(oracle_group(after, target)) > len(oracle_group(cells, source))
        sizes = sorted((len(g) for g in oracle_groups(cells, colour)), reverse=True)
        sizes_after = sorted((len(g) for g in oracle_groups(after, colour)), reverse=True)
        assert sizes_after > sizes
        child = state.child(action)
        assert sorted((g.bit_count() for g in child.groups_of(COLOURS.index(colour))), reverse=True) == sizes_after


def _reading(text: str) -> tuple[int, int, int]:
    """The engine's order: moves by (source, target) in reading order, then pickups by cell."""
    if text.startswith("x "):
        return (1, READING_ORDER.index(text[2:]), 0)
    source, target = text.split("-")
    return (0, READING_ORDER.index(source), READING_ORDER.index(target))
