"""The phone picture of a Nut Hunt view (the face's `phone`): the desktop picture's content, drawn
for a screen 358 CSS px wide held upright. Its width is that of the screen, so one unit is one CSS px.

From the top: the forest, full width, each tile a hex about 70 px wide that is its own click target (the
same class="target", data-action(s), data-tile and data-state as on the desktop); its name on up to two lines,
its pieces drawn one by one (a squirrel a dot, a nest a house, in the owner's colour), the fox as an orange
ring with the word "fox". Then a line pair per owner: colour, name, score, and the pieces on the board. Then
the tiles in alphabetical order with what they forage and what recruiting there costs, which the desktop
writes in each hex but a phone's hex has no room for. Every text is at least 10 px; the tooltips are the
desktop's. The drawing depends on the view and `legal` only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from nutbox.core.svg import (
    TARGET_STYLE,
    Kept,
    circle,
    document,
    drawn,
    left_text,
    num,
    rect,
    targets,
    text,
)
from nutbox.games.nut_hunt.components import COORDS, RADIUS, Tile
from nutbox.games.nut_hunt.render_svg import (
    FILL,
    FOX,
    GREEN_BORDER,
    TILE_OF_CODE,
    empty_cell_svg,
    kept_tile,
    kind,
    occupants,
    tile_ground,
    tile_of,
    winner_mark,
)
from nutbox.games.nut_hunt.view import HuntView
from nutbox.games.nut_hunt.words import OWNER_FILL, cost_words, forage_words, owner_name, owner_pieces, owner_score

WIDTH = 358  # CSS px: the page draws the picture this wide on a phone
MARGIN = 4
HALF_WIDTH = (WIDTH - 2 * MARGIN) / (2 * (2 * RADIUS + 1))  # 35: five hexes across the middle row
SIZE = 2 * HALF_WIDTH / math.sqrt(3)  # a hex's circumradius, about 40.4
BOARD_HEIGHT = 2 * (RADIUS * 1.5 * SIZE + SIZE + MARGIN)
NAME_SIZE, SMALL, BODY, HEAD = 10, 11, 12, 13  # font sizes: none below 10 px
NAME_LETTERS = 9  # the letters of a name line that fit a hex at NAME_SIZE
ROWS = ((8.0, 60.0), (19.5, 42.0))  # the rows of pieces in a hex: (height below its centre, width there)
PIECE_WIDTH = {"squirrel": 11.0, "nest": 14.0, "fox": 27.0}
OWNER_ROW, TILE_ROW, HEADING = 38, 32, 30
PAPER = "#fffdf7"
LETTER = 0.6  # a wide sans-serif letter, in font sizes: to cut a line that would run off


# --- the forest ---------------------------------------------------------------------------------------------
def centre(cell: int) -> tuple[float, float]:
    q, r = COORDS[cell]
    return WIDTH / 2 + 2 * HALF_WIDTH * (q + r / 2), BOARD_HEIGHT / 2 + 1.5 * SIZE * r


def name_lines(name: str) -> list[str]:
    """A tile's name on at most two lines of NAME_LETTERS letters, split between words ("Heart of" / "the
    Wood"); a word too long for its line is cut short with "…"."""
    words = name.split()
    best: list[str] | None = None
    for split in range(1, len(words) + 1):
        lines = [" ".join(words[:split]), " ".join(words[split:])]
        lines = [line for line in lines if line]
        fits = all(len(line) <= NAME_LETTERS for line in lines)
        if fits and (best is None or max(map(len, lines)) < max(map(len, best))):
            best = lines
    if best is not None:
        return best
    first, rest = words[0], " ".join(words[1:])
    return [cut(first, NAME_LETTERS), *([cut(rest, NAME_LETTERS)] if rest else [])]


def cut(line: str, letters: int) -> str:
    return line if len(line) <= letters else line[: letters - 1].rstrip() + "…"


