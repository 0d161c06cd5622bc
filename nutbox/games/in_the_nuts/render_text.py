"""The terminal picture of an In the Nuts! view: the board, the dice, the players with their storage cards,
the deck, and what is happening now.

The board is drawn as the game has it, top to bottom: the 4-squirrel area (one section), the 3-squirrel
area (left, raccoon, right), the 2-squirrel area (2-4, 5-6, the raccoon field 7, 8-9, 10-12), the starting
track 2 to 12, and the four face-up nuts under their sections, each written with its number as `take`
numbers them ("1 [W]"). Each section lists its squirrels per player by colour letter and count ("R2 K1":
two red, one black); the track shows the letter of whoever stands on a space. Colour letters: R red
(Player 1), B blue (Player 2), W white (Player 3), K black (Player 4). Nuts: W walnut, H hazelnut, B
beechnut, A acorn; a joker is written by its two letters ("WH"). A storage card reads "W 2+1j ✓": its nut,
its plain nuts + its jokers, ✓ once filled (· while empty), under a column head with what it holds and its
points. Everything reads without colour.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from nutbox.core import SeatNames
from nutbox.core.terminal import borderless_table, points_text, put, seat_marks, to_move_text, win_text
from nutbox.games.in_the_nuts.actions import section_label
from nutbox.games.in_the_nuts.components import COMPONENTS, Section, kind_name
from nutbox.games.in_the_nuts.view import NutsView, StorageCard, TaskEntry, read_task

LETTERS = ("R", "B", "W", "K")
COLOURS = ("red", "blue", "white", "black")
PLAYER_STYLE = ("bold white on red3", "bold white on blue", "bold black on grey93", "bold white on grey15")
# walnut, hazelnut, beechnut, acorn, in the component order
NUT_STYLE = dict(zip(COMPONENTS.nut_codes, ("bold orange4", "bold dark_goldenrod", "bold indian_red",
                                            "bold dark_olive_green3"), strict=True))
LABEL_WIDTH = 8
SPACE_WIDTH = 7
RACCOON_WIDTH = 12  # the raccoon field is one space wide but may hold every player's squirrels
NEED2, NEED3, NEED4 = COMPONENTS.need
SPACES = range(COMPONENTS.first_space, COMPONENTS.last_space + 1)
RACCOON_SPACES = {space for section in COMPONENTS.area2 if section.raccoon for space in section.spaces}
BOX = {  # (up, down, left, right) -> the character joining those lines
    (False, True, False, True): "┌", (False, True, True, False): "┐", (True, False, False, True): "└",
    (True, False, True, False): "┘", (True, True, False, True): "├", (True, True, True, False): "┤",
    (False, True, True, True): "┬", (True, False, True, True): "┴", (True, True, True, True): "┼",
}
PHASES = {
    "faceup": "setup: dealing the face-up nuts",
    "deal": "setup: each player's first nut",
    "preplace": "setup: squirrels into the 2-squirrel area",
    "dice": "rolling the dice",
    "place": "placing a squirrel",
    "decide": "stop or roll again",
    "collect": "collecting nuts",
    "final": "the end: the last picks and the kept jokers",
    "over": "the game is over",
}


def edges() -> dict[int, int]:
    """The character position of each starting space's left edge, and of the board's right edge (last + 1)."""
    found, x = {}, LABEL_WIDTH
    for space in SPACES:
        found[space] = x
        x += RACCOON_WIDTH if space in RACCOON_SPACES else SPACE_WIDTH
    found[SPACES[-1] + 1] = x
    return found


EDGE = edges()
RIGHT = EDGE[SPACES[-1] + 1]


def span(spaces: list[int] | tuple[int, ...]) -> tuple[int, int]:
    """Where a section over these starting spaces starts and ends (its two hedges)."""
    return EDGE[min(spaces)], EDGE[max(spaces) + 1]


def upper_spaces(section: Section) -> list[int]:
    """A 3-squirrel section stands over the 2-squirrel sections pushing up into it."""
    return [space for below in section.below for space in COMPONENTS.area2[below].spaces]


def nut_text(code: str) -> Text:
    text = Text()
    for letter in code:
        text.append(letter, style=NUT_STYLE[letter])
    return text


def player_text(seat: int, names: SeatNames) -> Text:
    return Text(f" {names[seat]} {LETTERS[seat]} ", style=PLAYER_STYLE[seat])


def slot_words(slots: list[int]) -> str:
    if len(slots) == COMPONENTS.slots:
        return "any face-up nut"
    return "nut " + " or ".join(str(slot + 1) for slot in slots)


def put_centred(line: Text, left: int, right: int, content: Text) -> None:
    put(line, left + (right - left - len(content)) // 2, content)


def squirrel_lines(counts: list[int], width: int) -> list[Text]:
    """The players' squirrels in a section as "R2 B1", wrapped to `width`."""
    lines = [Text()]
    for seat, count in enumerate(counts):
        if not count:
            continue
        token = Text(f"{LETTERS[seat]}{count}", style=PLAYER_STYLE[seat])
        if lines[-1] and len(lines[-1]) + 1 + len(token) > width:
            lines.append(Text())
        if lines[-1]:
            lines[-1].append(" ")
        lines[-1].append_text(token)
    return lines


