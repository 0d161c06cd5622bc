"""The browser picture of a Nut Hunt view: a standalone SVG of the forest, with the tiles the viewer may
act on made clickable.

Each tile is a `<g>` with its name, the nuts it forages and its recruit cost in words, a green border if it
is a starting tile, a coloured marker per owner for squirrels (circle) and nests (house), and the fox. A line
per owner under the forest gives its colour, its score and its pieces on the board. A tile that one
of the `legal` actions targets (place, scatter, recruit, hassle) is highlighted and carries
class="target" and data-action (the first such action's text); data-actions lists them all, separated by
"|" because action texts hold spaces. The table turns a click on data-action into that action. Each tile's
data-state says what is on it (the fox, squirrels, nests), so the table can mark the tiles that changed.
The drawing depends on the view and `legal` only, so the same input always gives the same text. Seats are
named by `seat_name` placeholders, which the face fills with the table's names (escaped). A tile is kept once drawn
(core.svg.Kept), keyed by what it shows (`tile_key`), so a move redraws only the tiles it changed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache

from nutbox.core.svg import (
    HIGHLIGHT,
    TARGET_STYLE,
    Kept,
    attributes,
    circle,
    click_lines,
    document,
    left_text,
    num,
    targets,
    text,
    titled,
)
from nutbox.games.nut_hunt.actions import NOTATION, Hassle, Place, Recruit, Scatter
from nutbox.games.nut_hunt.components import COMPONENTS, COORDS, RADIUS, Tile
from nutbox.games.nut_hunt.view import HuntView
from nutbox.games.nut_hunt.words import OWNER_FILL, cost_words, forage_words, owner_name, owner_pieces, owner_score

SIZE = 64  # a hex's circumradius
HALF_WIDTH = SIZE * math.sqrt(3) / 2
MARGIN = 12
LEGEND_LINE = 20  # a legend line per owner
WIDTH = 2 * (RADIUS * 2 * HALF_WIDTH + HALF_WIDTH + MARGIN)
BOARD_HEIGHT = 2 * (RADIUS * 1.5 * SIZE + SIZE + MARGIN)
CHAR_WIDTH = 0.5  # a sans-serif letter's average width, in font sizes: to fit a text in a width
TILE_ACTIONS = (Place, Scatter, Recruit, Hassle)
TILE_OF_CODE = {tile.code: tile for tile in COMPONENTS.tiles}
FILL = {"pond": "#bfe0f5", "barrens": "#d9e4c4", "": "#f4ecd8"}
BORDER, GREEN_BORDER, FOX = "#7a6248", "#2f9e44", "#d9480f"


def centre(cell: int) -> tuple[float, float]:
    q, r = COORDS[cell]
    return WIDTH / 2 + 2 * HALF_WIDTH * (q + r / 2), BOARD_HEIGHT / 2 + 1.5 * SIZE * r


@cache  # the forest never moves: each hex's corners are worked out once
def hexagon(x: float, y: float, radius: float) -> str:
    corners = ((x + radius * math.cos(math.radians(60 * i - 30)), y + radius * math.sin(math.radians(60 * i - 30)))
               for i in range(6))
    return " ".join(f"{num(cx)},{num(cy)}" for cx, cy in corners)


def kind(tile: Tile) -> str:
    if tile.frog_pond:
        return "pond"
    if tile.pine_barrens:
        return "barrens"
    return ""


def fitted(content: str, width: float, size: float) -> float:
    """The font size at most `size` at which `content` fits in `width` (roughly: by an average letter)."""
    return min(size, width / (CHAR_WIDTH * max(len(content), 1)))


def tile_of(action_text: str) -> str | None:
    """The code of the tile an action acts on; None for an action with no tile."""
    action = NOTATION.parse(action_text)
    return COMPONENTS.tiles[action.tile].code if isinstance(action, TILE_ACTIONS) else None


def occupants(view: HuntView, code: str) -> list[tuple[int, str, int]]:
    """(owner, "squirrel" or "nest", count) for everything on the tile, owner by owner."""
    counts = view["board"][code]
    found = []
    for owner in range(len(view["owners"])):
        for what, per_owner in (("squirrel", counts["squirrels"]), ("nest", counts["nests"])):
            count = per_owner[owner]
            if count:
                found.append((owner, what, count))
    return found


def marker(view: HuntView, x: float, y: float, owner: int, what: str, count: int) -> str:
    fill, ink = OWNER_FILL[view["owners"][owner]["colour"]]
    if what == "squirrel":
        shape = circle(x, y, 7, f'fill="{fill}" stroke="#000" stroke-width="1"')
    else:
        house = [(x - 7, y + 6), (x - 7, y - 2), (x, y - 8), (x + 7, y - 2), (x + 7, y + 6)]
        points = " ".join(f"{num(px)},{num(py)}" for px, py in house)
        shape = f'<polygon points="{points}" fill="{fill}" stroke="#000" stroke-width="1"/>'
    return shape + text(x, y + 3, str(count), 8.5, f' font-weight="bold" fill="{ink}"')


def markers(view: HuntView, x: float, y: float, code: str) -> list[str]:
    """The owners' markers in rows of up to five across the wide middle band of the hex."""
    found = occupants(view, code)
    parts = []
    for row in range(0, len(found), 5):
        chunk = found[row : row + 5]
        left = x - 8.5 * (len(chunk) - 1)
        for i, (owner, what, count) in enumerate(chunk):
            parts.append(marker(view, left + 17 * i, y + 5 + 15 * (row // 5), owner, what, count))
    return parts


def hover(view: HuntView, tile: Tile, actions: list[str]) -> list[str]:
    lines = [tile.name + (", a starting tile" if tile.green else "")]
    lines.append(f"forage: {forage_words(tile)}")
    lines.append(f"recruit cost: {cost_words(tile)}" if tile.cost else "no recruiting here")
    if view["fox"] == tile.code:
        lines.append("the fox is here")
    for owner, what, count in occupants(view, tile.code):
        lines.append(f"{owner_name(view, owner)}: {count} {what}{'s' if count > 1 else ''}")
    return lines + click_lines(actions)


def tile_state(view: HuntView, code: str) -> str:
    """What a tile shows now, for the table to mark what moved: "fox; yellow 2 squirrels; blue 1 nest"."""
    shown = ["fox"] if view["fox"] == code else []
    for owner, what, count in occupants(view, code):
        shown.append(f"{view['owners'][owner]['colour']} {count} {what}{'s' if count > 1 else ''}")
    return "; ".join(shown) or "empty"


def tile_at(view: HuntView, cell: int) -> Tile | None:
    """The tile dealt to a cell of the forest; None while it is empty (the layout lists the tiles dealt so
    far, cell by cell)."""
    return TILE_OF_CODE[view["layout"][cell]] if cell < len(view["layout"]) else None


def empty_cell_svg(x: float, y: float, size: float) -> str:
    """A cell of the forest no tile has been dealt to yet, in a hex of circumradius `size`."""
    return (f'<g class="empty"><polygon points="{hexagon(x, y, size - 2)}" fill="#eee" stroke="#aaa" '
            f'stroke-dasharray="4 3"/>' + text(x, y + 6, "?", 18, ' fill="#999"') + "</g>")


def tile_ground(view: HuntView, tile: Tile, actions: list[str], x: float, y: float, painted: float, border: float,
                inner: float) -> list[str]:
    """A tile's group opened, its tooltip and its painted hex (circumradius `painted`, its border `border` wide,
    green on a starting tile); inside it, at circumradius `inner`, the highlight when clickable and the fox's
    ring where squirrels are scattering from now. The caller draws the rest and closes the group."""
    code = tile.code
    parts = [
        f"<g{attributes('tile', code, actions, 'tile', state=tile_state(view, code))}>",
        titled(hover(view, tile, actions)),
        f'<polygon points="{hexagon(x, y, painted)}" fill="{FILL[kind(tile)]}" '
        f'stroke="{GREEN_BORDER if tile.green else BORDER}" stroke-width="{border}"/>',
    ]
    if actions:
        parts.append(f'<polygon class="highlight" points="{hexagon(x, y, inner)}" fill="{HIGHLIGHT}" '
                     f'fill-opacity="0.15" stroke="{HIGHLIGHT}" stroke-width="3"/>')
    if view["frames"] and view["frames"][-1]["tile"] == code:
        parts.append(f'<polygon points="{hexagon(x, y, inner)}" fill="none" stroke="{FOX}" stroke-width="2" '
                     f'stroke-dasharray="5 3"/>')
    return parts


TileKey = tuple[str, tuple[str, ...], bool, bool, bool, tuple[str, ...], tuple[int, ...], tuple[int, ...]]


def tile_key(view: HuntView, code: str, actions: list[str]) -> TileKey:
    """All that a tile's drawing reads of the view (and its actions): the tile, the fox and the scattering there,
    whether the game is solo (which names the Automa), the owners' colours and what each has on the tile."""
    counts = view["board"][code]
    scattering = bool(view["frames"]) and view["frames"][-1]["tile"] == code
    return (code, tuple(actions), view["fox"] == code, scattering, view["solo"],
            tuple(owner["colour"] for owner in view["owners"]), tuple(counts["squirrels"]), tuple(counts["nests"]))


TilePicture = Callable[[HuntView, Tile, int, list[str]], str]  # a tile of a cell drawn, clickable for the actions


def kept_tile(kept: Kept, picture: TilePicture, view: HuntView, cell: int, on_tile: dict[str, list[str]]) -> str:
    """The tile dealt to a cell as `picture` draws it, kept in `kept` by its tile_key; "" while the cell is
    empty."""
    tile = tile_at(view, cell)
    if tile is None:
        return ""
    actions = on_tile.get(tile.code, [])
    return kept.get((cell, tile_key(view, tile.code, actions)), lambda: picture(view, tile, cell, actions))


TILES = Kept()  # each tile once drawn, by its tile_key


def tile_svg(view: HuntView, cell: int, on_tile: dict[str, list[str]]) -> str:
    return kept_tile(TILES, tile_picture, view, cell, on_tile) or empty_cell_svg(*centre(cell), SIZE)


def tile_picture(view: HuntView, tile: Tile, cell: int, actions: list[str]) -> str:
    """A tile of the forest with what is on it, clickable for `actions`."""
    x, y = centre(cell)
    code = tile.code
    parts = tile_ground(view, tile, actions, x, y, SIZE - 3, 5 if tile.green else 2, SIZE - 7)
    if view["fox"] == code:
        parts.append('<g class="fox">' + f'<rect x="{num(x - 13)}" y="{num(y - 50)}" width="26" height="13" rx="6.5" '
                     f'fill="{FOX}" stroke="#000"/>' + text(x, y - 40.5, "fox", 10, ' font-weight="bold" fill="#fff"')
                     + "</g>")
    # a long name (an edited component file) shrinks to the hex's width at its height
    parts.append(text(x, y - 24, tile.name, fitted(tile.name, 84, 10.5), ' font-weight="bold"'))
    parts += markers(view, x, y - 17, code)
    forage = f"forage: {forage_words(tile)}"
    parts.append(text(x, y + 19, forage, fitted(forage, 100, 8.5)))
    cost = f"cost: {cost_words(tile)}" if tile.cost else "no recruiting"
    parts.append(text(x, y + 31, cost, fitted(cost, 98, 8.5), ' fill="#555"'))
    parts.append("</g>")
    return "".join(parts)


def winner_mark(view: HuntView, owner: int) -> str:
    return " ★ wins" if owner in view.get("result", []) else ""


def legend_svg(view: HuntView) -> str:
    """Who is which colour, with the score and the pieces on the board: a line per owner, under the forest."""
    parts = ['<g class="legend">']
    for owner, info in enumerate(view["owners"]):
        x, y = MARGIN + 10, BOARD_HEIGHT + LEGEND_LINE * owner + LEGEND_LINE / 2
        fill, _ = OWNER_FILL[info["colour"]]
        parts.append(circle(x, y, 7, f'fill="{fill}" stroke="#000"'))
        parts.append(left_text(x + 13, y + 4, owner_name(view, owner), 12, ' font-weight="bold"'))
        parts.append(left_text(WIDTH - MARGIN, y + 4, f"{owner_score(view, owner)}{winner_mark(view, owner)} · "
                               f"{owner_pieces(view, owner)} on the board", 12, ' text-anchor="end"'))
    parts.append("</g>")
    return "".join(parts)


def height(view: HuntView) -> float:
    return BOARD_HEIGHT + LEGEND_LINE * len(view["owners"]) + 6


def render(view: HuntView, legal: Sequence[str]) -> str:
    """The forest as an SVG document; the tiles that `legal` actions target are marked and clickable."""
    on_tile = targets(legal, tile_of)
    cells = [tile_svg(view, cell, on_tile) for cell in range(len(COORDS))]
    return document(WIDTH, height(view), "Nut Hunt", TARGET_STYLE, [*cells, legend_svg(view)])
