"""Nuts! (Bumble & Cragg's Nut Foundry): route nuts through a conveyor-belt factory into matching boxes.

Rules (rulebooks/nuts-factory.txt; open points decided in docs/rules-decisions.md; the board, tiles, trucks
and bonus cards in data/components.json):
- Setup. Dispensers A C Pe Pi A C Pe Pi across the top; Salters, the Squirrel and Roasters in their rows;
  the Box Holders dealt to the columns at random, each at a random turn (chance), then turned as little as
  possible so that no Connecting Path exists and every nut shows on top. Trucks face up by points; the
  bonus deck face down.
- A turn. Configuration: two Actions (Build a Cross, Clear, Slide a tile, Spin a Box Holder, Slide a
  Machine, Feed the Squirrel), unused ones lost. Squirrel Movement (unless fed or on a Connecting Path):
  the die says Stop, Scamper (the d8 picks his column), Hunt (a step toward the nearest Connecting Path;
  the active player breaks a tie) or Hunt and Roll. Production: a Boxed Nut per Connecting Path the
  Squirrel does not block, a bonus card per nut both salted and roasted (the discards reshuffled if the
  deck runs out), then each Box Holder at the end of a Connecting Path turns a quarter at a time until it
  is no longer one. Shipping: at most one truck, paying exactly its nuts. Cleanup: down to 6 Boxed Nuts
  and 3 bonus cards.
- Bonus cards are played during one's own turn (one of their two options) and discarded.
- The end: the first turn ending on 50 or more gives everyone one more turn; most points wins, a tie going
  to whoever reached the final score first.

Notation (places r<row>c<column>: rows 0 to 12 from the dispensers down, columns 1 to 8; a tile is named
by its left half):

    build cross r4c5          a Cross over columns 5 and 6 of row 4 (split-right, join-left, ... with a card)
    clear r4c5                remove the tile whose left half is r4c5
    move r4c5 r4c4            slide it one column left ("slide r4c5 left" reads too); further with a card
    spin c7                   turn the Box Holder in column 7 a quarter clockwise
    machine r3c2 c3           slide the machine at r3c2 to column 3
    feed / done / produce     feed the Squirrel; end this phase; run the factory now
    hunt left                 a tied Hunt: the active player's choice
    play 5 first              play bonus card 5's first option ("second": its other option)
    spin-back c7, squirrel c3, take A, exchange A Pe      the targets of bonus effects
    ship 13                   load truck 13
    discard Pe, discard card 5                            cleanup
    holder 3 turned 2, roll hunt, d8 5, bonus 17          chance: setup, the squirrel die, the d8, a draw

A tile or machine named off the board or outside its rows ("slide r4c1 left", "machine r3c1 c0") reads as
an action; the rules refuse it, citing the rule it breaks.
"""

from nutbox.games.nuts_factory.game import NutsFactory
from nutbox.games.nuts_factory.options import FactoryOptions
from nutbox.games.nuts_factory.state import FactoryState

__all__ = ["FactoryOptions", "FactoryState", "NutsFactory"]
