"""The terminal picture of a Nut view: the three columns on offer, the card in hand, the deck, each player's
layout with its scoring clusters, and what is happening now.

A card is written as its three cells, top to bottom as printed: R red, Y gold, G green, B brown (the nut
colours), W a wild nut, S a squirrel, · nothing. A layout is a grid of the cells that show, x across and
bands y down; each column's header says how its cards stand (▲ upright, ▼ upside down, so that tree sides
meet tree sides), and space no card covers is left blank. A cell counted in its colour's scoring cluster is
written in brackets, [R], and each cluster is broken down under the grid. Everything reads without colour.
The last line says who is to move; what they decide is the face's decision, which the table prints beside it.
Seats are called by the names the table gives them (rich measures each line's width, so no placeholder).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from nutbox.core.names import SeatNames
from nutbox.core.terminal import borderless_table, points_text, seat_marks, to_move_text, win_text
from nutbox.games.nut_cards.components import BLANK, COMPONENTS, SQUIRREL, WILD
from nutbox.games.nut_cards.layout import upside_down
from nutbox.games.nut_cards.view import CardsView, ClusterEntry, OfferedCard

COLOUR_NAMES = dict(zip(COMPONENTS.colour_codes, COMPONENTS.colour_names, strict=True))
# red, gold, green, brown in the component order; the wild nut and the squirrel stand out from all four
CELL_STYLE = {
    **dict(zip(COMPONENTS.colour_codes, ("bold red3", "bold gold1", "bold green3", "bold orange4"), strict=True)),
    WILD: "bold magenta",
    SQUIRREL: "bold white on grey35",
    BLANK: "grey50",
}
LABEL_WIDTH = 5  # a band number and a space before the first column of a layout
COLUMN_WIDTH = 4  # a cell is written "[R] " or " R  ", its letter under the last digit of the column number


def cell_text(what: str) -> Text:
    return Text("·" if what == BLANK else what, style=CELL_STYLE[what])


def arrow(x: int) -> str:
    return "▼" if upside_down(x) else "▲"


def card_words(cells: list[str] | tuple[str, ...]) -> str:
    return " ".join("·" if what == BLANK else what for what in cells)


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def cells_of(card: int) -> tuple[str, ...]:
    return COMPONENTS.cards[card - 1].cells


# --- the columns on offer -------------------------------------------------------------------------------
def column_heading(view: CardsView, number: int) -> Text:
    """`number` from 1; during a take the heading says whether this column may be drafted from."""
    text = Text(f"Column {number}", style="bold")
    if view["phase"] != "take":
        return text
    if view["column"] is None:
        text.append(" (any)", style="grey62")
    elif view["column"] == number:
        text.append(" ◀ this round")
    else:
        text.append(" (not this round)", style="grey50")
    return text


def column_cards(cards: list[OfferedCard]) -> Text:
    """The cards of a column side by side, each its number over its three cells."""
    if not cards:
        return Text("empty", style="grey50")
    lines = [Text(" ".join(f"#{entry['card']:<2}" for entry in cards))]
    for row in range(COMPONENTS.cells_per_card):
        line = Text()
        for index, entry in enumerate(cards):
            line.append("  " if index else " ")
            line.append_text(cell_text(entry["cells"][row]))
        lines.append(line)
    return Text("\n").join(lines)


def offer_table(view: CardsView) -> Table:
    table = Table(box=None, padding=(0, 2), title="The columns on offer", title_justify="left", title_style="bold")
    for number in range(1, len(view["columns"]) + 1):
        table.add_column(column_heading(view, number))
    table.add_row(*(column_cards(cards) for cards in view["columns"]))
    return table


def hand_text(view: CardsView, names: SeatNames) -> Text:
    card = view["holding"]
    text = Text()
    if card is not None:
        cells = cells_of(card)
        text.append(f"In hand: {names[view['current']]} holds #{card}: ", style="bold")
        text.append(f"{card_words(cells)} upright (▲, even columns), {card_words(cells[::-1])} upside down "
                    f"(▼, odd columns)\n")
    text.append(f"Deck: {plural(view['deck'], 'card')} face down, held this round by "
                f"{names[view['holder']]}")
    return text


# --- the layouts ----------------------------------------------------------------------------------------
def place(key: str) -> tuple[int, int]:
    """A view's "x,y" as numbers."""
    x, y = key.split(",")
    return int(x), int(y)


