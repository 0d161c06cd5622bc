"""The phone picture of a Nut view: render_svg.py's picture recomposed for a phone held upright.

The page scales the picture so that its width (WIDTH, a CSS pixel per unit) fills the screen, so every size
here is in CSS pixels: text at 10 px or more, and every clickable target at least 32 by 32 px, none
overlapping another. From the top:

- what happens now (who is to move: what they decide is the face's decision, shown beside the picture), and
  who holds the deck with how many cards left;
- the offer: the three columns side by side, each card a target when a `take` names it (left out once the
  game is over, when they are empty);
- the card in hand, drawn both ways up, while it waits to be placed;
- the main layout, large: the viewing seat's (a spectator's: the seat to move), or the layout a `place`
  action names places in. Each place offered is a target covering the band where the card's middle would go,
  so neighbouring places never overlap; its tooltip says the place in words (words.label);
- the other players' layouts, smaller, each with its score breakdown;
- what the drawings mean.

A layout wider than the screen allows for finger-sized places is cut into strips of whole columns, one
under the other. Like the desktop picture, the drawing depends on the view and `legal` only; every card
carries data-piece and data-state as render_svg.py describes, so the table marks what changed. Seats are named by
`seat_name` placeholders, as in render_svg.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nutbox.core.names import seat_name, with_names
from nutbox.core.svg import (
    HIGHLIGHT,
    TARGET_STYLE,
    attributes,
    circle,
    document,
    drawn,
    left_text,
    line,
    num,
    quoteattr,
    rect,
    text,
    titled,
)
from nutbox.games.nut_cards.components import BLANK, COMPONENTS, SQUIRREL, WILD
from nutbox.games.nut_cards.layout import upside_down
from nutbox.games.nut_cards.render_svg import (
    CARD_FILL,
    CARD_LINE,
    CARD_STROKE,
    CURRENT,
    NUT_FILL,
    NUT_INK,
    OUTLINE,
    PANEL,
    SKY,
    SQUIRREL_FILL,
    TREE,
    Placing,
    cluster_cells,
    column_words,
    extent,
    layout_card_group,
    outline_path,
    panel_marks,
    piece,
    place_labels,
    plural,
    reads,
    targets,
    wild_disc,
)
from nutbox.games.nut_cards.view import CardsView, ClusterEntry

H = COMPONENTS.cells_per_card
WIDTH = 358  # CSS pixels: the page scales the picture to this width
MARGIN = 6
AVAIL = WIDTH - 2 * MARGIN
TARGET = 32  # the least side of a finger-sized target
GAP = 4
OFFER_BAND = 26  # a third of a card on offer
BIG = (34, 34, 60)  # the main layout: the least column width, the band height, the widest column
SMALL = (20, 20, 36)  # the other layouts
INSET = 1  # a place's target inside its band, so that neighbouring targets do not touch
STRIP_GAP = 18
LINE = 15  # a line of 11 px text
CHAR = 0.58  # a character's width as a share of the font size (an estimate on the safe side)
COLOUR_NAMES = dict(zip(COMPONENTS.colour_codes, COMPONENTS.colour_names, strict=True))
HELD_UP, HELD_DOWN = "▲", "▼"


def fits(words_: str, size: float, width: float) -> bool:
    """Whether `words_` fit in `width` at font `size`, each seat's name counted as long as "Player N" (the
    names are filled in after the picture is drawn)."""
    return len(with_names(words_)) * size * CHAR <= width


def wrapped(words_: str, size: float, width: float) -> list[str]:
    """`words_` broken into lines of at most `width` at font `size`."""
    lines: list[str] = []
    for word in words_.split(" "):
        if lines and fits(f"{lines[-1]} {word}", size, width):
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


# --- a card -------------------------------------------------------------------------------------------------
def glyph(what: str, x: float, y: float, r: float, cell: str | None) -> str:
    """A cell's content centred at (x, y), radius `r`; its letter only where it fits at 10 px or more."""
    if what == BLANK:
        return ""
    where = f" data-cell={quoteattr(cell)}" if cell is not None else ""
    if what == SQUIRREL:
        badge = rect(x - r, y - r, 2 * r, 2 * r, f'rx="{num(r / 2)}" fill="{SQUIRREL_FILL}" stroke="#212529"')
        letter = text(x, y + 4, "S", max(10, r), ' font-weight="bold" fill="#fff"') if r >= 8 else ""
        return f'<g class="squirrel" data-what="S"{where}>{badge}{letter}</g>'
    if what == WILD:
        centre = circle(x, y, r * 0.6, 'fill="#fff"')
        letter = text(x, y + 3.5, "W", 10, ' font-weight="bold"') if r >= 10 else ""
        return f'<g class="wild" data-what="W"{where}>' + wild_disc(x, y, r) + centre + letter + "</g>"
    letter = text(x, y + 3.5, what, 10, f' font-weight="bold" fill="{NUT_INK[what]}"') if r >= 8 else ""
    return (f'<g class="nut" data-what={quoteattr(what)}{where}>'
            + circle(x, y, r, f'fill="{NUT_FILL[what]}" stroke="#212529"') + letter + "</g>")


