"""Scenario tests of the Nuts Sorting rules (rulebooks/nuts-sorting.txt, docs/rules-decisions.md).

Every position is built explicitly (positions.py), never taken from what a seed deals. The geometry the
checks rely on is read from the board diagram, independently of board.py.
"""

from __future__ import annotations

import random
import re
import textwrap
from pathlib import Path

import pytest

from nutbox import registry
from nutbox.core import IllegalAction, NotationError, OptionsError
from nutbox.games import nuts_sorting as nuts_sorting_package
from nutbox.games.nuts_sorting import SortingState
from nutbox.games.nuts_sorting import board as board_module
from nutbox.games.nuts_sorting.actions import Choose, Move, Pickup, Remove
from nutbox.games.nuts_sorting.components import COLOURS
from nutbox.games.nuts_sorting.determinize import from_view
from nutbox.games.nuts_sorting.setup import SETUP
from nutbox.games.nuts_sorting.turn import MOVE_RULE, PICKUP_RULE

from .oracle import CUBE, adjacent, oracle_legal, same_line
from .positions import (
    DIAGRAM,
    READING_ORDER,
    cells_from_picture,
    deal_texts,
    make_game,
    position,
)

RBY = ("red", "blue", "yellow")
BWG = ("black", "white", "gray")


def texts(actions: list) -> list[str]:
    return [str(action) for action in actions]


def play(state: SortingState, *moves: str) -> list:
    events = []
    for text in moves:
        events.extend(state.apply(state.game.parse(text)))
    return events


def refused(state: SortingState, text: str) -> IllegalAction:
    """Apply `text`, expect IllegalAction, and check it changed nothing."""
    view, legal = state.view(None), texts(state.legal_actions())
    with pytest.raises(IllegalAction) as caught:
        state.apply(state.game.parse(text))
    assert state.view(None) == view
    assert texts(state.legal_actions()) == legal
    return caught.value


def group_sizes(state: SortingState, colour: str) -> list[int]:
    return sorted(group.bit_count() for group in state.groups_of(COLOURS.index(colour)))


# --- the board -------------------------------------------------------------------------------------


def test_the_diagram_is_the_board_of_board_py():
    """61 cells, radius 4 around e5 in cube coordinates, named and ordered as board.py names them, with
    the neighbours and lines board.py computes (components.md §5.2); the diagram is the one the package
    docstring and docs/games/nuts-sorting.md draw."""
    assert len(CUBE) == 61
    assert all(max(map(abs, xyz)) <= 4 and sum(xyz) == 0 for xyz in CUBE.values())
    assert list(board_module.NAMES) == READING_ORDER
    page = (Path(__file__).parents[3] / "docs" / "games" / "nuts-sorting.md").read_text()
    for doc in (nuts_sorting_package.__doc__, page):
        drawn = [line for line in (doc or "").splitlines() if re.fullmatch(r"\s*([a-i]\d\s*)+", line)]
        assert textwrap.dedent("\n".join(drawn)) == DIAGRAM.rstrip("\n")
    for a, cell_a in board_module.CELL_OF_NAME.items():
        neighbours = {b for b in CUBE if adjacent(a, b)}
        line = {b for b in CUBE if same_line(a, b)}
        assert set(board_module.cells_of(board_module.NEIGHBOURS[cell_a])) == {
            board_module.CELL_OF_NAME[b] for b in neighbours
        }
        assert set(board_module.cells_of(board_module.LINES[cell_a])) == {board_module.CELL_OF_NAME[b] for b in line}
    assert {b for b in CUBE if adjacent("e5", b)} == {"e4", "e6", "d4", "d5", "f5", "f6"}
    assert len({b for b in CUBE if same_line("e5", b)}) == 24
    assert len({b for b in CUBE if same_line("a1", b)}) == 16


# --- Move --------------------------------------------------------------------------------------------

FIG2 = {
    "a3": "yellow",  # piece a
    "b3": "red",  # jumped over
    "d3": "blue",  # jumped over (c3 is empty, also jumped over)
    "f4": "yellow",
    "g4": "yellow",
    "i9": "red",
    "a1": "black",
    "e9": "black",
    "i5": "white",
    "h9": "gray",
}


