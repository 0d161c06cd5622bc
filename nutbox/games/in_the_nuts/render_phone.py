"""The phone picture of an In the Nuts! view: the same board, storage cards and marks as render_svg.py, drawn
358 units wide for a phone held upright (the table scales the picture to 358 CSS px, so a unit is a pixel):
text at 11 px and more, every clickable place at least 32 px on each side, none touching another.

From the top: the status (whose turn, and who is to move, wrapped to the width; the table says what they
decide); then, when the decision is about storage cards (store, steal), the players' storage cards, the rows
with clickable cards first; then the dice and the board; then the deck; then the storage cards if they did not
come first; then a legend. The board is the game's board turned a quarter: what goes up on the table goes
right here, so a row is a starting space and the columns are, from the left, the face-up nuts, the starting
track, the 2-squirrel area's five sections, the 3-squirrel area's three and the 4-squirrel area's one, each
section as tall as the spaces below it, with hedges (green bars) between the sections:

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
the same changes; nuts are named, never lettered. The picture depends on the view and `legal` only. Its
parts are kept as render_svg's are, keyed also by where they stand (what comes above them moves them down).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple
from xml.sax.saxutils import quoteattr

from nutbox.core import with_names
from nutbox.core.svg import (
    TARGET_STYLE,
    Kept,
    attributes,
    circle,
    document,
    drawn,
    highlight,
    left_text,
    line,
    rect,
    targets,
    text,
    titled,
)
from nutbox.games.in_the_nuts.actions import NOTATION, section_label
from nutbox.games.in_the_nuts.components import COMPONENTS
from nutbox.games.in_the_nuts.render_svg import (
    AREA_FILL,
    HEDGE,
    NEED2,
    NEED3,
    NEED4,
    RACCOON_FILL,
    TRACK_FILL,
    Card,
    Deck,
    DieSize,
    DotStyle,
    FaceSize,
    MarkerSize,
    card_actions,
    card_name,
    card_of,
    clicks,
    david_svg,
    deck_lines,
    deck_of,
    deck_state,
    deck_where,
    dice_group,
    dice_of,
    dice_spaces,
    die_svg,
    faceup_actions,
    ground,
    kept_words,
    marker,
    markers,
    nut_card,
    player_key,
    player_words,
    points_pill,
    raccoon_words,
    section_counts,
    slot_dots,
    slot_words,
    space_words,
    squirrel_lines,
    squirrels_state,
    status_lines,
    storage_card_ground,
    target_of,
    unseen_words,
    upper_spaces,
)
from nutbox.games.in_the_nuts.view import NutsView
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
# the phone's sizes for render_svg's drawings: markers, David and dice smaller to fit the narrow board, the
# dots on a storage card larger, David's name at the phone's least text size
MARKER = MarkerSize(radius=10, pitch=22, line_pitch=23, margin=4)
FACE = FaceSize(radius=13, mask=(10.5, 4.5), eye_apart=4.5, eye=2, nose_below=6, nose=2.2, name_below=26, name_size=11)
DIE = DieSize(side=30, corner=5, pip_step=8, pip=2.8)
DOTS = DotStyle(most_apart=13, radius=5, ring=3.8, ring_width=2.6, free_stroke="#868e96")


# --- text that fits ------------------------------------------------------------------------------------------
def text_width(content: str, size: float, bold: bool = False) -> float:
    """A generous estimate of how wide a line of text is drawn (DejaVu Sans, the widest common sans-serif); a
    seat's placeholder counted as the name a table gives when none is given ("Player 2")."""
    em = 0.0
    for char in with_names(content):
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


@drawn
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


class SectionLook(NamedTuple):
    """What a section of an area shows whatever the play, turned a quarter: its column, the starting spaces it
    stands beside, its name (a line or two) and what it is."""

    column: tuple[int, int]
    spaces: tuple[int, ...]
    names: tuple[str, ...]
    raccoon: bool
    title: str
    where: tuple[str, str]  # its data attribute and value


