"""In the Nuts! in words, for people (core/words.py): what the seat to move decides, each action as a phrase,
each player's panel and the final score table.

Everything is read from a view, never from a state. Nothing in this game is secret, so every panel shows
the same: the points held now (filled cards their value, other stored nuts one each), the squirrels in
the supply and on the board, the storage cards and the jokers kept for later.
"""

from __future__ import annotations

from nutbox.core import Action, Panel, ScoreTable, listing, plural, possessive, seat_name, with_article
from nutbox.games.in_the_nuts.actions import (
    KEEP,
    ROLL,
    STOP,
    Dice,
    Draw,
    Place,
    Preplace,
    Steal,
    Store,
    StoreKept,
    Take,
    kind_code,
    section_label,
)
from nutbox.games.in_the_nuts.components import COMPONENTS, kind_name
from nutbox.games.in_the_nuts.view import NutsView, StorageCard, read_task

# each seat's squirrels as the board draws them: (fill, ink)
PLAYER_FILL = (("#e03131", "#fff"), ("#1c7ed6", "#fff"), ("#f8f9fa", "#000"), ("#212529", "#fff"))

NUT_NAME = dict(zip(COMPONENTS.nut_codes, COMPONENTS.nut_names, strict=True))
KIND_OF_CODE = {kind_code(kind): kind for kind in range(len(COMPONENTS.kinds))}
NUMBER = {2: "two", 3: "three", 4: "four"}


# --- reading the view ----------------------------------------------------------------------------------------
def open_spaces(view: NutsView) -> list[int]:
    """The empty starting spaces the rolled dice offer (green plus either white)."""
    if view["dice"] is None:
        return []
    green, low, high = view["dice"]
    return sorted({space for space in (green + low, green + high) if view["track"][str(space)] is None})


def task_kind(view: NutsView) -> int:
    """The kind of nut card the first task is about (a store task's detail)."""
    return read_task(view["tasks"][0])[2]


def on_track(view: NutsView, seat: int) -> int:
    return sum(owner == seat for owner in view["track"].values())


# --- the decision --------------------------------------------------------------------------------------------
def decision(view: NutsView) -> str:
    your = possessive(view)
    if view["tasks"]:
        what, _, detail = read_task(view["tasks"][0])
        if what == "take":
            return take_prompt(view, detail, your)
        if what == "steal":
            return steal_prompt(view)
        if what == "store":
            return store_prompt(view, detail, your)
        return f"refill face-up nut {detail + 1} from the draw pile"
    phase = view["phase"]
    if phase == "preplace":
        total = COMPONENTS.preplace[view["current"]]
        which = f" (squirrel {view['step'] + 1} of {total})" if total > 1 else ""
        return f"put one of {your} squirrels into a section of the 2-squirrel area{which}"
    if phase == "place":
        return f"place a squirrel on space {' or '.join(str(space) for space in open_spaces(view))}"
    if phase == "decide":
        count = on_track(view, view["current"])
        squirrels = f"{your} squirrel" if count == 1 else f"{your} {count} squirrels"
        return f"stop and push {squirrels} up, or roll again"
    # no seat decides at chance or at the end; words all the same, for a table that asks there
    return {"faceup": "deal the face-up nuts", "deal": "deal each player a nut", "dice": "roll the dice",
            "collect": "collect nuts", "final": "make the last picks"}.get(phase, "nothing: the game is over")


def take_prompt(view: NutsView, mask: int, your: str) -> str:
    slots = [slot for slot in range(COMPONENTS.slots) if mask >> slot & 1]
    if len(slots) == COMPONENTS.slots:
        which = "any face-up nut"
    else:
        which = "face-up nut " + " or ".join(str(slot + 1) for slot in slots if view["faceup"][slot] is not None)
    if view["phase"] == "final":
        return f"take {which} for four of {your} squirrels at the end of the game"
    area, section = view["cursor"]  # the section collecting: the walk stays there until its tasks are done
    need = NUMBER[COMPONENTS.need[area - 2]]
    if area == 4:
        where = "in the 4-squirrel area"
    elif (COMPONENTS.area2 if area == 2 else COMPONENTS.area3)[section].raccoon:
        where = f"on the raccoon field of the {area}-squirrel area (a theft follows)"
    elif area == 2:
        where = f"in section {section_label(section)}"
    else:
        where = "in the 3-squirrel area"
    return f"take {which} for {your} {need} squirrels {where}"


def steal_prompt(view: NutsView) -> str:
    guarded = view["david"]
    guard = "" if guarded is None else f" (David guards {seat_name(guarded)})"
    return f"choose a nut to steal from another player's storage card{guard}"


def store_prompt(view: NutsView, kind: int, your: str) -> str:
    prompt = f"choose one of {your} storage cards for the {kind_name(kind)}"
    phase, storer = view["phase"], read_task(view["tasks"][0])[1]
    keeps = phase == "collect" or (phase == "deal" and view["first_joker"] == "keep")
    if len(COMPONENTS.kinds[kind]) == 2 and keeps:
        prompt += ", or keep it for later"
    kept = sum(count for code, count in view["kept"][storer].items() if fits(view, storer, code))
    if phase == "collect" and kept:
        prompt += f"; {your} kept {'joker' if kept == 1 else 'jokers'} may go on a card first"
    return prompt


def fits(view: NutsView, seat: int, code: str) -> bool:
    """Whether a card of this kind (its code) fits one of the seat's storage cards: not full, and empty or holding
    one of its nuts."""
    return any(not card["filled"] and card["nut"] in (None, *code) for card in view["storage"][seat])


