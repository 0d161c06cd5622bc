"""The browser picture of a Nuts Sorting view: a standalone SVG of the hexagonal board, the two colour sets
and whose turn it is, with every legal action made clickable.

The board stands as in the cell diagram of the package docstring (rows a at the bottom to i at the top,
cells with a corner up, so that rows run across). A piece is a disc in its colour with its letter (R red,
B blue, Y yellow, K black, W white, G gray) and its cell's name, so the board reads without colour; each
cell's <title> names it. Below the board, one plaque per colour set shows its owner, whether they move
first, and each colour's groups and pieces; the status lines above say whose turn it is, or the result.

Every legal action is the data-action of an element of its own, so one click makes it (a move needs no
"from" then "to"), and data-actions repeats it alone:
- a move ("c3-e5") is a chip inside its empty target cell, in the colour of the piece that would come, named
  after the cell it comes from and set towards it; hovering a chip draws the path from that piece;
- a pickup ("x c3") is a × badge on the group's first cell (the cell its notation names); hovering it
  outlines the whole group;
The path and the outline are a guide (class "move-guide": a picture's style sheet reaches the whole page it is
shown in, so its class names are its own), drawn just after their target as a sibling rather than inside it, so
that the target's box (which the tutorial outlines) is the chip or badge alone; the style shows a guide while its
target is hovered, or outlined as the tutorial's expected decision.
- a setup removal ("remove c3") is the piece's cell;
- "choose rby" / "choose bwg" are the colour set plaques, and "choose first" / "choose second" are buttons
  in the lower corners saying which player would then move first.
Each cell and plaque also carries data-state, what it shows now (a cell's colour, "empty" or "not dealt"; a
plaque's owner and its colours' groups/pieces), so that a table can mark what changed since a seat last
decided. The drawing depends on the view and `legal` only, so the same input always gives the same text.

The texts a person reads (tooltips included) say actions in words (words.py's labels), never in notation, and
name each seat by its placeholder (core.names.seat_name), which the face fills with the seat's name. What there
is to decide, the table says beside the picture (face.decision); the status lines say whose turn it is and how
the picture takes a decision.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import chain
from typing import NamedTuple, cast

from nutbox.core import Action, seat_name
from nutbox.core.svg import (
    HIGHLIGHT,
    TARGET_STYLE,
    attributes,
    circle,
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
from nutbox.games.nuts_sorting.actions import NOTATION, Choose, Move, Pickup, Remove
from nutbox.games.nuts_sorting.board import BITS, CELL_OF_NAME, NAMES, NUM_CELLS, ROWS, cells_of, flood
from nutbox.games.nuts_sorting.components import COLOURS, SET_COLOURS, SETS
from nutbox.games.nuts_sorting.view import SortingView
from nutbox.games.nuts_sorting.words import FILL, counted_words, growth, label, masks, mover, nut_at, reason, set_of

WIDTH = 600
MARGIN = 10
R = 35  # a cell's circumradius: nine cells across the middle row fill the width
HALF = R * math.sqrt(3) / 2  # half a cell's width
ROW_STEP = 1.5 * R
PIECE_R = 22
STATUS_HEIGHT = 46
ROW_I_Y = STATUS_HEIGHT + R + 2  # the centre of the top row
BOARD_BOTTOM = ROW_I_Y + 8 * ROW_STEP + R
PLAQUE_TOP = BOARD_BOTTOM + 8
PLAQUE_WIDTH, PLAQUE_HEIGHT = (WIDTH - 3 * MARGIN) / 2, 78
HEIGHT = PLAQUE_TOP + PLAQUE_HEIGHT + MARGIN
BUTTON_WIDTH, BUTTON_HEIGHT = 120, 34

LETTER = {"red": "R", "blue": "B", "yellow": "Y", "black": "K", "white": "W", "gray": "G"}
# each colour as a fill, with an ink that reads on it
BOARD_FILL, BOARD_LINE, UNDEALT_FILL = "#f1e3c6", "#b08d57", "#f4f1ea"
PANEL_FILL, PANEL_LINE, INK, FAINT, WON = "#f8f9fa", "#adb5bd", "#212529", "#6c757d", "#f59f00"
# a guide (a move's path, a group's outline) follows its target: shown while the target is hovered, or while the
# tutorial outlines it as the expected decision
GUIDE_STYLE = ".move-guide{visibility:hidden}.target:hover+.move-guide,.target.expected+.move-guide{visibility:visible}"
STYLE = TARGET_STYLE + GUIDE_STYLE


def player(seat: int, view: SortingView) -> str:
    return seat_name(seat) + (" (you)" if view["seat"] == seat else "")


def set_words(set_code: str) -> str:
    return ", ".join(COLOURS[colour] for colour in SET_COLOURS[SETS.index(set_code)])


def lower_first(words: str) -> str:
    return words[:1].lower() + words[1:]


@cache  # the legal actions' texts come again with every picture (the notation cleans a text before reading it)
def parsed(action_text: str) -> Action:
    return NOTATION.parse(action_text)


def action_words(view: SortingView, action_text: str) -> str:
    """An action as a person reads it ("Move the red nut from c3 to e5 (its group grows from 1 to 3)")."""
    return label(parsed(action_text), view)


def click_lines(view: SortingView, actions: list[str], verb: str = "click") -> list[str]:
    """The tooltip's last line on a target: what a click does in words, and what else it offers there."""
    if not actions:
        return []
    first = f"{verb} to {lower_first(action_words(view, actions[0]))}"
    if len(actions) == 1:
        return [first]
    return [f"{verb} to choose:", *(lower_first(action_words(view, action_text)) for action_text in actions)]


