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
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache

from nutbox.core import seat_name, with_names
from nutbox.core.svg import (
    HIGHLIGHT,
    TARGET_STYLE,
    attributes,
    circle,
    document,
    drawn,
    left_text,
    num,
    rect,
    targets,
    text,
    titled,
)
from nutbox.games.nuts_sorting.actions import Move, Pickup
from nutbox.games.nuts_sorting.board import BITS, CELL_OF_NAME, NAMES, ROWS, cells_of, flood
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
    BoardKey,
    PlaqueKey,
    board_key,
    click_lines,
    held_in,
    hexagon,
    owner_named,
    parsed,
    plaque_key,
    player,
    set_words,
    state_of_plaque,
    status_lines,
    target_of,
)
from nutbox.games.nuts_sorting.view import SortingView
from nutbox.games.nuts_sorting.words import FILL, counted_words, masks, nut_at

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


WIDE = "mw▶★✓×"  # the wide letters other than the capitals


# --- text that fits -----------------------------------------------------------------------------------------
def text_width(words: str, size: float, bold: bool = False) -> float:
    """A generous estimate of how wide a sans-serif text is drawn: wide letters count more. A seat's placeholder
    counts as its default name ("Player 2"): the picture is drawn before the table fills in the names."""
    return width_of(*letters(words), size, bold)


@lru_cache(maxsize=4096)  # the status lines' words and the plaques' names come again with every picture
def letters(words: str) -> tuple[int, int]:
    """How many letters text_width counts, and how many of them wide."""
    words = with_names(words)
    return len(words), sum(map(str.isupper, words)) + sum(words.count(char) for char in WIDE)


def width_of(count: int, wide: int, size: float, bold: bool = False) -> float:
    return size * (0.56 * count + 0.25 * wide) * (1.08 if bold else 1)


def wrapped(words: str, size: float, width: float) -> list[str]:
    """The words in lines no wider than `width`."""
    lines: list[str] = []
    count = wide = 0  # the last line's letters (a placeholder lies within a word, so a line's are its words')
    for word in words.split():
        more, wider = letters(word)
        if lines and width_of(count + 1 + more, wide + wider, size) <= width:
            lines[-1] += f" {word}"
            count, wide = count + 1 + more, wide + wider
        else:
            lines.append(word)
            count, wide = more, wider
    return lines


def fitted(options: list[str], size: float, width: float, bold: bool = False) -> str:
    """The first (longest) of `options` that fits `width`, else the last: a label is shortened, never shrunk."""
    return next((words for words in options if text_width(words, size, bold) <= width), options[-1])


# --- the board ----------------------------------------------------------------------------------------------
@cache  # the board never moves, and the tops it is drawn at are few
def centre(name: str, top: float) -> tuple[float, float]:
    """As on the desktop picture: rows a (bottom) to i (top), numbers along the up-left diagonals."""
    row, number = ROWS.index(name[0]), int(name[1:]) - 1
    return WIDTH / 2 + 2 * HALF * (number - row / 2 - 2), top + R + ROW_STEP * (8 - row)


BOARD_HEIGHT = 8 * ROW_STEP + 2 * R
Coming = tuple[tuple[int, tuple[str, ...]], ...]  # the directions moves come from into a cell, with their colours


def direction(source: tuple[float, float], target: tuple[float, float]) -> int:
    """Which of the six neighbour directions (0: right, then every 60 degrees clockwise on screen) a source lies
    in, seen from the target: a move runs along a line, so it is one of the six."""
    angle = math.degrees(math.atan2(source[1] - target[1], source[0] - target[0]))
    return round(angle / 60) % 6


def dot(x: float, y: float, colours: Sequence[str]) -> str:
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


def coming_into(view: SortingView, name: str, actions: Sequence[str], top: float) -> Coming:
    """For each direction moves into an empty cell come from, the colours coming that way."""
    x, y = centre(name, top)
    coming: dict[int, list[str]] = {}
    for action_text in actions:
        move = parsed(action_text)
        if not isinstance(move, Move):
            continue
        colour = nut_at(view, NAMES[move.source])
        ways = coming.setdefault(direction(centre(NAMES[move.source], top), (x, y)), [])
        if colour not in ways:
            ways.append(colour)
    return tuple((way, tuple(sorted(colours, key=COLOURS.index))) for way, colours in sorted(coming.items()))


def arrivals(x: float, y: float, coming: Coming) -> str:
    """The dots in an empty cell centred at (x, y), one for each direction in `coming`."""
    return "".join(
        dot(x + DOT_AT * math.cos(math.radians(60 * way)), y + DOT_AT * math.sin(math.radians(60 * way)), colours)
        for way, colours in coming)