def rule_line(above: set[int], below: set[int]) -> Text:
    """The line between two rows of sections, joining the hedges of the row above and of the row below."""
    line = Text(" " * LABEL_WIDTH)
    for x in range(EDGE[SPACES[0]], RIGHT + 1):
        up, down = x in above, x in below
        line.append(BOX[(up, down, x > EDGE[SPACES[0]], x < RIGHT)] if up or down else "─")
    return line


def area_lines(label: list[str], sections: list[tuple[int, int, Text, list[int]]]) -> list[Text]:
    """One row of sections, each (left hedge, right hedge, name, squirrels per player), all equally tall."""
    cells = [[name, *squirrel_lines(counts, right - left - 3)] for left, right, name, counts in sections]
    lines = []
    for i in range(max(len(label), *(len(cell) for cell in cells))):
        line = Text(f"{label[i] if i < len(label) else '':<{LABEL_WIDTH}}", style="bold")
        for (left, _, _, _), cell in zip(sections, cells, strict=True):
            put(line, left, Text("│"))
            if i < len(cell):
                put(line, left + 2, cell[i])
        put(line, RIGHT, Text("│"))
        lines.append(line)
    return lines


def hedges(sections: list[tuple[int, int, Text, list[int]]]) -> set[int]:
    return {x for left, right, _, _ in sections for x in (left, right)}


def board_text(view: NutsView) -> Text:
    raccoon = Text("raccoon", style="bold reverse")
    top = [(EDGE[SPACES[0]], RIGHT, Text("→ any face-up nut"), view["area4"])]
    middle = []
    for section, counts in zip(COMPONENTS.area3, view["area3"], strict=True):
        name = raccoon if section.raccoon else Text(f"→ {slot_words(list(section.slots))}")
        middle.append((*span(upper_spaces(section)), name, counts))
    bottom = []
    for index, (section, counts) in enumerate(zip(COMPONENTS.area2, view["area2"], strict=True)):
        name = Text(section_label(index))
        name.append(" ")
        name.append_text(raccoon if section.raccoon else Text(f"→ nut {section.slots[0] + 1}"))
        bottom.append((*span(section.spaces), name, counts))
    lines = [rule_line(set(), hedges(top))]
    lines += area_lines(["4-area", f"need {NEED4}"], top)
    lines.append(rule_line(hedges(top), hedges(middle)))
    lines += area_lines(["3-area", f"need {NEED3}"], middle)
    lines.append(rule_line(hedges(middle), hedges(bottom)))
    lines += area_lines(["2-area", f"need {NEED2}"], bottom)
    lines.append(rule_line(hedges(bottom), set()))
    lines += track_lines(view)
    lines.append(nuts_line(view))
    return Text("\n").join(lines)