def test_fig2_a_lone_yellow_jumps_along_a_line_and_its_group_grows_from_1_to_3():
    state = position(FIG2)
    assert "a3-e3" in texts(state.legal_actions())
    events = play(state, "a3-e3")
    assert state.colour_at(board_module.CELL_OF_NAME["e3"]) == 2  # yellow
    group = state.group_at(2, board_module.CELL_OF_NAME["e3"])
    assert sorted(board_module.NAMES[c] for c in board_module.cells_of(group)) == ["e3", "f4", "g4"]
    assert group_sizes(state, "yellow") == [3]
    (event,) = [e for e in events if e.kind == "move"]
    assert "grows from 1 to 3" in event.text
    assert event.data["before"] == 1 and event.data["after"] == 3
    assert state.to_move() == 1 and not state.is_terminal()


def test_a_move_that_splits_the_group_it_leaves_is_legal_if_the_piece_ends_in_a_larger_group():
    """c3, the middle of the red line c2 c3 c4 (size 3), joins g5 g6 g7 at f6 (size 4); c2 and c4 are
    left alone."""
    cells = {"c2": "red", "c3": "red", "c4": "red", "g5": "red", "g6": "red", "g7": "red", "a5": "blue"}
    cells |= {"i5": "black", "a1": "white", "e1": "gray", "e9": "gray"}
    state = position(cells)
    assert "c3-f6" in texts(state.legal_actions())
    events = play(state, "c3-f6")
    assert group_sizes(state, "red") == [1, 1, 4]
    assert "grows from 3 to 4" in events[0].text


NO_GROWTH = {
    "a1": "red",
    "a2": "red",
    "a3": "red",  # a group of 3
    "e2": "red",  # alone
    "i9": "red",  # alone
    "g4": "red",
    "g5": "red",  # a pair
    "c5": "blue",  # the only blue
    "c1": "yellow",
    "i5": "yellow",
    "b5": "black",
    "e5": "black",
    "h6": "white",
    "d8": "gray",
}


@pytest.mark.parametrize(
    ("move", "sizes"),
    [
        ("i9-i7", "from 1 to 1"),  # a lone piece to a cell touching no red
        ("g4-f3", "from 2 to 2"),  # one of a pair joins the lone e2 (and leaves g5)
        ("a1-d1", "from 3 to 2"),  # one of three joins the lone e2
    ],
)
def test_a_move_that_does_not_make_the_group_larger_is_refused_and_changes_nothing(move, sizes):
    state = position(NO_GROWTH)
    assert move not in texts(state.legal_actions())
    error = refused(state, move)
    assert MOVE_RULE in error.rule and "larger group" in error.rule
    assert sizes in error.rule


@pytest.mark.parametrize(
    ("move", "why"),
    [
        ("a1-c2", "one of the three lines"),  # c2 is empty but on no line through a1
        ("a3-b1", "one of the three lines"),
        ("a1-e5", "is occupied"),  # e5 (black) is on the up-right diagonal of a1
        ("c1-a1", "is occupied"),  # a1 (red, own) is on the same-number diagonal of c1
        ("e2-e5", "is occupied"),  # along row e
        ("b5-b3", "your own colours"),  # black is the opponent's
        ("b4-b3", "no piece on b4"),
    ],
)
def test_moves_off_a_line_onto_a_piece_or_of_another_colour_are_refused(move, why):
    state = position(NO_GROWTH)
    error = refused(state, move)
    assert MOVE_RULE in error.rule
    assert why in error.rule


def test_black_moves_its_own_pieces_when_black_is_to_move():
    """The refusal of b5-b3 above is about whose piece it is: with black to move, b5 moves."""
    state = position(NO_GROWTH, to_move=1)
    assert "b5-d5" in texts(state.legal_actions())  # d5 touches e5: 1 -> 2
    play(state, "b5-d5")
    assert group_sizes(state, "black") == [2]


# --- Pickup ------------------------------------------------------------------------------------------


def test_the_last_group_of_a_colour_cannot_be_picked_up():
    state = position(NO_GROWTH)
    assert "x c5" not in texts(state.legal_actions())
    error = refused(state, "x c5")
    assert PICKUP_RULE in error.rule and "last blue group" in error.rule