def card_face(card: int, left: float, top: float, width: float, band: float, down: bool,
              column: int | None = None, first_band: int = 0) -> str:
    """Card `card`, `width` wide and three `band`s tall, its top-left corner at (left, top), upside down if
    `down`; in a layout its cells are named by `column` and their bands from `first_band`."""
    cells = COMPONENTS.cards[card - 1].cells
    shown = cells[::-1] if down else cells
    edge = max(3.0, round(width * 0.12))
    tree_x, sky_x = (left, left + width - edge) if down else (left + width - edge, left)
    parts = [
        rect(left, top, width, band * H, f'rx="3" fill="{CARD_FILL}" stroke="{CARD_STROKE}"'),
        rect(sky_x, top + 1, edge, band * H - 2, f'fill="{SKY}"'),
        rect(tree_x, top + 1, edge, band * H - 2, f'fill="{TREE}"'),
    ]
    for i in range(1, H):
        parts.append(line(left + edge, top + band * i, left + width - edge, top + band * i, f'stroke="{CARD_LINE}"'))
    r = min(band * 0.38, (width - 2 * edge) / 2 - 1.5)
    for i, what in enumerate(shown):
        cell = f"{column},{first_band + i}" if column is not None else None
        parts.append(glyph(what, left + width / 2, top + band * (i + 0.5), r, cell))
    return "".join(parts)


# the faces on offer stay while what may be done with them changes (a layout's cards are kept where they lie)
offered_face = drawn(card_face)


# --- the top: status and offer ------------------------------------------------------------------------------
def status_lines(view: CardsView) -> list[str]:
    phase = view["phase"]
    if phase == "over":
        winners = view.get("winners", [])
        best = max(view["points"])
        names = " and ".join(seat_name(seat) for seat in winners)
        first = f"Game over: {names} {'wins' if len(winners) == 1 else 'share the win'} with {plural(best, 'point')}"
        if view["points"].count(best) > len(winners):
            first += " (tied on points: the largest cluster decides)"
        return [first]
    if phase == "deal":
        first = f"{seat_name(view['holder'])} deals cards from the deck into the columns"
    else:
        first = f"{seat_name(view['current'])} to move"
    return [first, f"{seat_name(view['holder'])} holds the deck: {plural(view['deck'], 'card')} left"]


def status_svg(view: CardsView, top: float) -> tuple[str, float]:
    return drawn_status(tuple(status_lines(view)), top)


@drawn
def drawn_status(lines: tuple[str, ...], top: float) -> tuple[str, float]:
    parts = ['<g class="status">']
    y = top
    for index, words_ in enumerate(lines):
        size = 14 if index == 0 else 11
        for piece_ in wrapped(words_, size, AVAIL):
            y += size + 4
            parts.append(left_text(MARGIN, y, piece_, size, ' font-weight="bold"' if index == 0 else
                                   ' fill="#495057"'))
        y += 2
    return "".join([*parts, "</g>"]), y + 4


def offer_svg(view: CardsView, takes: dict[int, list[str]], top: float) -> tuple[list[str], float]:
    """The three columns side by side, each card as wide as fits, a part each box and card; the bottom they
    reach."""
    players = view["players"]
    columns = len(view["columns"])
    box_w = (AVAIL - GAP * (columns - 1)) / columns
    card_w = min(52.0, (box_w - 8 - GAP * (players - 1)) / players)
    parts = []
    for index, cards in enumerate(view["columns"]):
        number = index + 1
        left = MARGIN + index * (box_w + GAP)
        parts.append(offer_box(left, top, box_w, number, view["phase"] == "take" and view["column"] == number,
                               not cards))
        faded = view["phase"] == "take" and view["column"] not in (None, number)
        for slot, entry in enumerate(cards):
            card = entry["card"]
            parts.append(offer_card(left + 4 + slot * (card_w + GAP), top + 18 + 14, card_w, number, card,
                                    tuple(entry["cells"]), tuple(takes.get(card, [])), faded))
    return parts, top + OFFER_BOX_H + 8


