"""Explicit Nuts Sorting positions for the tests: a board drawn as text or given cell by cell.

A picture has the shape of the board diagram below, one token per cell, row i on top and row a at the
bottom: r red, b blue, y yellow, k black, w white, g gray, . empty. Only the token count of each line
matters, so the indentation is free.
"""

from __future__ import annotations

from typing import Any

from nutbox.games.nuts_sorting import NutsSorting, SortingOptions, SortingState
from nutbox.games.nuts_sorting.board import BITS, CELL_OF_NAME
from nutbox.games.nuts_sorting.components import COLOURS, SETS

# The cell naming diagram of board.py and docs/games/nuts-sorting.md, copied literally: the tests read
# their geometry from it, independently of board.py.
DIAGRAM = """\
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

DIAGRAM_ROWS: list[list[str]] = [line.split() for line in DIAGRAM.splitlines()]  # top (i) to bottom (a)
READING_ORDER: list[str] = [name for row in reversed(DIAGRAM_ROWS) for name in row]  # a1, a2, ..., i9

LETTERS = {"r": "red", "b": "blue", "y": "yellow", "k": "black", "w": "white", "g": "gray"}
LETTER_OF = {colour: letter for letter, colour in LETTERS.items()}


def cells_from_picture(picture: str) -> dict[str, str]:
    """{cell name: colour} for the pieces a picture shows (empty cells are left out)."""
    lines = [line.split() for line in picture.splitlines() if line.strip()]
    if len(lines) != len(DIAGRAM_ROWS):
        raise ValueError(f"a picture has {len(DIAGRAM_ROWS)} lines, not {len(lines)}")
    cells: dict[str, str] = {}
    for tokens, names in zip(lines, DIAGRAM_ROWS, strict=True):
        if len(tokens) != len(names):
            raise ValueError(f"the row of {names[0]} has {len(names)} cells, not {len(tokens)}: {tokens}")
        for token, name in zip(tokens, names, strict=True):
            if token != ".":
                cells[name] = LETTERS[token]
    return cells


def picture_of(cells: dict[str, str | None]) -> str:
    """The picture of a {cell name: colour or None} board, the inverse of cells_from_picture."""
    lines = []
    for names in DIAGRAM_ROWS:
        tokens = [LETTER_OF.get(cells.get(name) or "", ".") for name in names]
        lines.append(" " * (9 - len(names)) + " ".join(tokens))
    return "\n".join(lines)


def make_game(**options: Any) -> NutsSorting:
    return NutsSorting(SortingOptions(**options))


def position(
    cells: dict[str, str] | str,
    *,
    rby: int = 0,
    first: int = 0,
    to_move: int | None = None,
    game: NutsSorting | None = None,
) -> SortingState:
    """A state in the play phase: `cells` ({name: colour} or a picture), seat `rby` holding red, blue and
    yellow (the other seat black, white and gray), `first` the first player, `to_move` the seat to move
    (default: the first player). No position has been seen yet (the repetition count starts empty).
    """
    if isinstance(cells, str):
        cells = cells_from_picture(cells)
    state = SortingState(game if game is not None else make_game())
    board = [0] * len(COLOURS)
    for name, colour in cells.items():
        board[COLOURS.index(colour)] |= BITS[CELL_OF_NAME[name]]
    state.board = board
    state.sets = [None, None]
    state.sets[rby] = SETS.index("rby")
    state.sets[1 - rby] = SETS.index("bwg")
    state.first = first
    state.phase = "play"
    state.current = first if to_move is None else to_move
    state.dealt = len(READING_ORDER)
    state.pool = [0] * (len(COLOURS) + 1)
    return state


def deal_texts(picture: str) -> list[str]:
    """The 61 deal actions, in reading order, that put a full picture (60 pieces, 1 blank) on the board."""
    cells = cells_from_picture(picture)
    return [f"deal {name} {cells.get(name, 'empty')}" for name in READING_ORDER]