def test_a_group_that_is_not_the_last_of_its_colour_can_be_picked_up():
    state = position(NO_GROWTH)
    assert {"x a1", "x e2", "x g4", "x i9", "x c1", "x i5"} <= set(texts(state.legal_actions()))
    events = play(state, "x a1")
    assert group_sizes(state, "red") == [1, 1, 2]
    assert events[0].text == "Player 1 picks up the group of 3 red nuts at a1" and events[0].data["size"] == 3
    assert state.to_move() == 1


@pytest.mark.parametrize(("named", "canonical"), [("x a2", "x a1"), ("x a3", "x a1"), ("x g5", "x g4")])
def test_a_pickup_must_name_the_groups_first_cell(named, canonical):
    state = position(NO_GROWTH)
    error = refused(state, named)
    assert PICKUP_RULE in error.rule and f"'{canonical}'" in error.rule


def test_picking_up_an_opponents_group_or_an_empty_cell_is_refused():
    state = position(NO_GROWTH)
    assert "your own groups" in refused(state, "x b5").rule
    assert "no piece on a4" in refused(state, "x a4").rule


# --- the win -----------------------------------------------------------------------------------------

FIG3 = {
    "a1": "black",  # a lone black: the only thing between black-white-gray and the win
    "e5": "black",
    "e6": "black",
    "g7": "white",
    "g8": "white",
    "b5": "gray",
    "a5": "red",
    "c7": "red",
    "e1": "blue",
    "i5": "yellow",
}


@pytest.mark.parametrize("action", ["a1-d4", "x a1"])
def test_fig3_black_white_gray_wins_when_each_of_its_colours_is_one_group(action):
    state = position(FIG3, to_move=1)
    assert not state.is_sorted(1) and not state.is_sorted(0)
    assert action in texts(state.legal_actions())
    events = play(state, action)
    assert state.is_terminal()
    assert state.winners() == [1]
    assert state.returns() == [-1.0, 1.0]
    assert state.scores() == [0.0, 1.0]
    view = state.view(None)
    assert view["to_move"] == "terminal"
    assert view["winners"] == [1] and view["scores"] == [0.0, 1.0]
    assert view["groups"]["black"] == view["groups"]["white"] == view["groups"]["gray"] == 1
    assert events[-1].kind == "end" and "Player 2 wins" in events[-1].text
    assert state.legal_actions() == []
    assert "over" in refused(state, "e1-e2").rule


def test_a_move_that_does_not_sort_every_colour_does_not_win():
    cells = dict(FIG3) | {"i9": "gray"}  # gray now has two groups
    state = position(cells, to_move=1)
    play(state, "a1-d4")
    assert not state.is_terminal() and state.to_move() == 0


# --- setup -------------------------------------------------------------------------------------------

# 60 pieces and a blank, each colour 10 times: the colours cycle in reading order, so nobody is sorted.
CYCLIC = """
    y k w g .
   y k w g r b
  b y k w g r b
 g r b y k w g r
y k w g r b y k w
 r b y k w g r b
  g r b y k w g
   g r b y k w
    r b y k w
"""

# Each colour a block of 10 cells in reading order: everyone is sorted.
BLOCKS = """
    g g g g .
   g g g g g g
  w w w w w w w
 k k k k k w w w
y y y y k k k k k
 b b y y y y y y
  b b b b b b b
   r r r r r b
    r r r r r
"""

# Red, blue and yellow in blocks, black, white and gray scattered: only red-blue-yellow is sorted.
ONE_SORTED = """
    g k w g .
   g k w g k w
  w g k w g k w
 g k w g k w g k
y y y y k w g k w
 b b y y y y y y
  b b b b b b b
   r r r r r b
    r r r r r
"""


def dealt(picture: str, **options) -> SortingState:
    """A new game with the board dealt, deal by deal, as the picture shows."""
    game = make_game(**options)
    state = game.new_state()
    for text in deal_texts(picture):
        assert state.is_chance()
        state.apply(game.parse(text))
    return state


