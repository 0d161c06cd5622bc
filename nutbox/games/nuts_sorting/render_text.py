"""The terminal picture of a Nuts Sorting view: the hex board in colour, every cell named, each seat's colours
and whose turn it is (what there is to decide, the table prints beside it: face.py).

Each cell shows its name and a letter for what stands there (R red, B blue, Y yellow, K black, W white,
G gray, · empty), so the board reads without colour too. Seats are called by their names as given (rich
measures the text, so no placeholder is left to fill later).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from nutbox.core import SeatNames
from nutbox.games.nuts_sorting.board import NAMES, ROWS
from nutbox.games.nuts_sorting.view import SortingView
from nutbox.games.nuts_sorting.words import reason

LETTER = {"red": "R", "blue": "B", "yellow": "Y", "black": "K", "white": "W", "gray": "G", None: "·"}
STYLE = {
    "red": "bold white on red3",
    "blue": "bold white on blue3",
    "yellow": "bold black on yellow2",
    "black": "bold white on grey7",
    "white": "bold black on grey93",
    "gray": "bold black on grey58",
    None: "grey50",
}
TASK = {"choose": "choose", "remove": "remove two nuts", "play": "move"}  # what the seat to decide does
SET_NAMES = {"rby": "red, blue, yellow", "bwg": "black, white, gray"}


def board_text(cells: dict[str, str | None]) -> Text:
    text = Text()
    for r in reversed(range(len(ROWS))):
        row = [name for name in NAMES if name[0] == ROWS[r]]
        text.append("  " * abs(r - 4) + " ")
        for name in row:
            if name not in cells:
                text.append(f"{name}? ", style="grey35")
                continue
            colour = cells[name]
            text.append(f"{name}{LETTER[colour]}", style=STYLE[colour])
            text.append(" ")
        text.append("\n")
    return text


def render(view: SortingView, names: SeatNames) -> RenderableType:
    """The board and the situation, from a view only, each seat called by `names[seat]`."""
    parts: list[RenderableType] = [board_text(view["cells"])]
    sets = view["colour_sets"]
    status = Text()
    for seat in (0, 1):
        chosen = sets[seat]
        status.append(f"{names[seat]}: ", style="bold")
        status.append(SET_NAMES[chosen] if chosen else "no colours yet")
        if chosen:
            colours = SET_NAMES[chosen].split(", ")
            counts = ", ".join(f"{c} in {view['groups'][c]} group{'s' if view['groups'][c] != 1 else ''}"
                               for c in colours)
            status.append(f"  ({counts})", style="grey62")
        if view["first"] == seat:
            status.append("  moves first", style="italic")
        status.append("\n")
    to_move = view["to_move"]
    if isinstance(to_move, int):
        status.append(f"{names[to_move]} to {TASK[view['phase']]}", style="bold")
    elif to_move == "terminal":
        winners = view["winners"]
        result = " and ".join(names[w] for w in winners) + " wins" if winners else "A draw"
        status.append(f"{result}: {reason(view, names.__getitem__)}", style="bold green")
    else:
        status.append("Dealing the board", style="italic")
    parts.append(status)
    return Group(*parts)
