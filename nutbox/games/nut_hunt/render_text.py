"""The terminal picture of a Nut Hunt view: the forest of hex tiles, a legend of the tiles, the players and
their nuts, the objectives the viewer may see, and what is happening now.

Every tile shows its code (with "start", "pond" or "barrens" where it applies, and F for the fox), and
every owner with something on it a token: the owner's number (A for the Automa) followed by a ● per
squirrel and a ▲ per nest, so the board reads without colour too. Objectives are written "#12". Each seat is
called by the name the table gives it (`names`), the Automa by its own; what is to be decided is the face's
`decision`, which the table prints beside the picture.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from nutbox.core import SeatNames
from nutbox.core.terminal import borderless_table, seat_marks
from nutbox.games.nut_hunt.components import AUTOMA_OWNER, COMPONENTS, COORDS, RADIUS, Tile
from nutbox.games.nut_hunt.view import HuntView

CELL_WIDTH = 18  # even, so a row of cells sits half a cell off the next one as on the hexagon
OWNER_STYLE = {
    "yellow": "bold black on yellow",
    "blue": "bold white on blue",
    "white": "bold black on grey93",
    "green": "bold white on green4",
    "red": "bold white on red3",
    "black": "bold white on grey15",
}
FOX_STYLE = "bold white on dark_orange3"
CHANCE_PHASES = {
    "layout": "laying out the forest",
    "deal": "dealing objectives",
    "roll": "rolling the fox die",
    "scout-draw": "drawing objectives for a scout",
    "automa-deal": "dealing the Automa's objectives",
    "automa-draw": "the Automa reveals an objective",
}
TILE_OF_CODE = {tile.code: tile for tile in COMPONENTS.tiles}


def nut_letters(nuts: tuple[int, ...]) -> str:
    return "".join(COMPONENTS.nut_codes[nut] for nut in nuts)


def objective_text(card: int) -> str:
    objective = COMPONENTS.objectives[card - 1]
    a, b = (COMPONENTS.tiles[end].name for end in objective.ends)
    return f"#{card} {a} – {b} ({objective.points} pts)"


def ends_codes(card: int) -> str:
    a, b = (COMPONENTS.tiles[end].code for end in COMPONENTS.objectives[card - 1].ends)
    return f"{a}–{b}"


def owner_label(view: HuntView, owner: int) -> str:
    return "A" if view["solo"] and owner == 1 else str(owner + 1)


def owner_name(view: HuntView, owner: int, names: SeatNames) -> str:
    """An owner as the picture calls it: the seat's name, or "the Automa"."""
    return "the Automa" if view["solo"] and owner == AUTOMA_OWNER else names[owner]


def owner_text(view: HuntView, owner: int, names: SeatNames) -> Text:
    return Text(f" {owner_name(view, owner, names)} ", style=OWNER_STYLE[view["owners"][owner]["colour"]])


def tile_tag(tile: Tile) -> tuple[str, str]:
    if tile.frog_pond:
        return "pond", "bold blue"
    if tile.pine_barrens:
        return "barrens", "bold dark_green"
    if tile.green:
        return "start", "green"
    return "", ""


def cell_lines(view: HuntView, cell: int) -> list[Text]:
    """A cell's lines, each at most CELL_WIDTH - 2 wide: the tile and fox, then the owners' tokens (at least one
    line of them, even empty, so that every row of the forest is as tall)."""
    layout = view["layout"]
    if cell >= len(layout):
        return [Text("?", style="grey35"), Text()]
    code = layout[cell]
    head = Text(code, style="bold")
    tag, style = tile_tag(TILE_OF_CODE[code])
    if tag:
        head.append(f" {tag}", style=style)
    if view["fox"] == code:
        head.append(" ")
        head.append("F", style=FOX_STYLE)
    lines = [head]
    counts = view["board"][code]
    line = Text()
    for owner, info in enumerate(view["owners"]):
        squirrels, nests = counts["squirrels"][owner], counts["nests"][owner]
        if not squirrels and not nests:
            continue
        token = owner_label(view, owner) + "●" * squirrels + "▲" * nests
        if line and len(line) + 1 + len(token) > CELL_WIDTH - 2:
            lines.append(line)
            line = Text()
        if line:
            line.append(" ")
        line.append(token, style=OWNER_STYLE[info["colour"]])
    lines.append(line)
    return lines


