"""The terminal picture of a Nuts! view: the factory floor, its Connecting Paths, the trucks on offer, the
players and their warehouses, the viewer's bonus cards, and who is to move (the table prints what they
decide beside the picture).

The floor is drawn one line per board row, numbered as the notation numbers rows (r0 the dispensers, down
to the Box Holders), with one belt (│) per column. A conveyor tile spans its two columns as ├──X──┤, its
kind written in the middle (X cross, S> / <S splitters, J> / <J joiners; a key below says what each does
with a nut). S is a Salter, R a Roaster, Q the Squirrel. The Box Holders show their top box, with the
boxes that spins bring up next on the line below; a top box between stars (*Pe*) ends a Connecting Path,
whose dispenser is marked on the line above the floor ("Pe→1": to column 1). Everything reads without
colour.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from nutbox.core import SeatNames
from nutbox.core.terminal import borderless_table, points_text, put, seat_marks, to_move_text, win_text
from nutbox.games.nuts_factory.components import COMPONENTS
from nutbox.games.nuts_factory.view import FactoryView, PathView

LABEL_WIDTH = 16
CELL_WIDTH = 9  # odd, so a column's belt sits in the middle of its cell and a tile's label between two belts
BELT = "│"
TILE_LABELS = {"cross": "X", "split-right": "S>", "join-right": "J>", "split-left": "<S", "join-left": "<J"}
MACHINE_LETTERS = {"salter": "S", "roaster": "R"}
# almond, cashew, peanut, pistachio, in the component order
NUT_STYLE = dict(zip(COMPONENTS.nut_codes, ("bold dark_orange", "bold yellow", "bold orange4", "bold green"),
                     strict=True))
PATH_STYLE = "bold black on yellow"
PHASES = {
    "setup": "Setup",
    "config": "Phase 1, Configuration",
    "squirrel": "Phase 2, Squirrel Movement",
    "scamper": "Phase 2, Squirrel Movement (scamper)",
    "hunt": "Phase 2, Squirrel Movement (hunt)",
    "before-production": "before Phase 3, Production",
    "draw": "Phase 3, Production (bonus cards)",
    "between-draws": "Phase 3, Production (between two bonus cards)",
    "shipping": "Phase 4, Shipping",
    "cleanup": "Phase 5, Cleanup",
    "over": "the game is over",
}
CHANCE_PHASES = {
    "setup": "placing the Box Holders",
    "squirrel": "rolling the squirrel die",
    "scamper": "rolling the d8: the Squirrel scampers",
    "draw": "drawing a bonus card for an Extra Delicious nut",
}


def nut_text(code: str) -> Text:
    return Text(code, style=NUT_STYLE[code])


def centre(column: int) -> int:
    """The character position of a column's belt (columns from 1)."""
    return LABEL_WIDTH + CELL_WIDTH * (column - 1) + CELL_WIDTH // 2