# --- geometry ---------------------------------------------------------------------------------------------
@cache  # the board never moves
def centre(name: str) -> tuple[float, float]:
    """Rows a (bottom) to i (top); a cell's number runs along the diagonal up and to the left, so moving one
    row up shifts a number half a cell to the left. e5 is the middle."""
    row, number = ROWS.index(name[0]), int(name[1:]) - 1
    return WIDTH / 2 + 2 * HALF * (number - row / 2 - 2), ROW_I_Y + ROW_STEP * (8 - row)


@cache  # the board never moves: each cell's corners are worked out once
def hexagon(x: float, y: float, radius: float) -> str:
    """A hexagon with a corner up, as its polygon points."""
    corners = ((x + radius * math.cos(math.radians(60 * i - 30)), y + radius * math.sin(math.radians(60 * i - 30)))
               for i in range(6))
    return " ".join(f"{num(cx)},{num(cy)}" for cx, cy in corners)


# --- what the legal actions aim at ------------------------------------------------------------------------
def target_of(view: SortingView, action_text: str) -> tuple[str, str]:
    """The element an action is aimed at, as (data attribute, its value). Every action has one."""
    action = parsed(action_text)
    if isinstance(action, Move):
        return "move", str(action)
    if isinstance(action, Pickup):
        return "group", NAMES[action.cell]
    if isinstance(action, Remove):
        return "cell", NAMES[action.cell]
    assert isinstance(action, Choose), action_text
    if action.choice in SETS:
        return "set", action.choice
    chooser = mover(view)
    return "first", str((chooser if action.choice == "first" else 1 - chooser) + 1)


# --- the board --------------------------------------------------------------------------------------------
def cell_svg(view: SortingView, name: str, actions: list[str]) -> str:
    dealt = name in view["cells"]
    return drawn_cell(name, dealt, view["cells"].get(name), tuple(actions), tuple(click_lines(view, actions)))


BoardKey = tuple[str | None, ...]  # the dealt cells and their colours: name, colour, name, colour, ...


def board_key(view: SortingView) -> BoardKey:
    """The dealt cells' colours, flat: a key of one tuple of strings, which the garbage collector soon leaves
    alone (a tuple of pairs would be a tuple to follow for every cell of every board kept)."""
    return tuple(chain.from_iterable(view["cells"].items()))


def held_in(key: BoardKey) -> dict[str, str | None]:
    """The dealt cells' colours by name, from their board_key."""
    return {cast(str, name): colour for name, colour in zip(key[::2], key[1::2], strict=True)}