@pytest.mark.parametrize("picture", [CYCLIC, BLOCKS, ONE_SORTED])
def test_the_setup_pictures_hold_ten_pieces_of_each_colour_and_one_blank(picture):
    cells = cells_from_picture(picture)
    assert len(cells) == 60
    assert all(list(cells.values()).count(colour) == 10 for colour in RBY + BWG)


def test_the_deal_is_chance_cell_by_cell_in_reading_order():
    game = make_game()
    state = game.new_state()
    assert state.is_chance() and state.legal_actions() == []
    outcomes = state.chance_outcomes()
    assert texts([a for a, _ in outcomes]) == [f"deal a1 {c}" for c in (*RBY, *BWG, "empty")]
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    assert "not a possible outcome" in refused(state, "deal b1 red").rule  # not the next cell
    state.apply(game.parse("deal a1 empty"))
    assert "not a possible outcome" in refused(state, "deal a2 empty").rule  # only one blank
    assert all("empty" not in str(a) for a, _ in state.chance_outcomes())


def test_a_decision_during_the_deal_or_a_deal_after_it_names_setup_step_1():
    """Step 1 places the pieces at random first: a choice, removal, move or pickup tried meanwhile cites it
    (not "not a possible outcome of the chance event"), and so does a deal once the board is set."""
    state = make_game().new_state()
    for text in ("choose rby", "remove a1", "a1-a2", "x a1"):
        rule = refused(state, text).rule
        assert rule.startswith(f"{SETUP} 1:") and "chance event" not in rule, rule
    board = dealt(CYCLIC)
    assert refused(board, "deal a1 red").rule.startswith(f"{SETUP} 1:")


def test_setup_a_colour_set_taken_leaves_the_placer_the_first_move():
    """Rulebook, Setup 2: "The player who did not place the pieces chooses either the set of his/her color or
    takes the first move (if he/she takes the first move, the player who placed the pieces chooses the set of
    his/her color)." The choice is between two things and the placer gets the other: player 2 takes a colour
    set, so player 1 (the placer) has the other set and the first move, with nothing left to choose. Setup 3:
    "the one who becomes the second player removes", so player 2 makes the two removals."""
    state = dealt(CYCLIC)
    assert state.to_move() == 1  # the player who did not place the pieces
    assert texts(state.legal_actions()) == ["choose rby", "choose bwg", "choose first"]
    error = refused(state, "choose second")
    assert error.rule.startswith(f"{SETUP} 2:") and "(rby, bwg) or the first move" in error.rule
    assert "choose" in refused(state, "a1-a2").rule

    events = play(state, "choose bwg")
    assert [event.text for event in events] == [
        "Player 2 takes black, white and gray", "Player 1, who placed the nuts, gets the first move",
        "Player 2 removes one nut of their own colours and one of their opponent's"]
    view = state.view(None)
    assert view["colour_sets"] == ["rby", "bwg"] and view["first"] == 0
    assert view["phase"] == "remove" and state.to_move() == 1  # the second player, player 2, removes

    removals = set(texts(state.legal_actions()))
    assert len(removals) == 60 and all(r.startswith("remove ") for r in removals)
    assert "is empty" in refused(state, "remove i9").rule  # the blank
    play(state, "remove a4")  # black: the remover's own colour
    assert set(texts(state.legal_actions())) == {f"remove {n}" for n, c in view["cells"].items() if c in RBY}
    assert "already removed one of your pieces" in refused(state, "remove a5").rule  # white, own side again
    assert state.to_move() == 1
    play(state, "remove a2")  # blue: the opponent's colour
    view = state.view(None)
    assert view["phase"] == "play" and view["removed_from"] == ["bwg", "rby"]
    assert [name for name, colour in view["cells"].items() if colour is None] == ["a2", "a4", "i9"]
    assert sum(1 for c in view["cells"].values() if c is not None) == 58
    assert state.to_move() == 0  # the placer moves first
    assert all(isinstance(a, Move | Pickup) for a in state.legal_actions())
    assert state.legal_actions()


