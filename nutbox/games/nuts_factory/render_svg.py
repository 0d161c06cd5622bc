"""The browser picture of a Nuts! view: a standalone SVG of the factory floor, with what the viewer may act
on made clickable.

The floor is a grid: the dispensers (nut code, a colour per nut type) on top, a belt down every column,
conveyor tiles laid over two columns with their own belts (a Cross is an X, a splitter or joiner a Y; a
red bar closes an entrance with no belt), the Salters and Roasters in their rows, the Squirrel in his, and
the Box Holders at the bottom with the top box large and the other three small around it. Connecting Paths
are traced in yellow from their dispenser to their box, as the rulebook highlights them. The trucks still
waiting are a row of cards below.

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
"""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

from nutbox.core import Action
from nutbox.core.svg import (
    EXTENT_STYLE,
    HIGHLIGHT,
    TARGET_STYLE,
    attributes,
    circle,
    click_lines,
    document,
    highlight,
    left_text,
    line,
    num,
    rect,
    targets,
    text,
    titled,
)
from nutbox.games.nuts_factory import flow
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
)
from nutbox.games.nuts_factory.components import COMPONENTS
from nutbox.games.nuts_factory.rules import player_name
from nutbox.games.nuts_factory.view import FactoryView, MachineView, TileView

COLUMNS = COMPONENTS.columns
ROWS = COMPONENTS.rows
LAST_ROW = len(ROWS) - 1
MARGIN = 10
LABEL_WIDTH = 34  # the row numbers, r0 to r12, as the notation writes places
CELL = 72  # a column's width
TOP = 48  # the status line and the column numbers above the floor
ROW_HEIGHT = {"dispensers": 46, "conveyor": 34, "salter": 34, "roaster": 34, "squirrel": 38, "box-holders": 92}
ROW_TOPS = tuple(TOP + sum(ROW_HEIGHT[kind] for kind in ROWS[:row]) for row in range(len(ROWS)))
FLOOR_LEFT = MARGIN + LABEL_WIDTH
FLOOR_BOTTOM = ROW_TOPS[-1] + ROW_HEIGHT[ROWS[-1]]
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

BAND = {"dispensers": "#f1f3f5", "conveyor": "#f8f9fa", "salter": "#e7f5ff", "roaster": "#fff4e6",
        "squirrel": "#f4fce3", "box-holders": "#f3ead8"}
# each nut type's colour (almond, cashew, peanut, pistachio, in the component order) as fill, with a text colour
# that reads on it
NUT_FILL = dict(zip(COMPONENTS.nut_codes, (("#e0a96d", "#000"), ("#f3e3b3", "#000"), ("#9c6b36", "#fff"),
                                           ("#94c84f", "#000")), strict=True))
MACHINE_FILL = {"salter": "#d0ebff", "roaster": "#ffc078"}
MACHINE_DOES = {"salter": "salted", "roaster": "roasted"}
BELT, TILE_FILL, TILE_INK, BLOCKED = "#adb5bd", "#dee2e6", "#495057", "#c92a2a"
PATH, SQUIRREL = "#fcc419", "#8b4513"
PHASES = {
    "setup": "setup: placing the Box Holders",
    "config": "Configuration",
    "squirrel": "Squirrel Movement: the die is rolled",
    "scamper": "Squirrel Movement: the d8 is rolled",
    "hunt": "Squirrel Movement: a tied Hunt",
    "before-production": "before Production",
    "draw": "Production: drawing bonus cards",
    "shipping": "Shipping",
    "cleanup": "Cleanup",
}


def x_of(column: int) -> float:
    """The middle of a column (from 1), where its belt runs."""
    return FLOOR_LEFT + CELL * (column - 0.5)


def nut_name(code: str) -> str:
    return COMPONENTS.nut_names[COMPONENTS.nut_codes.index(code)]


def bottom_of(row: int) -> float:
    return ROW_TOPS[row] + ROW_HEIGHT[ROWS[row]]


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
def path_routes(view: FactoryView) -> list[flow.Trace]:
    """The single routes of the view's Connecting Paths, traced by the engine's own belt rules."""
    tiles = {(tile["row"], tile["column"] - 1): tile["kind"] for tile in view["tiles"]}
    machines = {(m["row"], m["column"] - 1): m["kind"] for m in view["machines"]}
    found: dict[tuple[int, int, bool, bool, int], list[flow.Trace]] = {}
    for route in flow.traces(tiles, machines, view["unused_end"] == "fall"):
        key = (route.columns[0] + 1, route.columns[-1] + 1, route.salted, route.roasted,
               route.columns[COMPONENTS.squirrel_row] + 1)
        found.setdefault(key, []).append(route)
    wanted = [(path["from"], path["to"], path["salted"], path["roasted"], path["squirrel_column"])
              for path in view["paths"]]
    return [route for key in wanted for route in found.get(key, [])]