@drawn  # the seats see one board between two moves, and a move changes a cell or two of it
def plain_cells(cells: BoardKey) -> tuple[str, ...]:
    """Every cell (in the order of NAMES) as it looks with no action on it, from the dealt cells' colours."""
    held = held_in(cells)
    return tuple(drawn_cell(name, name in held, held.get(name), (), ()) for name in NAMES)


@drawn  # a cell looks the same whenever it holds the same piece with the same actions
def drawn_cell(name: str, dealt: bool, colour: str | None, aimed: tuple[str, ...], clicks: tuple[str, ...]) -> str:
    x, y = centre(name)
    actions = list(aimed)
    if not dealt:
        return (f'<g class="cell" data-cell="{name}" data-state="not dealt">'
                + titled([f"{name}: not dealt yet"])
                + f'<polygon points="{hexagon(x, y, R - 1)}" fill="{UNDEALT_FILL}" stroke="{PANEL_LINE}" '
                'stroke-dasharray="4 3"/>' + text(x, y + 4, "?", 13, f' fill="{PANEL_LINE}"')
                + text(x, y + 18, name, 8, f' fill="{PANEL_LINE}"') + "</g>")
    words = f"{name}: empty" if colour is None else f"{name}: {colour} ({LETTER[colour]})"
    state = colour or "empty"
    parts = [f"<g{attributes('cell', name, actions, 'cell', state)}>", titled([words, *clicks]),
             f'<polygon points="{hexagon(x, y, R - 1)}" fill="{BOARD_FILL}" stroke="{BOARD_LINE}" '
             'stroke-width="1.5"/>']
    if actions:  # under the piece, so that its colour stays true
        parts.append(f'<polygon class="highlight" points="{hexagon(x, y, R - 4)}" fill="{HIGHLIGHT}" '
                     f'fill-opacity="0.15" stroke="{HIGHLIGHT}" stroke-width="3"/>')
    if colour is None:
        parts.append(text(x, y + 3, name, 8.5, f' fill="{FAINT}"'))
    else:
        fill, ink = FILL[colour]
        parts.append(circle(x, y, PIECE_R, f'fill="{fill}" stroke="#343a40" stroke-width="1.2"'))
        parts.append(text(x, y + 3, LETTER[colour], 15, f' font-weight="bold" fill="{ink}"'))
        parts.append(text(x, y + 14, name, 7.5, f' fill="{ink}" fill-opacity="0.8"'))
    return "".join([*parts, "</g>"])


@cache  # the places depend on the count alone (callers copy the list before taking places from it)
def chip_places(count: int, half: float = HALF) -> tuple[list[tuple[float, float]], float]:
    """Where `count` chips may go inside a cell `half` wide, as offsets from its centre, and their radius. Up to six
    sit on a ring at the six directions to the neighbours. More sit on the widest honeycomb whose places inside
    the hexagon hold them all; its middle, where the cell's name is, comes last."""
    if count <= 6:
        radius = 9.0
        ring = half - 1 - radius
        return [(ring * math.cos(k * math.pi / 3), ring * math.sin(k * math.pi / 3)) for k in range(6)], radius
    step = 15.0  # a chip and its gap; the honeycomb's rows run across, as the board's do
    while True:
        radius = (step - 1) / 2
        points = [(step * (i + j / 2), step * j * math.sqrt(3) / 2) for i in range(-4, 5) for j in range(-4, 5)]
        inside = [(x, y) for x, y in points
                  if all(x * math.cos(k * math.pi / 3) + y * math.sin(k * math.pi / 3) + radius <= half
                         for k in range(6))]
        if len(inside) >= count:
            return sorted(inside, key=lambda point: (point == (0.0, 0.0), math.hypot(*point))), radius
        step -= 1


