"""The browser picture of a Nut view: a standalone SVG of the three columns on offer, the card in hand, the
deck and every player's layout, with what the viewer may act on made clickable.

A card is drawn as on the table: three cells, each a coloured nut (its letter on it), a wild nut (a circle
in all four colours) or a squirrel (an S badge), with the card's two lines between them, a tree along one
long edge and sky along the other, and its number in the corner of its printed top. Cards in even columns
stand upright (tree on the right, number top right) and in odd columns upside down (tree on the left,
number bottom left, cells reversed), so tree sides meet tree sides; each layout column's header says which
(▲ or ▼). A layout is drawn on its band grid card by card in the order they were placed, so a later card
covers what lies under it; each colour's scoring cluster is outlined in that colour, inset by colour so
that clusters sharing a wild nut or a squirrel both show, and broken down under the grid.

A card on offer that a `take` action names, and a place in the layout of the player to move that a
`place` action names, is highlighted and carries class="target" and data-action (the first such action's
text); data-actions lists them all, separated by "|" because action texts hold spaces. The clickable part
of a place is the band where the card's middle would go, where neighbouring places do not overlap; the
card-sized outline, with the held card as it would stand there, shows on hover. The element carrying the
action is only what to click (the band, the card): the outline follows it and a card's number precedes it,
so that a tutorial's outline of the element (learn.js) surrounds nothing else. Tooltips say a place in
words (words.label), as the moves list does. The drawing depends on the
view and `legal` only, so the same input always gives the same text.

Every card drawn on offer, in hand or in a layout carries data-piece="card N" as its first data attribute, and
data-state, where it lies now: "column 2", "hand", "layout 1 at 0,3". The table compares each card's
data-state with the one it had when a seat last decided, so the card another player took and laid is marked
where it now lies. The card names the element rather than its place because layouts grow: a new place would
have no earlier state to compare with. A card keeps its state while it waits in its column, even when the
cards beside it are taken.

The status line on top says who is to move; what they decide is the face's decision, which the table shows
beside the picture. Seats are named by `seat_name` placeholders, which the face fills with the table's names
(escaped for XML).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol

from nutbox.core.names import seat_name
from nutbox.core.svg import (
    EXTENT_STYLE,
    HIGHLIGHT,
    TARGET_STYLE,
    Kept,
    attributes,
    circle,
    document,
    drawn,
    highlight,
    left_text,
    line,
    num,
    quoteattr,
    rect,
    text,
    titled,
)
from nutbox.core.words import possessive
from nutbox.games.nut_cards import words
from nutbox.games.nut_cards.actions import NOTATION, Place, Take
from nutbox.games.nut_cards.components import BLANK, COMPONENTS, SQUIRREL, WILD
from nutbox.games.nut_cards.layout import upside_down
from nutbox.games.nut_cards.view import CardsView, ClusterEntry

H = COMPONENTS.cells_per_card
MARGIN = 12
CARD_W = 60
BAND = 32  # a third of a card's height: the layout's row unit
CARD_H = H * BAND
EDGE = 8  # the tree and sky strips along a card's long edges
NUT_R = 9.5
GAP = 12
OFFER_TOP = 36
SLOT = CARD_W + 10  # a card's room in a box of the offer
BOX_HEIGHT = 40 + CARD_H + 10
LAYOUTS_TOP = OFFER_TOP + BOX_HEIGHT + 18
PAD = 10
LABEL_W = 28  # the band numbers left of a layout's grid
GRID_TOP = 64  # the title, its marks and the column headers above a layout's grid
LINE = 16  # a line of a layout's breakdown
MIN_PANEL_W = 240  # wide enough for the longest breakdown line
LEGEND_H = 34
# a place's outline follows the element that carries its action, rather than lying inside it
FOLLOWING_EXTENT_STYLE = ".target:hover+.extent{visibility:visible}"
HELD_ID = {False: "nut-cards-held-upright", True: "nut-cards-held-upside-down"}

COLOUR_NAMES = dict(zip(COMPONENTS.colour_codes, COMPONENTS.colour_names, strict=True))
# red, gold, green, brown in the component order: the nut's fill, the ink of its letter, the cluster outline
NUT_FILL = dict(zip(COMPONENTS.colour_codes, ("#e03131", "#fcc419", "#2f9e44", "#8b5a2b"), strict=True))
NUT_INK = dict(zip(COMPONENTS.colour_codes, ("#fff", "#000", "#fff", "#fff"), strict=True))
OUTLINE = dict(zip(COMPONENTS.colour_codes, ("#c92a2a", "#e67700", "#2b8a3e", "#5c3a1e"), strict=True))
CARD_FILL, CARD_STROKE, CARD_LINE = "#fffdf5", "#7a6248", "#dccfb6"
TREE, SKY, SQUIRREL_FILL = "#5c940d", "#a5d8ff", "#495057"
PANEL, CURRENT = "#f8f9fa", "#1c7ed6"


def cell_word(what: str) -> str:
    if what == WILD:
        return "wild nut"
    if what == SQUIRREL:
        return "squirrel"
    return "nothing" if what == BLANK else COLOUR_NAMES[what]


def reads(cells: list[str] | tuple[str, ...]) -> str:
    return ", ".join(cell_word(what) for what in cells)


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


# --- what the legal actions aim at -------------------------------------------------------------------------
def targets(legal: Sequence[str]) -> tuple[dict[int, list[str]], dict[tuple[int, int], list[str]]]:
    """The legal actions by the card on offer they take and by the place (x, y) they put a card, in order."""
    takes: dict[int, list[str]] = {}
    places: dict[tuple[int, int], list[str]] = {}
    for action_text in legal:
        action = NOTATION.parse(action_text)
        if isinstance(action, Take):
            takes.setdefault(action.card, []).append(action_text)
        elif isinstance(action, Place):
            places.setdefault((action.x, action.y), []).append(action_text)
    return takes, places


# --- a card -------------------------------------------------------------------------------------------------
def piece(card: int) -> str:
    """The attribute naming a card wherever it is drawn. The table matches a card across pictures by an
    element's first data attribute, so this one goes first."""
    return f' data-piece="card {card}"'


