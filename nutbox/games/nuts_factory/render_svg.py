"""The browser picture of a Nuts! view: a standalone SVG of the factory floor, with what the viewer may act
on made clickable.

Above the floor, the status line and every seat's points. The floor is a grid, its rows and columns
numbered: the dispensers (a colour per nut type, with its code, which the key at the bottom names) on top,
a belt down every column, conveyor tiles laid over two columns with their own belts (a Cross is an X, a
splitter or joiner a Y; a red bar closes an entrance with no belt), the Salters and Roasters in their rows,
the Squirrel in his (pale and dashed while fed), and the Box Holders at the bottom with the top box large
and the other three small around it. Connecting Paths are traced in yellow from their dispenser to their
box, as the rulebook highlights them. The trucks still waiting are a row of cards below, each with its load
and points. Tooltips say everything in words, what a click does included (words.label).

An element that one of the `legal` actions targets (a free tile spot for build, a tile for clear and
move, a Box Holder for spin and spin-back, a machine, a cell of the Squirrel's row for squirrel and hunt,
a truck for ship) is highlighted and carries class="target" and data-action (the first such action's
text); data-actions lists them all, separated by "|" because action texts hold spaces. Actions with no
place on the board (feed, done, produce, play, discard, take, exchange) are left to the table's buttons.

Each place that can change carries data-state, what it shows now: each row of the floor between the
dispensers and the Box Holders (data-row) its tiles, machines or Squirrel, a tile its kind, a free tile place
"free", a machine its kind, a Box Holder its number and boxes as turned, the Squirrel "awake" or "napping",
a waiting truck "waiting". A table compares it with the same place in an earlier picture to mark what
changed. Tiles, machines and the Squirrel are named by where they stand, so one that is built or moves is a
new place with no earlier state: its row is what changes. The dispensers never change; the die is not drawn.
The drawing depends on the view and `legal` only, so the same input always gives the same text.

The pieces of the floor are drawn to a `Floor`, which says where the floor lies and how large its pieces
are; the phone picture (render_phone.py) draws the same pieces to its own. The pieces drawn again and again (the
rows, the belts, the tiles, the Connecting Paths, the Box Holders, the trucks) are kept once drawn
(core.svg.drawn), each keyed by the floor and what of the view it shows, so a move redraws what it changed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import astuple, dataclass
from functools import cached_property, lru_cache
from xml.sax.saxutils import quoteattr

from nutbox.core import Action, seat_name
from nutbox.core.svg import (
    EXTENT_STYLE,
    HIGHLIGHT,
    TARGET_STYLE,
    Kept,
    attributes,
    document,
    drawn,
    highlight,
    left_text,
    line,
    num,
    rect,
    targets,
    text,
    titled,
)
from nutbox.games.nuts_factory import production
from nutbox.games.nuts_factory.actions import (
    NOTATION,
    SPOTS,
    Build,
    Clear,
    Hunt,
    MoveMachine,
    MoveTile,
    Ship,
    Spin,
    SpinBack,
    SquirrelTo,
    place,
    tile_name,
    tile_place,
)
from nutbox.games.nuts_factory.components import COMPONENTS
from nutbox.games.nuts_factory.view import FactoryView, MachineView, TileView
from nutbox.games.nuts_factory.words import label, truck_load

COLUMNS = COMPONENTS.columns
ROWS = COMPONENTS.rows
LAST_ROW = len(ROWS) - 1


@dataclass(frozen=True)
class Box:
    """A box of a Box Holder, from the holder's middle and top: where, how large, and its code's size."""

    dx: float
    dy: float
    width: float
    height: float
    size: float


@dataclass(frozen=True)
class Floor:
    """Where a picture draws the factory floor and how large its pieces are: the desktop picture's and the
    phone's (render_phone.py) differ only in these numbers."""

    left: float  # column 1's left edge
    cell: float  # a column's width
    top: float  # the dispensers' top edge
    heights: Mapping[str, float]  # each kind of row's height
    label_x: float  # the middle of the row numbers
    label_size: float
    dispenser: tuple[float, float, float, float]  # half its width, its inset from the row's top, code size, baseline
    spot_inset: tuple[float, float]  # a free tile place's clickable part, inside its two belts
    cell_inset: tuple[float, float]  # a cell of the Squirrel's row, inside its column
    machine: tuple[float, float, float, str]  # half its width, inset from the row's top and bottom, name's size
    # and attributes
    holder_half: float  # half a Box Holder's width
    boxes: tuple[Box, Box, Box, Box]  # top, right, bottom, left
    squirrel: tuple[float, float, float, str]  # half his width and height, his name's size and attributes
    path_width: float

    def x_of(self, column: int) -> float:
        """The middle of a column (from 1), where its belt runs."""
        return self.left + self.cell * (column - 0.5)

    def top_of(self, row: int) -> float:
        return self.tops[row]

    @cached_property
    def tops(self) -> tuple[float, ...]:
        """Each row's top edge, added up once."""
        return tuple(self.top + sum(self.heights[kind] for kind in ROWS[:row]) for row in range(len(ROWS)))

    def height_of(self, row: int) -> float:
        return self.heights[ROWS[row]]

    def bottom_of(self, row: int) -> float:
        return self.top_of(row) + self.height_of(row)

    @property
    def right(self) -> float:
        return self.left + COLUMNS * self.cell

    def __hash__(self) -> int:  # a floor keys the pieces drawn to it (core.svg.drawn)
        return self.hashed

    @cached_property
    def hashed(self) -> int:
        return hash(tuple(tuple(value.items()) if isinstance(value, Mapping) else value for value in astuple(self)))


