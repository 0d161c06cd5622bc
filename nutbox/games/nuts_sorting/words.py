"""Nuts Sorting in words (core/words.py; the face, face.py, says them): the decision of each phase, every action
as a phrase, each seat's panel and the final table, all read from a view, each seat named by its placeholder
(core.names.seat_name) for the face to fill with the seat's name.

The pieces are called nuts here, as the rulebook's players think of them; a cell keeps its name (c3), since
that is how players point at the board. Nothing is hidden in this game, so no panel holds secret cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nutbox.core import Action, Panel, ScoreTable, listing, plural, possessive, seat_name
from nutbox.games.nuts_sorting.actions import Choose, Deal, Move, Pickup, Remove
from nutbox.games.nuts_sorting.board import BITS, CELL_OF_NAME, NAMES, flood
from nutbox.games.nuts_sorting.components import COLOURS, EMPTY, SET_COLOURS, SETS, SetCode
from nutbox.games.nuts_sorting.scoring import sorted_reason
from nutbox.games.nuts_sorting.view import SortingView

# each nut colour as the board draws it: (fill, ink); the picture takes them from here
FILL = {
    "red": ("#d9302c", "#fff"),
    "blue": ("#1c6ed6", "#fff"),
    "yellow": ("#f6c90e", "#000"),
    "black": ("#212529", "#fff"),
    "white": ("#fafafa", "#000"),
    "gray": ("#8e969e", "#000"),
}
# the colour a seat's marker takes: the first colour of its set, as the board draws that nut
MARKER = {set_code: FILL[COLOURS[SET_COLOURS[index][0]]][0] for index, set_code in enumerate(SETS)}


def set_colours(set_code: SetCode) -> list[str]:
    return [COLOURS[colour] for colour in SET_COLOURS[SETS.index(set_code)]]


def both_sets() -> str:
    return ", or ".join(listing(set_colours(set_code)) for set_code in SETS)


def masks(cells: dict[str, str | None]) -> dict[str, int]:
    """Each colour's cells as a bitmask of board.py, for finding groups."""
    found = dict.fromkeys(COLOURS, 0)
    for name, colour in cells.items():
        if colour is not None:
            found[colour] |= BITS[CELL_OF_NAME[name]]
    return found


def mover(view: SortingView) -> int:
    """The seat to decide, where the phase says there is one (not while dealing, not at the end)."""
    to_move = view["to_move"]
    assert isinstance(to_move, int), f"no seat is to decide ({to_move})"
    return to_move


def set_of(view: SortingView, seat: int) -> SetCode:
    """The seat's colour set, where the phase says it is chosen (removing, playing, the end)."""
    chosen = view["colour_sets"][seat]
    assert chosen is not None, f"{seat_name(seat)} has no colour set yet"
    return chosen


def nut_at(view: SortingView, name: str) -> str:
    """The colour of the nut on a cell an action names as holding one."""
    colour = view["cells"][name]
    assert colour is not None, f"{name} is empty"
    return colour


def unsorted_colours(view: SortingView, seat: int) -> list[str]:
    """The colours of the seat's chosen set still split into more than one group."""
    return [colour for colour in set_colours(set_of(view, seat)) if view["groups"][colour] != 1]


# --- the decision --------------------------------------------------------------------------------------
def decision(view: SortingView) -> str:
    phase, your = view["phase"], possessive(view)
    if phase == "deal":
        return "deal the nuts onto the board"
    if phase == "over":
        return "nothing more: the game is over"
    if phase == "choose":
        if view["colour_sets"][0] is None and view["first"] is None:
            return f"choose {your} colours ({both_sets()}) or take the first move"
        if view["first"] is None:  # player 2 took a colour set; only the option placer_chooses_order gets here
            return "decide who moves first"
        return f"choose {your} colours: {both_sets()}"
    if phase == "remove":
        mine = view["colour_sets"][mover(view)]
        if not view["removed_from"]:
            return f"remove one of {your} nuts and one of {your} opponent's"
        if view["removed_from"][0] == mine:
            return f"remove one of {your} opponent's nuts"
        return f"remove one of {your} own nuts"
    colours = set_colours(set_of(view, mover(view)))
    return (f"move one of {your} {', '.join(colours[:-1])} or {colours[-1]} nuts so that its group grows, "
            f"or pick up one of {your} groups")


# --- the actions ---------------------------------------------------------------------------------------
def labels(actions: Sequence[Action], view: SortingView) -> list[str]:
    """The labels of one decision's actions, the colours' cells found once for all of them."""
    colours = masks(view["cells"])
    return [label(action, view, colours) for action in actions]