def section_looks() -> tuple[SectionLook, ...]:
    """The areas' sections in render_svg's order (section_counts): the 4-squirrel area's one, the 3-squirrel
    area's three, the 2-squirrel area's five."""
    looks = [SectionLook(AREA4, tuple(SPACES), ("any nut",), False,
                         f"4-squirrel area, one section: {NEED4} squirrels of one player take any face-up nut",
                         ("area4", "1"))]
    names: tuple[str, ...]
    for index, section in enumerate(COMPONENTS.area3):
        fed = ", ".join(section_label(below) for below in section.below)
        if section.raccoon:
            names, title = ("Raccoon",), f"3-squirrel area, the raccoon field over {fed}: {raccoon_words(NEED3)}"
        else:
            words = slot_words(section.slots)
            names = ("nut " + " or ".join(str(slot + 1) for slot in section.slots),)
            title = f"3-squirrel area, the section over {fed}: {NEED3} squirrels of one player take {words}"
        looks.append(SectionLook(AREA3, tuple(upper_spaces(section)), names, section.raccoon, title,
                                 ("area3", str(index + 1))))
    for index, section in enumerate(COMPONENTS.area2):
        label = section_label(index)
        if section.raccoon:
            names = ("Raccoon",)
            title = f"2-squirrel area, the raccoon field over space {label}: {raccoon_words(NEED2)}"
        else:
            names = (label, f"→ nut {section.slots[0] + 1}")
            title = (f"2-squirrel area, section {label}: {NEED2} squirrels of one player take "
                     f"{slot_words(section.slots)}")
        looks.append(SectionLook(AREA2, tuple(section.spaces), names, section.raccoon, title, ("section", label)))
    return tuple(looks)


SECTION_LOOKS = section_looks()


@drawn
def section_svg(look: int, top: float, bottom: float, counts: tuple[int, ...], actions: tuple[str, ...],
                click: tuple[str, ...]) -> str:
    """A section of an area (SECTION_LOOKS[look]) between its hedges: its ground, its name (a line or two) and
    the markers."""
    (left, width), _, names, raccoon, title, where = SECTION_LOOKS[look]
    top, bottom = top + 3, bottom - 3  # clear of the hedges and of the next section
    lines = [title, *squirrel_lines(counts), *click]
    parts = [f"<g{attributes(*where, list(actions), 'section', state=squirrels_state(counts))}>", titled(lines),
             rect(left, top, width, bottom - top, f'rx="3" fill="{RACCOON_FILL if raccoon else AREA_FILL}" '
                  'stroke="#868e96"')]
    if actions:
        parts.append(highlight(left + 3, top + 3, width - 6, bottom - top - 6, corner=3))
    if text_width(" ".join(names), 11, bold=True) <= width - 8:
        names = (" ".join(names),)  # on one line where it fits, leaving room for two rows of markers
    y = top + 2
    for name in names:
        y += 13
        parts.append(text(left + width / 2, y, name, 11, ' font-weight="bold" fill="#343a40"'))
    parts.append(markers(counts, left, left + width, y + 16, MARKER))
    return "".join([*parts, "</g>"])


def hedge(column: tuple[int, int], y: float) -> str:
    left, width = column
    return line(left + 4, y, left + width - 4, y, f'stroke="{HEDGE}" stroke-width="5" stroke-linecap="round"')


@drawn
def hedges_svg(board_top: float) -> str:
    """The hedges between the sections of the 3- and 2-squirrel areas, the board's rows starting at `board_top`."""
    row = rows(board_top)
    hedges = [hedge(AREA3, band(row, upper_spaces(section))[0]) for section in COMPONENTS.area3[1:]]
    hedges += [hedge(AREA2, band(row, section.spaces)[0]) for section in COMPONENTS.area2[1:]]
    return '<g class="hedges" pointer-events="none">' + "".join(hedges) + "</g>"


def areas_svg(view: NutsView, row: dict[int, tuple[float, float]], on: dict[tuple[str, str], list[str]]) -> list[str]:
    """The sections, a part each, then the hedges between them."""
    parts = []
    for look, counts in enumerate(section_counts(view)):
        spaces, where = SECTION_LOOKS[look].spaces, SECTION_LOOKS[look].where
        actions = on.get(where, [])
        parts.append(section_svg(look, *band(row, spaces), tuple(counts), tuple(actions), clicks(view, actions)))
    return [*parts, hedges_svg(row[SPACES[0]][0])]


