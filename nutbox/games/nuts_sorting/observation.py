"""What a seat sees of Nuts Sorting, as fixed-shape float32 arrays in [0, 1] for learners.

The encoding reads a view (never a state), so it holds exactly what that seat may know. Seats are
relative: index 0 is the observing seat, index 1 the other player (seat 0 for the spectator's view).
The RL adapters (nutbox.interop) concatenate the parts, in this order, into one vector of 519 numbers.

| part      | shape  | what                                                                              |
|-----------|--------|-----------------------------------------------------------------------------------|
| board     | 61 x 8 | per cell (reading order a1 ... i9): red, blue, yellow, black, white, gray, empty, |
|           |        | not dealt yet (one-hot)                                                           |
| pool      | 7      | while dealing: pieces of each colour left to deal / 10, then the blank (0 or 1)   |
| sets      | 2 x 2  | each seat's colour set (rby, bwg), one-hot; zeros until chosen                    |
| first     | 2      | which seat moves first, one-hot; zeros until chosen                               |
| removed   | 2      | the setup removals made so far: one of the rby side, one of the bwg side          |
| groups    | 6      | groups of each colour / 10                                                        |
| turn      | 1      | moves and pickups made / 200 (capped at 1)                                        |
| phase     | 5      | deal, choose, remove, play, over (one-hot)                                        |
| to_move   | 2      | the seat to decide, one-hot; zeros at chance and at the end                       |
| winners   | 2      | the winning seats once the game is over                                           |

Left out: the view's repetition counts (they can only matter with the repetition_draw safeguard on, and
no position can recur under the rules) and its text (the end reason).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nutbox.core import Options
from nutbox.games.nuts_sorting.board import CELL_OF_NAME, NUM_CELLS
from nutbox.games.nuts_sorting.components import COLOURS, PIECES_PER_COLOUR, SETS
from nutbox.games.nuts_sorting.options import SortingOptions
from nutbox.games.nuts_sorting.view import SortingView

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

PHASES = ("deal", "choose", "remove", "play", "over")
EMPTY_CHANNEL, UNDEALT_CHANNEL = len(COLOURS), len(COLOURS) + 1
CHANNEL_OF: dict[str | None, int] = {**{colour: channel for channel, colour in enumerate(COLOURS)}, None: EMPTY_CHANNEL}
TURN_CAP = 200
SEATS = 2


class Observation:
    """The learners' encoding of a Nuts Sorting view (the module docstring gives the layout)."""

    def __init__(self, options: Options) -> None:
        if not isinstance(options, SortingOptions):
            raise TypeError(f"Nuts Sorting observations take SortingOptions, not {type(options).__name__}")
        self.shapes: dict[str, tuple[int, ...]] = {
            "board": (NUM_CELLS, len(COLOURS) + 2),
            "pool": (len(COLOURS) + 1,),
            "sets": (SEATS, len(SETS)),
            "first": (SEATS,),
            "removed": (len(SETS),),
            "groups": (len(COLOURS),),
            "turn": (1,),
            "phase": (len(PHASES),),
            "to_move": (SEATS,),
            "winners": (SEATS,),
        }

    def fill(self, view: SortingView, parts: dict[str, NDArray[np.float32]]) -> None:
        me = view["seat"] or 0

        def rel(seat: int) -> int:
            return (seat - me) % SEATS

        # one indexed assignment per channel kind rather than one per cell: encoding runs on every step
        dealt = [CELL_OF_NAME[name] for name in view["cells"]]
        board = parts["board"]
        board[:, UNDEALT_CHANNEL] = 1.0
        board[dealt, UNDEALT_CHANNEL] = 0.0
        board[dealt, [CHANNEL_OF[colour] for colour in view["cells"].values()]] = 1.0
        if view["pool"] is not None:
            pool = parts["pool"]
            for channel, colour in enumerate(COLOURS):
                pool[channel] = view["pool"][colour] / PIECES_PER_COLOUR
            pool[len(COLOURS)] = view["pool"]["empty"]
        for seat, chosen in enumerate(view["colour_sets"]):
            if chosen is not None:
                parts["sets"][rel(seat), SETS.index(chosen)] = 1.0
        if view["first"] is not None:
            parts["first"][rel(view["first"])] = 1.0
        for side in view["removed_from"]:
            parts["removed"][SETS.index(side)] = 1.0
        for channel, colour in enumerate(COLOURS):
            parts["groups"][channel] = view["groups"][colour] / PIECES_PER_COLOUR
        parts["turn"][0] = min(view["turn"], TURN_CAP) / TURN_CAP
        parts["phase"][PHASES.index(view["phase"])] = 1.0
        if isinstance(view["to_move"], int):
            parts["to_move"][rel(view["to_move"])] = 1.0
        for seat in view.get("winners", []):
            parts["winners"][rel(seat)] = 1.0