def pieces(view: HuntView, code: str) -> list[tuple[int, str, int]]:
    """(owner, "squirrel" or "nest", how many in the drawn piece): a dot per squirrel, a house per owner's nests."""
    shown = []
    for owner, what, count in occupants(view, code):
        if what == "squirrel":
            shown += [(owner, what, 1)] * count
        else:
            shown.append((owner, what, count))
    return shown


def piece_svg(view: HuntView, x: float, y: float, owner: int, what: str, count: int) -> str:
    fill, ink = OWNER_FILL[view["owners"][owner]["colour"]]
    if what == "squirrel":
        return circle(x, y, 5.5, f'fill="{fill}" stroke="#000" stroke-width="1"')
    house = [(x - 6.5, y + 6.5), (x - 6.5, y - 1.5), (x, y - 7.5), (x + 6.5, y - 1.5), (x + 6.5, y + 6.5)]
    points = " ".join(f"{num(px)},{num(py)}" for px, py in house)
    shape = f'<polygon points="{points}" fill="{fill}" stroke="#000" stroke-width="1"/>'
    return shape + (text(x, y + 5, str(count), NAME_SIZE, f' font-weight="bold" fill="{ink}"') if count > 1 else "")


def fox_svg(x: float, y: float) -> str:
    return ('<g class="fox">' + rect(x - 13, y - 6.5, 26, 13, f'rx="6.5" fill="{FOX}" stroke="#000"')
            + text(x, y + 3.5, "fox", NAME_SIZE, ' font-weight="bold" fill="#fff"') + "</g>")


def pieces_svg(view: HuntView, x: float, y: float, code: str) -> list[str]:
    """The fox and the pieces, in two rows under the name: the wide middle band of the hex, then a narrower
    row; a crowd on one tile (rare) is squeezed into the second row."""
    shown: list[tuple[int, str, int]] = [(-1, "fox", 0)] if view["fox"] == code else []
    shown += pieces(view, code)
    rows: list[list[tuple[int, str, int]]] = [[], []]
    used = 0.0
    for piece in shown:
        used += PIECE_WIDTH[piece[1]]
        rows[0 if used <= ROWS[0][1] and not rows[1] else 1].append(piece)
    parts = []
    for row, (below, room) in zip(rows, ROWS, strict=True):
        widths = [PIECE_WIDTH[what] for _, what, _ in row]
        squeeze = min(1.0, room / sum(widths)) if row else 1.0
        left = x - squeeze * sum(widths) / 2
        for (owner, what, count), width in zip(row, widths, strict=True):
            middle = left + squeeze * width / 2
            parts.append(fox_svg(middle, y + below) if what == "fox" else
                         piece_svg(view, middle, y + below, owner, what, count))
            left += squeeze * width
    return parts


TILES = Kept()  # each tile once drawn, by its tile_key (as on the desktop)


def tile_svg(view: HuntView, cell: int, on_tile: dict[str, list[str]]) -> str:
    return kept_tile(TILES, tile_picture, view, cell, on_tile) or empty_cell_svg(*centre(cell), SIZE)


def tile_picture(view: HuntView, tile: Tile, cell: int, actions: list[str]) -> str:
    """A tile of the forest with its pieces, clickable for `actions`."""
    x, y = centre(cell)
    code = tile.code
    # the painted hex (its stroke included) stays inside its cell, so no two tiles' hit areas overlap
    border, inset = (4, 3.5) if tile.green else (2, 2.5)
    parts = tile_ground(view, tile, actions, x, y, SIZE - inset, border, SIZE - 6.5)
    lines = name_lines(tile.name)
    for i, line in enumerate(lines):
        parts.append(text(x, y - (6 if len(lines) == 1 else 14 - 11 * i), line, NAME_SIZE, ' font-weight="bold"'))
    parts += pieces_svg(view, x, y, code)
    parts.append("</g>")
    return "".join(parts)