def board_text(view: HuntView) -> Text:
    text = Text()
    for r in range(-RADIUS, RADIUS + 1):
        row = [cell for cell, (_, cell_r) in enumerate(COORDS) if cell_r == r]
        cells = [cell_lines(view, cell) for cell in row]
        indent = " " * ((2 * RADIUS + 1 - len(row)) * CELL_WIDTH // 2)
        for i in range(max(len(lines) for lines in cells)):
            text.append(indent)
            for lines in cells:
                piece = lines[i] if i < len(lines) else Text()
                text.append_text(piece)
                text.append(" " * (CELL_WIDTH - len(piece)))
            text.rstrip()
            text.append("\n")
        text.append("\n")
    text.append("F the fox   ● a squirrel   ▲ a nest   start: a green starting tile", style="grey62")
    return text


def tile_legend() -> Table:
    """The tiles, two to a row: code, name, what foraging there gives, what recruiting there costs."""
    nuts = ", ".join(f"{code} {name}" for code, name in zip(COMPONENTS.nut_codes, COMPONENTS.nut_names, strict=True))
    table = Table(box=None, padding=(0, 1), header_style="bold", caption=f"Nuts: {nuts}", caption_justify="left")
    for _ in range(2):
        for name in ("", "tile", "forage", "cost", ""):
            table.add_column(name)
    tiles = COMPONENTS.tiles
    half = (len(tiles) + 1) // 2
    for left, right in zip(tiles[:half], (*tiles[half:], None), strict=True):
        cells: list[Text | str] = []
        for tile in (left, right):
            if tile is None:
                cells += ["", "", "", "", ""]
                continue
            tag, style = tile_tag(tile)
            cost = nut_letters(tile.cost) or "none"
            cells += [Text(tile.code, style="bold"), tile.name, nut_letters(tile.forage), cost, Text(tag, style=style)]
        table.add_row(*cells)
    return table


def players_table(view: HuntView, names: SeatNames) -> Table:
    table = borderless_table("", "", "nuts", "objectives", "nests", "squirrels")
    to_move = view["to_move"]
    for owner in range(len(view["owners"])):
        squirrels = sum(counts["squirrels"][owner] for counts in view["board"].values())
        if owner < view["players"]:
            have = view["nuts"][owner]
            nuts = " ".join(f"{code}{have[code]}" for code in COMPONENTS.nut_codes)
            cards = str(view["hand_sizes"][owner])
        else:
            nuts, cards = "—", str(len(view["automa_hand"]))
        marks = seat_marks(owner == to_move, owner == view.get("seat"))
        table.add_row(owner_text(view, owner, names), marks, nuts, cards, str(view["nest_counts"][owner]),
                      str(squirrels))
    return table


def card_lines(title: str, cards: list[int]) -> Text:
    text = Text(f"{title}:", style="bold")
    if not cards:
        text.append(" none yet")
    for card in cards:
        text.append(f"\n  {objective_text(card)}")
    return text


def objectives_text(view: HuntView, names: SeatNames) -> Text:
    """The cards this view shows: the viewer's hand and scouted cards, the Automa's, and the deck."""
    parts: list[Text] = []
    if "hand" in view:
        parts.append(card_lines("Your objectives", view["hand"]))
    if view.get("looking"):
        parts.append(card_lines("You are scouting (keep one or none)", view["looking"]))
    elif view["looking_count"]:
        name = owner_name(view, view["current"], names)
        parts.append(Text(f"{name} is scouting {view['looking_count']} objectives"))
    if view["solo"]:
        parts.append(card_lines(f"The Automa's objectives ({view['automa_level']})", view["automa_hand"]))
        if view["revealed"]:
            revealed = ", ".join(f"#{card} {ends_codes(card)}" for card in view["revealed"])
            parts.append(Text(f"The Automa's turn cards, face up: {revealed}"))
        if view["pending"]:
            tiles = ", ".join(TILE_OF_CODE[code].name for code in view["pending"])
            parts.append(Text(f"The Automa still places a squirrel on: {tiles}"))
    deck = view["deck"]
    line = Text(f"Objective deck: {deck['unseen']} unseen, {len(deck['bottom'])} underneath")
    mine = [entry["card"] for entry in deck["bottom"] if entry["card"] is not None]
    if mine and view["phase"] != "over":
        line.append(" (yours there: " + ", ".join(f"#{card}" for card in mine) + ")")
    parts.append(line)
    return Text("\n").join(parts)


def scatter_text(view: HuntView, names: SeatNames) -> Text:
    """The scatters still owed, newest first: a nest built while scattering is resolved before the rest (FAQ)."""
    text = Text("Scattering", style="bold")
    for depth, frame in enumerate(reversed(view["frames"])):
        tile = TILE_OF_CODE[frame["tile"]].name
        cause = f"the fox came from {TILE_OF_CODE[frame['vacated']].name}" if frame["vacated"] else "a new nest"
        owed = ", ".join(
            f"{owner_name(view, owner, names)} ×{count}" for owner, count in enumerate(frame["owed"]) if count
        )
        text.append(f"\n  {'now' if depth == 0 else 'then'}: from {tile} ({cause}); squirrels to leave: {owed}")
    if view["scatterer"] is not None:
        text.append(f"\n  {owner_name(view, view['scatterer'], names)} scatters next")
    return text


def situation_text(view: HuntView, names: SeatNames) -> Text:
    """Whose turn it is (the table prints what they decide), what chance does, or who won."""
    to_move = view["to_move"]
    if isinstance(to_move, int):
        text = owner_text(view, to_move, names)
        text.append(" to move", style="bold")
        return text
    if to_move == "chance":
        if view["frames"]:
            return Text("Chance: the Automa's die scatters a squirrel", style="italic")
        what = CHANCE_PHASES[view["phase"]]
        if view["phase"] == "layout":
            what += f" ({len(view['layout'])} of {len(COORDS)} tiles)"
        return Text(f"Chance: {what}", style="italic")
    winners = [owner_name(view, owner, names) for owner in view["result"]]
    verb = "wins" if len(winners) == 1 else "share the victory"
    return Text(f"{' and '.join(winners)} {verb}", style="bold green")


def breakdown_table(view: HuntView, names: SeatNames) -> Table:
    """Every owner's objectives (now all face up) with their points, nests and the tie-breaking squirrels."""
    table = borderless_table("", "objectives", "nests", "squirrels", "total")
    for owner, parts in enumerate(view["breakdown"]):
        cards = Text()
        for result in parts["objectives"]:
            mark = "✓" if result["complete"] else "✗"
            cards.append(f"{mark} {objective_text(result['card'])}: {result['points']:+d}\n",
                         style="green" if result["complete"] else "red")
        cards.rstrip()
        nests = f"{parts['nests']} ({parts['nest_points']:+d})"
        winner = " ★" if owner in view["result"] else ""
        table.add_row(owner_text(view, owner, names), cards or "none", nests, str(parts["squirrels"]),
                      Text(f"{parts['total']}{winner}", style="bold"))
    return table


def header_text(view: HuntView) -> Text:
    who = f"solo against the {view['automa_level']} Automa" if view["solo"] else f"{view['players']} players"
    text = Text(f"Nut Hunt — {who} — turn {view['turn']}", style="bold")
    if view["competitive"]:
        text.append(" — Competitive Rule Variant")
    return text


def render(view: HuntView, names: SeatNames | None = None) -> RenderableType:
    """The forest, the legend, the players and their cards, and the situation, from a view only, each seat
    called by `names` ("Player 1" where none is given)."""
    names = names if names is not None else SeatNames()
    parts: list[RenderableType] = [
        header_text(view),
        Panel(board_text(view), title="The forest", expand=False),
        tile_legend(),
        players_table(view, names),
        objectives_text(view, names),
    ]
    if view["frames"]:
        parts.append(scatter_text(view, names))
    if view["ending"] and view["phase"] != "over":
        parts.append(Text("A 4th nest is built: the game ends once the squirrels have scattered", style="bold"))
    if view["phase"] == "over":
        parts.append(breakdown_table(view, names))
    parts.append(situation_text(view, names))
    return Group(*parts)