def track_lines(view: NutsView) -> list[Text]:
    numbers, standing = Text(f"{'track':<{LABEL_WIDTH}}", style="bold"), Text(" " * LABEL_WIDTH)
    for space in SPACES:
        left, right = EDGE[space], EDGE[space + 1]
        put_centred(numbers, left, right, Text(str(space)))
        owner = view["track"][str(space)]
        put_centred(standing, left, right, Text("·", style="grey50") if owner is None
                    else Text(f" {LETTERS[owner]} ", style=PLAYER_STYLE[owner]))
    standing.rstrip()
    return [numbers, standing]


def nuts_line(view: NutsView) -> Text:
    line = Text(f"{'nuts':<{LABEL_WIDTH}}", style="bold")
    for section in COMPONENTS.area2:
        left, right = span(section.spaces)
        if section.raccoon:
            put_centred(line, left, right, Text("(none)", style="grey50"))
            continue
        slot = section.slots[0]
        code = view["faceup"][slot]
        card = Text(f"{slot + 1} [")
        card.append_text(nut_text(code) if code else Text("empty", style="grey50"))
        card.append("]")
        put_centred(line, left, right, card)
    return line


def key_text() -> Text:
    colours = ", ".join(f"{letter} {colour}" for letter, colour in zip(LETTERS, COLOURS, strict=True))
    nuts = ", ".join(f"{code} {name}" for code, name in zip(COMPONENTS.nut_codes, COMPONENTS.nut_names, strict=True))
    return Text(f"R2: two red squirrels there ({colours}; each player's letter is by their name)\n"
                f"Nuts: {nuts}; two letters: a joker, either nut\n"
                "need N: one player's squirrels that collect a nut; raccoon: any face-up nut and a stolen one",
                style="grey62")


def dice_text(view: NutsView) -> Text:
    if view["dice"] is None:
        return Text("Dice: not rolled")
    green, low, high = view["dice"]
    spaces = sorted({green + low, green + high})
    return Text(f"Dice: green {green}, white {low} and {high} → space {' or '.join(map(str, spaces))}")


def david_text(view: NutsView, names: SeatNames) -> Text:
    if view["david"] is None:
        return Text("David the raccoon guards no one yet")
    return Text(f"David the raccoon guards {names[view['david']]}: no one may steal from them")


def deck_text(view: NutsView) -> Text:
    unseen = sum(view["unseen"].values())
    counts = " ".join(f"{code} {count}" for code, count in view["unseen"].items())
    if view["pile"] is None:
        where = f"{unseen} nut cards face down ({COMPONENTS.reserve} are set aside once everyone has a nut)"
    elif view["ending"]:
        where = f"the set-aside cards are the draw pile: {unseen} left"
    else:
        where = f"draw pile {view['pile']}, set aside {unseen - view['pile']}"
    return Text(f"Deck: {where}\n  unseen: {counts}", style="grey62")


def kept_text(kept: dict[str, int]) -> Text:
    text = Text()
    for code, count in kept.items():
        for _ in range(count):
            if text:
                text.append(" ")
            text.append_text(nut_text(code))
    return text or Text("—")


def players_table(view: NutsView, names: SeatNames) -> Table:
    table = borderless_table("", "", "points", "supply", "kept jokers", "")
    winners = view.get("winners", [])  # the core adds them once the game is over
    for seat in range(view["players"]):
        marks = seat_marks(seat == view["to_move"], seat == view.get("seat"))
        points = points_text(view["points"][seat], seat in winners)
        guard = Text("David guards", style="bold") if seat == view["david"] else Text()
        table.add_row(player_text(seat, names), marks, points, str(view["supply"][seat]), kept_text(view["kept"][seat]),
                      guard)
    return table