def put_centred(line: Text, column: int, content: Text) -> None:
    put(line, centre(column) - (len(content) - 1) // 2, content)


def floor_line(label: str, cells: dict[int, Text]) -> Text:
    """One line of the floor: a row label, then what stands in each column (from 1), left to right."""
    line = Text(f"{label:<{LABEL_WIDTH}}")
    for column in sorted(cells):
        put_centred(line, column, cells[column])
    line.rstrip()
    return line


def tile_text(kind: str) -> Text:
    """A tile from its left column's belt to its right one's."""
    middle = f"{TILE_LABELS[kind]:─^{CELL_WIDTH - 1}}"
    return Text(f"├{middle}┤", style="bold")


def conveyor_line(view: FactoryView, row: int) -> Text:
    line = Text(f"{row:>2} conveyor".ljust(LABEL_WIDTH))
    covered = {tile["column"]: tile["kind"] for tile in view["tiles"] if tile["row"] == row}
    column = 1
    while column <= COMPONENTS.columns:
        if column in covered:
            put(line, centre(column), tile_text(covered[column]))
            column += 2
        else:
            put_centred(line, column, Text(BELT, style="grey50"))
            column += 1
    line.rstrip()
    return line


def path_ends(view: FactoryView) -> dict[int, list[tuple[int, int]]]:
    """Source column -> (end column, routes) of the Connecting Paths leaving it, ends in order."""
    found: dict[int, dict[int, int]] = {}
    for path in view["paths"]:
        ends = found.setdefault(path["from"], {})
        ends[path["to"]] = ends.get(path["to"], 0) + path["count"]
    return {source: sorted(ends.items()) for source, ends in found.items()}


def paths_line(view: FactoryView) -> Text:
    cells = {}
    codes = COMPONENTS.nut_codes
    for source, ends in path_ends(view).items():
        nut = codes[COMPONENTS.dispensers[source - 1]]
        to = ",".join(f"{end}×{count}" if count > 1 else str(end) for end, count in ends)
        mark = f"{nut}→{to}"
        if len(mark) >= CELL_WIDTH:
            mark = mark[: CELL_WIDTH - 2] + "…"
        cells[source] = Text(mark, style=PATH_STYLE)
    line = Text(f"{' paths to':<{LABEL_WIDTH}}")
    for column in sorted(cells):
        put(line, centre(column), cells[column])  # from the belt on, so that the mark reads over its dispenser
    return line


def holder_lines(view: FactoryView) -> list[Text]:
    """The top boxes (starred at the end of a Connecting Path), then the boxes spins bring up next."""
    last = len(COMPONENTS.rows) - 1
    ends = {path["to"] for path in view["paths"]}
    tops: dict[int, Text] = {}
    nexts: dict[int, Text] = {}
    for column in range(1, COMPONENTS.columns + 1):
        if column > len(view["holders"]):
            tops[column] = Text("?", style="grey50")
            continue
        boxes = view["holders"][column - 1]["boxes"]
        top = nut_text(boxes[0])
        tops[column] = Text.assemble("*", top, "*", style="bold") if column in ends else top
        # a clockwise quarter turn brings the left box up, then the bottom one, then the right one
        nexts[column] = Text("·".join(boxes[3:0:-1]), style="grey62")
    return [floor_line(f"{last:>2} box holders", tops), floor_line("   then (spins)", nexts)]


def board_text(view: FactoryView) -> Text:
    rows = COMPONENTS.rows
    codes = COMPONENTS.nut_codes
    lines = [floor_line("", {c: Text(f"c{c}", style="bold") for c in range(1, COMPONENTS.columns + 1)})]
    if view["paths"]:
        lines.append(paths_line(view))
    dispensers = {column: nut_text(codes[nut]) for column, nut in enumerate(COMPONENTS.dispensers, 1)}
    lines.append(floor_line(" 0 dispensers", dispensers))
    machines = {(m["row"], m["column"]): m["kind"] for m in view["machines"]}
    for row in range(1, len(rows) - 1):
        kind = rows[row]
        if kind == "conveyor":
            lines.append(conveyor_line(view, row))
            continue
        cells = {column: Text(BELT, style="grey50") for column in range(1, COMPONENTS.columns + 1)}
        if kind == "squirrel":
            cells[view["squirrel"]] = Text("Q", style="bold white on orange4")
        for (machine_row, column), machine in machines.items():
            if machine_row == row:
                cells[column] = Text(MACHINE_LETTERS[machine], style="bold reverse")
        lines.append(floor_line(f"{row:>2} {kind}", cells))
    lines += holder_lines(view)
    return Text("\n").join(lines)


def belt_words(exits: tuple[int, ...]) -> str:
    if not exits:
        return "no belt"
    return "both" if len(exits) == 2 else ("left", "right")[exits[0]]


def key_text() -> RenderableType:
    """What the tiles do, two to a row, read from the component data (where a nut entering a tile's left or
    right column leaves it), then the other letters of the floor."""
    table = borderless_table(*("", "tile", "left→", "right→") * 2)
    kinds = list(TILE_LABELS)
    half = (len(kinds) + 1) // 2
    for left, right in zip(kinds[:half], (*kinds[half:], None), strict=True):
        cells: list[Text | str] = []
        for kind in (left, right):
            if kind is None:
                cells += ["", "", "", ""]
                continue
            entering_left, entering_right = COMPONENTS.tiles[kind].belts
            cells += [Text(TILE_LABELS[kind], style="bold"), kind, belt_words(entering_left),
                      belt_words(entering_right)]
        table.add_row(*cells)
    nuts = ", ".join(f"{code} {name}" for code, name in zip(COMPONENTS.nut_codes, COMPONENTS.nut_names, strict=True))
    letters = f"S Salter   R Roaster   Q the Squirrel   *A* a top box ending a Connecting Path\nNuts: {nuts}"
    return Group(table, Text(letters, style="grey62"))


def path_words(view: FactoryView, path: PathView) -> str:
    words = [f"{path['nut']} from column {path['from']} to column {path['to']}"]
    if path["salted"]:
        words.append("salted")
    if path["roasted"]:
        words.append("roasted")
    if path["squirrel_column"] == view["squirrel"]:
        words.append("past the napping squirrel" if view["fed"] else "through the squirrel")
    text = ", ".join(words)
    if path["count"] > 1:
        text += f" ({path['count']} routes)"
    if path["salted"] and path["roasted"]:
        text += ": Extra Delicious"
    return text


def paths_text(view: FactoryView) -> Text:
    text = Text("Connecting Paths:", style="bold")
    if not view["paths"]:
        text.append(" none")
    for path in view["paths"]:
        text.append(f"\n  {path_words(view, path)}")
    return text


def truck_nuts(truck_id: int) -> Text:
    """A truck's load as its card shows it, one code per boxed nut."""
    text = Text()
    truck = COMPONENTS.trucks[truck_id - 1]
    for nut, count in enumerate(truck.nuts):
        for _ in range(count):
            if text:
                text.append(" ")
            text.append_text(nut_text(COMPONENTS.nut_codes[nut]))
    return text


def can_fill(view: FactoryView, truck_id: int) -> bool:
    seat = view.get("seat")
    if not isinstance(seat, int):
        return False
    have = view["warehouses"][seat]
    truck = COMPONENTS.trucks[truck_id - 1]
    return all(have[code] >= need for code, need in zip(COMPONENTS.nut_codes, truck.nuts, strict=True))


def trucks_table(view: FactoryView) -> RenderableType:
    """The trucks still waiting, three to a row; ✓ marks those the viewer's warehouse could fill now."""
    trucks = view["trucks"]
    if not trucks:
        return Text("Trucks: every truck has driven away", style="bold")
    table = Table(box=None, padding=(0, 1), header_style="bold", title="Trucks on offer", title_justify="left")
    for _ in range(3):
        table.add_column("truck", justify="right")
        table.add_column("nuts")
        table.add_column("points", justify="right")
        table.add_column("")
    for start in range(0, len(trucks), 3):
        cells: list[Text | str] = []
        for truck_id in trucks[start : start + 3]:
            points = COMPONENTS.trucks[truck_id - 1].points
            cells += [str(truck_id), truck_nuts(truck_id), str(points), "✓" if can_fill(view, truck_id) else ""]
        table.add_row(*cells)
    return table


def warehouse_text(view: FactoryView, seat: int) -> Text:
    held = view["warehouses"][seat]
    text = Text()
    for code in COMPONENTS.nut_codes:
        text.append_text(nut_text(code))
        text.append(f"{held[code]} ")
    text.append(f"({sum(held.values())})")
    return text


def players_table(view: FactoryView, names: SeatNames) -> Table:
    table = borderless_table("", "", "points", "warehouse", "bonus cards")
    winners = view.get("winners", [])  # the core adds them once the game is over
    for seat in range(view["players"]):
        marks = seat_marks(seat == view["to_move"], seat == view.get("seat"))
        points = points_text(view["points"][seat], seat in winners)
        table.add_row(Text(names[seat]), marks, points, warehouse_text(view, seat), str(view["hand_sizes"][seat]))
    return table


def hand_table(cards: list[int]) -> Table:
    """The viewer's bonus cards, each with both of its choices; long texts wrap within their column."""
    table = Table(box=None, padding=(0, 1), show_header=False, title="Your bonus cards", title_justify="left",
                  title_style="bold")
    table.add_column("card", style="bold")
    table.add_column("choice")
    table.add_column("text")
    for card in cards:
        first, second = COMPONENTS.bonus_cards[card - 1].options
        table.add_row(f"#{card}", "first:", first.text)
        table.add_row("", "second:", second.text)
    return table


def cards_text(view: FactoryView, names: SeatNames) -> RenderableType:
    """The viewer's own bonus cards (every hand once the game is over), the deck and the public discards."""
    parts: list[RenderableType] = []
    if view.get("hand"):
        parts.append(hand_table(view["hand"]))
    elif "hand" in view:
        parts.append(Text("Your bonus cards: none", style="bold"))
    for seat, hand in enumerate(view.get("hands", [])):
        parts.append(Text(f"{names[seat]}'s bonus cards: " + (" ".join(f"#{c}" for c in hand) or "none")))
    discards = " ".join(f"#{card}" for card in view["discards"]) or "none"
    supply = ", ".join(f"{layout} {count}" for layout, count in view["supply"].items())
    parts.append(Text(f"Bonus deck: {view['deck']} face down; discards: {discards}\nTile supply: {supply}",
                      style="grey62"))
    return Group(*parts)


def turn_text(view: FactoryView, names: SeatNames) -> Text:
    """Where the turn stands: the phase and whatever this turn has changed from the usual."""
    phase = view["phase"]
    text = Text(f"Turn {view['turn']}", style="bold")
    if phase in ("setup", "over"):
        text.append(f" — {PHASES[phase]}")
        return text
    text.append(f" — {names[view['current']]} — {PHASES[phase]}")
    notes = []
    if phase == "config":
        notes.append(f"{view['actions_left']} Action{'s' if view['actions_left'] != 1 else ''} left")
    if view["splitters"]:
        notes.append(f"{view['splitters']} Build may place a Splitter/Joiner")
    if view["fed"]:
        notes.append("the Squirrel is fed and naps")
    if view["reroll"]:
        notes.append("Hunt and Roll: the die is rolled again unless the hunt ends on a Connecting Path")
    if view["draws_left"]:
        notes.append(f"{view['draws_left']} bonus card{'s' if view['draws_left'] != 1 else ''} to draw")
    if phase == "shipping" or view["truck_limit"] != COMPONENTS.limits.trucks_per_turn:
        notes.append(f"trucks shipped {view['shipped']} of {view['truck_limit']}")
    if view["warehouse_limit"] != COMPONENTS.limits.warehouse:
        notes.append(f"warehouse limit {view['warehouse_limit']}")
    if view["pending"]:
        notes.append(f"bonus effect waiting for its target: {view['pending']}")
    if notes:
        text.append("\n  " + "; ".join(notes))
    if view["end_turns"] is not None:
        text.append(f"\n  Last round: {view['end_turns']} turn{'s' if view['end_turns'] != 1 else ''} left "
                    f"(someone reached {view['end_score']} points)", style="bold")
    return text


def situation_text(view: FactoryView, names: SeatNames) -> Text:
    to_move = view["to_move"]
    if isinstance(to_move, int):
        return to_move_text(names[to_move], None)  # the table prints the decision beside the picture
    if to_move == "chance":
        what = CHANCE_PHASES[view["phase"]]
        if view["phase"] == "setup":
            what += f" ({len(view['holders'])} of {COMPONENTS.columns})"
        return Text(f"Chance: {what}", style="italic")
    winners = view.get("winners", [])
    best = max(view["points"])
    text = win_text([names[seat] for seat in winners], f"{best} points")
    if sum(1 for points in view["points"] if points == best) > len(winners):
        text.append(" (the tie goes to whoever reached that score first)")
    return text


def render(view: FactoryView, names: SeatNames) -> RenderableType:
    """The floor, its paths, the trucks, the players and their cards, and the situation, from a view only, each
    seat called by its name."""
    return Group(
        Text(f"Nuts! — {view['players']} players — the end is triggered at {view['end_score']} points", style="bold"),
        Panel(board_text(view), title="The factory floor", expand=False),
        key_text(),
        paths_text(view),
        trucks_table(view),
        players_table(view, names),
        cards_text(view, names),
        turn_text(view, names),
        situation_text(view, names),
    )