# --- the owners and the tiles, under the forest ------------------------------------------------------------
def owners_svg(view: HuntView, top: float) -> tuple[list[str], float]:
    """A line pair per owner: colour, name and score, then the rest of the score and the pieces on the board."""
    parts = ['<g class="legend">']
    for owner, info in enumerate(view["owners"]):
        y = top + OWNER_ROW * owner
        fill, _ = OWNER_FILL[info["colour"]]
        parts.append(circle(MARGIN + 10, y + 13, 8, f'fill="{fill}" stroke="#000"'))
        score = owner_score(view, owner)
        points, _, rest = score.partition(" + ")
        parts.append(left_text(MARGIN + 24, y + 18, owner_name(view, owner), HEAD, ' font-weight="bold"'))
        parts.append(left_text(WIDTH - MARGIN, y + 18, points + winner_mark(view, owner), HEAD,
                               ' font-weight="bold" text-anchor="end"'))
        detail = (f"+ {rest} · " if rest else "") + f"{owner_pieces(view, owner)} on the board"
        parts.append(left_text(MARGIN + 24, y + 33, detail, SMALL, ' fill="#444"'))
    parts.append("</g>")
    return parts, top + OWNER_ROW * len(view["owners"])


def tile_row(tile: Tile, fox: bool, y: float) -> list[str]:
    """A tile's name (marked where the fox is), what it forages, and what recruiting there costs."""
    name = tile.name + (" (fox)" if fox else "")
    parts = [left_text(MARGIN + 4, y + 13, name, BODY, ' font-weight="bold"')]
    forage = f"forage: {forage_words(tile)}"
    parts.append(left_text(WIDTH - MARGIN, y + 13, cut(forage, int((WIDTH - 160) / (LETTER * SMALL))), SMALL,
                           ' text-anchor="end"'))
    cost = f"recruit: {cost_words(tile)}" if tile.cost else "no recruiting"
    parts.append(left_text(MARGIN + 4, y + 27, cost, SMALL, ' fill="#444"'))
    if tile.green:
        parts.append(left_text(WIDTH - MARGIN, y + 27, "starting tile", SMALL,
                               f' fill="{GREEN_BORDER}" text-anchor="end"'))
    return parts


@drawn  # the list changes only as the forest is dealt and the fox moves
def tiles_svg(layout: tuple[str, ...], fox: str | None, top: float) -> tuple[tuple[str, ...], float]:
    """The dealt tiles by name (the whole forest is public), the fox's marked."""
    dealt = sorted((TILE_OF_CODE[code] for code in layout), key=lambda tile: tile.name)
    if not dealt:
        return (), top
    parts = ['<g class="tiles">', left_text(MARGIN + 4, top + 20, "The tiles", HEAD, ' font-weight="bold"')]
    y = top + HEADING
    for i, tile in enumerate(dealt):
        if i % 2 == 0 or kind(tile):  # every other row shaded; the Frog Pond and Pine Barrens in their colours
            parts.append(rect(MARGIN, y, WIDTH - 2 * MARGIN, TILE_ROW, f'fill="{FILL[kind(tile)]}"'))
        parts += tile_row(tile, tile.code == fox, y)
        y += TILE_ROW
    parts.append("</g>")
    return tuple(parts), y


def render(view: HuntView, legal: Sequence[str]) -> str:
    """The forest for a phone as an SVG document 358 units wide; the tiles that `legal` actions target are
    marked and clickable as on the desktop."""
    on_tile = targets(legal, tile_of)
    body = [tile_svg(view, cell, on_tile) for cell in range(len(COORDS))]
    owners, bottom = owners_svg(view, BOARD_HEIGHT)
    tiles, bottom = tiles_svg(tuple(view["layout"]), view["fox"], bottom + 6)
    height = bottom + MARGIN
    background = rect(0, 0, WIDTH, height, f'fill="{PAPER}"')  # dark text stays legible on a dark page
    return document(WIDTH, height, "Nut Hunt", TARGET_STYLE, [background, *body, *owners, *tiles])

