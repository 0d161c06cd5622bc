"""The phone picture of a Nuts Sorting view: the browser picture (render_svg.py) drawn again for a screen held
upright, 358 CSS px wide, where the page shows one unit of this picture as one CSS px.

What the seat to decide needs comes first. Under the status lines (whose turn, what to do, wrapped to the
width) come, while the colour sets are being chosen, the choices: the two colour set plaques and the
"moves first" buttons; the board follows. Otherwise the board comes first, full width, and the plaques with
each colour's groups and nuts follow it.

A finger cannot pick one of twenty chips in a cell, so here a cell is the place to tap:
- an empty cell lists every move into it in its data-actions (the table then offers just those, in words);
  small dots around its name show the colours that may come and the directions they come from;
- each cell of a group that may be picked up carries that pickup ("x c3"), so the whole group is the target;
- a setup removal ("remove c3") is the nut's cell, as on the desktop picture;
- "choose rby" / "choose bwg" are the plaques, "choose first" / "choose second" the buttons (data-set,
  data-first, as on the desktop picture).
Every cell is a hexagon at least 37 units across (its neighbours' hexagons do not touch it), every plaque and
button larger still; no text is smaller than 11 units. Each cell and plaque carries data-state as on the
desktop picture, and the drawing depends on the view and `legal` only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from nutbox.core import seat_name, with_names
from nutbox.core.svg import (
    HIGHLIGHT,
    TARGET_STYLE,
    attributes,
    circle,
    document,
    left_text,
    num,
    rect,
    targets,
    text,
    titled,
)
from nutbox.games.nuts_sorting.actions import NOTATION, Move, Pickup
from nutbox.games.nuts_sorting.board import BITS, NAMES, ROWS, cells_of, flood
from nutbox.games.nuts_sorting.components import COLOURS, SET_COLOURS, SETS
from nutbox.games.nuts_sorting.render_svg import (
    BOARD_FILL,
    BOARD_LINE,
    FAINT,
    INK,
    LETTER,
    PANEL_FILL,
    PANEL_LINE,
    UNDEALT_FILL,
    WON,
    click_lines,
    hexagon,
    masks,
    owner_of,
    plaque_state,
    player,
    set_words,
    status_lines,
    target_of,
)
from nutbox.games.nuts_sorting.view import SortingView
from nutbox.games.nuts_sorting.words import FILL, colour_words, nut_at

WIDTH = 358  # the page draws the picture this many CSS px wide: a unit is a CSS px
MARGIN = 10
BOARD_MARGIN = 3
HALF = (WIDTH - 2 * BOARD_MARGIN) / 18  # half a cell's width: nine cells across the middle row fill the width
R = HALF * 2 / math.sqrt(3)  # a cell's circumradius
ROW_STEP = 1.5 * R
PIECE_R = 16
DOT_R = 4.0  # a dot for the colours that may move into an empty cell from one direction
DOT_AT = 14.2  # its distance from the cell's centre
PLAQUE_HEIGHT = 90
BUTTON_HEIGHT = 48
GAP = 8
TITLE_SIZE, LINE_SIZE, LINE_STEP = 15, 12.5, 16
NAME_SIZE, LETTER_SIZE = 11, 13
TAP_HINT = "tap a lit empty cell to move a nut there, or a lit nut to pick up its group"
STYLE = TARGET_STYLE
# what is drawn over a place's shape (its hexagon, plaque or button), inside it: the shape alone takes the taps,
# so that a target's hit area is exactly its shape
DRAWN = '<g pointer-events="none">'


# --- text that fits -----------------------------------------------------------------------------------------
def text_width(words: str, size: float, bold: bool = False) -> float:
    """A generous estimate of how wide a sans-serif text is drawn: wide letters count more. A seat's placeholder
    counts as its default name ("Player 2"): the picture is drawn before the table fills in the names."""
    words = with_names(words)
    wide = sum(1 for char in words if char.isupper() or char in "mwMW▶★✓×")
    return size * (0.56 * len(words) + 0.25 * wide) * (1.08 if bold else 1)


def wrapped(words: str, size: float, width: float) -> list[str]:
    """The words in lines no wider than `width`."""
    lines: list[str] = []
    for word in words.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def fitted(options: list[str], size: float, width: float, bold: bool = False) -> str:
    """The first (longest) of `options` that fits `width`, else the last: a label is shortened, never shrunk."""
    return next((words for words in options if text_width(words, size, bold) <= width), options[-1])


# --- the board ----------------------------------------------------------------------------------------------
def centre(name: str, top: float) -> tuple[float, float]:
    """As on the desktop picture: rows a (bottom) to i (top), numbers along the up-left diagonals."""
    row, number = ROWS.index(name[0]), int(name[1:]) - 1
    return WIDTH / 2 + 2 * HALF * (number - row / 2 - 2), top + R + ROW_STEP * (8 - row)


BOARD_HEIGHT = 8 * ROW_STEP + 2 * R


def direction(source: tuple[float, float], target: tuple[float, float]) -> int:
    """Which of the six neighbour directions (0: right, then every 60 degrees clockwise on screen) a source lies
    in, seen from the target: a move runs along a line, so it is one of the six."""
    angle = math.degrees(math.atan2(source[1] - target[1], source[0] - target[0]))
    return round(angle / 60) % 6


def dot(x: float, y: float, colours: list[str]) -> str:
    """A dot split into equal wedges, one per colour."""
    if len(colours) == 1:
        return circle(x, y, DOT_R, f'fill="{FILL[colours[0]][0]}" stroke="{INK}" stroke-width="0.8"')
    parts = []
    step = 2 * math.pi / len(colours)
    for index, colour in enumerate(colours):
        a, b = index * step - math.pi / 2, (index + 1) * step - math.pi / 2
        start = f"{num(x + DOT_R * math.cos(a))},{num(y + DOT_R * math.sin(a))}"
        end = f"{num(x + DOT_R * math.cos(b))},{num(y + DOT_R * math.sin(b))}"
        parts.append(f'<path d="M{num(x)},{num(y)} L{start} A{num(DOT_R)},{num(DOT_R)} 0 0 1 {end} Z" '
                     f'fill="{FILL[colour][0]}"/>')
    parts.append(circle(x, y, DOT_R, f'fill="none" stroke="{INK}" stroke-width="0.8"'))
    return "".join(parts)


def arrivals(view: SortingView, name: str, actions: list[str], top: float) -> str:
    """The dots in an empty cell: for each direction moves come from, the colours coming that way."""
    x, y = centre(name, top)
    coming: dict[int, list[str]] = {}
    for action_text in actions:
        move = NOTATION.parse(action_text)
        if not isinstance(move, Move):
            continue
        colour = nut_at(view, NAMES[move.source])
        ways = coming.setdefault(direction(centre(NAMES[move.source], top), (x, y)), [])
        if colour not in ways:
            ways.append(colour)
    return "".join(
        dot(x + DOT_AT * math.cos(math.radians(60 * way)), y + DOT_AT * math.sin(math.radians(60 * way)),
            sorted(colours, key=COLOURS.index))
        for way, colours in sorted(coming.items()))


def cell_svg(view: SortingView, name: str, actions: list[str], top: float) -> str:
    x, y = centre(name, top)
    shape = hexagon(x, y, R - 1)
    if name not in view["cells"]:
        return (f'<g class="cell" data-cell="{name}" data-state="not dealt">' + titled([f"{name}: not dealt yet"])
                + f'<polygon points="{shape}" fill="{UNDEALT_FILL}" stroke="{PANEL_LINE}" stroke-dasharray="4 3"/>'
                + text(x, y + 4, name, NAME_SIZE, f' fill="{FAINT}"') + "</g>")
    colour = view["cells"][name]
    words = f"{name}: empty" if colour is None else f"{name}: a {colour} nut"
    parts = [f"<g{attributes('cell', name, actions, 'cell', colour or 'empty')}>",
             titled([words, *click_lines(view, actions, "tap")]),
             f'<polygon points="{shape}" fill="{BOARD_FILL}" stroke="{BOARD_LINE}" stroke-width="1.2"/>']
    if actions:  # under the nut, so that its colour stays true
        parts.append(f'<polygon class="highlight" points="{hexagon(x, y, R - 3.5)}" fill="{HIGHLIGHT}" '
                     f'fill-opacity="0.18" stroke="{HIGHLIGHT}" stroke-width="3"/>')
    parts.append(DRAWN)
    if colour is None:
        parts.append(text(x, y + 4, name, NAME_SIZE, f' font-weight="bold" fill="{INK if actions else FAINT}"'))
        parts.append(arrivals(view, name, actions, top))
    else:
        fill, ink = FILL[colour]
        parts += [circle(x, y, PIECE_R, f'fill="{fill}" stroke="#343a40" stroke-width="1.2"'),
                  text(x, y + 0.5, LETTER[colour], LETTER_SIZE, f' font-weight="bold" fill="{ink}"'),
                  text(x, y + 11.5, name, NAME_SIZE, f' fill="{ink}"')]
    return "".join([*parts, "</g></g>"])


def phone_target_of(view: SortingView, action_text: str) -> list[tuple[str, str]]:
    """The places an action is offered at here: a move at its empty cell, a pickup at each cell of its group,
    the rest where the desktop picture puts them."""
    action = NOTATION.parse(action_text)
    if isinstance(action, Move):
        return [("cell", NAMES[action.target])]
    if isinstance(action, Pickup):
        first = NAMES[action.cell]
        mask = masks(view["cells"])[nut_at(view, first)]
        return [("cell", NAMES[cell]) for cell in cells_of(flood(BITS[action.cell], mask))]
    return [target_of(view, action_text)]


def board_svg(view: SortingView, on: dict[tuple[str, str], list[str]], top: float) -> list[str]:
    return [cell_svg(view, name, on.get(("cell", name), []), top) for name in NAMES]


# --- the colour sets and the setup choices -------------------------------------------------------------------
def plaque_svg(view: SortingView, index: int, actions: list[str], top: float) -> str:
    """A colour set across the width: its owner, their turn or win, and each colour's groups and nuts."""
    set_code = SETS[index]
    x, y, width = MARGIN, top, WIDTH - 2 * MARGIN
    owner = owner_of(view, set_code)
    to_move = owner is not None and view["to_move"] == owner
    won = owner is not None and owner in view.get("winners", [])
    stroke = f'stroke="{WON if won else INK}" stroke-width="2.5"' if to_move or won else f'stroke="{PANEL_LINE}"'
    pieces = {colour: sum(1 for cell in view["cells"].values() if cell == colour) for colour in COLOURS}
    head = f"{set_words(set_code)}: " + (player(owner, view) if owner is not None else "not chosen yet")
    parts = [f"<g{attributes('set', set_code, actions, 'set', plaque_state(view, index, owner, pieces))}>",
             titled([head, *(f"{COLOURS[c]}: {colour_words(view, COLOURS[c])}" for c in SET_COLOURS[index]),
                     *click_lines(view, actions, "tap")]),
             rect(x, y, width, PLAQUE_HEIGHT, f'rx="8" fill="{PANEL_FILL}" {stroke}')]
    parts.append(DRAWN)
    if actions:
        parts.append(rect(x + 3, y + 3, width - 6, PLAQUE_HEIGHT - 6, f'class="highlight" rx="6" fill="{HIGHLIGHT}" '
                          f'fill-opacity="0.15" stroke="{HIGHLIGHT}" stroke-width="3"'))
    order = ""
    if view["first"] is not None and owner is not None:
        order = "moves first" if view["first"] == owner else "moves second"
        parts.append(left_text(x + width - 12, y + 23, order, 12, f' text-anchor="end" fill="{FAINT}"'))
    room = width - 24 - (text_width(order, 12) + 10 if order else 0)
    if owner is None:
        words, ink = ("tap to take these colours", HIGHLIGHT) if actions else ("not chosen yet", FAINT)
        parts.append(left_text(x + 12, y + 23, words, 13, f' font-style="italic" fill="{ink}"'))
    else:
        name = player(owner, view)
        mark, wins = ("▶ " if to_move else ""), (" ★ wins" if won else "")
        shown = fitted([mark + name + wins, mark + seat_name(owner) + wins], 14, room, bold=True)
        parts.append(left_text(x + 12, y + 23, shown, 14, ' font-weight="bold"'))
    column = (width - 12) / 3
    for slot, colour_index in enumerate(SET_COLOURS[index]):
        colour = COLOURS[colour_index]
        fill, ink = FILL[colour]
        cx, cy = x + 6 + slot * column + 20, y + 58
        groups = view["groups"][colour]
        sorted_mark = " ✓" if groups == 1 and owner is not None else ""
        parts += [circle(cx, cy, 14, f'fill="{fill}" stroke="#343a40"'),
                  text(cx, cy + 4.5, LETTER[colour], LETTER_SIZE, f' font-weight="bold" fill="{ink}"'),
                  left_text(cx + 19, cy - 14, colour, 12, ' font-weight="bold"'),
                  left_text(cx + 19, cy + 1, f"{groups} group{'s' if groups != 1 else ''}{sorted_mark}", 12),
                  left_text(cx + 19, cy + 16, f"{pieces[colour]} nut{'s' if pieces[colour] != 1 else ''}", 11.5,
                            f' fill="{FAINT}"')]
    return "".join([*parts, "</g></g>"])