def wild_disc(x: float, y: float, r: float) -> str:
    """A wild's circle of radius `r` centred at (x, y): a quarter in each nut colour, clockwise from the top."""
    corners = ((x, y - r), (x + r, y), (x, y + r), (x - r, y))
    wedges = [
        f'<path d="M{num(x)} {num(y)} L{num(ax)} {num(ay)} A{num(r)} {num(r)} 0 0 1 {num(bx)} {num(by)} Z" '
        f'fill="{NUT_FILL[colour]}"/>'
        for colour, (ax, ay), (bx, by) in zip(COMPONENTS.colour_codes, corners, (*corners[1:], corners[0]),
                                              strict=True)
    ]
    return circle(x, y, r, 'fill="#fff" stroke="#212529"') + "".join(wedges)


def glyph(what: str, x: float, y: float, cell: str | None) -> str:
    """A cell's content centred at (x, y); `cell` ("x,y") names its place in a layout. Blank cells draw nothing."""
    if what == BLANK:
        return ""
    where = f" data-cell={quoteattr(cell)}" if cell is not None else ""
    if what == SQUIRREL:
        return (f'<g class="squirrel" data-what="S"{where}>'
                + rect(x - 10, y - 10, 20, 20, f'rx="5" fill="{SQUIRREL_FILL}" stroke="#212529"')
                + text(x, y + 4.5, "S", 13, ' font-weight="bold" fill="#fff"') + "</g>")
    if what == WILD:
        return (f'<g class="wild" data-what="W"{where}>' + wild_disc(x, y, NUT_R) + circle(x, y, 5.5, 'fill="#fff"')
                + text(x, y + 2.5, "W", 7, ' font-weight="bold"') + "</g>")
    return (f'<g class="nut" data-what={quoteattr(what)}{where}>'
            + circle(x, y, NUT_R, f'fill="{NUT_FILL[what]}" stroke="#212529"')
            + text(x, y + 3.5, what, 10, f' font-weight="bold" fill="{NUT_INK[what]}"') + "</g>")


