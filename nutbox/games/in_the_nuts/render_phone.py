"""The phone picture of an In the Nuts! view: the same board, storage cards and marks as render_svg.py, drawn
358 units wide for a phone held upright (the table scales the picture to 358 CSS px, so a unit is a pixel):
text at 11 px and more, every clickable place at least 32 px on each side, none touching another.

From the top: the status (whose turn, what the seat to move decides, wrapped to the width); then, when the
decision is about storage cards (store, steal), the players' storage cards, the rows with clickable cards
first; then the dice and the board; then the deck; then the storage cards if they did not come first; then
a legend. The board is the game's board turned a quarter: what goes up on the table goes right here, so a
row is a starting space and the columns are, from the left, the face-up nuts, the starting track, the
2-squirrel area's five sections, the 3-squirrel area's three and the 4-squirrel area's one, each section
as tall as the spaces below it, with hedges (green bars) between the sections:

    nuts on | track | 2-squirrel | 3-squirrel | 4-squirrel
    offer   |       | area       | area       | area
    nut 1   |  2    | 2-4        | nut 1 or 2 | any nut
            |  3    |            |            |
            |  4    |            |            |
    nut 2   |  5    | 5-6        |            |
            |  6    |            |            |
    David   |  7    | Raccoon    | Raccoon    |
    nut 3   |  8    | 8-9        | nut 3 or 4 |
     ...

Each player's storage cards come four to a row under a header with the name, points, supply and kept
jokers (David beside the player he guards). The clickable places, their data-action/data-actions and the
data-* names and data-state values are exactly render_svg's, so a table offers the same actions and marks
the same changes; nuts are named, never lettered. The picture depends on the view and `legal` only.
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import quoteattr

from nutbox.core.svg import (
    TARGET_STYLE,
    attributes,
    circle,
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
from nutbox.games.in_the_nuts.actions import NOTATION, section_label
from nutbox.games.in_the_nuts.components import COMPONENTS
from nutbox.games.in_the_nuts.render_svg import (
    AREA_FILL,
    CARD_FILL,
    COLOURS,
    DAVID,
    FULL_FILL,
    HEDGE,
    NEED2,
    NEED3,
    NEED4,
    NUT_FILL,
    RACCOON_FILL,
    TRACK_FILL,
    card_lines,
    card_name,
    card_state,
    click_lines,
    deck_lines,
    deck_where,
    jokers_words,
    kept_codes,
    kept_words,
    nut_card,
    points_pill,
    raccoon_words,
    slot_words,
    squirrel_lines,
    squirrels_state,
    status_lines,
    target_of,
    unseen_words,
    upper_spaces,
)
from nutbox.games.in_the_nuts.rules import player_name
from nutbox.games.in_the_nuts.view import NutsView, StorageCard
from nutbox.games.in_the_nuts.words import PLAYER_FILL

WIDTH = 358
MARGIN = 4
GAP = 10  # between the blocks stacked down the picture
# the board's columns, (left x, width): the face-up nuts, the track, the 2-, 3- and 4-squirrel areas
NUTS, TRACK, AREA2, AREA3, AREA4 = (4, 76), (82, 50), (134, 88), (224, 70), (296, 58)
ROW, RACCOON_ROW = 38, 72  # a starting space's height; the raccoon field's space holds every player's marker
SPACES = range(COMPONENTS.first_space, COMPONENTS.last_space + 1)
RACCOON_SPACES = {space for section in COMPONENTS.area2 if section.raccoon for space in section.spaces}
HEADER = 30  # the columns' names over the board
DICE_HEIGHT = 44
CARDS_PER_ROW = 4
CARD_GAP = 6
CARD_WIDTH = (WIDTH - 2 * MARGIN - (CARDS_PER_ROW - 1) * CARD_GAP) / CARDS_PER_ROW
CARD_HEIGHT = 72
PLAYER_HEADER = 54
GREY = "#495057"


# --- text that fits ------------------------------------------------------------------------------------------
def text_width(content: str, size: float, bold: bool = False) -> float:
    """A generous estimate of how wide a line of text is drawn (DejaVu Sans, the widest common sans-serif)."""
    em = 0.0
    for char in content:
        if char in "il.,:;'|!":
            em += 0.3
        elif char in " ·()-ftrj":
            em += 0.4
        elif char.isdigit() or char in "abcdeghknopqsuvxyz":
            em += 0.64
        elif char in "mw" or char.isupper() or not char.isascii():
            em += 0.9
        else:
            em += 0.64
    return em * size * (1.08 if bold else 1.0)


def wrap(content: str, size: float, width: float, bold: bool = False) -> list[str]:
    """The words of `content` in lines no wider than `width` (a single long word stays whole)."""
    lines: list[str] = []
    for word in content.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def paragraph(y: float, content: str, size: float, extra: str = "", bold: bool = False) -> tuple[str, float]:
    """`content` wrapped to the picture's width from the left margin, its first baseline at y; the SVG and the
    y below its last line."""
    weight = ' font-weight="bold"' if bold else ""
    parts = []
    for line_text in wrap(content, size, WIDTH - 2 * MARGIN - 4, bold):
        parts.append(left_text(MARGIN + 2, y, line_text, size, weight + extra))
        y += size * 1.3
    return "".join(parts), y - size * 0.9


# --- the board, a row per starting space --------------------------------------------------------------------
def rows(top: float) -> dict[int, tuple[float, float]]:
    """The top and bottom y of each starting space's row."""
    found, y = {}, top
    for space in SPACES:
        tall = RACCOON_ROW if space in RACCOON_SPACES else ROW
        found[space] = (y, y + tall)
        y += tall
    return found