def first_button(view: SortingView, seat: int, actions: list[str], x: float, y: float, width: float) -> str:
    """A setup button: the player who would move first."""
    name = fitted([player(seat, view), seat_name(seat)], 13, width - 12, bold=True)
    return "".join([
        f"<g{attributes('first', str(seat + 1), actions, 'first')}>",
        titled([f"{player(seat, view)} moves first", *click_lines(view, actions, "tap")]),
        rect(x, y, width, BUTTON_HEIGHT, f'rx="8" fill="{PANEL_FILL}" stroke="{PANEL_LINE}"'),
        DRAWN,
        rect(x + 2, y + 2, width - 4, BUTTON_HEIGHT - 4, f'class="highlight" rx="6" fill="{HIGHLIGHT}" '
             f'fill-opacity="0.15" stroke="{HIGHLIGHT}" stroke-width="3"'),
        text(x + width / 2, y + 20, name, 13, ' font-weight="bold"'),
        text(x + width / 2, y + 37, "moves first", 12),
        "</g></g>",
    ])


def choices_svg(view: SortingView, on: dict[tuple[str, str], list[str]], top: float) -> tuple[list[str], float]:
    """The plaques, then the "moves first" buttons on offer, side by side; and where they end."""
    parts = []
    for index in range(len(SETS)):
        parts.append(plaque_svg(view, index, on.get(("set", SETS[index]), []), top))
        top += PLAQUE_HEIGHT + GAP
    buttons = [(seat, on[("first", str(seat + 1))]) for seat in (0, 1) if ("first", str(seat + 1)) in on]
    if buttons:
        width = (WIDTH - 2 * MARGIN - GAP * (len(buttons) - 1)) / len(buttons)
        for place, (seat, actions) in enumerate(buttons):
            parts.append(first_button(view, seat, actions, MARGIN + place * (width + GAP), top, width))
        top += BUTTON_HEIGHT + GAP
    return parts, top