def test_setup_the_first_move_taken_leaves_the_placer_the_colour_set():
    """Rulebook, Setup 2: "The player who did not place the pieces chooses either the set of his/her color or
    takes the first move (if he/she takes the first move, the player who placed the pieces chooses the set of
    his/her color)." Player 2 takes the first move, so player 1 (the placer) chooses the colour set, and
    player 2 gets the other. Player 1, the second player, makes the two removals (Setup 3)."""
    state = dealt(CYCLIC)
    events = play(state, "choose first")  # player 2 (seat 1) moves first
    assert [event.text for event in events] == ["Player 2 takes the first move"]
    assert state.to_move() == 0 and state.view(None)["first"] == 1
    assert texts(state.legal_actions()) == ["choose rby", "choose bwg"]
    assert "'choose rby' or 'choose bwg'" in refused(state, "choose first").rule
    assert "'choose rby' or 'choose bwg'" in refused(state, "choose second").rule
    play(state, "choose bwg")
    view = state.view(None)
    assert view["colour_sets"] == ["bwg", "rby"] and view["first"] == 1
    assert state.to_move() == 0  # the second player removes
    play(state, "remove a4")  # black: the remover's own colour
    assert "already removed one of your pieces" in refused(state, "remove a5").rule  # white
    assert state.to_move() == 0 and state.view(None)["phase"] == "remove"
    play(state, "remove a1")  # red: the opponent's
    assert state.to_move() == 1 and state.view(None)["phase"] == "play"
    assert sum(1 for c in state.view(None)["cells"].values() if c is None) == 3


@pytest.mark.parametrize("choice", ["choose second", "choose first"])
def test_setup_the_placer_does_not_choose_the_move_order(choice):
    """Rulebook, Setup 2: "The player who did not place the pieces chooses either the set of his/her color or
    takes the first move (if he/she takes the first move, the player who placed the pieces chooses the set of
    his/her color)." Nothing lets the placer answer a colour set by moving second (or by choosing to move
    first): once player 2 has taken a set, the first move is player 1's, and saying who moves first is
    refused, citing Setup 2, while player 2 removes. (Only the option placer_chooses_order allows it.)"""
    state = dealt(CYCLIC)
    play(state, "choose rby")
    assert state.view(None)["first"] == 0 and state.view(None)["phase"] == "remove"
    assert not any(isinstance(action, Choose) for action in state.legal_actions())
    error = refused(state, choice)
    assert error.rule == (
        f"{SETUP} 2: the player who did not place the pieces took a colour set, which leaves the first move to "
        "the player who placed them; the placer may not choose to move second"
    )
    play(state, "remove a1", "remove a4")  # player 2, the second player, removes
    assert state.to_move() == 0 and state.view(None)["phase"] == "play"


@pytest.mark.parametrize(("choice", "first"), [("choose first", 0), ("choose second", 1)])
def test_setup_with_the_option_the_placer_answers_a_colour_set_with_the_move_order(choice, first):
    """Rulebook, Setup 2: "The player who did not place the pieces chooses either the set of his/her color or
    takes the first move (if he/she takes the first move, the player who placed the pieces chooses the set of
    his/her color)." The option placer_chooses_order (off by default) keeps the older reading: after player 2
    takes a colour set, player 1 says who moves first, and may move second, which makes player 1 the one who
    removes. The first move taken still leaves player 1 only the colour set to choose."""
    state = dealt(CYCLIC, placer_chooses_order=True)
    assert texts(state.legal_actions()) == ["choose rby", "choose bwg", "choose first"]
    assert [event.text for event in play(state, "choose bwg")] == ["Player 2 takes black, white and gray"]
    assert state.to_move() == 0 and state.view(None)["first"] is None
    assert texts(state.legal_actions()) == ["choose first", "choose second"]
    assert "'choose first' or 'choose second'" in refused(state, "choose rby").rule
    said = {"choose first": "Player 1 takes the first move", "choose second": "Player 1 lets Player 2 move first"}
    assert [event.text for event in play(state, choice)] == [
        said[choice], f"Player {2 - first} removes one nut of their own colours and one of their opponent's"]
    view = state.view(None)
    assert view["colour_sets"] == ["rby", "bwg"] and view["first"] == first
    assert view["phase"] == "remove" and state.to_move() == 1 - first  # the second player removes
    play(state, "remove a1", "remove a4")
    assert state.to_move() == first and state.view(None)["phase"] == "play"

    other = dealt(CYCLIC, placer_chooses_order=True)
    play(other, "choose first")
    assert texts(other.legal_actions()) == ["choose rby", "choose bwg"]


