"""Scenario tests of the Nut rules (rulebooks/nut-cards.txt, docs/rules-decisions.md).

Cards by number (data/cards.json): 1-4 one colour each (RRR, YYY, GGG, BBB), 5 RRY, 6 YYG, 11 GRR,
13 RYG, 21-26 squirrels (. S .), 27-30 wild nuts (. W .). Columns alternate upright (even) and upside
down (odd); bands are thirds of a card.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from nutbox.core import CHANCE, TERMINAL, IllegalAction, NotationError
from nutbox.games.nut_cards import CardsOptions, CardsState, NutCards
from nutbox.games.nut_cards.layout import counted_clusters, visible
from nutbox.games.nut_cards.scoring import END_RULE
from nutbox.games.nut_cards.turn import DRAFT_RULE, PLACE_RULE

SQUIRREL, WILD = 21, 27


def game(players: int = 2, **options: Any) -> NutCards:
    return NutCards(CardsOptions(players=players, **options))


def placing(card: int, placed: tuple[tuple[int, int, int], ...] = (), players: int = 2, **options: Any) -> CardsState:
    """Seat 0 about to place `card` in a layout of `placed` (card, x, y)."""
    state = game(players, **options).new_state()
    state.layouts = (tuple(placed), *state.layouts[1:])
    state.pool = tuple(c for c in state.pool if c != card and c not in {p[0] for p in placed})
    state.phase, state.holding, state.current, state.column = "place", card, 0, 0
    return state


def play(state: CardsState, *moves: str) -> None:
    for text in moves:
        state.apply(state.game.parse(text))


def refused(state: CardsState, text: str) -> str:
    before = state.view(None)
    with pytest.raises(IllegalAction) as caught:
        state.apply(state.game.parse(text))
    assert state.view(None) == before
    return caught.value.rule


def test_the_worked_example_scores_6_then_10_then_12() -> None:
    state = placing(5)  # RRY upright in column 0
    play(state, "place 0 0")
    for card, text, expected in ((11, "place 1 1", 6), (SQUIRREL, "place 2 1", 10), (6, "place 3 2", 12)):
        state.phase, state.holding, state.current, state.column = "place", card, 0, 0  # taken from column 1
        play(state, text)
        assert state.score(0)[0] == expected
    red = next(c for c in state.view(0)["clusters"][0] if c["colour"] == "R")
    assert red == {"colour": "R", "nuts": 4, "squirrels": 1, "points": 8, "cells": ["0,0", "0,1", "1,1", "1,2",
                                                                                     "2,2"]}


def test_a_wild_counts_in_every_cluster_it_touches() -> None:
    # red above the wild, gold below it, in one column: the wild adds a point to both colours
    grid = {(0, 0): "R", (0, 1): "W", (0, 2): "Y"}
    scores = {c.colour: c.points for c in counted_clusters(grid)}
    assert scores == {"R": 2, "Y": 2}


def test_a_squirrel_joins_two_smaller_clusters_into_one_doubled_cluster() -> None:
    grid = {(0, 0): "R", (0, 1): "R", (1, 1): "S", (2, 1): "R", (2, 0): "R", (2, 2): "R"}
    (red,) = counted_clusters(grid)
    assert red.nuts == 5 and red.squirrels == 1 and red.points == 10
    assert counted_clusters({(0, 0): "R", (0, 1): "S", (1, 1): "S", (0, 2): "R"}, double_each=False)[0].points == 4
    assert counted_clusters({(0, 0): "R", (0, 1): "S", (1, 1): "S", (0, 2): "R"})[0].points == 8


def test_a_card_may_cover_another_entirely() -> None:
    state = placing(4, ((1, 0, 0),))  # BBB exactly on top of RRR
    play(state, "place 0 0")
    assert set(visible(state.layouts[0]).values()) == {"B"} and state.score(0) == (3, 3)


def test_refusals_tree_to_sky_misaligned_lines_and_a_squirrel_upside_down() -> None:
    state = placing(13, ((1, 0, 0),))
    assert "tree sides must touch tree sides" in refused(state, "place 1 0 up")
    with pytest.raises(NotationError, match="must line up"):
        state.game.parse("place 1 0.5")
    assert "touch or overlap" in refused(state, "place 3 0")
    squirrel = placing(SQUIRREL, ((1, 0, 0),))
    assert "right side up" in refused(squirrel, "place 1 0")
    assert "tree sides" in refused(squirrel, "place 1 0 up")  # upright in an upside-down column
    assert PLACE_RULE in refused(squirrel, "place -1 1")
    assert "place 0 3" in [str(a) for a in squirrel.legal_actions()]


def test_the_column_draft_order_for_two_and_three_players() -> None:
    for players in (2, 3):
        state = game(players).new_state()
        takers = []
        holders = []
        while not state.is_terminal():
            who = state.to_move()
            if who is CHANCE:
                state.apply(state.chance_outcomes()[0][0])
                continue
            if state.phase == "take":
                if state.column is None:
                    holders.append(who)
                    assert DRAFT_RULE in refused(state, "place 0 0")
                else:
                    other = next((c for i, col in enumerate(state.columns) if i != state.column for c in col), None)
                    if other is not None:
                        assert "column" in refused(state, f"take {other}")
                takers.append(who)
            state.apply(state.legal_actions()[0])
        rounds = 30 // players
        assert holders == [r % players for r in range(rounds)]  # the deck passes left each round
        assert takers == [(r + i) % players for r in range(rounds) for i in range(players)]
        assert all(len(placed) == rounds for placed in state.layouts) and state.to_move() is TERMINAL


def test_a_tie_is_broken_by_the_largest_cluster() -> None:
    # the last card of the game: seat 1 lays RRY (2 red + 1 gold = 3) against seat 0's RRR (3 in one cluster)
    state = placing(5, players=2)
    state.layouts = (((1, 0, 0),), ())
    state.current, state.taken, state.pool, state.columns = 1, 1, (), ((), (), ())
    play(state, "place 0 0")
    assert state.to_move() is TERMINAL and state.scores() == [3.0, 3.0] and state.winners() == [0]


def laid_out(*layouts: tuple[tuple[int, str], ...], **options: Any) -> CardsState:
    """A game for two where each seat in turn has placed its (card, placement) pairs through the rules, so
    every placement is checked; the cards not placed stay in the deck."""
    state = game(2, **options).new_state()
    for seat, cards in enumerate(layouts):
        for card, text in cards:
            state.pool = tuple(c for c in state.pool if c != card)
            state.phase, state.holding, state.current, state.column = "place", card, seat, 0
            play(state, text)
    return state


def last_card(state: CardsState, seat: int, card: int, text: str) -> None:
    """`seat` places `card`, the last card of the game: the deck and the columns are empty."""
    state.pool, state.columns = (), ((), (), ())
    state.phase, state.holding, state.current, state.column = "place", card, seat, 0
    play(state, text)


# Two red clusters: 2 red nuts of card 5 beside a squirrel (2 x 2 = 4 points), and card 1's 3 red nuts alone
# (3 points), with card 5's gold nut (1 point). The rulebook counts the largest red cluster, not the best.
TWO_REDS = ((SQUIRREL, "place 0 0"), (5, "place 1 -1"), (1, "place 0 3"))


def test_only_the_largest_cluster_of_a_colour_counts_even_if_a_smaller_one_scores_more() -> None:
    # "if a player has more than one cluster in a certain color, they must count the largest one only"
    state = laid_out(TWO_REDS)
    assert state.score(0) == (3 + 1, 3)
    red = next(c for c in state.view(None)["clusters"][0] if c["colour"] == "R")
    assert (red["nuts"], red["squirrels"], red["points"], red["cells"]) == (3, 0, 3, ["0,3", "0,4", "0,5"])


def test_the_option_best_counts_the_cluster_that_scores_most() -> None:
    state = laid_out(TWO_REDS, cluster="best")
    assert state.score(0) == (4 + 1, 2)  # the doubled pair, and the tie-break follows it
    red = next(c for c in state.view(None)["clusters"][0] if c["colour"] == "R")
    assert (red["nuts"], red["squirrels"], red["points"]) == (2, 1, 4)


def test_of_two_largest_clusters_of_one_size_the_one_that_scores_more_counts() -> None:
    # red: card 1's 3 nuts beside the squirrel (3 x 2 = 6), and 3 plain red nuts of cards 5 and 9 above it
    state = laid_out(((SQUIRREL, "place 0 0"), (1, "place 1 0"), (5, "place 0 -3"), (9, "place -1 -4")))
    reds = [cluster for cluster in counted_clusters(visible(state.layouts[0])) if cluster.colour == "R"]
    assert [(c.nuts, c.squirrels, c.points) for c in reds] == [(3, 1, 6)]
    assert state.score(0)[0] == 6 + 1 + 2  # red, the gold nut of card 5, the two green nuts of card 9


def test_a_tie_on_points_goes_to_the_largest_cluster_that_counts() -> None:
    # Player 1 scores 3 red and 1 gold, the largest cluster 3 nuts; Player 2 lays RRY and then RYG below it as
    # the last card of the game: 2 red, 1 gold, 1 green, 4 points too, the largest cluster 2 nuts.
    state = laid_out(TWO_REDS, ((5, "place 0 0"),))
    last_card(state, 1, 13, "place 0 3")
    assert state.to_move() is TERMINAL and state.scores() == [4.0, 4.0] and state.winners() == [0]


def test_with_the_option_best_the_tie_break_follows_the_counted_clusters() -> None:
    # Player 1 now scores 4 red (the doubled pair) and 1 gold, the largest cluster that counts 2 nuts; Player 2
    # lays RRR then YRB below it: 3 red, 1 gold, 1 brown, 5 points too, and the largest cluster 3 nuts.
    state = laid_out(TWO_REDS, ((1, "place 0 0"),), cluster="best")
    last_card(state, 1, 20, "place 0 3")
    assert state.to_move() is TERMINAL and state.scores() == [5.0, 5.0] and state.winners() == [1]


def test_score_parts_split_the_counted_clusters_into_nuts_wild_nuts_and_squirrel_doubling() -> None:
    # Player 1: a squirrel (column 0), RRR beside it (column 1), and as the last card of the game a wild nut
    # beside the middle red (column 2): one red cluster of 3 red nuts and the wild, doubled, 8 points. Player 2:
    # RYG alone, a point for each colour.
    state = laid_out(((SQUIRREL, "place 0 0"), (1, "place 1 0")), ((13, "place 0 0"),))
    assert state.score_parts() is None
    last_card(state, 0, WILD, "place 2 0")
    assert state.is_terminal() and state.scores() == [8.0, 3.0]
    assert state.score_parts() == [{"nuts": 3.0, "wild nuts": 1.0, "squirrel doubling": 4.0},
                                   {"nuts": 3.0, "wild nuts": 0.0, "squirrel doubling": 0.0}]


def test_a_decision_while_cards_are_dealt_or_after_the_end_cites_the_rule() -> None:
    # "They begin their turn by dealing enough cards to complete any incomplete columns"
    state = game().new_state()
    assert state.is_chance()
    for text in ("take 3", "place 0 0"):
        assert refused(state, text).startswith(f"{DRAFT_RULE}: a turn begins by dealing")
    play(state, *(f"draw {card}" for card in range(1, 7)))
    assert refused(state, "draw 7").startswith(f"{DRAFT_RULE}: cards are dealt only as a turn begins")
    play(state, "take 1")
    assert refused(state, "draw 7").startswith(f"{DRAFT_RULE}: cards are dealt only as a turn begins")
    # "The game ends once every card has been drafted and placed in a layout."
    over = laid_out(TWO_REDS, ((5, "place 0 0"),))
    last_card(over, 1, 13, "place 0 3")
    assert refused(over, "take 2").startswith(f"{END_RULE}: the game ends once every card has been drafted")


def test_the_rules_play_without_loading_a_word_or_a_picture() -> None:
    """Bots, studies and learners play Nut without its face (face.py and what it draws with)."""
    script = ("import sys, random\nfrom nutbox.core import random_action\nfrom nutbox.registry import make\n"
              "state = make('nut-cards', {'players': 3}).new_state()\nrng = random.Random(1)\n"
              "while not state.is_terminal():\n    state.view(None)\n    state.apply(random_action(state, rng))\n"
              "print('\\n'.join(sorted(sys.modules)))")
    loaded = set(subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                                check=True).stdout.split())
    assert "nutbox.games.nut_cards.state" in loaded
    face = ("face", "words", "guide", "render_text", "render_svg", "render_phone")
    assert not {name for name in loaded if name.startswith("nutbox.games.nut_cards.")
                and name.rsplit(".", 1)[-1] in face}
