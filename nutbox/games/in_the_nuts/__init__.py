"""In the Nuts! (Auf die Nüsse!, Michael Feldkötter, AMIGO 2012): push your luck with dice and squirrels.

Rules (rulebooks/in-the-nuts.txt; open points decided in docs/rules-decisions.md; data in data/components.json):
- Setup. Fewer nuts with 2 or 3 players; four face-up nuts under sections 2-4, 5-6, 8-9, 10-12; each
  player draws a nut and stores it; eight cards set aside (unseen) for the end; the players after the
  starting player pre-place 1, 2, 3 squirrels in the 2-squirrel area (one per section, not on the raccoon).
- A turn. Roll the green and two white dice; put a squirrel on the empty starting space green + a white;
  stop (push them all up into the 2-squirrel area) or roll again. A roll with no empty space loses every
  squirrel on the starting track.
- Collecting, at the end of every turn: the 2-squirrel area left to right (2 squirrels a nut: the nut
  below; the others' squirrels there go up), then the 3-squirrel area (3 a nut: one of the two nuts below;
  the others go up unless they have 3 themselves), then the 4-squirrel area (4 a nut: any face-up nut).
  The raccoon fields give any face-up nut plus one stolen from another player's partly filled card (never
  a joker, never from the player David guards); David moves to the robbed player.
- Storage: at once, on a card of the player's choice, one nut type per card; a filled card is turned over.
  A joker counts as either of its two nuts and may be kept for later (not the first nut: it is stored at
  once, unless option first_joker=keep); a kept joker may be stored whenever its owner stores a nut, before
  that nut, and those still kept are stored after the final picks.
- The end: the draw pile used up, the set-aside eight become the pile; after the collecting, every squirrel
  goes up to the 4-squirrel area and each four take a face-up nut. Filled cards score their value, other
  stored nuts a point each; a tie goes to the most valuable filled card.

Notation (nuts W H B A, jokers by two letters; players, cards and face-up nuts numbered from 1):

    place 8            put a squirrel on starting space 8
    stop / roll        end the turn successfully / roll again
    take 2             take face-up nut 2 (under 5-6)
    store W 3          store a walnut (or a joker as a walnut) on storage card 3
    keep               keep a joker for later
    store WH H 1       store a kept walnut/hazelnut joker as a hazelnut on card 1 (then the nut being stored)
    steal 2 5          steal a nut from player 2's storage card 5
    preplace 5-6       setup: a squirrel into section 5-6 of the 2-squirrel area
    dice 2 1 6         chance: green 2, whites 1 and 6
    draw WH            chance: the top card is a walnut/hazelnut joker
"""

from nutbox.games.in_the_nuts.game import InTheNuts
from nutbox.games.in_the_nuts.options import NutsOptions
from nutbox.games.in_the_nuts.state import NutsState

__all__ = ["InTheNuts", "NutsOptions", "NutsState"]