@drawn
def space_svg(space: int, top: float, bottom: float, owner: int | None, actions: tuple[str, ...],
              click: tuple[str, ...]) -> str:
    left, width = TRACK
    state, lines = space_words(space, owner)
    middle = (top + bottom) / 2
    parts = [f"<g{attributes('space', str(space), list(actions), 'space', state=state)}>",
             titled([*lines, *click]),
             rect(left, top + 2, width, bottom - top - 4, f'rx="4" fill="{TRACK_FILL}" stroke="#7a6248"')]
    if actions:
        parts.append(highlight(left + 2, top + 4, width - 4, bottom - top - 8, corner=3))
    parts.append(text(left + 15, middle + 5, str(space), 14, ' font-weight="bold"'))
    if owner is not None:
        parts.append(marker(left + width - 13, middle, owner, None, MARKER))
    return "".join([*parts, "</g>"])


@drawn
def faceup_svg(index: int, top: float, bottom: float, code: str | None, actions: tuple[str, ...],
               click: tuple[str, ...]) -> str:
    """The face-up nut (`code`) beside the 2-squirrel section `index`."""
    section = COMPONENTS.area2[index]
    slot = section.slots[0]
    left, width = NUTS
    lines = [f"face-up nut {slot + 1} (beside {section_label(index)}): "
             + (card_name(code) if code else "empty, no card left to refill it")]
    top, bottom = top + 2, bottom - 2
    parts = [f"<g{attributes('slot', str(slot + 1), list(actions), 'faceup', state=code or 'empty')}>",
             titled([*lines, *click]),
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


@drawn
def dice_svg(dice: tuple[int, ...] | None, top: float) -> str:
    parts = [dice_group(dice), left_text(MARGIN + 2, top + 26, "Dice", 13, ' font-weight="bold"')]
    if dice is None:
        parts.append(left_text(MARGIN + 46, top + 26, "not rolled yet", 12, f' fill="{GREY}"'))
        return "".join([*parts, "</g>"])
    green, low, high = dice
    spaces = dice_spaces(dice)
    parts += [die_svg(MARGIN + 44, top + 6, green, True, DIE), die_svg(MARGIN + 78, top + 6, low, False, DIE),
              die_svg(MARGIN + 112, top + 6, high, False, DIE),
              left_text(MARGIN + 152, top + 26, f"→ space {spaces}", 13, ' font-weight="bold"')]
    return "".join([*parts, "</g>"])


@drawn
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


def board_svg(view: NutsView, on: dict[tuple[str, str], list[str]], top: float) -> tuple[list[str], float]:
    """The dice, then the board turned a quarter; its parts (the dice, the header, each section, each starting
    space, each face-up nut or David) and the y under it."""
    parts = [dice_svg(dice_of(view), top), header_svg(top + DICE_HEIGHT)]
    row = rows(top + DICE_HEIGHT + HEADER)
    parts += areas_svg(view, row, on)
    for space in SPACES:
        actions = on.get(("space", str(space)), [])
        parts.append(space_svg(space, *row[space], view["track"][str(space)], tuple(actions), clicks(view, actions)))
    for index, section in enumerate(COMPONENTS.area2):
        high, low = band(row, section.spaces)
        if not section.raccoon:
            actions = faceup_actions(on, index)
            code = view["faceup"][section.slots[0]]
            parts.append(faceup_svg(index, high, low, code, tuple(actions), clicks(view, actions)))
        elif view["david"] is None:
            parts.append(david_svg(NUTS[0] + NUTS[1] / 2, (high + low) / 2 - 8, None, FACE))
    return parts, row[SPACES[-1]][1]


@drawn
def deck_svg(deck: Deck, top: float) -> tuple[str, float]:
    first, y = paragraph(top + 14, f"Deck: {deck_where(deck)}", 12, bold=True)
    second, y = paragraph(y + 15, f"not yet drawn: {unseen_words(dict(deck.unseen))}", 11, f' fill="{GREY}"')
    return (f'<g class="deck" data-deck="1" data-state={quoteattr(deck_state(deck))}>'
            + titled(deck_lines(deck)) + first + second + "</g>"), y


# --- the storage cards --------------------------------------------------------------------------------------
@drawn
def storage_card_svg(seat: int, number: int, card: Card, x: float, y: float,
                     aimed: tuple[tuple[str, ...], tuple[str, ...]]) -> str:
    middle = x + CARD_WIDTH / 2
    parts = storage_card_ground(seat, number, card, aimed, (x, y, CARD_WIDTH, CARD_HEIGHT))
    parts.append(left_text(x + 6, y + 14, f"card {number}", 11, f' fill="{GREY}"'))
    if card.nut:
        parts.append(nut_card(x + 5, y + 19, CARD_WIDTH - 10, 17, card.nut, 11))
    else:
        parts.append(text(middle, y + 32, "empty", 11, ' fill="#868e96"'))
    if card.filled:
        parts.append(text(middle, y + 50, "full ✓", 11, f' font-weight="bold" fill="{HEDGE}"'))
    else:
        parts.append(slot_dots(card, middle, y + 46, CARD_WIDTH - 10, DOTS))
    parts.append(points_pill(middle, y + CARD_HEIGHT - 11, card, 11))
    return "".join([*parts, "</g>"])


PLAYERS = Kept()  # the players' headers, by their top and render_svg's player_key


def header_of(view: NutsView, seat: int, top: float) -> str:
    """A player's header (colour, name, points, supply, kept jokers; David if he guards them)."""
    fill, _ = PLAYER_FILL[seat]
    name, points, lines, state = player_words(view, seat)
    kept = view["kept"][seat]
    guards = view["david"] == seat
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
        parts.append(david_svg(WIDTH - MARGIN - 24, top + 17, seat, FACE))
    return "".join(parts)


def player_svg(view: NutsView, seat: int, top: float, on: dict[tuple[str, str], list[str]]) -> tuple[list[str], float]:
    """A player's header and their storage cards four to a row; the parts (the header, each card) and the y
    under them."""
    parts = [PLAYERS.get((top, player_key(view, seat)), lambda: header_of(view, seat, top))]
    y = top + PLAYER_HEADER
    for number, card in enumerate(view["storage"][seat], 1):
        column, line_number = (number - 1) % CARDS_PER_ROW, (number - 1) // CARDS_PER_ROW
        x = MARGIN + column * (CARD_WIDTH + CARD_GAP)
        parts.append(storage_card_svg(seat, number, card_of(card), x, y + line_number * (CARD_HEIGHT + CARD_GAP),
                                      card_actions(view, on, seat, number)))
    lines_of_cards = -(-len(view["storage"][seat]) // CARDS_PER_ROW)
    return parts, y + lines_of_cards * (CARD_HEIGHT + CARD_GAP) - CARD_GAP


def storage_svg(view: NutsView, on: dict[tuple[str, str], list[str]], top: float) -> tuple[list[str], float]:
    """Every player's cards: the players with a clickable card first, then the others in seat order."""
    clickable = {int(value.split("-")[0]) - 1 for kind, value in on if kind == "card"}
    parts: list[str] = []
    y = top
    for seat in sorted(range(view["players"]), key=lambda seat: (seat not in clickable, seat)):
        pieces, y = player_svg(view, seat, y, on)
        parts += pieces
        y += GAP + 4
    return parts, y - GAP - 4


@drawn
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


def render(view: NutsView, legal: Sequence[str]) -> str:
    """The phone picture as an SVG document; the elements `legal` actions target are clickable, as in
    render_svg."""
    on = targets(legal, lambda action_text: target_of(view, NOTATION.parse(action_text)))
    lines = status_lines(view)
    piece, y = paragraph(20, lines[0], 13, bold=True)
    body = [piece]
    for extra in lines[1:]:
        piece, y = paragraph(y + 17, extra, 12)
        body.append(piece)
    y += GAP + 4
    cards_first = view["phase"] == "over" or any(kind == "card" for kind, _ in on)
    if cards_first:
        pieces, y = storage_svg(view, on, y)
        body += pieces
        y += GAP + 4
    pieces, y = board_svg(view, on, y)
    body += pieces
    piece, y = deck_svg(deck_of(view), y + GAP)
    body.append(piece)
    y += GAP + 6
    if not cards_first:
        pieces, y = storage_svg(view, on, y)
        body += pieces
        y += GAP
    piece, y = legend_svg(y)
    body.append(piece)
    tall = y + MARGIN + 4
    return document(WIDTH, tall, "In the Nuts!", TARGET_STYLE, [ground(WIDTH, tall), *body])