def card_face(card: int, left: float, top: float, down: bool, column: int | None = None, band: int = 0) -> str:
    """Card `card` with its top-left corner at (left, top), upside down if `down`; in a layout, `column` and
    `band` are its place there, which its cells are named by."""
    cells = COMPONENTS.cards[card - 1].cells
    shown = cells[::-1] if down else cells
    tree_x, sky_x = (left, left + CARD_W - EDGE) if down else (left + CARD_W - EDGE, left)
    parts = [
        rect(left, top, CARD_W, CARD_H, f'rx="4" fill="{CARD_FILL}" stroke="{CARD_STROKE}"'),
        rect(sky_x, top + 1, EDGE, CARD_H - 2, f'fill="{SKY}"'),
        rect(tree_x, top + 1, EDGE, CARD_H - 2, f'fill="{TREE}"'),
    ]
    for i in range(1, H):
        y = top + BAND * i
        parts.append(line(left + EDGE, y, left + CARD_W - EDGE, y, f'stroke="{CARD_LINE}"'))
    for i, what in enumerate(shown):
        cell = f"{column},{band + i}" if column is not None else None
        parts.append(glyph(what, left + CARD_W / 2, top + BAND * (i + 0.5), cell))
    number_x, number_y = (left + EDGE + 6, top + CARD_H - 4) if down else (left + CARD_W - EDGE - 6, top + 11)
    parts.append(text(number_x, number_y, str(card), 8, ' fill="#868e96"'))
    return "".join(parts)


# the faces on offer stay while what may be done with them changes (a layout's cards are kept where they lie)
offered_face = drawn(card_face)


# --- the offer, the hand and the deck -----------------------------------------------------------------------
@drawn
def box_svg(left: float, width: float, title: str, stroke: str = 'stroke="#adb5bd"') -> str:
    return (rect(left, OFFER_TOP, width, BOX_HEIGHT, f'rx="6" fill="{PANEL}" {stroke}')
            + left_text(left + 8, OFFER_TOP + 17, title, 12, ' font-weight="bold"'))


def offer_card_svg(view: CardsView, number: int, left: float, card: int, actions: list[str]) -> str:
    """A card on offer in column `number` (from 1), faded when this round's draft is from another column."""
    faded = view["phase"] == "take" and view["column"] not in (None, number)
    return drawn_offer_card(number, left, card, tuple(actions), faded)


@drawn
def drawn_offer_card(number: int, left: float, card: int, actions: tuple[str, ...], faded: bool) -> str:
    top = OFFER_TOP + 40
    cells = COMPONENTS.cards[card - 1].cells
    title = [f"Card {card} in column {number}: {reads(cells)}, top to bottom"]
    if actions:
        title.append("click to take it")
    fade = ' opacity="0.45"' if faded else ""
    # the number above the card lies outside the element that carries the action: that element is the card
    parts = [text(left + CARD_W / 2, top - 6, f"#{card}", 11, f' font-weight="bold"{fade}'),
             f"<g{piece(card)}{attributes('offer', str(card), list(actions), 'offer', state=f'column {number}')}"
             f"{fade}>",
             titled(title),
             offered_face(card, left, top, False)]
    if actions:
        parts.append(highlight(left - 3, top - 3, CARD_W + 6, CARD_H + 6))
    return "".join([*parts, "</g>"])


def column_title(view: CardsView, number: int) -> str:
    title = f"Column {number}"
    if view["phase"] == "take" and view["column"] == number:
        return title + " · this round"
    return title


def offer_svg(view: CardsView, takes: dict[int, list[str]]) -> tuple[list[str], float]:
    """The three columns, the card in hand and the deck, left to right, a part each box and card; and the right
    edge they reach."""
    box_w = view["players"] * SLOT + 10
    parts = []
    left = float(MARGIN)
    for number, cards in enumerate(view["columns"], 1):
        drafting = view["phase"] == "take" and view["column"] == number
        parts.append(box_svg(left, box_w, column_title(view, number),
                             f'stroke="{CURRENT}" stroke-width="3"' if drafting else 'stroke="#adb5bd"'))
        for index, entry in enumerate(cards):
            card = entry["card"]
            parts.append(offer_card_svg(view, number, left + 10 + SLOT * index, card, takes.get(card, [])))
        left += box_w + GAP
    parts.append(hand_svg(view, left))
    left += SLOT + 10 + GAP
    parts.append(deck_svg(view, left))
    return parts, left + SLOT + 10