def route_svg(route: flow.Trace) -> str:
    """A route as a line down the belts: straight through a row, across a tile from its top to its bottom."""
    points = [(x_of(route.columns[0] + 1), bottom_of(0) - 8)]
    for row in range(1, LAST_ROW):
        points += [(x_of(route.columns[row - 1] + 1), ROW_TOPS[row]), (x_of(route.columns[row] + 1), bottom_of(row))]
    points.append((x_of(route.columns[-1] + 1), ROW_TOPS[LAST_ROW] + 8))
    kept = [point for i, point in enumerate(points) if i == 0 or point != points[i - 1]]
    return (f'<polyline class="path" data-from="{route.columns[0] + 1}" data-to="{route.columns[-1] + 1}" '
            f'points="{" ".join(f"{num(x)},{num(y)}" for x, y in kept)}" fill="none" '
            f'stroke="{PATH}" stroke-opacity="0.6" stroke-width="10" stroke-linejoin="round" '
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


def bands_svg(view: FactoryView) -> str:
    """The rows, each in its kind's colour with a border, numbered as the notation numbers them. A row whose
    content can change carries data-row and data-state: a tile built, moved or cleared, a machine or the
    Squirrel moved all leave the same row with another state, which a table can mark."""
    parts = ['<g class="rows">']
    for row, kind in enumerate(ROWS):
        top, height = ROW_TOPS[row], ROW_HEIGHT[kind]
        state = row_state(view, row)
        place_attributes = "" if state is None else f" data-row=\"{row}\" data-state={quoteattr(state)}"
        parts.append(rect(FLOOR_LEFT, top, COLUMNS * CELL, height,
                          f'fill="{BAND[kind]}" stroke="#343a40"{place_attributes}'))
        parts.append("<g>" + titled([f"row {row}: {kind}"])
                     + text(MARGIN + LABEL_WIDTH / 2, top + height / 2 + 4, f"r{row}", 11, ' fill="#495057"')
                     + "</g>")
    for column in range(1, COLUMNS + 1):
        parts.append(text(x_of(column), TOP - 6, f"c{column}", 11, ' font-weight="bold" fill="#495057"'))
    parts.append("</g>")
    return "".join(parts)


def belts_svg(view: FactoryView) -> str:
    """A belt down every column, except across a tile, which carries its own."""
    covered = {(tile["row"], tile["column"] + side) for tile in view["tiles"] for side in (0, 1)}
    parts = ['<g class="belts">']
    for column in range(1, COLUMNS + 1):
        for row in range(1, LAST_ROW):
            if (row, column) not in covered:
                parts.append(line(x_of(column), ROW_TOPS[row], x_of(column), bottom_of(row),
                                  f'stroke="{BELT}" stroke-width="3"'))
    parts.append("</g>")
    return "".join(parts)


def dispensers_svg(view: FactoryView) -> str:
    sources = {path["from"] for path in view["paths"]}
    parts = []
    for column, nut in enumerate(COMPONENTS.dispensers, 1):
        code = COMPONENTS.nut_codes[nut]
        fill, ink = NUT_FILL[code]
        x, top = x_of(column), ROW_TOPS[0]
        lines = [f"{nut_name(code).capitalize()} dispenser, column {column}"]
        lines += [f"Connecting Path to column {path['to']}" for path in view["paths"] if path["from"] == column]
        stroke = f'stroke="{PATH}" stroke-width="5"' if column in sources else 'stroke="#343a40" stroke-width="1.5"'
        parts.append(f'<g class="dispenser" data-column="{column}">{titled(lines)}'
                     + rect(x - 26, top + 6, 52, ROW_HEIGHT["dispensers"] - 12, f'rx="6" fill="{fill}" {stroke}')
                     + text(x, top + 29, code, 15, f' font-weight="bold" fill="{ink}"') + "</g>")
    return "".join(parts)


def tile_svg(tile: TileView, actions: list[str], fall: bool) -> str:
    row, column, kind = tile["row"], tile["column"], tile["kind"]
    top, bottom = ROW_TOPS[row], bottom_of(row)
    left = x_of(column) - CELL / 2 + 3
    where = place(row, column - 1)
    lines = [f"{kind} tile at {where} (columns {column} and {column + 1})"]
    belts = []
    for side, belt in enumerate(COMPONENTS.tiles[kind].belts):
        entry = x_of(column + side)
        for exit_side in belt:
            belts.append(line(entry, top, x_of(column + exit_side), bottom,
                              f'stroke="{TILE_INK}" stroke-width="3" stroke-linecap="round"'))
        if belt:
            goes = " and ".join(f"column {column + exit_side}" for exit_side in belt)
            lines.append(f"a nut entering column {column + side} leaves by {goes}")
        else:
            belts.append(line(entry - 8, top + 6, entry + 8, top + 6, f'stroke="{BLOCKED}" stroke-width="3"'))
            fate = "falls straight through (option unused_end=fall)" if fall else "stops"
            lines.append(f"no belt from column {column + side}: a nut there {fate}")
    parts = [
        f"<g{attributes('tile', where, actions, 'tile', state=kind)}>",
        titled(lines + click_lines(actions)),
        rect(left, top + 3, 2 * CELL - 6, bottom - top - 6, f'rx="4" fill="{TILE_FILL}" stroke="{TILE_INK}"'),
    ]
    if actions:
        parts.append(highlight(left + 2, top + 5, 2 * CELL - 10, bottom - top - 10))
    return "".join([*parts, *belts, "</g>"])


def spot_svg(row: int, column: int, actions: list[str]) -> str:
    """A free place for a tile (its left column from 1): the clickable part lies between its two belts, where
    neighbouring places do not overlap; the full two-column outline shows on hover."""
    top, bottom = ROW_TOPS[row], bottom_of(row)
    where = place(row, column - 1)
    kinds = ", ".join(action.split()[1] for action in actions)
    title = [f"free tile place {where} (columns {column} and {column + 1}): build {kinds}", *click_lines(actions)]
    return (f"<g{attributes('spot', where, actions, 'spot', state='free')}>{titled(title)}"
            + rect(x_of(column) + 6, top + 5, CELL - 12, bottom - top - 10,
                   f'class="highlight" fill="{HIGHLIGHT}" fill-opacity="0.08" stroke="{HIGHLIGHT}" '
                   f'stroke-width="1.5" stroke-dasharray="4 3"')
            + rect(x_of(column) - CELL / 2 + 3, top + 3, 2 * CELL - 6, bottom - top - 6,
                   f'class="extent" fill="none" stroke="{HIGHLIGHT}" stroke-width="2" stroke-dasharray="6 3" '
                   f'pointer-events="none"')
            + "</g>")


def machine_svg(machine: MachineView, actions: list[str]) -> str:
    row, column, kind = machine["row"], machine["column"], machine["kind"]
    x, top = x_of(column), ROW_TOPS[row]
    where = place(row, column - 1)
    height = ROW_HEIGHT[ROWS[row]] - 8
    title = [f"{kind.capitalize()} at {where}: every nut through column {column} here is {MACHINE_DOES[kind]}",
             *click_lines(actions)]
    parts = [f"<g{attributes('machine', where, actions, 'machine', state=kind)}>{titled(title)}",
             rect(x - 27, top + 4, 54, height, f'rx="5" fill="{MACHINE_FILL[kind]}" stroke="#343a40"')]
    if actions:
        parts.append(highlight(x - 25, top + 6, 50, height - 4))
    parts.append(text(x, top + 4 + height / 2 + 4, kind.capitalize(), 11, ' font-weight="bold"'))
    return "".join([*parts, "</g>"])


def squirrel_svg(view: FactoryView) -> str:
    row = COMPONENTS.squirrel_row
    column = view["squirrel"]
    x, y = x_of(column), ROW_TOPS[row] + ROW_HEIGHT["squirrel"] / 2
    title = f"Sir Chipper McNibbleton, the Squirrel, in column {column}"
    on_path = any(path["squirrel_column"] == column for path in view["paths"])
    if view["fed"]:
        title += ": fed, he naps and lets the nuts pass"
    elif on_path:
        title += ": on a Connecting Path, he eats its nuts"
    state = quoteattr("napping" if view["fed"] else "awake")
    parts = [f'<g class="squirrel" data-squirrel="{column}" data-state={state}>{titled([title])}',
             circle(x, y, 14, f'fill="{SQUIRREL}" stroke="#000"'),
             text(x, y + 5, "Q", 14, ' font-weight="bold" fill="#fff"')]
    if view["fed"]:
        parts.append(text(x + 22, y - 4, "z z", 10, ' font-style="italic" fill="#495057"'))
    return "".join([*parts, "</g>"])


def cell_svg(column: int, actions: list[str]) -> str:
    """A cell of the Squirrel's row he may be sent to."""
    row = COMPONENTS.squirrel_row
    top = ROW_TOPS[row]
    title = [f"the Squirrel's row, column {column}", *click_lines(actions)]
    return (f"<g{attributes('cell', str(column), actions, 'cell')}>{titled(title)}"
            + rect(x_of(column) - CELL / 2 + 5, top + 4, CELL - 10, ROW_HEIGHT["squirrel"] - 8,
                   f'class="highlight" fill="{HIGHLIGHT}" fill-opacity="0.15" stroke="{HIGHLIGHT}" '
                   f'stroke-width="2" stroke-dasharray="5 3"')
            + "</g>")


def box_svg(x: float, y: float, width: float, height: float, code: str, size: float,
            stroke: str = 'stroke="#343a40"') -> str:
    fill, ink = NUT_FILL[code]
    return (rect(x, y, width, height, f'rx="3" fill="{fill}" {stroke}')
            + text(x + width / 2, y + height / 2 + size * 0.36, code, size, f' font-weight="bold" fill="{ink}"'))


def holder_svg(view: FactoryView, column: int, actions: list[str]) -> str:
    """A Box Holder seen from above: the top box large, the right, bottom and left ones small around it."""
    x, top = x_of(column), ROW_TOPS[LAST_ROW]
    if column > len(view["holders"]):
        return ('<g class="empty">' + rect(x - 30, top + 6, 60, 78, 'fill="#eee" stroke="#aaa" stroke-dasharray="4 3"')
                + text(x, top + 50, "?", 18, ' fill="#999"') + "</g>")
    holder = view["holders"][column - 1]
    boxes = holder["boxes"]
    end = any(path["to"] == column for path in view["paths"])
    lines = [f"Box Holder {holder['holder']} in column {column}: {nut_name(boxes[0])} on top",
             f"right {nut_name(boxes[1])}, bottom {nut_name(boxes[2])}, left {nut_name(boxes[3])} "
             "(a spin brings the left box up)"]
    if end:
        lines.append("the end of a Connecting Path")
    state = f"holder {holder['holder']}: " + " ".join(boxes)  # top, right, bottom, left: a turn changes it
    parts = [f"<g{attributes('holder', str(column), actions, 'holder', state=state)}>"
             + titled(lines + click_lines(actions)),
             rect(x - 34, top + 3, 68, ROW_HEIGHT["box-holders"] - 6, 'rx="6" fill="#e9dcc3" stroke="#7a6248"')]
    if actions:
        parts.append(highlight(x - 32, top + 5, 64, ROW_HEIGHT["box-holders"] - 10))
    top_stroke = f'stroke="{PATH}" stroke-width="5"' if end else 'stroke="#343a40"'
    parts += [box_svg(x - 22, top + 7, 44, 32, boxes[0], 15, top_stroke),
              box_svg(x + 11, top + 44, 22, 18, boxes[1], 9),
              box_svg(x - 11, top + 66, 22, 18, boxes[2], 9),
              box_svg(x - 33, top + 44, 22, 18, boxes[3], 9)]
    return "".join([*parts, "</g>"])


# --- around the floor -------------------------------------------------------------------------------------
def truck_svg(index: int, truck_id: int, actions: list[str]) -> str:
    truck = COMPONENTS.trucks[truck_id - 1]
    x = MARGIN + (index % TRUCKS_PER_ROW) * (TRUCK_WIDTH + TRUCK_GAP)
    y = TRUCKS_TOP + (index // TRUCKS_PER_ROW) * (TRUCK_HEIGHT + TRUCK_GAP)
    codes = [code for code, count in zip(COMPONENTS.nut_codes, truck.nuts, strict=True) for _ in range(count)]
    load = ", ".join(f"{count} {name}" for name, count in zip(COMPONENTS.nut_names, truck.nuts, strict=True) if count)
    title = [f"Truck {truck_id}: {load}; {truck.points} points", *click_lines(actions)]
    parts = [f"<g{attributes('truck', str(truck_id), actions, 'truck', state='waiting')}>{titled(title)}",
             rect(x, y, TRUCK_WIDTH, TRUCK_HEIGHT, 'rx="6" fill="#fff" stroke="#495057"')]
    if actions:
        parts.append(highlight(x + 2, y + 2, TRUCK_WIDTH - 4, TRUCK_HEIGHT - 4))
    badge_x, badge_y = x + TRUCK_WIDTH - 15, y + 14
    parts += [left_text(x + 7, y + 17, f"Truck {truck_id}", 11, ' font-weight="bold"'),
              circle(badge_x, badge_y, 10, 'fill="#343a40"'),
              text(badge_x, badge_y + 4, str(truck.points), 11, ' font-weight="bold" fill="#fff"')]
    step = min(15.0, (TRUCK_WIDTH - 12) / max(len(codes), 1))
    left = x + TRUCK_WIDTH / 2 - step * len(codes) / 2
    for i, code in enumerate(codes):
        parts.append(box_svg(left + step * i + 0.5, y + 28, step - 1, 20, code, 7.5))
    return "".join([*parts, "</g>"])


def trucks_svg(view: FactoryView, on: dict[tuple[str, str], list[str]]) -> str:
    title = "Trucks waiting" if view["trucks"] else "Every truck has driven away"
    parts = [left_text(MARGIN, TRUCKS_TOP - 8, title, 12, ' font-weight="bold"')]
    parts += [truck_svg(index, truck_id, on.get(("truck", str(truck_id)), []))
              for index, truck_id in enumerate(view["trucks"])]
    return "".join(parts)


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


def status_svg(view: FactoryView) -> str:
    """The turn, whose it is and the phase, with what this turn has changed."""
    phase = view["phase"]
    if phase == "over":
        winners = " and ".join(player_name(seat) for seat in view.get("winners", []))
        verb = "wins" if len(view.get("winners", [])) == 1 else "share the win"
        words = f"Game over: {winners} {verb} with {max(view['points'])} points"
    elif phase == "setup":
        words = f"{PHASES[phase]} ({len(view['holders'])} of {COLUMNS})"
    else:
        words = f"Turn {view['turn']} · {player_name(view['current'])} · {PHASES[phase]}"
        if phase == "config":
            words += f" · {view['actions_left']} Action{'s' if view['actions_left'] != 1 else ''} left"
        if view["fed"]:
            words += " · Squirrel fed"
        if view["pending"]:
            words += f" · bonus effect: {view['pending']}"
    return left_text(MARGIN, 18, words, 12.5)


def render(view: FactoryView, legal: list[str]) -> str:
    """The factory floor as an SVG document; the elements that `legal` actions target are marked and clickable."""
    on = targets(legal, lambda action_text: target_of(NOTATION.parse(action_text), view["squirrel"]))
    fall = view["unused_end"] == "fall"
    tiles = [tile_svg(tile, on.get(("tile", place(tile["row"], tile["column"] - 1)), []), fall)
             for tile in view["tiles"]]
    spots = [spot_svg(row, col + 1, on[key]) for row, col in SPOTS if (key := ("spot", place(row, col))) in on]
    machines = [machine_svg(machine, on.get(("machine", place(machine["row"], machine["column"] - 1)), []))
                for machine in view["machines"]]
    cells = [cell_svg(column, on[key]) for column in range(1, COLUMNS + 1) if (key := ("cell", str(column))) in on]
    holders = [holder_svg(view, column, on.get(("holder", str(column)), [])) for column in range(1, COLUMNS + 1)]
    return document(WIDTH, HEIGHT, "Nuts!", TARGET_STYLE + EXTENT_STYLE, [
        rect(0, 0, WIDTH, HEIGHT, 'fill="#fff"'),
        status_svg(view),
        bands_svg(view),
        belts_svg(view),
        *machines,
        *tiles,
        *spots,
        *(route_svg(route) for route in path_routes(view)),
        dispensers_svg(view),
        *cells,
        squirrel_svg(view),
        *holders,
        trucks_svg(view, on),
        legend_svg(),
    ])
