"""Nut Hunt in words (core/words.py, for face.py): what the seat to move decides, each action as a phrase, every
seat's panel and the final score table, all read from a view so that they tell nobody more than the view does.
Seats are named by `seat_name` (a placeholder the face fills with the table's names), the Automa by its own.

What is public (rulebook): the forest, the nuts ("Are what Nuts I have public knowledge? Yes"), the nests
and so their 2 points each, how many objectives each player holds, and in the solo game the Automa's face-up
starting hand. The objectives in a hand stay secret until the end, so a panel's score is the nests' points
plus the number of secret objectives still to be scored.
"""

from __future__ import annotations

from collections import Counter

from nutbox.core import Action, Card, Panel, ScoreTable, listing, plural, possessive, seat_name
from nutbox.games.nut_hunt import scoring
from nutbox.games.nut_hunt.actions import (
    Discard,
    Draw,
    Forage,
    Hassle,
    Keep,
    Pass,
    Place,
    PlaceTile,
    Recruit,
    Roll,
    Scatter,
    Scout,
    Trade,
)
from nutbox.games.nut_hunt.components import (
    AUTOMA_OWNER,
    COMPONENTS,
    FORAGE_HASSLE,
    FORAGE_SETUP,
    NEST_SIZE,
    NUM_CELLS,
    SCOUTED,
    Tile,
    direction_name,
    layout,
)
from nutbox.games.nut_hunt.view import Breakdown, HuntView, ObjectiveScore

# the owners' colours as fill (the board draws its pieces in them), with a text colour that reads on it
OWNER_FILL = {
    "yellow": ("#fcc419", "#000"),
    "blue": ("#1c7ed6", "#fff"),
    "white": ("#f8f9fa", "#000"),
    "green": ("#37b24d", "#fff"),
    "red": ("#e03131", "#fff"),
    "black": ("#212529", "#fff"),
}

TILES = COMPONENTS.tiles
TILE_OF_CODE = COMPONENTS.tile_of_code
NUT_NAMES = COMPONENTS.nut_names
CHANCE_STEPS = {
    "layout": "lay out the forest",
    "deal": "deal the objectives",
    "roll": "roll the fox die",
    "scout-draw": "draw the objectives to scout",
    "automa-deal": "deal the Automa its objectives",
    "automa-draw": "reveal the Automa's next objective",
}


# --- small pieces ------------------------------------------------------------------------------------------
def owner_name(view: HuntView, owner: int) -> str:
    """An owner of pieces: "the Automa" in the solo game, else the seat (a placeholder for its name)."""
    return "the Automa" if view["solo"] and owner == AUTOMA_OWNER else seat_name(owner)


def name_of(code: str) -> str:
    return TILES[TILE_OF_CODE[code]].name


def nuts_phrase(nuts: tuple[int, ...]) -> str:
    """"2 acorns", "1 walnut and 1 pine nut"."""
    counts = Counter(nuts)
    return listing([plural(counts[nut], NUT_NAMES[nut]) for nut in sorted(counts)])


def nut_choice(nuts: tuple[int, ...]) -> str:
    """What a tile forages: "acorns or hazelnuts"."""
    return " or ".join(NUT_NAMES[nut] + "s" for nut in nuts)


def route(card: int) -> str:
    a, b = COMPONENTS.objectives[card - 1].ends
    return f"{TILES[a].name} to {TILES[b].name}"


def distance_bonus(view: HuntView, card: int) -> int | None:
    """The bonus a completed objective adds on this forest; None while the forest is still being laid."""
    if len(view["layout"]) < NUM_CELLS:
        return None
    forest = layout(tuple(TILE_OF_CODE[code] for code in view["layout"]))
    a, b = COMPONENTS.objectives[card - 1].ends
    return scoring.distance_bonus(forest, a, b)


def worth(view: HuntView, card: int) -> str:
    """"4 points + 2 for distance" (the bonus once the forest is known)."""
    points = COMPONENTS.objectives[card - 1].points
    bonus = distance_bonus(view, card)
    if bonus is None:
        return f"{points} points + a distance bonus"
    return f"{points} points + {bonus} for distance" if bonus else f"{points} points"


def brief(view: HuntView, card: int) -> str:
    """An objective in one breath: "#12 (Mouse Meadow to Hickory Haunt, 4 points + 2 for distance)"."""
    return f"#{card} ({route(card)}, {worth(view, card)})"


