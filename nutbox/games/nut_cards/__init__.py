"""Nut (a card-drafting and layout game; rules write-up by Mark Ball): build clusters of coloured nuts.

Rules (rulebooks/nut-cards.txt; open points decided in docs/rules-decisions.md; cards in data/cards.json):
- 30 cards: 20 with three coloured nuts, 6 squirrels, 4 wild nuts. Three face-up columns of as many cards
  as players; the rest is the deck (chance: draws from the unseen deck).
- A round: the deck holder refills the empty column, takes any card from a column and places it; each
  next player takes one of the remaining cards of that same column and places it; the deck passes left.
  The game ends when every card is drafted and placed.
- Placing: cards stand upright; tree sides touch tree sides and sky sides sky sides, so a card's
  orientation alternates from column to column; lines meet lines or card edges (positions are whole
  thirds of a card); a new card touches or overlaps the layout, may cover others entirely; squirrel cards
  only upright; nothing moves once placed.
- Scoring: per colour, the largest cluster of orthogonally adjacent visible nuts (the most nuts; of two as
  large, the one worth more; option cluster=best: the one worth the most) scores a point a nut; a wild nut
  counts in every cluster it touches; a squirrel joins same-coloured clusters and doubles every cluster it
  touches. Most points wins; a tie goes to the largest cluster that counts.

Notation (positions are column x, band y of the player's own layout; the first card goes at 0 0 upright
or 1 0 upside down):

    take 17          take card 17 from a column
    place 2 -1       place the card in column 2, band -1 (upright, as every even column)
    draw 17          chance: card 17 is dealt into the next empty place of the columns
"""

from nutbox.compiled import use_compiled

# Where a card may go and a round's decisions: compiled where ./run test built them (nutbox/compiled.py), found
# before their sources, so the imports below must come after.
COMPILED = ("layout", "turn")
__path__ = use_compiled(__name__, __path__, COMPILED)

from nutbox.games.nut_cards.game import NutCards  # noqa: E402
from nutbox.games.nut_cards.options import CardsOptions  # noqa: E402
from nutbox.games.nut_cards.state import CardsState  # noqa: E402

__all__ = ["CardsOptions", "CardsState", "NutCards"]
