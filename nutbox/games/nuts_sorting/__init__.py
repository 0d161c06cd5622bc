"""Nuts Sorting (Kanare Kato): two players sort six colours of nuts on a hexagonal board.

Rules (rulebooks/nuts-sorting.txt; open points decided in docs/rules-decisions.md):
- Setup. The 61-cell board gets 10 pieces of each of red, blue, yellow, black, white and gray at random,
  one cell left empty (chance, dealt cell by cell in reading order). Seat 0 is the player who placed them.
  Seat 1 chooses a colour set (rby: red, blue, yellow; bwg: black, white, gray) or the first move, and seat 0
  gets the other: a colour set taken leaves seat 0 the other set and the first move; the first move taken
  leaves seat 0 the choice of colour set. (The option placer_chooses_order, off by default, lets seat 0
  answer a colour set by choosing who moves first instead.) The second player then removes one piece of
  their colours and one of the opponent's, leaving 3 empty cells.
- A turn: Move one of your pieces along one of the three lines through it to an empty cell, any distance,
  jumping anything, only if its group ends larger than it was; or Pickup one of your groups, but never a
  colour's last group. No passing.
- The win: one group in each of your three colours. Every game ends: each move makes its colour's group
  sizes (sorted, largest first) strictly larger, and pickups only remove pieces, so no position recurs.
  The option repetition_draw (off by default) would draw a third repetition; it is a safeguard only.

Notation (cells as drawn in board.py: rows a-i from the bottom, numbers along the up-left diagonals):

    deal e5 red      chance: the next cell in reading order gets a red piece ("deal e5 empty": the blank)
    choose rby       take red/blue/yellow (also: bwg); "choose first": take the first move ("choose second",
                     only with placer_chooses_order: seat 0 lets seat 1 move first)
    remove c3        setup: the second player removes the piece on c3
    c3-e5            move the piece on c3 to e5 (also read: "c3 - e5")
    x c3             pick up the group whose first cell (in reading order a1, a2, ..., i9) is c3 (also read:
                     "xc3", "pickup c3")

Each action class declares these forms once (actions.py, core/notation.py): its text, its reading and the
messages for text that is not quite right all follow from them.

Modules: the rules are options.py, components.py (the nuts and colour sets), state.py (the state, dispatching on
its phase), setup.py (deal, choice, removals), turn.py (a move or pickup), scoring.py (the end), view.py and
determinize.py; the face is face.py with words.py, guide.py and the render_*.py pictures. Two modules are this
game's own: board.py, the board's geometry as bitboards (its components.py is only the box's nuts), and
colour_index.py, each colour's groups indexed for the incremental move listing.

Board:

            i5  i6  i7  i8  i9
          h4  h5  h6  h7  h8  h9
        g3  g4  g5  g6  g7  g8  g9
      f2  f3  f4  f5  f6  f7  f8  f9
    e1  e2  e3  e4  e5  e6  e7  e8  e9
      d1  d2  d3  d4  d5  d6  d7  d8
        c1  c2  c3  c4  c5  c6  c7
          b1  b2  b3  b4  b5  b6
            a1  a2  a3  a4  a5
"""

from nutbox.compiled import use_compiled

# Move generation and play on bitboards: compiled where ./run test built them (nutbox/compiled.py), found
# before their sources, so the imports below must come after.
COMPILED = ("board", "colour_index", "turn")
__path__ = use_compiled(__name__, __path__, COMPILED)

from nutbox.games.nuts_sorting.game import NutsSorting  # noqa: E402
from nutbox.games.nuts_sorting.options import SortingOptions  # noqa: E402
from nutbox.games.nuts_sorting.state import SortingState  # noqa: E402

__all__ = ["NutsSorting", "SortingOptions", "SortingState"]