def objective_card(view: HuntView, card: int) -> Card:
    a, b = (TILES[end].name for end in COMPONENTS.objectives[card - 1].ends)
    text = (f"Join {a} and {b} with a chain of your squirrels or nests with a nest on it: {worth(view, card)}; "
            f"{scoring.FAILED_PENALTY} if not done at the end")
    return Card(f"Objective #{card}: {a} to {b}", text)


def squirrels_on_board(view: HuntView, owner: int) -> int:
    return sum(counts["squirrels"][owner] for counts in view["board"].values())


def seat_to_move(view: HuntView) -> int | None:
    to_move = view["to_move"]
    return to_move if isinstance(to_move, int) else None


def forage_words(tile: Tile) -> str:
    """What a tile forages, for a board: "acorn or walnut", "any nut"."""
    if len(set(tile.forage)) == len(NUT_NAMES):
        return "any nut"
    return " or ".join(NUT_NAMES[nut] for nut in tile.forage)


def cost_words(tile: Tile) -> str:
    """What recruiting on a tile costs, for a board: "2 hazelnuts, walnut", "one of each nut"; "" for none."""
    if len(set(tile.cost)) == len(NUT_NAMES) == len(tile.cost):
        return "one of each nut"
    counts = Counter(tile.cost)
    return ", ".join(plural(counts[nut], NUT_NAMES[nut]) if counts[nut] > 1 else NUT_NAMES[nut] for nut in counts)


def owner_points(view: HuntView, owner: int) -> int:
    """An owner's score on the board: the final total once the game is over, else the public nests' points."""
    if "breakdown" in view:
        return view["breakdown"][owner]["total"]
    return scoring.NEST_POINTS * view["nest_counts"][owner]


def owner_score(view: HuntView, owner: int) -> str:
    """"4 points + 2 secret objectives" (before the end a hand is secret, the Automa's face up), "12 points"."""
    points = plural(owner_points(view, owner), "point")
    if "breakdown" in view:
        return points
    if owner < view["players"]:
        held = view["hand_sizes"][owner]
        return f"{points} + {plural(held, 'secret objective')}" if held else points
    held = len(view["automa_hand"])
    return f"{points} + {plural(held, 'objective')} face up" if held else points


def owner_pieces(view: HuntView, owner: int) -> str:
    """"2 nests, 3 squirrels": an owner's pieces on the board."""
    return f"{plural(view['nest_counts'][owner], 'nest')}, {plural(squirrels_on_board(view, owner), 'squirrel')}"


# --- the decision ------------------------------------------------------------------------------------------
def decision(view: HuntView) -> str:
    seat = seat_to_move(view)
    if seat is None:
        return chance_step(view)
    your = possessive(view)
    if view["frames"]:
        frame = view["frames"][-1]
        left = min(frame["owed"][seat], view["board"][frame["tile"]]["squirrels"][seat])
        still = f" ({left} still to go)" if left > 1 else ""
        return f"choose where to scatter one of {your} squirrels from {name_of(frame['tile'])}{still}"
    phase = view["phase"]
    if phase == "discard":
        held = view["hand_sizes"][seat]
        return f"choose which {held - 1} of {your} {held} objectives to keep"
    if phase == "place":
        return f"choose a starting tile for {your} next squirrel, then forage {FORAGE_SETUP} nuts there"
    if phase == "forage":
        forage = view["forage"]
        assert forage is not None  # the view shows the forage under way
        if forage["then"] == "end-turn":  # after hassling the fox: the rulebook's "may Forage for 1 Nut"
            return f"choose a nut to forage from {name_of(forage['tile'])}, or none"
        return f"choose {plural(forage['count'], 'nut')} to forage from {name_of(forage['tile'])}"
    if phase == "keep":
        looking = view["looking_count"]
        if looking == 1:
            return f"choose whether to keep {your} scouted objective"
        return f"choose which of {your} {looking} scouted objectives to keep, if any"
    return "recruit a squirrel, hassle the fox, scout an objective or pass"


def chance_step(view: HuntView) -> str:
    """What chance does next, or that nothing is left to do (for a table that asks anyway)."""
    if view["to_move"] == "terminal":
        return "see the final scores: the game is over"
    if view["frames"]:
        return f"roll the fox die to scatter the Automa's squirrel from {name_of(view['frames'][-1]['tile'])}"
    return CHANCE_STEPS[view["phase"]]