def hand_svg(view: CardsView, left: float) -> str:
    return drawn_hand(left, view["holding"], view["current"])


@drawn
def drawn_hand(left: float, card: int | None, current: int) -> str:
    parts = [box_svg(left, SLOT + 10, "In hand")]
    if card is None:
        return parts[0] + text(left + 5 + SLOT / 2, OFFER_TOP + 40 + CARD_H / 2, "none", 11, ' fill="#868e96"')
    cells = COMPONENTS.cards[card - 1].cells
    title = (f"Card {card}, held by {seat_name(current)}: {reads(cells)} upright (▲ columns), "
             f"{reads(cells[::-1])} upside down (▼ columns)")
    parts += [f'<g{piece(card)} data-state="hand" class="hand" data-hand="{card}">{titled([title])}',
              text(left + 10 + CARD_W / 2, OFFER_TOP + 34, f"#{card}", 11, ' font-weight="bold"'),
              card_face(card, left + 10, OFFER_TOP + 40, False), "</g>"]
    return "".join(parts)


def deck_svg(view: CardsView, left: float) -> str:
    return drawn_deck(left, view["deck"], view["holder"])


@drawn
def drawn_deck(left: float, count: int, holder: int) -> str:
    title = f"The deck: {plural(count, 'card')} face down, held this round by {seat_name(holder)}"
    parts = [box_svg(left, SLOT + 10, "Deck"), f'<g class="deck">{titled([title])}']
    top = OFFER_TOP + 40
    for offset in range(min(count, 3) - 1, -1, -1):  # a few backs, offset, as a pile
        parts.append(rect(left + 10 + 2 * offset, top - 2 * offset, CARD_W, CARD_H,
                          'rx="4" fill="#7a6248" stroke="#3b2f23"'))
    parts.append(text(left + 10 + CARD_W / 2, top + CARD_H / 2 + 6, str(count), 16,
                      f' font-weight="bold" fill="{"#fff" if count else "#868e96"}"'))
    return "".join([*parts, "</g>"])


# --- a layout -----------------------------------------------------------------------------------------------
def extent(view: CardsView, seat: int, places: list[tuple[int, int]]) -> tuple[range, range]:
    """The columns and bands a layout's grid shows: its cards and the places offered; before the first card,
    where the first card goes (columns 0 and 1, bands 0 to 2)."""
    corners = [(p["x"], p["y"]) for p in view["layouts"][seat]] + places
    if not corners:
        corners = [(0, 0), (1, 0)]
    xs = [x for x, _ in corners]
    ys = [y for _, y in corners]
    return range(min(xs), max(xs) + 1), range(min(ys), max(ys) + H)


class Placing:
    """Where a grid puts the cells, as a key of the parts drawn on it (core.svg.drawn): `placing` names all that
    its cells' places depend on and nothing else, so that a card keeps its part while the grid grows elsewhere.
    Whatever else a part shows (the extent a grid's lines cover) is an argument of its own."""

    placing: tuple[float | None, ...]

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.placing == other.placing

    def __hash__(self) -> int:
        return hash(self.placing)


class Grid(Placing):
    """Where a layout's grid lies: column x's left edge and band y's top edge."""

    def __init__(self, left: float, top: float, xs: range, ys: range) -> None:
        self.left, self.top, self.xs, self.ys = left, top, xs, ys
        self.placing = (left, top, xs.start, ys.start)

    def x(self, column: int) -> float:
        return self.left + CARD_W * (column - self.xs.start)

    def y(self, band: int) -> float:
        return self.top + BAND * (band - self.ys.start)

    def centre(self, column: int, band: int) -> tuple[float, float]:
        return self.x(column) + CARD_W / 2, self.y(band) + BAND / 2


def grid_svg(grid: Grid) -> str:
    """Faint lines between the bands and the columns, with the band numbers at the left and each column's
    number and orientation on top."""
    return drawn_grid(grid, grid.xs, grid.ys)


