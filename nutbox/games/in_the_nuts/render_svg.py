"""The browser picture of an In the Nuts! view: a standalone SVG of the board and the players' storage
cards, with what the viewer may act on made clickable.

The board is drawn as the game has it, top to bottom: the 4-squirrel area, the 3-squirrel area's three
sections and the 2-squirrel area's five, with hedges (thick green bars) between the sections and the raccoon
fields in grey; the starting track 2 to 12; the four face-up nut cards under their sections, each named (a joker
in its two nuts' colours, both named). A squirrel marker per player shows how many of that player's squirrels stand in a
section, in the player's colour (Player 1 red, 2 blue, 3 white, 4 black); on the track a marker is one
squirrel. Below the board are the dice and the deck, then each player's row of eight storage cards (the
nut named, its nuts as dots in the nut's colour, a joker as a ring, what it scores filled in points; a filled
card turned over to its full side) with
David the raccoon beside the player he guards (on his field under the 7 while he guards no one).

An element that one of the `legal` actions targets (a track space for place, a 2-squirrel section for
preplace, a face-up card for take, a storage card for steal, store and storing a kept joker) is highlighted
and carries class="target" and data-action (the first such action's text); data-actions lists them all,
separated by "|" because action texts hold spaces: a joker stored on one card as either nut gives that card
two, and each kept joker that may go on it first two more. Actions with no place on the board (stop, roll,
keep) are left to the table's buttons. Every text a person reads,
tooltips included, is in words: nuts by their names, never their letters, and a target's tooltip says what a
click does as the table's list of moves says it (words.py), not in the notation.

Every place that play changes carries data-state, what it shows now, beside the data attribute naming it: a
track space its squirrel's colour ("free"), a section its squirrels by colour ("red 2, blue 1"), a face-up
nut its card, a storage card its nuts ("W 2+1j filled"), a player's block their points, supply and kept
jokers, the raccoon (data-raccoon) whom he guards, the dice (data-dice) and the deck (data-deck) what they
show. A table compares them with the same places' earlier states to mark what changed since a seat last
decided. The drawing depends on the view and `legal` only, so the same input always gives the same text.
Each section, starting space, face-up nut, storage card and player's block is a part of its own, kept once drawn
(core.svg `drawn`, `Kept`) under what of the view it shows (a target's click lines included), as are the dice,
the deck, the status and what never changes: a move redraws what it changed.
render_phone.py draws the same for a phone, with these helpers.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import NamedTuple
from xml.sax.saxutils import quoteattr

from nutbox.core import Action, seat_name
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
    num,
    rect,
    targets,
    text,
    titled,
)
from nutbox.games.in_the_nuts.actions import NOTATION, Place, Preplace, Steal, Store, StoreKept, Take, section_label
from nutbox.games.in_the_nuts.components import COMPONENTS, Section
from nutbox.games.in_the_nuts.view import NutsView, StorageCard, read_task
from nutbox.games.in_the_nuts.words import PLAYER_FILL
from nutbox.games.in_the_nuts.words import label as action_label

MARGIN = 12
LABEL_WIDTH = 64  # the areas' names, left of the board
SPACE = 66  # a starting space's width; the sections above stand over their spaces
RACCOON_SPACE = 110  # the raccoon field is one space wide but may hold every player's marker
SPACES = range(COMPONENTS.first_space, COMPONENTS.last_space + 1)
RACCOON_SPACES = {space for section in COMPONENTS.area2 if section.raccoon for space in section.spaces}
NEED2, NEED3, NEED4 = COMPONENTS.need
TOP = 46  # the status lines
AREA_HEIGHT = {4: 62, 3: 70, 2: 78}
AREA_TOP = {4: TOP, 3: TOP + AREA_HEIGHT[4], 2: TOP + AREA_HEIGHT[4] + AREA_HEIGHT[3]}
TRACK_TOP = AREA_TOP[2] + AREA_HEIGHT[2]
TRACK_HEIGHT = 56
NUTS_TOP = TRACK_TOP + TRACK_HEIGHT
NUTS_HEIGHT = 80
INFO_TOP = NUTS_TOP + NUTS_HEIGHT
INFO_HEIGHT = 54
STORAGE_TOP = INFO_TOP + INFO_HEIGHT
ROW_HEIGHT = 94
NAME_WIDTH = 140  # a player's name, points, supply and kept jokers, left of their storage cards
CARD_WIDTH, CARD_HEIGHT, CARD_GAP = 80, 84, 6
LEGEND_HEIGHT = 30

# the players' colours, in seat order, as fill with a text colour that reads on it
COLOURS = ("red", "blue", "white", "black")
# walnut, hazelnut, beechnut, acorn, in the component order
NUT_FILL = dict(zip(COMPONENTS.nut_codes, (("#7f5539", "#fff"), ("#e9c46a", "#000"), ("#c0503a", "#fff"),
                                           ("#4f7a38", "#fff")), strict=True))
AREA_FILL, RACCOON_FILL, HEDGE, TRACK_FILL = "#e9f5db", "#ced4da", "#2b8a3e", "#f4ecd8"
CARD_FILL, FULL_FILL, DAVID = "#fffaf0", "#d3f9d8", "#495057"
PHASES = {
    "faceup": "Setup: dealing the face-up nuts",
    "deal": "Setup: each player's first nut",
    "preplace": "Setup: squirrels into the 2-squirrel area",
    "dice": "rolling the dice",
    "place": "placing a squirrel",
    "decide": "stop or roll again",
    "collect": "collecting nuts",
    "final": "The end: the last picks and the kept jokers",
}


def edges() -> dict[int, float]:
    """The x of each starting space's left edge, and of the board's right edge (last + 1)."""
    found, x = {}, float(MARGIN + LABEL_WIDTH)
    for space in SPACES:
        found[space] = x
        x += RACCOON_SPACE if space in RACCOON_SPACES else SPACE
    found[SPACES[-1] + 1] = x
    return found


EDGE = edges()
BOARD_LEFT, BOARD_RIGHT = EDGE[SPACES[0]], EDGE[SPACES[-1] + 1]
WIDTH = BOARD_RIGHT + MARGIN


def span(spaces: tuple[int, ...] | list[int]) -> tuple[float, float]:
    """The left and right x of a section over these starting spaces."""
    return EDGE[min(spaces)], EDGE[max(spaces) + 1]


def upper_spaces(section: Section) -> list[int]:
    """A 3-squirrel section stands over the 2-squirrel sections pushing up into it."""
    return [space for below in section.below for space in COMPONENTS.area2[below].spaces]


def nut_name(code: str) -> str:
    return COMPONENTS.nut_names[COMPONENTS.nut_codes.index(code)]


def card_name(code: str) -> str:
    """A face-up card's name: its nut, or a joker's two nuts."""
    if len(code) == 1:
        return nut_name(code)
    return f"joker ({nut_name(code[0])} or {nut_name(code[1])})"


def counted(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def unseen_words(unseen: Mapping[str, int]) -> str:
    """The cards not yet drawn, in words: each plain nut, then the jokers together."""
    nuts = [counted(count, nut_name(code)) for code, count in unseen.items() if len(code) == 1]
    jokers = sum(count for code, count in unseen.items() if len(code) == 2)
    return ", ".join([*nuts, counted(jokers, "joker")])


def jokers_words(counts: Mapping[str, int]) -> str:
    """Jokers by their two nuts: "2 walnut or hazelnut, 1 beechnut or acorn" (only the kinds present)."""
    return ", ".join(f"{count} {nut_name(code[0])} or {nut_name(code[1])}" for code, count in counts.items()
                     if len(code) == 2 and count)


def kept_words(kept: dict[str, int]) -> str:
    """A player's jokers kept for later, in words."""
    total = sum(kept.values())
    return "no jokers kept" if not total else f"{counted(total, 'joker')} kept"