def cell_svg(view: SortingView, name: str, aimed: tuple[str, ...], clicks: tuple[str, ...], top: float) -> str:
    colour = view["cells"].get(name)
    coming = coming_into(view, name, aimed, top) if colour is None else ()
    return drawn_cell(name, top, name in view["cells"], colour, aimed, clicks, coming)


@drawn  # a cell looks the same whenever it holds the same nut with the same actions
def drawn_cell(name: str, top: float, dealt: bool, colour: str | None, aimed: tuple[str, ...],
               clicks: tuple[str, ...], coming: Coming) -> str:
    x, y = centre(name, top)
    shape = hexagon(x, y, R - 1)
    if not dealt:
        return (f'<g class="cell" data-cell="{name}" data-state="not dealt">' + titled([f"{name}: not dealt yet"])
                + f'<polygon points="{shape}" fill="{UNDEALT_FILL}" stroke="{PANEL_LINE}" stroke-dasharray="4 3"/>'
                + text(x, y + 4, name, NAME_SIZE, f' fill="{FAINT}"') + "</g>")
    actions = list(aimed)
    words = f"{name}: empty" if colour is None else f"{name}: a {colour} nut"
    parts = [f"<g{attributes('cell', name, actions, 'cell', colour or 'empty')}>", titled([words, *clicks]),
             f'<polygon points="{shape}" fill="{BOARD_FILL}" stroke="{BOARD_LINE}" stroke-width="1.2"/>']
    if actions:  # under the nut, so that its colour stays true
        parts.append(f'<polygon class="highlight" points="{hexagon(x, y, R - 3.5)}" fill="{HIGHLIGHT}" '
                     f'fill-opacity="0.18" stroke="{HIGHLIGHT}" stroke-width="3"/>')
    parts.append(DRAWN)
    if colour is None:
        parts.append(text(x, y + 4, name, NAME_SIZE, f' font-weight="bold" fill="{INK if actions else FAINT}"'))
        parts.append(arrivals(x, y, coming))
    else:
        fill, ink = FILL[colour]
        parts += [circle(x, y, PIECE_R, f'fill="{fill}" stroke="#343a40" stroke-width="1.2"'),
                  text(x, y + 0.5, LETTER[colour], LETTER_SIZE, f' font-weight="bold" fill="{ink}"'),
                  text(x, y + 11.5, name, NAME_SIZE, f' fill="{ink}"')]
    return "".join([*parts, "</g></g>"])


@drawn  # the seats see one board between two moves, and a move changes a cell or two of it
def plain_cells(cells: BoardKey, top: float) -> tuple[str, ...]:
    """Every cell (in the order of NAMES) as it looks with no action on it, from the dealt cells' colours."""
    held = held_in(cells)
    return tuple(drawn_cell(name, top, name in held, held.get(name), (), (), ()) for name in NAMES)


def phone_target_of(view: SortingView, colours: dict[str, int], action_text: str) -> list[tuple[str, str]]:
    """The places an action is offered at here: a move at its empty cell, a pickup at each cell of its group
    (`colours`: masks of the view's cells), the rest where the desktop picture puts them."""
    action = parsed(action_text)
    if isinstance(action, Move):
        return [("cell", NAMES[action.target])]
    if isinstance(action, Pickup):
        mask = colours[nut_at(view, NAMES[action.cell])]
        return [("cell", NAMES[cell]) for cell in cells_of(flood(BITS[action.cell], mask))]
    return [target_of(view, action_text)]


def board_svg(view: SortingView, on: dict[tuple[str, str], list[str]], top: float) -> list[str]:
    parts = list(plain_cells(board_key(view), top))
    clicks: dict[tuple[str, ...], tuple[str, ...]] = {}  # the words of each cell's actions (a group's cells share)
    for (kind, name), actions in on.items():
        if kind == "cell":
            aimed = tuple(actions)
            if aimed not in clicks:
                clicks[aimed] = tuple(click_lines(view, actions, "tap"))
            parts[CELL_OF_NAME[name]] = cell_svg(view, name, aimed, clicks[aimed], top)
    return parts


# --- the colour sets and the setup choices -------------------------------------------------------------------
def plaque_svg(view: SortingView, index: int, actions: list[str], top: float) -> str:
    return drawn_plaque(plaque_key(view, index, actions, Counter(view["cells"].values()), "tap"), top)