@drawn
def drawn_grid(grid: Grid, xs: range, ys: range) -> str:
    right, bottom = grid.x(xs.stop), grid.y(ys.stop)
    parts = ['<g class="grid">', rect(grid.left, grid.top, right - grid.left, bottom - grid.top, 'fill="#fff"')]
    for band in range(ys.start, ys.stop + 1):
        y = grid.y(band)
        parts.append(line(grid.left, y, right, y, 'stroke="#e9ecef"'))
    for band in ys:
        parts.append(text(grid.left - LABEL_W / 2, grid.y(band) + BAND / 2 + 3.5, str(band), 9, ' fill="#868e96"'))
    for column in range(xs.start, xs.stop + 1):
        x = grid.x(column)
        parts.append(line(x, grid.top, x, bottom, 'stroke="#e9ecef"'))
    for column in xs:
        down = upside_down(column)
        parts.append("<g>" + titled([column_words(down)])
                     + text(grid.x(column) + CARD_W / 2, grid.top - 8, f"{column} {'▼' if down else '▲'}", 11,
                            ' font-weight="bold" fill="#495057"') + "</g>")
    parts.append("</g>")
    return "".join(parts)


def column_words(down: bool) -> str:
    """A layout column's tooltip: which way up its cards stand."""
    return f"Cards in this column stand {'upside down: tree on the left' if down else 'upright: tree on the right'}"


@drawn
def layout_card_group(seat: int, card: int, column: int, band: int) -> str:
    """A card of a layout's group opened, with its tooltip (which way up it stands, its cells top to bottom) and
    its place as data-state; the caller draws its face and closes the group."""
    down = upside_down(column)
    cells = COMPONENTS.cards[card - 1].cells
    shown = cells[::-1] if down else cells
    title = f"Card {card}, {'upside down' if down else 'upright'}: {reads(shown)}, top to bottom"
    where = quoteattr(f"layout {seat} at {column},{band}")
    return (f'<g{piece(card)} data-state={where} class="card" data-card="{card}" data-x="{column}" '
            f'data-y="{band}">{titled([title])}')


@drawn
def layout_card_svg(grid: Grid, seat: int, card: int, column: int, band: int) -> str:
    face = card_face(card, grid.x(column), grid.y(band), upside_down(column), column, band)
    return layout_card_group(seat, card, column, band) + face + "</g>"


SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))


class Centres(Protocol):
    def centre(self, column: int, band: int) -> tuple[float, float]: ...


def outline_path(grid: Centres, cells: set[tuple[int, int]], inset: float, cell_w: float = CARD_W,
                 cell_h: float = BAND) -> str:
    """The border of a set of cells, `inset` inside it: each cell side facing out of the set, its ends running
    to the next side round the border (short of the corner where the border turns out, past it where it
    turns in), so that the pieces join up. `grid` is anything with a `centre(column, band)` of cells
    `cell_w` by `cell_h` (the phone picture draws smaller ones)."""
    segments = []
    for x, y in sorted(cells):
        cx, cy = grid.centre(x, y)
        for nx, ny in SIDES:
            if (x + nx, y + ny) in cells:
                continue
            ends = []
            for tx, ty in ((ny, -nx), (-ny, nx)):  # along the side, one way then the other
                if (x + tx, y + ty) not in cells:
                    stretch = -inset
                elif (x + tx + nx, y + ty + ny) in cells:
                    stretch = inset
                else:
                    stretch = 0.0
                ends.append((cx + tx * (cell_w / 2 + stretch) + nx * (cell_w / 2 - inset),
                             cy + ty * (cell_h / 2 + stretch) + ny * (cell_h / 2 - inset)))
            (ax, ay), (bx, by) = ends
            segments.append(f"M{num(ax)} {num(ay)}L{num(bx)} {num(by)}")
    return "".join(segments)


def cluster_svg(grid: Grid, cluster: ClusterEntry) -> str:
    return drawn_cluster(grid, cluster["colour"], tuple(cluster["cells"]))


def cluster_cells(cells: tuple[str, ...]) -> set[tuple[int, int]]:
    """A cluster's cells ("x,y" in the view) as places."""
    return {(int(key.split(",")[0]), int(key.split(",")[1])) for key in cells}


