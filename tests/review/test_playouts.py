"""A review's playouts weigh as many moves as the game says (Game.playout_breadth): in Nut, every legal placement,
so that a later card can mend a bad placement as players do (docs/bots.md, "A sixth look")."""

from __future__ import annotations

import random

import pytest

from nutbox.core import State, draw_chance
from nutbox.games.nut_cards.game import NutCards
from nutbox.registry import make
from nutbox.review.estimate import play_out

TRIES = 24


def a_wide_placement() -> State:
    """A Nut position, reached by random play, where the seat to move places a card with many places open."""
    game = make("nut-cards", {"players": 2})
    rng = random.Random(3)
    state = game.new_state()
    while True:
        if state.is_chance():
            state.apply(draw_chance(state, rng))
            continue
        legal = state.legal_actions()
        if state.phase == "place" and len(legal) >= 30:
            return state
        state.apply(rng.choice(legal))


def favourite_taken(state: State) -> int:
    """Of TRIES playouts from `state`, how many placed the card first where the heuristic likes it best of all."""
    game, seat = state.game, state.to_move()
    assert isinstance(seat, int)
    legal = state.legal_actions()
    best = max(legal, key=lambda action: game.heuristic(state.child(action), seat))
    placed = len(state.layouts[seat])
    wanted = state.holding, best.x, best.y  # (a layout keeps each placement as card, column, band)
    return sum(play_out(game, state.clone(), random.Random(k)).layouts[seat][placed] == wanted
               for k in range(TRIES))


def test_nut_playouts_weigh_every_placement_half_the_time(monkeypatch: pytest.MonkeyPatch) -> None:
    state = a_wide_placement()
    assert NutCards.playout_breadth is None
    # half the time the favourite of every placement: about TRIES / 2 (and more where a random one hits it)
    assert favourite_taken(state) >= TRIES // 4
    # the favourite of 4 sampled placements of 30 or more is seldom the favourite of all
    monkeypatch.setattr(NutCards, "playout_breadth", 4)
    assert favourite_taken(state) < TRIES // 4