@drawn
def drawn_plaque(key: PlaqueKey, top: float) -> str:
    """A colour set across the width: its owner, their turn or win, and each colour's groups and nuts."""
    index, owner, to_move, won = key.set_index, key.owner, key.to_move, key.won
    set_code = SETS[index]
    x, y, width = MARGIN, top, WIDTH - 2 * MARGIN
    stroke = f'stroke="{WON if won else INK}" stroke-width="2.5"' if to_move or won else f'stroke="{PANEL_LINE}"'
    colours = [COLOURS[c] for c in SET_COLOURS[index]]
    named = owner_named(key)
    head = f"{set_words(set_code)}: " + (named if named is not None else "not chosen yet")
    shows = state_of_plaque(owner, key.first, colours, key.groups, key.pieces)
    parts = [f"<g{attributes('set', set_code, list(key.actions), 'set', shows)}>",
             titled([head, *(f"{colour}: {counted_words(nuts, groups)}"
                             for colour, groups, nuts in zip(colours, key.groups, key.pieces, strict=True)),
                     *key.clicks]),
             rect(x, y, width, PLAQUE_HEIGHT, f'rx="8" fill="{PANEL_FILL}" {stroke}')]
    parts.append(DRAWN)
    if key.actions:
        parts.append(rect(x + 3, y + 3, width - 6, PLAQUE_HEIGHT - 6, f'class="highlight" rx="6" fill="{HIGHLIGHT}" '
                          f'fill-opacity="0.15" stroke="{HIGHLIGHT}" stroke-width="3"'))
    order = ""
    if key.first is not None and owner is not None:
        order = "moves first" if key.first == owner else "moves second"
        parts.append(left_text(x + width - 12, y + 23, order, 12, f' text-anchor="end" fill="{FAINT}"'))
    room = width - 24 - (text_width(order, 12) + 10 if order else 0)
    if owner is None or named is None:
        words, ink = ("tap to take these colours", HIGHLIGHT) if key.actions else ("not chosen yet", FAINT)
        parts.append(left_text(x + 12, y + 23, words, 13, f' font-style="italic" fill="{ink}"'))
    else:
        mark, wins = ("▶ " if to_move else ""), (" ★ wins" if won else "")
        shown = fitted([mark + named + wins, mark + seat_name(owner) + wins], 14, room, bold=True)
        parts.append(left_text(x + 12, y + 23, shown, 14, ' font-weight="bold"'))
    column = (width - 12) / 3
    for slot, (colour, groups, nuts) in enumerate(zip(colours, key.groups, key.pieces, strict=True)):
        parts.append(colour_slot(colour, groups, nuts, owner is not None, x + 6 + slot * column + 20, y + 58))
    return "".join([*parts, "</g></g>"])


@drawn  # a plaque changes with every turn, its colours' counts seldom
def colour_slot(colour: str, groups: int, nuts: int, owned: bool, cx: float, cy: float) -> str:
    """A colour of a plaque, its disc centred at (cx, cy): its name, groups (sorted once one, if owned) and nuts."""
    fill, ink = FILL[colour]
    sorted_mark = " ✓" if groups == 1 and owned else ""
    return "".join([circle(cx, cy, 14, f'fill="{fill}" stroke="#343a40"'),
                    text(cx, cy + 4.5, LETTER[colour], LETTER_SIZE, f' font-weight="bold" fill="{ink}"'),
                    left_text(cx + 19, cy - 14, colour, 12, ' font-weight="bold"'),
                    left_text(cx + 19, cy + 1, f"{groups} group{'s' if groups != 1 else ''}{sorted_mark}", 12),
                    left_text(cx + 19, cy + 16, f"{nuts} nut{'s' if nuts != 1 else ''}", 11.5, f' fill="{FAINT}"')])


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
def status_svg(view: SortingView, legal: Sequence[str]) -> tuple[tuple[str, ...], float]:
    return drawn_status(*status_lines(view, legal, "tap", TAP_HINT))


@drawn  # wrapping the lines measures every word
def drawn_status(first: str, second: str) -> tuple[tuple[str, ...], float]:
    """The status lines wrapped to the width, and where they end."""
    parts, y = [], 22.0
    for line in wrapped(first, TITLE_SIZE * 1.08, WIDTH - 2 * MARGIN):
        parts.append(left_text(MARGIN, y, line, TITLE_SIZE, ' font-weight="bold"'))
        y += TITLE_SIZE + 4
    for line in wrapped(second, LINE_SIZE, WIDTH - 2 * MARGIN):
        parts.append(left_text(MARGIN, y, line, LINE_SIZE, f' fill="{INK}"'))
        y += LINE_STEP
    return tuple(parts), y - LINE_STEP + 12


def render(view: SortingView, legal: Sequence[str]) -> str:
    """The phone picture as an SVG document 358 units wide; every action of `legal` has a place to tap."""
    on: dict[tuple[str, str], list[str]] = {}
    colours = masks(view["cells"]) if legal else {}  # (only a pickup reads them)
    aimed = targets(legal, lambda action_text: tuple(phone_target_of(view, colours, action_text)))
    for places, actions in aimed.items():
        for place in places:
            on.setdefault(place, []).extend(actions)
    status, top = status_svg(view, legal)
    parts = list(status)
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
