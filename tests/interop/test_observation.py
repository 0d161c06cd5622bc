"""The games' observation encodings (each game's observation.py) through the interop glue: a fixed shape,
values in [0, 1], every change a seat can see reflected in its encoding, and a documented layout."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pytest

from nutbox.core import Game, NutboxError, Options, random_action
from nutbox.interop.encoding import Encoder, legal_mask
from nutbox.registry import BUILT_IN, ENTRIES, make

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
SECTION = "## Observation encoding (for learners)"
# Texts a view carries for people; an encoding for learners leaves them out.
TEXT_FIELDS = {"decision"}


def observation_module(game: Game) -> str:
    observe = ENTRIES[game.id].observe
    assert observe is not None
    return sys.modules[observe.__module__].__doc__ or ""


def test_a_random_game_keeps_shape_and_range_and_every_visible_change_shows(case: tuple[str, int]) -> None:
    game_id, players = case
    game = make(game_id, {"players": players})
    encoder = Encoder(game)
    rng = random.Random(f"{game_id}/{players}")
    state = game.new_state()
    before: list[tuple[dict[str, object], np.ndarray] | None] = [None] * players
    changes = 0
    while True:
        for seat in range(players):
            view = state.view(seat)
            vector = encoder.encode(view)
            assert vector.shape == (encoder.size,) and vector.dtype == np.float32
            assert np.all(vector >= 0.0) and np.all(vector <= 1.0), f"seat {seat}: a value outside [0, 1]"
            previous = before[seat]
            if previous is not None:
                seen = {key for key in view.keys() | previous[0].keys() if view.get(key) != previous[0].get(key)}
                if seen - TEXT_FIELDS:
                    changes += 1
                    assert not np.array_equal(vector, previous[1]), (
                        f"seat {seat} sees {sorted(seen)} change, but its encoding stays the same"
                    )
            before[seat] = (view, vector)
        if state.is_terminal():
            break
        state.apply(random_action(state, rng))
    assert changes > 10
    # seats are relative: each seat's encoding names the winners counting from itself (solo Nut Hunt has a
    # second entry, for the Automa, which is no seat)
    for seat in range(players):
        winners = encoder.split(encoder.encode(state.view(seat)))["winners"][:players]
        expected = np.zeros_like(winners)
        for winner in state.winners():
            expected[(winner - seat) % players] = 1.0
        assert np.array_equal(winners, expected), f"seat {seat}: winners {state.winners()} read as {winners}"


def test_the_layout_is_documented_in_the_module_and_on_the_game_page(case: tuple[str, int]) -> None:
    game_id, players = case
    if game_id not in BUILT_IN:
        pytest.skip("a game from another package documents itself in its own package")
    game = make(game_id, {"players": players})
    encoder = Encoder(game)
    module = observation_module(game)
    page = (DOCS / f"{game_id}.md").read_text()
    assert SECTION in page, f"docs/games/{game_id}.md has no '{SECTION}' section"
    section = page.split(SECTION, 1)[1].split("\n## ", 1)[0]
    assert str(encoder.size) in module, f"the module docstring does not give the size {encoder.size}"
    for name in encoder.shapes:
        assert f"| {name} " in module, f"part {name!r} is not in the module's table"
        assert name in section, f"part {name!r} is not named on docs/games/{game_id}.md"


def test_split_gives_named_views_of_the_vector() -> None:
    game = make("nuts-sorting")
    encoder = Encoder(game)
    vector = encoder.encode(game.new_state().view(0))
    parts = encoder.split(vector)
    assert parts["board"].shape == (61, 8)
    assert parts["board"][:, 7].all(), "before the deal every cell reads 'not dealt yet'"
    parts["turn"][0] = 0.5
    assert vector[encoder.slices["turn"]][0] == 0.5
    with pytest.raises(ValueError, match=r"shape \(519,\)"):
        encoder.split(np.zeros(3, np.float32))


def test_an_encoding_refuses_another_games_options() -> None:
    observe = ENTRIES["nut-hunt"].observe
    assert observe is not None
    with pytest.raises(TypeError, match="HuntOptions, not Options"):
        observe(Options())


def test_a_game_without_an_encoding_is_refused_clearly(monkeypatch: pytest.MonkeyPatch) -> None:

    # the entry's parts are loaded once and kept in its __dict__: a game that brings no encoding
    monkeypatch.setitem(vars(ENTRIES["nut-cards"]), "observe", None)
    with pytest.raises(NutboxError, match="Nut has no observation encoding"):
        Encoder(make("nut-cards"))


def test_legal_mask_marks_exactly_the_legal_actions() -> None:
    game = make("nut-hunt", {"players": 3})
    state = game.new_state()
    rng = random.Random(4)
    while state.is_chance():
        state.apply(random_action(state, rng))
    legal = state.legal_actions()
    mask = legal_mask(game, legal)
    assert mask.dtype == np.int8 and mask.sum() == len(legal)
    assert sorted(np.flatnonzero(mask)) == sorted(game.action_index(action) for action in legal)