# --- the actions -------------------------------------------------------------------------------------------
def label(action: Action, view: HuntView) -> str:
    seat = seat_to_move(view)
    if isinstance(action, Trade):
        return f"Trade 3 {NUT_NAMES[action.give]}s for 1 {NUT_NAMES[action.get]}"
    if isinstance(action, Discard):
        kept = [card for card in view.get("hand", []) if card != action.card]
        keeping = f"; keep {listing([f'#{card}' for card in kept])}" if kept else ""
        return f"Put objective {brief(view, action.card)} under the deck{keeping}"
    if isinstance(action, Keep):
        if action.card:
            return f"Keep objective {brief(view, action.card)}"
        if view["looking_count"] == 1:
            return "Keep none: the scouted objective goes under the deck"
        return "Keep none: both scouted objectives go under the deck"
    if isinstance(action, Forage):
        if not action.nuts:
            return "Forage nothing: leave the nut"
        return f"Forage {nuts_phrase(action.nuts)}"
    if isinstance(action, Place):
        tile = TILES[action.tile]
        return f"Place a squirrel on {tile.name} (it forages {nut_choice(tile.forage)})"
    if isinstance(action, Scatter):
        frame = view["frames"][-1] if view["frames"] else None
        start = f" from {name_of(frame['tile'])}" if frame else ""
        return f"Scatter a squirrel{start} to {TILES[action.tile].name}{nest_note(view, seat, action.tile)}"
    if isinstance(action, Recruit):
        tile = TILES[action.tile]
        return f"Recruit a squirrel at {tile.name} for {nuts_phrase(tile.cost)}{nest_note(view, seat, action.tile)}"
    if isinstance(action, Hassle):
        return hassle_label(view, action.tile)
    if isinstance(action, Scout):
        return f"Scout: look at the top {SCOUTED} objectives and keep up to 1"
    if isinstance(action, Pass):
        return "Pass: end the turn without an optional action"
    return chance_label(action)


def nest_note(view: HuntView, seat: int | None, tile: int) -> str:
    """", building a nest" when a squirrel arriving there makes three of the seat's."""
    if seat is None:
        return ""
    return ", building a nest" if view["board"][TILES[tile].code]["squirrels"][seat] == NEST_SIZE - 1 else ""


def hassle_label(view: HuntView, tile: int) -> str:
    target = TILES[tile]
    there = sum(view["board"][target.code]["squirrels"])
    scatter = f"; {plural(there, 'squirrel')} there scatter" if there else ""
    return f"Hassle the fox onto {target.name} and forage up to {FORAGE_HASSLE} of its {nut_choice(target.forage)}" \
           f"{scatter}"


def chance_label(action: Action) -> str:
    if isinstance(action, PlaceTile):
        return f"Lay {TILES[action.tile].name} in the next cell"
    if isinstance(action, Draw):
        return f"Draw objective #{action.card}"
    assert isinstance(action, Roll)
    return f"Roll a {action.face} ({direction_name(COMPONENTS.compass[action.face - 1])})"


# --- the panels --------------------------------------------------------------------------------------------
def panels(view: HuntView) -> list[Panel]:
    return [panel(view, seat) for seat in range(view["players"])]


def panel(view: HuntView, seat: int) -> Panel:
    over = "scores" in view
    nests = view["nest_counts"][seat]
    held = len(view["hands"][seat]) if over else view["hand_sizes"][seat]
    if over:
        score = f"{view['scores'][seat]:g}"
    else:
        secret = f" + {plural(held, 'secret objective')}" if held else ""
        score = f"{scoring.NEST_POINTS * nests}{secret}"
    have = view["nuts"][seat]
    nuts = [plural(have[code], NUT_NAMES[nut]) for nut, code in enumerate(COMPONENTS.nut_codes) if have[code]]
    holds = [
        ("Nuts", ", ".join(nuts) or "none"),
        ("Squirrels on the board", str(squirrels_on_board(view, seat))),
        ("Nests", str(nests)),
        ("Objectives in hand", str(held)),
    ]
    if view["looking_count"] and view["current"] == seat:
        holds.append(("Scouting", plural(view["looking_count"], "objective")))
    if view["solo"]:
        holds += automa_holds(view)
    return Panel(seat, seat_name(seat), OWNER_FILL[view["owners"][seat]["colour"]][0], score, tuple(holds),
                 tuple(objective_card(view, card) for card in own_cards(view, seat)))