@drawn
def drawn_cluster(grid: Grid, colour: str, cells: tuple[str, ...]) -> str:
    # within the gap between a band's edge and its nut, each colour at its own depth
    inset = 1.5 + 1.5 * COMPONENTS.colour_codes.index(colour)
    path = outline_path(grid, cluster_cells(cells), inset)
    return (f'<path class="cluster" data-colour={quoteattr(colour)} d="{path}" '
            f'fill="none" stroke="{OUTLINE[colour]}" stroke-width="1.5" stroke-linecap="square" '
            f'pointer-events="none"/>')


PLACE_WORDS = Kept()  # each place's words.label, by what it reads of the view (both pictures say them)


def place_labels(view: CardsView, places: dict[tuple[int, int], list[str]]) -> dict[tuple[int, int], tuple[str, ...]]:
    """The words (words.label) of the `place` actions aimed at each place."""
    if not places:
        return {}
    # a place is said by the card in hand, the layout it goes in and whose it is ("your", "their")
    layout = (view["holding"], tuple((p["card"], p["x"], p["y"]) for p in view["layouts"][view["current"]]),
              possessive(view))
    return {where: tuple(place_label(view, action, layout) for action in actions) for where, actions in places.items()}


def place_label(view: CardsView, action: str, layout: Hashable) -> str:
    return PLACE_WORDS.get((action, layout), lambda: words.label(NOTATION.parse(action), view))


def spot_svg(view: CardsView, grid: Grid, column: int, band: int, actions: list[str],
             labels: tuple[str, ...]) -> list[str]:
    """A place the held card may go: the band its middle would cover is the element that carries the action;
    the card-sized outline and the card as it would stand there, drawn right after it and outside it (so that
    a tutorial's outline of the element surrounds the band alone), show while it is hovered. Two parts: what
    it says (the actions' `labels` first), new with each layout, and what it shows."""
    card = view["holding"]
    title = list(labels)
    if card is not None:
        title.append(would_show(card, upside_down(column)))
    if actions:
        title.append("click to place it there")
    return [f"<g{attributes('spot', f'{column},{band}', actions, 'spot')}>" + titled(title),
            spot_shape(grid, column, band, card is not None)]


@drawn
def would_show(card: int, down: bool) -> str:
    cells = COMPONENTS.cards[card - 1].cells
    return f"card {card} would show {reads(cells[::-1] if down else cells)}, top to bottom"


@drawn
def spot_shape(grid: Grid, column: int, band: int, held: bool) -> str:
    """A place's band, then its outline with the card in hand (if `held`) as it would stand there."""
    down = upside_down(column)
    left, top = grid.x(column), grid.y(band)
    parts = [rect(left + 3, top + BAND + 3, CARD_W - 6, BAND - 6,
                  f'class="highlight" fill="{HIGHLIGHT}" fill-opacity="0.08" stroke="{HIGHLIGHT}" '
                  f'stroke-width="1.5" stroke-dasharray="4 3"'),
             '</g><g class="extent" pointer-events="none">']
    if held:
        parts.append(f'<use href="#{HELD_ID[down]}" x="{num(left)}" y="{num(top)}" opacity="0.6"/>')
    parts.append(rect(left, top, CARD_W, CARD_H, f'fill="none" stroke="{HIGHLIGHT}" stroke-width="2.5" '
                      f'stroke-dasharray="6 3"'))
    return "".join([*parts, "</g>"])


def held_defs(view: CardsView, places: dict[tuple[int, int], list[str]]) -> str:
    """The card in hand drawn once each way round, for the places offered to show it on hover."""
    card = view["holding"]
    if card is None or not places:
        return ""
    return drawn_held_defs(card)


@drawn
def drawn_held_defs(card: int) -> str:
    faces = "".join(f'<g id="{HELD_ID[down]}">{card_face(card, 0, 0, down)}</g>' for down in (False, True))
    return f"<defs>{faces}</defs>"


