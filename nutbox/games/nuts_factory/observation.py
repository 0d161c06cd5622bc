"""What a seat sees of Nuts!, as fixed-shape float32 arrays in [0, 1] for learners.

The encoding reads a view (never a state), so it holds exactly what that seat may know. Seats are
relative: index 0 is the observing seat, then the others in turn order (seat 0 first for the spectator's
view). Sizes come from the component data (R = 13 rows, C = 8 columns, 4 nut types, 18 trucks, 28 bonus
cards with the printed data); the RL adapters (nutbox.interop) concatenate the parts, in this order, into
one vector of 1167 + 8 n numbers for n players: 1183, 1191 and 1199 for two to four.

| part            | shape     | what                                                                     |
|-----------------|-----------|--------------------------------------------------------------------------|
| tiles           | R x C x 5 | the conveyor tile whose left half is on (row, column): cross,            |
|                 |           | split-right, join-right, split-left, join-left (one-hot)                 |
| machines        | R x C x 2 | a Salter or a Roaster on (row, column)                                   |
| squirrel        | C         | the Squirrel's column                                                    |
| boxes           | C x 4 x 4 | per column, the Box Holder's boxes as turned (top, right, bottom, left), |
|                 |           | one-hot by nut (almond, cashew, peanut, pistachio); zeros until dealt     |
| paths           | 3 x C x C | Connecting Paths from each dispenser column to each Box Holder column:   |
|                 |           | all, those salted and roasted, those crossing the Squirrel's column      |
|                 |           | (counts / 4, capped at 1)                                                |
| supply          | 3         | tiles left: crosses, right forks, left forks (/ their starting supply)   |
| trucks          | 18        | the trucks still to be shipped                                           |
| points          | n         | each seat's points / (2 x end_score) (capped at 1)                       |
| warehouses      | n x 4     | each seat's Boxed Nuts of each type / 9                                  |
| hand_sizes      | n         | each seat's bonus cards / 6 (capped at 1)                                |
| hand            | 28        | the observing seat's bonus cards                                         |
| discards        | 28        | the discarded bonus cards (face up)                                      |
| deck            | 1         | bonus cards left in the deck / 28                                        |
| phase           | 11        | setup, config, squirrel, scamper, hunt, before-production, draw,         |
|                 |           | between-draws, shipping, cleanup, over (one-hot)                         |
| current         | n         | the active seat, one-hot                                                 |
| turn            | 1         | turns played / 200 (capped)                                              |
| actions_left    | 1         | Actions left this turn / 4 (capped)                                      |
| splitters       | 1         | Builds this turn that may place a Splitter/Joiner / 2 (capped)           |
| fed             | 1         | the Squirrel is fed                                                      |
| reroll          | 1         | a Hunt and Roll rolls again                                              |
| pending         | 11        | the bonus effect waiting for its target (one-hot, components' order)     |
| draws_left      | 1         | bonus cards still to draw in Production / 4 (capped)                     |
| shipped         | 1         | trucks shipped this turn / 2 (capped)                                    |
| truck_limit     | 1         | trucks allowed this turn / 2 (capped)                                    |
| warehouse_limit | 1         | Boxed Nuts allowed at Cleanup / 9                                        |
| ending          | 1         | the end score has been reached: the last round is on                     |
| end_turns       | 1         | turns left in the last round / n                                         |
| winners         | n         | the winning seats once the game is over                                  |

Left out: the options (fixed for a given encoding), each Box Holder's number and quarter turns (its boxes
as turned are what the rules use), the turn on which each seat reached its score (a tie-break), the end
cards and the view's texts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nutbox.core import Options
from nutbox.games.nuts_factory.bonus import WAREHOUSE_BONUS_LIMIT
from nutbox.games.nuts_factory.components import COMPONENTS, EFFECTS, MACHINE_KINDS, TILE_KINDS
from nutbox.games.nuts_factory.options import FactoryOptions
from nutbox.games.nuts_factory.view import FactoryView

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

PHASES = ("setup", "config", "squirrel", "scamper", "hunt", "before-production", "draw", "between-draws", "shipping",
          "cleanup", "over")
LAYOUTS = ("cross", "fork-right", "fork-left")
PENDING = tuple(EFFECTS)
NUTS = COMPONENTS.nut_codes
ROWS, COLUMNS = len(COMPONENTS.rows), COMPONENTS.columns
TRUCKS, CARDS = len(COMPONENTS.trucks), len(COMPONENTS.bonus_cards)
# caps: what a count is divided by (counts above it read as 1)
PATHS_CAP, HAND_CAP, TURN_CAP, ACTIONS_CAP, SPLITTERS_CAP, DRAWS_CAP, TRUCKS_CAP = 4, 6, 200, 4, 2, 4, 2


class Observation:
    """The learners' encoding of a Nuts! view (the module docstring gives the layout)."""

    def __init__(self, options: Options) -> None:
        if not isinstance(options, FactoryOptions):
            raise TypeError(f"Nuts! observations take FactoryOptions, not {type(options).__name__}")
        self.players = options.players
        self.points_cap = 2 * options.end_score
        seats = self.players
        self.shapes: dict[str, tuple[int, ...]] = {
            "tiles": (ROWS, COLUMNS, len(TILE_KINDS)),
            "machines": (ROWS, COLUMNS, len(MACHINE_KINDS)),
            "squirrel": (COLUMNS,),
            "boxes": (COLUMNS, 4, len(NUTS)),
            "paths": (3, COLUMNS, COLUMNS),
            "supply": (len(LAYOUTS),),
            "trucks": (TRUCKS,),
            "points": (seats,),
            "warehouses": (seats, len(NUTS)),
            "hand_sizes": (seats,),
            "hand": (CARDS,),
            "discards": (CARDS,),
            "deck": (1,),
            "phase": (len(PHASES),),
            "current": (seats,),
            "turn": (1,),
            "actions_left": (1,),
            "splitters": (1,),
            "fed": (1,),
            "reroll": (1,),
            "pending": (len(PENDING),),
            "draws_left": (1,),
            "shipped": (1,),
            "truck_limit": (1,),
            "warehouse_limit": (1,),
            "ending": (1,),
            "end_turns": (1,),
            "winners": (seats,),
        }

    def fill(self, view: FactoryView, parts: dict[str, NDArray[np.float32]]) -> None:
        me = view["seat"] or 0
        seats = self.players

        def rel(seat: int) -> int:
            return (seat - me) % seats

        self._factory(view, parts)
        for index, layout in enumerate(LAYOUTS):
            parts["supply"][index] = view["supply"][layout] / COMPONENTS.supply[layout]
        for truck in view["trucks"]:
            parts["trucks"][truck - 1] = 1.0
        for seat in range(seats):
            parts["points"][rel(seat)] = min(view["points"][seat] / self.points_cap, 1.0)
            parts["hand_sizes"][rel(seat)] = min(view["hand_sizes"][seat] / HAND_CAP, 1.0)
            for kind, code in enumerate(NUTS):
                parts["warehouses"][rel(seat), kind] = min(view["warehouses"][seat][code] / WAREHOUSE_BONUS_LIMIT, 1.0)
        for card in view.get("hand", []):
            parts["hand"][card - 1] = 1.0
        for card in view["discards"]:
            parts["discards"][card - 1] = 1.0
        parts["deck"][0] = view["deck"] / CARDS
        parts["phase"][PHASES.index(view["phase"])] = 1.0
        parts["current"][rel(view["current"])] = 1.0
        parts["turn"][0] = min(view["turn"] / TURN_CAP, 1.0)
        parts["actions_left"][0] = min(view["actions_left"] / ACTIONS_CAP, 1.0)
        parts["splitters"][0] = min(view["splitters"] / SPLITTERS_CAP, 1.0)
        parts["fed"][0] = float(view["fed"])
        parts["reroll"][0] = float(view["reroll"])
        if view["pending"]:
            parts["pending"][PENDING.index(view["pending"])] = 1.0
        parts["draws_left"][0] = min(view["draws_left"] / DRAWS_CAP, 1.0)
        parts["shipped"][0] = min(view["shipped"] / TRUCKS_CAP, 1.0)
        parts["truck_limit"][0] = min(view["truck_limit"] / TRUCKS_CAP, 1.0)
        parts["warehouse_limit"][0] = min(view["warehouse_limit"] / WAREHOUSE_BONUS_LIMIT, 1.0)
        if view["end_turns"] is not None:
            parts["ending"][0] = 1.0
            parts["end_turns"][0] = min(view["end_turns"] / seats, 1.0)
        for seat in view.get("winners", []):
            parts["winners"][rel(seat)] = 1.0

    @staticmethod
    def _factory(view: FactoryView, parts: dict[str, NDArray[np.float32]]) -> None:
        """The factory floor: tiles, machines, the Squirrel, the Box Holders and the Connecting Paths."""
        for tile in view["tiles"]:
            parts["tiles"][tile["row"], tile["column"] - 1, TILE_KINDS.index(tile["kind"])] = 1.0
        for machine in view["machines"]:
            parts["machines"][machine["row"], machine["column"] - 1, MACHINE_KINDS.index(machine["kind"])] = 1.0
        squirrel = view["squirrel"] - 1
        parts["squirrel"][squirrel] = 1.0
        for column, holder in enumerate(view["holders"]):
            for side, nut in enumerate(holder["boxes"]):
                parts["boxes"][column, side, NUTS.index(nut)] = 1.0
        paths = parts["paths"]
        for path in view["paths"]:
            source, end, count = path["from"] - 1, path["to"] - 1, path["count"] / PATHS_CAP
            paths[0, source, end] += count
            if path["salted"] and path["roasted"]:
                paths[1, source, end] += count
            if path["squirrel_column"] - 1 == squirrel:
                paths[2, source, end] += count
        paths.clip(0.0, 1.0, out=paths)