def label(action: Action, view: SortingView, colours: dict[str, int] | None = None) -> str:
    """`action` in words (`colours`: masks of the view's cells, if found already)."""
    if isinstance(action, Move):
        return move_label(action, view, colours or masks(view["cells"]))
    if isinstance(action, Pickup):
        name = NAMES[action.cell]
        colour = nut_at(view, name)
        size = flood(BITS[action.cell], (colours or masks(view["cells"]))[colour]).bit_count()
        if size == 1:
            return f"Pick up the lone {colour} nut at {name}"
        return f"Pick up the group of {size} {colour} nuts at {name}"
    if isinstance(action, Remove):
        name = NAMES[action.cell]
        colour = nut_at(view, name)
        owner = next(seat for seat in (0, 1) if colour in set_colours(set_of(view, seat)))
        whose = "yours" if owner == view["seat"] else f"{seat_name(owner)}'s"
        return f"Remove the {colour} nut from {name} ({whose})"
    if isinstance(action, Choose):
        return choice_label(action.choice, view)
    assert isinstance(action, Deal), action
    if action.colour == EMPTY:
        return f"Leave {NAMES[action.cell]} empty"
    return f"Deal a {COLOURS[action.colour]} nut to {NAMES[action.cell]}"


def move_label(move: Move, view: SortingView, colours: dict[str, int]) -> str:
    source, target = NAMES[move.source], NAMES[move.target]
    colour = nut_at(view, source)
    before, after = growth(colours[colour], move.source, move.target)
    return f"Move the {colour} nut from {source} to {target} (its group grows from {before} to {after})"


def growth(mask: int, source: int, target: int) -> tuple[int, int]:
    """The size of the group of the nut on `source` (`mask`: its colour's cells), and of its group once it stands
    on `target`."""
    return (flood(BITS[source], mask).bit_count(),
            flood(BITS[target], mask ^ BITS[source] | BITS[target]).bit_count())


def choice_label(choice: str, view: SortingView) -> str:
    if choice in SETS:
        return f"Take {listing(set_colours(choice))}"
    if view["colour_sets"][0] is None:  # the opening choice: the first move instead of a colour set
        return "Take the first move"
    if choice == "first":  # the placer answering a colour set (the option placer_chooses_order)
        return "Move first"
    return f"Let {seat_name(1 - mover(view))} move first"


# --- the seats -----------------------------------------------------------------------------------------
def panels(view: SortingView) -> list[Panel]:
    return [panel(view, seat) for seat in (0, 1)]


def panel(view: SortingView, seat: int) -> Panel:
    set_code = view["colour_sets"][seat]
    if set_code is None:
        return Panel(seat, seat_name(seat), score="no colours yet")
    held = list(view["cells"].values())
    holds = [(colour.capitalize(), counted_words(held.count(colour), view["groups"][colour]))
             for colour in set_colours(set_code)]
    if view["first"] is not None:
        holds.append(("Turn order", "moves first" if view["first"] == seat else "moves second"))
    return Panel(seat, seat_name(seat), colour=MARKER[set_code], score=sorted_words(view, seat),
                 holds=tuple(holds))


def counted_words(nuts: int, groups: int) -> str:
    """A colour's nuts and groups in words: "9 nuts in 2 groups", or "8 nuts in 1 group, sorted" once the colour is
    one group."""
    return f"{plural(nuts, 'nut')} in {plural(groups, 'group')}" + (", sorted" if groups == 1 else "")


def sorted_words(view: SortingView, seat: int) -> str:
    done = 3 - len(unsorted_colours(view, seat))
    return f"{done} of 3 colours sorted"


# --- the end -------------------------------------------------------------------------------------------
def score_table(view: SortingView) -> ScoreTable | None:
    if view.get("scores") is None:
        return None
    winners = list(view["winners"])
    rows = []
    for seat in (0, 1):
        result = "Won" if seat in winners else ("Draw" if not winners else "Lost")
        set_code = view["colour_sets"][seat]
        colours = listing(set_colours(set_code)) if set_code is not None else "none"
        rows.append((result, colours, sorted_words(view, seat), how(view, seat)))
    return ScoreTable(("Result", "Colours", "Sorted", "How"), tuple(rows), note=note(view),
                      winners=tuple(winners))


def how(view: SortingView, seat: int) -> str:
    split = unsorted_colours(view, seat)
    if split:
        return "still split: " + listing([f"{colour} in {view['groups'][colour]} groups" for colour in split])
    if view["turn"] == 0:
        return "one group of each colour as setup ended"
    return f"one group of each colour by turn {view['turn']}"


def note(view: SortingView) -> str:
    """Why the result is what it is, where the one sorted seat winning does not say it."""
    sorted_seats = [seat for seat in (0, 1) if not unsorted_colours(view, seat)]
    if len(sorted_seats) == 1 and sorted_seats == list(view["winners"]):
        return ""
    why = reason(view)
    text = f"{why[:1].upper()}{why[1:]}"
    if len(sorted_seats) == 2 and view["winners"]:
        text += f": this table gives the win to {seat_name(view['winners'][0])}"
    return text


def reason(view: SortingView, name: Callable[[int], str] = seat_name) -> str:
    """Why the game ended, each seat called by `name` (its placeholder unless given). The view says a win by
    sorting with the winner's default name ("Player 1 has one group in each of their colours", scoring.py): here
    the winner is named as the table names them."""
    end = view["end"] or ""
    winners = view.get("winners", [])
    if len(winners) == 1 and end == sorted_reason(winners[0]):
        return sorted_reason(winners[0], name)
    return end