def card_text(card: StorageCard) -> Text:
    """A storage card as "W 2+1j": its nut, its plain nuts + its jokers; ✓ once filled, · while empty."""
    if card["nut"] is None:
        return Text("·", style="grey50")
    text = nut_text(card["nut"])
    text.append(f" {card['nuts']}")
    if card["jokers"]:
        text.append(f"+{card['jokers']}j")
    if card["filled"]:
        text.append(" ✓", style="bold green")
    return text


def storage_table(view: NutsView, names: SeatNames) -> Table:
    table = Table(box=None, padding=(0, 1), header_style="bold", title="Storage cards", title_justify="left",
                  title_style="bold")
    table.add_column("")
    for number, card in enumerate(view["storage"][0], 1):
        table.add_column(f"#{number}\nholds {card['capacity']}\n{card['points']} pts")
    for seat, cards in enumerate(view["storage"]):
        table.add_row(player_text(seat, names), *(card_text(card) for card in cards))
    return table


def task_words(task: TaskEntry, names: SeatNames) -> str:
    what, seat, detail = read_task(task)
    name = names[seat]
    if what == "take":
        return f"{name} takes {slot_words([slot for slot in range(COMPONENTS.slots) if detail >> slot & 1])}"
    if what == "store":
        return f"{name} stores the {kind_name(detail)}"
    if what == "steal":
        return f"{name} steals a nut from another player"
    return f"face-up nut {detail + 1} is replaced from the draw pile"


def tasks_text(view: NutsView, names: SeatNames) -> Text:
    text = Text("To do:", style="bold")
    for index, task in enumerate(view["tasks"]):
        text.append(f"\n  {'now' if index == 0 else 'then'}: {task_words(task, names)}")
    return text


def header_text(view: NutsView, names: SeatNames) -> Text:
    text = Text(f"In the Nuts! — {view['players']} players — ", style="bold")
    if view["phase"] in ("dice", "place", "decide", "collect"):
        text.append(f"{names[view['current']]}'s turn, ")
    text.append(PHASES[view["phase"]])
    if view["ending"] and view["phase"] not in ("final", "over"):
        text.append("\nThe draw pile is used up: the game ends after this turn's collecting")
    return text


def chance_words(view: NutsView, names: SeatNames) -> str:
    if view["tasks"]:
        return f"drawing a card for face-up nut {read_task(view['tasks'][0])[2] + 1}"
    if view["phase"] == "faceup":
        return f"dealing face-up nut {view['step'] + 1} of {COMPONENTS.slots}"
    if view["phase"] == "deal":
        return f"dealing {names[view['step']]} a nut"
    return f"{names[view['current']]} rolls the dice"


def situation_text(view: NutsView, names: SeatNames) -> Text:
    """Who is to move (the table says what they decide beside the picture), what chance does, or who won."""
    to_move = view["to_move"]
    if isinstance(to_move, int):
        return to_move_text(names[to_move], None)
    if to_move == "chance":
        return Text(f"Chance: {chance_words(view, names)}", style="italic")
    winners = view.get("winners", [])
    best = max(view["points"])
    text = win_text([names[seat] for seat in winners], f"{best} points")
    if sum(1 for points in view["points"] if points == best) > len(winners):
        text.append(" (the tie goes to the most valuable filled storage card)")
    return text


def render(view: NutsView, names: SeatNames) -> RenderableType:
    """The board, the dice, the players and their storage cards, the deck and the situation, from a view only,
    each seat called by its name."""
    parts: list[RenderableType] = [
        header_text(view, names),
        Panel(board_text(view), title="The board", expand=False),
        key_text(),
        Text.assemble(dice_text(view), "\n", david_text(view, names)),
        players_table(view, names),
        storage_table(view, names),
        Text("A card: its nut and how many, + jokers (j); ✓ filled, worth the points above it; · empty",
             style="grey62"),
        deck_text(view),
    ]
    if view["tasks"]:
        parts.append(tasks_text(view, names))
    parts.append(situation_text(view, names))
    return Group(*parts)