def test_the_option_placer_chooses_order_is_read_as_on_or_off():
    assert registry.make("nuts-sorting", {}).options.placer_chooses_order is False
    assert registry.make("nuts-sorting", {"placer_chooses_order": "on"}).options.placer_chooses_order is True
    with pytest.raises(OptionsError, match=r"option placer_chooses_order: .* is not a yes/no value"):
        registry.make("nuts-sorting", {"placer_chooses_order": "sometimes"})


def test_setup_the_removals_may_come_in_either_order():
    state = dealt(CYCLIC)
    play(state, "choose rby")  # seat 1 rby, so seat 0 moves first: seat 1 removes
    assert state.to_move() == 1
    play(state, "remove a4")  # black, the opponent's, first
    assert "already removed one of your opponent's pieces" in refused(state, "remove a5").rule
    play(state, "remove a1")
    assert state.to_move() == 0 and not state.is_terminal()


@pytest.mark.parametrize(("choices", "first"), [(("choose bwg",), 0), (("choose first", "choose rby"), 1)])
def test_one_player_sorted_after_setup_wins_at_once(choices, first):
    state = dealt(ONE_SORTED)
    play(state, *choices)  # seat 0 holds red, blue, yellow, the sorted ones
    assert state.to_move() == 1 - first
    play(state, "remove a1", "remove i8")  # a corner red and a gray: red stays one group
    assert state.is_terminal()
    assert state.winners() == [0]
    assert state.returns() == [1.0, -1.0]
    assert state.view(None)["winners"] == [0]
    assert state.view(None)["end"] == "setup leaves one player sorted"


@pytest.mark.parametrize(
    ("options", "winners"),
    [({}, []), ({"both_sorted": "draw"}, []), ({"both_sorted": "first"}, [0]), ({"both_sorted": "second"}, [1])],
)
def test_both_players_sorted_after_setup(options, winners):
    game = registry.make("nuts-sorting", options)
    state = game.new_state()
    for text in deal_texts(BLOCKS):
        state.apply(game.parse(text))
    play(state, "choose rby")  # seat 0 moves first; seat 1 removes
    play(state, "remove a1", "remove i8")
    assert state.is_sorted(0) and state.is_sorted(1)
    assert state.is_terminal()
    assert state.winners() == winners
    assert state.view(None)["winners"] == winners
    assert state.view(None)["end"] == "both players are sorted as setup ends"
    if not winners:
        assert state.returns() == [0.0, 0.0]


def test_a_setup_that_leaves_nobody_sorted_hands_the_turn_to_the_first_player():
    state = dealt(CYCLIC)
    play(state, "choose first", "choose bwg", "remove a1", "remove a4")  # seat 1 first; seat 0 removed
    assert not state.is_terminal() and state.to_move() == 1
    # The position after setup is the first one counted for repetition.
    assert list(state.view(None)["repetitions"].values()) == [1]


# --- repetition --------------------------------------------------------------------------------------


def test_no_move_ever_returns_to_an_earlier_position():
    """A real repetition cannot happen: every move makes the sorted list of its colour's group sizes
    strictly larger (lexicographically, largest first). The new group is larger than the moved piece's
    old group (the Move rule) and than every group it joins, and the pieces left behind form smaller
    groups; only pickups change the piece count, and they go one way. Checked here over many positions.
    """
    rng = random.Random(20240611)
    game = make_game()
    checked = 0
    for _ in range(150):
        cells = {n: rng.choice(RBY + BWG) for n in READING_ORDER if rng.random() < 0.6}
        state = position(cells, to_move=rng.randrange(2), game=game)
        for action in state.legal_actions():
            if not isinstance(action, Move):
                continue
            colour = state.colour_at(action.source)
            assert colour is not None
            before = sorted((g.bit_count() for g in state.groups_of(colour)), reverse=True)
            after_state = state.child(action)
            after = sorted((g.bit_count() for g in after_state.groups_of(colour)), reverse=True)
            assert after > before, (str(action), before, after)
            checked += 1
    assert checked > 1000


