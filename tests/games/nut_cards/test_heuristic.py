"""The bots' judgement of a Nut position (heuristic.py): every position is judged as its round would end if
each player still to take from the column took the card that serves them best and placed it at its best."""

from __future__ import annotations

import random

import pytest

from nutbox.agents import GreedyAgent
from nutbox.core import draw_chance
from nutbox.games.nut_cards import CardsOptions, CardsState, NutCards, heuristic
from nutbox.games.nut_cards.actions import Place, Take


def mid_round_positions(players: int, games: int) -> list[CardsState]:
    """Positions of random games where a player is to take from a column another player already took from."""
    game, rng, found = NutCards(CardsOptions(players=players)), random.Random(players), []
    for _ in range(games):
        state = game.new_state()
        while not state.is_terminal():
            if state.is_chance():
                state.apply(draw_chance(state, rng))
                continue
            if state.phase == "take" and state.column is not None:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize("players", [2, 3])
def test_playing_the_round_out_as_it_is_judged_keeps_the_judgement(players: int) -> None:
    """The greedy take and place that the judgement assumes leave it unchanged: a position is worth the same
    to every seat before and after the move it expects, so no seat looks better for having just moved."""
    checked = 0
    for state in mid_round_positions(players, 6):
        seat = state.current
        take = max((a for a in state.legal_actions() if isinstance(a, Take)),
                   key=lambda a: heuristic.layout_value(
                       heuristic.best_layout(state.layouts[seat], a.card, True, True), True, True))
        after_take = state.child(take)
        best = heuristic.best_layout(state.layouts[seat], take.card, True, True)[-1]
        place = next(a for a in after_take.legal_actions() if isinstance(a, Place) and (a.x, a.y) == best[1:])
        after_place = after_take.child(place)
        for judged in range(players):
            before = heuristic.evaluate(state, judged)
            assert heuristic.evaluate(after_take, judged) == pytest.approx(before)
            assert after_place.is_terminal() or heuristic.evaluate(after_place, judged) == pytest.approx(before)
        checked += 1
    assert checked > 10


def test_a_card_in_hand_counts_at_its_best_place() -> None:
    """Taking a card is judged by where it can go: the one-ply bot takes the card that serves its layout, where
    a layout judged as it stands would make every take look alike."""
    game = NutCards(CardsOptions(players=2))
    state = game.new_state()
    state.layouts = (((1, 0, 0),), ((2, 0, 0),))  # seat 0 holds red (RRR), seat 1 yellow (YYY)
    state.columns = ((3, 1), (), ())  # green (GGG) or red
    state.pool = tuple(c for c in state.pool if c not in (1, 2, 3))
    state.phase, state.current = "take", 0
    red, green = (a for a in state.legal_actions() if isinstance(a, Take) and a.card in (1, 3))
    red, green = sorted((red, green), key=lambda a: a.card != 1)
    assert heuristic.evaluate(state.child(red), 0) > heuristic.evaluate(state.child(green), 0)
    assert GreedyAgent(game, 0, seed=1).act(state.view(0), state.legal_actions()).card == 1
