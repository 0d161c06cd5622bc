"""What a seat sees of Nut, as fixed-shape float32 arrays in [0, 1] for learners.

Nothing in Nut is secret, but the encoding still reads a view (never a state), like every game's. Seats
are relative: index 0 is the observing seat, then the others in turn order (seat 0 first for the
spectator's view). A cell of a card is one of 7 things: a red, yellow, green or blue nut, a wild nut, a
squirrel, or nothing (in the components' codes R Y G B W S .).

Each layout is a grid of the positions the action encoding can name: with n players a player places at
most r = ceil(30 / n) cards, so columns x run from -r to r and bands y from -3r to 3r + 2 (a card at
(x, y) covers bands y to y + 2). That is X = 2r + 1 columns and Y = 6r + 3 bands: 31 x 93 for two
players, 21 x 63 for three. The RL adapters (nutbox.interop) concatenate the parts, in this order, into
one vector of 46502 numbers for two players and 32283 for three.

| part          | shape         | what                                                                  |
|---------------|---------------|-----------------------------------------------------------------------|
| layouts       | n x X x Y x 8 | per seat and position: the visible cell (7 channels, one-hot), and    |
|               |               | an 8th channel marking where a card was placed (its top band)         |
| columns       | 3 x n x 30    | the cards in each face-up column, one-hot by card number              |
| column_cells  | 3 x n x 3 x 7 | the same cards' three cells, top first, one-hot                       |
| holding       | 30            | the card taken and not yet placed                                     |
| holding_cells | 3 x 7         | its cells                                                             |
| deck          | 1             | cards left in the deck / 30                                           |
| phase         | 4             | deal, take, place, over (one-hot)                                     |
| holder        | n             | the seat holding the deck this round, one-hot                         |
| current       | n             | the seat to take or place, one-hot                                    |
| column        | 3             | the column drafted this round, one-hot                                |
| taken         | 1             | cards taken this round / n                                            |
| points        | n             | each seat's points as the layouts stand / 100 (capped)                |
| winners       | n             | the winning seats once the game is over                               |

Left out: the options (fixed for a given encoding), the card numbers of placed cards (what shows is in
the grid, and the 8th channel keeps where each card went, which decides where the next may go), the
scored clusters (they follow from the grid) and the view's texts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nutbox.core import Options
from nutbox.games.nut_cards.components import BLANK, COLUMNS, COMPONENTS, SQUIRREL, WILD
from nutbox.games.nut_cards.options import CardsOptions
from nutbox.games.nut_cards.view import CardsView

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

PHASES = ("deal", "take", "place", "over")
CELLS = (*COMPONENTS.colour_codes, WILD, SQUIRREL, BLANK)
CHANNEL = {code: channel for channel, code in enumerate(CELLS)}
PLACED = len(CELLS)  # the layouts' channel marking where cards were placed
CARDS = len(COMPONENTS.cards)
HEIGHT = COMPONENTS.cells_per_card
POINTS_CAP = 100


class Observation:
    """The learners' encoding of a Nut view (the module docstring gives the layout)."""

    def __init__(self, options: Options) -> None:
        if not isinstance(options, CardsOptions):
            raise TypeError(f"Nut observations take CardsOptions, not {type(options).__name__}")
        self.players = seats = options.players
        self.reach = -(-CARDS // seats)
        width, bands = 2 * self.reach + 1, 2 * HEIGHT * self.reach + HEIGHT
        self.shapes: dict[str, tuple[int, ...]] = {
            "layouts": (seats, width, bands, len(CELLS) + 1),
            "columns": (COLUMNS, seats, CARDS),
            "column_cells": (COLUMNS, seats, HEIGHT, len(CELLS)),
            "holding": (CARDS,),
            "holding_cells": (HEIGHT, len(CELLS)),
            "deck": (1,),
            "phase": (len(PHASES),),
            "holder": (seats,),
            "current": (seats,),
            "column": (COLUMNS,),
            "taken": (1,),
            "points": (seats,),
            "winners": (seats,),
        }

    def fill(self, view: CardsView, parts: dict[str, NDArray[np.float32]]) -> None:
        me = view["seat"] or 0
        seats, reach = self.players, self.reach

        def rel(seat: int) -> int:
            return (seat - me) % seats

        low = HEIGHT * reach  # the grid's band 0 is band -3r
        for seat in range(seats):
            # one indexed assignment per layout rather than one per cell: encoding runs on every step
            grid = parts["layouts"][rel(seat)]
            where = [key.split(",") for key in view["visible"][seat]]
            grid[[int(x) + reach for x, _ in where], [int(y) + low for _, y in where],
                 [CHANNEL[code] for code in view["visible"][seat].values()]] = 1.0
            placed = view["layouts"][seat]
            grid[[card["x"] + reach for card in placed], [card["y"] + low for card in placed], PLACED] = 1.0
        for column, cards in enumerate(view["columns"]):
            for slot, entry in enumerate(cards):
                parts["columns"][column, slot, entry["card"] - 1] = 1.0
                for row, code in enumerate(entry["cells"]):
                    parts["column_cells"][column, slot, row, CHANNEL[code]] = 1.0
        if view["holding"] is not None:
            card = view["holding"]
            parts["holding"][card - 1] = 1.0
            for row, code in enumerate(COMPONENTS.cards[card - 1].cells):
                parts["holding_cells"][row, CHANNEL[code]] = 1.0
        parts["deck"][0] = view["deck"] / CARDS
        parts["phase"][PHASES.index(view["phase"])] = 1.0
        parts["holder"][rel(view["holder"])] = 1.0
        parts["current"][rel(view["current"])] = 1.0
        if view["column"] is not None:
            parts["column"][view["column"] - 1] = 1.0
        parts["taken"][0] = view["taken"] / seats
        for seat, points in enumerate(view["points"]):
            parts["points"][rel(seat)] = min(points / POINTS_CAP, 1.0)
        for seat in view.get("winners", []):
            parts["winners"][rel(seat)] = 1.0