OFFER_BOX_H = 18 + 14 + OFFER_BAND * H + 6  # a column's box: its title, a card's number and the card


@drawn
def offer_box(left: float, top: float, width: float, number: int, drafting: bool, empty: bool) -> str:
    """Column `number`'s box, its border strong while `drafting`."""
    border = f'stroke="{CURRENT}" stroke-width="3"' if drafting else 'stroke="#adb5bd"'
    title = f"Column {number}" + (" · now" if drafting else "")
    part = (rect(left, top, width, OFFER_BOX_H, f'rx="5" fill="{PANEL}" {border}')
            + left_text(left + 5, top + 14, title, 11, ' font-weight="bold"'))
    if empty:
        part += text(left + width / 2, top + 18 + OFFER_BAND * H / 2, "empty", 10, ' fill="#868e96"')
    return part


@drawn
def offer_card(x: float, y: float, width: float, number: int, card: int, cells: tuple[str, ...],
               actions: tuple[str, ...], faded: bool) -> str:
    """Card `card` on offer in column `number`, its number above it; faded while another column is drafted."""
    fade = ' opacity="0.45"' if faded else ""
    title_lines = [f"Card {card} in column {number}: {reads(cells)}, top to bottom"]
    if actions:
        title_lines.append("tap to take it")
    parts = [text(x + width / 2, y - 3, f"#{card}", 10, f' font-weight="bold"{fade}'),
             f"<g{piece(card)}{attributes('offer', str(card), list(actions), 'offer', f'column {number}')}"
             f"{fade}>" + titled(title_lines) + offered_face(card, x, y, width, OFFER_BAND, False)]
    if actions:
        parts.append(rect(x, y, width, OFFER_BAND * H, f'class="highlight" rx="3" fill="{HIGHLIGHT}" '
                          f'fill-opacity="0.15" stroke="{HIGHLIGHT}" stroke-width="3"'))
    return "".join([*parts, "</g>"])


def hand_svg(view: CardsView, top: float) -> tuple[str, float]:
    """The card in hand, upright and upside down side by side, with where each way goes."""
    return drawn_hand(view["holding"], view["current"], top)


@drawn
def drawn_hand(card: int | None, current: int, top: float) -> tuple[str, float]:
    if card is None:
        return "", top
    cells = COMPONENTS.cards[card - 1].cells
    width, band = 40.0, 24.0
    title = (f"Card {card}, held by {seat_name(current)}: {reads(cells)} upright ({HELD_UP} columns), "
             f"{reads(cells[::-1])} upside down ({HELD_DOWN} columns)")
    height = band * H + 8
    parts = [rect(MARGIN, top, AVAIL, height, f'rx="5" fill="{PANEL}" stroke="{CURRENT}" stroke-width="2"'),
             f'<g{piece(card)} data-state="hand" class="hand" data-hand="{card}">{titled([title])}']
    right = MARGIN + AVAIL - 6
    for index, down in enumerate((False, True)):
        parts.append(card_face(card, right - (2 - index) * (width + 8) + 8, top + 4, width, band, down))
    parts.append("</g>")
    lines = [(f"In hand: card {card}", 13, ' font-weight="bold"'),
             (f"{HELD_UP} columns: upright (left)", 11, ""),
             (f"{HELD_DOWN} columns: upside down (right)", 11, "")]
    y = top + 6
    for words_, size, extra in lines:
        y += size + 8
        parts.append(left_text(MARGIN + 8, y, words_, size, extra))
    return "".join(parts), top + height + 8


# --- a layout -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Scale:
    least: float  # a column's least width
    band: float  # a band's height
    most: float  # a column's greatest width