def kept_codes(kept: dict[str, int]) -> str:
    """The kept jokers as a data-state writes them ("WH BA", "—")."""
    return " ".join(code for code, count in kept.items() for _ in range(count)) or "—"


def click_words(words: Sequence[str]) -> tuple[str, ...]:
    """The tooltip's last lines on a target: what a click does, in words (several: the table then asks which);
    none on a place no action aims at."""
    if not words:
        return ()
    if len(words) == 1:
        return (f"Click: {words[0]}",)
    return ("Click, then choose:", *(f"· {line}" for line in words))


def clicks(view: NutsView, actions: list[str]) -> tuple[str, ...]:
    """The click lines of a target's tooltip (click_words), as a kept part's key names them."""
    return click_words([action_label(NOTATION.parse(action), view) for action in actions])


def slot_words(slots: tuple[int, ...]) -> str:
    if len(slots) == COMPONENTS.slots:
        return "any face-up nut"
    return "face-up nut " + " or ".join(str(slot + 1) for slot in slots)


def picture_height(players: int) -> float:
    return STORAGE_TOP + players * ROW_HEIGHT + LEGEND_HEIGHT


@drawn
def ground(width: float, tall: float) -> str:
    """The picture's white ground."""
    return rect(0, 0, width, tall, 'fill="#fff"')


# --- what the legal actions aim at -------------------------------------------------------------------------
def target_of(view: NutsView, action: Action) -> tuple[str, str] | None:
    """The element an action is aimed at, as (data attribute, its value); None if it has no place on the board."""
    if isinstance(action, Place):
        return "space", str(action.space)
    if isinstance(action, Preplace):
        return "section", section_label(action.section)
    if isinstance(action, Take):
        return "slot", str(action.slot + 1)
    if isinstance(action, Steal):
        return "card", f"{action.victim + 1}-{action.card + 1}"
    if isinstance(action, (Store, StoreKept)):
        storer = read_task(view["tasks"][0])[1]  # a store is offered only for the first task, and to its player
        return "card", f"{storer + 1}-{action.card + 1}"
    return None