def test_random_games_never_repeat_a_position_and_always_end():
    rng = random.Random(7)
    for _ in range(6):
        state = dealt(CYCLIC)
        play(state, "choose bwg", "remove a2", "remove a4")
        plies = 0
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            plies += 1
            assert max(state.view(None)["repetitions"].values(), default=1) == 1
        assert plies < 2000
        assert state.winners() in ([0], [1])


def _primed(game, state: SortingState, move: str) -> SortingState:
    """`state`, but with the position after `move` already seen twice (through the view's record of
    repetitions, the only way to get there: see the test above)."""
    after = state.child(game.parse(move)).view(None)["repetitions"]
    (key,) = after  # the position after the move is the only one counted so far
    view = state.view(None)
    view["repetitions"] = dict(view["repetitions"]) | {key: 2}
    return from_view(game, view)


def test_a_third_occurrence_of_a_position_is_a_draw():
    game = make_game(repetition_draw=True)
    state = _primed(game, position(NO_GROWTH, game=game), "e2-h5")
    events = play(state, "e2-h5")
    assert state.is_terminal()
    assert state.winners() == [] and state.returns() == [0.0, 0.0]
    assert state.view(None)["winners"] == []
    assert events[-1].kind == "end" and "third time" in events[-1].text


def test_a_second_occurrence_is_not_a_draw():
    game = make_game(repetition_draw=True)
    state = position(NO_GROWTH, game=game)
    view = state.view(None)
    after = state.child(game.parse("e2-h5")).view(None)["repetitions"]
    view["repetitions"] = {key: 1 for key in after}
    state = from_view(game, view)
    play(state, "e2-h5")
    assert not state.is_terminal()
    assert list(state.view(None)["repetitions"].values()) == [2]


def test_without_repetition_draw_a_third_occurrence_plays_on():
    game = make_game(repetition_draw=False)
    state = _primed(game, position(NO_GROWTH, game=game), "e2-h5")
    play(state, "e2-h5")
    assert not state.is_terminal() and state.to_move() == 1
    assert list(state.view(None)["repetitions"].values()) == [3]


def test_a_pickup_forgets_the_positions_seen():
    game = make_game()
    state = _primed(game, position(NO_GROWTH, game=game), "e2-h5")
    play(state, "x i9")
    assert list(state.view(None)["repetitions"].values()) == [1]


# --- golden legal-move counts ------------------------------------------------------------------------

# A full board after setup: 58 pieces, 3 empty cells.
GOLDEN_FULL = """
    g b b k w
   b g w w . y
  k g y k w b k
 g r w y w g b k
y r k y r b . r y
 b g . r b y y g
  k r y g y b g
   r w w w k g
    r r k w r
"""

GOLDEN_MID = """
    . . r . .
   . . b . . .
  r . . g . w k
 b g . g . . . .
k . r y g . . b .
 . b b b r y k .
  . g . b . . b
   . k b w . k
    . . . . g
"""

GOLDEN_SPARSE = """
    g g . y .
   . . . r k .
  b y . . . . .
 . . . . w . . .
. . . . . . . . y
 . b k b . . g b
  . . . . . . .
   . . . b . .
    . r r . .
"""

GOLDEN = [
    # picture, seat to move (seat 0 holds red, blue, yellow), count, some legal, some illegal
    (GOLDEN_FULL, 0, 30, ["c3-h8", "e1-e7", "i7-e7", "x a1", "x i6"], ["h9-h8", "f5-d3", "e2-e7"]),
    (GOLDEN_FULL, 1, 26, ["b2-h8", "i9-h8", "x a3", "x i9"], ["i8-h8", "h7-e7", "h7-d3"]),
    (GOLDEN_MID, 0, 31, ["c7-c1", "i7-f4", "x b3"], ["i7-i5", "i7-g5"]),
    (GOLDEN_MID, 1, 31, ["a5-g5", "g9-e7", "x g9"], ["g6-i6", "g6-g4"]),
    (GOLDEN_SPARSE, 0, 26, ["b4-h4", "e9-i9", "x a2"], ["i8-i7", "i8-f5"]),
    (GOLDEN_SPARSE, 1, 6, ["d7-i7", "h8-c3", "x d3", "x i5"], ["i5-i7", "x f6"]),  # f6: the last white
]