def own_cards(view: HuntView, seat: int) -> list[int]:
    """The seat's objectives, shown only in its own view (at the end every hand is in the view)."""
    if view["seat"] != seat:
        return []
    return list(view["hands"][seat] if "hands" in view else view.get("hand", []))


def automa_holds(view: HuntView) -> list[tuple[str, str]]:
    """Solo: the Automa is no seat, so its public pieces and face-up cards go on the player's panel."""
    pieces = [plural(squirrels_on_board(view, AUTOMA_OWNER), "squirrel"),
              plural(view["nest_counts"][AUTOMA_OWNER], "nest")]
    holds = [("The Automa on the board", listing(pieces)),
             ("The Automa's objectives", ", ".join(brief(view, card) for card in view["automa_hand"]) or "none")]
    if view["revealed"]:
        holds.append(("The Automa's turn cards", ", ".join(f"#{card}" for card in view["revealed"])))
    return holds


# --- the end -----------------------------------------------------------------------------------------------
# (no column for the seat: the table and the terminal put each seat's name in front of its row)
COLUMNS = ("Nests", "Objectives", "Distance bonus", "Failed objectives", "Total")


def score_table(view: HuntView) -> ScoreTable | None:
    if "scores" not in view:
        return None
    rows = tuple(score_row(view["breakdown"][seat]) for seat in range(view["players"]))
    return ScoreTable(COLUMNS, rows, result_note(view), tuple(view["winners"]))


def score_row(parts: Breakdown) -> tuple[str, ...]:
    done = [result for result in parts["objectives"] if result["complete"]]
    failed = [result for result in parts["objectives"] if not result["complete"]]
    base = sum(COMPONENTS.objectives[result["card"] - 1].points for result in done)
    bonus = sum(result["points"] for result in done) - base
    return (
        f"{parts['nest_points']} ({plural(parts['nests'], 'nest')})",
        f"{base}{cards_in(done)}",
        str(bonus),
        f"{sum(result['points'] for result in failed)}{cards_in(failed)}",
        str(parts["total"]),
    )


def cards_in(results: list[ObjectiveScore]) -> str:
    numbers = ", ".join(f"#{result['card']}" for result in results)
    return f" ({numbers})" if results else ""


def result_note(view: HuntView) -> str:
    """How the winner was decided, when the totals alone do not say it; in solo, always against the Automa."""
    parts = view["breakdown"]
    names = [owner_name(view, owner) for owner in range(len(view["owners"]))]
    notes = []
    if view["solo"]:
        automa = parts[AUTOMA_OWNER]
        done = [f"#{result['card']}" for result in automa["objectives"] if result["complete"]]
        notes.append(f"The Automa scored {automa['total']}: {plural(automa['nests'], 'nest')}, objectives "
                     f"completed: {listing(done) if done else 'none'}.")
    best = max(part["total"] for part in parts)
    tied = [owner for owner, part in enumerate(parts) if part["total"] == best]
    result = view["result"]
    if len(tied) > 1:
        tie = f"{listing([names[owner] for owner in tied])} tie on {best} points; "
        notes.append(sentence(tie + tie_break(parts, tied, result, names)))
    elif view["solo"]:
        notes.append(sentence(f"{names[result[0]]} wins on points."))
    return " ".join(notes)


def sentence(text: str) -> str:
    """The owners' names start with "the" for the Automa; a sentence starts with a capital."""
    return text[:1].upper() + text[1:]


def tie_break(parts: list[Breakdown], tied: list[int], result: list[int], names: list[str]) -> str:
    """The rulebook's "Resolving ties": most nests, then most squirrels, then a shared victory."""
    winners = listing([names[owner] for owner in result])
    if len(result) > 1:
        return f"{winners} have as many nests and squirrels and share the victory."
    nests, squirrels = [part["nests"] for part in parts], [part["squirrels"] for part in parts]
    for per_owner, what in ((nests, "nests"), (squirrels, "squirrels on the board")):
        counts = sorted((per_owner[owner] for owner in tied), reverse=True)
        if counts[0] > counts[1]:
            return f"{winners} wins with the most {what} ({counts[0]} to {counts[1]})."
        tied = [owner for owner in tied if per_owner[owner] == counts[0]]
    raise AssertionError("a single winner among tied owners must lead on nests or squirrels")
