"""What the engine keeps from position to position, against the same facts found from scratch.

A move or pickup updates the moved colour's group index instead of finding its groups again, and a position
keeps its listed legal actions, so that `apply` accepts one of them without checking the rules again. Over
random playouts: every cached index equals one built from the board alone, the legal actions equal those of
a fresh state of the same position, and an action that is not listed is refused with the same rule whether
the list is kept or not.
"""

from __future__ import annotations

import random

import pytest

from nutbox.core import IllegalAction, random_action
from nutbox.games.nuts_sorting.actions import MOVE_TABLE, PICKUPS, Move
from nutbox.games.nuts_sorting.board import ARCS, BITS, NEIGHBOURS, NUM_CELLS, cells_of, groups
from nutbox.games.nuts_sorting.colour_index import indexed
from nutbox.games.nuts_sorting.components import COLOURS
from nutbox.games.nuts_sorting.determinize import from_view
from nutbox.games.nuts_sorting.state import SortingState

from .positions import READING_ORDER, make_game, position


def from_scratch(state: SortingState) -> SortingState:
    """The same position in a new state: no cache of any kind."""
    fresh = SortingState(state.game)
    for name in SortingState.SHARED + SortingState.COPIED:
        if name not in ("game", "_legal", "_numbers", "_empty", "_groups", "_index", "_moves"):
            value = getattr(state, name)
            setattr(fresh, name, value.copy() if isinstance(value, list | dict) else value)
    return fresh


def playout(seed: int) -> list[SortingState]:
    """Each play-phase position of one random game, as the game left it (caches and all)."""
    state = make_game().new_state()
    rng = random.Random(seed)
    found = []
    while not state.is_terminal():
        if state.phase == "play":
            found.append(state.clone())
        state.apply(random_action(state, rng))
    return found


POSITIONS = [state for seed in range(12) for state in playout(seed)]


def test_the_playouts_move_and_pick_up_enough_to_matter() -> None:
    assert len(POSITIONS) > 200


@pytest.mark.parametrize("index", range(0, len(POSITIONS), 7))
def test_each_cached_index_is_the_index_of_the_board(index: int) -> None:
    state = POSITIONS[index]
    for colour in range(len(COLOURS)):
        cached = state._index[colour]
        if cached is None:
            continue
        scratch = indexed(state.board[colour])
        # A move lists the groups it makes last: compare the groups as sets, each with what goes with it.
        assert sorted(cached.groups) == sorted(groups(state.board[colour])) == sorted(scratch.groups)
        assert sorted(zip(cached.groups, cached.sizes, cached.around, cached.firsts, strict=True)) == sorted(
            zip(scratch.groups, scratch.sizes, scratch.around, scratch.firsts, strict=True)
        )
        assert (cached.up_to, cached.shared) == (scratch.up_to, scratch.shared)
        assert sorted(cached.fed) == sorted(scratch.fed)
        assert state.groups_of(colour) == cached.groups


@pytest.mark.parametrize("index", range(3, len(POSITIONS), 7))
def test_the_legal_actions_do_not_depend_on_what_is_cached(index: int) -> None:
    state = POSITIONS[index]
    assert state.legal_actions() == from_scratch(state).legal_actions()


@pytest.mark.parametrize("index", range(5, len(POSITIONS), 11))
def test_a_listed_action_is_played_as_the_full_check_would_play_it(index: int) -> None:
    state = POSITIONS[index]
    legal = state.legal_actions()
    assert state._legal is not None
    action = legal[len(legal) // 2]
    listed, checked = state.clone(), from_scratch(state)
    assert checked._legal is None  # so its apply goes through the core's check
    assert [e.to_json() for e in listed.apply(action)] == [e.to_json() for e in checked.apply(action)]
    assert listed._legal is None
    assert listed.view(None) == checked.view(None)
    assert listed.legal_actions() == from_scratch(listed).legal_actions()


@pytest.mark.parametrize("index", range(2, len(POSITIONS), 13))
def test_an_action_not_listed_is_refused_with_the_same_rule_either_way(index: int) -> None:
    state = POSITIONS[index]
    legal = set(state.legal_actions())
    on_board = [move for move in MOVE_TABLE if move.target < NUM_CELLS]
    others = [action for action in (*on_board, *PICKUPS) if action not in legal]
    for action in random.Random(index).sample(others, 40):
        assert state.why_illegal(action) == from_scratch(state).why_illegal(action) is not None
        with pytest.raises(IllegalAction):
            state.clone().apply(action)
    # Off the board, one with the number of a listed move (source << 6 | target), which apply looks up.
    listed = [action for action in legal if isinstance(action, Move) and action.source]
    twins = [Move(0, move.source << 6 | move.target) for move in listed[:1]]
    for move in (*twins, Move(0, NUM_CELLS), Move(-1, 63)):
        assert state.why_illegal(move) == from_scratch(state).why_illegal(move) is not None


@pytest.mark.parametrize("index", range(1, len(POSITIONS), 17))
def test_a_state_from_a_view_is_ready_for_search_and_its_clones_share_that(index: int) -> None:
    state = POSITIONS[index]
    rebuilt = from_view(state.game, state.view(state.current))
    assert rebuilt._legal is not None and rebuilt.clone()._legal is rebuilt._legal
    assert rebuilt.legal_actions() == from_scratch(state).legal_actions()
    assert all(rebuilt._groups[colour] is not None for colour in range(len(COLOURS)))


def test_sparse_positions_list_exactly_what_the_full_check_allows() -> None:
    """Few pieces per colour, so that a colour often has no move or one, and the mover often no pickup (the listing
    takes its actions with itemgetter, which wants a key and treats one key apart): the listed actions are, in order,
    those the full rule check (a fresh state, nothing listed) accepts among every move and pickup."""
    on_board = [move for move in MOVE_TABLE if move.target < NUM_CELLS]
    moves_seen, pickups_seen = set(), set()
    for seed in range(40):
        rng = random.Random(seed)
        names = rng.sample(READING_ORDER, 3 * len(COLOURS))
        cells = {names.pop(): colour for colour in COLOURS for _ in range(rng.randint(1, 3))}
        for seat in (0, 1):
            state = position(cells, to_move=seat)
            fresh = position(cells, to_move=seat)
            allowed = [action for action in (*on_board, *PICKUPS) if fresh.why_illegal(action) is None]
            listed = state.legal_actions()
            assert listed == allowed, (seed, seat)
            moves = sum(isinstance(action, Move) for action in listed)
            moves_seen.add(min(moves, 2))
            pickups_seen.add(min(len(listed) - moves, 2))
    # A colour with several groups offers each of them, so there is never exactly one pickup.
    assert moves_seen == {0, 1, 2} and pickups_seen == {0, 2}


def test_a_piece_whose_neighbours_in_its_group_form_an_arc_leaves_the_rest_in_one_piece() -> None:
    """board.ARCS, which spares a move the flood of what the piece leaves behind: over random groups, the rest
    stays one group whenever the piece's neighbours in the group are an arc, and some rests that split are not."""
    rng = random.Random(3)
    split_seen = arc_seen = 0
    for _ in range(3000):
        pieces = sum(BITS[cell] for cell in rng.sample(range(NUM_CELLS), rng.randint(3, 25)))
        for group in groups(pieces):
            for cell in cells_of(group):
                rest = group ^ BITS[cell]
                if not rest:
                    continue
                parts = len(groups(rest))
                if NEIGHBOURS[cell] & rest in ARCS:
                    assert parts == 1
                    arc_seen += 1
                split_seen += parts > 1
    assert arc_seen > 1000 and split_seen > 100
