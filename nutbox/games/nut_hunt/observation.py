"""What a seat sees of Nut Hunt, as fixed-shape float32 arrays in [0, 1] for learners.

The encoding reads a view (never a state), so it holds exactly what that seat may know. Owners of squirrels
are relative: index 0 is the observing seat, then the others in turn order; in the solo game owner 1 is the
Automa. With n players there are O = n owners (O = 2 solo), and the RL adapters (nutbox.interop)
concatenate the parts, in this order, into one vector of 763 + 43 O + 6 n numbers: 855 solo, 861, 910,
959 and 1008 for two to five players.

The board is encoded by cell, not by tile, so that neighbouring cells are always the same entries: cells
are numbered row by row from the top, as in components.py (0-2, 3-6, 7-11, 12-15, 16-18; 9 is the centre).

| part           | shape   | what                                                                       |
|----------------|---------|----------------------------------------------------------------------------|
| layout         | 19 x 19 | the tile on each cell, one-hot by tile (components order); zeros undealt   |
| fox            | 19      | the fox's cell                                                             |
| fox_from       | 19      | the cell the fox last came from                                            |
| squirrels      | O x 19  | each owner's squirrels per cell / 3 (capped at 1)                          |
| nests          | O x 19  | each owner's nests per cell / 4                                            |
| nest_counts    | O       | each owner's nests / 4                                                     |
| nuts           | n x 4   | each seat's acorns, hazelnuts, walnuts, pine nuts / 12 (capped at 1)       |
| hand_sizes     | n       | each seat's objectives / 8 (capped at 1)                                   |
| hand           | 45      | the observing seat's objectives (by card number)                           |
| hand_ends      | 19      | per cell: the observing seat's objectives with an end there / 3 (capped)   |
| looking        | 45      | the objectives the observing seat is scouting                              |
| looking_count  | 1       | objectives being scouted (by anyone) / 2                                   |
| deck_unseen    | 1       | the shuffled part of the deck / 45                                         |
| under_deck     | 1       | cards put under the deck / 45                                              |
| under_by       | n       | cards each seat put under the deck / 45                                    |
| under_known    | 45      | the cards under the deck that the observing seat knows (it put them there) |
| automa_hand    | 45      | solo: the Automa's objectives (face up)                                    |
| automa_ends    | 19      | solo: per cell, the Automa's objectives with an end there / 3 (capped)     |
| revealed       | 45      | solo: the objectives the Automa has revealed                               |
| pending        | 19      | solo: the cells the Automa still places a squirrel on this turn / 2        |
| phase          | 14      | layout, deal, discard, place, automa-deal, roll, forage, action,           |
|                |         | scout-draw, keep, automa-draw, automa-place, end-turn, over (one-hot)      |
| current        | O       | the active owner, one-hot                                                  |
| step           | 1       | progress within a setup phase / 10 (capped)                                |
| turn           | 1       | turns played / 100 (capped)                                                |
| scatter_tile   | 19      | the cell scattering now (the newest unresolved scatter)                    |
| scatter_from   | 19      | the cell its squirrels may not go back to (the fox's last cell)            |
| scatter_owed   | O       | squirrels each owner still owes that scatter / 3 (capped)                  |
| scatter_depth  | 1       | unresolved scatters / 4 (capped)                                           |
| scatterer      | O       | the owner scattering now, one-hot                                          |
| forage_tile    | 19      | the cell being foraged                                                     |
| forage_count   | 1       | nuts still to forage there / 2                                             |
| forage_then    | 3       | what follows the forage: place, action, end-turn (one-hot)                 |
| ending         | 1       | the 4th nest is built; the game ends once the scatters are done            |
| winners        | O       | the winning owners once the game is over                                   |

Left out: the options (fixed for a given encoding), the order of the cards under the deck (which matters
only once the shuffled part is used up), the end-of-game score breakdown and the view's texts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from nutbox.core import Options
from nutbox.games.nut_hunt.components import COMPONENTS, NUM_CELLS
from nutbox.games.nut_hunt.options import HuntOptions
from nutbox.games.nut_hunt.view import HuntView

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

PHASES = ("layout", "deal", "discard", "place", "automa-deal", "roll", "forage", "action", "scout-draw", "keep",
          "automa-draw", "automa-place", "end-turn", "over")
RESUMES = ("place", "action", "end-turn")
CARDS = len(COMPONENTS.objectives)
NUTS = COMPONENTS.nut_codes
TILE_OF_CODE = COMPONENTS.tile_of_code
# caps: what a count is divided by (counts above it read as 1)
SQUIRRELS_CAP, NESTS_CAP, NUTS_CAP, HAND_CAP, ENDS_CAP = 3, 4, 12, 8, 3
STEP_CAP, TURN_CAP, OWED_CAP, DEPTH_CAP = 10, 100, 3, 4


class Observation:
    """The learners' encoding of a Nut Hunt view (the module docstring gives the layout)."""

    def __init__(self, options: Options) -> None:
        if not isinstance(options, HuntOptions):
            raise TypeError(f"Nut Hunt observations take HuntOptions, not {type(options).__name__}")
        self.players = options.players
        self.owners = 2 if options.players == 1 else options.players
        cells, owners, seats = NUM_CELLS, self.owners, self.players
        self.shapes: dict[str, tuple[int, ...]] = {
            "layout": (cells, len(COMPONENTS.tiles)),
            "fox": (cells,),
            "fox_from": (cells,),
            "squirrels": (owners, cells),
            "nests": (owners, cells),
            "nest_counts": (owners,),
            "nuts": (seats, len(NUTS)),
            "hand_sizes": (seats,),
            "hand": (CARDS,),
            "hand_ends": (cells,),
            "looking": (CARDS,),
            "looking_count": (1,),
            "deck_unseen": (1,),
            "under_deck": (1,),
            "under_by": (seats,),
            "under_known": (CARDS,),
            "automa_hand": (CARDS,),
            "automa_ends": (cells,),
            "revealed": (CARDS,),
            "pending": (cells,),
            "phase": (len(PHASES),),
            "current": (owners,),
            "step": (1,),
            "turn": (1,),
            "scatter_tile": (cells,),
            "scatter_from": (cells,),
            "scatter_owed": (owners,),
            "scatter_depth": (1,),
            "scatterer": (owners,),
            "forage_tile": (cells,),
            "forage_count": (1,),
            "forage_then": (len(RESUMES),),
            "ending": (1,),
            "winners": (owners,),
        }

    def fill(self, view: HuntView, parts: dict[str, NDArray[np.float32]]) -> None:
        me = view["seat"] or 0
        owners = self.owners
        cell_of = {code: cell for cell, code in enumerate(view["layout"])}

        def rel(owner: int) -> int:
            """Owners as the observing seat sees them: itself first (solo: the player, then the Automa)."""
            return (owner - me) % owners

        def mark_cell(part: str, code: str | None, value: float = 1.0) -> None:
            if code is not None and code in cell_of:
                parts[part][cell_of[code]] += value

        # indexed assignments of whole rows rather than one per entry: encoding runs on every step
        layout = view["layout"]
        parts["layout"][list(range(len(layout))), [TILE_OF_CODE[code] for code in layout]] = 1.0
        mark_cell("fox", view["fox"])
        mark_cell("fox_from", view["fox_from"])
        board = [(cell_of[code], counts) for code, counts in view["board"].items() if code in cell_of]
        cells = [cell for cell, _ in board]
        squirrels, nests = parts["squirrels"], parts["nests"]
        for owner in range(owners):
            squirrels[rel(owner), cells] = [counts["squirrels"][owner] for _, counts in board]
            nests[rel(owner), cells] = [counts["nests"][owner] for _, counts in board]
        squirrels *= 1 / SQUIRRELS_CAP
        squirrels.clip(0.0, 1.0, out=squirrels)
        nests *= 1 / NESTS_CAP
        nests.clip(0.0, 1.0, out=nests)
        for owner, count in enumerate(view["nest_counts"]):
            parts["nest_counts"][rel(owner)] = min(count / NESTS_CAP, 1.0)
        for seat, nuts in enumerate(view["nuts"]):
            for nut, code in enumerate(NUTS):
                parts["nuts"][rel(seat), nut] = min(nuts[code] / NUTS_CAP, 1.0)
        for seat, size in enumerate(view["hand_sizes"]):
            parts["hand_sizes"][rel(seat)] = min(size / HAND_CAP, 1.0)
        self._held(view, parts, cell_of, rel)
        self._turn(view, parts, rel, mark_cell)

    def _held(self, view: HuntView, parts: dict[str, NDArray[np.float32]], cell_of: dict[str, int],
              rel: Callable[[int], int]) -> None:
        """The cards: the seat's hand and what it is looking at, the deck, the Automa's, those revealed."""
        me = view["seat"] or 0
        self._cards(parts, "hand", "hand_ends", view.get("hand", []), cell_of)
        self._cards(parts, "looking", None, view.get("looking", []), cell_of)
        parts["looking_count"][0] = view["looking_count"] / 2
        deck = view["deck"]
        parts["deck_unseen"][0] = deck["unseen"] / CARDS
        parts["under_deck"][0] = len(deck["bottom"]) / CARDS
        for entry in deck["bottom"]:
            parts["under_by"][rel(entry["placer"])] += 1 / CARDS
            if entry["card"] is not None and entry["placer"] == me:
                parts["under_known"][entry["card"] - 1] = 1.0
        self._cards(parts, "automa_hand", "automa_ends", view["automa_hand"], cell_of)
        self._cards(parts, "revealed", None, view["revealed"], cell_of)

    @staticmethod
    def _turn(view: HuntView, parts: dict[str, NDArray[np.float32]], rel: Callable[[int], int],
              mark_cell: Callable[..., None]) -> None:
        """Where the turn stands: what is pending, the phase, whose turn, a scatter or a forage under way, the end."""
        for code in view["pending"]:
            mark_cell("pending", code, 0.5)
        parts["phase"][PHASES.index(view["phase"])] = 1.0
        parts["current"][rel(view["current"])] = 1.0
        parts["step"][0] = min(view["step"] / STEP_CAP, 1.0)
        parts["turn"][0] = min(view["turn"] / TURN_CAP, 1.0)
        frames = view["frames"]
        if frames:
            top = frames[-1]
            mark_cell("scatter_tile", top["tile"])
            mark_cell("scatter_from", top["vacated"])
            for owner, owed in enumerate(top["owed"]):
                parts["scatter_owed"][rel(owner)] = min(owed / OWED_CAP, 1.0)
            parts["scatter_depth"][0] = min(len(frames) / DEPTH_CAP, 1.0)
            if view["scatterer"] is not None:
                parts["scatterer"][rel(view["scatterer"])] = 1.0
        forage = view["forage"]
        if forage is not None:
            mark_cell("forage_tile", forage["tile"])
            parts["forage_count"][0] = forage["count"] / 2
            parts["forage_then"][RESUMES.index(forage["then"])] = 1.0
        parts["ending"][0] = float(view["ending"])
        for owner in view.get("result", []):
            parts["winners"][rel(owner)] = 1.0

    @staticmethod
    def _cards(
        parts: dict[str, NDArray[np.float32]], flags: str, ends: str | None, cards: list[int], cell_of: dict[str, int]
    ) -> None:
        """Mark `cards` in the part `flags`; count their ends per cell in the part `ends`."""
        for card in cards:
            parts[flags][card - 1] = 1.0
            if ends is None:
                continue
            for tile in COMPONENTS.objectives[card - 1].ends:
                cell = cell_of.get(COMPONENTS.tiles[tile].code)
                if cell is not None:
                    parts[ends][cell] = min(parts[ends][cell] + 1 / ENDS_CAP, 1.0)
