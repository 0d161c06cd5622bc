"""Nuts! in words, what its face says (face.py, core/face.py): what the seat to move must decide in each phase,
every action as a phrase, each seat's panel and the final table, all read from a view; seats are named by their
placeholders (core.seat_name), which the face fills with the names the table gives them.

Places are said as the rulebook's players say them: rows as the notation numbers them (row 0 the dispensers,
row 12 the Box Holders), columns 1 to 8, a conveyor tile by the two columns it spans. Nuts are named, not
coded ("2 almonds"). Bonus cards are named by number with their options' text from the component data, and
a seat's own hand appears as cards only in its own view; the others see how many it holds.

The view does not say which trucks each seat shipped, only its points and the turn it reached them, so the
panels and the final table give points and that turn (the tie-break).
"""

from __future__ import annotations

from functools import lru_cache

from nutbox.core import Action, Card, Panel, ScoreTable, Word, listing, plural, possessive, seat_name, with_article
from nutbox.games.nuts_factory.actions import (
    D8,
    DONE,
    FEED,
    PRODUCE,
    Build,
    Clear,
    DiscardCard,
    DiscardNut,
    DrawBonus,
    Exchange,
    Holder,
    Hunt,
    MoveMachine,
    MoveTile,
    Play,
    Roll,
    Ship,
    Spin,
    SpinBack,
    SquirrelTo,
    Take,
    columns,
    tile_does,
    tile_name,
)
from nutbox.games.nuts_factory.components import COMPONENTS, top_of
from nutbox.games.nuts_factory.turn import DIE_WORDS
from nutbox.games.nuts_factory.view import FactoryView

CODES = COMPONENTS.nut_codes
NAMES = COMPONENTS.nut_names
LIMITS = COMPONENTS.limits
# The board draws no pieces of the seats' own (the rulebook's Warehouse cards and score tokens come "in their
# color" without naming it), so these colours only mark the panels; none is a nut's colour on the board.
SEAT_COLOURS = ("#1c7ed6", "#e03131", "#7048e8", "#0ca678")
PENDING = {
    "spin-back": "choose the Box Holder to spin back a quarter turn",
    "move-squirrel": "choose where the Squirrel goes, up to 2 columns along his row",
    "move-machine": "choose which Salter or Roaster to move, and to which empty space of its row",
    "slide-far": "choose which conveyor tile slides along its row, and how far",
    "move-tile": "choose which conveyor tile to move, and where",
    "take-nut": "choose the Boxed Nut to take from the reserve",
    "exchange-nut": "choose which Boxed Nut in {your} Warehouse to exchange, and for which type",
}


def nuts(counts: dict[str, int]) -> str:
    """ "2 almonds and 1 peanut" from counts by nut code; "none" when there are none."""
    held = [plural(counts[code], name) for code, name in zip(CODES, NAMES, strict=True) if counts[code]]
    return listing(held) if held else "none"


def tile_at(view: FactoryView, row: int, col: int) -> str:
    """The name of the tile whose left half is at (row, 0-based col) in the view."""
    kind = next((tile["kind"] for tile in view["tiles"] if (tile["row"], tile["column"]) == (row, col + 1)), None)
    return tile_name(kind) if kind is not None else "conveyor tile"


def machine_at(view: FactoryView, row: int, col: int) -> str:
    kind = next((m["kind"] for m in view["machines"] if (m["row"], m["column"]) == (row, col + 1)), "machine")
    return str(kind).capitalize()


def box_after(view: FactoryView, col: int, back: bool) -> str:
    """The nut a quarter turn of the Box Holder in 0-based column `col` brings on top (a spin turns it
    clockwise, a turn back the other way), as the rules turn it."""
    if col >= len(view["holders"]):
        return ""
    holder = view["holders"][col]
    return f": {NAMES[top_of(holder['holder'] - 1, holder['turns'] + (-1 if back else 1))]} on top"


def card_text(card: int) -> str:
    first, second = COMPONENTS.bonus_cards[card - 1].options
    return f"first choice: {first.text}; second choice: {second.text}"


def option_text(card: int, option: int) -> str:
    return COMPONENTS.bonus_cards[card - 1].options[option].text


def truck_load(truck: int) -> str:
    counts = COMPONENTS.trucks[truck - 1].nuts
    return listing([plural(count, name) for name, count in zip(NAMES, counts, strict=True) if count])


