"""The engine's solo Automa against an independent simulator of the rulebook (automa_reference.py).

Engine games are replayed through the simulator, which gets only the chance outcomes and the player's
decisions and plays the Automa itself; the full comparison (1000 games a row) is bench/automa.py.
"""

from __future__ import annotations

from collections import Counter

import pytest

from .automa_reference import (
    AUTOMA,
    CELLS,
    CENTRE,
    FROG_POND,
    Compared,
    Forest,
    SoloGame,
    cell_distance,
    compare,
    die_direction,
)

LEVELS = ("standard", "advanced", "expert")
GAMES = {"random": 40, "scout": 30, "easy": 10}  # per level: about 10 seconds in all


@pytest.fixture(scope="module")
def compared() -> dict[str, list[Compared]]:
    return {level: [compare(level, seed, policy) for policy, games in GAMES.items() for seed in range(games)]
            for level in LEVELS}


@pytest.mark.parametrize("level", LEVELS)
def test_the_engines_automa_scores_what_the_rulebook_gives(compared: dict[str, list[Compared]], level: str) -> None:
    results = compared[level]
    disagreements = [f"seed {r.seed}: {r.problem}" for r in results if not r.match]
    assert not disagreements, disagreements[:3]
    engine = sum(r.engine["automa"] for r in results)
    reference = sum(r.reference["automa"] for r in results if r.reference)
    assert abs(reference - engine) <= 0.02 * abs(engine)  # the bar, far looser than the exact match


def test_the_replays_go_through_the_rules_that_could_differ(compared: dict[str, list[Compared]]) -> None:
    seen = sum((r.seen for results in compared.values() for r in results), Counter())
    for rule in ("Automa squirrel scattered by the fox", "Automa squirrel scattered by a nest",
                 "player squirrel scattered by a nest", "nest built by a scattering squirrel",
                 "Automa nest (setup)", "Automa squirrel not placed (fox)", "Automa scatter bounced off the edge",
                 "nest after the 4th", "card drawn from under the deck", "hassle", "player nest"):
        assert seen[rule] > 0, rule  # (a game ended by the player's 4th nest is rarer: bench/automa.py has them)


def test_the_option_to_skip_the_pine_barrens_is_the_automa_the_rulebook_would_then_give() -> None:
    """automa_pine=skip (docs/rules-decisions.md, Nut Hunt 21): replays still match, the option came up, and
    the simulator playing the other reading is caught."""
    skipping = [compare("standard", seed, pine="skip") for seed in range(20)]
    assert all(r.match for r in skipping), [r.problem for r in skipping if not r.match][:3]
    assert sum(r.seen["Automa squirrel not placed (Pine Barrens)"] for r in skipping) > 0
    placing = [compare("standard", seed) for seed in range(20)]
    assert sum(r.seen["Automa squirrel not placed (Pine Barrens)"] for r in placing) == 0
    assert sum(r.engine != s.engine for r, s in zip(placing, skipping, strict=True)) > 0


def test_a_simulator_with_a_rule_wrong_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail: squirrels let back onto the tile the fox just left are noticed at once."""
    allowed = SoloGame._allowed
    monkeypatch.setattr(SoloGame, "_allowed", lambda game, tile, vacated: allowed(game, tile, None))
    assert not any(compare("advanced", seed).match for seed in range(5))


def test_the_forest_is_a_radius_2_hexagon() -> None:
    forest = Forest(list(range(len(CELLS))))
    degrees = Counter(len(forest.adjacent(tile)) for tile in range(len(CELLS)))
    assert degrees == {3: 6, 4: 6, 6: 7}
    assert len(forest.adjacent(CENTRE)) == 6
    assert max(cell_distance(a, 0) for a in range(len(CELLS))) == 4
    corner = 0  # the top row's left cell: NW and NE lead off the board, so the move bounces SE and SW
    assert forest.go(corner, "NW") == forest.go(corner, "SE") and forest.go(corner, "NE") == forest.go(corner, "SW")


class Rolls:
    """A source of nothing but these die faces, in order."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = faces

    def roll(self, allowed: set[int]) -> int:
        return self.faces.pop(0)


def test_an_automa_squirrel_rolls_again_for_a_direction_it_may_not_take() -> None:
    """The engine offers only the allowed faces, so its replays never come here: "re-roll the Fox Die"."""
    game = SoloGame.__new__(SoloGame)
    game.forest = Forest(list(range(len(CELLS))))
    game.seen = Counter()
    faces = {die_direction(face): face for face in range(1, 7)}
    game.fox = game.forest.go(CENTRE, "E")
    west = game.forest.go(CENTRE, "W")
    rolls = Rolls([faces["E"], faces["W"]])  # east is the fox's tile: not allowed
    game.source = rolls  # type: ignore[assignment]  # (only rolls are asked for)
    assert FROG_POND not in (west, game.fox)
    assert game._destination(AUTOMA, CENTRE, None) == west
    assert game.seen["Automa scatter rolled again"] == 1 and not rolls.faces