def band(row: dict[int, tuple[float, float]], spaces: Iterable[int]) -> tuple[float, float]:
    """The top and bottom y of the rows of these spaces."""
    chosen = list(spaces)
    return row[min(chosen)][0], row[max(chosen)][1]


def marker(x: float, y: float, seat: int, count: int | None) -> str:
    """A player's squirrel marker; `count` is written on it, or nothing for a single squirrel on the track."""
    fill, ink = PLAYER_FILL[seat]
    shape = circle(x, y, 10, f'fill="{fill}" stroke="#000" stroke-width="1.2"')
    if count is None:
        return shape
    return shape + text(x, y + 4, str(count), 11, f' font-weight="bold" fill="{ink}"')


def markers(counts: list[int], left: float, width: float, y: float) -> str:
    """The players' markers in a section, in rows that fit its width, the first row's centres at y."""
    present = [(seat, count) for seat, count in enumerate(counts) if count]
    per_row = max(1, int((width - 4) // 22))
    parts = []
    for start in range(0, len(present), per_row):
        chunk = present[start : start + per_row]
        first = left + width / 2 - 11 * (len(chunk) - 1)
        for i, (seat, count) in enumerate(chunk):
            parts.append(marker(first + 22 * i, y + 23 * (start // per_row), seat, count))
    return "".join(parts)


def section_svg(view: NutsView, column: tuple[int, int], top: float, bottom: float, names: list[str],
                raccoon: bool, counts: list[int], title: str, where: tuple[str, str], actions: list[str]) -> str:
    """A section of an area between its hedges: its ground, its name (a line or two) and the markers."""
    left, width = column
    top, bottom = top + 3, bottom - 3  # clear of the hedges and of the next section
    lines = [title, *squirrel_lines(counts), *click_lines(view, actions)]
    parts = [f"<g{attributes(*where, actions, 'section', state=squirrels_state(counts))}>", titled(lines),
             rect(left, top, width, bottom - top, f'rx="3" fill="{RACCOON_FILL if raccoon else AREA_FILL}" '
                  'stroke="#868e96"')]
    if actions:
        parts.append(highlight(left + 3, top + 3, width - 6, bottom - top - 6, corner=3))
    if text_width(" ".join(names), 11, bold=True) <= width - 8:
        names = [" ".join(names)]  # on one line where it fits, leaving room for two rows of markers
    y = top + 2
    for name in names:
        y += 13
        parts.append(text(left + width / 2, y, name, 11, ' font-weight="bold" fill="#343a40"'))
    parts.append(markers(counts, left, width, y + 16))
    return "".join([*parts, "</g>"])


def hedge(column: tuple[int, int], y: float) -> str:
    left, width = column
    return line(left + 4, y, left + width - 4, y, f'stroke="{HEDGE}" stroke-width="5" stroke-linecap="round"')


def areas_svg(view: NutsView, row: dict[int, tuple[float, float]], on: dict[tuple[str, str], list[str]]) -> str:
    top, bottom = row[SPACES[0]][0], row[SPACES[-1]][1]
    parts = [section_svg(view, AREA4, top, bottom, ["any nut"], False, view["area4"],
                         f"4-squirrel area, one section: {NEED4} squirrels of one player take any face-up nut",
                         ("area4", "1"), [])]
    hedges = []
    for index, (section, counts) in enumerate(zip(COMPONENTS.area3, view["area3"], strict=True)):
        high, low = band(row, upper_spaces(section))
        fed = ", ".join(section_label(below) for below in section.below)
        if section.raccoon:
            names, title = ["Raccoon"], f"3-squirrel area, the raccoon field over {fed}: {raccoon_words(NEED3)}"
        else:
            words = slot_words(section.slots)
            names = ["nut " + " or ".join(str(slot + 1) for slot in section.slots)]
            title = f"3-squirrel area, the section over {fed}: {NEED3} squirrels of one player take {words}"
        parts.append(section_svg(view, AREA3, high, low, names, section.raccoon, counts, title,
                                 ("area3", str(index + 1)), []))
        if index:
            hedges.append(hedge(AREA3, high))
    for index, (section, counts) in enumerate(zip(COMPONENTS.area2, view["area2"], strict=True)):
        label = section_label(index)
        high, low = band(row, section.spaces)
        if section.raccoon:
            names = ["Raccoon"]
            title = f"2-squirrel area, the raccoon field over space {label}: {raccoon_words(NEED2)}"
        else:
            names = [label, f"→ nut {section.slots[0] + 1}"]
            title = (f"2-squirrel area, section {label}: {NEED2} squirrels of one player take "
                     f"{slot_words(section.slots)}")
        parts.append(section_svg(view, AREA2, high, low, names, section.raccoon, counts, title, ("section", label),
                                 on.get(("section", label), [])))
        if index:
            hedges.append(hedge(AREA2, high))
    return "".join(parts) + '<g class="hedges" pointer-events="none">' + "".join(hedges) + "</g>"


def space_svg(view: NutsView, space: int, top: float, bottom: float, actions: list[str]) -> str:
    left, width = TRACK
    owner = view["track"][str(space)]
    state = "free" if owner is None else COLOURS[owner]
    lines = [f"starting space {space}",
             "free" if owner is None else f"{player_name(owner)} ({COLOURS[owner]}) stands here"]
    middle = (top + bottom) / 2
    parts = [f"<g{attributes('space', str(space), actions, 'space', state=state)}>",
             titled(lines + click_lines(view, actions)),
             rect(left, top + 2, width, bottom - top - 4, f'rx="4" fill="{TRACK_FILL}" stroke="#7a6248"')]
    if actions:
        parts.append(highlight(left + 2, top + 4, width - 4, bottom - top - 8, corner=3))
    parts.append(text(left + 15, middle + 5, str(space), 14, ' font-weight="bold"'))
    if owner is not None:
        parts.append(marker(left + width - 13, middle, owner, None))
    return "".join([*parts, "</g>"])


def faceup_svg(view: NutsView, index: int, top: float, bottom: float, actions: list[str]) -> str:
    """The face-up nut beside the 2-squirrel section `index`."""
    section = COMPONENTS.area2[index]
    slot = section.slots[0]
    left, width = NUTS
    code = view["faceup"][slot]
    lines = [f"face-up nut {slot + 1} (beside {section_label(index)}): "
             + (card_name(code) if code else "empty, no card left to refill it")]
    top, bottom = top + 2, bottom - 2
    parts = [f"<g{attributes('slot', str(slot + 1), actions, 'faceup', state=code or 'empty')}>",
             titled(lines + click_lines(view, actions)),
             rect(left, top, width, bottom - top, 'rx="4" fill="#fff" stroke="#ced4da"')]
    if actions:
        parts.append(highlight(left + 2, top + 2, width - 4, bottom - top - 4, corner=3))
    tall = 0 if not code else 22 * len(code)
    y = (top + bottom) / 2 - (16 + max(tall, 30)) / 2  # the name over the card, both centred in the space
    name = f"nut {slot + 1}" + (": joker" if code and len(code) == 2 else "")
    parts.append(text(left + width / 2, y + 11, name, 11, f' fill="{GREY}"'))
    if code:
        parts.append(nut_card(left + 5, y + 16, width - 10, tall, code, 11))
    else:
        parts.append(rect(left + 5, y + 16, width - 10, 30, 'rx="4" fill="none" stroke="#adb5bd" '
                          'stroke-dasharray="4 3"')
                     + text(left + width / 2, y + 35, "none left", 11, ' fill="#868e96"'))
    return "".join([*parts, "</g>"])


def david_svg(x: float, y: float, view: NutsView) -> str:
    """David the raccoon: a grey face with the black mask, his name under it."""
    guarded = view["david"]
    title = ("David the raccoon guards no one yet" if guarded is None
             else f"David the raccoon guards {player_name(guarded)}: no one may steal from them")
    state = "guards no one" if guarded is None else f"guards {player_name(guarded)}"
    return (f'<g class="david" data-raccoon="David" data-state={quoteattr(state)}>' + titled([title])
            + circle(x, y, 13, f'fill="{DAVID}" stroke="#000"')
            + f'<ellipse cx="{num(x)}" cy="{num(y - 2)}" rx="10.5" ry="4.5" fill="#111"/>'
            + circle(x - 4.5, y - 2, 2, 'fill="#fff"') + circle(x + 4.5, y - 2, 2, 'fill="#fff"')
            + circle(x, y + 6, 2.2, 'fill="#111"')
            + text(x, y + 26, "David", 11, ' font-weight="bold"') + "</g>")


def die_svg(x: float, y: float, value: int, green: bool) -> str:
    pips = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
            4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
            6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}
    fill, ink = ("#2f9e44", "#fff") if green else ("#fff", "#000")
    parts = [rect(x, y, 30, 30, f'rx="5" fill="{fill}" stroke="#343a40" stroke-width="1.5"')]
    parts += [circle(x + 15 + 8 * dx, y + 15 + 8 * dy, 2.8, f'fill="{ink}"') for dx, dy in pips[value]]
    return "".join(parts)


def dice_svg(view: NutsView, top: float) -> str:
    state = "not rolled" if view["dice"] is None else " ".join(str(die) for die in view["dice"])
    parts = [f'<g class="dice" data-dice="1" data-state={quoteattr(state)}>',
             left_text(MARGIN + 2, top + 26, "Dice", 13, ' font-weight="bold"')]
    if view["dice"] is None:
        parts.append(left_text(MARGIN + 46, top + 26, "not rolled yet", 12, f' fill="{GREY}"'))
        return "".join([*parts, "</g>"])
    green, low, high = view["dice"]
    spaces = " or ".join(str(space) for space in sorted({green + low, green + high}))
    parts.insert(1, titled([f"green {green}, white {low} and {high}: space {spaces}"]))
    parts += [die_svg(MARGIN + 44, top + 6, green, True), die_svg(MARGIN + 78, top + 6, low, False),
              die_svg(MARGIN + 112, top + 6, high, False),
              left_text(MARGIN + 152, top + 26, f"→ space {spaces}", 13, ' font-weight="bold"')]
    return "".join([*parts, "</g>"])


def header_svg(top: float) -> str:
    """The columns' names over the board."""
    names = ((NUTS, "nuts on", "offer"), (TRACK, "track", ""), (AREA2, "2-squirrel", "area"),
             (AREA3, "3-squirrel", "area"), (AREA4, "4-squirrel", "area"))
    parts = ['<g class="labels">']
    for (left, width), first, second in names:
        parts.append(text(left + width / 2, top + 11, first, 11, ' fill="#343a40"'))
        if second:
            parts.append(text(left + width / 2, top + 24, second, 11, ' fill="#343a40"'))
    return "".join([*parts, "</g>"])


def board_svg(view: NutsView, on: dict[tuple[str, str], list[str]], top: float) -> tuple[str, float]:
    """The dice, then the board turned a quarter; the SVG and the y under it."""
    parts = [dice_svg(view, top), header_svg(top + DICE_HEIGHT)]
    row = rows(top + DICE_HEIGHT + HEADER)
    parts.append(areas_svg(view, row, on))
    parts += [space_svg(view, space, *row[space], on.get(("space", str(space)), [])) for space in SPACES]
    for index, section in enumerate(COMPONENTS.area2):
        high, low = band(row, section.spaces)
        if not section.raccoon:
            parts.append(faceup_svg(view, index, high, low, on.get(("slot", str(section.slots[0] + 1)), [])))
        elif view["david"] is None:
            parts.append(david_svg(NUTS[0] + NUTS[1] / 2, (high + low) / 2 - 8, view))
    return "".join(parts), row[SPACES[-1]][1]


def deck_svg(view: NutsView, top: float) -> tuple[str, float]:
    where = deck_where(view)
    counts = " ".join(f"{code} {count}" for code, count in view["unseen"].items())
    first, y = paragraph(top + 14, f"Deck: {where}", 12, bold=True)
    second, y = paragraph(y + 15, f"not yet drawn: {unseen_words(view['unseen'])}", 11, f' fill="{GREY}"')
    return (f'<g class="deck" data-deck="1" data-state={quoteattr(f"{where}; unseen: {counts}")}>'
            + titled(deck_lines(view)) + first + second + "</g>"), y


# --- the storage cards --------------------------------------------------------------------------------------
def slot_dots(card: StorageCard, middle: float, y: float) -> str:
    """A card's places in a row: a dot per nut, a ring per joker, an outline per free place."""
    fill = NUT_FILL[card["nut"]][0] if card["nut"] else "#fff"
    step = min(13.0, (CARD_WIDTH - 10) / card["capacity"])
    first = middle - step * (card["capacity"] - 1) / 2
    parts = []
    for place in range(card["capacity"]):
        cx = first + step * place
        if place < card["nuts"]:
            parts.append(circle(cx, y, 5, f'fill="{fill}" stroke="#343a40"'))
        elif place < card["nuts"] + card["jokers"]:
            parts.append(circle(cx, y, 3.8, f'fill="#fff" stroke="{fill}" stroke-width="2.6"'))
        else:
            parts.append(circle(cx, y, 5, 'fill="none" stroke="#868e96"'))
    return "".join(parts)


def storage_card_svg(view: NutsView, seat: int, number: int, card: StorageCard, x: float, y: float,
                     actions: list[str]) -> str:
    filled = card["filled"]
    middle = x + CARD_WIDTH / 2
    parts = [f"<g{attributes('card', f'{seat + 1}-{number}', actions, 'card', state=card_state(card))}>",
             titled(card_lines(view, seat, number, card, actions)),
             rect(x, y, CARD_WIDTH, CARD_HEIGHT, f'rx="5" fill="{FULL_FILL if filled else CARD_FILL}" '
                  f'stroke="{HEDGE if filled else "#8d6e63"}" stroke-width="{2 if filled else 1}"')]
    if actions:
        parts.append(highlight(x + 2, y + 2, CARD_WIDTH - 4, CARD_HEIGHT - 4, corner=4))
    parts.append(left_text(x + 6, y + 14, f"card {number}", 11, f' fill="{GREY}"'))
    if card["nut"]:
        parts.append(nut_card(x + 5, y + 19, CARD_WIDTH - 10, 17, card["nut"], 11))
    else:
        parts.append(text(middle, y + 32, "empty", 11, ' fill="#868e96"'))
    if filled:
        parts.append(text(middle, y + 50, "full ✓", 11, f' font-weight="bold" fill="{HEDGE}"'))
    else:
        parts.append(slot_dots(card, middle, y + 46))
    parts.append(points_pill(middle, y + CARD_HEIGHT - 11, card, 11))
    return "".join([*parts, "</g>"])


def player_svg(view: NutsView, seat: int, top: float, on: dict[tuple[str, str], list[str]]) -> tuple[str, float]:
    """A player's header (colour, name, points, supply, kept jokers; David if he guards them) and their storage
    cards four to a row; the SVG and the y under it."""
    fill, _ = PLAYER_FILL[seat]
    name = ("▶ " if seat == view["to_move"] else "") + player_name(seat)
    count = view["points"][seat]
    points = f"{count} point{'s' if count != 1 else ''}"
    if seat in view.get("winners", []):
        points += " ★"
    kept = view["kept"][seat]
    guards = view["david"] == seat
    lines = [f"{player_name(seat)} ({COLOURS[seat]}): {points}, {view['supply'][seat]} squirrels in the supply",
             f"jokers kept for the end: {jokers_words(kept) or 'none'}"]
    state = f"{points}, supply {view['supply'][seat]}, kept {kept_codes(kept)}"
    right = WIDTH - MARGIN - (48 if guards else 8)
    supply = view["supply"][seat]
    parts = [f'<g class="player" data-player="{seat + 1}" data-state={quoteattr(state)}>', titled(lines),
             rect(MARGIN, top, WIDTH - 2 * MARGIN, PLAYER_HEADER - 6, 'rx="5" fill="#f8f9fa" stroke="#adb5bd"'),
             rect(MARGIN, top, 10, PLAYER_HEADER - 6, f'fill="{fill}" stroke="#343a40"'),
             left_text(MARGIN + 16, top + 19, name, 13, ' font-weight="bold"'),
             left_text(right, top + 19, points, 13, ' font-weight="bold" text-anchor="end"'),
             left_text(MARGIN + 16, top + 38, f"{supply} squirrel{'s' if supply != 1 else ''} in supply · "
                       f"{kept_words(kept)}", 11, f' fill="{GREY}"'),
             "</g>"]
    if guards:
        parts.append(david_svg(WIDTH - MARGIN - 24, top + 17, view))
    y = top + PLAYER_HEADER
    for number, card in enumerate(view["storage"][seat], 1):
        column, line_number = (number - 1) % CARDS_PER_ROW, (number - 1) // CARDS_PER_ROW
        x = MARGIN + column * (CARD_WIDTH + CARD_GAP)
        parts.append(storage_card_svg(view, seat, number, card, x, y + line_number * (CARD_HEIGHT + CARD_GAP),
                                      on.get(("card", f"{seat + 1}-{number}"), [])))
    lines_of_cards = -(-len(view["storage"][seat]) // CARDS_PER_ROW)
    return "".join(parts), y + lines_of_cards * (CARD_HEIGHT + CARD_GAP) - CARD_GAP


def storage_svg(view: NutsView, on: dict[tuple[str, str], list[str]], top: float) -> tuple[str, float]:
    """Every player's cards: the players with a clickable card first, then the others in seat order."""
    clickable = {int(value.split("-")[0]) - 1 for kind, value in on if kind == "card"}
    parts, y = [], top
    for seat in sorted(range(view["players"]), key=lambda seat: (seat not in clickable, seat)):
        drawn, y = player_svg(view, seat, y, on)
        parts.append(drawn)
        y += GAP + 4
    return "".join(parts), y - GAP - 4


def legend_svg(top: float) -> tuple[str, float]:
    """What the dots on a storage card and a two-coloured card mean."""
    y = top + 12
    parts = ['<g class="legend">',
             circle(MARGIN + 8, y - 4, 5, 'fill="#adb5bd" stroke="#343a40"'), left_text(MARGIN + 17, y, "a nut", 11),
             circle(MARGIN + 68, y - 4, 3.8, 'fill="#fff" stroke="#adb5bd" stroke-width="2.6"'),
             left_text(MARGIN + 77, y, "a joker", 11),
             circle(MARGIN + 138, y - 4, 5, 'fill="none" stroke="#868e96"'),
             left_text(MARGIN + 147, y, "a free place on a card", 11),
             nut_card(MARGIN + 2, y + 8, 14, 16, COMPONENTS.nut_codes[0] + COMPONENTS.nut_codes[1], 0),
             left_text(MARGIN + 22, y + 21, "two nuts on one card: a joker, either nut", 11),
             "</g>"]
    return "".join(parts), y + 26


def render(view: NutsView, legal: list[str]) -> str:
    """The phone picture as an SVG document; the elements `legal` actions target are clickable, as in
    render_svg."""
    on = targets(legal, lambda action_text: target_of(view, NOTATION.parse(action_text)))
    lines = status_lines(view)
    parts, y = paragraph(20, lines[0], 13, bold=True)
    body = [parts]
    for extra in lines[1:]:
        drawn, y = paragraph(y + 17, extra, 12)
        body.append(drawn)
    y += GAP + 4
    cards_first = view["phase"] == "over" or any(kind == "card" for kind, _ in on)
    if cards_first:
        drawn, y = storage_svg(view, on, y)
        body.append(drawn)
        y += GAP + 4
    drawn, y = board_svg(view, on, y)
    body.append(drawn)
    drawn, y = deck_svg(view, y + GAP)
    body.append(drawn)
    y += GAP + 6
    if not cards_first:
        drawn, y = storage_svg(view, on, y)
        body.append(drawn)
        y += GAP
    drawn, y = legend_svg(y)
    body.append(drawn)
    tall = y + MARGIN + 4
    return document(WIDTH, tall, "In the Nuts!", TARGET_STYLE, [rect(0, 0, WIDTH, tall, 'fill="#fff"'), *body])
