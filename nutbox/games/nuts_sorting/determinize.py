"""A Nuts Sorting state rebuilt from a view. Nothing is hidden in this game, so the view is the whole state and
nothing is drawn at random: this is the inverse of view.build."""

from __future__ import annotations

from typing import Any

from nutbox.core import Game
from nutbox.games.nuts_sorting.board import BITS, CELL_OF_NAME
from nutbox.games.nuts_sorting.components import COLOURS, SETS, colour_name
from nutbox.games.nuts_sorting.options import SortingOptions
from nutbox.games.nuts_sorting.state import SortingState
from nutbox.games.nuts_sorting.view import SortingView, position_key


def from_view(game: Game[SortingOptions, Any, Any], view: SortingView) -> SortingState:
    """The state a view shows, ready for a search to clone."""
    state = SortingState(game)
    state.take_shown(view)  # phase, first, turn, end
    for name, colour in view["cells"].items():
        if colour is not None:
            state.board[COLOURS.index(colour)] |= BITS[CELL_OF_NAME[name]]
    state.dealt = len(view["cells"])
    pool, kinds = view["pool"], range(len(COLOURS) + 1)  # the colours and the blank
    state.pool = [pool[colour_name(c)] for c in kinds] if pool is not None else [0 for _ in kinds]
    state.sets = [SETS.index(s) if s is not None else None for s in view["colour_sets"]]
    state.removed = [SETS.index(s) for s in view["removed_from"]]
    to_move = view["to_move"]
    state.current = to_move if isinstance(to_move, int) else (1 if state.phase == "deal" else 0)
    state.seen = {position_key(text): n for text, n in view["repetitions"].items()}
    state.winner_seats = list(view.get("winners", []))
    if state.phase == "play":
        # A bot searches from this state by cloning it over and over: what is listed and indexed here once,
        # every clone shares, rather than each finding it again.
        state.legal_actions()
        for number in range(len(COLOURS)):
            state.groups_of(number)
    return state