def cluster_words(cluster: ClusterEntry) -> str:
    """"Red: 4 nuts ×2 (1 squirrel) = 8 points": the factor read off the view, so it follows the squirrels
    option."""
    nuts, squirrels = cluster["nuts"], cluster["squirrels"]
    said = f"{COLOUR_NAMES[cluster['colour']].capitalize()}: {plural(nuts, 'nut')}"
    if squirrels:
        said += f" ×{cluster['points'] // nuts} ({plural(squirrels, 'squirrel')})"
    return said + f" = {plural(cluster['points'], 'point')}"


def breakdown_svg(view: CardsView, seat: int, left: float, top: float) -> str:
    clusters = {cluster["colour"]: cluster_words(cluster) for cluster in view["clusters"][seat]}
    said = tuple(clusters.get(colour) for colour in COMPONENTS.colour_codes)
    return drawn_breakdown(said, view["points"][seat], left, top)


@drawn
def drawn_breakdown(said: tuple[str | None, ...], points: int, left: float, top: float) -> str:
    """Each colour's cluster in words (`said`, None for no cluster) and the total `points`."""
    parts = ['<g class="breakdown">']
    for index, (colour, words_) in enumerate(zip(COMPONENTS.colour_codes, said, strict=True)):
        y = top + LINE * index
        parts.append(circle(left + 5, y - 4, 5, f'fill="{NUT_FILL[colour]}" stroke="#212529"'))
        if words_ is not None:
            parts.append(left_text(left + 15, y, words_, 11))
        else:
            parts.append(left_text(left + 15, y, f"{COLOUR_NAMES[colour].capitalize()}: no cluster", 11,
                                   ' fill="#868e96"'))
    total = f"Total: {plural(points, 'point')}"
    parts.append(left_text(left, top + LINE * len(COMPONENTS.colour_codes), total, 11, ' font-weight="bold"'))
    return "".join([*parts, "</g>"])


def panel_marks(view: CardsView, seat: int) -> str:
    marks = []
    if seat in view.get("winners", []):  # the core adds them once the game is over
        marks.append("★ wins")
    elif seat == view["to_move"]:
        marks.append("▶ to move")
    if seat == view["holder"] and view["phase"] != "over":
        marks.append("holds the deck")
    if seat == view.get("seat"):
        marks.append("you")
    return " · ".join(marks)


def panel_width(xs: range) -> float:
    return max(2 * PAD + LABEL_W + CARD_W * len(xs), MIN_PANEL_W)


def layout_svg(view: CardsView, seat: int, left: float, height: float, xs: range, ys: range,
               places: dict[tuple[int, int], list[str]]) -> list[str]:
    """A player's panel, a part each piece: the title, the grid with the cards in the order placed, the scoring
    clusters outlined over them, the places offered (the player to move only, so `places` is empty for the
    others), and the breakdown."""
    grid = Grid(left + PAD + LABEL_W, LAYOUTS_TOP + GRID_TOP, xs, ys)
    parts = [panel_head(seat, left, panel_width(xs), height, seat == view["to_move"], view["points"][seat],
                        panel_marks(view, seat)),
             grid_svg(grid)]
    parts += [layout_card_svg(grid, seat, p["card"], p["x"], p["y"]) for p in view["layouts"][seat]]
    parts += [cluster_svg(grid, cluster) for cluster in view["clusters"][seat]]
    said = place_labels(view, places)
    for (x, y), actions in sorted(places.items()):
        parts += spot_svg(view, grid, x, y, actions, said[x, y])
    parts.append(breakdown_svg(view, seat, left + PAD, grid.y(ys.stop) + 22))
    return [*parts, "</g>"]


@drawn
def panel_head(seat: int, left: float, width: float, height: float, to_move: bool, points: int, marks: str) -> str:
    """A panel's group opened, its background, title and marks."""
    border = f'stroke="{CURRENT}" stroke-width="3"' if to_move else 'stroke="#adb5bd"'
    return (f'<g class="layout" data-seat="{seat}">'
            + rect(left, LAYOUTS_TOP, width, height, f'rx="6" fill="{PANEL}" {border}')
            + left_text(left + PAD, LAYOUTS_TOP + 20, f"{seat_name(seat)} · {plural(points, 'point')}", 13,
                        ' font-weight="bold"')
            + left_text(left + PAD, LAYOUTS_TOP + 36, marks, 11, ' fill="#495057"'))