@pytest.mark.parametrize(("picture", "seat", "count", "present", "absent"), GOLDEN)
def test_golden_legal_actions_match_a_brute_force_from_the_rulebook(picture, seat, count, present, absent):
    cells = cells_from_picture(picture)
    state = position(cells, to_move=seat)
    got = texts(state.legal_actions())
    expected = oracle_legal(cells, RBY if seat == 0 else BWG)
    assert len(got) == len(set(got))
    assert sorted(got) == sorted(expected)
    assert len(got) == count
    assert set(present) <= set(got)
    assert not set(absent) & set(got)
    for text in got:  # and each one is accepted by apply
        assert state.why_illegal(state.game.parse(text)) is None


# --- notation ----------------------------------------------------------------------------------------


def _setup_states() -> dict[str, SortingState]:
    states = {"deal": make_game().new_state()}
    state = dealt(CYCLIC)
    states["choose"] = state.clone()
    play(state, "choose first")
    states["choose set"] = state.clone()
    play(state, "choose rby")
    states["remove"] = state.clone()
    state = dealt(CYCLIC, placer_chooses_order=True)
    play(state, "choose bwg")
    states["choose order"] = state.clone()
    state = states["remove"].clone()
    play(state, "remove a1")
    states["remove again"] = state.clone()
    return states


NOTATION_CASES = ["deal", "choose", "choose set", "choose order", "remove", "remove again"] + [
    f"{name} {seat}" for name in ("full", "mid", "sparse") for seat in (0, 1)
]


@pytest.mark.parametrize("case", NOTATION_CASES)
def test_every_action_round_trips_through_its_text_and_its_index(case):
    if case in ("deal", "choose", "choose set", "choose order", "remove", "remove again"):
        state = _setup_states()[case]
    else:
        name, seat = case.split()
        picture = {"full": GOLDEN_FULL, "mid": GOLDEN_MID, "sparse": GOLDEN_SPARSE}[name]
        state = position(picture, to_move=int(seat))
    game = state.game
    actions = state.legal_actions() or [a for a, _ in state.chance_outcomes()]
    assert actions
    for action in actions:
        text = str(action)
        assert game.parse(text) == action
        assert str(game.parse(text)) == text
        assert game.parse(text.upper().replace("-", " - ")) == action
        assert game.action_from_index(game.action_index(action)) == action


def test_notation_forms():
    game = make_game()
    assert game.parse("c3-e5") == Move(board_module.CELL_OF_NAME["c3"], board_module.CELL_OF_NAME["e5"])
    assert game.parse("x c3") == game.parse("xc3") == game.parse("pickup c3") == Pickup(board_module.CELL_OF_NAME["c3"])
    assert game.parse("remove i9") == Remove(board_module.CELL_OF_NAME["i9"])
    assert game.parse("  choose   BWG ") == Choose("bwg")
    assert str(game.parse("deal e5 empty")) == "deal e5 empty"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("z9-a1", "'z9' is not a cell"),
        ("a6-a1", "'a6' is not a cell"),
        ("x", "'' is not a cell"),
        ("x j1", "'j1' is not a cell"),
        ("choose purple", "choose takes one of rby, bwg, first, second, not 'purple'"),
        ("deal a1 purple", "deal gives a colour"),
        ("", "it is empty"),
        ("   ", "it is empty"),
        ("hello", "expected a move like 'c3-e5'"),
        ("xc3 e5", "expected a move like 'c3-e5'"),  # the shorthand is one word: nothing may follow it
        ("deal a1", "expected deal c3 COLOUR"),
    ],
)
def test_unreadable_texts_raise_notation_errors_that_say_what_is_wrong(text, problem):
    with pytest.raises(NotationError) as caught:
        make_game().parse(text)
    assert problem in caught.value.problem
    assert problem in str(caught.value)