class Grid(Placing):
    """Where a layout's grid lies: its columns cut into strips of as many as fit side by side, each strip
    under the last with its own column marks on top."""

    HEADER = 16

    def __init__(self, top: float, xs: range, ys: range, scale: Scale) -> None:
        per_strip = max(1, int(AVAIL // scale.least))
        self.top, self.xs, self.ys, self.band = top, xs, ys, scale.band
        self.width = min(scale.most, AVAIL / min(len(xs), per_strip))
        self.left = MARGIN + (AVAIL - self.width * min(len(xs), per_strip)) / 2  # centred
        self.strips = [range(start, min(start + per_strip, xs.stop)) for start in range(xs.start, xs.stop, per_strip)]
        self.strip_height = self.HEADER + scale.band * len(ys)
        # (the strips' height places the cells only from the second strip on)
        self.placing = (top, xs.start, len(self.strips[0]), self.width, self.left, self.band, ys.start,
                        self.strip_height if len(self.strips) > 1 else None)

    def strip_of(self, column: int) -> int:
        return (column - self.xs.start) // len(self.strips[0])

    def x(self, column: int) -> float:
        return self.left + self.width * (column - self.strips[self.strip_of(column)].start)

    def strip_top(self, strip: int) -> float:
        return self.top + strip * (self.strip_height + STRIP_GAP)

    def y(self, band: int, column: int) -> float:
        return self.strip_top(self.strip_of(column)) + self.HEADER + self.band * (band - self.ys.start)

    def centre(self, column: int, band: int) -> tuple[float, float]:
        return self.x(column) + self.width / 2, self.y(band, column) + self.band / 2

    def bottom(self) -> float:
        return self.strip_top(len(self.strips) - 1) + self.strip_height


def grid_svg(grid: Grid) -> str:
    return drawn_grid(grid, grid.xs, grid.ys)


@drawn
def drawn_grid(grid: Grid, xs: range, ys: range) -> str:
    """The strips' backgrounds, faint lines and column marks, over the columns `xs` and bands `ys`."""
    parts = ['<g class="grid">']
    for number, strip in enumerate(grid.strips):
        top = grid.strip_top(number) + Grid.HEADER
        left, right = grid.x(strip.start), grid.x(strip.start) + grid.width * len(strip)
        bottom = top + grid.band * len(ys)
        parts.append(rect(left, top, right - left, bottom - top, 'fill="#fff" stroke="#dee2e6"'))
        for band in range(1, len(ys)):
            parts.append(line(left, top + grid.band * band, right, top + grid.band * band, 'stroke="#f1f3f5"'))
        for column in strip:
            x = grid.x(column)
            if column != strip.start:
                parts.append(line(x, top, x, bottom, 'stroke="#f1f3f5"'))
            down = upside_down(column)
            parts.append("<g>" + titled([column_words(down)])
                         + text(x + grid.width / 2, top - 4, HELD_DOWN if down else HELD_UP, 11,
                                ' fill="#495057"') + "</g>")
        if number + 1 < len(grid.strips):  # in the gap under the strip
            parts.append(left_text(right, bottom + STRIP_GAP - 5, "the layout continues below", 10,
                                   ' text-anchor="end" fill="#868e96"'))
    return "".join([*parts, "</g>"])


@drawn
def layout_card_svg(grid: Grid, seat: int, card: int, column: int, band: int) -> str:
    face = card_face(card, grid.x(column), grid.y(band, column), grid.width, grid.band, upside_down(column), column,
                     band)
    return layout_card_group(seat, card, column, band) + face + "</g>"


def cluster_svg(grid: Grid, cluster: ClusterEntry) -> str:
    return drawn_cluster(grid, cluster["colour"], tuple(cluster["cells"]))


@drawn
def drawn_cluster(grid: Grid, colour: str, cells: tuple[str, ...]) -> str:
    inset = 1.5 + 1.2 * COMPONENTS.colour_codes.index(colour)
    path = outline_path(grid, cluster_cells(cells), inset, grid.width, grid.band)
    return (f'<path class="cluster" data-colour={quoteattr(colour)} d="{path}" fill="none" '
            f'stroke="{OUTLINE[colour]}" stroke-width="2" stroke-linecap="square" pointer-events="none"/>')


def spot_svg(grid: Grid, column: int, band: int, actions: list[str], labels: tuple[str, ...]) -> list[str]:
    """A place the held card may go: the band its middle would cover, inset so that no two places touch. Two
    parts: what it says (the actions' `labels`), new with each layout, and what it shows."""
    return [f"<g{attributes('spot', f'{column},{band}', actions, 'spot')}>" + titled(labels),
            spot_shape(grid, column, band)]


@drawn
def spot_shape(grid: Grid, column: int, band: int) -> str:
    left, top = grid.x(column) + INSET, grid.y(band + 1, column) + INSET
    return (rect(left, top, grid.width - 2 * INSET, grid.band - 2 * INSET,
                 f'class="highlight" rx="3" fill="{HIGHLIGHT}" fill-opacity="0.12" stroke="{HIGHLIGHT}" '
                 f'stroke-width="1.5" stroke-dasharray="4 3"')
            + "</g>")


def cluster_line(cluster: ClusterEntry | None, colour: str) -> str:
    name = COLOUR_NAMES[colour].capitalize()
    if cluster is None:
        return f"{name}: no cluster"
    nuts, squirrels, points = cluster["nuts"], cluster["squirrels"], cluster["points"]
    words_ = f"{name}: {plural(nuts, 'nut')}"
    if squirrels:
        words_ += f" ×{points // nuts} ({plural(squirrels, 'squirrel')})"
    return words_ + f" = {plural(points, 'point')}"


def breakdown_svg(view: CardsView, seat: int, left: float, top: float) -> tuple[str, float]:
    clusters = {cluster["colour"]: cluster for cluster in view["clusters"][seat]}
    said = tuple((cluster_line(clusters[colour], colour) if colour in clusters else None)
                 for colour in COMPONENTS.colour_codes)
    return drawn_breakdown(said, view["points"][seat], left, top)


@drawn
def drawn_breakdown(said: tuple[str | None, ...], points: int, left: float, top: float) -> tuple[str, float]:
    """Each colour's cluster in words (`said`, None for no cluster) and the total `points`; the bottom."""
    parts = ['<g class="breakdown">']
    y = top
    for colour, words_ in zip(COMPONENTS.colour_codes, said, strict=True):
        y += LINE
        parts.append(circle(left + 5, y - 4, 5, f'fill="{NUT_FILL[colour]}" stroke="#212529"'))
        parts.append(left_text(left + 15, y, cluster_line(None, colour) if words_ is None else words_, 11,
                               "" if words_ is not None else ' fill="#6c757d"'))
    y += LINE
    parts.append(left_text(left, y, f"Total: {plural(points, 'point')}", 11, ' font-weight="bold"'))
    return "".join([*parts, "</g>"]), y


def layout_svg(view: CardsView, seat: int, top: float, places: dict[tuple[int, int], list[str]],
               main: bool) -> tuple[list[str], float]:
    """A player's panel, a part each piece: the title and marks, the grid with the cards in the order placed,
    the scoring clusters, the places offered, and the breakdown; the bottom it reaches."""
    marks = panel_marks(view, seat)
    y = top + 20
    if marks:
        y += 16
    if not view["layouts"][seat] and not places:
        y += LINE + 2
        body = [left_text(MARGIN + 6, y, "No cards yet", 11, ' fill="#6c757d"')]
        bottom = y + 10
    else:
        xs, ys = extent(view, seat, list(places))
        body, bottom = layout_body(view, seat, Grid(y + 6, xs, ys, Scale(*(BIG if main else SMALL))), places)
    head = panel_head(seat, top, bottom, seat == view["to_move"], main, view["points"][seat], marks)
    return [head, *body, "</g>"], bottom + 8


def layout_body(view: CardsView, seat: int, grid: Grid,
                places: dict[tuple[int, int], list[str]]) -> tuple[list[str], float]:
    """A layout's grid, its cards, clusters, the places offered and the breakdown; the panel's bottom."""
    body = [grid_svg(grid)]
    body += [layout_card_svg(grid, seat, p["card"], p["x"], p["y"]) for p in view["layouts"][seat]]
    body += [cluster_svg(grid, cluster) for cluster in view["clusters"][seat]]
    said = place_labels(view, places)
    for (x, band), actions in sorted(places.items()):
        body += spot_svg(grid, x, band, actions, said[x, band])
    breakdown, end = breakdown_svg(view, seat, MARGIN + 8, grid.bottom() + 4)
    body.append(breakdown)
    return body, end + 10


@drawn
def panel_head(seat: int, top: float, bottom: float, to_move: bool, main: bool, points: int, marks: str) -> str:
    """A panel's group opened, its background reaching `bottom`, its title and marks."""
    border = f'stroke="{CURRENT}" stroke-width="3"' if to_move else 'stroke="#adb5bd"'
    title = f"{seat_name(seat)} · {plural(points, 'point')}"
    head = (f'<g class="layout" data-seat="{seat}">'
            + rect(MARGIN - 2, top, AVAIL + 4, bottom - top, f'rx="6" fill="{PANEL}" {border}')
            + left_text(MARGIN + 6, top + 20, title, 14 if main else 12, ' font-weight="bold"'))
    if marks:
        head += left_text(MARGIN + 6, top + 20 + 16, marks, 11, ' fill="#495057"')
    return head


def main_seat(view: CardsView, places: dict[tuple[int, int], list[str]]) -> int:
    """The layout drawn large: where places are offered, else the viewer's, else the seat to move's (else the
    first winner's, or the deck holder's while cards are dealt)."""
    if places:
        return view["current"]
    seat = view.get("seat")
    if seat is not None:
        return seat
    if isinstance(view["to_move"], int):
        return view["to_move"]
    winners = view.get("winners", [])
    return winners[0] if winners else view["current"]


# --- the legend ---------------------------------------------------------------------------------------------
def legend_svg(view: CardsView, top: float) -> tuple[str, float]:
    """What the drawings mean, row after row, and the squirrels option in force; the bottom it reaches."""
    return drawn_legend(view["squirrels"], top)


@drawn
def drawn_legend(squirrels: str, top: float) -> tuple[str, float]:
    items: list[tuple[str, str]] = [(code, COLOUR_NAMES[code]) for code in COMPONENTS.colour_codes]
    items += [(WILD, "wild nut"), (SQUIRREL, "squirrel"), ("tree", "tree side"), ("sky", "sky side"),
              ("cluster", "a colour's scoring cluster"), (HELD_UP, "upright column"),
              (HELD_DOWN, "upside-down column")]
    parts = ['<g class="legend">']
    x, y = float(MARGIN), top + 14
    for what, label in items:
        width = 24 + len(label) * 11 * CHAR
        if x + width > MARGIN + AVAIL:
            x, y = float(MARGIN), y + 22
        if what in ("tree", "sky"):
            parts.append(rect(x + 4, y - 10, 7, 20, f'fill="{TREE if what == "tree" else SKY}"'))
        elif what == "cluster":
            parts.append(rect(x, y - 8, 16, 16, f'fill="none" stroke="{OUTLINE[COMPONENTS.colour_codes[0]]}" '
                              f'stroke-width="2"'))
        elif what in (HELD_UP, HELD_DOWN):
            parts.append(text(x + 8, y + 4, what, 11, ' fill="#495057"'))
        else:
            parts.append(glyph(what, x + 8, y, 9, None))
        parts.append(left_text(x + 20, y + 4, label, 11))
        x += width + 6
    rule = ("each squirrel doubles the clusters it touches" if squirrels == "double-each"
            else "squirrels double a cluster only once")
    for words_ in wrapped(f"This game: {rule}.", 11, AVAIL):
        y += 22 if words_.startswith("This game") else LINE
        parts.append(left_text(MARGIN, y + 4, words_, 11, ' fill="#495057"'))
    return "".join([*parts, "</g>"]), y + 16


def render(view: CardsView, legal: Sequence[str]) -> str:
    """The phone picture: what is being decided, the offer, the card in hand, the main layout large and the
    others below it, and the legend; the cards and places that `legal` actions name are targets."""
    takes, places = targets(legal)
    main = main_seat(view, places)
    parts = []
    status, y = status_svg(view, 0)
    parts.append(status)
    if view["phase"] != "over":  # at the end the columns are empty: the layouts come first
        offer, y = offer_svg(view, takes, y)
        parts += offer
    hand, y = hand_svg(view, y)
    parts.append(hand)
    seats = [main] + [(main + step) % view["players"] for step in range(1, view["players"])]
    for seat in seats:
        panel, y = layout_svg(view, seat, y, places if seat == main else {}, seat == main)
        parts += panel
    legend, y = legend_svg(view, y)
    parts.append(legend)
    height = y + MARGIN
    return document(WIDTH, height, "Nut", TARGET_STYLE, [rect(0, 0, WIDTH, height, 'fill="#fff"'), *parts])