# --- the actions ---------------------------------------------------------------------------------------------
def label(action: Action, view: NutsView) -> str:
    if isinstance(action, Place):
        return f"Place a squirrel on space {action.space}"
    if action == STOP:
        return "Stop and push your squirrels up"
    if action == ROLL:
        return "Roll the dice again"
    if action == KEEP:
        return f"Keep the {kind_name(task_kind(view))} for later"
    if isinstance(action, Preplace):
        return f"Put a squirrel into section {section_label(action.section)}"
    if isinstance(action, Take):
        code = view["faceup"][action.slot]
        card = "empty" if code is None else f"the {kind_name(KIND_OF_CODE[code])}"
        return f"Take face-up nut {action.slot + 1}: {card}"
    if isinstance(action, Steal):
        code = view["storage"][action.victim][action.card]["nut"]
        nut = "nut" if code is None else NUT_NAME[code]
        return f"Steal {with_article(nut)} from {seat_name(action.victim)}'s storage card {action.card + 1}"
    if isinstance(action, Store):
        return store_label(action, view)
    if isinstance(action, StoreKept):
        return store_label(action, view)
    if isinstance(action, Dice):
        return f"Green {action.green}, white {action.low} and {action.high}"
    if isinstance(action, Draw):
        return f"Draw {with_article(kind_name(action.kind))}"
    raise TypeError(f"{action!r} is not an action of In the Nuts!")


def store_label(action: Store | StoreKept, view: NutsView) -> str:
    """The nut (or the kept joker) and the card it goes on, and what that card then holds."""
    storer = read_task(view["tasks"][0])[1]
    nut = COMPONENTS.nut_names[action.nut]
    if isinstance(action, StoreKept):
        what = f"a kept {kind_name(action.kind)} as {with_article(nut)}"
    elif len(COMPONENTS.kinds[task_kind(view)]) == 1:
        what = f"the {nut}"
    else:
        what = f"the joker as {with_article(nut)}"
    card = view["storage"][storer][action.card]
    count, capacity = card["nuts"] + card["jokers"], card["capacity"]
    if count + 1 == capacity:
        after = f"fills it: {card['points']} points"
    elif count:
        after = f"{count + 1} of {capacity}"
    else:
        after = f"empty, holds {capacity}"
    return f"Store {what} on storage card {action.card + 1} ({after})"


# --- the players ---------------------------------------------------------------------------------------------
def card_words(number: int, card: StorageCard) -> str:
    """A storage card in use: "card 3: 2 of 3 hazelnuts (1 joker among them)", or filled, with its points."""
    assert card["nut"] is not None, "an empty storage card is not described"
    nuts = NUT_NAME[card["nut"]] + "s"
    if card["filled"]:
        return f"card {number}: {card['capacity']} {nuts}, {card['points']} points"
    jokers = f" ({plural(card['jokers'], 'joker')} among them)" if card["jokers"] else ""
    return f"card {number}: {card['nuts'] + card['jokers']} of {card['capacity']} {nuts}{jokers}"


def panels(view: NutsView) -> list[Panel]:
    return [panel(view, seat) for seat in range(view["players"])]


def panel(view: NutsView, seat: int) -> Panel:
    board = (on_track(view, seat) + sum(counts[seat] for counts in view["area2"])
             + sum(counts[seat] for counts in view["area3"]) + view["area4"][seat])
    cards = list(enumerate(view["storage"][seat], 1))
    filled = [card_words(number, card) for number, card in cards if card["filled"]]
    started = [card_words(number, card) for number, card in cards if card["nut"] and not card["filled"]]
    holds = [("Squirrels in the supply", str(view["supply"][seat])),
             ("Squirrels on the board", str(board)),
             ("Filled storage cards", "; ".join(filled) or "none"),
             ("Storage cards being filled", "; ".join(started) or "none")]
    kept = view["kept"][seat]
    if kept:
        holds.append(("Jokers kept", listing([f"{plural(count, 'joker')} ({NUT_NAME[code[0]]} or {NUT_NAME[code[1]]})"
                                              for code, count in kept.items()])))
    if view["david"] == seat:
        holds.append(("David the raccoon", "guards them: no one may steal from them"))
    return Panel(seat, seat_name(seat), PLAYER_FILL[seat][0], str(view["points"][seat]), tuple(holds))


# --- the end -------------------------------------------------------------------------------------------------
COLUMNS = ("Filled cards (points)", "Nuts on unfilled cards (a point each)", "Total points",
           "Best filled card (points)")


def score_table(view: NutsView) -> ScoreTable | None:
    if view.get("scores") is None:
        return None
    rows, totals, best = [], [], []
    for cards in view["storage"]:
        filled = [card["points"] for card in cards if card["filled"]]
        loose = sum(card["nuts"] + card["jokers"] for card in cards if not card["filled"])
        totals.append(sum(filled) + loose)
        best.append(max(filled, default=0))
        rows.append((" + ".join(str(points) for points in filled) or "none", str(loose), str(totals[-1]),
                     str(best[-1]) if filled else "none"))
    winners = tuple(view["winners"])
    return ScoreTable(COLUMNS, tuple(rows), tie_note(totals, best, winners), winners)


def tie_note(totals: list[int], best: list[int], winners: tuple[int, ...]) -> str:
    """How a tie on points was broken (the most valuable filled card), or that it was shared."""
    top = max(totals)
    tied = [seat for seat, total in enumerate(totals) if total == top]
    if len(tied) < 2:
        return ""
    head = f"{listing([seat_name(seat) for seat in tied])} tie on {plural(top, 'point')}"
    card = max(best[seat] for seat in tied)
    if list(winners) == tied:
        if not card:
            return f"{head} and none of them has filled a card: they share the win"
        return f"{head} and on their most valuable filled card ({card} points): they share the win"
    names = listing([seat_name(seat) for seat in winners])
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"{head}; {names} {verb} with the most valuable filled card ({card} points)"