# --- the board ---------------------------------------------------------------------------------------------
class MarkerSize(NamedTuple):
    """How big the squirrel markers are drawn (the phone's are smaller) and how closely they stand."""

    radius: float
    pitch: float  # between the centres of neighbours in a row
    line_pitch: float  # between the centres of one row and the next
    margin: float  # the width of a section the markers leave free, shared between its two sides


MARKER = MarkerSize(radius=11, pitch=25, line_pitch=24, margin=8)


def marker(x: float, y: float, seat: int, count: int | None, size: MarkerSize = MARKER) -> str:
    """A player's squirrel marker; `count` is written on it, or nothing for a single squirrel on the track."""
    fill, ink = PLAYER_FILL[seat]
    shape = circle(x, y, size.radius, f'fill="{fill}" stroke="#000" stroke-width="1.2"')
    if count is None:
        return shape
    return shape + text(x, y + 4, str(count), 11, f' font-weight="bold" fill="{ink}"')


def markers(counts: Sequence[int], left: float, right: float, y: float, size: MarkerSize = MARKER) -> str:
    """The players' markers in a section, side by side in rows that fit between its hedges, the first row's
    centres at y."""
    present = [(seat, count) for seat, count in enumerate(counts) if count]
    per_row = max(1, int((right - left - size.margin) // size.pitch))
    parts = []
    for start in range(0, len(present), per_row):
        row = present[start : start + per_row]
        first = (left + right) / 2 - size.pitch / 2 * (len(row) - 1)
        for i, (seat, count) in enumerate(row):
            parts.append(marker(first + size.pitch * i, y + size.line_pitch * (start // per_row), seat, count, size))
    return "".join(parts)


def squirrel_lines(counts: Sequence[int]) -> list[str]:
    return [f"{seat_name(seat)} ({COLOURS[seat]}): {count} squirrel{'s' if count != 1 else ''}"
            for seat, count in enumerate(counts) if count]


def squirrels_state(counts: Sequence[int]) -> str:
    """A section's data-state: each player's squirrels there by colour ("red 2, blue 1")."""
    return ", ".join(f"{COLOURS[seat]} {count}" for seat, count in enumerate(counts) if count) or "empty"


class SectionLook(NamedTuple):
    """What a section of an area shows whatever the play: where it stands, its name, and what it is."""

    area: int
    left: float
    right: float
    name: str
    raccoon: bool
    about: str
    where: tuple[str, str]  # its data attribute and value


def raccoon_words(need: int) -> str:
    return f"{need} squirrels of one player take any face-up nut and steal a nut from another player"


def section_looks() -> tuple[SectionLook, ...]:
    """The areas' sections in the order drawn: the 4-squirrel area's one, the 3-squirrel area's three, the
    2-squirrel area's five."""
    looks = [SectionLook(4, BOARD_LEFT, BOARD_RIGHT, "4-squirrel area: any face-up nut", False,
                         f"one section: {NEED4} squirrels of one player take any face-up nut", ("area4", "1"))]
    for index, section in enumerate(COMPONENTS.area3):
        left, right = span(upper_spaces(section))
        fed = ", ".join(section_label(below) for below in section.below)
        if section.raccoon:
            name, about = "Raccoon", f"the raccoon field over {fed}: {raccoon_words(NEED3)}"
        else:
            words = slot_words(section.slots)
            name, about = f"→ {words}", f"the section over {fed}: {NEED3} squirrels of one player take {words}"
        looks.append(SectionLook(3, left, right, name, section.raccoon, about, ("area3", str(index + 1))))
    for index, section in enumerate(COMPONENTS.area2):
        label = section_label(index)
        left, right = span(section.spaces)
        if section.raccoon:
            name, about = f"{label} Raccoon", f"the raccoon field over space {label}: {raccoon_words(NEED2)}"
        else:
            name = f"{label} → nut {section.slots[0] + 1}"
            about = f"section {label}: {NEED2} squirrels of one player take {slot_words(section.slots)}"
        looks.append(SectionLook(2, left, right, name, section.raccoon, about, ("section", label)))
    return tuple(looks)


SECTION_LOOKS = section_looks()


def section_counts(view: NutsView) -> list[list[int]]:
    """Each section's squirrels by seat, in the order of SECTION_LOOKS."""
    return [view["area4"], *view["area3"], *view["area2"]]


@drawn
def section_svg(look: int, counts: tuple[int, ...], actions: tuple[str, ...], click: tuple[str, ...]) -> str:
    """A section of an area (SECTION_LOOKS[look]): its ground (grey for a raccoon field), its name, and the
    players' markers."""
    area, left, right, name, raccoon, about, where = SECTION_LOOKS[look]
    top, tall = AREA_TOP[area], AREA_HEIGHT[area]
    title = [f"{area}-squirrel area, {about}", *squirrel_lines(counts), *click]
    parts = [f"<g{attributes(*where, list(actions), 'section', state=squirrels_state(counts))}>", titled(title),
             rect(left, top, right - left, tall, f'fill="{RACCOON_FILL if raccoon else AREA_FILL}" stroke="#868e96"')]
    if actions:
        parts.append(highlight(left + 5, top + 3, right - left - 10, tall - 6, corner=4))
    parts.append(text((left + right) / 2, top + 16, name, 11.5, ' font-weight="bold" fill="#343a40"'))
    parts.append(markers(counts, left, right, top + 36))
    return "".join([*parts, "</g>"])


def areas_svg(view: NutsView, on: dict[tuple[str, str], list[str]]) -> list[str]:
    """The sections, a part each, then the hedges between them."""
    parts = []
    for look, counts in enumerate(section_counts(view)):
        actions = on.get(SECTION_LOOKS[look].where, [])
        parts.append(section_svg(look, tuple(counts), tuple(actions), clicks(view, actions)))
    return [*parts, hedges_svg()]


@drawn
def hedges_svg() -> str:
    """The hedges between the sections of the 2- and 3-squirrel areas, over the sections' edges."""
    parts = ['<g class="hedges" pointer-events="none">']
    for area, sections in ((3, [span(upper_spaces(s)) for s in COMPONENTS.area3]),
                           (2, [span(s.spaces) for s in COMPONENTS.area2])):
        top = AREA_TOP[area]
        for _, right in sections[:-1]:
            parts.append(line(right, top + 5, right, top + AREA_HEIGHT[area] - 5,
                              f'stroke="{HEDGE}" stroke-width="7" stroke-linecap="round"'))
    parts.append("</g>")
    return "".join(parts)


@drawn
def labels_svg() -> str:
    """The areas' names and what they need, left of the board; the track's and the nuts' names."""
    parts = ['<g class="labels">']
    x = MARGIN + LABEL_WIDTH / 2
    for area in (4, 3, 2):
        middle = AREA_TOP[area] + AREA_HEIGHT[area] / 2
        parts.append(text(x, middle - 3, f"{area}-squirrel", 11, ' font-weight="bold"'))
        parts.append(text(x, middle + 11, "area", 11, ' font-weight="bold"'))
    parts.append(text(x, TRACK_TOP + TRACK_HEIGHT / 2 + 4, "track", 12, ' font-weight="bold"'))
    parts.append(text(x, NUTS_TOP + NUTS_HEIGHT / 2 + 4, "nuts", 12, ' font-weight="bold"'))
    parts.append("</g>")
    return "".join(parts)


def space_words(space: int, owner: int | None) -> tuple[str, list[str]]:
    """A starting space's data-state (the colour of the squirrel on it, or "free") and its tooltip's first lines."""
    if owner is None:
        return "free", [f"starting space {space}", "free"]
    return COLOURS[owner], [f"starting space {space}", f"{seat_name(owner)} ({COLOURS[owner]}) stands here"]


@drawn
def space_svg(space: int, owner: int | None, actions: tuple[str, ...], click: tuple[str, ...]) -> str:
    left, right = EDGE[space], EDGE[space + 1]
    x, top = (left + right) / 2, TRACK_TOP + 5
    state, lines = space_words(space, owner)
    parts = [f"<g{attributes('space', str(space), list(actions), 'space', state=state)}>",
             titled([*lines, *click]),
             rect(left + 5, top, right - left - 10, TRACK_HEIGHT - 10, f'rx="4" fill="{TRACK_FILL}" stroke="#7a6248"')]
    if actions:
        parts.append(highlight(left + 7, top + 2, right - left - 14, TRACK_HEIGHT - 14, corner=4))
    parts.append(text(x, top + 15, str(space), 13, ' font-weight="bold"'))
    if owner is not None:
        parts.append(marker(x, top + 31, owner, None))
    return "".join([*parts, "</g>"])


def nut_card(x: float, y: float, width: float, tall: float, code: str, size: float) -> str:
    """A nut card: its nut's colour and name, or a joker's two nuts, one above the other; `size` 0 writes no
    name (a swatch)."""
    half = tall / len(code)
    parts = [rect(x, y + half * i, width, half, f'fill="{NUT_FILL[letter][0]}"') for i, letter in enumerate(code)]
    parts.append(rect(x, y, width, tall, 'rx="3" fill="none" stroke="#343a40" stroke-width="1.2"'))
    if size:
        parts += [text(x + width / 2, y + half * (i + 0.5) + size * 0.36, nut_name(letter), size,
                       f' font-weight="bold" fill="{NUT_FILL[letter][1]}"') for i, letter in enumerate(code)]
    return "".join(parts)


@drawn
def faceup_svg(index: int, code: str | None, actions: tuple[str, ...], click: tuple[str, ...]) -> str:
    """The face-up nut (`code`) under the 2-squirrel section `index`."""
    section = COMPONENTS.area2[index]
    slot = section.slots[0]
    left, right = span(section.spaces)
    x, top = (left + right) / 2 - 35, NUTS_TOP + 6
    lines = [f"face-up nut {slot + 1} (under {section_label(index)}): "
             + (card_name(code) if code else "empty, no card left to refill it")]
    parts = [f"<g{attributes('slot', str(slot + 1), list(actions), 'faceup', state=code or 'empty')}>",
             titled([*lines, *click])]
    if actions:
        parts.append(highlight(x - 5, top - 3, 80, NUTS_HEIGHT - 6, corner=4))
    parts.append(text(x + 35, top + 10, f"nut {slot + 1}", 10.5, ' fill="#495057"'))
    if code:
        parts.append(nut_card(x, top + 14, 70, 54, code, 12 if len(code) == 1 else 11))
    else:
        parts.append(rect(x, top + 14, 70, 54, 'rx="4" fill="none" stroke="#adb5bd" stroke-dasharray="4 3"')
                     + text(x + 35, top + 45, "none left", 10.5, ' fill="#868e96"'))
    return "".join([*parts, "</g>"])


class FaceSize(NamedTuple):
    """How big David's face is drawn (the phone's is smaller, its name larger)."""

    radius: float
    mask: tuple[float, float]  # the black mask's half width and half height
    eye_apart: float  # each eye's distance from the middle
    eye: float  # an eye's radius
    nose_below: float  # the nose's distance under the middle
    nose: float  # the nose's radius
    name_below: float  # the name's baseline under the middle
    name_size: float


FACE = FaceSize(radius=15, mask=(12, 5), eye_apart=5, eye=2.2, nose_below=7, nose=2.5, name_below=27, name_size=10)


@drawn
def david_svg(x: float, y: float, guarded: int | None, size: FaceSize = FACE) -> str:
    """David the raccoon, guarding the seat `guarded` (or no one): a grey face with the black mask, his name
    under it."""
    title = ("David the raccoon guards no one yet" if guarded is None
             else f"David the raccoon guards {seat_name(guarded)}: no one may steal from them")
    state = "guards no one" if guarded is None else f"guards {seat_name(guarded)}"
    mask_x, mask_y = size.mask
    return (f'<g class="david" data-raccoon="David" data-state={quoteattr(state)}>' + titled([title])
            + circle(x, y, size.radius, f'fill="{DAVID}" stroke="#000"')
            + f'<ellipse cx="{num(x)}" cy="{num(y - 2)}" rx="{num(mask_x)}" ry="{num(mask_y)}" fill="#111"/>'
            + circle(x - size.eye_apart, y - 2, size.eye, 'fill="#fff"')
            + circle(x + size.eye_apart, y - 2, size.eye, 'fill="#fff"')
            + circle(x, y + size.nose_below, size.nose, 'fill="#111"')
            + text(x, y + size.name_below, "David", size.name_size, ' font-weight="bold"') + "</g>")


def faceup_actions(on: dict[tuple[str, str], list[str]], index: int) -> list[str]:
    """The actions aimed at the face-up nut beside the 2-squirrel section `index`."""
    return on.get(("slot", str(COMPONENTS.area2[index].slots[0] + 1)), [])


def board_svg(view: NutsView, on: dict[tuple[str, str], list[str]]) -> list[str]:
    """The board's parts: its labels, each section, each starting space, each face-up nut (or David)."""
    parts = [labels_svg(), *areas_svg(view, on)]
    for space in SPACES:
        actions = on.get(("space", str(space)), [])
        parts.append(space_svg(space, view["track"][str(space)], tuple(actions), clicks(view, actions)))
    for index, section in enumerate(COMPONENTS.area2):
        if not section.raccoon:
            actions = faceup_actions(on, index)
            code = view["faceup"][section.slots[0]]
            parts.append(faceup_svg(index, code, tuple(actions), clicks(view, actions)))
        elif view["david"] is None:
            left, right = span(section.spaces)
            parts.append(david_svg((left + right) / 2, NUTS_TOP + 30, None))
    return parts


# --- around the board --------------------------------------------------------------------------------------
PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}


class DieSize(NamedTuple):
    """How big a die is drawn (the phone's is smaller)."""

    side: float
    corner: float
    pip_step: float  # from the middle to an outer pip, across and down
    pip: float  # a pip's radius


DIE = DieSize(side=34, corner=6, pip_step=9, pip=3.2)


@drawn
def die_svg(x: float, y: float, value: int, green: bool, size: DieSize = DIE) -> str:
    """A die with its top-left corner at (x, y): the green one, or a white one."""
    fill, ink = ("#2f9e44", "#fff") if green else ("#fff", "#000")
    middle = size.side / 2
    parts = [rect(x, y, size.side, size.side,
                  f'rx="{num(size.corner)}" fill="{fill}" stroke="#343a40" stroke-width="1.5"')]
    parts += [circle(x + middle + size.pip_step * dx, y + middle + size.pip_step * dy, size.pip, f'fill="{ink}"')
              for dx, dy in PIPS[value]]
    return "".join(parts)


def dice_of(view: NutsView) -> tuple[int, ...] | None:
    """What the dice show (green, low white, high white), as a kept part's key names it; None before a roll."""
    return None if view["dice"] is None else tuple(view["dice"])


def dice_group(dice: tuple[int, ...] | None) -> str:
    """The dice's group opened: what they show as data-state and, once rolled, as the tooltip; the caller draws
    them and closes the group."""
    state = "not rolled" if dice is None else " ".join(str(die) for die in dice)
    opened = f'<g class="dice" data-dice="1" data-state={quoteattr(state)}>'
    if dice is None:
        return opened
    green, low, high = dice
    return opened + titled([f"green {green}, white {low} and {high}: space {dice_spaces(dice)}"])


def dice_spaces(dice: Sequence[int]) -> str:
    """The starting spaces a roll allows: the green die with either white one ("8 or 9")."""
    green, low, high = dice
    return " or ".join(str(space) for space in sorted({green + low, green + high}))


@drawn
def dice_svg(dice: tuple[int, ...] | None) -> str:
    y = INFO_TOP + 10
    parts = [dice_group(dice), left_text(MARGIN, y + 22, "Dice", 12, ' font-weight="bold"')]
    if dice is None:
        parts.append(left_text(MARGIN + 40, y + 22, "not rolled", 11, ' fill="#868e96"'))
        return "".join([*parts, "</g>"])
    green, low, high = dice
    spaces = dice_spaces(dice)
    parts += [die_svg(MARGIN + 40, y, green, True), die_svg(MARGIN + 80, y, low, False),
              die_svg(MARGIN + 120, y, high, False),
              left_text(MARGIN + 162, y + 22, f"→ space {spaces}", 12)]
    return "".join([*parts, "</g>"])


class Deck(NamedTuple):
    """What the deck shows: the cards not yet drawn by kind code, the draw pile, whether it is used up."""

    unseen: tuple[tuple[str, int], ...]
    pile: int | None
    ending: bool


def deck_of(view: NutsView) -> Deck:
    return Deck(tuple(view["unseen"].items()), view["pile"], view["ending"])


def deck_state(deck: Deck) -> str:
    """The deck's data-state: where it stands and the cards not yet drawn ("draw pile 30 · ...; unseen: W 9 ...")."""
    counts = " ".join(f"{code} {count}" for code, count in deck.unseen)
    return f"{deck_where(deck)}; unseen: {counts}"


@drawn
def deck_svg(deck: Deck) -> str:
    x, y = WIDTH - MARGIN, INFO_TOP + 22
    return (f'<g class="deck" data-deck="1" data-state={quoteattr(deck_state(deck))}>' + titled(deck_lines(deck))
            + left_text(x, y, f"Deck: {deck_where(deck)}", 12, ' text-anchor="end"')
            + left_text(x, y + 16, f"not yet drawn: {unseen_words(dict(deck.unseen))}", 10.5,
                        ' text-anchor="end" fill="#495057"') + "</g>")


def deck_where(deck: Deck) -> str:
    """Where the deck stands: the draw pile and the set-aside cards."""
    unseen = sum(count for _, count in deck.unseen)
    if deck.pile is None:
        return f"{unseen} nut cards face down ({COMPONENTS.reserve} set aside once everyone has a nut)"
    if deck.ending:
        return f"the set-aside cards are the draw pile: {unseen} left"
    return f"draw pile {deck.pile} · set aside {unseen - deck.pile}"


def deck_lines(deck: Deck) -> list[str]:
    """The deck's tooltip: the cards not yet drawn, the jokers by their nuts."""
    unseen = dict(deck.unseen)
    jokers = jokers_words(unseen)
    return [f"cards not yet drawn: {unseen_words(unseen)}", *([f"the jokers: {jokers}"] if jokers else [])]


class DotStyle(NamedTuple):
    """How a storage card's places are drawn (the phone's dots are larger, a free place's outline darker)."""

    most_apart: float  # the greatest distance between neighbours' centres
    radius: float  # a nut's dot, and a free place's outline
    ring: float  # a joker's ring's radius
    ring_width: float
    free_stroke: str


DOTS = DotStyle(most_apart=12, radius=4.5, ring=3.5, ring_width=2.5, free_stroke="#adb5bd")


class Card(NamedTuple):
    """A storage card as a kept part's key names it (the view's StorageCard)."""

    nut: str | None
    nuts: int
    jokers: int
    capacity: int
    points: int
    filled: bool


def card_of(card: StorageCard) -> Card:
    return Card(card["nut"], card["nuts"], card["jokers"], card["capacity"], card["points"], card["filled"])


def slot_dots(card: Card, middle: float, y: float, room: float, style: DotStyle = DOTS) -> str:
    """A card's places in a row `room` wide at most, centred on `middle`: a dot per nut, a ring per joker, an
    outline per free place."""
    fill = NUT_FILL[card.nut][0] if card.nut else "#fff"
    step = min(float(style.most_apart), room / card.capacity)
    first = middle - step * (card.capacity - 1) / 2
    parts = []
    for place in range(card.capacity):
        cx = first + step * place
        if place < card.nuts:
            parts.append(circle(cx, y, style.radius, f'fill="{fill}" stroke="#343a40"'))
        elif place < card.nuts + card.jokers:
            parts.append(circle(cx, y, style.ring,
                                f'fill="#fff" stroke="{fill}" stroke-width="{num(style.ring_width)}"'))
        else:
            parts.append(circle(cx, y, style.radius, f'fill="none" stroke="{style.free_stroke}"'))
    return "".join(parts)


def card_lines(seat: int, number: int, card: Card, click: tuple[str, ...]) -> list[str]:
    lines = [f"{seat_name(seat)}, storage card {number}: holds {card.capacity}, worth {card.points} points "
             "when filled"]
    if card.nut is None:
        lines.append("empty")
    else:
        held = f"{card.nuts} {nut_name(card.nut)}{'s' if card.nuts != 1 else ''}"
        if card.jokers:
            held += f" and {card.jokers} joker{'s' if card.jokers != 1 else ''}"
        lines.append(held + (": filled" if card.filled else ""))
    return [*lines, *click]


def card_state(card: Card) -> str:
    """A storage card's data-state: "empty", or its nut, nuts and jokers ("W 2+1j filled")."""
    if card.nut is None:
        return "empty"
    return f"{card.nut} {card.nuts}+{card.jokers}j" + (" filled" if card.filled else "")


def card_actions(view: NutsView, on: dict[tuple[str, str], list[str]], seat: int,
                 number: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The actions aimed at a player's storage card, and its tooltip's click lines."""
    actions = on.get(("card", f"{seat + 1}-{number}"), [])
    return tuple(actions), clicks(view, actions)


def storage_card_ground(seat: int, number: int, card: Card, aimed: tuple[tuple[str, ...], tuple[str, ...]],
                        box: tuple[float, float, float, float]) -> list[str]:
    """A storage card's group opened, its tooltip and its ground in `box` (x, y, width, height): green-edged once
    filled, highlighted when clickable (`aimed`: card_actions). The caller draws what the card holds and closes
    the group."""
    x, y, width, height = box
    actions, click = aimed
    filled = card.filled
    parts = [f"<g{attributes('card', f'{seat + 1}-{number}', list(actions), 'card', state=card_state(card))}>",
             titled(card_lines(seat, number, card, click)),
             rect(x, y, width, height, f'rx="5" fill="{FULL_FILL if filled else CARD_FILL}" '
                  f'stroke="{HEDGE if filled else "#8d6e63"}" stroke-width="{2 if filled else 1}"')]
    if actions:
        parts.append(highlight(x + 2, y + 2, width - 4, height - 4, corner=4))
    return parts


@drawn
def storage_card_svg(seat: int, number: int, card: Card, aimed: tuple[tuple[str, ...], tuple[str, ...]]) -> str:
    x = MARGIN + NAME_WIDTH + (number - 1) * (CARD_WIDTH + CARD_GAP)
    y = STORAGE_TOP + seat * ROW_HEIGHT + 4
    parts = storage_card_ground(seat, number, card, aimed, (x, y, CARD_WIDTH, CARD_HEIGHT))
    parts.append(left_text(x + 5, y + 13, f"card {number}", 10, ' fill="#495057"'))
    parts.append(left_text(x + CARD_WIDTH - 5, y + 13, f"holds {card.capacity}", 9.5,
                           ' text-anchor="end" fill="#495057"'))
    if card.nut:
        parts.append(nut_card(x + 6, y + 19, CARD_WIDTH - 12, 18, card.nut, 10.5))
    if card.filled:
        parts.append(text(x + CARD_WIDTH / 2, y + 56, "full ✓", 11, f' font-weight="bold" fill="{HEDGE}"'))
    else:
        parts.append(slot_dots(card, x + CARD_WIDTH / 2, y + 52, CARD_WIDTH - 12))
    parts.append(points_pill(x + CARD_WIDTH / 2, y + CARD_HEIGHT - 13, card, 10))
    return "".join([*parts, "</g>"])


def points_pill(x: float, y: float, card: Card, size: float) -> str:
    """What a storage card scores when filled, on a pill centred at (x, y): dark, green once filled."""
    words = f"{card.points} points"
    width = size * (0.58 * len(words) + 1.2)
    return (rect(x - width / 2, y - size * 0.78, width, size * 1.56,
                 f'rx="{num(size * 0.78)}" fill="{HEDGE if card.filled else "#343a40"}"')
            + text(x, y + size * 0.36, words, size, ' font-weight="bold" fill="#fff"'))


class PlayerWords(NamedTuple):
    """What a player's block says: its name, points, tooltip and data-state."""

    name: str  # marked ▶ while they are to move
    points: str  # starred for a winner
    lines: list[str]
    state: str


def player_words(view: NutsView, seat: int) -> PlayerWords:
    name = ("▶ " if seat == view["to_move"] else "") + seat_name(seat)
    points = f"{view['points'][seat]} point{'s' if view['points'][seat] != 1 else ''}"
    if seat in view.get("winners", []):
        points += " ★"
    kept = view["kept"][seat]
    lines = [f"{seat_name(seat)} ({COLOURS[seat]}): {points}, {view['supply'][seat]} squirrels in the supply",
             f"jokers kept for later: {jokers_words(kept) or 'none'}"]
    return PlayerWords(name, points, lines, f"{points}, supply {view['supply'][seat]}, kept {kept_codes(kept)}")


def player_key(view: NutsView, seat: int) -> Hashable:
    """Everything of the view a player's block shows (player_words, and whether David guards them)."""
    return (seat, seat == view["to_move"], view["points"][seat], seat in view.get("winners", []),
            tuple(view["kept"][seat].items()), view["supply"][seat], view["david"] == seat)


PLAYERS = Kept()  # the players' blocks, by player_key


def kept_player(view: NutsView, seat: int) -> str:
    return PLAYERS.get(player_key(view, seat), lambda: player_svg(view, seat))


def player_svg(view: NutsView, seat: int) -> str:
    """A player's name block: colour, name, points, supply and kept jokers; David beside it if he guards them."""
    y = STORAGE_TOP + seat * ROW_HEIGHT + 4
    fill, _ = PLAYER_FILL[seat]
    name, points, lines, state = player_words(view, seat)
    kept = view["kept"][seat]
    parts = [f'<g class="player" data-player="{seat + 1}" data-state={quoteattr(state)}>', titled(lines),
             rect(MARGIN, y, NAME_WIDTH - 8, CARD_HEIGHT, 'rx="5" fill="#f8f9fa" stroke="#adb5bd"'),
             rect(MARGIN, y, 8, CARD_HEIGHT, f'fill="{fill}" stroke="#343a40"'),
             left_text(MARGIN + 14, y + 17, name, 12.5, ' font-weight="bold"'),
             left_text(MARGIN + 14, y + 36, points, 11.5),
             left_text(MARGIN + 14, y + 53, f"{view['supply'][seat]} in supply", 10.5, ' fill="#495057"'),
             left_text(MARGIN + 14, y + 70, kept_words(kept), 10.5, ' fill="#495057"'),
             "</g>"]
    if view["david"] == seat:
        parts.append(david_svg(MARGIN + NAME_WIDTH - 30, y + 44, seat))
    return "".join(parts)


@drawn
def legend_svg(players: int) -> str:
    y = picture_height(players) - LEGEND_HEIGHT / 2 + 2
    parts = ['<g class="legend">']
    x = float(MARGIN)
    for code, name in zip(COMPONENTS.nut_codes, COMPONENTS.nut_names, strict=True):
        parts.append(nut_card(x, y - 9, 18, 18, code, 0))
        parts.append(left_text(x + 22, y + 4, name, 11))
        x += 30 + 7 * len(name)
    parts.append(nut_card(x, y - 9, 18, 18, COMPONENTS.nut_codes[0] + COMPONENTS.nut_codes[1], 0))
    parts.append(left_text(x + 22, y + 4, "a joker: either nut", 11))
    x += 150
    parts.append(circle(x, y, 4.5, 'fill="#adb5bd" stroke="#343a40"') + left_text(x + 8, y + 4, "nut", 11))
    parts.append(circle(x + 42, y, 3.5, 'fill="#fff" stroke="#adb5bd" stroke-width="2.5"')
                 + left_text(x + 50, y + 4, "joker on a storage card", 11))
    parts.append("</g>")
    return "".join(parts)


def status_lines(view: NutsView) -> list[str]:
    """Whose turn and what stage it is; then who is to move (the table says what they decide), or what chance
    does."""
    to_move, phase = view["to_move"], view["phase"]
    if phase == "over":
        winners = view.get("winners", [])
        names = " and ".join(seat_name(seat) for seat in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        return [f"Game over: {names} {verb} with {max(view['points'])} points"]
    first = PHASES[phase]
    if phase in ("dice", "place", "decide", "collect"):
        first = f"{seat_name(view['current'])}'s turn · {first}"
    if view["ending"] and phase != "final":
        first += " · the draw pile is used up: the game ends after this turn's collecting"
    if isinstance(to_move, int):
        return [first, f"{seat_name(to_move)} to move"]
    if view["tasks"]:
        job, _, slot = read_task(view["tasks"][0])
        if job == "refill":
            return [first, f"Chance: a card for face-up nut {slot + 1}"]
    return [first]


@drawn
def status_svg(lines: tuple[str, ...]) -> str:
    parts = [left_text(MARGIN, 18, lines[0], 12.5, ' font-weight="bold"')]
    parts += [left_text(MARGIN, 35, line, 12) for line in lines[1:]]
    return "".join(parts)


def render(view: NutsView, legal: Sequence[str]) -> str:
    """The board and the storage cards as an SVG document; the elements `legal` actions target are clickable."""
    on = targets(legal, lambda action_text: target_of(view, NOTATION.parse(action_text)))
    tall = picture_height(view["players"])
    cards = [storage_card_svg(seat, number, card_of(card), card_actions(view, on, seat, number))
             for seat, row in enumerate(view["storage"]) for number, card in enumerate(row, 1)]
    return document(WIDTH, tall, "In the Nuts!", TARGET_STYLE, [
        ground(WIDTH, tall),
        status_svg(tuple(status_lines(view))),
        *board_svg(view, on),
        dice_svg(dice_of(view)),
        deck_svg(deck_of(view)),
        *(kept_player(view, seat) for seat in range(view["players"])),
        *cards,
        legend_svg(view["players"]),
    ])