# --- the whole picture --------------------------------------------------------------------------------------
def status_svg(view: SortingView, legal: Sequence[str]) -> tuple[list[str], float]:
    first, second = status_lines(view, legal, "tap", TAP_HINT)
    parts, y = [], 22.0
    for line in wrapped(first, TITLE_SIZE * 1.08, WIDTH - 2 * MARGIN):
        parts.append(left_text(MARGIN, y, line, TITLE_SIZE, ' font-weight="bold"'))
        y += TITLE_SIZE + 4
    for line in wrapped(second, LINE_SIZE, WIDTH - 2 * MARGIN):
        parts.append(left_text(MARGIN, y, line, LINE_SIZE, f' fill="{INK}"'))
        y += LINE_STEP
    return parts, y - LINE_STEP + 12


def render(view: SortingView, legal: Sequence[str]) -> str:
    """The phone picture as an SVG document 358 units wide; every action of `legal` has a place to tap."""
    on: dict[tuple[str, str], list[str]] = {}
    for places, actions in targets(legal, lambda action_text: tuple(phone_target_of(view, action_text))).items():
        for place in places:
            on.setdefault(place, []).extend(actions)
    parts, top = status_svg(view, legal)
    if view["phase"] == "choose":
        choices, top = choices_svg(view, on, top)
        parts += [*choices, *board_svg(view, on, top)]
        top += BOARD_HEIGHT + MARGIN
    else:
        parts += board_svg(view, on, top)
        top += BOARD_HEIGHT + GAP
        plaques, top = choices_svg(view, on, top)
        parts += plaques
        top += MARGIN - GAP
    return document(WIDTH, top, "Nuts Sorting", STYLE, [rect(0, 0, WIDTH, top, 'fill="#fff"'), *parts])