# --- the decision --------------------------------------------------------------------------------------
def decision(view: FactoryView) -> str:
    phase, your = view["phase"], possessive(view)
    if not isinstance(view["to_move"], int):
        return {
            "setup": "place the Box Holders",
            "squirrel": "roll the squirrel die",
            "scamper": "roll the eight-sided die for the scampering Squirrel",
            "draw": "draw a bonus card for an Extra Delicious nut",
        }.get(phase, "nothing more: the game is over")
    if view["pending"]:
        return PENDING[view["pending"]].format(your=your)
    holding = view["hand_sizes"][view["current"]] > 0
    if phase == "config":
        left = view["actions_left"]
        if not left:
            return "play a bonus card or end the configuration"
        which = f"one of {your} {left} actions" if left > 1 else f"{your} last action"
        build = "build (a Splitter/Joiner too)" if view["splitters"] else "build"
        return (f"take {which}: {build}, clear, slide, spin, move a machine or feed the squirrel"
                + ("; or play a bonus card" if holding else ""))
    if phase == "hunt":
        return "choose which way the squirrel hunts: two Connecting Paths are equally close"
    if phase == "before-production":
        return "play a bonus card before the factory runs, or run it"
    if phase == "between-draws":
        return "play a bonus card before the discards are shuffled into a new deck, or draw the next card"
    if phase == "shipping":
        return shipping_decision(view, holding)
    assert phase == "cleanup", phase
    return cleanup_decision(view, your)


def shipping_decision(view: FactoryView, holding: bool) -> str:
    shipped, limit = view["shipped"], view["truck_limit"]
    if shipped >= limit:
        return "play a bonus card or end the shipping"
    if shipped:
        ship = "ship one more truck"
    elif limit > 1:
        ship = f"ship up to {limit} trucks"
    else:
        ship = "ship one truck"
    return ship + (", play a bonus card" if holding else "") + " or pass"


def cleanup_decision(view: FactoryView, your: str) -> str:
    seat = view["current"]
    extra_nuts = sum(view["warehouses"][seat].values()) - view["warehouse_limit"]
    extra_cards = view["hand_sizes"][seat] - LIMITS.bonus_hand
    parts = []
    if extra_nuts > 0:
        parts.append(f"discard {plural(extra_nuts, 'Boxed Nut')} from {your} Warehouse "
                     f"(down to {view['warehouse_limit']})")
    if extra_cards > 0:
        parts.append(f"play or discard {plural(extra_cards, 'bonus card')} (down to {LIMITS.bonus_hand})")
    return listing(parts) if parts else "finish the cleanup"


# --- the actions ---------------------------------------------------------------------------------------
def label(action: Action, view: FactoryView) -> str:
    if isinstance(action, FLOOR_ACTIONS):
        return floor_label(action, view)
    if isinstance(action, Word):
        return word_label(action, view)
    if isinstance(action, Hunt):
        to = view["squirrel"] + (1 if action.direction == "right" else -1)
        return f"Send the Squirrel {action.direction}, to column {to}"
    if isinstance(action, Play):
        return f"Play bonus card {action.card}: {option_text(action.card, action.option)}"
    if isinstance(action, SquirrelTo):
        return f"Move the Squirrel to column {action.col + 1}"
    if isinstance(action, Take):
        return f"Take a boxed {NAMES[action.nut]} from the reserve"
    if isinstance(action, Exchange):
        get = NAMES[action.get]
        return f"Exchange a boxed {NAMES[action.give]} for {with_article(get)}"
    if isinstance(action, Ship):
        points = COMPONENTS.trucks[action.truck - 1].points
        return f"Ship truck {action.truck} for {points} points: {truck_load(action.truck)}"
    if isinstance(action, DiscardNut):
        return f"Discard a boxed {NAMES[action.nut]}"
    if isinstance(action, DiscardCard):
        return f"Discard bonus card {action.card} ({card_text(action.card)})"
    return chance_label(action)


FLOOR_ACTIONS = (Build, Clear, MoveTile, Spin, SpinBack, MoveMachine)


def floor_label(action: Build | Clear | MoveTile | Spin | SpinBack | MoveMachine, view: FactoryView) -> str:
    """What an action on the factory floor changes there."""
    if isinstance(action, Build):
        return build_label(action)
    if isinstance(action, Clear):
        return f"Clear the {tile_at(view, action.row, action.col)} at row {action.row}, {columns(action.col)}"
    if isinstance(action, MoveTile):
        return move_tile_label(action, view)
    if isinstance(action, Spin):
        return f"Spin the Box Holder in column {action.col + 1}{box_after(view, action.col, back=False)}"
    if isinstance(action, SpinBack):
        return f"Spin the Box Holder in column {action.col + 1} back{box_after(view, action.col, back=True)}"
    machine = machine_at(view, action.row, action.col)
    verb = "Slide" if abs(action.to_col - action.col) == 1 else "Move"
    return f"{verb} the {machine} in row {action.row} from column {action.col + 1} to column {action.to_col + 1}"