def layouts_svg(view: CardsView, places: dict[tuple[int, int], list[str]]) -> tuple[list[str], float, float]:
    """Every player's panel side by side, all as tall as the tallest, their parts in order; and the right and
    bottom edges."""
    owned = [places if seat == view["current"] else {} for seat in range(view["players"])]
    extents = [extent(view, seat, list(owned[seat])) for seat in range(view["players"])]
    bands = max(len(ys) for _, ys in extents)
    height = GRID_TOP + BAND * bands + 22 + LINE * len(COMPONENTS.colour_codes) + 12
    parts = []
    left = float(MARGIN)
    for seat, (xs, ys) in enumerate(extents):
        parts += layout_svg(view, seat, left, height, xs, ys, owned[seat])
        left += panel_width(xs) + GAP
    return parts, left - GAP, LAYOUTS_TOP + height


# --- around the table ---------------------------------------------------------------------------------------
@drawn
def legend_svg(top: float) -> tuple[str, float]:
    """What the drawings mean, in one row: the nuts, the wild nut, the squirrel, the edges, the cluster outline
    and the column headers; and the right edge it reaches."""
    y = top + LEGEND_H / 2
    parts = ['<g class="legend">']
    x = MARGIN + NUT_R
    items = [(code, COLOUR_NAMES[code]) for code in COMPONENTS.colour_codes]
    items += [(WILD, "wild nut"), (SQUIRREL, "squirrel")]
    for what, label in items:
        parts.append(glyph(what, x, y, None))
        parts.append(left_text(x + 15, y + 4, label, 11))
        x += 30 + 6.5 * len(label)
    for fill, label in ((TREE, "tree side"), (SKY, "sky side")):
        parts.append(rect(x - 4, y - 12, EDGE, 24, f'fill="{fill}"'))
        parts.append(left_text(x + 10, y + 4, label, 11))
        x += 26 + 6.5 * len(label)
    parts.append(rect(x - 6, y - 9, 22, 18, f'fill="none" stroke="{OUTLINE[COMPONENTS.colour_codes[0]]}" '
                      f'stroke-width="1.5"'))
    label = "a colour's scoring cluster   ▲ upright column   ▼ upside-down column"
    parts.append(left_text(x + 22, y + 4, label, 11))
    parts.append("</g>")
    return "".join(parts), x + 22 + 6.5 * len(label)


def status_svg(view: CardsView) -> str:
    phase = view["phase"]
    if phase == "over":
        winners = view.get("winners", [])
        names = " and ".join(seat_name(seat) for seat in winners)
        best = max(view["points"])
        words = f"Game over: {names} {'wins' if len(winners) == 1 else 'share the win'} with {plural(best, 'point')}"
        if view["points"].count(best) > len(winners):
            words += " (tied on points, the largest cluster decides)"
    elif phase == "deal":
        placed = sum(len(cards) for cards in view["columns"])
        words = f"{seat_name(view['holder'])} deals from the deck to fill the columns ({placed} of " \
                f"{len(view['columns']) * view['players']} places filled)"
    else:
        words = f"{seat_name(view['current'])} to move · {seat_name(view['holder'])} holds the deck"
    squirrels = "each squirrel doubles" if view["squirrels"] == "double-each" else "squirrels double once"
    return left_text(MARGIN, 22, f"Nut · {words} · {squirrels}", 13)


def render(view: CardsView, legal: Sequence[str]) -> str:
    """The offer and every layout as an SVG document; the cards and places that `legal` actions name are
    marked and clickable."""
    takes, places = targets(legal)
    offer, offer_right = offer_svg(view, takes)
    layouts, layouts_right, layouts_bottom = layouts_svg(view, places)
    legend, legend_right = legend_svg(layouts_bottom + 8)
    width = max(offer_right, layouts_right, legend_right) + MARGIN
    height = layouts_bottom + 8 + LEGEND_H + MARGIN
    return document(width, height, "Nut", TARGET_STYLE + EXTENT_STYLE + FOLLOWING_EXTENT_STYLE, [
        held_defs(view, places),
        rect(0, 0, width, height, 'fill="#fff"'),
        status_svg(view),
        *offer,
        *layouts,
        legend,
    ])
