"""The review's chances through a fitted map (nutbox/review/calibration.py): the fit finds a map that is there,
the maps kept are monotone and were fitted at the review's own budget, and a judgement shows the raw chances
through its game's map without changing which move is best."""

from __future__ import annotations

import json
import math
import random

import pytest

from nutbox.registry import BUILT_IN, make
from nutbox.review import Budget
from nutbox.review.calibration import FITTED, IDENTITY, Scale, fit, fitted, scale_for
from nutbox.review.game_review import decisions, judge

from .planted import in_the_nuts


@pytest.mark.parametrize(("a", "b"), [(0.6, 0.3), (1.8, -0.2), (1.0, 0.0)])
def test_the_fit_finds_the_map_the_outcomes_were_drawn_from(a: float, b: float) -> None:
    """Raw chances measured from 24 playouts; each outcome drawn from the true map of its raw chance."""
    rng = random.Random(f"{a}:{b}")
    truth = Scale(a, b)
    pairs = []
    for _ in range(20_000):
        raw = rng.randrange(25) / 24
        pairs.append((raw, 1.0 if rng.random() < truth(raw, 24) else 0.0))
    found = fit(pairs, 24)
    assert found.a == pytest.approx(a, abs=0.08) and found.b == pytest.approx(b, abs=0.08)


def test_the_kept_maps_are_monotone_fitted_at_the_default_budget_and_only_for_games_that_exist() -> None:
    data = json.loads(FITTED.read_text())
    assert data["fits"], "no game has a calibration"
    for key, entry in data["fits"].items():
        game_id, players = key.split("/")
        assert game_id in BUILT_IN and make(game_id).min_players <= int(players) <= make(game_id).max_players
        assert entry["playouts"] == Budget().playouts and entry["decisions"] >= 300
        scale = fitted()[key]
        assert scale.a > 0, f"{key}: a map that is not increasing would turn the best move into the worst"
        chances = [scale(k / 24, 24) for k in range(25)]
        assert chances == sorted(chances) and all(0 < chance < 1 for chance in chances)
    assert scale_for("no-such-game", 2) is IDENTITY and IDENTITY(0.37, 24) == 0.37


def test_a_judgement_shows_the_raw_chances_through_its_games_map_and_keeps_the_best_move() -> None:
    planted = in_the_nuts()
    record, game, step = planted.record, planted.game, planted.step
    scale = scale_for(game.id, game.num_players)
    assert scale != IDENTITY, "In the Nuts! with two seats has a fitted map"
    decision = next(decisions(record, game, range(game.num_players), steps={step}))
    raw = judge(decision, game, Budget(playouts=8, candidates=2, calibrated=False))
    shown = judge(decision, game, Budget(playouts=8, candidates=2))
    assert (shown.best, shown.made_place, shown.best_place) == (raw.best, raw.made_place, raw.best_place)
    assert shown.made_chance == scale(raw.made_chance, 8) and shown.best_chance == scale(raw.best_chance, 8)
    assert math.isclose(scale(0.5, 8), 1 / (1 + math.exp(-scale.b)))  # a half stays a half, but for b