MARGIN = 10
LABEL_WIDTH = 44  # the row numbers, row 0 to row 12
CELL = 72  # a column's width
TOP = 66  # the status line, the scores and the column numbers above the floor
ROW_HEIGHT = {"dispensers": 46, "conveyor": 34, "salter": 34, "roaster": 34, "squirrel": 38, "box-holders": 92}
FLOOR = Floor(
    left=MARGIN + LABEL_WIDTH, cell=CELL, top=TOP, heights=ROW_HEIGHT, label_x=MARGIN + LABEL_WIDTH / 2,
    label_size=11, dispenser=(26, 6, 15, 29), spot_inset=(6, 5), cell_inset=(5, 4),
    machine=(27, 4, 11, ' font-weight="bold"'),
    holder_half=34, boxes=(Box(-22, 7, 44, 32, 15), Box(11, 44, 22, 18, 9), Box(-11, 66, 22, 18, 9),
                           Box(-33, 44, 22, 18, 9)),
    squirrel=(31, 11, 11, ' font-weight="bold"'), path_width=10)
ROW_TOPS = tuple(FLOOR.top_of(row) for row in range(len(ROWS)))
FLOOR_LEFT = FLOOR.left
FLOOR_BOTTOM = FLOOR.bottom_of(LAST_ROW)
WIDTH = FLOOR_LEFT + COLUMNS * CELL + MARGIN
TRUCKS_PER_ROW = 6
TRUCK_GAP = 6
TRUCK_WIDTH = (WIDTH - 2 * MARGIN - (TRUCKS_PER_ROW - 1) * TRUCK_GAP) / TRUCKS_PER_ROW
TRUCK_HEIGHT = 58
TRUCKS_TOP = FLOOR_BOTTOM + 28
# room for every truck there is, so the picture keeps its size as trucks drive away
TRUCK_ROWS = -(-len(COMPONENTS.trucks) // TRUCKS_PER_ROW)
LEGEND_TOP = TRUCKS_TOP + TRUCK_ROWS * (TRUCK_HEIGHT + TRUCK_GAP) + 4
HEIGHT = LEGEND_TOP + 26

ROW_WORDS = {"dispensers": "the dispensers", "conveyor": "conveyor tiles", "salter": "the Salters",
             "roaster": "the Roasters", "squirrel": "the Squirrel's row", "box-holders": "the Box Holders"}
BAND = {"dispensers": "#f1f3f5", "conveyor": "#f8f9fa", "salter": "#e7f5ff", "roaster": "#fff4e6",
        "squirrel": "#f4fce3", "box-holders": "#f3ead8"}
# each nut type's colour (almond, cashew, peanut, pistachio, in the component order) as fill, with a text colour
# that reads on it
NUT_FILL = dict(zip(COMPONENTS.nut_codes, (("#e0a96d", "#000"), ("#f3e3b3", "#000"), ("#9c6b36", "#fff"),
                                           ("#94c84f", "#000")), strict=True))
MACHINE_FILL = {"salter": "#d0ebff", "roaster": "#ffc078"}
MACHINE_DOES = {"salter": "salted", "roaster": "roasted"}
BELT, TILE_FILL, TILE_INK, BLOCKED = "#adb5bd", "#dee2e6", "#495057", "#c92a2a"
PATH, SQUIRREL, NAPPING = "#fcc419", "#8b4513", "#e6cdb4"  # a fed Squirrel naps in pale colours
PHASES = {
    "setup": "Setup: placing the Box Holders",
    "config": "Configuration",
    "squirrel": "Squirrel Movement: the die is rolled",
    "scamper": "Squirrel Movement: the eight-sided die is rolled",
    "hunt": "Squirrel Movement: a tied Hunt",
    "before-production": "before Production",
    "draw": "Production: drawing bonus cards",
    "between-draws": "Production: between two bonus cards",
    "shipping": "Shipping",
    "cleanup": "Cleanup",
}
# a bonus effect waiting for its target, in the status line
EFFECT_WORDS = {
    "spin-back": "spin a Box Holder back",
    "move-squirrel": "move the Squirrel",
    "move-machine": "move a Salter or Roaster",
    "slide-far": "slide a tile along its row",
    "move-tile": "move a tile",
    "take-nut": "take a Boxed Nut",
    "exchange-nut": "exchange a Boxed Nut",
}


def x_of(column: int) -> float:
    """The middle of a column (from 1) in the desktop picture, where its belt runs."""
    return FLOOR.x_of(column)


@lru_cache(maxsize=8192)  # an action's text always reads as the same (frozen) action
def parsed(action_text: str) -> Action:
    return NOTATION.parse(action_text)


def click_words(view: FactoryView, actions: list[str]) -> list[str]:
    """The tooltip's last lines on a target: what a click does, and what else is legal there, in words."""
    if not actions:  # most places, on most views
        return []
    said = [label(parsed(action), view) for action in actions]
    return [f"click: {words}" if i == 0 else f"also here: {words}" for i, words in enumerate(said)]


def nut_name(code: str) -> str:
    return COMPONENTS.nut_names[COMPONENTS.nut_codes.index(code)]


# --- what the legal actions aim at -------------------------------------------------------------------------
def target_of(action: Action, squirrel: int) -> tuple[str, str] | None:
    """The element an action is aimed at, as (data attribute, its value); None if it has no place on the board.
    `squirrel` is his column (from 1), which a Hunt steps away from."""
    if isinstance(action, Build):
        return "spot", place(action.row, action.col)
    if isinstance(action, (Clear, MoveTile)):
        return "tile", place(action.row, action.col)
    if isinstance(action, (Spin, SpinBack)):
        return "holder", str(action.col + 1)
    if isinstance(action, MoveMachine):
        return "machine", place(action.row, action.col)
    if isinstance(action, SquirrelTo):
        return "cell", str(action.col + 1)
    if isinstance(action, Hunt):
        return "cell", str(squirrel + (1 if action.direction == "right" else -1))
    if isinstance(action, Ship):
        return "truck", str(action.truck)
    return None


# --- the routes of the Connecting Paths ------------------------------------------------------------------
Placed = tuple[tuple[int, int, str], ...]  # tiles or machines, each (row, column from 1, kind)
Wanted = tuple[tuple[int, int, bool, bool, int], ...]  # Connecting Paths, each (from, to, salted, roasted, squirrel)


def path_routes(view: FactoryView) -> tuple[production.Trace, ...]:
    """The single routes of the view's Connecting Paths, traced by the engine's own belt rules; kept by what they
    are traced from, whatever the floor they are drawn to."""
    return traced_routes(tuple((tile["row"], tile["column"], tile["kind"]) for tile in view["tiles"]),
                         tuple((m["row"], m["column"], m["kind"]) for m in view["machines"]), view["unused_end"],
                         tuple((path["from"], path["to"], path["salted"], path["roasted"], path["squirrel_column"])
                               for path in view["paths"]))


@drawn
def traced_routes(tiles: Placed, machines: Placed, unused_end: str, wanted: Wanted) -> tuple[production.Trace, ...]:
    """path_routes from the tiles, the machines, the rule for a belt's unused end and the Connecting Paths."""
    found: dict[tuple[int, int, bool, bool, int], list[production.Trace]] = {}
    for route in production.traces({(row, column - 1): kind for row, column, kind in tiles},
                                   {(row, column - 1): kind for row, column, kind in machines}, unused_end == "fall"):
        key = (route.columns[0] + 1, route.columns[-1] + 1, route.salted, route.roasted,
               route.columns[COMPONENTS.squirrel_row] + 1)
        found.setdefault(key, []).append(route)
    return tuple(route for key in wanted for route in found.get(key, []))


def routes_svg(floor: Floor, view: FactoryView) -> str:
    """Every Connecting Path's route (path_routes), each drawn by route_svg."""
    return drawn_routes(floor, path_routes(view))


@drawn
def drawn_routes(floor: Floor, routes: tuple[production.Trace, ...]) -> str:
    return "".join(route_svg(floor, route) for route in routes)


def route_svg(floor: Floor, route: production.Trace) -> str:
    """A route as a line down the belts: straight through a row, across a tile from its top to its bottom."""
    x_at = floor.x_of
    points = [(x_at(route.columns[0] + 1), floor.bottom_of(0) - 8)]
    for row in range(1, LAST_ROW):
        points += [(x_at(route.columns[row - 1] + 1), floor.top_of(row)),
                   (x_at(route.columns[row] + 1), floor.bottom_of(row))]
    points.append((x_at(route.columns[-1] + 1), floor.top_of(LAST_ROW) + 8))
    kept = [point for i, point in enumerate(points) if i == 0 or point != points[i - 1]]
    return (f'<polyline class="path" data-from="{route.columns[0] + 1}" data-to="{route.columns[-1] + 1}" '
            f'points="{" ".join(f"{num(x)},{num(y)}" for x, y in kept)}" fill="none" '
            f'stroke="{PATH}" stroke-opacity="0.6" stroke-width="{num(floor.path_width)}" stroke-linejoin="round" '
            f'stroke-linecap="round" pointer-events="none"/>')


# --- the floor ---------------------------------------------------------------------------------------------
def row_state(view: FactoryView, row: int) -> str | None:
    """What a row of the floor holds now, for a table to mark the rows that changed ("cross c5-c6"); None for
    the dispensers and the Box Holders, which never move along their rows."""
    kind = ROWS[row]
    if kind == "conveyor":
        held = [f"{t['kind']} c{t['column']}-c{t['column'] + 1}" for t in view["tiles"] if t["row"] == row]
    elif kind == "squirrel":
        held = [f"squirrel c{view['squirrel']}" + (" napping" if view["fed"] else "")]
    elif kind in MACHINE_FILL:
        held = [f"{m['kind']} c{m['column']}" for m in view["machines"] if m["row"] == row]
    else:
        return None
    return "; ".join(held) or "empty"


def bands_svg(floor: Floor, view: FactoryView, row_words: str, column_words: str) -> list[str]:
    """The rows, each in its kind's colour with a border, numbered as the notation numbers them. A row whose
    content can change carries data-row and data-state: a tile built, moved or cleared, a machine or the
    Squirrel moved all leave the same row with another state, which a table can mark. `row_words` and
    `column_words` say a row's and a column's number ("row {}"). A part each row, so a move redraws its rows."""
    return ['<g class="rows">', *(drawn_band(floor, row, row_state(view, row), row_words) for row in range(len(ROWS))),
            column_numbers(floor, column_words), "</g>"]


@drawn
def drawn_band(floor: Floor, row: int, state: str | None, row_words: str) -> str:
    """A row of bands_svg from its state."""
    kind = ROWS[row]
    top, height = floor.top_of(row), floor.height_of(row)
    place_attributes = "" if state is None else f" data-row=\"{row}\" data-state={quoteattr(state)}"
    return (rect(floor.left, top, COLUMNS * floor.cell, height,
                 f'fill="{BAND[kind]}" stroke="#343a40"{place_attributes}')
            + "<g>" + titled([f"row {row}: {ROW_WORDS[kind]}"])
            + text(floor.label_x, top + height / 2 + 4, row_words.format(row), floor.label_size, ' fill="#495057"')
            + "</g>")


@drawn
def column_numbers(floor: Floor, column_words: str) -> str:
    return "".join(text(floor.x_of(column), floor.top - 6, column_words.format(column), 11,
                        ' font-weight="bold" fill="#495057"') for column in range(1, COLUMNS + 1))


def belts_svg(floor: Floor, view: FactoryView) -> list[str]:
    """A belt down every column, except across a tile, which carries its own: a part each column."""
    covered: dict[int, list[int]] = {}
    for tile in view["tiles"]:
        for side in (0, 1):
            covered.setdefault(tile["column"] + side, []).append(tile["row"])
    return ['<g class="belts">',
            *(drawn_belt(floor, column, frozenset(covered.get(column, ()))) for column in range(1, COLUMNS + 1)),
            "</g>"]


@drawn
def drawn_belt(floor: Floor, column: int, covered: frozenset[int]) -> str:
    """A column's belts from the rows where tiles cover it."""
    x = floor.x_of(column)
    return "".join(line(x, floor.top_of(row), x, floor.bottom_of(row), f'stroke="{BELT}" stroke-width="3"')
                   for row in range(1, LAST_ROW) if row not in covered)


def dispensers_svg(floor: Floor, view: FactoryView) -> str:
    return drawn_dispensers(floor, tuple((path["from"], path["to"]) for path in view["paths"]))


@drawn
def drawn_dispensers(floor: Floor, paths: tuple[tuple[int, int], ...]) -> str:
    """The dispensers, from the Connecting Paths (from, to)."""
    sources = {start for start, _ in paths}
    half, inset, size, baseline = floor.dispenser
    parts = []
    for column, nut in enumerate(COMPONENTS.dispensers, 1):
        code = COMPONENTS.nut_codes[nut]
        fill, ink = NUT_FILL[code]
        x, top = floor.x_of(column), floor.top_of(0)
        lines = [f"{nut_name(code).capitalize()} dispenser, column {column}"]
        lines += [f"Connecting Path to column {end}" for start, end in paths if start == column]
        stroke = f'stroke="{PATH}" stroke-width="5"' if column in sources else 'stroke="#343a40" stroke-width="1.5"'
        parts.append(f'<g class="dispenser" data-column="{column}">{titled(lines)}'
                     + rect(x - half, top + inset, 2 * half, floor.height_of(0) - 2 * inset,
                            f'rx="6" fill="{fill}" {stroke}')
                     + text(x, top + baseline, code, size, f' font-weight="bold" fill="{ink}"') + "</g>")
    return "".join(parts)


def tile_svg(floor: Floor, view: FactoryView, tile: TileView, actions: list[str]) -> str:
    return drawn_tile(floor, tile["row"], tile["column"], tile["kind"], view["unused_end"], tuple(actions),
                      tuple(click_words(view, actions)))


@drawn
def drawn_tile(floor: Floor, row: int, column: int, kind: str, unused_end: str, actions: tuple[str, ...],
               clicks: tuple[str, ...]) -> str:
    """A tile from where it is, its kind, the rule for a belt's unused end, and its actions with their words."""
    top, bottom = floor.top_of(row), floor.bottom_of(row)
    left = floor.x_of(column) - floor.cell / 2 + 3
    where = place(row, column - 1)
    lines = [f"{tile_name(kind)} in {tile_place(row, column - 1)}"]
    belts = []
    for side, belt in enumerate(COMPONENTS.tiles[kind].belts):
        entry = floor.x_of(column + side)
        for exit_side in belt:
            belts.append(line(entry, top, floor.x_of(column + exit_side), bottom,
                              f'stroke="{TILE_INK}" stroke-width="3" stroke-linecap="round"'))
        if belt:
            goes = " and ".join(f"column {column + exit_side}" for exit_side in belt)
            lines.append(f"a nut entering column {column + side} leaves by {goes}")
        else:
            belts.append(line(entry - 8, top + 6, entry + 8, top + 6, f'stroke="{BLOCKED}" stroke-width="3"'))
            fate = "falls straight through (a rule option of this game)" if unused_end == "fall" else "stops"
            lines.append(f"no belt from column {column + side}: a nut there {fate}")
    width = 2 * floor.cell - 6
    parts = [
        f"<g{attributes('tile', where, list(actions), 'tile', state=kind)}>",
        titled(lines + list(clicks)),
        rect(left, top + 3, width, bottom - top - 6, f'rx="4" fill="{TILE_FILL}" stroke="{TILE_INK}"'),
    ]
    if actions:
        parts.append(highlight(left + 2, top + 5, width - 4, bottom - top - 10))
    return "".join([*parts, *belts, "</g>"])


def spot_svg(floor: Floor, view: FactoryView, row: int, column: int, actions: list[str]) -> str:
    """A free place for a tile (its left column from 1): the clickable part lies between its two belts, where
    neighbouring places do not overlap; the full two-column outline shows on hover."""
    return drawn_spot(floor, row, column, tuple(actions), tuple(click_words(view, actions)))


@drawn
def drawn_spot(floor: Floor, row: int, column: int, actions: tuple[str, ...], clicks: tuple[str, ...]) -> str:
    """spot_svg from where the place is, and its actions with their words."""
    top, bottom = floor.top_of(row), floor.bottom_of(row)
    x, cell = floor.x_of(column), floor.cell
    inset_x, inset_y = floor.spot_inset
    where = place(row, column - 1)
    title = [f"a free place for a tile in {tile_place(row, column - 1)}", *clicks]
    return (f"<g{attributes('spot', where, list(actions), 'spot', state='free')}>{titled(title)}"
            + rect(x + inset_x, top + inset_y, cell - 2 * inset_x, bottom - top - 2 * inset_y,
                   f'class="highlight" fill="{HIGHLIGHT}" fill-opacity="0.08" stroke="{HIGHLIGHT}" '
                   f'stroke-width="1.5" stroke-dasharray="4 3"')
            + rect(x - cell / 2 + 3, top + 3, 2 * cell - 6, bottom - top - 6,
                   f'class="extent" fill="none" stroke="{HIGHLIGHT}" stroke-width="2" stroke-dasharray="6 3" '
                   f'pointer-events="none"')
            + "</g>")


def machine_svg(floor: Floor, view: FactoryView, machine: MachineView, actions: list[str],
                names: tuple[tuple[str, str], ...] = ()) -> str:
    """A Salter or Roaster, named as `names` has it (kind, name; its kind capitalized by default)."""
    return drawn_machine(floor, machine["row"], machine["column"], machine["kind"], tuple(actions),
                         tuple(click_words(view, actions)), names)


@drawn
def drawn_machine(floor: Floor, row: int, column: int, kind: str, actions: tuple[str, ...], clicks: tuple[str, ...],
                  names: tuple[tuple[str, str], ...]) -> str:
    """machine_svg from where the machine is, its kind, its actions with their words, and the names to give."""
    x, top = floor.x_of(column), floor.top_of(row)
    half, inset, size, extra = floor.machine
    where = place(row, column - 1)
    height = floor.height_of(row) - 2 * inset
    title = [f"{kind.capitalize()} in row {row}, column {column}: every nut through column {column} here is "
             f"{MACHINE_DOES[kind]}", *clicks]
    parts = [f"<g{attributes('machine', where, list(actions), 'machine', state=kind)}>{titled(title)}",
             rect(x - half, top + inset, 2 * half, height, f'rx="5" fill="{MACHINE_FILL[kind]}" stroke="#343a40"')]
    if actions:
        parts.append(highlight(x - half + 2, top + inset + 2, 2 * half - 4, height - 4))
    name = dict(names).get(kind, kind.capitalize())
    parts.append(text(x, top + inset + height / 2 + 4, name, size, extra))
    return "".join([*parts, "</g>"])


def squirrel_svg(floor: Floor, view: FactoryView) -> str:
    column = view["squirrel"]
    return drawn_squirrel(floor, column, view["fed"], any(path["squirrel_column"] == column for path in view["paths"]))


@drawn
def drawn_squirrel(floor: Floor, column: int, fed: bool, on_path: bool) -> str:
    """The Squirrel in his column, fed or not, on a Connecting Path or not."""
    row = COMPONENTS.squirrel_row
    x, y = floor.x_of(column), floor.top_of(row) + floor.height_of(row) / 2
    half, half_height, size, extra = floor.squirrel
    title = f"Sir Chipper McNibbleton, the Squirrel, in column {column}"
    if fed:
        title += ": fed, he naps and lets the nuts pass"
    elif on_path:
        title += ": on a Connecting Path, he eats its nuts"
    state = quoteattr("napping" if fed else "awake")
    parts = [f'<g class="squirrel" data-squirrel="{column}" data-state={state}>{titled([title])}',
             rect(x - half, y - half_height, 2 * half, 2 * half_height,
                  f'rx="{num(half_height)}" fill="{NAPPING if fed else SQUIRREL}" stroke="{SQUIRREL}"'
                  + (' stroke-dasharray="4 2"' if fed else "")),
             text(x, y + size * 0.36, "Squirrel", size, extra + f' fill="{SQUIRREL if fed else "#fff"}"')]
    return "".join([*parts, "</g>"])


def cell_svg(floor: Floor, view: FactoryView, column: int, actions: list[str]) -> str:
    """A cell of the Squirrel's row he may be sent to."""
    return drawn_cell(floor, column, tuple(actions), tuple(click_words(view, actions)))


@drawn
def drawn_cell(floor: Floor, column: int, actions: tuple[str, ...], clicks: tuple[str, ...]) -> str:
    """cell_svg from the cell's column, and its actions with their words."""
    row = COMPONENTS.squirrel_row
    top = floor.top_of(row)
    inset_x, inset_y = floor.cell_inset
    title = [f"the Squirrel's row, column {column}", *clicks]
    return (f"<g{attributes('cell', str(column), list(actions), 'cell')}>{titled(title)}"
            + rect(floor.x_of(column) - floor.cell / 2 + inset_x, top + inset_y, floor.cell - 2 * inset_x,
                   floor.height_of(row) - 2 * inset_y,
                   f'class="highlight" fill="{HIGHLIGHT}" fill-opacity="0.15" stroke="{HIGHLIGHT}" '
                   f'stroke-width="2" stroke-dasharray="5 3"')
            + "</g>")


def box_svg(x: float, y: float, width: float, height: float, code: str, size: float,
            stroke: str = 'stroke="#343a40"') -> str:
    fill, ink = NUT_FILL[code]
    return (rect(x, y, width, height, f'rx="3" fill="{fill}" {stroke}')
            + text(x + width / 2, y + height / 2 + size * 0.36, code, size, f' font-weight="bold" fill="{ink}"'))


def holder_svg(floor: Floor, view: FactoryView, column: int, actions: list[str]) -> str:
    """A Box Holder seen from above: the top box large, the right, bottom and left ones small around it."""
    if column > len(view["holders"]):
        return drawn_holder(floor, column, None, (), False, (), ())
    holder = view["holders"][column - 1]
    return drawn_holder(floor, column, holder["holder"], tuple(holder["boxes"]),
                        any(path["to"] == column for path in view["paths"]), tuple(actions),
                        tuple(click_words(view, actions)))


@drawn
def drawn_holder(floor: Floor, column: int, number: int | None, boxes: tuple[str, ...], end: bool,
                 actions: tuple[str, ...], clicks: tuple[str, ...]) -> str:
    """A Box Holder from its column, its number (None: none placed yet), its boxes (top, right, bottom, left),
    whether a Connecting Path ends at it, and its actions with their words."""
    x, top, height = floor.x_of(column), floor.top_of(LAST_ROW), floor.height_of(LAST_ROW)
    half = floor.holder_half
    if number is None:
        return ('<g class="empty">' + rect(x - half + 4, top + 6, 2 * half - 8, height - 14,
                                           'fill="#eee" stroke="#aaa" stroke-dasharray="4 3"')
                + text(x, top + height / 2 + 4, "?", 18, ' fill="#999"') + "</g>")
    lines = [f"Box Holder {number} in column {column}: {nut_name(boxes[0])} on top",
             f"right {nut_name(boxes[1])}, bottom {nut_name(boxes[2])}, left {nut_name(boxes[3])} "
             "(a spin brings the left box up)"]
    if end:
        lines.append("the end of a Connecting Path")
    state = f"holder {number}: " + " ".join(boxes)  # top, right, bottom, left: a turn changes it
    parts = [f"<g{attributes('holder', str(column), list(actions), 'holder', state=state)}>"
             + titled(lines + list(clicks)),
             rect(x - half, top + 3, 2 * half, height - 6, 'rx="6" fill="#e9dcc3" stroke="#7a6248"')]
    if actions:
        parts.append(highlight(x - half + 2, top + 5, 2 * half - 4, height - 10))
    top_stroke = f'stroke="{PATH}" stroke-width="5"' if end else 'stroke="#343a40"'
    for index, (box, code) in enumerate(zip(floor.boxes, boxes, strict=True)):
        stroke = top_stroke if index == 0 else 'stroke="#343a40"'
        parts.append(box_svg(x + box.dx, top + box.dy, box.width, box.height, code, box.size, stroke))
    return "".join([*parts, "</g>"])


# --- around the floor -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TruckLook:
    """How large a truck card's words and boxes are, and where its points go (beside its name, or under its
    boxes)."""

    title_size: float
    points_size: float
    points_beside: bool
    boxes_top: float  # from the card's top
    box_height: float
    box_step: float  # at most, from one box to the next
    box_size: float


DESKTOP_TRUCK = TruckLook(11, 10, False, 22, 18, 15, 7.5)


def truck_svg(view: FactoryView, x: float, y: float, width: float, height: float, truck_id: int,
              actions: list[str], look: TruckLook) -> str:
    return drawn_truck(x, y, width, height, truck_id, tuple(actions), tuple(click_words(view, actions)), look)


@drawn
def drawn_truck(x: float, y: float, width: float, height: float, truck_id: int, actions: tuple[str, ...],
                clicks: tuple[str, ...], look: TruckLook) -> str:
    """A waiting truck's card, from where it is, the truck, and its actions with their words."""
    truck = COMPONENTS.trucks[truck_id - 1]
    codes = [code for code, count in zip(COMPONENTS.nut_codes, truck.nuts, strict=True) for _ in range(count)]
    title = [f"Truck {truck_id}: {truck_load(truck_id)}; {truck.points} points", *clicks]
    parts = [f"<g{attributes('truck', str(truck_id), list(actions), 'truck', state='waiting')}>{titled(title)}",
             rect(x, y, width, height, 'rx="6" fill="#fff" stroke="#495057"')]
    if actions:
        parts.append(highlight(x + 2, y + 2, width - 4, height - 4))
    points = f"{truck.points} points"
    parts.append(left_text(x + 6, y + 15, f"Truck {truck_id}", look.title_size, ' font-weight="bold"'))
    if look.points_beside:
        parts.append(left_text(x + width - 6, y + 15, points, look.points_size, ' text-anchor="end" fill="#343a40"'))
    else:
        parts.append(text(x + width / 2, y + height - 7, points, look.points_size, ' fill="#343a40"'))
    step = min(look.box_step, (width - 12) / max(len(codes), 1))
    left = x + width / 2 - step * len(codes) / 2
    for i, code in enumerate(codes):
        parts.append(box_svg(left + step * i + 0.5, y + look.boxes_top, step - 1, look.box_height, code,
                             look.box_size))
    return "".join([*parts, "</g>"])


WAITING = Kept()  # the trucks when none is aimed at (most views), by what they show then: which wait


def kept_unless_aimed(kept: Kept, key: Hashable, on: dict[tuple[str, str], list[str]], name: str,
                      draw: Callable[[], str]) -> str:
    """`draw()`, kept under `key` while no action aims at a `name` element: the key names what it shows then."""
    return draw() if any(aimed == name for aimed, _ in on) else kept.get(key, draw)


def trucks_svg(view: FactoryView, on: dict[tuple[str, str], list[str]]) -> str:
    return kept_unless_aimed(WAITING, tuple(view["trucks"]), on, "truck", lambda: all_trucks_svg(view, on))


def all_trucks_svg(view: FactoryView, on: dict[tuple[str, str], list[str]]) -> str:
    title = "Trucks waiting" if view["trucks"] else "Every truck has driven away"
    parts = [left_text(MARGIN, TRUCKS_TOP - 8, title, 12, ' font-weight="bold"')]
    for index, truck_id in enumerate(view["trucks"]):
        x = MARGIN + (index % TRUCKS_PER_ROW) * (TRUCK_WIDTH + TRUCK_GAP)
        y = TRUCKS_TOP + (index // TRUCKS_PER_ROW) * (TRUCK_HEIGHT + TRUCK_GAP)
        parts.append(truck_svg(view, x, y, TRUCK_WIDTH, TRUCK_HEIGHT, truck_id, on.get(("truck", str(truck_id)), []),
                               DESKTOP_TRUCK))
    return "".join(parts)


@drawn
def legend_svg() -> str:
    parts = ['<g class="legend">']
    x = MARGIN
    y = LEGEND_TOP + 6
    for code, name in zip(COMPONENTS.nut_codes, COMPONENTS.nut_names, strict=True):
        parts.append(box_svg(x, y, 22, 16, code, 8))
        parts.append(left_text(x + 26, y + 12, name, 11))
        x += 34 + 7 * len(name)
    parts.append(line(x, y + 8, x + 22, y + 8, f'stroke="{PATH}" stroke-opacity="0.6" stroke-width="10"'))
    parts.append(left_text(x + 28, y + 12, "Connecting Path", 11))
    parts.append("</g>")
    return "".join(parts)


def status_parts(view: FactoryView) -> list[str]:
    """The turn, whose it is and the phase, with what this turn has changed: the status line's parts."""
    phase = view["phase"]
    if phase == "over":
        winners = " and ".join(seat_name(seat) for seat in view.get("winners", []))
        verb = "wins" if len(view.get("winners", [])) == 1 else "share the win"
        return [f"Game over: {winners} {verb} with {max(view['points'])} points"]
    if phase == "setup":
        return [f"{PHASES[phase]} ({len(view['holders'])} of {COLUMNS})"]
    parts = [f"Turn {view['turn']}", seat_name(view["current"]), PHASES[phase]]
    if phase == "config":
        parts.append(f"{view['actions_left']} Action{'s' if view['actions_left'] != 1 else ''} left")
    if view["fed"]:
        parts.append("Squirrel fed")
    if view["pending"]:
        parts.append(f"bonus card: {EFFECT_WORDS.get(view['pending'], view['pending'])}")
    return parts


def score_words(view: FactoryView, seat: int) -> str:
    points = view["points"][seat]
    return f"{seat_name(seat)}: {points} point{'s' if points != 1 else ''}"


def status_svg(view: FactoryView) -> str:
    """The status line, and each seat's score below it."""
    scores = " · ".join(score_words(view, seat) for seat in range(view["players"]))
    return (left_text(MARGIN, 18, " · ".join(status_parts(view)), 12.5)
            + '<g class="scores">' + left_text(MARGIN, 38, scores, 12, ' fill="#343a40"') + "</g>")


SPOT_TARGETS = tuple((row, col + 1, ("spot", place(row, col))) for row, col in SPOTS)
CELL_TARGETS = tuple((column, ("cell", str(column))) for column in range(1, COLUMNS + 1))


def floor_parts(floor: Floor, view: FactoryView, on: dict[tuple[str, str], list[str]], row_words: str,
                column_words: str, machine_names: tuple[tuple[str, str], ...] = ()) -> list[str]:
    """The floor's pieces, drawn to `floor`, bottom to top; the elements that actions in `on` target are marked."""
    def aimed(name: str, row: int, column: int) -> list[str]:
        return on.get((name, place(row, column - 1)), []) if on else []  # (no place named where nothing is aimed)

    return [
        *bands_svg(floor, view, row_words, column_words),
        *belts_svg(floor, view),
        *(machine_svg(floor, view, machine, aimed("machine", machine["row"], machine["column"]), machine_names)
          for machine in view["machines"]),
        *(tile_svg(floor, view, tile, aimed("tile", tile["row"], tile["column"])) for tile in view["tiles"]),
        *(spot_svg(floor, view, row, column, on[key]) for row, column, key in SPOT_TARGETS if key in on),
        routes_svg(floor, view),
        dispensers_svg(floor, view),
        *(cell_svg(floor, view, column, on[key]) for column, key in CELL_TARGETS if key in on),
        squirrel_svg(floor, view),
        *(holder_svg(floor, view, column, on.get(("holder", str(column)), [])) for column in range(1, COLUMNS + 1)),
    ]


@lru_cache(maxsize=8192)  # an action's text and the Squirrel's column always aim at the same
def aim(action_text: str, squirrel: int) -> tuple[str, str] | None:
    return target_of(parsed(action_text), squirrel)


def aims(view: FactoryView, legal: Sequence[str]) -> dict[tuple[str, str], list[str]]:
    """The legal actions by the element each is aimed at (target_of)."""
    squirrel = view["squirrel"]
    return targets(legal, lambda action_text: aim(action_text, squirrel))


def render(view: FactoryView, legal: Sequence[str]) -> str:
    """The factory floor as an SVG document; the elements that `legal` actions target are marked and clickable."""
    on = aims(view, legal)
    return document(WIDTH, HEIGHT, "Nuts!", TARGET_STYLE + EXTENT_STYLE, [
        rect(0, 0, WIDTH, HEIGHT, 'fill="#fff"'),
        status_svg(view),
        *floor_parts(FLOOR, view, on, "row {}", "column {}"),
        trucks_svg(view, on),
        legend_svg(),
    ])
