"""The phone picture of a Nuts! view: the desktop picture's board (render_svg.py) redrawn for a screen held
upright, 358 CSS px wide, where the picture's `width` is drawn at that size (one unit, one CSS px).

From the top: the status in as many lines as it needs, each seat's points and Boxed Nuts, the factory
floor across the whole width, the key to the nut colours, and the trucks three to a row. In Shipping the
trucks come before the floor, since they are what the seat to move decides on. Every text is 10 px or more,
and every element a legal action targets (the same ones, marked the same way, as the desktop picture's:
free tile places, tiles, machines, Box Holders, cells of the Squirrel's row, trucks) offers at least 32 x 32
px to a finger; no two of them overlap, so a tap lands on one place only. Column and row numbers head the
floor ("column", "row") instead of labelling every place. Like the desktop picture, it draws the view and
`legal` only, so the same input always gives the same text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from nutbox.core import seat_name, with_names
from nutbox.core.svg import EXTENT_STYLE, TARGET_STYLE, Kept, document, drawn, left_text, line, rect, text
from nutbox.games.nuts_factory.components import COMPONENTS
from nutbox.games.nuts_factory.render_svg import (
    COLUMNS,
    LAST_ROW,
    PATH,
    Box,
    Floor,
    TruckLook,
    aims,
    box_svg,
    floor_parts,
    kept_unless_aimed,
    status_parts,
    truck_svg,
)
from nutbox.games.nuts_factory.view import FactoryView
from nutbox.games.nuts_factory.words import SEAT_COLOURS

WIDTH = 358  # the page draws the picture 358 CSS px wide: a unit is a CSS px
MARGIN = 4
LABEL_WIDTH = 24  # the row numbers, headed "row"
CELL = (WIDTH - LABEL_WIDTH - 2) / COLUMNS  # 41.5: a free tile place's tap area lies between two belts
HEADER = 30  # above the floor: "column" and the column numbers
ROW_HEIGHT = {"dispensers": 32, "conveyor": 40, "salter": 40, "roaster": 40, "squirrel": 40, "box-holders": 70}
MACHINE_NAMES = (("salter", "Salter"), ("roaster", "Roaster"))
STATUS_SIZE = 12
LINE = 17  # a status line
SCORE_LINE = 22  # a seat's line of points and Boxed Nuts
SCORE_BOX = (18, 16, 11)  # a Boxed Nut: width, height, code size
SCORES_BOXES_LEFT = 138  # where the Boxed Nuts start on a seat's line
TRUCKS_PER_ROW = 3
TRUCK_GAP = 4
TRUCK_WIDTH = (WIDTH - 2 * MARGIN - (TRUCKS_PER_ROW - 1) * TRUCK_GAP) / TRUCKS_PER_ROW
TRUCK_HEIGHT = 58
TRUCK_LOOK = TruckLook(title_size=11, points_size=11, points_beside=False, boxes_top=21, box_height=18, box_step=18,
                       box_size=11)
# a generous width per character (DejaVu Sans averages about 0.55 of the size), to wrap the status line
CHARACTER = 0.6


@lru_cache(maxsize=64)  # one floor for each height above it: a floor keys its pieces, and hashing one costs
def phone_floor(top: float) -> Floor:
    """The floor from `top` (its header's top), its pieces sized for a finger: a tile place, a cell, a machine
    and a Box Holder fill their column but for a gap of a few px, so that neighbours never overlap."""
    return Floor(left=LABEL_WIDTH, cell=CELL, top=top + HEADER, heights=ROW_HEIGHT, label_x=LABEL_WIDTH / 2,
                 label_size=11, dispenser=(17, 4, 13, 20.5), spot_inset=(1.5, 3), cell_inset=(1.5, 3),
                 machine=(20.5, 3, 10, ""), holder_half=20,
                 boxes=(Box(-16, 5, 32, 24, 13), Box(1, 32, 18, 16, 11), Box(-9, 50, 18, 16, 11),
                        Box(-19, 32, 18, 16, 11)),
                 squirrel=(22, 11, 10, ""), path_width=7)


def wrapped(parts: list[str], size: float, width: float) -> list[str]:
    """The status's parts joined by " · " into lines that fit `width` at `size`, a part never split; a seat's
    name measured as "Player N"."""
    lines: list[str] = []
    for part in parts:
        if lines and len(with_names(lines[-1] + " · " + part)) * size * CHARACTER <= width:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    return lines


def status_svg(view: FactoryView, top: float) -> tuple[list[str], float]:
    """The status lines from `top`; the SVG and the height they take."""
    body, height = drawn_status(tuple(status_parts(view)), top)
    return [body], height


@drawn
def drawn_status(parts: tuple[str, ...], top: float) -> tuple[str, float]:
    """status_svg from the status's parts."""
    lines = wrapped(list(parts), STATUS_SIZE, WIDTH - 2 * MARGIN)
    body = "".join(left_text(MARGIN, top + 13 + LINE * i, words, STATUS_SIZE, ' font-weight="bold"' * (i == 0))
                   for i, words in enumerate(lines))
    return body, LINE * len(lines) + 4


def scores_svg(view: FactoryView, top: float) -> tuple[list[str], float]:
    """A line per seat: whose turn it is (a triangle in the seat's colour), the seat, its points and its Boxed
    Nuts, one box each (wrapping onto more lines if they are many)."""
    seats = range(view["players"])
    moving = None if view["phase"] in ("setup", "over") else view["current"]
    body, height = drawn_scores(top, moving, tuple(view["points"]),
                                tuple(tuple(view["warehouses"][seat][code] for code in COMPONENTS.nut_codes)
                                      for seat in seats))
    return [body], height


@drawn
def drawn_scores(top: float, moving: int | None, points: tuple[int, ...],
                 warehouses: tuple[tuple[int, ...], ...]) -> tuple[str, float]:
    """scores_svg from the seat to move (None: nobody), each seat's points and its Boxed Nuts of each type."""
    width, height, size = SCORE_BOX
    per_line = int((WIDTH - MARGIN - SCORES_BOXES_LEFT) // (width + 1))
    parts = ['<g class="scores">']
    y = top
    for seat, (seat_points, counts) in enumerate(zip(points, warehouses, strict=True)):
        baseline = y + 15
        if seat == moving:
            parts.append(f'<polygon points="{MARGIN},{y + 5} {MARGIN + 7},{y + 11} {MARGIN},{y + 17}" '
                         f'fill="{SEAT_COLOURS[seat]}"/>')
        parts.append(left_text(MARGIN + 10, baseline, seat_name(seat), 11, ' font-weight="bold"' * (seat == moving)))
        parts.append(left_text(SCORES_BOXES_LEFT - 8, baseline,
                               f"{seat_points} point{'s' if seat_points != 1 else ''}", 11, ' text-anchor="end"'))
        codes = [code for code, count in zip(COMPONENTS.nut_codes, counts, strict=True) for _ in range(count)]
        if not codes:
            parts.append(left_text(SCORES_BOXES_LEFT, baseline, "no Boxed Nuts", 10, ' fill="#868e96"'))
        for index, code in enumerate(codes):
            row, place_in_row = divmod(index, per_line)
            parts.append(box_svg(SCORES_BOXES_LEFT + place_in_row * (width + 1), y + 3 + row * SCORE_LINE, width,
                                 height, code, size))
        y += SCORE_LINE * max(1, -(-len(codes) // per_line))
    parts.append("</g>")
    return "".join(parts), y - top + 6


def floor_svg(view: FactoryView, on: dict[tuple[str, str], list[str]], top: float) -> tuple[list[str], float]:
    """The header ("column", the column numbers, "row") and the floor below it, from `top`."""
    floor = phone_floor(top)
    parts = [floor_header(floor, top), *floor_parts(floor, view, on, "{}", "{}", MACHINE_NAMES)]
    return parts, floor.bottom_of(LAST_ROW) - top + 8


@drawn
def floor_header(floor: Floor, top: float) -> str:
    return (left_text(floor.left + 2, top + 10, "column", 10, ' fill="#495057"')
            + text(floor.label_x, floor.top - 6, "row", 10, ' fill="#495057"'))


@drawn
def legend_svg(top: float) -> tuple[list[str], float]:
    """The nut colours on one line, the Connecting Path's on the next."""
    parts = ['<g class="legend">']
    x: float = MARGIN
    for code, name in zip(COMPONENTS.nut_codes, COMPONENTS.nut_names, strict=True):
        parts.append(box_svg(x, top + 2, 20, 16, code, 11))
        parts.append(left_text(x + 24, top + 14, name, 11))
        x += 34 + 6.5 * len(name)
    y = top + 24
    parts.append(line(MARGIN, y + 8, MARGIN + 20, y + 8, f'stroke="{PATH}" stroke-opacity="0.6" stroke-width="8"'))
    parts.append(left_text(MARGIN + 24, y + 12, "Connecting Path: nuts reach a box of their kind", 11))
    parts.append("</g>")
    return ["".join(parts)], 46


WAITING = Kept()  # the trucks when none is aimed at (most views), by where they start and which wait


def trucks_svg(view: FactoryView, on: dict[tuple[str, str], list[str]], top: float) -> tuple[list[str], float]:
    """The trucks still waiting, three to a row under a heading; the picture is as tall as they need."""
    rows = -(-len(view["trucks"]) // TRUCKS_PER_ROW)
    height = 22 + rows * (TRUCK_HEIGHT + TRUCK_GAP) + 6
    return [kept_unless_aimed(WAITING, (top, tuple(view["trucks"])), on, "truck",
                              lambda: all_trucks_svg(view, on, top))], height


def all_trucks_svg(view: FactoryView, on: dict[tuple[str, str], list[str]], top: float) -> str:
    title = "Trucks waiting" if view["trucks"] else "Every truck has driven away"
    parts = [left_text(MARGIN, top + 14, title, 12, ' font-weight="bold"')]
    first = top + 22
    for index, truck_id in enumerate(view["trucks"]):
        row, column = divmod(index, TRUCKS_PER_ROW)
        x = MARGIN + column * (TRUCK_WIDTH + TRUCK_GAP)
        y = first + row * (TRUCK_HEIGHT + TRUCK_GAP)
        parts.append(truck_svg(view, x, y, TRUCK_WIDTH, TRUCK_HEIGHT, truck_id, on.get(("truck", str(truck_id)), []),
                               TRUCK_LOOK))
    return "".join(parts)


def render(view: FactoryView, legal: Sequence[str]) -> str:
    """The phone picture as an SVG document; the elements that `legal` actions target are marked and tappable."""
    on = aims(view, legal)
    sections: list[Callable[[float], tuple[list[str], float]]] = [
        lambda top: status_svg(view, top),
        lambda top: scores_svg(view, top),
        lambda top: floor_svg(view, on, top),
        legend_svg,
        lambda top: trucks_svg(view, on, top),
    ]
    if view["phase"] == "shipping":  # what the seat to move decides on first
        sections.insert(2, sections.pop())
    body: list[str] = []
    top = 4.0
    for section in sections:
        svg, height = section(top)
        body += svg
        top += height
    return document(WIDTH, top, "Nuts!", TARGET_STYLE + EXTENT_STYLE, [rect(0, 0, WIDTH, top, 'fill="#fff"'), *body])