@lru_cache(maxsize=4096)  # a build reads the same in every view
def build_label(action: Build) -> str:
    name = tile_name(action.kind)
    where = f"row {action.row}, {columns(action.col)}"
    does = "" if name == "Cross tile" else f" ({tile_does(action.kind, action.col)})"
    return f"Build a {name} at {where}{does}"


def move_tile_label(action: MoveTile, view: FactoryView) -> str:
    name = tile_at(view, action.row, action.col)
    start = f"row {action.row}, {columns(action.col)}"
    if action.to_row == action.row:
        step = action.to_col - action.col
        if abs(step) == 1:
            return f"Slide the {name} at {start} one column to the {'left' if step < 0 else 'right'}"
        return f"Slide the {name} at {start} along its row to {columns(action.to_col)}"
    return f"Move the {name} at {start} to row {action.to_row}, {columns(action.to_col)}"


def word_label(action: Word, view: FactoryView) -> str:
    if action == FEED:
        return "Feed the Squirrel: he naps this turn and lets the nuts pass"
    if action == PRODUCE:
        return "Run the factory"
    assert action == DONE, action
    if view["phase"] == "shipping":
        return "Finish shipping" if view["shipped"] else "Ship nothing this turn"
    if view["phase"] == "between-draws":
        return "Draw the next bonus card"
    left = view["actions_left"]
    return f"End the configuration ({plural(left, 'action')} unused)" if left else "End the configuration"


def chance_label(action: Action) -> str:
    """What chance decided, for a table that shows it."""
    if isinstance(action, Holder):
        return f"Box Holder {action.holder + 1} goes under the next column, turned {plural(action.turns, 'quarter')}"
    if isinstance(action, Roll):
        return f"The squirrel die shows {DIE_WORDS[action.face]}"
    if isinstance(action, D8):
        return f"The eight-sided die sends the Squirrel to column {action.col + 1}"
    assert isinstance(action, DrawBonus), action
    return f"Draw bonus card {action.card}"


# --- the seats -----------------------------------------------------------------------------------------
def panels(view: FactoryView) -> list[Panel]:
    return [panel(view, seat) for seat in range(view["players"])]


def panel(view: FactoryView, seat: int) -> Panel:
    holds = [("Warehouse", nuts(view["warehouses"][seat]))]
    count = view["hand_sizes"][seat]
    if "hands" in view:  # the game is over: every hand is face up
        shown = listing([str(card) for card in view["hands"][seat]])
        holds.append(("Bonus cards", f"{count} (card{'s' if count > 1 else ''} {shown})" if count else "0"))
    else:
        holds.append(("Bonus cards", str(count)))
    if view["phase"] != "over" and seat == view["current"] and view["warehouse_limit"] != LIMITS.warehouse:
        holds.append(("Warehouse limit this turn", str(view["warehouse_limit"])))
    cards: tuple[Card, ...] = ()
    if view["seat"] == seat:
        hand = view["hand"] if "hand" in view else view["hands"][seat]
        cards = tuple(Card(f"Bonus card {card}", card_text(card)) for card in hand)
    return Panel(seat, seat_name(seat), colour=SEAT_COLOURS[seat], score=str(view["points"][seat]),
                 holds=tuple(holds), cards=cards)


# --- the end -------------------------------------------------------------------------------------------
def score_table(view: FactoryView) -> ScoreTable | None:
    if view.get("scores") is None:
        return None
    rows = tuple((f"{score:g}", reached_words(view, seat)) for seat, score in enumerate(view["scores"]))
    return ScoreTable(("Points", "Reached on"), rows, note=tie_note(view),
                      winners=tuple(view["winners"]))


def reached_words(view: FactoryView, seat: int) -> str:
    return f"turn {view['reached'][seat]}" if view["points"][seat] else "no points"


def tie_note(view: FactoryView) -> str:
    """How a tie on the most points was broken: whoever reached that score first (rulebook, Ending the Game)."""
    best = max(view["points"])
    tied = [seat for seat, points in enumerate(view["points"]) if points == best]
    if len(tied) < 2:
        return ""
    names = listing([seat_name(seat) for seat in tied])
    if not best:
        return f"Nobody shipped a truck: {names} share the win"
    winners = listing([seat_name(seat) for seat in view["winners"]])
    if len(view["winners"]) > 1:
        return f"{names} tie on {best} points, reached on the same turn: they share the win"
    return (f"{names} tie on {best} points; {winners} reached it first "
            f"(turn {view['reached'][view['winners'][0]]}) and wins")