def layout_grid(view: CardsView, seat: int) -> Text:
    cells = {place(key): what for key, what in view["visible"][seat].items()}
    if not cells:
        return Text("no cards yet (the first goes in column 0 or 1, band 0)", style="grey62")
    counted = {place(key) for cluster in view["clusters"][seat] for key in cluster["cells"]}
    xs = range(min(x for x, _ in cells), max(x for x, _ in cells) + 1)
    ys = range(min(y for _, y in cells), max(y for _, y in cells) + 1)
    header = Text(" " * LABEL_WIDTH + "".join(f"{x}{arrow(x)}".rjust(COLUMN_WIDTH) for x in xs), style="bold")
    lines = [header]
    for y in ys:
        line = Text()
        line.append(f"{y:>{LABEL_WIDTH - 1}} ", style="grey62")
        for x in xs:
            what = cells.get((x, y))
            if what is None:
                line.append(" " * COLUMN_WIDTH)
            elif (x, y) in counted:
                line.append(" [")
                line.append_text(cell_text(what))
                line.stylize("underline", len(line) - 1)
                line.append("]")
            else:
                line.append("  ")
                line.append_text(cell_text(what))
                line.append(" ")
        line.rstrip()
        lines.append(line)
    return Text("\n").join(lines)


def cluster_line(cluster: ClusterEntry) -> Text:
    """"R red: 4 nuts ×2 (1 squirrel) = 8": the factor read off the view, so it follows the squirrels option."""
    colour, nuts, squirrels, points = cluster["colour"], cluster["nuts"], cluster["squirrels"], cluster["points"]
    text = cell_text(colour)
    text.append(f" {COLOUR_NAMES[colour]}: {plural(nuts, 'nut')}")
    if squirrels:
        text.append(f" ×{points // nuts} ({plural(squirrels, 'squirrel')})")
    text.append(f" = {points}")
    return text


def breakdown_text(view: CardsView, seat: int) -> Text:
    clusters = {cluster["colour"]: cluster for cluster in view["clusters"][seat]}
    lines = []
    for colour in COMPONENTS.colour_codes:
        if colour in clusters:
            lines.append(cluster_line(clusters[colour]))
        else:
            lines.append(cell_text(colour) + Text(f" {COLOUR_NAMES[colour]}: no cluster", style="grey62"))
    lines.append(Text(f"Total: {plural(view['points'][seat], 'point')}", style="bold"))
    return Text("\n").join(lines)


def layout_title(view: CardsView, seat: int, names: SeatNames) -> Text:
    title = Text(f"{names[seat]} — {plural(view['points'][seat], 'point')}", style="bold")
    if seat in view.get("winners", []):  # the core adds them once the game is over
        title.append(" ★")
    if seat == view.get("seat"):
        title.append(" (you)", style="italic")
    return title


def layout_panel(view: CardsView, seat: int, names: SeatNames) -> Panel:
    body = Group(layout_grid(view, seat), Text(), breakdown_text(view, seat))
    return Panel(body, title=layout_title(view, seat, names), title_align="left", expand=False)


# --- the players and the situation ----------------------------------------------------------------------
def players_table(view: CardsView, names: SeatNames) -> Table:
    table = borderless_table("", "", "points", "cards placed", "largest cluster")
    winners = view.get("winners", [])
    for seat in range(view["players"]):
        deck = "deck " if seat == view["holder"] and view["phase"] != "over" else ""
        marks = seat_marks(seat == view["to_move"], seat == view.get("seat"), deck)
        points = points_text(view["points"][seat], seat in winners)
        table.add_row(names[seat], marks, points, str(len(view["layouts"][seat])),
                      plural(largest_cluster(view, seat), "nut"))
    return table


def largest_cluster(view: CardsView, seat: int) -> int:
    """The tie-break: the most nuts in one cluster."""
    return max((cluster["nuts"] for cluster in view["clusters"][seat]), default=0)


def situation_text(view: CardsView, names: SeatNames) -> Text:
    """Who is to move (what they decide is the face's decision, which the table prints beside the picture), who
    deals, or the result."""
    to_move = view["to_move"]
    if isinstance(to_move, int):
        return to_move_text(names[to_move], None)
    if to_move == "chance":
        placed = sum(len(cards) for cards in view["columns"])
        return Text(f"Chance: {names[view['holder']]} deals from the deck to fill the columns "
                    f"({placed} of {len(view['columns']) * view['players']} places filled)", style="italic")
    return result_text(view, names)


def result_text(view: CardsView, names: SeatNames) -> Text:
    winners = view.get("winners", [])
    best = max(view["points"])
    text = win_text([names[seat] for seat in winners], plural(best, "point"))
    tied = [seat for seat, points in enumerate(view["points"]) if points == best]
    if len(tied) > len(winners):
        sizes = ", ".join(f"{names[seat]} {plural(largest_cluster(view, seat), 'nut')}" for seat in tied)
        text.append(f" (tied on points, the largest cluster decides: {sizes})")
    return text


def header_text(view: CardsView) -> Text:
    squirrels = "each squirrel doubles" if view["squirrels"] == "double-each" else "squirrels double once"
    return Text(f"Nut — {view['players']} players — {squirrels}", style="bold")


def render(view: CardsView, names: SeatNames) -> RenderableType:
    """The offer, the hand and deck, the layouts, the players and the situation, from a view only, each seat
    called by `names[seat]`."""
    return Group(
        header_text(view),
        offer_table(view),
        hand_text(view, names),
        *(layout_panel(view, seat, names) for seat in range(view["players"])),
        players_table(view, names),
        situation_text(view, names),
    )