def assign_places(wanted: list[float], places: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Each chip in turn takes the free place whose direction is nearest its `wanted` angle (the middle last)."""
    def miss(angle: float, place: tuple[float, float]) -> float:
        if place == (0.0, 0.0):
            return 2 * math.pi
        return abs(math.remainder(math.atan2(place[1], place[0]) - angle, 2 * math.pi))

    free = list(places)
    chosen = []
    for angle in wanted:
        place = min(free, key=lambda place: miss(angle, place))
        free.remove(place)
        chosen.append(place)
    return chosen


def move_chips(view: SortingView, target: str, moves: list[tuple[str, str]], colours: dict[str, int]) -> str:
    """The chips of the moves (text, source) into one empty cell, each set towards where its piece comes from,
    nearest pieces placed first."""
    placed, radius = chip_layout(target, tuple(source for _, source in moves))
    parts = []
    texts = dict((source, action_text) for action_text, source in moves)
    for source, cx, cy in placed:
        colour = nut_at(view, source)
        before, after = growth(colours[colour], CELL_OF_NAME[source], CELL_OF_NAME[target])
        parts.append(drawn_chip(texts[source], source, target, colour, before, after, cx, cy, radius))
    return "".join(parts)


@cache  # where the chips into a cell go depends on the cell and where they come from alone
def chip_layout(target: str, sources: tuple[str, ...]) -> tuple[tuple[tuple[str, float, float], ...], float]:
    """Each chip of the moves from `sources` into `target`, nearest first: its source and its centre; and the
    chips' radius."""
    x, y = centre(target)
    ordered = sorted(sources, key=lambda source: math.dist(centre(source), (x, y)))
    wanted = [math.atan2(centre(source)[1] - y, centre(source)[0] - x) for source in ordered]
    places, radius = chip_places(len(ordered))
    return tuple((source, x + dx, y + dy) for source, (dx, dy) in
                 zip(ordered, assign_places(wanted, places), strict=True)), radius


@drawn
def drawn_chip(action_text: str, source: str, target: str, colour: str, before: int, after: int, cx: float,
               cy: float, radius: float) -> str:
    """A move's chip at (cx, cy) and its guide from the piece's cell."""
    fill, ink = FILL[colour]
    sx, sy = centre(source)
    return "".join([
        f"<g{attributes('move', action_text, [action_text], 'move')}>",
        titled([f"Move the {colour} nut from {source} to {target} (its group grows from {before} to {after})",
                "click to make this move"]),
        circle(cx, cy, radius, f'fill="{fill}" stroke="{HIGHLIGHT}" stroke-width="2"'),
        text(cx, cy + radius * 0.38, source, radius * 1.05, f' font-weight="bold" fill="{ink}"'),
        "</g>",
        '<g class="move-guide" pointer-events="none">',
        line(sx, sy, cx, cy, f'stroke="{HIGHLIGHT}" stroke-width="3" stroke-dasharray="6 4"'),
        circle(sx, sy, PIECE_R + 3, f'fill="none" stroke="{HIGHLIGHT}" stroke-width="3"'),
        "</g>",
    ])


def pickup_badge(view: SortingView, first: str, action_text: str, colours: dict[str, int]) -> str:
    """The × on a group's first cell; hovering it outlines the group."""
    colour = nut_at(view, first)
    return drawn_badge(first, action_text, colour, flood(BITS[CELL_OF_NAME[first]], colours[colour]))


@drawn
def drawn_badge(first: str, action_text: str, colour: str, group_mask: int) -> str:
    """The × of a pickup on the group's first cell, and the group's outline (its cells as a bitmask of board.py)."""
    group = [NAMES[cell] for cell in cells_of(group_mask)]
    x, y = centre(first)
    bx, by = x + 15, y - 15
    size = f"{len(group)} nut{'s' if len(group) > 1 else ''}"
    parts = [f"<g{attributes('group', first, [action_text], 'group')}>",
             titled([f"the {colour} group of {size}: {', '.join(group)}", "click to pick it up"]),
             circle(bx, by, 9, 'fill="#fff"'),
             circle(bx, by, 9, f'class="highlight" fill="{HIGHLIGHT}" fill-opacity="0.15" stroke="{HIGHLIGHT}" '
                    'stroke-width="2"'),
             text(bx, by + 4.5, "×", 14, f' font-weight="bold" fill="{HIGHLIGHT}"'), "</g>",
             '<g class="move-guide" pointer-events="none">']
    for name in group:
        gx, gy = centre(name)
        parts.append(f'<polygon points="{hexagon(gx, gy, R - 4)}" fill="{HIGHLIGHT}" fill-opacity="0.25" '
                     f'stroke="{HIGHLIGHT}" stroke-width="3"/>')
    return "".join([*parts, "</g>"])


def board_svg(view: SortingView, on: dict[tuple[str, str], list[str]]) -> list[str]:
    """The cells, then what is clicked on top of them: move chips and pickup badges."""
    parts = list(plain_cells(board_key(view)))
    if not on:
        return parts
    colours = masks(view["cells"])
    for (kind, name), actions in on.items():
        if kind == "cell":
            parts[CELL_OF_NAME[name]] = cell_svg(view, name, actions)
    into: dict[str, list[tuple[str, str]]] = {}
    for (kind, value), actions in on.items():
        if kind == "move":
            source, target = value.split("-")
            into.setdefault(target, []).append((actions[0], source))
    parts += [move_chips(view, target, moves, colours) for target, moves in into.items()]
    parts += [pickup_badge(view, value, actions[0], colours) for (kind, value), actions in on.items()
              if kind == "group"]
    return parts


# --- the colour sets and the setup choices ---------------------------------------------------------------
def owner_of(view: SortingView, set_code: str) -> int | None:
    owners = [seat for seat, chosen in enumerate(view["colour_sets"]) if chosen == set_code]
    return owners[0] if owners else None


def plaque_svg(view: SortingView, index: int, actions: list[str], pieces: Counter[str | None]) -> str:
    """A colour set: its owner, their turn or win, whether they move first, and each colour's groups."""
    return drawn_plaque(plaque_key(view, index, actions, pieces))


def plaque_key(view: SortingView, index: int, actions: list[str], pieces: Counter[str | None],
               verb: str = "click") -> PlaqueKey:
    """What a plaque shows of the view (`pieces`: the nuts of each colour on the board)."""
    owner = owner_of(view, SETS[index])
    colours = [COLOURS[c] for c in SET_COLOURS[index]]
    return PlaqueKey(
        index, owner, owner is not None and view["seat"] == owner, owner is not None and view["to_move"] == owner,
        owner is not None and owner in view.get("winners", []), view["first"],
        tuple(view["groups"][colour] for colour in colours), tuple(pieces[colour] for colour in colours),
        tuple(actions), tuple(click_lines(view, actions, verb)))


class PlaqueKey(NamedTuple):
    """All that a plaque shows: its set, its owner, whether the owner is the viewer ("you"; every other viewer sees
    the same plaque), is to move or won, who moves first, each of its colours' groups and nuts, and its actions with
    their words."""

    set_index: int
    owner: int | None
    yours: bool
    to_move: bool
    won: bool
    first: int | None
    groups: tuple[int, ...]
    pieces: tuple[int, ...]
    actions: tuple[str, ...]
    clicks: tuple[str, ...]


@drawn
def drawn_plaque(key: PlaqueKey) -> str:
    index, owner, to_move, won = key.set_index, key.owner, key.to_move, key.won
    set_code = SETS[index]
    x, y = MARGIN + index * (PLAQUE_WIDTH + MARGIN), PLAQUE_TOP
    stroke = f'stroke="{WON if won else INK}" stroke-width="2.5"' if to_move or won else f'stroke="{PANEL_LINE}"'
    colours = [COLOURS[c] for c in SET_COLOURS[index]]
    colour_lines = [f"{colour}: {counted_words(nuts, groups)}"
                    for colour, groups, nuts in zip(colours, key.groups, key.pieces, strict=True)]
    named = owner_named(key)
    head = f"{set_words(set_code)}: " + (named if named is not None else "not chosen yet")
    shows = state_of_plaque(owner, key.first, colours, key.groups, key.pieces)
    parts = [f"<g{attributes('set', set_code, list(key.actions), 'set', shows)}>",
             titled([head, *colour_lines, *key.clicks]),
             rect(x, y, PLAQUE_WIDTH, PLAQUE_HEIGHT, f'rx="6" fill="{PANEL_FILL}" {stroke}')]
    if key.actions:
        parts.append(highlight(x + 3, y + 3, PLAQUE_WIDTH - 6, PLAQUE_HEIGHT - 6, corner=4))
    if named is None:
        words, ink = ("take these colours", HIGHLIGHT) if key.actions else ("not chosen yet", FAINT)
        parts.append(left_text(x + 10, y + 20, words, 12.5, f' font-style="italic" fill="{ink}"'))
    else:
        name = ("▶ " if to_move else "") + named + (" ★ wins" if won else "")
        parts.append(left_text(x + 10, y + 20, name, 13, ' font-weight="bold"'))
    if key.first is not None and owner is not None:
        order = "moves first" if key.first == owner else "moves second"
        parts.append(left_text(x + PLAQUE_WIDTH - 10, y + 20, order, 11, f' text-anchor="end" fill="{FAINT}"'))
    for slot, (colour, groups, nuts) in enumerate(zip(colours, key.groups, key.pieces, strict=True)):
        parts.append(colour_slot(colour, groups, nuts, owner is not None, x + 22 + slot * (PLAQUE_WIDTH - 20) / 3,
                                 y + 52))
    return "".join([*parts, "</g>"])


@drawn  # a plaque changes with every turn, its colours' counts seldom
def colour_slot(colour: str, groups: int, nuts: int, owned: bool, sx: float, sy: float) -> str:
    """A colour of a plaque centred at (sx, sy): its disc, its groups (sorted once one, if owned) and nuts."""
    fill, ink = FILL[colour]
    sorted_mark = " ✓" if groups == 1 and owned else ""
    return "".join([circle(sx, sy, 12, f'fill="{fill}" stroke="#343a40"'),
                    text(sx, sy + 4.5, LETTER[colour], 12.5, f' font-weight="bold" fill="{ink}"'),
                    left_text(sx + 17, sy - 1, f"{groups} group{'s' if groups != 1 else ''}{sorted_mark}", 11.5),
                    left_text(sx + 17, sy + 12, f"{nuts} nut{'s' if nuts != 1 else ''}", 9.5, f' fill="{FAINT}"')])


def owner_named(key: PlaqueKey) -> str | None:
    """A plaque's owner as its viewer reads them, None if nobody took the set yet."""
    return None if key.owner is None else seat_name(key.owner) + (" (you)" if key.yours else "")


def state_of_plaque(owner: int | None, first: int | None, colours: list[str], groups: tuple[int, ...],
                    pieces: tuple[int, ...]) -> str:
    """What a plaque shows that play changes, from the owner, who moves first, and the set's colours' groups and
    pieces (not whose turn it is, which changes every turn): "player 2, first; red 3/9; blue 1/10; yellow 2/10"."""
    who = "nobody" if owner is None else f"player {owner + 1}"
    if first is not None and owner is not None:
        who += ", first" if first == owner else ", second"
    counts = [f"{colour} {count}/{nuts}" for colour, count, nuts in zip(colours, groups, pieces, strict=True)]
    return "; ".join([who, *counts])


def first_button(view: SortingView, seat: int, actions: list[str]) -> str:
    """A setup button in a lower corner of the board: the player who would move first."""
    x = MARGIN if seat == 0 else WIDTH - MARGIN - BUTTON_WIDTH
    y = BOARD_BOTTOM - R - 26
    return "".join([
        f"<g{attributes('first', str(seat + 1), actions, 'first')}>",
        titled([f"{player(seat, view)} moves first", *click_lines(view, actions)]),
        rect(x, y, BUTTON_WIDTH, BUTTON_HEIGHT, f'rx="6" fill="{PANEL_FILL}" stroke="{PANEL_LINE}"'),
        highlight(x + 2, y + 2, BUTTON_WIDTH - 4, BUTTON_HEIGHT - 4, corner=4),
        text(x + BUTTON_WIDTH / 2, y + 14, player(seat, view), 11.5, ' font-weight="bold"'),
        text(x + BUTTON_WIDTH / 2, y + 28, "moves first", 11),
        "</g>",
    ])


# --- the status lines -------------------------------------------------------------------------------------
# what a click on the board does while playing, in a picture where chips mark the moves (PLAY_HINT) or in one where
# the cells do (render_phone.py)
PLAY_HINT = "click a chip to move its nut there, or × to pick up a group"


def status_lines(view: SortingView, legal: Sequence[str], verb: str = "click",
                 play_hint: str = PLAY_HINT) -> tuple[str, str]:
    """Whose turn it is and at what, or the result; then what there is to do or know (`verb`: how a player
    picks a place, and `play_hint`: what there is to pick in a turn)."""
    phase = view["phase"]
    if phase == "over":
        winners = view.get("winners", [])
        result = " and ".join(player(seat, view) for seat in winners) + " wins" if winners else "A draw"
        why = reason(view)
        return f"Game over: {result}", f"{why[:1].upper()}{why[1:]} (after {view['turn']} turns)"
    if phase == "deal":
        return (f"Setup: dealing the board ({len(view['cells'])} of {NUM_CELLS} cells)",
                f"still to deal: {pool_words(view['pool'] or {})}")
    who = mover(view)
    other = player(1 - who, view)
    if phase == "choose":
        if who == 1:
            task = f"take a colour set ({verb} a plaque below), or the first move"
        elif view["first"] is None:
            task = f"{other} took {set_words(set_of(view, 1))}; say who moves first"
        else:
            task = f"{other} takes the first move; choose a colour set"
        return f"Setup: {player(who, view)} to choose", task
    if phase == "remove":
        sides = ["their own colours", "the opponent's"]
        if view["removed_from"]:
            done = 0 if view["removed_from"][0] == view["colour_sets"][who] else 1
            task = f"one nut of {sides[done]} is off; now one of {sides[1 - done]}"
        else:
            task = f"one nut of {sides[0]} and one of {sides[1]}, in either order"
        return f"Setup: {player(who, view)} to remove nuts", task
    empty = sum(1 for colour in view["cells"].values() if colour is None)
    hint = f" · {play_hint}" if legal else ""
    return (f"{player(who, view)} to move ({set_words(set_of(view, who))})",
            f"turn {view['turn'] + 1} · {empty} empty cells{hint}")


def pool_words(pool: dict[str, int]) -> str:
    """What is left to deal: "8 red, 10 blue, ... and 9 gray nuts, and the empty cell"."""
    nuts = [f"{count} {colour}" for colour, count in pool.items() if count and colour != "empty"]
    words = ", ".join(nuts[:-1]) + (" and " if len(nuts) > 1 else "") + (nuts[-1] if nuts else "")
    total = sum(count for colour, count in pool.items() if colour != "empty")
    words += (" nut" if total == 1 else " nuts") if nuts else ""
    if pool.get("empty"):
        words += (", and " if nuts else "") + "the empty cell"
    return words


def status_svg(view: SortingView, legal: Sequence[str]) -> str:
    first, second = status_lines(view, legal)
    return (left_text(MARGIN, 19, first, 14, ' font-weight="bold"')
            + left_text(MARGIN, 37, second, 11.5, f' fill="{INK}"'))


def render(view: SortingView, legal: Sequence[str]) -> str:
    """The board and the colour sets as an SVG document; every action of `legal` is its own clickable element."""
    on = targets(legal, lambda action_text: target_of(view, action_text))
    parts = [rect(0, 0, WIDTH, HEIGHT, 'fill="#fff"'), status_svg(view, legal), *board_svg(view, on)]
    pieces = Counter(view["cells"].values())
    parts += [plaque_svg(view, index, on.get(("set", SETS[index]), []), pieces) for index in range(len(SETS))]
    buttons = {seat: on.get(("first", str(seat + 1)), []) for seat in (0, 1)}
    parts += [first_button(view, seat, actions) for seat, actions in buttons.items() if actions]
    return document(WIDTH, HEIGHT, "Nuts Sorting", STYLE, parts)
